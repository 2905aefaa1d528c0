"""Writing decklists the way each tool reads them: plain text, MTG Arena, MTGO .txt and .dek, Moxfield,
Archidekt, and the CSV column sets of Moxfield, Archidekt, Deckbox and ManaBox.

Names follow each tool (tests/decks/data/README.md names the source of each rule): Arena writes a
multi-face card by its front face except Ravnica's split cards (both halves) and Amonkhet Remastered's
aftermath cards (`A /// B`); MTGO writes split cards `A/B` and other multi-face cards by the front;
Moxfield, Archidekt and the CSV tools write the full `A // B`."""

from __future__ import annotations

import csv
import io
import xml.etree.ElementTree as ET

from tolaria.cards import Card, Printing

from ._commanders import front_name
from ._entry import Entry
from ._formats import COMMANDER, MAIN, MAYBEBOARD, SIDEBOARD
from ._parse import ETCHED, FOIL, FORMULA_STARTS
from ._sets import HAND_ALIASES, HAND_ARENA, SetCodes

_SPLIT_LAYOUTS = ("split", "aftermath")
_NO_DATA_CODES = SetCodes(aliases=dict(HAND_ALIASES), arena=dict(HAND_ARENA))  # when the caller has no data
_ZONE_CATEGORY = {
    COMMANDER: "Commander{top}",
    SIDEBOARD: "Sideboard{noDeck}{noPrice}",
    MAYBEBOARD: "Maybeboard{noDeck}{noPrice}",
}
_ZONE_WORD = {COMMANDER: "Commander", SIDEBOARD: "Sideboard", MAYBEBOARD: "Maybeboard"}


def _sorted(entries: list[Entry], zone: str) -> list[Entry]:
    return sorted((e for e in entries if e.zone == zone and e.quantity > 0), key=lambda e: e.card.name)


def _set_and_number(e: Entry) -> tuple[str, str]:
    """The row's printing (set code, collector number): the data's, else as the user wrote it."""
    if e.printing is not None:
        return e.printing.set_code.lower(), e.printing.collector_number
    return e.set_code.lower(), e.collector_number


def _printing_text(e: Entry, *, upper: bool = True, codes: SetCodes | None = None) -> str:
    """` (SET) 123`; with `codes`, as MTG Arena writes it: Arena's set code, and a rebalanced card's
    number without its `A-` (Draftmancer's `exportCardToMTGA`: `A-Teferi, Time Raveler (WAR) 221`)."""
    code, number = _set_and_number(e)
    if not code:
        return ""
    if codes is not None and number.upper().startswith("A-"):
        number = number[2:]
    if codes is not None and e.printing is not None:
        code = codes.arena_code(code)
    code = code.upper() if upper else code
    return f" ({code}) {number}".rstrip()


def _finish_mark(finish: str) -> str:
    return {FOIL: " *F*", ETCHED: " *E*"}.get(finish, "")


# --------------------------------------------------------------------------------------------
# Plain text


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


# --------------------------------------------------------------------------------------------
# MTG Arena


def arena_name(card: Card, printing: Printing | None = None) -> str:
    if len(card.faces) < 2:
        return card.name
    set_code = printing.set_code.lower() if printing else ""
    if card.layout in _SPLIT_LAYOUTS and set_code in ("grn", "rna"):
        return card.name
    if card.layout in _SPLIT_LAYOUTS and set_code == "akr":
        return card.name.replace(" // ", " /// ")
    return front_name(card.name)


def _arena_line(e: Entry, codes: SetCodes) -> str:
    return f"{e.quantity} {arena_name(e.card, e.printing)}{_printing_text(e, codes=codes)}"


def export_arena(entries: list[Entry], set_codes: SetCodes | None = None) -> str:
    """MTG Arena import format: `Commander`, `Companion`, `Deck`, `Sideboard` sections (no maybeboard);
    set codes as Arena writes them (`set_codes`, derived from the data: DOM is DAR)."""
    codes = set_codes or _NO_DATA_CODES
    sections = []
    commanders = _sorted(entries, COMMANDER)
    side = _sorted(entries, SIDEBOARD)
    companions = [e for e in side if e.card.is_companion and e.quantity == 1][:1]
    if commanders:
        sections.append("Commander\n" + "\n".join(_arena_line(e, codes) for e in commanders))
    if companions:
        sections.append("Companion\n" + "\n".join(_arena_line(e, codes) for e in companions))
    sections.append("Deck\n" + "\n".join(_arena_line(e, codes) for e in _sorted(entries, MAIN)))
    if side:
        sections.append("Sideboard\n" + "\n".join(_arena_line(e, codes) for e in side))
    return "\n\n".join(sections) + "\n"


