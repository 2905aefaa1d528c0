"""Power, toughness, power+toughness, loyalty and defense: per face, any face of the card matches."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING

import numpy as np

from ._base import OP_WORDS, Family, compare, number, register

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tolaria.cards import Card, Face, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns

# ".5" is Little Girl's power (a half), not 5
_LEADING = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)")
STATS = {"pow": "power", "tou": "toughness", "loy": "loyalty", "def": "defense"}
ALIASES = {
    "pow": "pow",
    "power": "pow",
    "tou": "tou",
    "toughness": "tou",
    "loy": "loy",
    "loyalty": "loy",
    "def": "def",
    "defense": "def",
    "pt": "pt",
    "powtou": "pt",
    "mv": "mv",
    "cmc": "mv",
    "manavalue": "mv",
}


def stat_value(text: str | None) -> float:
    """The number in a printed stat: '3' -> 3, '.5' -> 0.5, '1+*' -> 1, '*' -> 0, '∞' -> inf; nan when there is none."""
    if text is None or text == "":
        return math.nan
    m = _LEADING.search(text)
    if m:
        return float(m.group(0))
    if "∞" in text:
        return math.inf
    if "*" in text or "X" in text.upper() or "?" in text:
        return 0.0
    return math.nan


def face_stat(face: Face, card: Card, which: str) -> float:
    if which == "pt":
        return stat_value(face.power) + stat_value(face.toughness)
    if which == "mv":
        return float(card.mana_value)
    return stat_value(getattr(face, STATS[which]))


def face_star(face: Face, which: str) -> bool:
    if which == "pt":
        return "*" in (face.power or "") or "*" in (face.toughness or "")
    if which == "mv":
        return False
    return "*" in (getattr(face, STATS[which]) or "")


class StatFamily(Family):
    topic = "stats"
    compares = True  # a card without the stat matches neither = nor !=, not even pow!=*
    which = ""

    def prepare(self) -> None:
        v = self.value.lower()
        self.other: str | None = None  # another stat compared with (pow>tou)
        self.star = False
        self.n = math.nan  # the number compared with, when there is neither a star nor another stat
        if v == "*":
            if self.op not in (":", "=", "!="):
                raise self.unknown()
            self.star = True
        elif v in ALIASES:
            self.other = ALIASES[v]
        else:
            n = number(v)
            if n is None:
                raise self.unknown("number")
            self.n = n

    def _face_test(self, face: Face, card: Card) -> bool:
        if self.star:
            has = face_star(face, self.which)
            present = not math.isnan(face_stat(face, card, self.which))
            return present and (has != (self.op == "!="))
        a = face_stat(face, card, self.which)
        if math.isnan(a):
            return False
        b = face_stat(face, card, self.other) if self.other else self.n
        if math.isnan(b):
            return False
        return bool(compare(a, self.op, b))

    def holds(self, card: Card, printing: Printing) -> bool:
        return any(self._face_test(f, card) for f in card.faces)

    def card_holds(self, index: CardIndex) -> np.ndarray:
        cols = index.cols
        a = cols["face_" + self.which]
        if self.star:
            has = cols["face_star_" + self.which]
            fm = ~np.isnan(a) & (has != (self.op == "!="))
        else:
            b = cols["face_" + self.other] if self.other else self.n
            fm = compare(a, self.op, b) & ~np.isnan(a)
            if self.other:
                fm &= ~np.isnan(b)
        cm = np.zeros(index.n_cards, bool)
        cm[cols["face_card"][fm]] = True
        return cm

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        if "face_card" not in cols:
            cols["face_card"] = np.asarray([i for i, c in enumerate(cards) for _ in c.faces], np.int32)
        faces = [(f, c) for c in cards for f in c.faces]
        for which in ("pow", "tou", "loy", "def", "pt", "mv"):
            if "face_" + which not in cols:
                cols["face_" + which] = np.fromiter((face_stat(f, c, which) for f, c in faces), np.float64, len(faces))
                cols["face_star_" + which] = np.fromiter((face_star(f, which) for f, c in faces), bool, len(faces))

    def explain_holds(self) -> str:
        what = {"pow": "power", "tou": "toughness", "loy": "loyalty", "def": "defense", "pt": "power plus toughness"}
        if self.star:
            return f"whose {what[self.which]} {'does not include' if self.op == '!=' else 'includes'} *"
        other = what.get(self.other, "mana value") if self.other else self.value
        return f"whose {what[self.which]} {OP_WORDS[self.op]} {other}"


@register
class PowerFamily(StatFamily):
    names = ("pow", "power")
    description = "Power (any face); compare with a number, * or another field (pow>tou)."
    example = "pow>=5"
    which = "pow"


@register
class ToughnessFamily(StatFamily):
    names = ("tou", "toughness")
    description = "Toughness (any face); compare with a number, * or another field."
    example = "tou>pow"
    which = "tou"


@register
class PowTouFamily(StatFamily):
    names = ("pt", "powtou")
    description = "Power plus toughness."
    example = "pt>=10"
    which = "pt"


@register
class LoyaltyFamily(StatFamily):
    names = ("loy", "loyalty")
    description = "Starting loyalty of a planeswalker."
    example = "loy>=5"
    which = "loy"


@register
class DefenseFamily(StatFamily):
    names = ("def", "defense")
    description = "Defense of a battle."
    example = "def:5"
    which = "def"
