"""Restrictions on casting read from a face: the sentences that forbid spells ("Each opponent can't cast
noncreature spells", "Noncreature spells with mana value … can't be cast", CR 101.2) or make them cost
more ("Noncreature spells cost {1} more to cast", CR 601.2f).

The spells a restriction names are spells the card stops, not spells it rewards: Thalia is no
spellslinger card.
"""

from __future__ import annotations

import re

from ._reading import FaceReading, Part

_SENTENCE = re.compile(r"[^.\n]+")
_FORBIDS = re.compile(r"\bcan['’]t (?:be )?cast\b|\bcannot (?:be )?cast\b", re.IGNORECASE)
_TAXES = re.compile(r"\bcosts? (?:\{[^}]+\})+ more\b", re.IGNORECASE)


def cast_restrictions(reading: FaceReading) -> tuple[Part, ...]:
    """Each sentence that forbids casting spells or makes spells cost more, outside reminder text and
    abilities quoted for another object."""
    text = reading.text
    if "cast" not in text:
        return ()
    out = []
    for s in _SENTENCE.finditer(text):
        sentence = s.group(0)
        hit = _FORBIDS.search(sentence) or _TAXES.search(sentence)
        if hit is None:
            continue
        at = s.start() + hit.start()
        if reading.in_reminder(at, at + 1) or reading.in_grant(at, at + 1):
            continue
        out.append(Part(s.start(), s.end(), sentence))
    return tuple(out)
