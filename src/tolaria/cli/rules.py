"""`tolaria rules …`: the Comprehensive Rules.

tolaria rules 702.19                 the rule and its subrules
tolaria rules glossary trample       a glossary entry
tolaria rules ingest PATH | --latest store an edition of the Comprehensive Rules
tolaria rules diff 2025-11-14 2026-02-27
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from . import _site
from ._registry import CommandError, arg, command

if TYPE_CHECKING:
    from tolaria.rules import RuleBook


@command(
    "rules",
    "the Comprehensive Rules: a rule, a glossary term, ingest an edition, diff two editions",
    arg("words", nargs="+", metavar="NUMBER|glossary TERM|ingest PATH|diff OLD NEW"),
    arg("--latest", action="store_true", help="with ingest: download the current edition from Wizards"),
    arg("--edition", help="with a rule number: a stored edition (YYYY-MM-DD) instead of the shipped one"),
    arg("--rules-page", default=None, help=argparse.SUPPRESS),
    description="tolaria rules NUMBER | glossary TERM | ingest PATH | ingest --latest | diff OLD_DATE NEW_DATE",
)
def cmd_rules(args: argparse.Namespace) -> int:
    words = args.words
    action = words[0].lower()
    if action == "glossary":
        if len(words) < 2:
            raise CommandError("usage: tolaria rules glossary TERM")
        return rules_glossary(" ".join(words[1:]))
    if action == "ingest":
        if args.latest == (len(words) > 1):
            raise CommandError("usage: tolaria rules ingest PATH  or  tolaria rules ingest --latest")
        return rules_ingest(words[1] if len(words) > 1 else None, latest=args.latest, page=args.rules_page)
    if action == "diff":
        if len(words) != 3:
            raise CommandError("usage: tolaria rules diff OLD_DATE NEW_DATE (dates of stored editions, YYYY-MM-DD)")
        return rules_diff(words[1], words[2])
    if len(words) != 1:
        raise CommandError(f"unknown rules command {words[0]!r}: give a rule number, glossary, ingest or diff")
    return rules_show(words[0], args.edition)


def rules_show(number: str, edition: str | None = None) -> int:
    if edition:
        _site.setup_django()
        from tolaria.site.catalog.editions import edition as stored_edition

        try:
            book = stored_edition(edition)
        except LookupError as exc:
            raise CommandError(str(exc)) from None
    else:
        from tolaria.rules import shipped_rulebook

        book = shipped_rulebook()
    if number not in book:
        nearest = ", ".join(r.number for r in book.nearest(number))
        raise CommandError(f"there is no rule {number} (CR of {book.effective_date}). Nearest: {nearest}")
    for rule in book.subtree(number):
        depth = {"section": 0, "rule": 0, "numbered": 1, "subrule": 2}.get(rule.level, 0)
        pad = "  " * depth
        head = f"{rule.number}. {rule.title}" if rule.title else rule.number
        body = rule.text if rule.text else ""
        print(textwrap.fill(f"{head} {body}".rstrip(), width=100, initial_indent=pad, subsequent_indent=pad + "    "))
        for example in rule.examples:
            print(
                textwrap.fill(
                    f"Example: {example}", width=100, initial_indent=pad + "    ", subsequent_indent=pad + "    "
                )
            )
    return 0


def rules_glossary(term: str) -> int:
    _site.setup_django()  # close_terms lives in the site's API module, which needs settings to import
    from tolaria.rules import shipped_rulebook
    from tolaria.site.api.rules import close_terms

    book = shipped_rulebook()
    entry = book.glossary_entry(term)
    if entry is None:
        close = close_terms(book, term)
        hint = f" Close terms: {', '.join(close)}." if close else ""
        raise CommandError(f"no glossary entry for {term!r}.{hint}")
    print(entry.term + (" (obsolete)" if entry.obsolete and "obsolete" not in entry.term.lower() else ""))
    for paragraph in entry.definition.split("\n"):
        print(textwrap.fill(paragraph, width=100, initial_indent="  ", subsequent_indent="  "))
    if entry.see_rules:
        print("  Rules: " + ", ".join(entry.see_rules))
    if entry.see_also:
        print("  See also: " + ", ".join(entry.see_also))
    return 0


def rules_ingest(path: str | None, *, latest: bool, page: str | None = None) -> int:
    _site.setup_django()
    _site.migrate()
    from tolaria.rules import decode_rules, fetch_rules_text, latest_rules_url
    from tolaria.site.catalog import editions as rules_editions

    if latest or path is None:  # the command gives a path exactly when --latest is not given
        url = latest_rules_url(page)
        print(f"Downloading {url}", file=sys.stderr)
        text, source = fetch_rules_text(url), url
    else:
        source = str(Path(path).resolve())
        text = decode_rules(Path(path).read_bytes())
    book, outcome = rules_editions.store(text, source)
    verb = {"stored": "Stored", "updated": "Updated", "unchanged": "Already stored"}[outcome]
    print(
        f"{verb}: Comprehensive Rules effective {book.effective_date.isoformat()} "
        f"({len(book.rules):,} rules, {len(book.glossary):,} glossary terms)."
    )
    return 0


def _stored_book(date_text: str) -> RuleBook:
    from tolaria.site.catalog.editions import edition  # Django is set up by now

    try:
        return edition(date_text)
    except LookupError as exc:  # not a date, or no edition stored for it
        raise CommandError(str(exc)) from None


def _marked(words: Iterable[tuple[str, str]]) -> str:
    out = []
    for op, text in words:
        out.append(text if op == "equal" else f"[-{text}-]" if op == "delete" else f"{{+{text}+}}")
    return "".join(out)


def rules_diff(old_date: str, new_date: str) -> int:
    _site.setup_django()
    _site.migrate()
    from tolaria.rules import diff_rulebooks

    old, new = _stored_book(old_date), _stored_book(new_date)
    d = diff_rulebooks(old, new)
    print(f"Comprehensive Rules {old.effective_date} → {new.effective_date}")
    if d.empty:
        print("No differences.")
        return 0

    def one_line(text: str) -> str:
        return " ".join(text.split())

    sections = (  # (heading, one line per difference)
        ("Added", [f"+ {r.number} {one_line(r.full_text)}" for r in d.added]),
        ("Removed", [f"- {r.number} {one_line(r.full_text)}" for r in d.removed]),
        ("Changed", [f"~ {c.number} {one_line(_marked(c.words))}" for c in d.changed]),
        ("Glossary added", [f"+ {e.term}: {one_line(e.definition)}" for e in d.glossary_added]),
        ("Glossary removed", [f"- {e.term}" for e in d.glossary_removed]),
        ("Glossary changed", [f"~ {c.term}: {one_line(_marked(c.words))}" for c in d.glossary_changed]),
    )
    for heading, lines in sections:
        if lines:
            print(f"\n{heading} ({len(lines)}):")
            print("\n".join("  " + line for line in lines))
    return 0
