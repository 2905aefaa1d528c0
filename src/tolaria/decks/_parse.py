"""Reading the decklists players paste: MTG Arena, MTGO (.txt and .dek), Moxfield, Archidekt, plain
lists with category headings, and the CSV files of Moxfield, Archidekt, Deckbox and ManaBox.

The format is detected from the text (and shown to the user); every line is kept: a line this cannot
read becomes an error in words, never a silent drop, and nothing the user wrote on a line (set,
number, finish, tags, categories) is thrown away. Resolving names to cards is the caller's job."""

from __future__ import annotations

import csv
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

from defusedxml import ElementTree as SafeET  # type: ignore[import-untyped]
from defusedxml.common import DefusedXmlException  # type: ignore[import-untyped]

from ._decode import looks_binary, not_text_message
from ._formats import COMMANDER, MAIN, MAX_QUANTITY, MAYBEBOARD, SIDEBOARD
from ._limits import DecklistTooLarge, check_card_lines, check_size
from ._sets import SetCodes

COMPANION = "companion"  # a section of Arena lists; the card itself lives in the sideboard
FOIL, ETCHED = "foil", "etched"

# The format keys the importer detects and the exporters write, with the label shown to the user.
FORMAT_LABELS = {
    "arena": "MTG Arena",
    "mtgo": "MTGO (.txt)",
    "mtgo_dek": "MTGO (.dek)",
    "moxfield": "Moxfield",
    "archidekt": "Archidekt",
    "plain": "Plain list",
    "csv_moxfield": "Moxfield CSV",
    "csv_archidekt": "Archidekt CSV",
    "csv_deckbox": "Deckbox CSV",
    "csv_manabox": "ManaBox CSV",
}
# The same said in a sentence ("Imported 4 cards from an MTG Arena list."), with the article it takes
FORMAT_PHRASES = {
    "arena": "an MTG Arena list",
    "mtgo": "an MTGO .txt list",
    "mtgo_dek": "an MTGO .dek file",
    "moxfield": "a Moxfield list",
    "archidekt": "an Archidekt list",
    "plain": "a plain list",
    "csv_moxfield": "a Moxfield CSV file",
    "csv_archidekt": "an Archidekt CSV file",
    "csv_deckbox": "a Deckbox CSV file",
    "csv_manabox": "a ManaBox CSV file",
}


@dataclass(frozen=True, slots=True)
class ParsedLine:
    quantity: int
    name: str
    zone: str = MAIN
    set_code: str = ""  # lower case, as written (Arena's own codes are mapped by SetCodes.resolve)
    collector_number: str = ""
    line_number: int = 0
    finish: str = ""  # "" (not said), "foil" or "etched"
    tags: tuple[str, ...] = ()  # Moxfield #tags, Archidekt categories, category headings, CSV Tags
    cat_id: str = ""  # MTGO catalog id (.dek CatID)
    scryfall_id: str = ""  # CSV files that name the printing by its Scryfall id
    commander_hint: bool = False  # Moxfield *CMDR*: the card is (one of) the commander(s)
    set_name: str = ""  # the set's name as written, where the tool writes one (Deckbox's Edition)


@dataclass(slots=True)
class ParsedList:
    lines: list[ParsedLine] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # what could not be read, in words, with where
    warnings: list[str] = field(default_factory=list)  # what was read, but not as written (a set name unknown)
    name: str = ""
    kind: str = "plain"
    # the sideboard is MTGO's unlabelled one (after a blank line, or a .dek's Sideboard="true"), where
    # MTGO keeps a Commander deck's commander; False for a sideboard under a heading the user wrote
    mtgo_sideboard: bool = False

    @property
    def label(self) -> str:
        return FORMAT_LABELS.get(self.kind, self.kind)

    @property
    def phrase(self) -> str:
        """The format in a sentence, with its article: "an MTG Arena list", "a plain list"."""
        return FORMAT_PHRASES.get(self.kind, "a decklist")

    @property
    def noun(self) -> str:
        """The format in a sentence after "this": "MTG Arena list", "Deckbox CSV file"."""
        return self.phrase.split(" ", 1)[1]


# --------------------------------------------------------------------------------------------
# Detection

