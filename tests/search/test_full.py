"""The differential test on the full data (make test-full): every benchmark query, both evaluations."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from search_helpers import bench_queries, both, both_lingual
from test_properties import queries

from tolaria.cards import read_mtgjson
from tolaria.search import build_index, search
from tolaria.search._reference import Reference

# Selected by `make test-full` (-m full); the shared_data fixture fails when the data is absent.
pytestmark = pytest.mark.full


@pytest.fixture(scope="module")
def full(shared_data):
    corpus = read_mtgjson(
        shared_data / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz",
        shared_data / "mtgjson" / "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz",
    )
    return build_index(corpus), Reference(corpus)


@pytest.mark.parametrize("query", bench_queries())
def test_full_differential(full, query):
    index, ref = full
    got, want = both(index, ref, query)
    assert got == want


def test_full_differential_generated(full):
    index, ref = full

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(queries())
    def check(query):
        got, want = both(index, ref, query)
        assert got == want

    check()


# the extras (the tokens, emblems and art series cards of MTGJSON's set `tokens`, AllPrintings and
# the 2023 set files alike) are rows of the index and cards of the reference alike: hidden from both without
# include:extras, found by both with it
EXTRAS_QUERIES = (
    "t:token include:extras",
    "t:emblem include:extras",
    "t:token",
    "e:tdmu include:extras",
    "e:tdmu",
    "c:w t:soldier include:extras",
    "t:soldier",
    "is:dfc include:extras",
    "o:flying pow>=4 include:extras",
    "st:token include:extras",
    "st:memorabilia t:card include:extras",
    "prints>20 include:extras",
)


@pytest.mark.parametrize("query", EXTRAS_QUERIES)
def test_full_differential_extras(full, query):
    index, ref = full
    # the extras are in the index, so the rule below is exercised: the tokens arrays of the two files
    # hold 3,560 records, 3,395 uuids and 2,635 Scryfall ids (printings), counted from the files
    assert index.extra.sum() == 2635
    got, want = both(index, ref, query)
    assert got == want
    extras = {pid for pid, extra in zip(index.printing_ids, index.extra) if extra}
    if "include:extras" in query:
        assert got & extras
    else:
        assert not got & extras


def test_full_emblems_name_their_planeswalker(full):
    # Scryfall writes "Emblem — Kaito"; MTGJSON 5.2 writes "Emblem" alone on 21 of its 73 emblems
    _index, ref = full
    emblems = {c.name: c.type_line for c in ref.cards.values() if c.layout == "emblem"}
    assert len(emblems) == 73
    assert emblems["Kaito Shizuki Emblem"] == "Emblem — Kaito"
    assert emblems["Wrenn and Seven Emblem"] == "Emblem — Wrenn"
    assert emblems["Ajani, Sleeper Agent Emblem"] == "Emblem — Ajani"
    assert [name for name, line in emblems.items() if not line.startswith("Emblem — ")] == []


# the printings in other languages (MTGJSON foreignData) of the full data: the index's rows for them
# answer as the per-card predicates do, and a printed name finds its card
LINGUAL_QUERIES = ("Blitzschlag", "lang:ja t:dragon", "lang:any c:r mv=1", "-lang:en s:m10", "new:language bolt")


@pytest.mark.parametrize("query", LINGUAL_QUERIES)
def test_full_differential_in_every_language(full, query):
    index, ref = full
    got, want = both_lingual(index, ref, query)
    assert got == want


def test_full_printed_names_find_their_cards(full):
    index, ref = full
    for name, card in (("Blitzschlag", "Lightning Bolt"), ("稲妻", "Lightning Bolt"), ("Contresort", "Counterspell")):
        result = search(index, f'"{name}"')
        assert card in [ref.cards[o].name for o in result.oracle_ids], name
    japanese = sum(1 for p in ref.corpus.printings.values() for t in p.translations if t.lang == "ja")
    assert search(index, "lang:ja", unique="prints").total == japanese > 30_000
