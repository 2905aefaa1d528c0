"""How many MTGJSON `keywords` entries the rules linker links to a rule, and every miss.

Usage: python scripts/keyword_coverage.py [AllPrintings.json[.xz|.gz]] [--rules MagicCompRules.txt]

Each distinct (card name, face name, oracle text) is counted once.
"""

from __future__ import annotations

import argparse
import gzip
import json
import lzma
import sys
from collections import Counter
from pathlib import Path

import orjson

from tolaria.rules import Linker, keyword_coverage, load_rules, shipped_rulebook

DEFAULT = Path(__file__).resolve().parents[2] / "shared/data/mtgjson/AllPrintings-5.2.0+20220425.json.xz"


def _open(path: Path):
    if path.suffix == ".xz":
        return lzma.open(path, "rb")
    if path.suffix == ".gz":
        return gzip.open(path, "rb")
    return open(path, "rb")


def iter_cards(path: Path):
    try:
        with _open(path) as fh:
            data = orjson.loads(fh.read())
    except ImportError:  # pragma: no cover
        with _open(path) as fh:
            data = json.load(fh)
    seen = set()
    for s in data["data"].values():
        for c in s.get("cards", []):
            key = (c["name"], c.get("faceName"), c.get("text", ""))
            if key in seen:
                continue
            seen.add(key)
            yield c["name"], c.get("text", ""), c.get("keywords", [])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("allprintings", nargs="?", default=str(DEFAULT))
    ap.add_argument("--rules", default=None, help="a MagicCompRules txt file (default: the shipped one)")
    ap.add_argument("--markdown", type=Path, help="also write the figures and every miss as Markdown here")
    args = ap.parse_args(argv)
    book = load_rules(args.rules) if args.rules else shipped_rulebook()
    linker = Linker(book)
    cov = keyword_coverage(linker, iter_cards(Path(args.allprintings)))
    print(f"CR {book.effective_date}: {cov.linked}/{cov.total} keyword entries linked = {100 * cov.ratio:.2f}%")
    by_kw = Counter(kw for _, kw in cov.misses)
    print(f"{len(cov.misses)} misses, {len(by_kw)} distinct keywords:")
    for kw, n in by_kw.most_common():
        names = sorted({name for name, k in cov.misses if k == kw})
        print(f"  {kw!r}: {n}  e.g. {'; '.join(names[:3])}")
    if args.markdown:
        lines = [
            f"MTGJSON `keywords` entries of {Path(args.allprintings).name} linked to a rule of the CR effective "
            f"{book.effective_date}: **{cov.linked:,} of {cov.total:,} = {100 * cov.ratio:.2f}%** "
            "(each distinct card face counted once).",
            "",
            "| keyword | misses | cards |",
            "|---|---|---|",
        ]
        for kw, n in by_kw.most_common():
            names = sorted({name for name, k in cov.misses if k == kw})
            lines.append(f"| {kw} | {n} | {'; '.join(names)} |")
        args.markdown.write_text("\n".join(lines) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
