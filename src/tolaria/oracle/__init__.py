"""Oracle text read as a judge reads it: each face split into its abilities (keyword lines with their
parameters, activated, loyalty, triggered, static, spell text, modes, chapters, level and class sections),
each knowing its cost, trigger, condition, effect, and the face's reminder text, quoted granted
abilities, negations and references to itself. The rules linker and the tagger both read this.

    reader = reader_for(rulebook)  # tolaria.rules.shipped_reader(): the shipped rules' keywords
    reading = reader.read(face.oracle_text, names=[card.name, face.name], type_line=face.type_line)
    for ability in reading.abilities: ability.kind, ability.cost, ability.effect …

Never imports Django, nor tolaria.rules (which reads oracle text with it): a reader is made from a
RuleBook handed to ``reader_for``.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Mapping, Sequence, Sized
from typing import TYPE_CHECKING, Protocol

from ._costs import cost_items, self_costs
from ._effects import Effect, effects
from ._reading import Ability, AbilityKind, FaceReading, KeywordItem, Part, Reader
from ._restrictions import cast_restrictions
from ._types import TypeChange, type_changes

if TYPE_CHECKING:
    from tolaria.cards import Card

__all__ = [
    "Ability",
    "AbilityKind",
    "Effect",
    "FaceReading",
    "KeywordItem",
    "Part",
    "Reader",
    "RuleSource",
    "cast_restrictions",
    "TypeChange",
    "keyword_names",
    "cost_items",
    "effects",
    "read_card",
    "self_costs",
    "reader_for",
    "type_changes",
]


class _Rule(Protocol):
    @property
    def text(self) -> str: ...


class _GlossaryEntry(Protocol):
    @property
    def term(self) -> str: ...
    @property
    def definition(self) -> str: ...
    @property
    def see_rules(self) -> Sequence[str]: ...


class RuleSource(Protocol):
    """What a reader is made from: a ``tolaria.rules.RuleBook`` (this package never imports it), its
    keyword abilities' rules and glossary, and its edition (effective date and size)."""

    @property
    def effective_date(self) -> Hashable: ...
    @property
    def rules(self) -> Sized: ...
    @property
    def glossary(self) -> Mapping[str, _GlossaryEntry]: ...
    def keyword_abilities(self) -> Mapping[str, str]: ...
    def subtree(self, number: str) -> Sequence[_Rule]: ...


def keyword_names(book: RuleSource) -> tuple[list[str], list[str]]:
    """(names, regex templates) of the keyword abilities of a RuleBook: the 702 titles, glossary variants
    ("Megamorph"), and the templates the rules write with a placeholder ("[type]walk", "[Quality] offering",
    "Bands with other")."""
    names = [re.sub(r"\s*\(.*?\)\s*", "", n).strip() for n in book.keyword_abilities()]
    templates: set[str] = set()
    section = book.keyword_abilities()
    numbers = set(section.values())
    for number in numbers:
        for r in book.subtree(number):
            for m in re.finditer(r"\[(?:type|quality)\]([a-z]+)", r.text, re.IGNORECASE):
                templates.add(r"(?:[a-z]+ )?[a-z’'-]+" + re.escape(m.group(1).lower()))  # "Artifact landcycling"
            for m in re.finditer(r"“\[(?:type|quality)\] ([a-z]+)”", r.text, re.IGNORECASE):
                templates.add(r"[a-z’'-]+ " + re.escape(m.group(1).lower()))
            for m in re.finditer(r"^“([A-Z][a-z]+(?: [a-z]+)+)”", r.text):
                names.append(m.group(1))  # "Bands with other", "Equip planeswalker"
            if listed := re.search(r"The “[^”]*\[[^\]]+\][^”]*” abilities are (.+)", r.text):
                # "partner—Friends forever": also printed as "Friends forever" alone (2021 cards)
                names.extend(q.split("—", 1)[1] for q in re.findall(r"“([^”]+?)[,.]?”", listed.group(1)) if "—" in q)
    for entry in book.glossary.values():
        if (
            entry.see_rules
            and entry.see_rules[0] in numbers
            and re.match(
                r"^(?:an? variant of|an obsolete keyword ability|[^.]* is an? variant of)", entry.definition.lower()
            )
        ):
            names.append(re.sub(r"\s*\(obsolete\)", "", entry.term, flags=re.IGNORECASE))  # "Totem Armor"
    return names, sorted(templates)


_READERS: dict[tuple[Hashable, int, int], Reader] = {}


def reader_for(book: RuleSource) -> Reader:
    """The reader of a RuleBook's keywords; one per edition, so that the linker and the tagger share its
    cache of readings."""
    key = (book.effective_date, len(book.rules), len(book.glossary))
    if key not in _READERS:
        _READERS[key] = Reader(*keyword_names(book))
    return _READERS[key]


def read_card(card: Card, reader: Reader) -> list[FaceReading]:
    """One reading per face of a ``tolaria.cards.Card``."""
    return [reader.read(f.oracle_text, names=(card.name, f.name), type_line=f.type_line) for f in card.faces]
