"""Companions (rule 702.139): each deck-building condition as a small predicate over the deck."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

from tolaria.cards import Card, ManaCostError, parse_mana_cost

from ._commanders import front_name
from ._entry import Entry
from ._formats import Format
from ._problems import Problem


def _mv(card: Card) -> float:
    return card.mana_value


def _repeat_symbol(card: Card) -> bool:
    for face in card.faces:
        try:
            symbols = [s.text for s in parse_mana_cost(face.mana_cost)]
        except ManaCostError:
            continue
        counts = Counter(s for s in symbols if not s.isdigit())
        if any(n > 1 for n in counts.values()):
            return True
    return False


def _nonland(cards: list[Card]) -> list[Card]:
    return [c for c in cards if not c.is_land]


# the deck's cards and the copies of each (by oracle id); None where the condition needs more than the cards
DeckPredicate = Callable[[list[Card], Counter[str]], bool]

COMPANION_CONDITIONS: dict[str, tuple[str, DeckPredicate | None]] = {
    "Lurrus of the Dream-Den": (
        "each permanent card in your deck has mana value 2 or less",
        lambda cards, counts: all(_mv(c) <= 2 for c in cards if c.is_permanent),
    ),
    "Lutri, the Spellchaser": (
        "each nonland card in your deck has a different name",
        lambda cards, counts: all(counts[c.oracle_id] <= 1 for c in _nonland(cards)),
    ),
    "Yorion, Sky Nomad": (
        "your deck contains at least twenty cards more than the minimum deck size",
        None,
    ),  # checked with the size, below
    "Gyruda, Doom of Depths": (
        "each nonland card in your deck has an even mana value",
        lambda cards, counts: all(_mv(c) % 2 == 0 for c in _nonland(cards)),
    ),
    "Obosh, the Preypiercer": (
        "each nonland card in your deck has an odd mana value",
        lambda cards, counts: all(_mv(c) % 2 == 1 for c in _nonland(cards)),
    ),
    "Keruga, the Macrosage": (
        "each nonland card in your deck has mana value 3 or greater",
        lambda cards, counts: all(_mv(c) >= 3 for c in _nonland(cards)),
    ),
    "Jegantha, the Wellspring": (
        "no card in your deck has more than one of the same mana symbol in its mana cost",
        lambda cards, counts: not any(_repeat_symbol(c) for c in cards),
    ),
    "Kaheera, the Orphanguard": (
        "each creature card in your deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast",
        lambda cards, counts: all(
            {"Cat", "Elemental", "Nightmare", "Dinosaur", "Beast"} & set(c.front.subtypes)
            for c in cards
            if "Creature" in c.front.types
        ),
    ),
    "Umori, the Collector": (
        "each nonland card in your deck shares a card type",
        lambda cards, counts: (
            bool(_nonland(cards))
            and bool(set.intersection(*[set(c.front.types) for c in _nonland(cards)]))
            or not _nonland(cards)
        ),
    ),
    "Zirda, the Dawnwaker": (
        "each permanent card in your deck has an activated ability",
        lambda cards, counts: (
            all(re.search(r"^[^\n\"]*:", c.oracle_text, re.M) for c in cards if c.is_permanent and not c.is_land)
            and all(re.search(r":", c.oracle_text) for c in cards if c.is_land)
        ),
    ),
}


def check_companion(fmt: Format, companion: Card, deck: list[Entry], deck_size: int, out: list[Problem]) -> None:
    name = front_name(companion.name)
    condition = COMPANION_CONDITIONS.get(name)
    if condition is None:
        return
    text, predicate = condition
    if predicate is None:  # Yorion, Sky Nomad: the deck's size against the format's minimum
        minimum = fmt.exact_size or fmt.min_size
        ok = fmt.exact_size is None and deck_size >= minimum + 20
    else:
        cards = [e.card for e in deck]
        counts: Counter[str] = Counter()
        for e in deck:
            counts[e.card.oracle_id] += e.quantity
        ok = bool(predicate(cards, counts))
    if not ok:
        out.append(
            Problem(
                "companion", f"{companion.name} cannot be your companion: its condition is that {text}.", companion.name
            )
        )
