"""Who may lead a deck: commanders and the pairs that may share the command zone (rules 903.3, 702.124)."""

from __future__ import annotations

import re

from tolaria.cards import Card

_PARTNER_WITH = re.compile(r"Partner with ([^\n(]+?)(?:\s*\(|\n|$)")


def front_name(name: str) -> str:
    return name.split(" // ")[0]


def partner_with(card: Card) -> str | None:
    match = _PARTNER_WITH.search(card.oracle_text)
    return match.group(1).strip() if match else None


def has_plain_partner(card: Card) -> bool:
    text = card.oracle_text
    return bool(re.search(r"^Partner(?: \(|$)", text, re.M)) and partner_with(card) is None


def pair_reason(a: Card, b: Card) -> str | None:
    """Why two cards may share the command zone, or None when they may not (rule 702.124)."""
    if has_plain_partner(a) and has_plain_partner(b):
        return "partner"
    pa, pb = partner_with(a), partner_with(b)
    if pa and pb and front_name(pa) == front_name(b.name) and front_name(pb) == front_name(a.name):
        return "partner with"
    if "Friends forever" in a.oracle_text and "Friends forever" in b.oracle_text:
        return "friends forever"
    for x, y in ((a, b), (b, a)):
        if "Choose a Background" in x.oracle_text and "Background" in y.front.subtypes:
            return "background"
        if "Doctor's companion" in x.oracle_text and "Time Lord" in y.front.subtypes and "Doctor" in y.front.subtypes:
            return "doctor's companion"
    return None


def commander_reason(card: Card, partner: Card | None = None) -> str | None:
    """None when the card may be a commander; else why not."""
    if card.may_be_commander:
        return None
    if "Background" in card.front.subtypes and partner is not None and pair_reason(card, partner) == "background":
        return None
    return (
        f"{card.name} cannot be a commander: it is not a legendary creature and does not say it can be your commander."
    )
