"""Differences between two editions of the Comprehensive Rules (Django-free; the site stores versions)."""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from typing import Literal

from ._model import GlossaryEntry, Rule, RuleBook

Op = Literal["equal", "insert", "delete"]


@dataclass(frozen=True)
class RuleChange:
    number: str
    old: str
    new: str
    words: list[tuple[Op, str]]


@dataclass(frozen=True)
class GlossaryChange:
    term: str
    old: str
    new: str
    words: list[tuple[Op, str]]


@dataclass
class RulesDiff:
    old_date: object
    new_date: object
    added: list[Rule] = field(default_factory=list)
    removed: list[Rule] = field(default_factory=list)
    changed: list[RuleChange] = field(default_factory=list)
    glossary_added: list[GlossaryEntry] = field(default_factory=list)
    glossary_removed: list[GlossaryEntry] = field(default_factory=list)
    glossary_changed: list[GlossaryChange] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (
            self.added
            or self.removed
            or self.changed
            or self.glossary_added
            or self.glossary_removed
            or self.glossary_changed
        )


_TOKEN = re.compile(r"\S+|\s+")


def word_diff(old: str, new: str) -> list[tuple[Op, str]]:
    """Word-level diff: a list of (op, words) with op "equal", "insert" or "delete" (whitespace kept)."""
    a, b = _TOKEN.findall(old), _TOKEN.findall(new)
    out: list[tuple[Op, str]] = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            out.append(("equal", "".join(a[i1:i2])))
            continue
        if tag in ("delete", "replace"):
            out.append(("delete", "".join(a[i1:i2])))
        if tag in ("insert", "replace"):
            out.append(("insert", "".join(b[j1:j2])))
    return out


def diff_rulebooks(old: RuleBook, new: RuleBook) -> RulesDiff:
    """Rules added, removed and changed (title, text or examples), by rule number; the same for the glossary."""
    d = RulesDiff(old.effective_date, new.effective_date)
    for number, rule in new.rules.items():
        before = old.rules.get(number)
        if before is None:
            d.added.append(rule)
        elif before.full_text != rule.full_text:
            d.changed.append(
                RuleChange(number, before.full_text, rule.full_text, word_diff(before.full_text, rule.full_text))
            )
    d.removed = [r for n, r in old.rules.items() if n not in new.rules]
    for key, entry in new.glossary.items():
        previous = old.glossary.get(key)
        if previous is None:
            d.glossary_added.append(entry)
        elif previous.definition != entry.definition:
            d.glossary_changed.append(
                GlossaryChange(
                    entry.term, previous.definition, entry.definition, word_diff(previous.definition, entry.definition)
                )
            )
    d.glossary_removed = [e for k, e in old.glossary.items() if k not in new.glossary]
    return d