_CSV_NAME_COLUMNS = ("Name", "Card Name", "Card")
_ARCHIDEKT_BRACKETS = re.compile(r"\[[^\]]*\]\s*(?:\^[^^]*\^)?\s*$")
_SET_CODE = r"(?=[A-Za-z0-9]*[A-Za-z])[A-Za-z0-9]{2,6}"  # every set code has a letter: "(94)" is a count
_SET_NUMBER = re.compile(r"^\d+\s*x?\s+.*\(" + _SET_CODE + r"\)(?:\s+\S+)?\s*$")
_ARCHIDEKT_PLAIN = re.compile(r"^\d+x\s.*\((?=[a-z0-9]*[a-z])[a-z0-9]{2,6}\)")  # "1x Name (set)": lower case
_MTGO_SPLIT = re.compile(r"[^\s/]/[^\s/]")
_ARENA_SECTIONS = {"deck", "commander", "companion", "sideboard", "about"}


def detect_format(text: str) -> str:
    stripped = text.lstrip("\ufeff").lstrip()
    if stripped.startswith("<"):
        return "mtgo_dek"
    first = stripped.split("\n", 1)[0]
    csv_kind = _csv_kind(first)
    if csv_kind:
        return csv_kind
    lines = [ln.strip() for ln in stripped.splitlines() if ln.strip()]
    if any(_ARCHIDEKT_BRACKETS.search(ln) or _ARCHIDEKT_PLAIN.match(ln) for ln in lines):
        return "archidekt"
    if any("*CMDR*" in ln or re.search(r"\s#!?\S", ln) for ln in lines) or any(
        re.fullmatch(r"(SIDEBOARD|COMMANDER|MAYBEBOARD|COMPANION):", ln) for ln in lines
    ):
        return "moxfield"
    if any(ln.lower() in _ARENA_SECTIONS for ln in lines):
        # Arena's export names every card's printing (and a named deck under About); the same section
        # words over bare names are a plain list, such as Tolaria's own plain export
        if any(ln.lower() == "about" for ln in lines) or any(_SET_NUMBER.search(ln) for ln in lines):
            return "arena"
        return "plain"
    if any(re.search(r"\*[FE]\*", ln) for ln in lines):
        return "moxfield"
    if any(_SET_NUMBER.search(ln) for ln in lines):
        return "arena"
    if any(_MTGO_SPLIT.search(_line_name(ln)) for ln in lines):
        return "mtgo"
    return "plain"  # including lists under category headings such as "Ramp (3)"


def _line_name(line: str) -> str:
    return re.sub(r"^(?:SB:\s*)?\d+\s*x?\s+", "", line)


def _csv_kind(header: str) -> str:
    if "," not in header and ";" not in header:
        return ""
    columns = {c.strip().strip('"') for c in re.split(r"[,;]", header)}
    if not any(c in columns for c in _CSV_NAME_COLUMNS):
        return ""
    if "ManaBox ID" in columns:
        return "csv_manabox"
    if "Tradelist Count" in columns and "Card Number" in columns:
        return "csv_deckbox"
    if "Tradelist Count" in columns or ("Count" in columns and "Collector Number" in columns):
        return "csv_moxfield"
    if "Edition Code" in columns or "Finish" in columns or "Quantity" in columns:
        return "csv_archidekt"
    return "csv_moxfield" if "Count" in columns else ""


# --------------------------------------------------------------------------------------------
# Text formats

_SECTIONS = {
    "commander": COMMANDER,
    "commanders": COMMANDER,
    "deck": MAIN,
    "main": MAIN,
    "maindeck": MAIN,
    "main deck": MAIN,
    "mainboard": MAIN,
    "sideboard": SIDEBOARD,
    "side": SIDEBOARD,
    "companion": COMPANION,
    "maybeboard": MAYBEBOARD,
    "considering": MAYBEBOARD,
    "maybe": MAYBEBOARD,
    "about": "about",
}
_HEADING = re.compile(r"^(?P<title>[^\d\s(][^()]*?)\s*(?:\((?P<count>\d+)\)\s*)?:?$")
_QUANTITY = re.compile(r"^(?P<qty>\d+)\s*[xX]?\s+")
_TAIL_LABEL = re.compile(r"\s+(?P<label>\^[^^]*\^)\s*$")  # Archidekt's ^label,#color^, kept as a tag
_TAG_ITEM = re.compile(r"\^[^^]*\^|[^,]+")  # a comma-separated Tags value; a ^label,#color^ is one tag
_TAIL_BRACKETS = re.compile(r"\s*\[(?P<cats>[^\]]*)\]\s*$")
_TAIL_MARKER = re.compile(r"\s+\*(?P<mark>[A-Za-z]+)\*\s*$")
_TAIL_SET = re.compile(r"\s+\((?P<set>" + _SET_CODE + r")\)(?:\s+(?P<num>[A-Za-z0-9★†\-]+))?\s*$")
_MARK = re.compile(r"(?<!\S)\*([A-Za-z]+)\*(?!\S)")
_TAGS = re.compile(r"\s+#(?=\S)")
_FLAGS = re.compile(r"\{([^}]*)\}")
_CATEGORY_ZONES = {"commander": COMMANDER, "sideboard": SIDEBOARD, "maybeboard": MAYBEBOARD, "considering": MAYBEBOARD}


