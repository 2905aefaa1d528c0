"""/api/symbology: every card symbol with an SVG Tolaria draws itself, and parse-mana."""

from __future__ import annotations

import re
from urllib.parse import quote

from django.http import HttpRequest, HttpResponse
from ninja import Router

from tolaria.cards import ManaCostError, ManaSymbol, parse_mana_cost

from . import _symbols
from ._objects import error
from ._render import respond
from ._schemas import ErrorOut, ManaCostOut, SymbolListOut

router = Router(tags=["symbology"])


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
    return respond(request, {"object": "list", "has_more": False, "data": data})


@router.get("/svg/{name}.svg", summary="A card symbol's image (SVG)", response={200: str, 404: ErrorOut})
def symbol_image(request: HttpRequest, name: str):
    text = _by_file_name().get(name.upper() if name.isascii() else name)
    svg = _symbols.symbol_svg(text) if text else None
    if svg is None:
        return error(404, "not_found", f"No symbol {name!r} (or its font is not installed).")
    return HttpResponse(svg, content_type="image/svg+xml")


_TOKEN = re.compile(r"\{[^{}]*\}|\d+|\S")
_WHEEL = "WUBRG"


def _normalise(cost: str) -> str:
    """Scryfall reads loose costs too, braced or not, in any order and case: "2GG" is {2}{G}{G} and
    2{g}2 is {4}{G} (parse-mana's page). Symbols are braced here; parse_mana_cost says what is wrong."""
    tokens = _TOKEN.findall(cost.strip().upper())
    return "".join(t if t.startswith("{") else "{" + t + "}" for t in tokens)


def _wheel(colors: set[str]) -> list[str]:
    """Colors as cards print them: the shortest walk around the color wheel (W, U, B, R, G), one step
    apart for neighbours ({G}{W}, {W}{U}{B}), two for the rest ({G}{U}, {U}{R}{W}, {W}{B}{G})."""
    for step in (1, 2):
        for start in range(len(_WHEEL)):
            walk = [_WHEEL[(start + i * step) % len(_WHEEL)] for i in range(len(colors))]
            if set(walk) == colors:
                return walk
    return [c for c in _WHEEL if c in colors]


def _ordered(symbols: list[ManaSymbol]) -> list[str]:
    """A cost "correctly ordered" (parse-mana's page): X, Y, Z; the generic symbols summed into one;
    hybrid, Phyrexian and half symbols in /symbology's order; the colored symbols in printed order
    (`_wheel`); then {C} and {S}."""
    texts = [s.text for s in symbols]
    generic = [t for t in texts if t.isdigit()]
    rank = {t: i for i, t in enumerate(_symbols.symbol_texts())}
    colors = {t: i for i, t in enumerate(_wheel({t for t in texts if t in _WHEEL}))}
    tail = {"C": 1, "S": 2}

    def key(t: str) -> tuple[int, int]:
        if t in colors:
            return (1, colors[t])
        if t in tail:
            return (2, tail[t])
        return (0, rank.get(t, len(rank)))

    rest = sorted((t for t in texts if not t.isdigit() and t not in ("X", "Y", "Z")), key=key)
    out = sorted(t for t in texts if t in ("X", "Y", "Z"))
    total = sum(int(t) for t in generic)
    if total or (generic and not rest and not out):
        out.append(str(total))
    return out + rest


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
    return respond(
        request,
        {
            "object": "mana_cost",
            "cost": "".join("{" + t + "}" for t in _ordered(symbols)),
            "cmc": float(sum(s.mana_value for s in symbols)),
            "colors": colors,
            "colorless": not colors,
            "monocolored": len(colors) == 1,
            "multicolored": len(colors) > 1,
        },
    )
