"""Build the sample of real cards that ships inside the package, from the full data in ../shared/data.

The sample stays in MTGJSON's own format (an AllPrintings document and one per-set file), so the
same readers load it. It holds, with every printing of each chosen card:
- at least one card of every layout, of every keyword in MTGJSON's `keywords` field (that covers
  every keyword ability, keyword action and ability word some card has), legal, banned and
  restricted cards of every format, cards with rulings;
- the cards of the reference pages and other cards tests and examples name (sample_cards.txt);
- a seeded random draw of other cards, so searches have realistic answers.

MTGJSON's `foreignData` (the printings in other languages) is dropped, except on one printing of each
card named in sample_cards.txt: its newest printing that has any (FOREIGN_KEPT), so the tests meet
printed names, languages and their ids without the sample growing by the full data's 275,000 entries.

Usage: python scripts/make_sample.py [--data ../shared/data] [--cards 3000]
"""

from __future__ import annotations

import argparse
import json
import lzma
import random
import tarfile
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "tolaria" / "data" / "sample"
NAMED = Path(__file__).with_name("sample_cards.txt")
DROP_SET_KEYS = ("booster", "sealedProduct", "translations", "tokens")
DROP_CARD_KEYS = ("foreignData", "purchaseUrls")


def load_allprintings(data: Path) -> dict:
    with lzma.open(data / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz", "rb") as f:
        return json.load(f)


def load_set_files(data: Path) -> dict[str, dict]:
    files = {}
    with tarfile.open(data / "mtgjson" / "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz") as archive:
        for member in archive:
            if member.isfile() and member.name.endswith(".json"):
                doc = json.load(archive.extractfile(member))
                files[doc["data"]["code"]] = doc
    return files


def oracle_key(card: dict) -> str:
    return card.get("identifiers", {}).get("scryfallOracleId") or card["name"]


def choose(sets: list[dict], named: set[str], count: int, seed: int) -> set[str]:
    by_key: dict[str, list[dict]] = defaultdict(list)
    for s in sets:
        for card in s["cards"]:
            by_key[oracle_key(card)].append(card)
    chosen: set[str] = set()

    def first_with(predicate) -> None:
        for key, cards in sorted(by_key.items()):
            if predicate(cards[0]):
                chosen.add(key)
                return

    layouts = {c["layout"] for cards in by_key.values() for c in cards}
    for layout in sorted(layouts):
        first_with(lambda c, layout=layout: c["layout"] == layout)
        # a second example of each layout, from another set, for variety
        keys = [k for k, cards in sorted(by_key.items()) if cards[0]["layout"] == layout and k not in chosen]
        chosen.update(keys[-1:])
    keywords = {k for cards in by_key.values() for c in cards for k in c.get("keywords", ())}
    for keyword in sorted(keywords):
        first_with(lambda c, keyword=keyword: keyword in c.get("keywords", ()))
    formats = {f for cards in by_key.values() for c in cards for f in c.get("legalities", {})}
    for fmt in sorted(formats):
        for status in ("Legal", "Banned", "Restricted"):
            first_with(lambda c, fmt=fmt, status=status: c.get("legalities", {}).get(fmt) == status)
    for key, cards in by_key.items():
        if any(c["name"] in named or c.get("faceName") in named for c in cards):
            chosen.add(key)
    rng = random.Random(seed)
    rest = sorted(set(by_key) - chosen)
    with_rulings = [k for k in rest if by_key[k][0].get("rulings")]
    chosen.update(rng.sample(with_rulings, min(len(with_rulings), count // 4)))
    rest = sorted(set(by_key) - chosen)
    chosen.update(rng.sample(rest, max(0, min(len(rest), count - len(chosen)))))
    return chosen


def foreign_kept(sets: list[dict], named: set[str]) -> set[str]:
    """The uuids of the face records whose foreignData the sample keeps: for each named card, those of
    its newest printing (by release date, then set code and number) that has foreignData."""
    newest: dict[str, tuple[tuple[str, str, str], str]] = {}
    for s in sets:
        for c in s["cards"]:
            if not c.get("foreignData") or not (c["name"] in named or c.get("faceName") in named):
                continue
            key = (s.get("releaseDate", ""), s["code"], c.get("number", ""))
            printing = c.get("identifiers", {}).get("scryfallId") or c["uuid"]
            if oracle_key(c) not in newest or key > newest[oracle_key(c)][0]:
                newest[oracle_key(c)] = (key, printing)
    printings = {printing for _, printing in newest.values()}
    return {
        c["uuid"]
        for s in sets
        for c in s["cards"]
        if (c.get("identifiers", {}).get("scryfallId") or c["uuid"]) in printings
    }


FOREIGN_KEPT: set[str] = set()


def trimmed_set(s: dict, chosen: set[str]) -> dict | None:
    cards = [
        {k: v for k, v in c.items() if k not in DROP_CARD_KEYS or (k == "foreignData" and c["uuid"] in FOREIGN_KEPT)}
        for c in s["cards"]
        if oracle_key(c) in chosen
    ]
    if not cards:
        return None
    out = {k: v for k, v in s.items() if k not in DROP_SET_KEYS}
    out["cards"] = cards
    return out


def write_xz(path: Path, doc: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with lzma.open(path, "wt", encoding="utf-8", preset=9) as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))


def write_readme(all_sets: list[dict], chosen: set[str], written, named: set[str], meta: dict) -> None:
    """The sample's README: what it holds, by layout, keyword and format, and every card's name."""

    cards: dict[str, dict] = {}
    printings = 0
    for s in all_sets:
        for c in s["cards"]:
            if oracle_key(c) in chosen:
                cards.setdefault(oracle_key(c), c)
                printings += 1
    layouts = Counter(c["layout"] for c in cards.values())
    keywords = sorted(
        {k for s in all_sets for c in s["cards"] if oracle_key(c) in chosen for k in c.get("keywords", ())}
    )
    formats = Counter(f for c in cards.values() for f, v in c.get("legalities", {}).items())
    with_rulings = sum(1 for c in cards.values() if c.get("rulings"))
    names = sorted({c["name"] for c in cards.values()})
    lines = [
        "# The embedded sample",
        "",
        "Real cards in MTGJSON's own format, built by `scripts/make_sample.py` from `../shared/data`",
        f"(MTGJSON AllPrintings {meta.get('version')} and the DMU, BRO and ONE set files; MTGJSON data is",
        "MIT-licensed, card texts © Wizards of the Coast). `tolaria ingest --sample` and the first start of",
        "`make run` load it; the tests use it. Regenerate it with `python scripts/make_sample.py`.",
        "",
        "| file | card records | size |",
        "|---|---|---|",
        *[f"| `{path.name}` | {records:,} | {path.stat().st_size / 1e6:.2f} MB |" for path, records in written],
        "",
        f"{len(cards):,} oracle cards, {printings:,} card records (every printing of each chosen card, one record per",
        f"face), {with_rulings:,} cards with rulings. Chosen: one or two cards of every layout, a card for every",
        "keyword in MTGJSON's `keywords` field, a legal, a banned and a restricted card of every format, the",
        "cards named in `scripts/sample_cards.txt` (the reference pages' cards among them), and a seeded",
        "random draw of the rest.",
        "",
        "Layouts: " + ", ".join(f"{k} {v}" for k, v in sorted(layouts.items())) + ".",
        "",
        "Formats (cards with a legal, banned or restricted status): "
        + ", ".join(f"{k} {v}" for k, v in sorted(formats.items()))
        + ".",
        "",
        f"Keywords ({len(keywords)}): " + ", ".join(keywords) + ".",
        "",
        f"## The {len(names):,} cards",
        "",
        "; ".join(names) + ".",
        "",
    ]
    (OUT / "README.md").write_text("\n".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    parser.add_argument("--cards", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=20260227)
    args = parser.parse_args()
    named = {line.strip() for line in NAMED.read_text().splitlines() if line.strip() and not line.startswith("#")}
    allprintings = load_allprintings(args.data)
    set_files = load_set_files(args.data)
    all_sets = list(allprintings["data"].values()) + [doc["data"] for doc in set_files.values()]
    chosen = choose(all_sets, named, args.cards, args.seed)
    FOREIGN_KEPT.update(foreign_kept(all_sets, named))
    sample = {"meta": allprintings["meta"], "data": {}}
    for code, s in allprintings["data"].items():
        trimmed = trimmed_set(s, chosen)
        if trimmed:
            sample["data"][code] = trimmed
    for old in OUT.glob("*.json.xz"):
        old.unlink()
    write_xz(OUT / "1-AllPrintings-sample.json.xz", sample)
    written = [(OUT / "1-AllPrintings-sample.json.xz", sum(len(s["cards"]) for s in sample["data"].values()))]
    for index, (code, doc) in enumerate(
        sorted(set_files.items(), key=lambda kv: kv[1]["data"]["releaseDate"]), start=2
    ):
        trimmed = trimmed_set(doc["data"], chosen)
        if trimmed:
            path = OUT / f"{index}-{code}-sample.json.xz"
            write_xz(path, {"meta": doc["meta"], "data": trimmed})
            written.append((path, len(trimmed["cards"])))
    missing = sorted(
        n
        for n in named
        if not any(
            oracle_key(c) in chosen and (c["name"] == n or c.get("faceName") == n) for s in all_sets for c in s["cards"]
        )
    )
    write_readme(all_sets, chosen, written, named, allprintings["meta"])
    for path, records in written:
        print(f"{path.relative_to(ROOT)}: {records} card records, {path.stat().st_size / 1e6:.2f} MB")
    print(f"{len(chosen)} oracle cards chosen")
    if missing:
        print("names not found in the data:", ", ".join(missing))


if __name__ == "__main__":
    main()
