"""`tolaria search QUERY`: Scryfall syntax, printed as a table or as Scryfall's list object.

tolaria search "t:creature o:trample c:g mv<=3" [--unique prints] [--order mv] [--dir desc] [--page 2] [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
import urllib.parse
from typing import Any

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
    arg("--json", action="store_true", help="print Scryfall's list object"),
)
def cmd_search(args: argparse.Namespace) -> int:
    _site.setup_django()
    from tolaria.site.api import _cards_data as data
    from tolaria.site.api._objects import list_object

    if args.page < 1:
        raise CommandError("--page counts from 1")
    result = data.do_search(args.query, unique=args.unique, order=args.order, direction=args.dir, page=args.page)
    if isinstance(result, data.SearchFailure):
        if result.status == 404 and not args.json:
            for w in result.warnings:
                print(f"warning: {w}")
            print("No cards match." if "past the last page" not in result.details else result.details)
            return 1
        if args.json:
            print(
                json.dumps(
                    {
                        "object": "error",
                        "code": result.code,
                        "status": result.status,
                        "details": result.details,
                        "warnings": result.warnings,
                        **{k: v for k, v in result.extra.items() if k != "caret"},
                    },
                    indent=2,
                    ensure_ascii=False,
                )
            )
            return 2 if result.status == 400 else 1
        print(f"tolaria: {result.details}", file=sys.stderr)
        if "caret" in result.extra:
            print(textwrap.indent(result.extra["caret"], "    "), file=sys.stderr)
        return 2
    if args.json:
        next_page = None
        if result.has_more:
            params = {
                "q": args.query,
                "unique": args.unique,
                "order": args.order,
                "dir": args.dir,
                "page": result.page + 1,
            }
            next_page = "/api/cards/search?" + urllib.parse.urlencode(params)
        print(json.dumps(list_object(None, result, next_page), indent=2, ensure_ascii=False))
        return 0
    print(search_table(result))
    return 0


def search_table(result: Any) -> str:
    """Explanation and warnings, then name | mana cost | type line | set | number, then the page line."""
    from tolaria.site.api._objects import load_cards, load_printings

    cards = load_cards(result.oracle_ids)
    printings = load_printings(result.printing_ids)
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
