"""Per-card context shared by the extractors: prepared face texts and the type facts."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import PERMANENT_TYPES as CARD_PERMANENT_TYPES
from ..cards import Card
from ..oracle import FaceReading, read_card
from ..rules import shipped_reader
from ._text import FaceText, prepare

PERMANENT_TYPES = {t.lower() for t in CARD_PERMANENT_TYPES}  # face types here are lower case


@dataclass
class CardContext:
    card: Card
    faces: list[FaceText]
    types: set[str] = field(default_factory=set)  # lower-case card types over all faces
    face_types: list[set[str]] = field(default_factory=list)
    readings: list[FaceReading] = field(default_factory=list)  # the structural reading of each face
    # what several rules read of one face (its activated abilities, its triggers), computed once per card
    memo: dict[tuple[str, int], Any] = field(default_factory=dict)

    @classmethod
    def of(cls, card: Card) -> CardContext:
        faces = [prepare(card.name, f.name, i, f.oracle_text, f.type_line) for i, f in enumerate(card.faces)]
        face_types = []
        for f in card.faces:
            types = {t.lower() for t in f.types} or _types_from_line(f.type_line)
            face_types.append(types)
        return cls(
            card,
            faces,
            set().union(*face_types) if face_types else set(),
            face_types,
            read_card(card, shipped_reader()),
        )

    def is_permanent_face(self, i: int) -> bool:
        return bool(self.face_types[i] & PERMANENT_TYPES)


def _types_from_line(type_line: str) -> set[str]:
    left = (type_line or "").split("—")[0]
    return {w.lower() for w in left.split()}
