"""The links step: the rules each card's text links to (the `rule:` facet of the card index)."""

from __future__ import annotations

import functools

from tolaria.cards import Corpus
from tolaria.rules import Linker, shipped_rulebook


@functools.cache
def _linker():
    return Linker(shipped_rulebook())


def rules_facet(corpus: Corpus) -> dict[str, dict[str, float]]:
    """oracle_id -> {rule number: 1.0} for every rule a card's text links to (for `rule:`)."""
    linker = _linker()
    facet: dict[str, dict[str, float]] = {}
    for oracle_id, card in corpus.cards.items():
        numbers: dict[str, float] = {}
        for spans in linker.link_card(card):  # the faces read once, as the tagger read them
            for span in spans:
                numbers[span.rule] = 1.0
        if numbers:
            facet[oracle_id] = numbers
    return facet
