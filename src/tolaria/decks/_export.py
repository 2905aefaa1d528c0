"""Writing decklists: plain text, MTG Arena and MTGO .dek."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from tolaria.cards import Card

from ._commanders import front_name
from ._entry import Entry
from ._formats import COMMANDER, MAIN, MAYBEBOARD, SIDEBOARD


def _sorted(entries: list[Entry], zone: str) -> list[Entry]:
    return sorted((e for e in entries if e.zone == zone and e.quantity > 0), key=lambda e: e.card.name)


def export_text(entries: list[Entry]) -> str:
    """`4 Lightning Bolt` lines under `Commander`, `Deck`, `Sideboard` and `Maybeboard` headers."""
    parts = []
    for zone, header in (
        (COMMANDER, "Commander"),
        (MAIN, "Deck"),
        (SIDEBOARD, "Sideboard"),
        (MAYBEBOARD, "Maybeboard"),
    ):
        rows = _sorted(entries, zone)
        if rows:
            parts.append("\n".join([header] + [f"{e.quantity} {e.card.name}" for e in rows]))
    return "\n\n".join(parts) + "\n"


def _arena_name(card: Card) -> str:
    # Arena names split and adventure cards by the full name, DFCs by the front face
    if card.layout in ("transform", "modal_dfc", "flip", "meld", "reversible_card"):
        return front_name(card.name)
    return card.name


def _arena_line(e: Entry) -> str:
    line = f"{e.quantity} {_arena_name(e.card)}"
    if e.printing is not None:
        line += f" ({e.printing.set_code.upper()}) {e.printing.collector_number}"
    return line


def export_arena(entries: list[Entry]) -> str:
    """MTG Arena import format: `Commander`, `Companion`, `Deck`, `Sideboard` sections."""
    sections = []
    commanders = _sorted(entries, COMMANDER)
    side = _sorted(entries, SIDEBOARD)
    companions = [e for e in side if e.card.is_companion and e.quantity == 1]
    companions = companions[:1]
    if commanders:
        sections.append("Commander\n" + "\n".join(_arena_line(e) for e in commanders))
    if companions:
        sections.append("Companion\n" + "\n".join(_arena_line(e) for e in companions))
    sections.append("Deck\n" + "\n".join(_arena_line(e) for e in _sorted(entries, MAIN)))
    if side:
        sections.append("Sideboard\n" + "\n".join(_arena_line(e) for e in side))
    return "\n\n".join(sections) + "\n"


def export_mtgo(entries: list[Entry], cat_ids: dict[str, str] | None = None) -> str:
    """MTGO .dek XML. `cat_ids` maps oracle id -> MTGO catalog id where known; without one the
    attribute is omitted (MTGO then matches by name)."""
    cat_ids = cat_ids or {}
    root = ET.Element(
        "Deck",
        {"xmlns:xsd": "http://www.w3.org/2001/XMLSchema", "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"},
    )
    ET.SubElement(root, "NetDeckID").text = "0"
    ET.SubElement(root, "PreconstructedDeckID").text = "0"
    for zone, side in ((COMMANDER, "false"), (MAIN, "false"), (SIDEBOARD, "true")):
        for e in _sorted(entries, zone):
            attrs = {}
            if e.card.oracle_id in cat_ids:
                attrs["CatID"] = str(cat_ids[e.card.oracle_id])
            attrs.update({"Quantity": str(e.quantity), "Sideboard": side, "Name": front_name(e.card.name)})
            if zone == COMMANDER:
                attrs["Annotation"] = "commander"
            ET.SubElement(root, "Cards", attrs)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
