"""Ranking quality on the shipped rules + sample cards (the first run embeds them; later runs use the cache)."""

import json
from pathlib import Path

import pytest

from tolaria.knowledge import evaluate, load_questions
from tolaria.knowledge._evaluate import item_matches

# Embeds the whole sample and the CR (~15k texts, minutes on 2 cores): runs in `make test-full` (CI).
pytestmark = pytest.mark.full

DATA = Path(__file__).parent / "data"


def _found(hits, item):
    return any(item_matches(item, d, {}) for h in hits for d in (h.document, *h.also))


def test_trample_first_page_matches_the_reference_page(shipped_index):
    case = json.loads((DATA / "search_trample_expectation.json").read_text(encoding="utf-8"))
    page = shipped_index.search_page(case["query"])
    top = [page["rule"][0].document, page["glossary"][0].document]
    assert [d.id for d in top] == ["rule:702.19", "glossary:trample"]
    # in the mixed ranking too, 702.19 and the glossary entry come first
    assert {h.document.id for h in shipped_index.search(case["query"], k=2)} == {"rule:702.19", "glossary:trample"}
    everything = [h for hits in page.values() for h in hits]
    missing = [item for item in case["expect_on_first_page"] if not _found(everything, item)]
    assert not missing, f"not on the first page: {missing}"
    # the rule hit shows its subrules with it instead of a screenful of them
    assert {"702.19a", "702.19b"} <= {d.ref for d in page["rule"][0].also}


def test_fused_ranking_beats_lexical_on_the_labelled_questions(shipped_index):
    questions = load_questions(DATA / "questions.json")
    assert len(questions) >= 60
    lexical = evaluate(shipped_index, questions, mode="lexical")
    fused = evaluate(shipped_index, questions, mode="fused")
    assert lexical.questions >= 60
    assert fused.ndcg10 > lexical.ndcg10
    assert fused.recall20 > lexical.recall20


def test_meaning_finds_rules_without_the_words(shipped_index):
    hits = shipped_index.search("my library ran out of cards and I had to draw", kinds=["rule"], k=10)
    assert any(d.ref in ("704.5b", "121.4") for h in hits for d in (h.document, *h.also))


def test_card_function_question_finds_cards(shipped_index):
    hits = shipped_index.search("counter target spell", kinds=["card"], k=10)
    assert "Counterspell" in [h.document.title for h in hits]
