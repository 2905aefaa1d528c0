"""Commands over search, rules, tags and knowledge, kept apart from the data commands in cli.py.

tolaria search "t:creature o:trample c:g mv<=3" [--unique prints] [--order mv] [--dir desc] [--page 2] [--json]
tolaria rules 702.19                 the rule and its subrules
tolaria rules glossary trample       a glossary entry
tolaria rules ingest PATH | --latest store an edition of the Comprehensive Rules
tolaria rules diff 2025-11-14 2026-02-27
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import textwrap
import urllib.error
import urllib.parse
import urllib.request

RULES_ACTIONS = ("glossary", "ingest", "diff")


def register(sub, command, CommandError, django_setup, migrate) -> None:
    ctx = _Context(CommandError, django_setup, migrate)

    p = sub.add_parser("search", help="search cards with Scryfall syntax and print a table")
    p.add_argument("query")
    p.add_argument("--unique", default="cards", choices=("cards", "prints", "art"))
    p.add_argument(
        "--order", default="name", help="name, set, released, rarity, color, usd, eur, tix, mv (cmc), power, …"
    )
    p.add_argument("--dir", default="auto", choices=("auto", "asc", "desc"))
    p.add_argument("--page", type=int, default=1)
    p.add_argument("--json", action="store_true", help="print Scryfall's list object")
    command("search")(lambda args: cmd_search(args, ctx))

    p = sub.add_parser(
        "rules",
        help="the Comprehensive Rules: a rule, a glossary term, ingest an edition, diff two editions",
        description="tolaria rules NUMBER | glossary TERM | ingest PATH | ingest --latest | diff OLD_DATE NEW_DATE",
    )
    p.add_argument("words", nargs="+", metavar="NUMBER|glossary TERM|ingest PATH|diff OLD NEW")
    p.add_argument("--latest", action="store_true", help="with ingest: download the current edition from Wizards")
    p.add_argument("--edition", help="with a rule number: a stored edition (YYYY-MM-DD) instead of the shipped one")
    p.add_argument("--rules-page", default=None, help=argparse.SUPPRESS)
    command("rules")(lambda args: cmd_rules(args, ctx))


class _Context:
    def __init__(self, error, django_setup, migrate) -> None:
        self.Error = error
        self.django = django_setup
        self.migrate = migrate


# --- search ---------------------------------------------------------------------------------------


def cmd_search(args, ctx: _Context) -> int:
    ctx.django()
    from tolaria.site.api import _cards_data as data
    from tolaria.site.api._objects import list_object

    if args.page < 1:
        raise ctx.Error("--page counts from 1")
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


def search_table(result) -> str:
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


# --- rules ----------------------------------------------------------------------------------------


def cmd_rules(args, ctx: _Context) -> int:
    words = args.words
    action = words[0].lower()
    if action == "glossary":
        if len(words) < 2:
            raise ctx.Error("usage: tolaria rules glossary TERM")
        return rules_glossary(" ".join(words[1:]), ctx)
    if action == "ingest":
        if args.latest == (len(words) > 1):
            raise ctx.Error("usage: tolaria rules ingest PATH  or  tolaria rules ingest --latest")
        return rules_ingest(words[1] if len(words) > 1 else None, ctx, latest=args.latest, page=args.rules_page)
    if action == "diff":
        if len(words) != 3:
            raise ctx.Error("usage: tolaria rules diff OLD_DATE NEW_DATE (dates of stored editions, YYYY-MM-DD)")
        return rules_diff(words[1], words[2], ctx)
    if len(words) != 1:
        raise ctx.Error(f"unknown rules command {words[0]!r}: give a rule number, glossary, ingest or diff")
    return rules_show(words[0], ctx, args.edition)


def rules_show(number: str, ctx: _Context, edition: str | None = None) -> int:
    if edition:
        ctx.django()
        from tolaria.site.rules_editions import edition as stored_edition

        try:
            book = stored_edition(edition)
        except LookupError as exc:
            raise ctx.Error(str(exc)) from None
    else:
        from tolaria.rules import shipped_rulebook

        book = shipped_rulebook()
    if number not in book:
        nearest = ", ".join(r.number for r in book.nearest(number))
        raise ctx.Error(f"there is no rule {number} (CR of {book.effective_date}). Nearest: {nearest}")
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


def rules_glossary(term: str, ctx: _Context) -> int:
    from tolaria.rules import shipped_rulebook
    from tolaria.site.api.rules import close_terms

    book = shipped_rulebook()
    entry = book.glossary_entry(term)
    if entry is None:
        close = close_terms(book, term)
        hint = f" Close terms: {', '.join(close)}." if close else ""
        raise ctx.Error(f"no glossary entry for {term!r}.{hint}")
    print(entry.term + (" (obsolete)" if entry.obsolete and "obsolete" not in entry.term.lower() else ""))
    for paragraph in entry.definition.split("\n"):
        print(textwrap.fill(paragraph, width=100, initial_indent="  ", subsequent_indent="  "))
    if entry.see_rules:
        print("  Rules: " + ", ".join(entry.see_rules))
    if entry.see_also:
        print("  See also: " + ", ".join(entry.see_also))
    return 0


def _rules_request(url: str) -> urllib.request.Request:
    from tolaria.cards._download import USER_AGENT

    return urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "*/*"})


_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"']+?\.txt)(?:\?[^"']*)?["']""", re.IGNORECASE)


