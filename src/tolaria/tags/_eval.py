"""Measurements: extracted-tag precision/recall on the hand-checked gold set, and agreement of keyword
tags with the ``keywords`` field of MTGJSON / Scryfall. Used by tests and ``benchmarks/bench_tags.py``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..cards import Card, Face
from ._context import CardContext
from ._extract import EXTRACTORS, action_mentions, keyword_label
from ._tagger import Tagger, default_tagger
from ._vocab import load_vocabulary


def gold_card(entry: dict[str, Any]) -> Card:
    faces = [
        Face(
            name=f["name"],
            mana_cost=f.get("mana_cost", ""),
            type_line=f.get("type_line", ""),
            oracle_text=f.get("oracle_text", ""),
        )
        for f in entry["faces"]
    ]
    for face in faces:  # types from the type line, as a reader would give them
        left = face.type_line.split("—")[0].split()
        supers = {"Legendary", "Basic", "Snow", "World", "Ongoing", "Elite", "Host"}
        face.supertypes = tuple(w for w in left if w in supers)
        face.types = tuple(w for w in left if w not in supers)
        face.subtypes = tuple(face.type_line.split("—", 1)[1].split()) if "—" in face.type_line else ()
    return Card(
        oracle_id="gold:" + entry["name"],
        name=entry["name"],
        layout=entry.get("layout", "normal"),
        faces=faces,
        mana_cost=entry.get("mana_cost", ""),
        mana_value=float(entry.get("mana_value", 0)),
        color_identity=tuple(entry.get("color_identity", "")),
    )


def load_gold(path: str | Path) -> list[dict[str, Any]]:
    cards: list[dict[str, Any]] = json.loads(Path(path).read_text(encoding="utf-8"))["cards"]
    return cards


@dataclass
class GoldReport:
    cards: int = 0
    true_positives: int = 0
    false_positives: int = 0
    false_negatives: int = 0
    misses: list[tuple[str, str]] = field(default_factory=list)  # (card, tag) expected, not found
    extras: list[tuple[str, str]] = field(default_factory=list)  # (card, tag) found, not expected
    also_missing: list[tuple[str, str]] = field(default_factory=list)
    per_tag: Counter[str] = field(default_factory=Counter)

    @property
    def precision(self) -> float:
        found = self.true_positives + self.false_positives
        return self.true_positives / found if found else 1.0

    @property
    def recall(self) -> float:
        expected = self.true_positives + self.false_negatives
        return self.true_positives / expected if expected else 1.0


def evaluate_gold(entries: Iterable[dict[str, Any]], tagger: Tagger | None = None) -> GoldReport:
    tagger = tagger or default_tagger()
    report = GoldReport()
    for entry in entries:
        tags = tagger.tag(gold_card(entry))
        found = {t.id for t in tags if t.kind == "extracted"}
        expected = set(entry["expected_extracted"])
        report.cards += 1
        report.true_positives += len(found & expected)
        report.false_positives += len(found - expected)
        report.false_negatives += len(expected - found)
        report.misses += [(entry["name"], t) for t in sorted(expected - found)]
        report.extras += [(entry["name"], t) for t in sorted(found - expected)]
        all_ids = {t.id for t in tags}
        report.also_missing += [(entry["name"], t) for t in entry.get("expected_also", ()) if t not in all_ids]
    return report


@dataclass
class AgreementReport:
    cards: int
    agreeing: int
    misses: Counter[str]  # keyword in the data's keywords, no tag
    extras: Counter[str]  # tag, not in the data's keywords
    examples: dict[str, list[str]]

    @property
    def rate(self) -> float:
        return self.agreeing / self.cards if self.cards else 1.0


def _norm(name: str, aliases: dict[str, str]) -> str:
    low = name.lower().replace("’", "'")
    return aliases.get(low, low)


def keyword_agreement(cards: Iterable[Card]) -> AgreementReport:
    """Share of cards whose keyword tags (keyword abilities, keyword actions, ability words) equal the
    card's ``keywords`` field, compared on the names that field uses anywhere in the data (keyword
    actions such as "destroy" that MTGJSON never lists are left out of the comparison)."""
    cards = list(cards)
    vocab = load_vocabulary()
    aliases = {k.replace("’", "'"): v for k, v in vocab.aliases.items()}
    known = {_norm(k, aliases) for c in cards for k in c.keywords}
    # MTGJSON lists an action named in reminder text too (dredge's "mill"); the tag does not (issue 12),
    # so the comparison reads reminder text for actions: it measures the recogniser, not that rule
    names = ("keyword_abilities", "ability_words")
    agreeing = 0
    misses: Counter[str] = Counter()
    extras: Counter[str] = Counter()
    examples: dict[str, list[str]] = {}
    for card in cards:
        ctx = CardContext.of(card)
        mine: set[str] = set()
        for name in names:
            for tag, _ev in EXTRACTORS[name].fn(ctx):
                mine.add(_norm(keyword_label(tag) or tag, aliases))
        for tag, _ev in action_mentions(ctx, reminders=True):
            mine.add(_norm(keyword_label(tag) or tag, aliases))
        mine &= known
        theirs = {_norm(k, aliases) for k in card.keywords}
        if mine == theirs:
            agreeing += 1
            continue
        for k in theirs - mine:
            misses[k] += 1
            examples.setdefault("-" + k, []).append(card.name)
        for k in mine - theirs:
            extras[k] += 1
            examples.setdefault("+" + k, []).append(card.name)
    return AgreementReport(len(cards), agreeing, misses, extras, examples)


@dataclass
class ThemeReport:
    """Inferred themes (``theme:*``) against a gold set of the themes a player would agree a card has."""

    cards: int = 0
    true_positives: int = 0
    false_positives: int = 0
    false_negatives: int = 0
    extras: list[tuple[str, str]] = field(default_factory=list)  # (card, theme) found, not expected
    misses: list[tuple[str, str]] = field(default_factory=list)  # (card, theme) expected, not found

    @property
    def precision(self) -> float:
        found = self.true_positives + self.false_positives
        return self.true_positives / found if found else 1.0

    @property
    def recall(self) -> float:
        expected = self.true_positives + self.false_negatives
        return self.true_positives / expected if expected else 1.0


def evaluate_themes(
    entries: Iterable[dict[str, Any]], tagger: Tagger | None = None, part: str | None = None
) -> ThemeReport:
    """Precision and recall of the ``theme:*`` tags on ``gold_themes.json`` entries (``part``: only the
    "tuning" or the "held_out" cards)."""
    tagger = tagger or default_tagger()
    report = ThemeReport()
    for entry in entries:
        if part is not None and entry.get("part") != part:
            continue
        found = {t.id for t in tagger.tag(gold_card(entry)) if t.id.startswith("theme:")}
        expected = set(entry["expected_themes"])
        report.cards += 1
        report.true_positives += len(found & expected)
        report.false_positives += len(found - expected)
        report.false_negatives += len(expected - found)
        report.extras += [(entry["name"], t) for t in sorted(found - expected)]
        report.misses += [(entry["name"], t) for t in sorted(expected - found)]
    return report
