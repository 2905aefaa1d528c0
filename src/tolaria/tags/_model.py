"""Output types: a tag on a card and the evidence for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, NamedTuple

KINDS = ("attribute", "extracted", "inferred", "predicted")
PREDICTED_UNAVAILABLE = "Predicted tags are currently unavailable."  # shown where no model is loaded


class Evidence(NamedTuple):
    """Why a tag is on a card: a span of oracle text (face, start, end, text), card data, or facts.

    ``source`` is "text" (a span of the face's oracle text; offsets index ``card.faces[face].oracle_text``),
    "data" (a card field such as ``color_identity``, named in ``field``) or "facts" (the ids of the
    tags the conclusion rests on, in ``facts``), or "model" for predicted tags.

    A named tuple, not a dataclass: the tags of the whole corpus hold half a million of these, and tuples of
    numbers and strings drop out of the garbage collector's tracking (see tolaria.oracle._reading).
    """

    source: str
    face: int | None = None
    start: int | None = None
    end: int | None = None
    text: str | None = None
    field: str | None = None
    facts: tuple[str, ...] = ()
    role: str | None = None  # "granted": a keyword the card gives to something else

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"source": self.source}
        if self.source == "text":
            d.update(face=self.face, start=self.start, end=self.end, text=self.text)
        if self.field is not None:
            d["field"] = self.field
            d["text"] = self.text
        if self.facts:
            d["facts"] = list(self.facts)
        if self.role is not None:
            d["role"] = self.role
        return d


def span(face: int, start: int, end: int, text: str) -> Evidence:
    return Evidence("text", face=face, start=start, end=end, text=text[start:end])


@dataclass(frozen=True, slots=True)
class TagDef:
    """A tag of the taxonomy: id, label, group, one-line description and kind."""

    id: str
    label: str
    group: str
    kind: str
    description: str
    rule: str | None = None  # CR rule number where the tag is a CR term


@dataclass(slots=True)
class CardTag:
    id: str
    label: str
    group: str
    kind: str
    evidence: list[Evidence] = field(default_factory=list)
    confidence: float | None = None
    # the abilities of the card's structural reading the tag rests on: {face, index, kind, text}
    abilities: list[dict[str, Any]] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "label": self.label,
            "group": self.group,
            "kind": self.kind,
            "evidence": [e.to_dict() for e in self.evidence],
            "confidence": self.confidence,
            "abilities": list(self.abilities),
        }
