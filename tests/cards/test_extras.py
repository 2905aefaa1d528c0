"""Tokens and emblems (MTGJSON's `tokens` of a set) read as Scryfall's extras: printings of the token
set (tdmu, "Dominaria United Tokens", set type token), kept apart from the cards of the game, found
by a search only with include:extras (Scryfall's syntax guide: include:extras "includes extra cards
such as tokens"), each remembering the cards that make it (MTGJSON relatedCards.reverseRelated)."""

from __future__ import annotations

import copy
import lzma
from pathlib import Path

import orjson
import pytest

from tolaria.cards import EXTRA_LAYOUTS, Card, read_corpus
from tolaria.cards._mtgjson import token_batch
from tolaria.search import build_index, search

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "mtgjson" / "DMU-tokens.json.xz"


@pytest.fixture(scope="module")
def corpus():
    return read_corpus(FIXTURE)


def _named(corpus, name: str) -> Card:
    return next(c for c in corpus.extras.values() if c.name == name)


def test_tokens_are_extras_of_the_token_set(corpus):
    # the fixture holds 3 tokens and 1 emblem (scripts/make_token_fixture.py)
    assert sorted(c.name for c in corpus.extras.values()) == [
        "Ajani, Sleeper Agent Emblem",
        "Kobolds of Kher Keep",
        "Powerstone",
        "Soldier",
    ]
    assert {c.layout for c in corpus.extras.values()} == {"token", "emblem"} <= EXTRA_LAYOUTS
    assert not any(c.is_extra for c in corpus.cards.values())
    assert not set(corpus.extras) & set(corpus.cards)
    tdmu = corpus.sets["tdmu"]  # MTGJSON's tokenSetCode TDMU, Scryfall's code for DMU's tokens
    assert (tdmu.name, tdmu.set_type, tdmu.parent_code) == ("Dominaria United Tokens", "token", "dmu")
    assert {p.set_code for p in corpus.extra_printings.values()} == {"tdmu"}
    assert not any(p.set_code == "tdmu" for p in corpus.printings.values())
    soldier = _named(corpus, "Soldier")
    assert soldier.type_line == "Token Creature — Soldier" and soldier.front.power == "1"
    assert "Scout the Wilderness" in soldier.made_by and "Raise the Alarm" in soldier.made_by
    emblem = _named(corpus, "Ajani, Sleeper Agent Emblem")
    assert emblem.made_by == ("Ajani, Sleeper Agent",)
    # Scryfall's type line names the planeswalker's subtype (MTGJSON writes "Emblem" alone)
    assert (emblem.type_line, emblem.front.subtypes) == ("Emblem — Ajani", ("Ajani",))


def test_made_by_survives_the_round_trip_and_cards_serialise_as_before(corpus):
    soldier = _named(corpus, "Soldier")
    assert Card.from_dict(soldier.to_dict()).made_by == soldier.made_by
    card = next(iter(corpus.cards.values()))
    assert "made_by" not in card.to_dict()


@pytest.fixture(scope="module")
def index(corpus):
    return build_index(corpus)


def _names(index, query: str) -> set[str]:
    result = search(index, query, page_size=500)
    return {index.names[index.oracle_ids.index(oid)] for oid in result.oracle_ids}


def test_searches_leave_extras_out_unless_include_extras(index):
    assert "Soldier" not in _names(index, "t:soldier")
    assert "Soldier" in _names(index, "t:soldier include:extras")
    assert _names(index, "!soldier") == set()
    assert _names(index, "!soldier include:extras") == {"Soldier"}
    assert _names(index, "e:tdmu") == set()
    assert len(_names(index, "e:tdmu include:extras")) == 4
    assert _names(index, "t:emblem include:extras") == {"Ajani, Sleeper Agent Emblem"}
    # the card counts of a search: the same with or without the extras in the index
    # a token's colors are the source's (MTGJSON colors ["W"] for the Soldier): it has no mana cost
    plain = search(index, "c:w").total
    assert search(index, "c:w include:extras").total == plain + 1
    assert "Soldier" in _names(index, "c:w include:extras") and "Soldier" not in _names(index, "c:w")


def test_a_token_record_listed_twice_counts_once():
    # MTGJSON 5.2.0+20220425 lists 165 art series faces twice (same uuid, byte-identical) in the tokens
    # of AAFR, AMID, AVOW and ANEO; each must stay one face of one printing (the uuid table's key)

    with lzma.open(FIXTURE) as fh:
        data = orjson.loads(fh.read())["data"]
    once = token_batch(data, "fixture")
    soldier = next(t for t in data["tokens"] if t["name"] == "Soldier")
    data["tokens"].append(copy.deepcopy(soldier))
    twice = token_batch(data, "fixture")
    assert [p.mtgjson_uuids for p in twice.printings] == [p.mtgjson_uuids for p in once.printings]
    assert [len(c.faces) for c in twice.cards] == [len(c.faces) for c in once.cards]
    uuids = [u for p in twice.printings for u in p.mtgjson_uuids]
    assert len(uuids) == len(set(uuids))


def test_a_set_whose_tokens_are_its_own_stays_that_set():
    # an art series set (AAFR: type memorabilia, no cards, its art cards in `tokens` with setCode
    # AAFR) is its own token set: the set keeps its name and type, not "… Tokens", set type token

    with lzma.open(FIXTURE) as fh:
        data = orjson.loads(fh.read())["data"]
    data.pop("tokenSetCode", None)
    data["type"] = "memorabilia"
    for record in data["tokens"]:
        record["setCode"] = data["code"]
    batch = token_batch(data, "fixture")
    assert (batch.card_set.code, batch.card_set.name, batch.card_set.set_type) == (
        "dmu",
        "Dominaria United",
        "memorabilia",
    )
