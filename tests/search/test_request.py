"""SearchRequest (the options every front end passes, once) and find_cards (no answer is a QueryError)."""

from __future__ import annotations

import dataclasses

import pytest

from tolaria.search import (
    PAGE_SIZE,
    NoMatch,
    QueryError,
    QuerySyntaxError,
    QueryTooLong,
    SearchRequest,
    find_cards,
    search,
)


def test_the_defaults_are_scryfalls():
    # scryfall.com/docs/api/cards/search: unique=cards, order=name, dir=auto, page=1, 175 a page,
    # include_multilingual=false; nobody's lists
    request = SearchRequest("t:elf")
    assert dataclasses.astuple(request) == ("t:elf", "cards", "name", "auto", 1, PAGE_SIZE, None, False)
    assert PAGE_SIZE == 175


def test_a_request_and_its_options_as_keywords_find_the_same(sample_index):
    request = SearchRequest("t:creature", order="cmc", direction="desc", page=2, page_size=20)
    by_request = search(sample_index, request)
    by_keywords = search(sample_index, "t:creature", order="cmc", direction="desc", page=2, page_size=20)
    assert by_request.printing_ids == by_keywords.printing_ids and len(by_request.printing_ids) == 20
    with pytest.raises(TypeError):
        search(sample_index, request, page=3)


def test_the_order_is_read_by_its_aliases(sample_index):
    # the order: keyword's aliases (mv, manavalue -> cmc; price -> usd) are the option's too
    assert SearchRequest("x", order=" MV ").sort_order == "cmc"
    assert SearchRequest("x", order="price").sort_order == "usd"
    result = search(sample_index, SearchRequest("t:goblin", order="mv"))
    assert result.order == "cmc" and not result.warnings


def test_find_cards_answers_a_page(sample_index):
    result = find_cards(sample_index, SearchRequest('!"Lightning Bolt"'))
    assert result.total == 1


@pytest.mark.parametrize(
    ("query", "error", "words"),
    [
        ("x" * 1001, QueryTooLong, "limited to 1000 characters"),
        ("   ", QueryError, "the query is empty"),
        ("t:creature (o:flying", QuerySyntaxError, "position 21"),
        ("is:slick cmc>cmc", QueryError, "All of your terms were ignored."),  # Scryfall's own example
        ("t:creature t:instant t:land", NoMatch, "didn't match any cards"),
    ],
)
def test_find_cards_says_why_there_is_no_answer(sample_index, query, error, words):
    with pytest.raises(error) as raised:
        find_cards(sample_index, SearchRequest(query))
    assert words in str(raised.value)
    assert type(raised.value) is error or error is QueryError and not isinstance(raised.value, NoMatch)


def test_a_page_past_the_last_is_no_match_and_keeps_the_warnings(sample_index):
    with pytest.raises(NoMatch, match=r"page 99 is past the last page \(1\)"):
        find_cards(sample_index, SearchRequest('!"Lightning Bolt"', page=99))
    with pytest.raises(QueryError) as raised:
        find_cards(sample_index, SearchRequest("is:slick cmc>cmc"))
    assert raised.value.warnings  # what was ignored, said alongside the error
