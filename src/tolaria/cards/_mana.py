"""Mana symbols: parse a mana cost such as ``{2}{G/U}{G/P}{X}{S}{C}`` and derive what it means.

Rule 202.3 gives mana value: generic numbers count as their number, X counts as 0 (outside the
stack), each hybrid symbol counts as its largest component (``{2/W}`` is 2), every other coloured,
colourless, snow or Phyrexian symbol counts as 1, and ``{HW}`` (half mana, Un-sets) as 0.5.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from tolaria.errors import InputError

from ._model import COLORS

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_GENERIC = re.compile(r"^\d+(\.\d+)?$|^½$|^∞$")


class ManaCostError(InputError):
    """A mana cost that is not a sequence of {symbols}."""


@dataclass(frozen=True, slots=True)
class ManaSymbol:
    """One symbol of a mana cost, e.g. ``{G/U}``: its text without braces and what it stands for."""

    text: str  # "G/U", "2", "X", "G/P", "S", "C", "HW"

    @property
    def parts(self) -> tuple[str, ...]:
        return tuple(self.text.split("/"))

    @property
    def is_generic(self) -> bool:
        return bool(_GENERIC.match(self.text))

    @property
    def is_variable(self) -> bool:
        return self.text in ("X", "Y", "Z")

    @property
    def is_hybrid(self) -> bool:
        parts = self.parts
        return len(parts) == 2 and "P" not in parts or len(parts) == 3

    @property
    def is_phyrexian(self) -> bool:
        return "P" in self.parts

    @property
    def is_snow(self) -> bool:
        return self.text == "S"

    @property
    def is_colorless_specific(self) -> bool:
        return self.text == "C"

    @property
    def colors(self) -> tuple[str, ...]:
        """The colors this symbol is (rule 105.4: a hybrid symbol is each of its colors)."""
        letters = set(self.parts)
        if self.text.startswith("H") and len(self.text) == 2:  # half mana {HW}
            letters = {self.text[1]}
        return tuple(c for c in COLORS if c in letters)

    @property
    def mana_value(self) -> float:
        text = self.text
        if self.is_variable:
            return 0.0
        if text == "½" or (text.startswith("H") and len(text) == 2):
            return 0.5
        if text == "∞":
            return float("inf")
        if self.is_generic:
            return float(text)
        values = [float(p) if _GENERIC.match(p) else 1.0 for p in self.parts if p != "P"]
        return max(values) if values else 1.0

    def __str__(self) -> str:
        return "{" + self.text + "}"


def parse_mana_cost(cost: str | None) -> list[ManaSymbol]:
    """Split a printed mana cost into its symbols; raise ManaCostError on anything else."""
    if not cost:
        return []
    return list(_parse_cached(cost))


@functools.lru_cache(maxsize=8192)
def _parse_cached(cost: str) -> tuple[ManaSymbol, ...]:
    symbols = []
    pos = 0
    for match in _SYMBOL.finditer(cost):
        if match.start() != pos and cost[pos : match.start()].strip(" /"):
            raise ManaCostError(f"unexpected {cost[pos : match.start()]!r} in mana cost {cost!r}")
        symbols.append(ManaSymbol(match.group(1).upper()))
        pos = match.end()
    if cost[pos:].strip():
        raise ManaCostError(f"unexpected {cost[pos:]!r} at the end of mana cost {cost!r}")
    return tuple(symbols)


@functools.lru_cache(maxsize=8192)
def mana_value(cost: str | None) -> float:
    """The mana value of a cost as printed (rule 202.3)."""
    return sum(s.mana_value for s in parse_mana_cost(cost))


@functools.lru_cache(maxsize=8192)
def cost_colors(cost: str | None) -> tuple[str, ...]:
    """The colors of the symbols in a cost, in WUBRG order (rule 202.2)."""
    found = {c for s in parse_mana_cost(cost) for c in s.colors}
    return tuple(c for c in COLORS if c in found)


def sort_colors(colors: Iterable[str]) -> tuple[str, ...]:
    found = set(colors)
    return tuple(c for c in COLORS if c in found)


_TEXT_SYMBOL = re.compile(r"\{([WUBRGC](?:/[WUBRGP])?|[WUBRG]/[WUBRG]/P|\d+/[WUBRG])\}")
_REMINDER = re.compile(r"\([^()]*\)")


def identity_from_text(oracle_text: str) -> tuple[str, ...]:
    """Colors of the mana symbols in rules text (rule 903.4), reminder text excluded (903.4a)."""
    text = _REMINDER.sub("", oracle_text or "")
    found: set[str] = set()
    for match in _TEXT_SYMBOL.finditer(text):
        found.update(ManaSymbol(match.group(1)).colors)
    return sort_colors(found)