# --------------------------------------------------------------------------------------------
# MTGO: .txt and .dek. MTGO keeps a Commander deck's commander in the sideboard.


def mtgo_name(card: Card) -> str:
    if card.layout in _SPLIT_LAYOUTS:
        return "/".join(f.name for f in card.faces)
    return front_name(card.name)


def _mtgo_zones(entries: list[Entry]) -> tuple[list[Entry], list[Entry]]:
    main = _sorted(entries, MAIN)
    side = _sorted(entries, COMMANDER) + _sorted(entries, SIDEBOARD)
    return main, side


def _mtgo_entry_name(e: Entry) -> str:
    """The row's name as MTGO writes it; a line naming no card of the data, as the user pasted it."""
    return e.card.name if e.unresolved else mtgo_name(e.card)


def export_mtgo_txt(entries: list[Entry]) -> str:
    main, side = _mtgo_zones(entries)
    text = "\n".join(f"{e.quantity} {_mtgo_entry_name(e)}" for e in main) + "\n"
    if side:
        text += "\n" + "\n".join(f"{e.quantity} {_mtgo_entry_name(e)}" for e in side) + "\n"
    return text


def cat_id_of(e: Entry) -> str:
    """The MTGO catalog id of a row: its own (read from a .dek), else its printing's MTGO id (MTGJSON
    `identifiers.mtgoId`; `mtgoFoilId` for a foil row where MTGO has one). "" where none is known."""
    if e.cat_id:
        return str(e.cat_id)
    if e.printing is None:
        return ""
    ids = e.printing.identifiers or {}
    value = ids.get("mtgo_foil_id") if e.finish == FOIL and ids.get("mtgo_foil_id") else ids.get("mtgo_id")
    return str(value) if value else ""


DEK_KEPT = "Tolaria kept"  # the start of a .dek comment holding a line MTGO cannot read (read back on import)


def _dek_kept_comment(e: Entry) -> str:
    """A row the .dek cannot hold (a maybeboard card, a line naming no card of the data) as an XML comment,
    which MTGO skips and Tolaria's import reads back: `Tolaria kept (maybeboard): 1 Name (SET) 12 *F* #tag`."""
    why = e.zone + ("; not in Tolaria's data" if e.unresolved else "")
    line = f"{e.quantity} {e.card.name}{_printing_text(e)}{_finish_mark(e.finish)}"
    line += "".join(f" #{tag}" for tag in e.tags)
    text = f" {DEK_KEPT} ({why}): {line} "
    while "--" in text:  # XML allows no "--" inside a comment
        text = text.replace("--", "-\u2010")
    return text


def export_mtgo(entries: list[Entry], cat_ids: dict[str, str] | None = None) -> str:
    """MTGO .dek XML. The CatID is the row's (`cat_id_of`) or `cat_ids[oracle id]`; without one the
    attribute is left out rather than invented. What MTGO cannot read (the maybeboard, lines naming no
    card of the data) is kept in XML comments (`_dek_kept_comment`), never dropped."""
    cat_ids = cat_ids or {}
    root = ET.Element(
        "Deck",
        {"xmlns:xsd": "http://www.w3.org/2001/XMLSchema", "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"},
    )
    ET.SubElement(root, "NetDeckID").text = "0"
    ET.SubElement(root, "PreconstructedDeckID").text = "0"
    main, side = _mtgo_zones(entries)
    kept = [e for e in main + side if e.unresolved] + _sorted(entries, MAYBEBOARD)
    main, side = [e for e in main if not e.unresolved], [e for e in side if not e.unresolved]
    for rows, sideboard in ((main, "false"), (side, "true")):
        for e in rows:
            attrs = {}
            cat_id = cat_id_of(e) or cat_ids.get(e.card.oracle_id, "")
            if cat_id:
                attrs["CatID"] = str(cat_id)
            attrs.update(
                {"Quantity": str(e.quantity), "Sideboard": sideboard, "Name": mtgo_name(e.card), "Annotation": "0"}
            )
            ET.SubElement(root, "Cards", attrs)
    for e in kept:
        root.append(ET.Comment(_dek_kept_comment(e)))
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


# --------------------------------------------------------------------------------------------
# Moxfield and Archidekt text


