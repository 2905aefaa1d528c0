"""What the loaded card data covers, so pages and the API say "unknown" (and why) instead of showing a
gap in the data as a fact: the formats it has legalities for, the currencies it has prices in, its date.
Read once per corpus version from a card index (``facts_of``)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from ._index import CardIndex

CURRENCIES = {"usd": "USD", "eur": "EUR", "tix": "MTGO tix"}
_PRICE_TERM = re.compile(r"(?<![\w.])-?(usd|eur|tix)\s*(?::|[<>]=?|!=|=)", re.I)
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"|/(?:[^/\\]|\\.)*/')


@dataclass(frozen=True, slots=True)
class DataFacts:
    version: str
    data_date: str
    formats: frozenset[str]
    priced: frozenset[str]  # currencies with at least one price

    def covers_format(self, fmt: str) -> bool:
        return fmt in self.formats

    def dated(self) -> str:
        return f"dated {self.data_date}" if self.data_date else "undated"


_cache: dict[str, DataFacts] = {}


def facts_of(index: CardIndex) -> DataFacts:
    found = _cache.get(index.version)
    if found is None:
        priced = {cur for cur in CURRENCIES if np.isfinite(index.cols[f"price_{cur}"]).any()}
        found = DataFacts(index.version, index.data_date or "", frozenset(index.formats), frozenset(priced))
        _cache.clear()
        _cache[index.version] = found
    return found


def missing_format_reason(name: str, facts: DataFacts) -> str:
    return f"The card data ({facts.dated()}) has no {name} legalities: that format is newer than the data or not in its source."


def missing_price_reason(facts: DataFacts, currency: str = "usd") -> str:
    if currency not in facts.priced:
        return f"The card data ({facts.dated()}) carries no {CURRENCIES[currency]} prices."
    return f"The card data ({facts.dated()}) has no {CURRENCIES[currency]} price for this printing."


def gap_warnings(query: str, facts: DataFacts) -> list[str]:
    """Warnings for terms that can match nothing because the data has no such values (`usd<1` with no
    prices). Unknown formats are warned about by the search itself."""
    bare = _QUOTED.sub(" ", query)
    out: list[str] = []
    for cur in dict.fromkeys(m.group(1).lower() for m in _PRICE_TERM.finditer(bare)):
        if cur not in facts.priced:
            out.append(
                f"The card data ({facts.dated()}) carries no {CURRENCIES[cur]} prices, so {cur} comparisons are true of no card."
            )
    return out
