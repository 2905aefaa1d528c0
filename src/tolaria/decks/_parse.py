"""Reading pasted decklists: MTGO .dek XML, MTG Arena export, plain `4 Lightning Bolt` lines."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field

from ._formats import COMMANDER, MAIN, MAX_QUANTITY, MAYBEBOARD, SIDEBOARD


@dataclass(frozen=True, slots=True)
class ParsedLine:
    quantity: int
    name: str
    zone: str = MAIN
    set_code: str = ""
    collector_number: str = ""
    line_number: int = 0


@dataclass(slots=True)
class ParsedList:
    lines: list[ParsedLine] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # lines that could not be read, in words
    name: str = ""
    kind: str = "text"  # text, arena, mtgo


_HEADERS = {
    "commander": COMMANDER,
    "commanders": COMMANDER,
    "deck": MAIN,
    "main": MAIN,
    "maindeck": MAIN,
    "main deck": MAIN,
    "mainboard": MAIN,
    "sideboard": SIDEBOARD,
    "companion": "companion",
    "maybeboard": MAYBEBOARD,
    "considering": MAYBEBOARD,
    "maybe": MAYBEBOARD,
    "about": "about",
}
_LINE = re.compile(
    r"^(?:(?P<sb>SB:)\s*)?(?:(?P<qty>\d+)\s*x?\s+)?(?P<name>.+?)"
    r"(?:\s+\((?P<set>[A-Za-z0-9_]{2,8})\)(?:\s+(?P<num>[A-Za-z0-9★†\-]+))?)?(?:\s+\*[A-Z]+\*)*\s*$"
)


def parse_decklist(text: str) -> ParsedList:
    """Read a pasted decklist: MTGO .dek XML, MTG Arena export, or plain `4 Lightning Bolt` lines.

    Plain text without section headers takes a blank line after the first cards to start the sideboard
    (the MTGO text convention); `SB: 2 Card` lines are sideboard cards wherever they are."""
    text = (text or "").lstrip("\ufeff").strip()
    if text.startswith("<"):
        return parse_mtgo_dek(text)
    result = ParsedList()
    zone = MAIN
    seen_header = False
    seen_cards = False
    companions: list[ParsedLine] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            if seen_cards and not seen_header and zone == MAIN:
                zone = SIDEBOARD
            continue
        if line.startswith(("//", "#")):
            continue
        header = _HEADERS.get(line.rstrip(":").strip().lower())
        if header:
            seen_header = True
            result.kind = "arena"
            zone = header
            continue
        if zone == "about":
            if line.lower().startswith("name "):
                result.name = line[5:].strip()
            continue
        match = _LINE.match(line)
        if not match or not match.group("name").strip():
            result.errors.append(f"Line {number}: could not read {line!r}.")
            continue
        quantity = int(match.group("qty") or 1)
        if quantity < 1 or quantity > MAX_QUANTITY:
            result.errors.append(f"Line {number}: {quantity} is not a quantity between 1 and {MAX_QUANTITY}.")
            continue
        parsed = ParsedLine(
            quantity,
            match.group("name").strip(),
            SIDEBOARD if match.group("sb") else zone,
            (match.group("set") or "").lower(),
            match.group("num") or "",
            number,
        )
        if parsed.set_code:
            result.kind = "arena"
        seen_cards = True
        if zone == "companion":
            companions.append(parsed)
        else:
            result.lines.append(parsed)
    for comp in companions:  # Arena lists the companion under Companion and again under Sideboard
        if not any(p.zone == SIDEBOARD and p.name.lower() == comp.name.lower() for p in result.lines):
            result.lines.append(
                ParsedLine(comp.quantity, comp.name, SIDEBOARD, comp.set_code, comp.collector_number, comp.line_number)
            )
    return result


def parse_mtgo_dek(text: str) -> ParsedList:
    result = ParsedList(kind="mtgo")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        result.errors.append(f"The .dek file is not valid XML: {exc}.")
        return result
    for number, node in enumerate(root.iter("Cards"), 1):
        name = (node.get("Name") or "").strip()
        try:
            quantity = int(node.get("Quantity") or "1")
        except ValueError:
            result.errors.append(f"Card {number}: quantity {node.get('Quantity')!r} is not a number.")
            continue
        if not name:
            result.errors.append(f"Card {number}: no Name attribute.")
            continue
        if quantity < 1 or quantity > MAX_QUANTITY:
            result.errors.append(f"Card {number}: {quantity} is not a quantity between 1 and {MAX_QUANTITY}.")
            continue
        side = (node.get("Sideboard") or "false").lower() == "true"
        result.lines.append(ParsedLine(quantity, name, SIDEBOARD if side else MAIN, line_number=number))
    return result
