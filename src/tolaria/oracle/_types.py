"""Type-changing effects read from a face (CR 205.1a-b, layer 4 of 613.1d): the types an object *becomes*
or *is* by an effect ("~ becomes a 2/2 Golem artifact creature", "is also a Cleric, Rogue, Warrior, and
Wizard", "is a black Zombie in addition to its other colors and types"), and the card testing its own
types ("If Figure of Destiny is a Spirit, it becomes …").

A creature type inside such a phrase is a type the effect sets, not one the card cares about: a deck of
Golems gains nothing from Guardian Idol. A type tested of another object ("If it's a Zombie card", "As long
as equipped creature is a Human") is a type the card cares about and is not read here.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ._reading import FaceReading, Part

_COLOR = r"(?:white|blue|black|red|green|colorless)"
_TYPE_WORD = r"[A-Z][\w’'-]*"
# the new characteristics: "a legendary 0/0 Elemental", "a 4/4 red and green Dragon artifact creature",
# "2/2 Warrior creatures", "a Cleric, Rogue, Warrior, and Wizard", "black Zombies", "a Human or an Angel"
_PHRASE = (
    r"(?:an? )?(?:legendary |snow |basic )?(?:(?:\d+|X|\*)/(?:\d+|X|\*) )?"
    rf"(?:{_COLOR}(?:,? (?:and )?{_COLOR})* )?"
    rf"(?P<types>{_TYPE_WORD}(?:(?:,? (?:and |or )?(?:an? )?| ){_TYPE_WORD})*)"
)
# the verb of a type-setting effect; "that's" and "with" clauses describe a test or a token, not a change
_VERB = r"\b(?P<verb>becomes?|become|is|are|it['’]s|they['’]re|he['’]s|she['’]s)(?: (?:also|still))? "
_CHANGE = re.compile(_VERB + _PHRASE)
# "becomes your choice of a blue Frog creature … or a blue Octopus creature …": every type to the sentence's end
_CHOICE = re.compile(r"\b(?P<verb>becomes? your choice of) (?P<types>[^.\n]+)")
# the clause before the verb is a condition: the phrase tests a type, it does not set one
_CONDITION = re.compile(r"\b(?:if|as long as|unless|whenever|when|while|only if|where)\b[^,.:;—]*$", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[.,:;—•\n]")
_NOT_TYPES = frozenset({"Add", "Equipment", "Aura"})


class TypeChange(NamedTuple):
    """``types``: the span of the creature (and other) types named as what an object becomes or is;
    ``test``: the card testing its own types in a condition rather than setting them."""

    verb: Part
    types: Part
    test: bool


def type_changes(reading: FaceReading) -> tuple[TypeChange, ...]:
    """The type-changing effects of a face, and the card's tests of its own types; never inside reminder
    text or an ability quoted for another object."""
    text = reading.text
    if not any(w in text for w in ("becom", " is ", " are ", "’s ", "'s ", "’re ", "'re ")):
        return ()
    out: list[TypeChange] = [
        TypeChange(
            Part(m.start("verb"), m.end("verb"), m.group("verb")), Part(*m.span("types"), m.group("types")), test=False
        )
        for m in _CHOICE.finditer(text)
        if not reading.in_reminder(m.start(), m.end())
    ]
    for m in _CHANGE.finditer(text):
        types_start, types_end = m.span("types")
        words = m.group("types")
        if words.split(" ")[0] in _NOT_TYPES:
            continue
        if reading.in_reminder(m.start(), m.end()) or reading.in_grant(m.start(), m.end()):
            continue
        clause = _clause_before(text, m.start())
        test = bool(_CONDITION.search(clause))
        if test:
            # a condition tests the type; only the card testing itself ("If ~ is a Spirit") is read here
            subject_end = m.start()
            while subject_end > 0 and text[subject_end - 1] == " ":
                subject_end -= 1
            if not any(p.end == subject_end for p in reading.self_refs):
                continue
        if not m.group("verb").startswith("becom") and not test and not _sets_a_type(text, m.end()):
            continue
        out.append(
            TypeChange(
                Part(m.start("verb"), m.end("verb"), m.group("verb")),
                Part(types_start, types_end, text[types_start:types_end]),
                test,
            )
        )
    return tuple(out)


def _clause_before(text: str, pos: int) -> str:
    start = max((m.end() for m in _CLAUSE_START.finditer(text, 0, pos)), default=0)
    return text[start:pos]


# after "is/are <phrase>": the words that show an effect setting characteristics, not a description
_SETS = re.compile(
    r"\s*(?:(?:artifact |enchantment |land )?creatures?\b|in addition to\b|with base power\b"
    r"|with (?:base )?power and toughness\b|with [^.]*\bin addition to\b|[.,]|and (?:has|have|gains?|loses?)\b|that['’]s still\b)"
)


def _sets_a_type(text: str, end: int) -> bool:
    """ "is a 3/3 black Ooze creature", "is a black Zombie in addition to …", "It's still a Shapeshifter.":
    a change. A bare "is a" in running text is one only when the phrase ends the clause or names a creature."""
    return bool(_SETS.match(text, end))
