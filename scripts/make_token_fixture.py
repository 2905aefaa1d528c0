"""Build tests/fixtures/mtgjson/DMU-tokens.json.xz: the embedded sample's DMU set with some of DMU's
tokens and emblems (MTGJSON's `tokens` of the DMU set file in ../shared/data, 5.2.1) and the DMU cards
that make them, to test extras at ingest, in search and in the API.

Usage: python scripts/make_token_fixture.py [--data ../shared/data]
"""

from __future__ import annotations

import argparse
import json
import lzma
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "fixtures" / "mtgjson" / "DMU-tokens.json.xz"
SAMPLE = ROOT / "src" / "tolaria" / "data" / "sample" / "2-DMU-sample.json.xz"
# a token made by many cards, one named like a card of the game, an artifact token, an emblem
TOKENS = ("Soldier", "Kobolds of Kher Keep", "Powerstone", "Ajani, Sleeper Agent Emblem")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=ROOT.parent / "shared" / "data")
    args = parser.parse_args()
    with tarfile.open(args.data / "mtgjson" / "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz") as archive:
        member = next(m for m in archive if m.name.endswith("DMU.json"))
        full = json.load(archive.extractfile(member))
    with lzma.open(SAMPLE) as fh:
        sample = json.loads(fh.read())
    tokens = [t for t in full["data"]["tokens"] if t["name"] in TOKENS]
    makers = {name for t in tokens for name in t["relatedCards"]["reverseRelated"]}
    have = {c["uuid"] for c in sample["data"]["cards"]}
    extra_cards = [
        {k: v for k, v in c.items() if k not in ("foreignData", "purchaseUrls")}
        for c in full["data"]["cards"]
        if (c["name"] in makers or c.get("faceName") in makers) and c["uuid"] not in have
    ]
    doc = sample
    doc["data"]["cards"] = sample["data"]["cards"] + extra_cards
    doc["data"]["tokens"] = [{k: v for k, v in t.items() if k != "foreignData"} for t in tokens]
    doc["data"]["tokenSetCode"] = full["data"].get("tokenSetCode")
    with lzma.open(OUT, "wt", encoding="utf-8", preset=9) as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))
    print(f"{OUT.relative_to(ROOT)}: {len(tokens)} tokens, {len(extra_cards)} card records added")


if __name__ == "__main__":
    main()
