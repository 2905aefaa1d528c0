"""The tagger: attributes, then extracted facts, then inferred themes, each tag with its evidence."""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ..cards import Card
from ..oracle import FaceReading
from ._attributes import ATTRIBUTES
from ._context import CardContext
from ._extract import EXTRACTORS, keyword_label
from ._infer import THEMES, Facts, tribal
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
        # each tag's evidence without repeats, in the order found (a dict keeps order; testing membership
        # in a list made this the tagger's costliest line)
        found: dict[str, dict[Evidence, None]] = {}

        def add(hits: Iterable[tuple[str, Evidence]]) -> None:
            for tag_id, ev in hits:
                bucket = found.get(tag_id)
                if bucket is None:
                    found[tag_id] = {ev: None}
                elif ev not in bucket:
                    bucket[ev] = None

        for fn in ATTRIBUTES.values():
            add(fn(card, self.taxonomy))
        ctx = CardContext.of(card)
        for ex in EXTRACTORS.values():
            add(ex.fn(ctx))
        facts = Facts(found)
        for rule in THEMES.values():
            add(rule.fn(ctx, facts))
        add(tribal(ctx, facts, self.taxonomy))
        return self._tags(found, ctx)

    def _tags(self, found: dict[str, dict[Evidence, None]], ctx: CardContext) -> list[CardTag]:
        out = []
        refs = _Refs(ctx.readings)
        for tag_id, bucket in found.items():
            d = self.taxonomy.get(tag_id, keyword_label(tag_id))
            evidence = sorted(bucket, key=_evidence_order)
            abilities = _abilities(refs, found, evidence, set())
            out.append(CardTag(d.id, d.label, d.group, d.kind, evidence, None, abilities))
        out.sort(key=lambda t: (self.taxonomy.group_order(t.group), t.id))
        return out

    def tag_many(self, cards: Iterable[Card]) -> dict[str, list[CardTag]]:
        with _corpus_pass():
            return {card.oracle_id: self.tag(card) for card in cards}

    def tag_corpus(self, cards: Mapping[str, Card]) -> dict[str, list[CardTag]]:
        with _corpus_pass():
            return {oid: self.tag(card) for oid, card in cards.items()}


@contextmanager
def _corpus_pass() -> Iterator[None]:
    """Tagging a corpus allocates millions of small objects, and the garbage collector's full collections
    then walk every object alive, over and over, as the pass's output grows: a fifth of the pass's time
    (CPU time on the full data: 1.2-1.7 s of 8-9 s). The pass makes no reference cycles (its objects are
    freed by reference counting as usual), so the cycle collector is paused for its duration and restored
    after; a caller that had paused it keeps it paused."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def _evidence_order(e: Evidence) -> tuple[str, int, int, int]:
    return (e.source, e.face or 0, e.start or 0, e.end or 0)


class _Refs:
    """The abilities of one card's readings, found by text position; each reference made once per card,
    so that a tag resting on many spans of one ability lists it once without comparing dictionaries."""

    def __init__(self, readings: Sequence[FaceReading]) -> None:
        self.readings = readings
        self._bounds: dict[int, list[tuple[int, int]]] = {}
        self._made: dict[tuple[int, int], dict[str, Any]] = {}

    def at(self, face: int, pos: int) -> dict[str, Any] | None:
        if face >= len(self.readings):
            return None
        bounds = self._bounds.get(face)
        if bounds is None:
            bounds = [(a.span.start, max(a.span.end, a.span.start + 1)) for a in self.readings[face].abilities]
            self._bounds[face] = bounds
        for i, (start, end) in enumerate(bounds):
            if start <= pos < end:
                ref = self._made.get((face, i))
                if ref is None:
                    ref = ability_ref(self.readings[face], face, pos)
                    if ref is None:
                        return None
                    self._made[(face, i)] = ref
                return ref
        return None


def _abilities(
    refs: _Refs, found: Mapping[str, Iterable[Evidence]], evidence: Iterable[Evidence], seen: set[str]
) -> list[dict[str, Any]]:
    """The abilities (of the structural reading) under a tag's text evidence; for a theme, those under the
    evidence of the facts it concludes from."""
    out: list[dict[str, Any]] = []
    for ev in evidence:
        if ev.source == "text" and ev.face is not None:
            ref = refs.at(ev.face, ev.start or 0)
            if ref is not None and all(r is not ref for r in out):
                out.append(ref)
        elif ev.source == "facts":
            for fact in ev.facts:
                if fact in seen or fact not in found:
                    continue
                seen.add(fact)
                for ref in _abilities(refs, found, found[fact], seen):
                    if all(r is not ref for r in out):
                        out.append(ref)
    return out


def ability_ref(reading: FaceReading, face: int, pos: int) -> dict[str, Any] | None:
    """{face, index, kind, text} of the ability of ``reading`` at text position ``pos``."""
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
