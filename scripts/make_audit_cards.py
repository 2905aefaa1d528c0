"""Build tests/search/data/audit-cards.json.xz: real cards the Scryfall audit of the search needs that the
embedded sample lacks, every printing of each, in MTGJSON's own AllPrintings format (a faithful subset
of ../shared/data's AllPrintings 5.2.0+20220425: the chosen cards' records, their sets' own fields;
foreignData, purchaseUrls, boosters, sealed products, translations and tokens left out).

Usage: python scripts/make_audit_cards.py [--data ../shared/data]
"""

from __future__ import annotations

import argparse
import json
import lzma
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "search" / "data" / "audit-cards.json.xz"
# each with the reason the audit needs it
CARDS = {
    "Little Girl": "power .5 (pow>=4 must not find it)",
    "Coral Atoll": "a Visions karoo",
    "Dormant Volcano": "a Visions karoo",
    "Everglades": "a Visions karoo",
    "Jungle Basin": "a Visions karoo",
    "Karoo": "the Visions karoo that named them",
    "Port Town": "a Shadows over Innistrad reveal land (is:shadowland)",
    "Choked Estuary": "a Shadows over Innistrad reveal land (is:shadowland)",
    "Brute Force": "a colorshifted printing in Planar Chaos, normal ones elsewhere",
    "Commit // Memory": "aftermath: its halves' costs combined (m:)",
    "Start // Fire": "aftermath, a half named Fire",
    "Contagion Clasp": "proliferate's reminder text says 'choose any number' (not modal)",
    "Austere Command": "a modal spell; fuzzy names (aust com)",
    "Lim-Dûl's Vault": "a name with a hyphen and an accent",
    "Aether Vial": "once printed Æther Vial",
    "Waste Land": "Unhinged's card, spelled like Wasteland with a space",
    "Wasteland": "spelled like Waste Land without the space",
}
DROP_SET_KEYS = ("booster", "sealedProduct", "translations", "tokens")
DROP_CARD_KEYS = ("foreignData", "purchaseUrls")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=str(ROOT.parent / "shared" / "data"))
    args = ap.parse_args(argv)
    with lzma.open(Path(args.data) / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz", "rb") as f:
        doc = json.load(f)
    out = {"meta": doc["meta"], "data": {}}
    found = set()
    for code, s in doc["data"].items():
        cards = [{k: v for k, v in c.items() if k not in DROP_CARD_KEYS} for c in s["cards"] if c["name"] in CARDS]
        if cards:
            found.update(c["name"] for c in cards)
            out["data"][code] = {k: v for k, v in s.items() if k not in DROP_SET_KEYS} | {"cards": cards}
    missing = set(CARDS) - found
    if missing:
        raise SystemExit(f"not in the data: {sorted(missing)}")
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with lzma.open(OUT, "wt", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, sort_keys=True)
    print(f"{OUT}: {sum(len(s['cards']) for s in out['data'].values())} records in {len(out['data'])} sets")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
