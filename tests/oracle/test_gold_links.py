"""The linker against the gold set (tests/oracle/data/gold_links.json): cards drawn at random with a
recorded seed, expectations written from the CR and the card before the linker ran (see the file's
``batches``). Runs from the gold file alone: it carries the oracle text."""

import json
from pathlib import Path

import pytest

from tolaria.rules._gold import KINDS, score_links

GOLD = json.loads((Path(__file__).parent / "data" / "gold_links.json").read_text(encoding="utf-8"))


def test_gold_set_is_drawn_with_a_recorded_seed():
    assert GOLD["seed"] and len(GOLD["cards"]) >= 150
    assert len({c["oracle_id"] for c in GOLD["cards"]}) == len(GOLD["cards"])


@pytest.mark.parametrize("kind", KINDS)
def test_links_precision_and_recall_on_gold(linker, kind):
    score = score_links(linker, GOLD)
    assert score.tp[kind] + score.fn[kind] > 0
    assert score.precision(kind) >= 0.99, [e for e in score.extras if e[1] == kind]
    assert score.recall(kind) >= 0.95, [m for m in score.misses if m[1] == kind]
