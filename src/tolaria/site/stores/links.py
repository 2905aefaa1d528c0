"""The links step: the rules each card's text links to (the `rule:` facet of the card index). Only the
cards whose reading changed (stores.digests) are linked again; the others' rules are what was stored."""

from __future__ import annotations

import functools

import orjson

from tolaria.cards import Corpus
from tolaria.rules import Linker, shipped_rulebook, shipped_rules_file

from . import digests
from .locks import retrying

STEP = "links"


@functools.cache
def _linker():
    return Linker(shipped_rulebook())


def code() -> str:
    """The code and the rule book the links are made with."""
    return digests.code_digest(["tolaria.rules", "tolaria.oracle", "tolaria.cards"], [shipped_rules_file()])


def card_digests(corpus: Corpus) -> dict[str, str]:
    made_with = code()
    return {oid: digests.card_digest(card, made_with) for oid, card in corpus.cards.items()}


def _link(card) -> list[str]:
    numbers: dict[str, None] = {}
    for spans in _linker().link_card(card):  # the faces read once, as the tagger read them
        for span in spans:
            numbers[span.rule] = None
    return list(numbers)


def rules_facet(corpus: Corpus, *, found: dict | None = None) -> dict[str, dict[str, float]]:
    """oracle_id -> {rule number: 1.0} for every rule a card's text links to (for `rule:`); the cards
    whose digest is unchanged keep their stored rules. found: an empty dict to learn how many cards were
    linked again ("read") and how many kept."""
    card_digests_ = card_digests(corpus)
    stored = digests.reuse(STEP, card_digests_)
    made = {oid: orjson.dumps(_link(corpus.cards[oid])).decode() for oid in stored.todo}
    if made or stored.gone:
        retrying(lambda: digests.save(STEP, card_digests_, made, stored), what="storing the rules links")
    facet: dict[str, dict[str, float]] = {}
    for oid in corpus.cards:
        data = made.get(oid) or stored.kept.get(oid)
        numbers = orjson.loads(data) if data else []
        if numbers:
            facet[oid] = dict.fromkeys(numbers, 1.0)
    if found is not None:
        found.update(read=len(made), kept=len(stored.kept))
    return facet
