"""scripts/draw_fresh_sample.py: a seeded draw of oracle cards for a fresh scoring sample (issue 26 item 3).

Run on the embedded sample and the token fixture (no ../shared needed). What the draw leaves out comes
from the issue: tokens, emblems, art series, cards of other variants (planes, schemes, vanguards,
conspiracies), un-cards and cards legal in no format.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tolaria.cards import Card, CardSet, Corpus, Face, Printing, load_sample, read_corpus

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "draw_fresh_sample.py"
TOKENS = ROOT / "tests" / "fixtures" / "mtgjson" / "DMU-tokens.json.xz"


@pytest.fixture(scope="module")
def drawing():
    spec = importlib.util.spec_from_file_location("draw_fresh_sample", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def by_name(corpus: Corpus, name: str) -> Card:
    return next(c for c in corpus.cards.values() if c.name == name)


def test_same_seed_same_cards_and_a_longer_draw_starts_with_the_shorter(drawing):
    sample = load_sample()
    thirty = drawing.draw(sample, 20261203, 30)
    assert [c.oracle_id for c in thirty] == [c.oracle_id for c in drawing.draw(sample, 20261203, 30)]
    assert len({c.oracle_id for c in thirty}) == 30
    sixty = drawing.draw(sample, 20261203, 60)
    assert [c.oracle_id for c in sixty[:30]] == [c.oracle_id for c in thirty]
    assert [c.oracle_id for c in drawing.draw(sample, 20261204, 30)] != [c.oracle_id for c in thirty]


def test_left_out_cards_of_other_variants_un_cards_and_cards_legal_nowhere(drawing):
    sample = load_sample()
    kept = {c.name for c in drawing.eligible(sample)}
    # Conspiracy (905), Archenemy scheme (904), a Planechase plane (901): not cards of a deck
    for name in ("Brago's Favor", "Assemble the Rank and Vile"):
        assert name not in kept
    assert not any(drawing.is_variant_card(c) for c in drawing.eligible(sample))
    planes = [c.name for c in sample.cards.values() if c.layout in ("planar", "scheme", "vanguard")]
    assert planes and not kept.intersection(planes)
    # printed only in Unstable / Unglued-style sets (MTGJSON set type "funny")
    assert "Baneslayer Aspirant" not in kept and "Squidnapper" not in kept
    # a Forest printed in Unglued too is a card of the game
    assert "Forest" in kept
    # legal in no format, banned or not legal everywhere (Demonic Attorney: an ante card)
    assert "Demonic Attorney" not in kept
    assert all({"legal", "restricted"} & set(c.legalities.values()) for c in drawing.eligible(sample))
    assert "Ley Druid" in kept  # an ordinary card


def test_tokens_and_emblems_are_never_drawn(drawing):
    corpus = read_corpus(TOKENS)
    assert corpus.extras  # the fixture has a Soldier token and an emblem
    drawn = drawing.draw(corpus, 1, len(corpus.cards) + len(corpus.extras))
    assert {c.oracle_id for c in drawn}.isdisjoint(corpus.extras)
    assert not any(c.is_extra for c in drawn)


def _printing(oracle_id: str, set_code: str, stamp: str = "") -> Printing:
    return Printing(
        id=f"p-{oracle_id}-{set_code}",
        oracle_id=oracle_id,
        set_code=set_code,
        collector_number="1",
        rarity="common",
        released_at="2020-01-01",
        security_stamp=stamp,
    )


def test_an_acorn_card_and_an_extra_in_the_cards_are_left_out(drawing):
    corpus = Corpus(
        sets={
            "und": CardSet("und", "Unsanctioned", set_type="funny"),
            "m21": CardSet("m21", "Core Set 2021", set_type="core"),
        }
    )
    legal = {"vintage": "legal"}
    for oid, layout, stamp in (("plain", "normal", ""), ("acorn", "normal", "acorn"), ("art", "art_series", "")):
        corpus.cards[oid] = Card(oracle_id=oid, name=oid, layout=layout, faces=[Face(name=oid)], legalities=dict(legal))
        corpus.printings[oid] = _printing(oid, "m21", stamp)
    assert [c.oracle_id for c in drawing.draw(corpus, 7, 10)] == ["plain"]


def test_a_negative_count_is_an_error(drawing):
    with pytest.raises(ValueError, match="COUNT"):
        drawing.draw(load_sample(), 1, -1)


def test_the_command_prints_the_cards_and_never_loads_the_linker_the_reading_or_the_tagger():
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('d', {str(SCRIPT)!r})\n"
        "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
        "m.main(['20261203', '3', '--json', '--sample'])\n"
        "print(sorted(n for n in sys.modules if n.split('.')[:2] in (['tolaria', 'rules'], ['tolaria', 'oracle'],"
        " ['tolaria', 'tags'])), file=sys.stderr)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stderr.strip() == "[]"
    doc = json.loads(run.stdout)
    assert doc["seed"] == 20261203 and doc["count"] == 3 and len(doc["cards"]) == 3
    first = doc["cards"][0]
    whole = by_name(load_sample(), first["name"])
    assert Card.from_dict(first["card"]).faces == whole.faces  # the reader's Card, for the scorer
    assert Card.from_dict(first["card"]).produced_mana == whole.produced_mana
    assert first["faces"][0]["oracle_text"] == by_name(load_sample(), first["name"]).faces[0].oracle_text
    text = subprocess.run(
        [sys.executable, str(SCRIPT), "20261203", "3", "--sample"], capture_output=True, text=True, check=True
    ).stdout
    assert text.startswith(f"#1 {first['name']} ")
