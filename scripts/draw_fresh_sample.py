"""Draw oracle cards at random for a fresh scoring sample (issue 26 item 3), before anything reads them.

The draw takes the cards of the game a player can meet in a sanctioned deck: no tokens, emblems or art
series cards (Card.is_extra), no planes, phenomena, schemes, vanguards or conspiracies (cards of other
game variants, rules 901-905; conspiracies are drafted, never played from a deck), no un-cards (every
printing in an un-set, MTGJSON set type "funny", or an acorn security stamp: rule 100.2 does not cover
them) and no card legal in no format (a card only banned or not legal everywhere: ante cards, playtest
cards). A melded permanent's card (Brisela) stays in: an oracle card with rules text of its own, which the
site links and tags like any other. It reads the cards with tolaria.cards only: the rules linker, the oracle reading and the tagger
are never imported, so a draw says nothing of what Tolaria makes of the cards.

The order is a shuffle of every eligible card (sorted by oracle id) with random.Random(SEED): the first
COUNT of it. The draw is prefix-stable: the first 30 of a draw of 60 are the draw of 30, so one seed
gives 30 cards for the links and the next 30 for the themes.

Usage: python scripts/draw_fresh_sample.py SEED COUNT [--json] [--data ../shared/data | --sample]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tolaria.cards import Card, Corpus, load_sample, read_corpus  # noqa: E402  (the reader only, never the linker)

FULL_FILES = ("mtgjson/AllPrintings-5.2.0+20220425.json.xz", "mtgjson/SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz")
# layouts and card types of other game variants (rules 901 Planechase, 904 Archenemy, 902 Vanguard)
# and conspiracies (905.2: set aside before the game, not cards of a deck)
VARIANT_LAYOUTS = frozenset({"planar", "scheme", "vanguard"})
VARIANT_TYPES = frozenset({"Plane", "Phenomenon", "Scheme", "Vanguard", "Conspiracy"})
PLAYABLE = frozenset({"legal", "restricted"})


def is_variant_card(card: Card) -> bool:
    return card.layout in VARIANT_LAYOUTS or any(VARIANT_TYPES.intersection(f.types) for f in card.faces)


def is_un_card(card: Card, corpus: Corpus, printings: list) -> bool:
    """Printed only in un-sets, or with an acorn stamp (an un-card even when a set has others)."""
    if any(p.security_stamp == "acorn" for p in printings):
        return True
    return bool(printings) and all(
        corpus.sets[p.set_code].set_type == "funny" for p in printings if p.set_code in corpus.sets
    )


def why_left_out(card: Card, corpus: Corpus, printings: list) -> str | None:
    """The reason a card is not drawn, or None when it may be."""
    if card.is_extra:
        return "extra"
    if is_variant_card(card):
        return "variant"
    if is_un_card(card, corpus, printings):
        return "un-card"
    if not PLAYABLE.intersection(card.legalities.values()):
        return "legal in no format"
    return None


def eligible(corpus: Corpus) -> list[Card]:
    """The cards a draw takes from, sorted by oracle id (the order the shuffle starts from)."""
    by_card: dict[str, list] = {}
    for printing in corpus.printings.values():
        by_card.setdefault(printing.oracle_id, []).append(printing)
    cards = [c for c in corpus.cards.values() if why_left_out(c, corpus, by_card.get(c.oracle_id, [])) is None]
    return sorted(cards, key=lambda c: c.oracle_id)


def draw(corpus: Corpus, seed: int, count: int) -> list[Card]:
    """The first COUNT cards of the seeded shuffle of the eligible cards."""
    if count < 0:
        raise ValueError(f"COUNT must be 0 or more, not {count}")
    cards = eligible(corpus)
    random.Random(seed).shuffle(cards)
    return cards[:count]


def card_record(card: Card) -> dict:
    """What a writer of expectations reads: the oracle text of every face, nothing Tolaria derived; and
    under "card" the reader's whole Card (rulings left out), so a scorer hands the linker and the tagger
    the card as the site does (produced mana, keywords, colors), not a rebuilt one."""
    whole = card.to_dict()
    whole["rulings"] = []
    return {
        "oracle_id": card.oracle_id,
        "name": card.name,
        "layout": card.layout,
        "keywords": list(card.keywords),
        "faces": [
            {"name": f.name, "mana_cost": f.mana_cost, "type_line": f.type_line, "oracle_text": f.oracle_text}
            for f in card.faces
        ],
        "card": whole,
    }


def as_text(cards: Iterable[Card]) -> str:
    lines: list[str] = []
    for n, card in enumerate(cards, 1):
        lines.append(f"#{n} {card.name} [{card.layout}] {card.oracle_id}")
        for f in card.faces:
            if len(card.faces) > 1:
                lines.append(f"  -- {f.name}")
            lines.append(f"  {f.mana_cost}  {f.type_line}".rstrip())
            lines.extend(f"  | {line}" for line in f.oracle_text.splitlines())
        if card.keywords:
            lines.append(f"  keywords: {', '.join(card.keywords)}")
        lines.append("")
    return "\n".join(lines)


def load(args: argparse.Namespace) -> Corpus:
    if args.sample:
        return load_sample()
    data = Path(args.data)
    paths = [data / name for name in FULL_FILES]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise SystemExit(f"no card data at {', '.join(missing)} (give --data DIR, or --sample)")
    return read_corpus(*paths)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int, help="the seed of the draw (issue 26: the date, e.g. 20261203)")
    ap.add_argument("count", type=int, help="how many cards")
    ap.add_argument("--json", action="store_true", help="one JSON document: the seed, the count and the cards")
    source = ap.add_mutually_exclusive_group()
    source.add_argument("--data", default=str(ROOT.parent / "shared" / "data"), help="the shared data folder")
    source.add_argument("--sample", action="store_true", help="draw from the embedded sample instead")
    args = ap.parse_args(argv)
    if args.count < 0:
        ap.error(f"COUNT must be 0 or more, not {args.count}")
    cards = draw(load(args), args.seed, args.count)
    if args.json:
        doc = {
            "seed": args.seed,
            "count": args.count,
            "source": "sample" if args.sample else "full",
            "cards": [card_record(c) for c in cards],
        }
        print(json.dumps(doc, ensure_ascii=False, indent=1))
    else:
        print(as_text(cards))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
