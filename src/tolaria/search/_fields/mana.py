"""Mana families: m: (mana cost symbols) and mv: (mana value)."""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import TYPE_CHECKING, overload

import numpy as np

from .._mana_bridge import canonical, parse_cost
from ._base import OP_WORDS, Family, compare, number, register

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tolaria.cards import Card, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns

_SHORT = re.compile(r"\d+|[A-Za-z]")


def cost_multiset(cost: str) -> tuple[float, Counter[str]]:
    """(generic amount, Counter of the other symbols) of a mana cost."""
    generic = 0.0
    other: Counter[str] = Counter()
    for s in parse_cost(cost):
        if s.is_generic:
            generic += s.mana_value
        else:
            other[canonical(s)] += 1
    return generic, other


COMBINED_COST_LAYOUTS = ("split", "aftermath")


def card_costs(card: Card) -> list[str]:
    """The mana costs m: compares: a split card's halves combined (CR 709.4b: its mana cost is the
    combined mana costs of its halves); every other card's faces each on its own (an adventurer's
    creature and its Adventure, a modal double-faced card's two faces), faces without a cost left out."""
    if card.layout in COMBINED_COST_LAYOUTS or len(card.faces) < 2:
        return [card.mana_cost]
    costs = [f.mana_cost for f in card.faces if f.mana_cost]
    return costs or [card.mana_cost]


@register
class ManaFamily(Family):
    names = ("m", "mana")
    description = "Mana cost symbols: m:{2}{W}{W} contains them; = exactly; > more; hybrid {G/U}, Phyrexian {G/P}; m:2ww shorthand."
    example = "m:{G}{G}"
    topic = "mana"
    # m!=X is "no cost of the card is X" (a card has one cost per face): the negation of m=X

    def prepare(self) -> None:
        value = self.value
        if "{" not in value:
            parts = _SHORT.findall(value)
            if "".join(parts) != value or not parts:
                raise self.unknown("mana cost")
            value = "".join("{" + p.upper() + "}" for p in parts)
        if not parse_cost(value):
            raise self.unknown("mana cost")
        self.generic, self.symbols = cost_multiset(value)

    def _relation(self, generic: float, counts: Counter[str], total: int) -> tuple[bool, bool, bool]:
        q_total = sum(self.symbols.values())
        contains = generic >= self.generic and all(counts.get(s, 0) >= n for s, n in self.symbols.items())
        within = generic <= self.generic and all(counts.get(s, 0) <= n for s, n in self.symbols.items())
        within = within and total == sum(counts.get(s, 0) for s in self.symbols)
        equal = contains and within and total == q_total
        return contains, within, equal

    @property
    def _op(self) -> str:
        return "=" if self.op == "!=" else self.op

    def holds(self, card: Card, printing: Printing) -> bool:
        for cost in card_costs(card):
            generic, other = cost_multiset(cost)
            if _decide(self._op, *self._relation(generic, other, sum(other.values()))):
                return True
        return False

    def card_holds(self, index: CardIndex) -> np.ndarray:
        counts = index.cols["mana_counts"]
        vocab = index.cols["mana_vocab"]
        generic = index.cols["mana_generic"]
        total = index.cols["mana_total"]
        n = len(generic)  # one row per cost (card_costs)
        contains = generic >= self.generic
        within = generic <= self.generic
        in_q = np.zeros(n, np.int64)
        for s, k in self.symbols.items():
            j = vocab.get(s)
            col = counts[:, j] if j is not None else np.zeros(n, np.int16)
            contains = contains & (col >= k)
            within = within & (col <= k)
            in_q += col
        within &= total == in_q
        equal = contains & within & (total == sum(self.symbols.values()))
        cm = np.zeros(index.n_cards, bool)
        cm[index.cols["mana_card"][_decide(self._op, contains, within, equal)]] = True
        return cm

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        vocab: dict[str, int] = {}
        rows, generic, owner = [], [], []
        for i, c in enumerate(cards):
            for cost in card_costs(c):
                g, other = cost_multiset(cost)
                generic.append(g)
                owner.append(i)
                rows.append({vocab.setdefault(s, len(vocab)): k for s, k in other.items()})
        counts = np.zeros((len(rows), max(1, len(vocab))), np.int16)
        for r, row in enumerate(rows):
            for j, k in row.items():
                counts[r, j] = k
        cols["mana_counts"] = counts
        cols["mana_vocab"] = vocab
        cols["mana_generic"] = np.asarray(generic, np.float64)
        cols["mana_total"] = counts.sum(axis=1).astype(np.int64)
        cols["mana_card"] = np.asarray(owner, np.int32)

    def explain_holds(self) -> str:
        words = {
            ":": "contains",
            "=": "is exactly",
            "!=": "is not",
            ">=": "contains",
            ">": "contains more than",
            "<=": "is within",
            "<": "is strictly within",
        }
        return f"whose mana cost {words[self._op]} {self.value}"


@overload
def _decide(op: str, contains: bool, within: bool, equal: bool) -> bool: ...  # noqa: FBT001  the three relations of two costs (of arrays of them too), not flags
@overload
def _decide(op: str, contains: np.ndarray, within: np.ndarray, equal: np.ndarray) -> np.ndarray: ...
def _decide(  # FBT001: the three relations of two costs (of arrays of them too), not flags
    op: str,
    contains: bool | np.ndarray,  # noqa: FBT001
    within: bool | np.ndarray,  # noqa: FBT001
    equal: bool | np.ndarray,  # noqa: FBT001
) -> bool | np.ndarray:
    """The answer of an operator from the three relations of two costs, for one cost or arrays of them."""
    if op in (":", ">="):
        return contains
    if op == "=":
        return equal
    if op == "!=":
        return ~equal if isinstance(equal, np.ndarray) else not equal
    if op == ">":
        return contains & ~equal if isinstance(equal, np.ndarray) else contains and not equal
    if op == "<=":
        return within
    return within & ~equal if isinstance(equal, np.ndarray) else within and not equal


@register
class ManaValueFamily(Family):
    names = ("mv", "cmc", "manavalue")
    description = "Mana value (converted mana cost); also mv:even and mv:odd."
    example = "mv<=3"
    topic = "mana"
    compares = True

    def prepare(self) -> None:
        v = self.value.lower()
        if v in ("even", "odd"):
            if self.op not in (":", "=", "!="):
                raise self.unknown()
            self.parity: str | None = v
            self.n = math.nan  # no number: the parity is the question
            self.negated = self.op == "!="  # every card has a mana value: not even is odd
            return
        self.parity = None
        n = number(v)
        if n is None:
            raise self.unknown("number")
        self.n = n

    @overload
    def _test(self, mv: float) -> bool: ...
    @overload
    def _test(self, mv: np.ndarray) -> np.ndarray: ...
    def _test(self, mv: float | np.ndarray) -> bool | np.ndarray:
        if self.parity:
            even = (mv % 2) == 0
            return even if self.parity == "even" else ~even if isinstance(even, np.ndarray) else not even
        return compare(mv, self.op, self.n)

    def holds(self, card: Card, printing: Printing) -> bool:
        return bool(self._test(float(card.mana_value)))

    def card_holds(self, index: CardIndex) -> np.ndarray:
        mv: np.ndarray = index.cols["mv"]
        return self._test(mv)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["mv"] = np.fromiter((float(c.mana_value) for c in cards), np.float64, len(cards))

    def explain_holds(self) -> str:
        if self.parity:
            return f"whose mana value is {self.parity}"
        return f"whose mana value {OP_WORDS[self.op]} {self.value}"

    def explain_negated(self) -> str:
        return f"whose mana value is not {self.parity}"