def _count(digits: str) -> int:
    """A quantity's digits as a number; past 9 digits it is over any limit (MAX_QUANTITY + 1 says so),
    and Python refuses to read a number of over 4,300 digits at all."""
    return int(digits) if len(digits) <= 9 else MAX_QUANTITY + 1


def split_quantity(text: str, default: int = 1) -> tuple[int, str]:
    """ "4 bolt" -> (4, "bolt"), "4x Lightning Bolt" -> (4, …), "Sol Ring" -> (default, "Sol Ring")."""
    text = " ".join((text or "").split())
    match = _QUANTITY.match(text)
    if match:
        return _count(match.group("qty")), text[match.end() :]
    return default, text


def parse_decklist(text: str, set_codes: SetCodes | None = None) -> ParsedList:
    """Read a pasted or uploaded decklist in any of the formats above (`kind` says which was found).
    `set_codes` (the data's sets) turns the set names some CSVs write (Deckbox) into set codes; without
    it a line keeps the name in `set_name` and no code."""
    text = (text or "").lstrip("\ufeff")
    if looks_binary(text[:65536]):  # bytes decoded carelessly (a zip, an image, UTF-16 read as UTF-8)
        return ParsedList(errors=[not_text_message()], kind="")
    check_size(text)
    kind = detect_format(text)
    if kind == "mtgo_dek":
        parsed = parse_mtgo_dek(text)
    elif kind.startswith("csv_"):
        parsed = parse_csv(text, kind, set_codes)
    else:
        parsed = _parse_text(text.strip("\n"), kind)
    check_card_lines(len(parsed.lines))
    return parsed


def _parse_text(text: str, kind: str) -> ParsedList:
    result = ParsedList(kind=kind)
    zone = MAIN
    heading_tags: tuple[str, ...] = ()
    seen_heading = seen_cards = False
    section_cards = 0  # card lines since the last heading
    companions: list[ParsedLine] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            # MTGO and plain lists: a blank line after the main deck starts the sideboard
            if seen_cards and not seen_heading and zone == MAIN and kind in ("mtgo", "plain", "arena"):
                zone = SIDEBOARD
                result.mtgo_sideboard = True
            # a commander or companion section is one block: a blank line after its cards returns to
            # the main deck (Arena's and Moxfield's lists go on with the deck, with or without a heading)
            elif section_cards and zone in (COMMANDER, COMPANION):
                zone, heading_tags = MAIN, ()
            continue
        if line.startswith("//") or (line.startswith("#") and not _QUANTITY.match(line)):
            continue
        if zone == "about":
            if line.lower().startswith("name "):
                result.name = line[5:].strip()
                continue
        heading = _heading(line)
        if heading is not None:
            seen_heading = True
            zone, heading_tags = heading
            section_cards = 0
            continue
        parsed = _card_line(line, number, zone, heading_tags, result.errors)
        if parsed is None:
            continue
        seen_cards = True
        section_cards += 1
        if parsed.zone == COMPANION:
            companions.append(parsed)
        else:
            result.lines.append(parsed)
    _companions_in_sideboard(result, companions)
    return result


def _companions_in_sideboard(result: ParsedList, companions: list[ParsedLine]) -> None:
    """Arena lists the companion under Companion and again under Sideboard: it is one card, in the sideboard."""
    for comp in companions:
        if not any(p.zone == SIDEBOARD and p.name.lower() == comp.name.lower() for p in result.lines):
            result.lines.append(replace(comp, zone=SIDEBOARD))


