"""Mana costs for search: tolerant parsing and a canonical form for symbols."""

from __future__ import annotations

import functools

from tolaria.cards import ManaCostError, ManaSymbol, parse_mana_cost

_ORDER = {ch: i for i, ch in enumerate("WUBRGCSP")}


@functools.lru_cache(maxsize=65536)
def parse_cost(cost: str) -> tuple[ManaSymbol, ...]:
    """Symbols of a cost; a malformed cost counts as none."""
    try:
        return tuple(parse_mana_cost(cost))
    except ManaCostError:
        return ()


def canonical(symbol: ManaSymbol) -> str:
    """``{U/G}`` and ``{G/U}`` are the same symbol: parts in WUBRG order, numbers first, P last."""
    parts = symbol.parts
    if len(parts) == 1:
        return symbol.text.upper()
    return "/".join(sorted((p.upper() for p in parts), key=lambda p: (p in _ORDER, _ORDER.get(p, 0), p)))
