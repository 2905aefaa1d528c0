"""The family base class, the registry, and helpers shared by families."""

from __future__ import annotations

import math
import re
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar, overload

import numpy as np

from .._context import SearchContext

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tolaria.cards import Card, Printing

    from .._index import CardIndex

# The index's columns, by name: each family's ``build`` writes its own and its ``card_holds`` or
# ``printing_holds`` reads them back, so the shape of a column (an array, a dict of id arrays, a
# text column, a vocabulary) is known to the family that owns it, not to the index.
Columns = dict[str, Any]

OPS = (":", "=", "!=", "<", "<=", ">", ">=")
OP_WORDS = {
    ":": "is",
    "=": "is",
    "!=": "is not",
    "<": "is less than",
    "<=": "is at most",
    ">": "is greater than",
    ">=": "is at least",
}

# The help page lists the keywords topic by topic, in this order; within a topic, in the order the
# families are registered (the order of the modules in _fields/__init__.py, then of the classes).
TOPICS = (
    "names and text",
    "mana",
    "colors",
    "stats",
    "keywords",
    "printing",
    "legality",
    "flags",
    "prices",
    "printing details",
    "prints",
    "produced mana",
    "facets",
    "display",
)

FAMILIES: list[type[Family]] = []
_BY_NAME: dict[str, type[Family]] = {}


class Ignored(Exception):
    """A term that cannot be used (unknown keyword or value): it is dropped with this warning."""


def register(cls: type[F]) -> type[F]:
    if cls.topic not in TOPICS:
        raise ValueError(f"{cls.__name__}: topic {cls.topic!r} is not one of TOPICS")
    FAMILIES.append(cls)
    for name in cls.names:
        if name in _BY_NAME:
            raise ValueError(f"{cls.__name__}: keyword {name!r} is taken by {_BY_NAME[name].__name__}")
        _BY_NAME[name] = cls
    return cls


def lookup(keyword: str) -> type[Family] | None:
    return _BY_NAME.get(keyword.lower())


def help_order() -> list[type[Family]]:
    """The registered families with keywords, topic by topic (the help page's order)."""
    ranked = sorted(enumerate(FAMILIES), key=lambda pair: (TOPICS.index(pair[1].topic), pair[0]))
    return [family for _, family in ranked if family.names]


