"""Precision and recall of the linker on a gold set of cards (tests/oracle/data/gold_links.json).

A face's expectation is the set of (kind, acceptable rules) it needs explained; the linker's spans of
that face are compared as sets of (kind, rule). Glossary spans count only for the terms the gold set
checked (its ``glossary_terms_checked``), so an unjudged term is neither right nor wrong.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import NotRequired, TypedDict

from ._linker import Linker

KINDS = ("keyword_ability", "keyword_action", "ability_word", "glossary")


class Expectation(TypedDict):
    kind: str
    rules: list[str]  # any of these rules is right


class GoldFace(TypedDict):
    oracle_text: str


class GoldCard(TypedDict):
    name: str
    faces: list[GoldFace]
    expected: NotRequired[list[list[Expectation]]]  # one list per face; a card without it is not judged


class GoldSet(TypedDict):
    """What the scorer reads of the gold file (the file has more: how it was made, batches, notes)."""

    cards: list[GoldCard]
    glossary_terms_checked: NotRequired[list[str]]  # "Term (why)": glossary spans count for these only


@dataclass
class LinkScore:
    tp: Counter[str] = field(default_factory=Counter)  # by kind
    fp: Counter[str] = field(default_factory=Counter)
    fn: Counter[str] = field(default_factory=Counter)
    misses: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)  # (card, kind, rules)
    extras: list[tuple[str, str, str, str]] = field(default_factory=list)  # (card, kind, rule, text)

    def precision(self, kind: str) -> float:
        found = self.tp[kind] + self.fp[kind]
        return self.tp[kind] / found if found else 1.0

    def recall(self, kind: str) -> float:
        expected = self.tp[kind] + self.fn[kind]
        return self.tp[kind] / expected if expected else 1.0


def _checked_terms(gold: GoldSet) -> set[str]:
    out = set()
    for t in gold.get("glossary_terms_checked", []):
        out.add(t.split(" (")[0])
    return out


def score_links(linker: Linker, gold: GoldSet) -> LinkScore:
    checked = _checked_terms(gold)
    score = LinkScore()
    for card in gold["cards"]:
        if "expected" not in card:
            continue
        name = card["name"]
        for face, expected in zip(card["faces"], card["expected"]):
            spans = linker.link(face["oracle_text"], name)
            got = {
                (s.kind, s.rule, s.text)
                for s in spans
                if s.kind in KINDS and (s.kind != "glossary" or (s.glossary_term or "") in checked)
            }
            used: set[int] = set()
            for kind, rule, text in sorted(got):
                hit = next(
                    (i for i, e in enumerate(expected) if i not in used and e["kind"] == kind and rule in e["rules"]),
                    None,
                )
                if hit is None:
                    if any(e["kind"] == kind and rule in e["rules"] for e in expected):
                        continue  # the same rule again (a keyword on two lines): one expectation covers it
                    score.fp[kind] += 1
                    score.extras.append((name, kind, rule, text))
                else:
                    used.add(hit)
                    score.tp[kind] += 1
            for i, e in enumerate(expected):
                if i not in used:
                    score.fn[e["kind"]] += 1
                    score.misses.append((name, e["kind"], tuple(e["rules"])))
    return score
