"""Deck statistics: curve, colored pips, mana sources, types and the price total."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from tolaria.cards import COLORS, Card, ManaCostError, parse_mana_cost

from ._entry import Entry
from ._formats import COMMANDER, MAIN, MAYBEBOARD


def pip_counts(card: Card) -> Counter[str]:
    """Colored mana symbols in the card's costs (a hybrid {W/U} counts once for each of its colors)."""
    pips: Counter[str] = Counter()
    for face in card.faces or []:
        try:
            symbols = parse_mana_cost(face.mana_cost)
        except ManaCostError:
            continue
        for symbol in symbols:
            for color in symbol.colors:
                pips[color] += 1
    if not card.faces:
        try:
            for symbol in parse_mana_cost(card.mana_cost):
                for color in symbol.colors:
                    pips[color] += 1
        except ManaCostError:
            pass
    return pips


TYPE_ORDER = ("Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment", "Land")


@dataclass(slots=True)
class Stats:
    cards: int = 0
    curve: dict[int, int] = field(default_factory=dict)  # mana value (7 = 7+) -> nonland cards
    pips: dict[str, int] = field(default_factory=dict)  # color -> colored symbols in costs
    produced: dict[str, int] = field(default_factory=dict)  # color (and C) -> cards that produce it
    types: dict[str, int] = field(default_factory=dict)
    price_total: float = 0.0
    priced_cards: int = 0
    unpriced_cards: int = 0
    average_mana_value: float = 0.0


def primary_type(card: Card) -> str:
    types = card.front.types
    for t in TYPE_ORDER:
        if t in types:
            return t
    return types[0] if types else "Other"


_IDENTITY_MANA = re.compile(r"commander's color identity|color in your commander's", re.I)


def mana_sources(card: Card, identity: set[str] | None) -> list[str]:
    """The colors (and C) a card can really add for this deck. Mana of "any color in your commander's
    color identity" (Command Tower, Arcane Signet) is only the commander's colors: none for a colorless
    commander, and none without a commander (rule 903.4f: that part of the ability does nothing)."""
    produced = [c for c in card.produced_mana if c in COLORS or c == "C"]
    if _IDENTITY_MANA.search(card.oracle_text):
        return [c for c in produced if c in (identity or set())]
    return produced


def statistics(entries: list[Entry], prices: dict[str, float | None] | None = None) -> Stats:
    """Statistics of the deck proper (commander + main); `prices` maps oracle id -> unit price (USD)."""
    prices = prices or {}
    stats = Stats(curve={mv: 0 for mv in range(8)}, pips={c: 0 for c in COLORS}, produced={c: 0 for c in COLORS + "C"})
    mv_total = 0.0
    nonland = 0
    commanders = [e.card for e in entries if e.zone == COMMANDER and e.quantity > 0]
    identity = {c for card in commanders for c in card.color_identity} if commanders else None
    for e in entries:
        if e.zone not in (COMMANDER, MAIN) or e.quantity <= 0:
            continue
        card, n = e.card, e.quantity
        stats.cards += n
        kind = primary_type(card)
        stats.types[kind] = stats.types.get(kind, 0) + n
        if not card.is_land:
            bucket = min(int(card.mana_value), 7)
            stats.curve[bucket] += n
            mv_total += card.mana_value * n
            nonland += n
            for color, k in pip_counts(card).items():
                stats.pips[color] += k * n
        for color in mana_sources(card, identity):
            stats.produced[color] += n
    for e in entries:
        if e.zone == MAYBEBOARD:
            continue
        price = prices.get(e.card.oracle_id)
        if price is None:
            stats.unpriced_cards += e.quantity
        else:
            stats.price_total += price * e.quantity
            stats.priced_cards += e.quantity
    stats.price_total = round(stats.price_total, 2)
    stats.average_mana_value = round(mv_total / nonland, 2) if nonland else 0.0
    stats.types = {
        t: stats.types[t]
        for t in sorted(stats.types, key=lambda t: (TYPE_ORDER.index(t) if t in TYPE_ORDER else 99, t))
    }
    return stats
