"""Stores derived from the corpus after each ingest that changed it: the card tags and the search
index (with its facets: tags, and the rules each card's text links to)."""

from __future__ import annotations

import functools

from tolaria.cards import Corpus

from .catalog.services import after_ingest


@functools.cache
def _linker():
    from tolaria.rules import Linker, shipped_rulebook

    return Linker(shipped_rulebook())


def rules_facet(corpus: Corpus) -> dict[str, dict[str, float]]:
    """oracle_id -> {rule number: 1.0} for every rule a card's text links to (for `rule:`)."""
    linker = _linker()
    facet: dict[str, dict[str, float]] = {}
    for oracle_id, card in corpus.cards.items():
        numbers: dict[str, float] = {}
        for face in card.faces:
            for span in linker.link(face.oracle_text, card.name):
                numbers[span.rule] = 1.0
        if numbers:
            facet[oracle_id] = numbers
    return facet


def search_facets(corpus: Corpus) -> dict:
    facets = {"rule": rules_facet(corpus)}
    facets.update(tag_facets())
    return facets


def tag_facets() -> dict:
    """tag / theme / pred facets from the stored card tags (empty until tags are computed)."""
    return {}


@after_ingest
def rebuild_search_index() -> None:
    from . import searching

    searching.rebuild_index()