def _heading(line: str) -> tuple[str, tuple[str, ...]] | None:
    """(zone, tags) for a section or category heading line, None for a card line."""
    if _QUANTITY.match(line) or line.startswith("SB:"):
        return None
    match = _HEADING.match(line)
    if not match:
        return None
    title = match.group("title").strip()
    zone = _SECTIONS.get(title.lower())
    if zone is not None:
        return zone, ()
    if match.group("count") is not None or line.endswith(":"):
        return MAIN, (title,)  # a category heading: "Ramp (3)", "Creatures:"
    return None


def _card_line(
    line: str, number: int, zone: str, heading_tags: tuple[str, ...], errors: list[str]
) -> ParsedLine | None:
    rest = line
    sideboard = rest.startswith("SB:")
    if sideboard:
        rest = rest[3:].strip()
    quantity, written, rest = _leading_quantity(rest)
    if quantity < 1 or quantity > MAX_QUANTITY:
        shown = written if len(written) <= 12 else f"{written[:12]}… ({len(written):,} digits)"
        errors.append(f"Line {number}: {shown} is not a quantity between 1 and {MAX_QUANTITY} ({line[:80]!r}).")
        return None
    label = _TAIL_LABEL.search(rest)
    if label:
        rest = rest[: label.start()]
    tags: list[str] = list(heading_tags)
    rest, zone = _categories(rest, zone, tags)
    rest = _hashtags(rest, tags)
    rest, commander, finish = _markers_after_the_set(rest)
    set_code = number_text = ""
    printed = _TAIL_SET.search(rest)
    if printed:
        rest = rest[: printed.start()]
        set_code = printed.group("set").lower()
        number_text = printed.group("num") or ""
    rest, commander, finish = _markers_before_the_set(rest, commander=commander, finish=finish)
    name = rest.strip()
    if not name:
        errors.append(f"Line {number}: no card name in {line!r}.")
        return None
    if name.startswith("A-") and number_text and not number_text.upper().startswith("A-"):
        # Arena writes a rebalanced card's number without the A- of the data's (Scryfall's, MTGJSON's)
        number_text = "A-" + number_text
    if commander:
        zone = COMMANDER
    if label:
        tags.append(label.group("label"))
    return ParsedLine(
        quantity,
        name,
        SIDEBOARD if sideboard else zone,
        set_code,
        number_text,
        number,
        finish,
        tuple(dict.fromkeys(tags)),
        commander_hint=commander,
    )


def _leading_quantity(rest: str) -> tuple[int, str, str]:
    """(the quantity, as written, the rest of the line): "4 ", "4x "; 1 when the line types none."""
    match = _QUANTITY.match(rest)
    if not match:
        return 1, "1", rest
    written = match.group("qty")
    return _count(written), written, rest[match.end() :]


def _categories(rest: str, zone: str, tags: list[str]) -> tuple[str, str]:
    """Archidekt's [categories] at the end of the line, cut off (the rest of the line, the card's zone): a
    zone's category moves the card there, a {noDeck} one sends a main-deck card to the maybeboard; every
    other category is a tag (added to `tags`)."""
    found = _TAIL_BRACKETS.search(rest)
    if not found:
        return rest, zone
    for category in (c.strip() for c in found.group("cats").split(",")):
        if not category:
            continue
        bare = _FLAGS.sub("", category).strip()
        flags = {f.lower() for f in _FLAGS.findall(category)}
        category_zone = _CATEGORY_ZONES.get(bare.lower())
        if category_zone is not None:
            zone = category_zone
        elif "nodeck" in flags and zone == MAIN:
            zone = MAYBEBOARD
            tags.append(category)
        else:
            tags.append(category)
    return rest[: found.start()], zone


def _hashtags(rest: str, tags: list[str]) -> str:
    """Moxfield's #tags at the end of the line, cut off and added to `tags`; a marker written after the
    tags still counts (it goes back onto the line)."""
    tag_at = _TAGS.search(rest)
    if not tag_at:
        return rest
    tag_text = rest[tag_at.end() :]
    rest = rest[: tag_at.start()]
    for mark in _MARK.findall(tag_text):
        rest += f" *{mark}*"
    tag_text = _MARK.sub("", tag_text)
    tags.extend(t.strip() for t in tag_text.split(" #") if t.strip())
    return rest


