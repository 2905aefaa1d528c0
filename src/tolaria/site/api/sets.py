"""/api/sets: the sets of the loaded data as Scryfall's set objects, their icons drawn by Tolaria."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from ninja import Router

from tolaria.cards import CardSet
from tolaria.site.catalog.repository import arena_set_codes, corpus_version, printings_per_set, sets_newest_first
from tolaria.site.collections.services import set_codes
from tolaria.site.scryfall import set_id

from . import _symbols
from ._objects import error
from ._render import respond
from ._schemas import ErrorOut, SetListOut, SetOut

router = Router(tags=["sets"])


def _absolute(request: HttpRequest | None, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


def block_codes(rows) -> dict[str, str]:
    """A block's code, as Scryfall gives it (`block_code`; the Khans of Tarkir block is ktk): MTGJSON names
    a set's block but gives it no code, so it is the code of the block's first set, the earliest
    released of its sets that are no other set's part (a promo set released days before its parent,
    pisd before isd, is not first); ties by code."""
    first: dict[str, tuple[str, str]] = {}
    for row in rows:
        block = row.block
        if block and not row.parent_code:
            first[block] = min(
                first.get(block, (row.released_at or "9999", row.code)), (row.released_at or "9999", row.code)
            )
    return {block: code for block, (_, code) in first.items()}


def arena_codes() -> dict[str, str]:
    """Each set's code on MTG Arena (Scryfall's `arena_code`), for the sets with a card on Arena (an
    Arena id in the data) or an Arena code of their own: the decklist readers' derivation
    (tolaria.decks.set_codes: Dominaria is DAR)."""

    codes = set_codes()
    on_arena = arena_set_codes()
    return {code: codes.arena_code(code) for code in {*on_arena, *codes.arena}}


@dataclass(frozen=True)
class _SetTable:
    """What every set route reads of all the sets, built once per corpus version (a worker sees the sets
    an ingest in another process wrote): the rows newest first, their printings counted, the block and
    Arena codes, and the ways to name a set other than its code."""

    rows: list[CardSet]
    printed: dict[str, int]
    blocks: dict[str, str]
    arena: dict[str, str]
    by_code: dict[str, CardSet]
    by_id: dict[str, CardSet]
    by_tcgplayer: dict[int, CardSet]


def _table() -> _SetTable:
    return _table_of(corpus_version())


@functools.lru_cache(maxsize=1)
def _table_of(version: int) -> _SetTable:
    rows = sets_newest_first()
    printed = printings_per_set()
    by_tcgplayer: dict[int, CardSet] = {}
    for row in rows:
        group = row.tcgplayer_id
        if group is not None:
            by_tcgplayer.setdefault(group, row)
    return _SetTable(
        rows=rows,
        printed=printed,
        blocks=block_codes(rows),
        arena=arena_codes(),
        by_code={r.code: r for r in rows},
        by_id={set_id(r.code): r for r in rows},
        by_tcgplayer=by_tcgplayer,
    )


def set_object(
    request: HttpRequest | None,
    row: CardSet,
    printed: int,
    blocks: dict[str, str] | None = None,
    arena: dict[str, str] | None = None,
) -> dict:
    code = row.code
    out = {
        "object": "set",
        "id": set_id(code),
        "code": code,
        "name": row.name,
        "uri": _absolute(request, f"/api/sets/{set_id(code)}"),
        "scryfall_uri": _absolute(request, "/search?" + urlencode({"q": f"e:{code}", "unique": "prints"})),
        "search_uri": _absolute(
            request,
            "/api/cards/search?"
            + urlencode({"include_extras": "true", "order": "set", "q": f"e:{code}", "unique": "prints"}),
        ),
        "icon_svg_uri": _absolute(request, f"/api/sets/{code}/icon.svg"),
        "set_type": row.set_type,
        "released_at": row.released_at or None,
        "card_count": printed,
        "digital": bool(row.digital),
        "foil_only": bool(row.foil_only),
        "nonfoil_only": bool(row.nonfoil_only),
        "tolaria_total_set_size": row.card_count,
    }
    optional = {
        "arena_code": (arena or {}).get(code),
        "block_code": (blocks or {}).get(row.block or ""),
        "block": row.block,
        "parent_set_code": row.parent_code,
        "mtgo_code": row.mtgo_code,
        "tcgplayer_id": row.tcgplayer_id,
        "printed_size": row.printed_size,
    }
    out.update({k: v for k, v in optional.items() if v})
    return out


@router.get("", response=SetListOut, summary="Every set, newest first")
def sets(request: HttpRequest):
    table = _table()
    data = [set_object(request, r, table.printed.get(r.code, 0), table.blocks, table.arena) for r in table.rows]
    return respond(request, {"object": "list", "has_more": False, "data": data})


def _set_row(code_or_id: str) -> CardSet | None:
    table, key = _table(), code_or_id.lower()
    return table.by_code.get(key) or (table.by_id.get(key) if len(key) == 36 else None)


def _one(request: HttpRequest, row: CardSet | None, what: str):
    if row is None:
        return error(404, "not_found", f"No set found with {what}.")
    table = _table()
    return respond(request, set_object(request, row, table.printed.get(row.code, 0), table.blocks, table.arena))


@router.get("/tcgplayer/{id}", response={200: SetOut, 404: ErrorOut}, summary="One set by its TCGplayer group id")
def set_by_tcgplayer(request: HttpRequest, id: int):
    return _one(request, _table().by_tcgplayer.get(id), f"the TCGplayer group id {id}")


@router.get(
    "/{code}/icon.svg", summary="The set's symbol (SVG, from the keyrune font)", response={200: str, 404: ErrorOut}
)
def set_icon(request: HttpRequest, code: str):
    row = _set_row(code)
    if row is None:
        return error(404, "not_found", f"No set found with the code {code!r}.")
    svg = _symbols.set_icon_svg(row.code, row.keyrune_code)
    if svg is None:
        return error(404, "not_found", f"The symbol font has no icon for the set {code!r}.")
    return HttpResponse(svg, content_type="image/svg+xml")


@router.get("/{code}", response={200: SetOut, 404: ErrorOut}, summary="One set by its code or id")
def one_set(request: HttpRequest, code: str):
    return _one(request, _set_row(code), f"the code or id {code!r}")
