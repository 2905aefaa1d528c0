"""A lone exact name or is: card list is answered from the tables built with the index (issue 29
item 4): the answer must be the one the compiled query gives, page, order and warnings included."""

from __future__ import annotations

import dataclasses

import pytest

from tolaria.search import _search as search_module
from tolaria.search import search
from tolaria.search._fields.flags import ALIASES, CARD_FLAGS

QUERIES = [
    "!fire",
    "!Fire",
    '!"Lightning Bolt"',
    '!"lightning bolt"',
    "!LightningBolt",
    '!"Fire // Ice"',
    "!Ice",
    "!Goblin",  # a token's name: the extras are left out, as everywhere
    "!nosuchcard",
    '!""',
    "is:fastland",
    "is:fast",
    "is:triland",
    "is:checkland",
    "is:shockland",
    "is:commander",  # a common flag: the compiled path answers
    "is:bogus",
    "IS:fastland",
    *(f"is:{flag}" for flag in sorted(CARD_FLAGS)),
    *(f"is:{alias}" for alias in sorted(ALIASES)),
]
OPTIONS = [
    {},
    {"unique": "prints"},
    {"unique": "art"},
    {"order": "released"},
    {"order": "usd", "direction": "desc"},
    {"order": "penny"},
    {"prefer": "oldest"},
    {"page": 2, "page_size": 1},
    {"multilingual": True},
]


def _compiled_only(monkeypatch, index, query, options):
    with monkeypatch.context() as m:
        m.setattr(search_module, "_from_table", lambda index, tree: None)
        return search(index, query, **options)


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_the_table_answers_as_the_compiled_query(monkeypatch, sample_index, tiny_index, query, options):
    for index in (sample_index, tiny_index):
        index.__dict__.pop("_answers", None)
        want = _compiled_only(monkeypatch, index, query, options)
        assert dataclasses.asdict(search(index, query, **options)) == dataclasses.asdict(want)
        assert dataclasses.asdict(search(index, query, **options)) == dataclasses.asdict(want)  # from the memo


def test_lone_exact_names_and_card_lists_skip_the_compiler(monkeypatch, sample_index):
    def no_compiling(*args, **kwargs):
        raise AssertionError("compiled")

    monkeypatch.setattr(search_module, "compile_query", no_compiling)
    assert search(sample_index, "!fire").total == 1
    assert search(sample_index, '!"Lightning Bolt"').total == 1
    assert search(sample_index, "is:fastland").total >= 1
    with pytest.raises(AssertionError):
        search(sample_index, "t:goblin")