def latest_rules_url(page_url: str | None = None, timeout: float = 60.0) -> str:
    """The address of the current Comprehensive Rules .txt, read from Wizards' rules page."""
    from tolaria.cards._download import CR_LATEST_PAGE, DownloadError

    page_url = page_url or CR_LATEST_PAGE
    try:
        with urllib.request.urlopen(_rules_request(page_url), timeout=timeout) as response:
            html = response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        raise DownloadError(f"could not read the rules page {page_url}: {exc}") from None
    links = _TXT_LINK.findall(html)
    if not links:
        raise DownloadError(f"no link to a .txt file on {page_url}")
    preferred = [link for link in links if "comprules" in link.lower().replace("%20", "").replace(" ", "")]
    return urllib.parse.urljoin(page_url, (preferred or links)[0])


def fetch_rules_text(url: str, timeout: float = 120.0) -> str:
    from tolaria.cards._download import DownloadError

    try:
        with urllib.request.urlopen(_rules_request(url), timeout=timeout) as response:
            raw = response.read()
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        raise DownloadError(f"could not download {url}: {exc}") from None
    return decode_rules(raw)


def decode_rules(raw: bytes) -> str:
    """Wizards has published the rules as UTF-8 (with or without BOM) and as Windows-1252."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def store_rules(text: str, source: str) -> tuple[object, str]:
    """Parse and store one edition; returns (RuleBook, "stored"|"updated"|"unchanged")."""
    from tolaria.rules import parse_rules
    from tolaria.site.catalog.models import RulesVersion

    book = parse_rules(text)
    existing = RulesVersion.objects.filter(effective_date=book.effective_date).first()
    if existing is not None and existing.text == text:
        return book, "unchanged"
    RulesVersion.objects.update_or_create(effective_date=book.effective_date, defaults={"text": text, "source": source})
    return book, "updated" if existing is not None else "stored"


def rules_ingest(path: str | None, ctx: _Context, *, latest: bool, page: str | None = None) -> int:
    ctx.django()
    ctx.migrate()
    if latest:
        url = latest_rules_url(page)
        print(f"Downloading {url}", file=sys.stderr)
        text, source = fetch_rules_text(url), url
    else:
        from pathlib import Path

        source = str(Path(path).resolve())
        text = decode_rules(Path(path).read_bytes())
    book, outcome = store_rules(text, source)
    verb = {"stored": "Stored", "updated": "Updated", "unchanged": "Already stored"}[outcome]
    print(
        f"{verb}: Comprehensive Rules effective {book.effective_date.isoformat()} "
        f"({len(book.rules):,} rules, {len(book.glossary):,} glossary terms)."
    )
    return 0


def _stored_book(date_text: str, ctx: _Context):
    import datetime as dt

    from tolaria.rules import parse_rules
    from tolaria.site.catalog.models import RulesVersion

    try:
        date = dt.date.fromisoformat(date_text)
    except ValueError:
        raise ctx.Error(f"{date_text!r} is not a date (YYYY-MM-DD)") from None
    row = RulesVersion.objects.filter(effective_date=date).first()
    if row is None:
        stored = ", ".join(str(d) for d in RulesVersion.objects.values_list("effective_date", flat=True)) or "none"
        raise ctx.Error(f"no stored edition effective {date} (stored: {stored}); add one with tolaria rules ingest")
    return parse_rules(row.text)


def _marked(words) -> str:
    out = []
    for op, text in words:
        out.append(text if op == "equal" else f"[-{text}-]" if op == "delete" else f"{{+{text}+}}")
    return "".join(out)


def rules_diff(old_date: str, new_date: str, ctx: _Context) -> int:
    ctx.django()
    ctx.migrate()
    from tolaria.rules import diff_rulebooks

    old, new = _stored_book(old_date, ctx), _stored_book(new_date, ctx)
    d = diff_rulebooks(old, new)
    print(f"Comprehensive Rules {old.effective_date} → {new.effective_date}")
    if d.empty:
        print("No differences.")
        return 0

    def one_line(text: str) -> str:
        return " ".join(text.split())

    if d.added:
        print(f"\nAdded ({len(d.added)}):")
        print("\n".join(f"  + {r.number} {one_line(r.full_text)}" for r in d.added))
    if d.removed:
        print(f"\nRemoved ({len(d.removed)}):")
        print("\n".join(f"  - {r.number} {one_line(r.full_text)}" for r in d.removed))
    if d.changed:
        print(f"\nChanged ({len(d.changed)}):")
        print("\n".join(f"  ~ {c.number} {one_line(_marked(c.words))}" for c in d.changed))
    if d.glossary_added:
        print(f"\nGlossary added ({len(d.glossary_added)}):")
        print("\n".join(f"  + {e.term}: {one_line(e.definition)}" for e in d.glossary_added))
    if d.glossary_removed:
        print(f"\nGlossary removed ({len(d.glossary_removed)}):")
        print("\n".join(f"  - {e.term}" for e in d.glossary_removed))
    if d.glossary_changed:
        print(f"\nGlossary changed ({len(d.glossary_changed)}):")
        print("\n".join(f"  ~ {c.term}: {one_line(_marked(c.words))}" for c in d.glossary_changed))
    return 0
