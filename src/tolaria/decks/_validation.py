"""Deck validation: size, sideboard, copies, legality, commanders and companion, each problem in words."""

from __future__ import annotations

import re
from collections import Counter

from tolaria.cards import COLORS, Card

from ._commanders import commander_reason, pair_reason
from ._companions import check_companion
from ._entry import Entry
from ._formats import COMMANDER, MAIN, SIDEBOARD, ZONES, Format, format_of
from ._problems import Problem, Validation

_ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.I)
_UP_TO = re.compile(r"A deck can have up to (\w+) cards named", re.I)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def copy_allowance(card: Card, limit: int | None) -> int | None:
    """How many copies a deck may hold: None for any number (basic lands, Relentless Rats)."""
    if limit is None or card.is_basic_land or _ANY_NUMBER.search(card.oracle_text):
        return None
    match = _UP_TO.search(card.oracle_text)
    if match:
        word = match.group(1).lower()
        return int(word) if word.isdigit() else _NUMBERS.get(word, limit)
    return limit


def validate(entries: list[Entry], format_key: str) -> Validation:
    fmt = format_of(format_key)
    result = Validation(fmt)
    if not fmt.key:
        return result
    out = result.problems
    zone = {z: [e for e in entries if e.zone == z and e.quantity > 0] for z in ZONES}
    commanders = zone[COMMANDER]
    main = zone[MAIN]
    side = zone[SIDEBOARD]
    main_count = sum(e.quantity for e in main)
    side_count = sum(e.quantity for e in side)
    commander_count = sum(e.quantity for e in commanders)

    # Companion: a companion card in the sideboard (outside the deck, in commander formats)
    companions = [e for e in side if e.card.is_companion]
    companion = companions[0].card if len(companions) == 1 and companions[0].quantity == 1 else None

    if fmt.commander:
        extra = [e for e in side if e.card is not companion]
        _check_commander_deck_size(fmt, main_count + commander_count, extra, out)
    else:
        _check_deck_size(fmt, main_count, side_count, commanders, out)

    # Copies (the sideboard counts with the main deck; the maybeboard is not part of the deck)
    counts: Counter[str] = Counter()
    by_id: dict[str, Card] = {}
    for e in commanders + main + side:
        counts[e.card.oracle_id] += e.quantity
        by_id[e.card.oracle_id] = e.card
    _check_copies(fmt, counts, by_id, out)
    _check_legality(fmt, counts, by_id, commanders, out)

    if fmt.commander:
        _check_commanders(fmt, commanders, main + side, out)

    if companion is not None:
        check_companion(fmt, companion, commanders + main, main_count + (commander_count if fmt.commander else 0), out)
    return result


def _check_commander_deck_size(fmt: Format, size: int, extra: list[Entry], out: list[Problem]) -> None:
    """A commander deck: its exact size counts the commander; nothing but a companion waits outside it (`extra`)."""
    if fmt.exact_size is not None and size != fmt.exact_size:
        out.append(
            Problem(
                "size",
                f"A {fmt.label} deck has exactly {fmt.exact_size} cards including its commander; this one has {size}.",
            )
        )
    if extra:
        out.append(
            Problem(
                "sideboard",
                f"{fmt.label} decks have no sideboard (only a companion may wait outside the deck); "
                f"move {', '.join(e.card.name for e in extra)} to the main deck or the maybeboard.",
            )
        )


def _check_deck_size(
    fmt: Format, main_count: int, side_count: int, commanders: list[Entry], out: list[Problem]
) -> None:
    """Any other deck: a main deck of at least the least size, a sideboard of at most its most, no commander."""
    if main_count < fmt.min_size:
        out.append(
            Problem(
                "size",
                f"A {fmt.label} deck has at least {fmt.min_size} cards in its main deck; this one has {main_count}.",
            )
        )
    if fmt.sideboard_max is not None and side_count > fmt.sideboard_max:
        out.append(
            Problem("sideboard", f"A sideboard has at most {fmt.sideboard_max} cards; this one has {side_count}.")
        )
    if commanders:
        out.append(
            Problem(
                "commander",
                f"{fmt.label} decks have no commander; move "
                f"{', '.join(e.card.name for e in commanders)} to the main deck.",
            )
        )


