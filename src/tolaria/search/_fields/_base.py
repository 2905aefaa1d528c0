"""The family base class, the registry, and helpers shared by families."""

from __future__ import annotations

import math
import re
from typing import ClassVar

import numpy as np

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

FAMILIES: list[type[Family]] = []
_BY_NAME: dict[str, type[Family]] = {}


class Ignored(Exception):
    """A term that cannot be used (unknown keyword or value): it is dropped with this warning."""


def register(cls):
    FAMILIES.append(cls)
    for name in cls.names:
        assert name not in _BY_NAME, name
        _BY_NAME[name] = cls
    return cls


def lookup(keyword: str) -> type[Family] | None:
    return _BY_NAME.get(keyword.lower())


class Family:
    """One search field family. Subclasses set ``names`` (canonical first), ``description``, ``example``."""

    names: ClassVar[tuple[str, ...]] = ()
    description: ClassVar[str] = ""
    example: ClassVar[str] = ""
    ops: ClassVar[tuple[str, ...]] = OPS
    level: ClassVar[str] = "card"  # "card": same answer for all printings of a card; "printing"
    metadata: ClassVar[bool] = False
    cost: ClassVar[int] = 1  # relative cost of mask(): an AND evaluates cheap terms first
    uses_within: ClassVar[bool] = False  # mask() takes a `within` hint (a printing mask)

    def __init__(self, keyword: str, op: str, value: str, kind: str, ctx):
        self.keyword = keyword
        self.op = op
        self.value = value
        self.kind = kind
        self.ctx = ctx
        if op not in self.ops:
            allowed = " ".join(self.ops)
            raise Ignored(f"{keyword}{op}{value}: {keyword} takes only {allowed}")
        if kind == "regex" and not getattr(self, "regex_ok", False):
            raise Ignored(f"{keyword}: does not take a /regex/")
        self.prepare()

    def prepare(self) -> None:
        """Parse and check self.value; raise Ignored for an unknown value."""

    # the two evaluations
    def matches(self, card, printing) -> bool:  # pragma: no cover - abstract
        raise NotImplementedError

    def card_mask(self, index) -> np.ndarray:  # pragma: no cover - abstract
        raise NotImplementedError

    def mask(self, index) -> np.ndarray:
        return self.card_mask(index)[index.card_of]

    def explain(self) -> str:
        return f"whose {self.names[0]} {OP_WORDS[self.op]} {self.value!r}"

    def unknown(self, what: str = "value") -> Ignored:
        return Ignored(f"unknown {what} {self.value!r} for {self.keyword}{self.op}")


def compare(a, op: str, b):
    """``a op b`` for numbers or numpy arrays; NaN (no value) never matches, not even with !=."""
    if op in (":", "="):
        return a == b
    if op == "!=":
        if isinstance(a, np.ndarray):
            return (a != b) & ~np.isnan(a) if a.dtype.kind == "f" else a != b
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


def mask_of(size: int, ids) -> np.ndarray:
    """A boolean mask of `size` rows, true at `ids` (None: nothing)."""
    m = np.zeros(size, bool)
    if ids is not None:
        m[ids] = True
    return m


def card_any(index, printing_mask: np.ndarray) -> np.ndarray:
    """Cards that have at least one printing in the mask."""
    cm = np.zeros(index.n_cards, bool)
    cm[index.card_of[printing_mask]] = True
    return cm
