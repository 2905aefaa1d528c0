"""`tolaria search QUERY`: Scryfall syntax, printed as a table or as Scryfall's list object.

tolaria search "t:creature o:trample c:g mv<=3" [--unique prints] [--order mv] [--dir desc] [--page 2]
               [--multilingual] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import urllib.parse
from typing import Any

from tolaria.search import NoMatch, QueryError, QuerySyntaxError, SearchRequest, find_cards

from . import _site
from ._registry import CommandError, arg, command


@command(
    "search",
    "search cards with Scryfall syntax and print a table",
    arg("query"),
    arg("--unique", default="cards", choices=("cards", "prints", "art")),
    arg("--order", default="name", help="name, set, released, rarity, color, usd, eur, tix, mv (cmc), power, …"),
    arg("--dir", default="auto", choices=("auto", "asc", "desc")),
    arg("--page", type=int, default=1),
    arg("--multilingual", action="store_true", help="the printings in every language too"),
    arg("--json", action="store_true", help="print Scryfall's list object"),
)
def cmd_search(args: argparse.Namespace) -> int:
    if args.page < 1:
        raise CommandError("--page counts from 1")
    _site.setup_django()
    # the site's modules after Django is set up (their models need it)
    from tolaria.site.scryfall import list_object
    from tolaria.site.stores.card_index import current_index

    request = SearchRequest(
        args.query,
        unique=args.unique,
        order=args.order,
        direction=args.dir,
        page=args.page,
        multilingual=args.multilingual,
    )
    try:
        result = find_cards(current_index(), request)
    except QueryError as exc:
        return _failed(exc, as_json=args.json)
    if args.json:
        next_page = _api_search_uri(request, result.page + 1) if result.has_more else None
        print(json.dumps(list_object(None, result, next_page), indent=2, ensure_ascii=False))
        return 0
    print(search_table(result))
    return 0


def _api_search_uri(request: SearchRequest, page: int) -> str:
    """The API's address of another page of the same search (the list object's next_page)."""
    params: dict[str, Any] = {"q": request.query, "unique": request.unique, "order": request.order}
    params.update(dir=request.direction, page=page)
    if request.multilingual:
        params["include_multilingual"] = "true"
    return "/api/cards/search?" + urllib.parse.urlencode(params)


def _failed(exc: QueryError, *, as_json: bool) -> int:
    """Report a search that cannot answer; the exit code: 1 when no card matches, 2 for a bad query."""
    from tolaria.site.scryfall import query_error_object  # Django is set up by now

    code = 1 if isinstance(exc, NoMatch) else 2
    if as_json:
        body = {k: v for k, v in query_error_object(exc).items() if k != "caret"}
        body.setdefault("warnings", [])
        print(json.dumps(body, indent=2, ensure_ascii=False))
    elif isinstance(exc, NoMatch):
        for w in exc.warnings:
            print(f"warning: {w}")
        print("No cards match." if "past the last page" not in str(exc) else str(exc))
    else:
        print(f"tolaria: {query_error_object(exc)['details']}", file=sys.stderr)
        if isinstance(exc, QuerySyntaxError):
            print(textwrap.indent(exc.caret, "    "), file=sys.stderr)
    return code


def search_table(result: Any) -> str:
    """Explanation and warnings, then name | mana cost | type line | set | number, then the page line."""
    from tolaria.site.catalog.repository import load_cards, load_printings  # Django is set up by now

    cards = load_cards(result.oracle_ids)
    printings = load_printings(result.printing_ids, other_languages=True)  # a search answers them
    rows = []
    for pid, oid in zip(result.printing_ids, result.oracle_ids):
        card, printing = cards.get(oid), printings.get(pid)
        if card is None:
            continue
        rows.append(
            (
                card.name,
                card.mana_cost,
                card.type_line,
                printing.set_code.upper() if printing else "",
                printing.collector_number if printing else "",
            )
        )
    lines = [f"Searching {result.explanation}."] if result.explanation else []
    lines += [f"warning: {w}" for w in result.warnings]
    header = ("Name", "Mana cost", "Type line", "Set", "Number")
    widths = [max(len(header[i]), *(len(r[i]) for r in rows)) if rows else len(header[i]) for i in range(5)]
    widths = [min(w, limit) for w, limit in zip(widths, (45, 24, 45, 6, 8))]

    def fmt(row) -> str:
        cells = [(c if len(c) <= w else c[: w - 1] + "…").ljust(w) for c, w in zip(row, widths)]
        return "  ".join(cells).rstrip()

    lines += [fmt(header), "  ".join("-" * w for w in widths)]
    lines += [fmt(r) for r in rows]
    pages = (result.total + result.page_size - 1) // result.page_size
    noun = {"prints": "printings", "art": "artworks"}.get(result.unique, "cards")
    lines.append(
        f"{result.total:,} {noun} · page {result.page} of {pages} · sorted by {result.order} {result.direction}"
    )
    return "\n".join(lines)