def _markers_after_the_set(rest: str) -> tuple[str, bool, str]:
    """The *CMDR*, *F* (foil) and *E* (etched) markers at the end of the line, cut off: (the rest, whether
    the card is the commander, its finish); read from the end, the first one written wins."""
    commander = False
    finish = ""
    while (marker := _TAIL_MARKER.search(rest)) is not None:
        mark = marker.group("mark").upper()
        rest = rest[: marker.start()]
        if mark == "CMDR":
            commander = True
        elif mark == "F":
            finish = FOIL
        elif mark == "E":
            finish = ETCHED
    return rest, commander, finish


def _markers_before_the_set(rest: str, *, commander: bool, finish: str) -> tuple[str, bool, str]:
    """Markers may also come before the set (Archidekt writes "(set) 123 *F* [Cat]", some tools the
    reverse): they add to those after it, which win a finish."""
    while (marker := _TAIL_MARKER.search(rest)) is not None:
        mark = marker.group("mark").upper()
        rest = rest[: marker.start()]
        commander = commander or mark == "CMDR"
        finish = finish or {"F": FOIL, "E": ETCHED}.get(mark, "")
    return rest, commander, finish


# --------------------------------------------------------------------------------------------
# MTGO .dek (XML, read with defusedxml: no entities, no external references)


def parse_mtgo_dek(text: str) -> ParsedList:
    result = ParsedList(kind="mtgo_dek")
    try:
        # comments kept: Tolaria's own .dek holds there what MTGO cannot read (_export.DEK_KEPT)
        parser = SafeET.DefusedXMLParser(target=ET.TreeBuilder(insert_comments=True))
        parser.feed(text)
        root = parser.close()
    except DefusedXmlException:
        result.errors.append("The .dek file declares XML entities or a DTD, which a deck file never needs; not read.")
        return result
    except SafeET.ParseError as exc:
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
        result.mtgo_sideboard = result.mtgo_sideboard or side
        result.lines.append(
            ParsedLine(
                quantity,
                name,
                SIDEBOARD if side else MAIN,
                line_number=number,
                cat_id=(node.get("CatID") or "").strip(),
            )
        )
    kept_at = len(result.lines)
    for node in root.iter(ET.Comment):
        found = _DEK_KEPT.match(node.text or "")
        if found is None:
            continue
        kept_at += 1
        zone = found.group("zone") if found.group("zone") in (COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD) else MAIN
        line = _card_line(found.group("line").strip(), kept_at, zone, (), result.errors)
        if line is not None:
            result.lines.append(line)
    return result


_DEK_KEPT = re.compile(r"\s*Tolaria kept \((?P<zone>[a-z]+)[^)]*\):\s*(?P<line>.+?)\s*$", re.S)


# --------------------------------------------------------------------------------------------
# CSV: read by column names, never by position (the tools add and move columns over time)

_COLUMNS = {
    "quantity": ("Count", "Quantity", "Qty"),
    "name": ("Name", "Card Name", "Card"),
    "set": ("Edition Code", "Set code", "Set Code", "Set", "Edition"),
    "set_name": ("Edition Name", "Set name", "Set Name"),
    "number": ("Collector Number", "Collector number", "Card Number"),
    "finish": ("Finish", "Foil", "Printing"),
    "tags": ("Tags", "Categories", "Category"),
    "zone": ("Board", "Section", "Zone"),
    "scryfall_id": ("Scryfall ID", "ScryfallID"),
}
_FINISH_WORDS = {"foil": FOIL, "etched": ETCHED, "etchedfoil": ETCHED, "true": FOIL}


def parse_csv(text: str, kind: str = "", set_codes: SetCodes | None = None) -> ParsedList:
    result = ParsedList(kind=kind or _csv_kind(text.split("\n", 1)[0]) or "csv_moxfield")
    sample = text.split("\n", 1)[0]
    delimiter = ";" if sample.count(";") > sample.count(",") else ","
    rows = _csv_lines(text, delimiter, result.errors)
    fieldnames = next(rows, (0, []))[1]
    columns = {key: _column(fieldnames, names) for key, names in _COLUMNS.items()}
    if result.kind == "csv_deckbox":  # Deckbox's Edition is the set's name; its code (if any) is Edition Code
        columns["set"] = _column(fieldnames, ("Edition Code",))
        columns["set_name"] = _column(fieldnames, ("Edition",))
    for number, values in rows:
        row = dict(zip(fieldnames, values))
        parsed = _csv_row(row, columns, number, result.errors)
        if parsed is not None:
            result.lines.append(_with_set_of_name(parsed, set_codes, result.warnings))
    return result


