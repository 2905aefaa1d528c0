"""What a face's effects do to objects and players, read as a deck builder reads them: damage and whom
it is dealt to (CR 120), destroying and exiling (701.8, 701.13), countering (701.6), an edict (a player
sacrificing, 701.21), -N/-N, returning a permanent to its owner's hand (a bounce), fighting (701.14) and
gaining control of a permanent (its ``subject`` the whole sentence, whose duration tells a Threaten). Each effect knows
its verb and the object phrase it acts on, so that "deals 3 damage to any target" (burn and removal),
"destroy all creatures" (a board wipe) and "counter target spell" (a counterspell) are told from "deals 1
damage to you" (a drawback), "Exile target artifact card from a graveyard" (no permanent) or "Exile target
creature you control" (a flicker).

Never read inside reminder text, an ability quoted for another object, a negation, a trigger condition
or an "if" / "as long as" condition: those describe, grant or test, they do nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Literal, NamedTuple

from ._reading import FaceReading, Part

EffectKind = Literal["damage", "destroy", "exile", "counter", "edict", "shrink", "bounce", "fight", "control"]


class Effect(NamedTuple):
    kind: EffectKind
    verb: Part  # "deals 3 damage", "Destroy", "Counter", "sacrifices", "gets -3/-3"
    target: Part  # what it acts on: "any target", "all creatures", "target spell", "a creature"
    subject: str = ""  # the words before the verb in its clause (who sacrifices, what gets -N/-N); a control
    # effect's whole sentence


# "deals 3 damage to", "deal damage equal to its power to", "deals twice X damage to": not "would deal"
_DAMAGE = re.compile(
    r"(?<!would )\b(deals?) (?!combat|that damage)(?:[^.,;:\n]{0,30}? )?damage\b(?: equal to [^.,;:\n]*?)?(?: divided [^.\n]*?among| to)"
    r" (?P<target>[^.;:\n]+)",
    re.IGNORECASE,
)
_OBJECT_VERB = re.compile(
    r"\b(?P<verb>destroy|destroys|exile|exiles|counter|counters)\b (?P<target>[^.;:\n]+)", re.IGNORECASE
)
_EDICT = re.compile(r"\b(?P<verb>sacrifices)\b (?P<target>[^.;:\n]+)", re.IGNORECASE)
# "Return target nonland permanent to its owner's hand", "return all creatures to their owners' hands"
# (a permanent leaves the battlefield for its owner's hand: 400.7); the object phrase is what comes between
_BOUNCE = re.compile(
    r"\b(?P<verb>returns?) (?P<target>(?:(?!\bto (?:its|their) owner)[^.;:\n])+?) to (?:its|their) owner(?:['’]s|s['’]) hands?\b",
    re.IGNORECASE,
)
# "you may have ~ fight that creature", "Target creature you control fights target creature you don't control"
# (701.14): the object phrase is the creature fought
_FIGHT = re.compile(r"\b(?P<verb>fights?) (?P<target>(?!each other\b)[^.;:\n]+)", re.IGNORECASE)
# control of a permanent taken: "Gain control of target creature" (and "until end of turn" or not: the reader of
# the effect tells a Threaten from a Control Magic), an Aura's "You control enchanted creature"
_CONTROL = re.compile(
    r"\b(?P<verb>gains? control of|gained control of) (?P<target>[^.;:\n]+)"
    r"|(?:^|(?<=[.\n])\s*)(?P<verb2>You control) (?P<target2>enchanted (?:creature|permanent|artifact|enchantment|land|planeswalker))\b",
    re.IGNORECASE | re.MULTILINE,
)
_SHRINK = re.compile(r"\b(?P<verb>gets?|get) (?:[+-]?(?:\d+|X)/-(?:[1-9]\d*|X))\b", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[.;:\n•]|, (?=then\b)|, ")
_CONDITION = re.compile(r"^\s*(?:if|as long as|unless|whenever|when|each time)\b", re.IGNORECASE)
# an object phrase ends where the next clause or a new verb begins
_PHRASE_END = re.compile(
    # (a list of counts goes on: "among one, two, or three targets")
    r",\s(?!or\b|and\b(?! (?:you|that|it|then)\b)|(?:one|two|three|four|five|six)\b)|\s(?:and|then) (?:you|that player|it|its controller|they)\b"
    r"|\s(?:unless|if|until|where|instead)\b|\s+and (?=(?:\d+|X|that much) damage to\b)",
    re.IGNORECASE,
)
# a second amount of damage the same verb deals to another object: "deals 3 damage to target player and 1 damage
# to each creature that player controls" (Radiating Lightning): two damage effects, each with its own object
_MORE_DAMAGE = re.compile(r"\band (?P<amount>(?:\d+|X|that much) damage) to (?P<target>[^.;:\n]+)", re.IGNORECASE)


def effects(reading: FaceReading) -> tuple[Effect, ...]:
    """The damage, destruction, exile, counter, edict and -N/-N effects of a face, in text order ("deals 3
    damage to target player and 1 damage to each creature that player controls": two damage effects)."""
    text = reading.text
    low = text.lower()
    if not any(
        w in low for w in ("damage", "destroy", "exile", "counter", "sacrifices", "/-", "hand", "fight", "control")
    ):
        return ()
    found: list[Effect] = []
    for m in _overlapping(_DAMAGE, text):
        first = _target(text, m)
        found.append(Effect("damage", _p(text, m.start(1), text.index("damage", m.start(1)) + 6), first))
        if (more := _MORE_DAMAGE.match(text, first.end + 1)) is not None and more.end() <= m.end("target"):
            found.append(Effect("damage", _p(text, *more.span("amount")), _target(text, more)))
    for m in _overlapping(_OBJECT_VERB, text):
        verb = m.group("verb").lower().rstrip("s")
        kind: EffectKind = "counter" if verb == "counter" else verb  # type: ignore[assignment]
        if kind == "counter" and not re.match(r"(?:up to \w+ )?(?:another )?target\b|that spell\b", m.group("target")):
            continue  # "+1/+1 counter", "counters on": the noun, not the action
        found.append(Effect(kind, _p(text, *m.span("verb")), _target(text, m)))
    for m in _overlapping(_EDICT, text):
        found.append(Effect("edict", _p(text, *m.span("verb")), _target(text, m), _subject(text, m.start())))
    for m in _BOUNCE.finditer(text) if "return" in low else ():
        found.append(Effect("bounce", _p(text, *m.span("verb")), _p(text, *m.span("target"))))
    for m in _FIGHT.finditer(text) if "fight" in low else ():
        found.append(Effect("fight", _p(text, *m.span("verb")), _target(text, m)))
    for m in _CONTROL.finditer(text) if "control" in low else ():
        if m.group("verb"):
            found.append(Effect("control", _p(text, *m.span("verb")), _target(text, m), _sentence(text, m.start())))
        else:
            found.append(
                Effect("control", _p(text, *m.span("verb2")), _p(text, *m.span("target2")), _sentence(text, m.start()))
            )
    for m in _SHRINK.finditer(text):
        found.append(
            Effect("shrink", _p(text, m.start(), m.end()), _p(text, m.start(), m.end()), _subject(text, m.start()))
        )
    return tuple(sorted((e for e in found if _done(reading, e.verb.start)), key=lambda e: e.verb.start))


def _overlapping(pattern: re.Pattern[str], text: str) -> Iterator[re.Match[str]]:
    """Every match of an effect's verb, each looked for again right after the last one's verb: an object
    phrase runs to the sentence's end, so one verb's phrase may hold the next verb ("Whenever an instant
    you control deals damage to an opponent, ~ deals that much damage to target creature": the trigger's
    "deals" would swallow the effect's)."""
    pos = 0
    while (m := pattern.search(text, pos)) is not None:
        yield m
        pos = m.start() + 1


def _p(text: str, start: int, end: int) -> Part:
    return Part(start, end, text[start:end])


def _target(text: str, m: re.Match[str]) -> Part:
    start, end = m.span("target")
    stop = _PHRASE_END.search(text, start, end)
    return _p(text, start, stop.start() if stop else end)


def _clause_start(text: str, pos: int) -> int:
    return max((m.end() for m in _CLAUSE_START.finditer(text, 0, pos)), default=0)


def _sentence(text: str, pos: int) -> str:
    """The whole sentence around ``pos`` (a control effect's duration may follow its object: "… until end of
    turn")."""
    start = max(text.rfind(ch, 0, pos) for ch in ".\n") + 1
    ends = [i for i in (text.find(".", pos), text.find("\n", pos)) if i >= 0]
    return text[start : min(ends) if ends else len(text)].strip()


def _subject(text: str, pos: int) -> str:
    return text[_clause_start(text, pos) : pos].strip()


def _done(reading: FaceReading, pos: int) -> bool:
    """The words at ``pos`` are an effect the card's ability does, not reminder, granted, negated, a
    trigger condition or an "if" clause."""
    if reading.in_reminder(pos, pos + 1) or reading.in_grant(pos, pos + 1) or reading.negated(pos, pos + 1):
        return False
    ability = reading.ability_at(pos)
    if ability is not None:
        for part in (ability.trigger, ability.condition):
            if part is not None and part.start <= pos < part.end:
                return False
    text = reading.text
    start = _clause_start(text, pos)
    return not _CONDITION.match(text[start:pos])
