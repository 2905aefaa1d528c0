"""/api/symbology: every card symbol with an SVG Tolaria draws itself, and parse-mana."""

from __future__ import annotations

import re
from urllib.parse import quote

from django.http import HttpRequest, HttpResponse
from ninja import Router

from tolaria.cards._mana import ManaCostError, parse_mana_cost

from . import _symbols
from ._objects import error, json_response
from ._schemas import ErrorOut, ManaCostOut, SymbolListOut

router = Router(tags=["symbology"])
_LOOSE = re.compile(r"\d+|[A-Z]")


def _file_name(text: str) -> str:
    return text.replace("/", "")


def _by_file_name() -> dict[str, str]:
    return {_file_name(t): t for t in _symbols.symbol_texts()}


@router.get("", response=SymbolListOut, summary="Every card symbol, with an SVG of it")
def symbology(request: HttpRequest):
    data = [
        _symbols.symbol_object(t, request.build_absolute_uri(f"/api/symbology/svg/{quote(_file_name(t))}.svg"))
        for t in _symbols.symbol_texts()
    ]
    return json_response({"object": "list", "has_more": False, "data": data})


@router.get("/svg/{name}.svg", summary="A card symbol's image (SVG)", response={200: str, 404: ErrorOut})
def symbol_image(request: HttpRequest, name: str):
    text = _by_file_name().get(name.upper() if name.isascii() else name)
    svg = _symbols.symbol_svg(text) if text else None
    if svg is None:
        return error(404, "not_found", f"No symbol {name!r} (or its font is not installed).")
    return HttpResponse(svg, content_type="image/svg+xml")


def _normalise(cost: str) -> str:
    """Scryfall reads loose costs too: "2GG" is {2}{G}{G}."""
    cost = cost.strip().upper()
    if "{" in cost:
        return cost
    if not re.fullmatch(r"[0-9A-Z ]+", cost):
        return cost  # not loose: parse_mana_cost says what is wrong
    return "".join("{" + t + "}" for t in _LOOSE.findall(cost))


@router.get(
    "/parse-mana",
    response={200: ManaCostOut, 400: ErrorOut},
    summary="Read a mana cost (braced or loose, such as 2GG)",
)
def parse_mana(request: HttpRequest, cost: str):
    text = _normalise(cost)
    try:
        symbols = parse_mana_cost(text)
    except ManaCostError as exc:
        return error(400, "bad_request", f"cannot read the mana cost {cost!r}: {exc}")
    if not symbols:
        return error(400, "bad_request", "the mana cost is empty")
    known = set(_symbols.symbol_texts())
    unknown = [str(s) for s in symbols if s.text not in known]
    if unknown:
        return error(400, "bad_request", f"unknown mana symbol {unknown[0]} in {cost!r}")
    colors = sorted({c for s in symbols for c in s.colors}, key="WUBRG".index)
    return json_response(
        {
            "object": "mana_cost",
            "cost": "".join(str(s) for s in symbols),
            "cmc": float(sum(s.mana_value for s in symbols)),
            "colors": colors,
            "colorless": not colors,
            "monocolored": len(colors) == 1,
            "multicolored": len(colors) > 1,
        }
    )