def _check_copies(fmt: Format, counts: Counter[str], by_id: dict[str, Card], out: list[Problem]) -> None:
    """No more copies of a card than the format allows (one of a restricted card where that is what it means)."""
    for oid, n in counts.items():
        card = by_id[oid]
        status = card.legalities.get(fmt.key)
        allowed = copy_allowance(card, fmt.copy_limit)
        if status == "restricted" and fmt.restricted_means == "one":
            allowed = 1 if allowed is None else min(allowed, 1)
        if allowed is not None and n > allowed:
            if status == "restricted" and fmt.restricted_means == "one":
                out.append(
                    Problem(
                        "restricted",
                        f"{card.name} is restricted in {fmt.label}: at most 1 copy, this deck has {n}.",
                        card.name,
                    )
                )
            elif allowed == 1:
                out.append(
                    Problem(
                        "copies",
                        f"{fmt.label} is singleton: {card.name} appears {n} times; only one copy is allowed.",
                        card.name,
                    )
                )
            else:
                out.append(
                    Problem(
                        "copies", f"At most {allowed} copies of {card.name} are allowed; this deck has {n}.", card.name
                    )
                )


def _check_legality(
    fmt: Format, counts: Counter[str], by_id: dict[str, Card], commanders: list[Entry], out: list[Problem]
) -> None:
    """Each card legal in the format: not banned, and a restricted one no commander where that is what it means."""
    for oid in counts:
        card = by_id[oid]
        status = card.legalities.get(fmt.key)
        if status == "banned":
            out.append(Problem("banned", f"{card.name} is banned in {fmt.label}.", card.name))
        elif status == "restricted":
            if fmt.restricted_means == "no_commander" and any(e.card.oracle_id == oid for e in commanders):
                out.append(
                    Problem(
                        "restricted",
                        f"{card.name} may not be a commander in {fmt.label} (it is restricted there).",
                        card.name,
                    )
                )
        elif status != "legal":
            out.append(Problem("not_legal", f"{card.name} is not legal in {fmt.label}.", card.name))


def _check_commanders(fmt: Format, commanders: list[Entry], rest: list[Entry], out: list[Problem]) -> None:
    cards = [e.card for e in commanders for _ in range(e.quantity)]
    if not cards:
        out.append(
            Problem(
                "commander", f"A {fmt.label} deck needs a commander: put a legendary creature in the commander zone."
            )
        )
        return
    if len(cards) > 2:
        out.append(
            Problem("commander", f"A deck has one commander, or two that can be partners; this one has {len(cards)}.")
        )
    elif len(cards) == 2:
        a, b = cards
        if a.oracle_id == b.oracle_id:
            out.append(Problem("pair", f"{a.name} cannot be your commander twice.", a.name))
        elif pair_reason(a, b) is None:
            out.append(
                Problem(
                    "pair",
                    f"{a.name} and {b.name} cannot be commanders together: two commanders need Partner, "
                    f'matching "Partner with", "Friends forever", or a commander that says '
                    f'"Choose a Background" with a Background.',
                    a.name,
                )
            )
    for i, card in enumerate(cards[:2]):
        other = cards[1 - i] if len(cards) == 2 else None
        reason = commander_reason(card, other)
        if reason:
            out.append(Problem("commander", reason, card.name))
    identity = {c for card in cards for c in card.color_identity}
    label = "".join(c for c in COLORS if c in identity) or "colorless"
    for e in rest:
        outside = [c for c in e.card.color_identity if c not in identity]
        if outside:
            out.append(
                Problem(
                    "identity",
                    f"{e.card.name} ({''.join(e.card.color_identity)}) is outside the commander's "
                    f"color identity ({label}).",
                    e.card.name,
                )
            )
