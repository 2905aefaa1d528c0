"""The player-written evaluation set (tests/knowledge/data/player_questions.json) and the ranking on it.

The set is data from public sources; these tests hold it well formed, its expected rules present in the
shipped CR, and the answers ahead of the plain FTS5 baseline on both splits. The figures themselves are
measured by ``make bench`` (benchmarks/bench_answers.py), on the full data.
"""

import re
from pathlib import Path

import pytest

from tolaria.knowledge import Answerer, KnowledgeIndex, documents_from
from tolaria.knowledge._evaluate import Fts5Rules, load_player_questions, rule_answers, score_answers

PATH = Path(__file__).parent / "data" / "player_questions.json"


def test_the_set_is_large_sourced_and_split():
    questions = load_player_questions(PATH)
    assert len(questions) >= 150
    assert len({q["id"] for q in questions}) == len(questions) == len({q["query"] for q in questions})
    assert all(re.match(r"https?://\S+$", q["source"]) for q in questions)
    splits = {q["split"] for q in questions}
    assert splits == {"dev", "heldout"}
    assert len(load_player_questions(PATH, "heldout")) >= 45


def test_every_expected_rule_is_in_the_shipped_cr(rulebook):
    for q in load_player_questions(PATH):
        assert q["rules"], q["id"]
        for number in q["rules"]:
            assert rulebook.get(number) is not None, (q["id"], number)


def test_rule_answers_counts_the_rule_its_subrules_and_the_rule_holding_a_subrule():
    assert rule_answers("702.19", "702.19b")
    assert rule_answers("702.19b", "702.19")  # the numbered rule shows its subrules
    assert not rule_answers("702.19b", "702.19", strict=True)
    assert not rule_answers("702.19b", "702")  # a section is not an answer
    assert not rule_answers("702.1", "702.19")


@pytest.fixture(scope="module")
def lexical_cr(rulebook):
    docs = documents_from(rulebook)
    return Answerer(KnowledgeIndex.build(docs, embedder=None)), Fts5Rules(docs)


@pytest.mark.parametrize("split", ["dev", "heldout"])
def test_answers_are_ahead_of_fts5_on_players_questions(lexical_cr, split):
    answerer, fts5 = lexical_cr
    questions = load_player_questions(PATH, split)
    ours = score_answers(lambda q: answerer.answer(q, mode="lexical", rulings=0, cards=0).shown, questions)
    baseline = score_answers(fts5.search, questions)
    assert ours.hit10 > baseline.hit10
    assert ours.hit1 > baseline.hit1
    assert ours.mrr10 > baseline.mrr10
