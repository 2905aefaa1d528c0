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
    # a line that names no card of the data (an import's unresolved line, or a card a later data no longer
    # has): `card` is a stand-in of that name (unresolved_entry), written back as pasted by every export
    unresolved: bool = False


def unresolved_entry(
    name: str,
    quantity: int,
    zone: str = MAIN,
    *,
    set_code: str = "",
    collector_number: str = "",
    finish: str = "",
    tags: tuple[str, ...] = (),
) -> Entry:
    """An Entry for a line naming no card the data knows: its name as the user pasted it, kept in exports."""
    card = Card(oracle_id="", name=name, layout="normal", faces=[])
    return Entry(
        card,
        quantity,
        zone,
        None,
        finish,
        tuple(tags),
        "",
        set_code,
        collector_number,
        unresolved=True,
    )