def _moxfield_line(e: Entry) -> str:
    line = f"{e.quantity} {e.card.name}{_printing_text(e)}{_finish_mark(e.finish)}"
    line += " *CMDR*" if e.zone == COMMANDER else ""
    return line + "".join(f" #{tag}" for tag in e.tags)


def export_moxfield(entries: list[Entry]) -> str:
    """Moxfield text: `1 Name (SET) 123 *F* #tag`, the commander marked `*CMDR*`, then `SIDEBOARD:` and
    `MAYBEBOARD:` sections."""
    parts = ["\n".join(_moxfield_line(e) for e in _sorted(entries, COMMANDER) + _sorted(entries, MAIN))]
    for zone, header in ((SIDEBOARD, "SIDEBOARD:"), (MAYBEBOARD, "MAYBEBOARD:")):
        rows = _sorted(entries, zone)
        if rows:
            parts.append("\n".join([header] + [_moxfield_line(e) for e in rows]))
    return "\n\n".join(p for p in parts if p) + "\n"


def _is_label(tag: str) -> bool:
    return len(tag) > 1 and tag.startswith("^") and tag.endswith("^")


def _archidekt_line(e: Entry) -> str:
    categories = [t for t in e.tags if not _is_label(t)]
    labels = [t for t in e.tags if _is_label(t)][:1]  # Archidekt gives a card one label
    if e.zone in _ZONE_CATEGORY:
        categories.insert(0, _ZONE_CATEGORY[e.zone])
    line = f"{e.quantity}x {e.card.name}{_printing_text(e, upper=False)}{_finish_mark(e.finish)}"
    return line + (f" [{','.join(categories)}]" if categories else "") + "".join(f" {t}" for t in labels)


def export_archidekt(entries: list[Entry]) -> str:
    """Archidekt text: `1x Name (set) 123 *F* [Category,…]`; the zones are Archidekt's own categories."""
    rows = [e for zone in (COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD) for e in _sorted(entries, zone)]
    return "\n".join(_archidekt_line(e) for e in rows) + "\n"


# --------------------------------------------------------------------------------------------
# CSV, in each tool's column set (the deck's zones travel as tags where the tool has a Tags column)

CSV_COLUMNS = {
    "csv_moxfield": (
        "Count",
        "Tradelist Count",
        "Name",
        "Edition",
        "Condition",
        "Language",
        "Foil",
        "Tags",
        "Last Modified",
        "Collector Number",
        "Alter",
        "Proxy",
        "Purchase Price",
    ),
    "csv_archidekt": (
        "Quantity",
        "Name",
        "Finish",
        "Condition",
        "Date Added",
        "Language",
        "Purchase Price",
        "Tags",
        "Edition Name",
        "Edition Code",
        "Multiverse Id",
        "Scryfall ID",
        "Collector Number",
    ),
    "csv_deckbox": (
        "Count",
        "Tradelist Count",
        "Name",
        "Edition",
        "Edition Code",
        "Card Number",
        "Condition",
        "Language",
        "Foil",
        "Signed",
        "Artist Proof",
        "Altered Art",
        "Misprint",
        "Promo",
        "Textless",
        "Printing Id",
        "Printing Note",
        "Tags",
        "My Price",
    ),
    "csv_manabox": (
        "Name",
        "Set code",
        "Set name",
        "Collector number",
        "Foil",
        "Rarity",
        "Quantity",
        "ManaBox ID",
        "Scryfall ID",
        "Purchase price",
        "Misprint",
        "Altered",
        "Condition",
        "Language",
        "Purchase price currency",
    ),
}


def _csv_values(kind: str, e: Entry, set_names: dict[str, str]) -> dict[str, str]:
    p = e.printing
    code, number = _set_and_number(e)
    tags = ([_ZONE_WORD[e.zone]] if e.zone in _ZONE_WORD else []) + list(e.tags)
    finish = e.finish
    if kind == "csv_moxfield":
        return {
            "Count": str(e.quantity),
            "Tradelist Count": "0",
            "Name": e.card.name,
            "Edition": code.lower(),
            "Foil": finish,
            "Tags": ",".join(tags),
            "Collector Number": number,
            "Alter": "False",
            "Proxy": "False",
        }
    if kind == "csv_archidekt":
        return {
            "Quantity": str(e.quantity),
            "Name": e.card.name,
            "Finish": {FOIL: "Foil", ETCHED: "Etched"}.get(finish, "Normal"),
            "Tags": ",".join(tags),
            "Edition Name": set_names.get(code, ""),
            "Edition Code": code.lower(),
            "Scryfall ID": p.id if p else "",
            "Collector Number": number,
        }
    if kind == "csv_deckbox":
        return {
            "Count": str(e.quantity),
            "Tradelist Count": "0",
            "Name": e.card.name,
            "Edition": set_names.get(code, ""),
            "Edition Code": code.upper(),
            "Card Number": number,
            "Foil": "foil" if finish == FOIL else "",
            "Tags": ",".join(tags),
        }
    return {  # ManaBox: no tags column, so a zone other than the main deck cannot travel in it
        "Name": e.card.name,
        "Set code": code.upper(),
        "Set name": set_names.get(code, ""),
        "Collector number": number,
        "Foil": finish or "normal",
        "Quantity": str(e.quantity),
        "Scryfall ID": p.id if p else "",
    }