class Family:
    """One search field family, built from one query term (keyword, operator, value).

    Subclasses set ``names`` (canonical first), ``description``, ``example`` and ``topic``, read the
    value in ``prepare``, and answer the positive question three ways: ``holds(card, printing)`` (the
    plain per-card predicate: the specification), ``card_holds(index)`` over the index's cards or
    ``printing_holds(index)`` over its printings (the vectorized evaluation: the speed), and
    ``explain_holds()`` in words. The base class derives ``matches``, ``mask`` and ``explain`` from
    them, negated when the term is (``!=``, or a negating keyword such as ``not:``).

    A family that compares values (power, prices, dates) sets ``compares``: its ``!=`` is a comparison,
    where a card without the value (no power, no price) matches neither ``=`` nor ``!=``, so it is not
    the negation of ``=`` and the family reads ``self.op`` itself.
    """

    names: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""
    example: ClassVar[str] = ""
    topic: ClassVar[str] = "names and text"
    ops: ClassVar[tuple[str, ...]] = OPS
    level: ClassVar[str] = "card"  # "card": same answer for all printings of a card; "printing"
    metadata: ClassVar[bool] = False
    cost: ClassVar[int] = 1  # relative cost of mask(): an AND evaluates cheap terms first
    uses_within: ClassVar[bool] = False  # printing_holds() takes a `within` hint (a printing mask)
    regex_ok: ClassVar[bool] = False
    compares: ClassVar[bool] = False
    needs_corpus: ClassVar[bool] = False  # its value names things of the corpus (set codes)
    # answers printings in other languages itself (foreign_holds); any other family answers a printing
    # in another language as it answers the English printing it translates
    lingual: ClassVar[bool] = False

    def __init__(self, keyword: str, op: str, value: str, kind: str, ctx: SearchContext) -> None:
        self.keyword = keyword
        self.op = op
        self.value = value
        self.kind = kind
        self.ctx = ctx
        if op not in self.ops:
            allowed = " ".join(self.ops)
            raise Ignored(f"{keyword}{op}{value}: {keyword} takes only {allowed}")
        if kind == "regex" and not self.regex_ok:
            raise Ignored(f"{keyword}: does not take a /regex/")
        self.negated = op == "!=" and not self.compares  # prepare() may negate a term another way
        self.prepare()

    def prepare(self) -> None:
        """Parse and check self.value; raise Ignored for an unknown value."""

    # --- what the evaluator calls: derived from the positive answers ---------------------------
    def matches(self, card: Card, printing: Printing) -> bool:
        return bool(self.holds(card, printing)) != self.negated

    def mask(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        m = self.printing_holds(index, within) if self.uses_within else self.printing_holds(index)
        return ~m if self.negated else m

    def foreign_mask(self, index: CardIndex, english: np.ndarray | None = None) -> np.ndarray:
        """Over the index's printings in other languages (``index.n_foreign`` rows), as ``mask``;
        ``english``: the positive answer over the English printings, when the caller has it."""
        m = self.foreign_holds(index, english)
        return ~m if self.negated else m

    def explain(self) -> str:
        return self.explain_negated() if self.negated else self.explain_holds()

    # --- what a family writes ------------------------------------------------------------------
    def holds(self, card: Card, printing: Printing) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def card_holds(self, index: CardIndex) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        by_printing: np.ndarray = self.card_holds(index)[index.card_of]
        return by_printing

    def foreign_holds(self, index: CardIndex, english: np.ndarray | None = None) -> np.ndarray:
        """The positive answer over the printings in other languages (a ``lingual`` family's);
        ``english``: the positive answer over the English printings, when the caller has it."""
        if english is None:
            english = self.printing_holds(index)
        by_parent: np.ndarray = english[index.foreign_parent]
        return by_parent

    def explain_holds(self) -> str:
        return f"whose {self.names[0]} {OP_WORDS[self.op]} {self.value!r}"

    def explain_negated(self) -> str:
        return "not " + self.explain_holds()

    @classmethod
    def explain_unchecked(cls, op: str, value: str) -> str:
        """The term in words when its value cannot be checked (explain without a corpus)."""
        return f"whose {cls.names[0]} {OP_WORDS[op]} {value!r}"

    def unknown(self, what: str = "value") -> Ignored:
        return Ignored(f"unknown {what} {self.value!r} for {self.keyword}{self.op}")


F = TypeVar("F", bound=Family)


@overload
def compare(a: np.ndarray, op: str, b: float | np.ndarray) -> np.ndarray: ...
@overload
def compare(a: float, op: str, b: float) -> bool: ...
def compare(a: float | np.ndarray, op: str, b: float | np.ndarray) -> bool | np.ndarray:
    """``a op b`` for numbers or numpy arrays; NaN (no value) never matches, not even with !=."""
    if op in (":", "="):
        return a == b
    if op == "!=":
        if isinstance(a, np.ndarray):
            differs: np.ndarray = (a != b) & ~np.isnan(a) if a.dtype.kind == "f" else a != b
            return differs
        return a != b and not (isinstance(a, float) and math.isnan(a))
    if op == "<":
        return a < b
    if op == "<=":
        return a <= b
    if op == ">":
        return a > b
    return a >= b


_NUMBER = re.compile(r"[-+]?(\d+(\.\d*)?|\.\d+)")


def number(text: str) -> float | None:
    m = _NUMBER.fullmatch(text.strip())
    return float(m.group(0)) if m else None


def mask_of(size: int, ids: np.ndarray | Sequence[int] | None) -> np.ndarray:
    """A boolean mask of `size` rows, true at `ids` (None: nothing)."""
    m = np.zeros(size, bool)
    if ids is not None:
        m[ids] = True
    return m


def card_any(index: CardIndex, printing_mask: np.ndarray) -> np.ndarray:
    """Cards that have at least one printing in the mask."""
    cm = np.zeros(index.n_cards, bool)
    cm[index.card_of[printing_mask]] = True
    return cm
