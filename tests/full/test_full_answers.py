"""The answers to players' rules questions on the full data, as the site ranks them: the goals of the
issue "Ask a rules question, get the rule" (right rule in the first 10 for at least 90% of the questions,
first for at least 60%, ahead of a plain FTS5 BM25 over the rule texts), on the dev and the held-out
questions of tests/knowledge/data/player_questions.json apart.

The corpus is the one ``make bench`` measures (benchmarks/bench_answers.py --full): the shipped CR and
every card of AllPrintings, its cards and rulings embedded with the static model, the rules ranked by
meaning with the MiniLM vectors that ship with the package. The figures are recorded in BENCHMARKS.md;
this test holds main to the goals.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tolaria.cards import read_corpus
from tolaria.knowledge import Answerer, KnowledgeIndex, StaticEmbedder, documents_from
from tolaria.knowledge._evaluate import Fts5Rules, load_player_questions, score_answers
from tolaria.rules import shipped_rulebook

pytestmark = pytest.mark.full

QUESTIONS = Path(__file__).parents[1] / "knowledge" / "data" / "player_questions.json"
# The goals above were set, and met, on the first 155 questions (q001-q155: short, 19% name a card).
# The questions added for issue 25 (q156-: players' long questions, 96% name a card) are measured in
# `make bench` beside them; their own goals (issue 25) are guarded once they are met.
ISSUE_16_SET = 155


def _issue_16_questions(split: str) -> list[dict]:
    return [q for q in load_player_questions(QUESTIONS, split) if int(q["id"][1:]) <= ISSUE_16_SET]


@pytest.fixture(scope="module")
def documents(full_files):
    allprintings, _set_files = full_files
    return documents_from(shipped_rulebook(), read_corpus(allprintings).cards)


@pytest.fixture(scope="module")
def answerer(documents):
    answerer = Answerer(KnowledgeIndex.build(documents, embedder=StaticEmbedder(), batch_size=512))
    assert answerer.rules_index.embedder is not answerer.index.embedder, "the shipped MiniLM vectors were not used"
    return answerer


@pytest.mark.parametrize("split", ["dev", "heldout"])
def test_the_right_rule_comes_first_for_most_players_questions(answerer, documents, split):
    questions = _issue_16_questions(split)
    ours = score_answers(lambda q: answerer.answer(q).shown, questions)
    baseline = score_answers(Fts5Rules(documents).search, questions)
    assert ours.hit10 >= 0.90, ours
    assert ours.hit1 >= 0.60, ours
    assert ours.hit10 > baseline.hit10 and ours.hit1 > baseline.hit1 and ours.mrr10 > baseline.mrr10
