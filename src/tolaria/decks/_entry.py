"""A card in a deck: how many, in which zone, and optionally which printing."""

from __future__ import annotations

from dataclasses import dataclass

from tolaria.cards import Card, Printing

from ._formats import MAIN


@dataclass(frozen=True, slots=True)
class Entry:
    """A card in a deck: how many, in which zone, and optionally which printing."""

    card: Card
    quantity: int
    zone: str = MAIN
    printing: Printing | None = None
    finish: str = ""  # "" (not said: nonfoil), "foil" or "etched"
    tags: tuple[str, ...] = ()  # the user's categories and tags, as they wrote them
    cat_id: str = ""  # MTGO catalog id read from a .dek (else the printing's MTGO id is written)
    # the printing as the user wrote it when the data has no such printing (an Arena-only set, a set
    # newer than the data): kept and written back, never dropped
    set_code: str = ""
    collector_number: str = ""
