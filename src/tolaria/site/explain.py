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
from dataclasses import dataclass, field
from typing import Any

from tolaria.cards import Card
from tolaria.rules import Linker, Rule, RuleBook, shipped_rulebook

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

    def as_dict(self) -> dict[str, Any]:
        return {"text": self.text, "linked": False}


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

    @property
    def links(self) -> list[LinkedSegment]:
        return [s for s in self.segments if isinstance(s, LinkedSegment)]

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "segments": [s.as_dict() for s in self.segments]}


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
    while rule is not None:
        if rule.title:
            return rule.title
        rule = book.get(rule.parent) if rule.parent else None
    return ""


def explain_text(oracle_text: str, card_name: str | None = None) -> list[Segment]:
    segments: list[Segment] = []
    pos = 0
    for span in linker().link(oracle_text, card_name):
        if span.start > pos:
            segments.append(PlainSegment(oracle_text[pos : span.start]))
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
        segments.append(PlainSegment(oracle_text[pos:]))
    return segments


def explained_faces(card: Card) -> list[ExplainedFace]:
    return [ExplainedFace(face.name, explain_text(face.oracle_text or "", card.name)) for face in card.faces]


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
