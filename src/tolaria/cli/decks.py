"""`tolaria deck FILE`: read a decklist as the deck importer reads it, check it against a format, or
write it in another tool's format.

tolaria deck my.dek --format modern          # the deck by zone, then whether it is legal and why not
tolaria deck list.txt --to moxfield          # the same deck as Moxfield's text (arena, mtgo, mtgo_dek, ...)
cat list.txt | tolaria deck - --json         # the reading as JSON (zones, unknown names, problems)

Exit code: 0 when the deck was read and (with --format) is legal, 1 when it is not legal or names cards
the data does not know, 2 when the file cannot be read. Nothing is stored.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tolaria import decks

from . import _site
from ._registry import CommandError, arg, command

# what `--to` accepts: the writers of tolaria.decks (text and the tools' own formats, CSVs included)
EXPORT_KINDS = ("text", "arena", "mtgo", "mtgo_dek", "moxfield", "archidekt", *decks.CSV_COLUMNS)


@dataclass
class ReadDeck:
    """A decklist read against the card data: its entries (unknown names kept as written) and what the
    reading could not place."""

    parsed: decks.ParsedList
    entries: list[decks.Entry] = field(default_factory=list)
    unknown: list[tuple[decks.ParsedLine, list[str]]] = field(default_factory=list)  # line, suggestions


@command(
    "deck",
    "read a decklist file: check it against a format, or write it in another tool's format",
    arg(
        "file",
        help="a decklist in any format the importer reads (text, Arena, MTGO .txt/.dek, Moxfield, CSV); - for stdin",
    ),
    arg("--format", default="", help=f"check it against this format: {', '.join(k for k in decks.FORMATS if k)}"),
    arg("--to", choices=EXPORT_KINDS, help="print the deck in this format instead of the check"),
    arg("--json", action="store_true", help="print the reading as JSON"),
)
def cmd_deck(args: argparse.Namespace) -> int:
    if args.format and args.format not in decks.FORMATS:
        raise CommandError(f"no format {args.format!r}; choose one of {', '.join(k for k in decks.FORMATS if k)}")
    text = decks.decode_decklist(_read_bytes(args.file))
    _site.setup_django()
    read = read_deck(text)
    if args.to:
        sys.stdout.write(_exported(read.entries, args.to))
        return 1 if read.parsed.errors else 0
    # a name the data does not know cannot be judged; it is listed apart (and the exit code says so)
    known = [e for e in read.entries if not e.unresolved]
    validation = decks.validate(known, args.format) if args.format else None
    if args.json:
        print(json.dumps(_as_json(read, validation), indent=2, ensure_ascii=False))
    else:
        print(_as_text(read, validation))
    return 0 if _is_clean(read, validation) else 1


def _read_bytes(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    file = Path(path)
    if not file.is_file():
        raise CommandError(f"no decklist file at {path}")
    return file.read_bytes()


def read_deck(text: str) -> ReadDeck:
    """The decklist read as the site's importer reads it: names found in the data (folded, Arena's and
    MTGO's spellings), zones as written, printings kept as written; unknown names with suggestions."""
    # the site's modules after Django is set up (their models need it)
    from tolaria.site.catalog.repository import load_cards
    from tolaria.site.collections.services.cards import set_codes
    from tolaria.site.collections.services.decklist_import import resolve_lines

    parsed = decks.parse_decklist(text, set_codes=set_codes())
    resolved, unresolved = resolve_lines(parsed.lines)
    oracle_ids = {id(line): oid for line, oid in resolved}  # a ParsedLine is not hashable
    cards = load_cards(oracle_ids.values())
    read = ReadDeck(parsed, unknown=unresolved)
    for line in parsed.lines:
        zone = decks.COMMANDER if line.commander_hint else line.zone
        oid = oracle_ids.get(id(line))
        if oid is None:
            read.entries.append(
                decks.unresolved_entry(
                    line.name,
                    line.quantity,
                    zone,
                    set_code=line.set_code,
                    collector_number=line.collector_number,
                    finish=line.finish,
                    tags=line.tags,
                )
            )
            continue
        read.entries.append(
            decks.Entry(
                cards[oid],
                line.quantity,
                zone,
                finish=line.finish,
                tags=line.tags,
                cat_id=line.cat_id,
                set_code=line.set_code,
                collector_number=line.collector_number,
            )
        )
    return read


def _exported(entries: list[decks.Entry], kind: str) -> str:
    written = decks.export_deck(entries, kind)
    return written if written.endswith("\n") else written + "\n"


def _is_clean(read: ReadDeck, validation: decks.Validation | None) -> bool:
    return not read.parsed.errors and not read.unknown and (validation is None or validation.legal)


def _zone_rows(read: ReadDeck) -> list[tuple[str, list[decks.Entry]]]:
    return [
        (z, [e for e in read.entries if e.zone == z]) for z in decks.ZONES if any(e.zone == z for e in read.entries)
    ]


def _as_text(read: ReadDeck, validation: decks.Validation | None) -> str:
    out = [f"Read {read.parsed.phrase}" + (f": {read.parsed.name}" if read.parsed.name else "") + "."]
    for zone, entries in _zone_rows(read):
        out.append(f"\n{decks.ZONE_LABELS[zone]} ({sum(e.quantity for e in entries)})")
        for e in sorted(entries, key=lambda e: e.card.name):
            mark = "  (no such card in the data)" if e.unresolved else ""
            out.append(f"  {e.quantity} {e.card.name}{mark}")
    for line, suggestions in read.unknown:
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        out.append(f"Line {line.line_number}: no card named {line.name!r}.{hint}")
    out.extend(read.parsed.errors + read.parsed.warnings)
    if validation is not None:
        out.append("\n" + validation.summary)
        out.extend(f"  - {p.message}" for p in validation.problems)
    return "\n".join(out)


def _as_json(read: ReadDeck, validation: decks.Validation | None) -> dict:
    body: dict = {
        "format_read": read.parsed.kind,
        "name": read.parsed.name,
        "zones": {
            zone: [
                {"quantity": e.quantity, "name": e.card.name, "oracle_id": e.card.oracle_id or None}
                for e in sorted(entries, key=lambda e: e.card.name)
            ]
            for zone, entries in _zone_rows(read)
        },
        "unknown": [
            {"line": line.line_number, "name": line.name, "suggestions": suggestions}
            for line, suggestions in read.unknown
        ],
        "errors": read.parsed.errors,
        "warnings": read.parsed.warnings,
    }
    if validation is not None:
        body["legality"] = {
            "format": validation.format.key,
            "legal": validation.legal,
            "summary": validation.summary,
            "problems": [{"code": p.code, "message": p.message, "card": p.card or None} for p in validation.problems],
        }
    return body
