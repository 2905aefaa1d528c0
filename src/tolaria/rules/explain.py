"""A card's oracle text explained by the Comprehensive Rules, for the card page, the API and the CLI.

    for face in explained_faces(card):
        face.name, face.segments   # plain pieces and linked pieces, in order
    explanation_lines(card)        # "Trample → CR 702.19 Trample" then the indented rule texts

A linked piece carries the rule it opens (`rule`), a human title (the rule's title, the glossary term,
or the nearest titled ancestor), and the rule's subtree (`rules`: number, text, examples, and the rule
references inside each text so that "See rule 510" can be a link too).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tolaria.cards import Card
from tolaria.oracle import FaceReading, read_card

from ._linker import Linker, Span
from ._model import Rule, RuleBook
from ._parser import shipped_rulebook

MAX_RULES_PER_LINK = 60  # a reference to a whole section ("see rule 702") would otherwise carry hundreds


@functools.cache
def rulebook() -> RuleBook:
    return shipped_rulebook()


@functools.cache
def linker() -> Linker:
    return Linker(rulebook())


@dataclass(frozen=True, slots=True)
class RuleText:
    number: str
    text: str
    examples: tuple[str, ...] = ()
    title: str = ""
    references: tuple[tuple[int, int, str], ...] = ()  # (start, end, target) inside `text`

    def as_dict(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "examples": list(self.examples),
            "references": [{"start": s, "end": e, "target": t} for s, e, t in self.references],
        }


@dataclass(frozen=True, slots=True)
class PlainSegment:
    text: str
    linked: bool = False
    in_reminder: bool = False  # reminder text: explains, the page sets it apart

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "linked": False, "in_reminder": self.in_reminder}


@dataclass(frozen=True, slots=True)
class LinkedSegment:
    text: str
    kind: str  # keyword_ability, keyword_action, ability_word, glossary, rule_reference
    rule: str
    title: str
    rules: tuple[RuleText, ...]
    in_reminder: bool = False
    glossary_term: str | None = None
    truncated: bool = False  # the subtree had more than MAX_RULES_PER_LINK rules
    linked: bool = True

    def as_dict(self) -> dict[str, Any]:
        return {
            "text": self.text,
            "linked": True,
            "kind": self.kind,
            "rule": self.rule,
            "title": self.title,
            "rules": [r.as_dict() for r in self.rules],
            "in_reminder": self.in_reminder,
            "glossary_term": self.glossary_term,
            "truncated": self.truncated,
        }


Segment = PlainSegment | LinkedSegment


@dataclass(slots=True)
class ExplainedFace:
    name: str
    segments: list[Segment] = field(default_factory=list)
    structure: dict[str, Any] = field(default_factory=dict)  # the face's abilities (tolaria.oracle)

    @property
    def links(self) -> list[LinkedSegment]:
        return [s for s in self.segments if isinstance(s, LinkedSegment)]

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "segments": [s.as_dict() for s in self.segments], "structure": self.structure}


def rule_text(rule: Rule) -> RuleText:
    return RuleText(
        rule.number,
        rule.text,
        tuple(rule.examples),
        rule.title,
        tuple((r.start, r.end, r.target) for r in rule.references),
    )


@functools.lru_cache(maxsize=4096)
def rule_subtree(number: str) -> tuple[tuple[RuleText, ...], bool]:
    """The texts a link to `number` opens: the rule and everything under it (a titled head without text,
    like "702.19. Trample", is left out: its title is the link's title). Second item: truncated."""
    book = rulebook()
    if number not in book:
        return (), False
    rules = [r for r in book.subtree(number) if r.text or r.examples or r.number != number]
    if not rules:  # a bare title with nothing under it
        rules = [book.rule(number)]
    truncated = len(rules) > MAX_RULES_PER_LINK
    return tuple(rule_text(r) for r in rules[:MAX_RULES_PER_LINK]), truncated


def rule_title(number: str, glossary_term: str | None = None) -> str:
    """ "Trample" for 702.19; the glossary term's own spelling for a glossary link; otherwise the
    nearest titled ancestor ("Day and Night" for 730.2a)."""
    book = rulebook()
    if glossary_term:
        entry = book.glossary_entry(glossary_term)
        if entry is not None:
            return entry.term
    rule = book.get(number)
    if rule is not None and not rule.title and (term := _glossary_citing(number)) is not None:
        return term  # 207.2c is "Ability Word", not its section "Text Box"
    while rule is not None:
        if rule.title:
            return rule.title
        rule = book.get(rule.parent) if rule.parent else None
    return ""


@functools.lru_cache(maxsize=1024)
def _glossary_citing(number: str) -> str | None:
    """The glossary term that cites exactly this subrule and nothing else, if there is one."""
    for entry in rulebook().glossary.values():
        if entry.see_rules == [number]:
            return entry.term
    return None


def _plain(text: str, start: int, end: int, reading: FaceReading | None) -> list[PlainSegment]:
    """Plain text cut where reminder text begins and ends, so the page can set reminder text apart."""
    cuts = {start, end}
    if reading is not None:
        for r in reading.reminders:
            cuts |= {c for c in (r.start, r.end) if start < c < end}
    bounds = sorted(cuts)
    out = []
    for a, b in zip(bounds, bounds[1:]):
        if a < b:
            out.append(PlainSegment(text[a:b], in_reminder=bool(reading and reading.in_reminder(a, b))))
    return out


def explain_text(
    oracle_text: str,
    card_name: str | None = None,
    spans: Sequence[Span] | None = None,
    reading: FaceReading | None = None,
) -> list[Segment]:
    segments: list[Segment] = []
    pos = 0
    if reading is None:
        reading = linker().reader.read(oracle_text, names=(card_name,) if card_name else ())
    if spans is None:
        spans = linker().link(oracle_text, card_name, reading)
    for span in spans:
        if span.start > pos:
            segments += _plain(oracle_text, pos, span.start, reading)
        rules, truncated = rule_subtree(span.rule)
        segments.append(
            LinkedSegment(
                text=oracle_text[span.start : span.end],
                kind=span.kind,
                rule=span.rule,
                title=rule_title(span.rule, span.glossary_term),
                rules=rules,
                in_reminder=span.in_reminder,
                glossary_term=span.glossary_term,
                truncated=truncated,
            )
        )
        pos = span.end
    if pos < len(oracle_text):
        segments += _plain(oracle_text, pos, len(oracle_text), reading)
    return segments


def explained_faces(card: Card) -> list[ExplainedFace]:

    readings = read_card(card, linker().reader)
    spans = linker().link_card(card)
    return [
        ExplainedFace(face.name, explain_text(face.oracle_text or "", card.name, s, r), r.as_dict())
        for face, s, r in zip(card.faces, spans, readings)
    ]


def card_structure(card: Card) -> list[dict[str, Any]]:
    """The structural reading of each face, as data (the "tolaria" key of /api/cards/{id})."""

    return [{"name": f.name, **r.as_dict()} for f, r in zip(card.faces, read_card(card, linker().reader))]


def explained_dict(card: Card) -> dict[str, Any]:
    """The JSON of /api/cards/{id}/explained."""
    book = rulebook()
    return {
        "object": "explained_card",
        "oracle_id": card.oracle_id,
        "name": card.name,
        "rules_effective_date": book.effective_date.isoformat(),
        "faces": [f.as_dict() for f in explained_faces(card)],
    }


def explanation_lines(card: Card) -> list[str]:
    """For `tolaria card NAME --explain`: one line per linked term (each term and rule once), then the
    rule texts indented under it."""
    lines: list[str] = []
    seen: set[tuple[str, str]] = set()
    for face in explained_faces(card):
        for link in face.links:
            key = (link.text.lower(), link.rule)
            if key in seen:
                continue
            seen.add(key)
            lines.append(f"{link.text} → CR {link.rule} {link.title}".rstrip())
            for rule in link.rules:
                lines.append(f"    {rule.number} {rule.text or rule.title}".rstrip())
                lines += [f"      Example: {e}" for e in rule.examples]
            if link.truncated:
                lines.append(f"    … (see the full rule {link.rule})")
    if not lines:
        lines.append("No keyword or rules term in this card's text.")
    return lines
