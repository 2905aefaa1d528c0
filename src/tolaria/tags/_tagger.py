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
        return self._tags(found, ctx)

    def _tags(self, found: dict[str, list[Evidence]], ctx: CardContext) -> list[CardTag]:
        out = []
        for tag_id, evidence in found.items():
            d = self.taxonomy.get(tag_id, keyword_label(tag_id))
            evidence = sorted(evidence, key=lambda e: (e.source, e.face or 0, e.start or 0, e.end or 0))
            abilities = _abilities(ctx, found, evidence, set())
            out.append(CardTag(d.id, d.label, d.group, d.kind, evidence, None, abilities))
        out.sort(key=lambda t: (self.taxonomy.group_order(t.group), t.id))
        return out

    def tag_many(self, cards: Iterable[Card]) -> dict[str, list[CardTag]]:
        return {card.oracle_id: self.tag(card) for card in cards}

    def tag_corpus(self, cards: Mapping[str, Card]) -> dict[str, list[CardTag]]:
        return {oid: self.tag(card) for oid, card in cards.items()}


def _abilities(ctx: CardContext, found: dict[str, list[Evidence]], evidence, seen: set[str]) -> list[dict]:
    """The abilities (of the structural reading) under a tag's text evidence; for a theme, those under the
    evidence of the facts it concludes from."""
    out: list[dict] = []
    for ev in evidence:
        if ev.source == "text" and ev.face is not None and ev.face < len(ctx.readings):
            ref = ability_ref(ctx.readings[ev.face], ev.face, ev.start or 0)
            if ref is not None and ref not in out:
                out.append(ref)
        elif ev.source == "facts":
            for fact in ev.facts:
                if fact in seen or fact not in found:
                    continue
                seen.add(fact)
                for ref in _abilities(ctx, found, found[fact], seen):
                    if ref not in out:
                        out.append(ref)
    return out


def ability_ref(reading, face: int, pos: int) -> dict | None:
    for i, a in enumerate(reading.abilities):
        if a.span.start <= pos < max(a.span.end, a.span.start + 1):
            return {"face": face, "index": i, "kind": a.kind, "text": reading.text[a.span.start : a.span.end]}
    return None


_default: Tagger | None = None


def default_tagger() -> Tagger:
    global _default
    if _default is None:
        _default = Tagger()
    return _default


def tag_card(card: Card) -> list[CardTag]:
    """Attribute, extracted and inferred tags of one card (predicted tags come from ``tolaria.tags.predict``)."""
    return default_tagger().tag(card)
