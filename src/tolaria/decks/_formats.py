"""Zones of a deck and the formats Tolaria checks decks against."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD = "commander", "main", "sideboard", "maybeboard"
ZONES = (COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD)
ZONE_LABELS = {COMMANDER: "Commander", MAIN: "Main deck", SIDEBOARD: "Sideboard", MAYBEBOARD: "Maybeboard"}
MAX_QUANTITY = 999


@dataclass(frozen=True, slots=True)
class Format:
    key: str  # the legality key in Card.legalities ("" for a format with no legality list)
    label: str
    min_size: int = 60  # main deck (plus commander zone for commander formats)
    exact_size: int | None = None
    copy_limit: int | None = 4  # None: no limit
    sideboard_max: int | None = 15
    commander: bool = False
    restricted_means: str = "one"  # "one": at most one copy; "no_commander": may not be the commander


def _commander_format(key: str, label: str, **kw: Any) -> Format:
    kw.setdefault("exact_size", 100)
    kw.setdefault("restricted_means", "no_commander")
    return Format(key, label, copy_limit=1, sideboard_max=None, commander=True, **kw)


FORMATS: dict[str, Format] = {
    f.key: f
    for f in [
        Format("standard", "Standard"),
        Format("pioneer", "Pioneer"),
        Format("modern", "Modern"),
        Format("legacy", "Legacy"),
        Format("vintage", "Vintage"),
        Format("pauper", "Pauper"),
        Format("premodern", "Premodern"),
        Format("oldschool", "Old School"),
        Format("explorer", "Explorer"),
        Format("historic", "Historic"),
        Format("alchemy", "Alchemy"),
        Format("penny", "Penny Dreadful"),
        _commander_format("commander", "Commander"),
        _commander_format("duel", "Duel Commander"),
        _commander_format("paupercommander", "Pauper Commander"),
        _commander_format("brawl", "Brawl", exact_size=60, restricted_means="one"),
        _commander_format("historicbrawl", "Historic Brawl", restricted_means="one"),
        Format("", "Casual (no format)", min_size=0, copy_limit=None, sideboard_max=None),
    ]
}
CASUAL = ""


def format_of(key: str) -> Format:
    return FORMATS.get(key, FORMATS[CASUAL])
