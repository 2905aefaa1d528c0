"""The printing a card is shown as when no printing is asked for (card links, one result per card, API).

Scryfall shows a card by its most recent "normal" printing: English, sold on paper, not a promo, with
the usual frame, from one of the sets a player opens or buys as the set itself. Reprint products that
sweep up old cards (The List, Mystery Booster, Secret Lair) are shown only when a card has nothing else.
The rule is a sort key so every reader (search index, card page, API) orders printings the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ._model import CardSet, Printing

# Sets a player opens as the set itself (Scryfall's set_type values).
MAIN_SET_TYPES = frozenset({"core", "expansion", "masters", "draft_innovation", "commander"})
# Other regular products: the card is printed normally, but the product is a side line.
OTHER_SET_TYPES = frozenset(
    {
        "starter",
        "duel_deck",
        "planechase",
        "archenemy",
        "premium_deck",
        "from_the_vault",
        "spellbook",
        "arsenal",
        "box",
        "masterpiece",
        "alchemy",
        "treasure_chest",
    }
)
# Products that reprint cards from everywhere, each under its own set code: MTGJSON types them as
# masters or box, so they are named. Codes as Scryfall and MTGJSON write them, lower case.
SWEEP_SET_CODES = frozenset({"plst", "plist", "mb1", "fmb1", "mb2", "sld", "slu", "slc", "psld", "sld2"})
SWEEP_SET_NAME_PREFIXES = ("The List", "Mystery Booster", "Secret Lair")
SPECIAL_FRAMES = frozenset({"showcase", "extendedart", "inverted", "etched"})

MAIN, OTHER, SWEEP, SPECIAL = range(4)


def set_tier(printing: Printing, card_set: CardSet | None) -> int:
    """MAIN, OTHER, SWEEP (The List, Mystery Booster, Secret Lair) or SPECIAL (promos, tokens, funny, …)."""
    code = printing.set_code.lower()
    name = card_set.name if card_set is not None else ""
    parent = card_set.parent_code.lower() if card_set is not None else ""
    # a Secret Lair deck or a Mystery Booster sheet has a code of its own and the sweep set as parent
    if code in SWEEP_SET_CODES or parent in SWEEP_SET_CODES or name.startswith(SWEEP_SET_NAME_PREFIXES):
        return SWEEP
    set_type = card_set.set_type if card_set is not None else ""
    if set_type in MAIN_SET_TYPES:
        return MAIN
    if set_type in OTHER_SET_TYPES:
        return OTHER
    return SPECIAL


def _number_key(number: str) -> tuple[int, str]:
    digits = "".join(ch for ch in number if ch.isdigit())
    return (int(digits) if digits else 10**9, number)


# the order of the parts: see the module docstring
Preference = tuple[bool, bool, int, bool, bool, str, tuple[int, str], str]


def printing_preference(printing: Printing, card_set: CardSet | None) -> Preference:
    """Sort key of one printing, lower preferred; see the module docstring for the rule."""
    odd = printing.promo or printing.oversized or printing.textless or printing.variation
    treated = (
        printing.full_art
        or printing.border_color == "borderless"
        or any(e in SPECIAL_FRAMES for e in printing.frame_effects)
    )
    on_paper = "paper" in printing.games if printing.games else not printing.digital
    released = printing.released_at or "0000-00-00"
    # newest first: negate the date by mapping each digit to its complement
    newest_first = released.translate(str.maketrans("0123456789", "9876543210"))
    return (
        printing.lang != "en",
        not on_paper,
        set_tier(printing, card_set),
        odd,
        treated,
        newest_first,
        _number_key(printing.collector_number),
        printing.id,
    )


def _set_of(sets: Mapping[str, CardSet], code: str) -> CardSet | None:
    return sets.get(code) or sets.get(code.lower()) or sets.get(code.upper())


def sort_printings(printings: Iterable[Printing], sets: Mapping[str, CardSet]) -> list[Printing]:
    """Printings in the order of preference: the default printing first."""
    return sorted(printings, key=lambda p: printing_preference(p, _set_of(sets, p.set_code)))


def default_printing(printings: Iterable[Printing], sets: Mapping[str, CardSet]) -> Printing | None:
    """The printing a player expects to see for a card (None when there is none)."""
    return min(printings, key=lambda p: printing_preference(p, _set_of(sets, p.set_code)), default=None)