def neutralised_cell(value: str) -> str:
    """`value` as a CSV cell no spreadsheet reads as a formula (OWASP's CSV-injection rule: an imported
    tag "=HYPERLINK(...)" would otherwise run in whoever opens a public deck's export). The leading
    apostrophe makes it text; the importer reads it back off (`_parse.csv_cell`)."""
    return "'" + value if value.startswith(FORMULA_STARTS) else value


def export_csv(entries: list[Entry], kind: str, set_names: dict[str, str] | None = None) -> str:
    """The deck as the CSV `kind` (csv_moxfield, csv_archidekt, csv_deckbox, csv_manabox) writes it."""
    columns = CSV_COLUMNS[kind]
    buf = io.StringIO()
    writer = csv.DictWriter(
        buf,
        fieldnames=columns,
        quoting=csv.QUOTE_ALL if kind == "csv_moxfield" else csv.QUOTE_MINIMAL,
        lineterminator="\r\n",
        extrasaction="ignore",
    )
    writer.writeheader()
    zones = (COMMANDER, MAIN, SIDEBOARD) if kind == "csv_manabox" else (COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD)
    rows = [e for zone in zones for e in _sorted(entries, zone)]  # ManaBox cannot mark a maybeboard: left out
    for e in rows:
        values = _csv_values(kind, e, set_names or {})
        writer.writerow({c: neutralised_cell(values.get(c, "")) for c in columns})
    return buf.getvalue()


# --------------------------------------------------------------------------------------------
# What a format cannot hold

_NO_MAYBEBOARD = {"arena": "MTG Arena", "mtgo": "MTGO's .txt", "csv_manabox": "ManaBox's CSV"}


def left_out(entries: list[Entry], kind: str) -> list[str]:
    """What the export `kind` leaves out of its file, in words ([] when every row is in it). Only a zone
    the format has no place for: Arena, MTGO's .txt and ManaBox's CSV have no maybeboard (the .dek keeps
    it, and lines naming no card of the data, in comments; every other format holds every row)."""
    if kind not in _NO_MAYBEBOARD:
        return []
    rows = _sorted(entries, MAYBEBOARD)
    if not rows:
        return []
    n = sum(e.quantity for e in rows)
    names = ", ".join(f"{e.quantity} {e.card.name}" for e in rows[:5]) + (", …" if len(rows) > 5 else "")
    return [
        f"{_NO_MAYBEBOARD[kind]} has no maybeboard: its {n} card{'s' if n != 1 else ''} ({names}) are not in "
        "this file; the plain text, Moxfield, Archidekt, .dek and the other CSV exports keep them."
    ]


# --------------------------------------------------------------------------------------------

EXPORTERS = {
    "text": export_text,
    "arena": export_arena,
    "mtgo": export_mtgo_txt,
    "mtgo_dek": export_mtgo,
    "moxfield": export_moxfield,
    "archidekt": export_archidekt,
}


def export_deck(
    entries: list[Entry],
    kind: str,
    set_names: dict[str, str] | None = None,
    set_codes: SetCodes | None = None,
) -> str:
    """The deck in any format the importer reads (`FORMAT_LABELS` keys, or "text"); `set_names` (code ->
    name) for the CSVs that write the set's name, `set_codes` for the codes Arena writes."""
    if kind in CSV_COLUMNS:
        return export_csv(entries, kind, set_names)
    if kind == "plain":
        kind = "text"
    if kind not in EXPORTERS:
        raise ValueError(f"{kind!r} is not a decklist format Tolaria writes.")
    if kind == "arena":
        return export_arena(entries, set_codes)
    return EXPORTERS[kind](entries)
