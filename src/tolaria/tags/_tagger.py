"""The tagger: attributes, then extracted facts, then inferred themes, each tag with its evidence."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path

from ..cards import Card
from ._attributes import ATTRIBUTES
from ._context import CardContext
from ._extract import EXTRACTORS, keyword_label
from ._infer import THEMES, tribal
from ._model import CardTag, Evidence
from ._taxonomy import Taxonomy, default_taxonomy


class Tagger:
    """Tags cards. Holds the taxonomy and the CR vocabulary so that tagging many cards costs one load.

    Deterministic: the same card always gets the same tags, in the same order (taxonomy group order,
    then tag id), each with its evidence in text order.
    """

    def __init__(self, taxonomy: Taxonomy | None = None, taxonomy_path: str | Path | None = None):
        if taxonomy is None:
            taxonomy = Taxonomy.load(taxonomy_path) if taxonomy_path else default_taxonomy()
        self.taxonomy = taxonomy

    def tag(self, card: Card) -> list[CardTag]:
        found: dict[str, list[Evidence]] = {}

        def add(hits: Iterable[tuple[str, Evidence]]) -> None:
            for tag_id, ev in hits:
                bucket = found.setdefault(tag_id, [])
                if ev not in bucket:
                    bucket.append(ev)

        for fn in ATTRIBUTES.values():
            add(fn(card, self.taxonomy))
        ctx = CardContext.of(card)
        for ex in EXTRACTORS.values():
            add(ex.fn(ctx))
        facts = set(found)
        for rule in THEMES.values():
            add(rule.fn(ctx, facts))
        add(tribal(ctx, facts, self.taxonomy))
        return self._tags(found)

    def _tags(self, found: dict[str, list[Evidence]]) -> list[CardTag]:
        out = []
        for tag_id, evidence in found.items():
            d = self.taxonomy.get(tag_id, keyword_label(tag_id))
            evidence = sorted(evidence, key=lambda e: (e.source, e.face or 0, e.start or 0, e.end or 0))
            out.append(CardTag(d.id, d.label, d.group, d.kind, evidence, None))
        out.sort(key=lambda t: (self.taxonomy.group_order(t.group), t.id))
        return out

    def tag_many(self, cards: Iterable[Card]) -> dict[str, list[CardTag]]:
        return {card.oracle_id: self.tag(card) for card in cards}

    def tag_corpus(self, cards: Mapping[str, Card]) -> dict[str, list[CardTag]]:
        return {oid: self.tag(card) for oid, card in cards.items()}


_default: Tagger | None = None


def default_tagger() -> Tagger:
    global _default
    if _default is None:
        _default = Tagger()
    return _default


def tag_card(card: Card) -> list[CardTag]:
    """Attribute, extracted and inferred tags of one card (predicted tags come from ``tolaria.tags.predict``)."""
    return default_tagger().tag(card)