def _csv_lines(text: str, delimiter: str, errors: list[str]) -> Iterator[tuple[int, list[str]]]:
    """(line number, fields) of each non-blank line, one line one row: no decklist tool writes a field
    over several lines, so a quote opened and never closed is that line's error (read as one CSV
    stream, it would swallow every row after it into one name)."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            fields = _csv_fields(line, number, delimiter, strict=True)
        except csv.Error as exc:
            if "unexpected end of data" in str(exc):
                errors.append(
                    f'Line {number}: a quote (") opens a field and is never closed ({line!r}); the line was not read.'
                )
                continue
            fields = _csv_fields(line, number, delimiter, strict=False)  # a stray quote inside a field: as written
        yield number, fields


def _csv_fields(line: str, number: int, delimiter: str, *, strict: bool) -> list[str]:
    try:
        return next(csv.reader([line], delimiter=delimiter, strict=strict))
    except csv.Error as exc:
        if "field larger than field limit" not in str(exc):
            raise
    # no card name, set or tag is ever that long: the whole import is refused, as an over-large one is
    raise DecklistTooLarge(
        f"Line {number}: a field is over {csv.field_size_limit():,} characters, longer than any card name or "
        "tag; nothing was imported."
    )


def _column(fieldnames: Sequence[str], names: tuple[str, ...]) -> str:
    for name in names:
        if name in fieldnames:
            return name
    return ""


# what a spreadsheet reads as the start of a formula (OWASP's list)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(text: str) -> str:
    """A CSV cell as its writer meant it: the apostrophe a spreadsheet-safe export puts before a
    leading =, +, -, @ (OWASP's rule; Tolaria's own CSV exports do) is not part of the value."""
    if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def _csv_row(row: dict[str, str], columns: dict[str, str], number: int, errors: list[str]) -> ParsedLine | None:
    def value(key: str) -> str:
        column = columns[key]
        return csv_cell((row.get(column) or "").strip()) if column else ""

    name = value("name")
    if not name:
        if any((v or "").strip() for v in row.values() if isinstance(v, str)):
            errors.append(f"Line {number}: no card name.")
        return None
    quantity_text = value("quantity") or "1"
    if not quantity_text.isdecimal() or not 1 <= _count(quantity_text) <= MAX_QUANTITY:
        errors.append(
            f"Line {number}: {quantity_text[:12]!r} is not a quantity between 1 and {MAX_QUANTITY} ({name[:80]})."
        )
        return None
    zone_word = value("zone").lower()
    zone = _SECTIONS.get(zone_word, MAIN) if zone_word else MAIN
    tags = [t.strip() for t in _TAG_ITEM.findall(value("tags")) if t.strip()]
    for tag in list(tags):
        tag_zone = _CATEGORY_ZONES.get(_FLAGS.sub("", tag).strip().lower())
        if tag_zone is not None:
            zone = tag_zone
            tags.remove(tag)
    set_code, set_name = value("set").lower(), value("set_name")
    if len(set_code) > 6 or " " in set_code:  # a set's name where a code belongs
        set_code, set_name = "", set_name or value("set")
    return ParsedLine(
        _count(quantity_text),
        name,
        zone if zone != COMPANION else SIDEBOARD,
        set_code,
        value("number"),
        number,
        _FINISH_WORDS.get(value("finish").lower().replace(" ", "").replace("-", ""), ""),
        tuple(tags),
        scryfall_id=value("scryfall_id"),
        set_name=set_name,
    )


def _with_set_of_name(line: ParsedLine, set_codes: SetCodes | None, warnings: list[str]) -> ParsedLine:
    """A line that names its set but gives no code gets the code of the set of that name (the data's
    sets, `set_codes`); a name no set has is kept as written, with a warning."""
    if line.set_code or not line.set_name or set_codes is None:
        return line
    code, why = set_codes.code_of_name(line.set_name)
    if not code:
        warnings.append(f"Line {line.line_number}: {line.name}: {why}; the card is found by its name.")
        return line
    return replace(line, set_code=code)
