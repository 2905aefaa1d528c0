"""Decks: formats, validation (each problem in words), companions, statistics, and the decklist
formats players paste and export. No Django here: everything takes `tolaria.cards.Card` objects and
plain values; the site resolves names to cards and stores decks, this package judges and writes them."""

from ._commanders import commander_reason, pair_reason, partner_with
from ._companions import COMPANION_CONDITIONS
from ._decode import DecklistUnreadable, decode_decklist
from ._entry import Entry
from ._export import (
    CSV_COLUMNS,
    arena_name,
    cat_id_of,
    export_archidekt,
    export_arena,
    export_csv,
    export_deck,
    export_moxfield,
    export_mtgo,
    export_mtgo_txt,
    export_text,
    mtgo_name,
)
from ._formats import (
    CASUAL,
    COMMANDER,
    FORMATS,
    MAIN,
    MAX_QUANTITY,
    MAYBEBOARD,
    SIDEBOARD,
    ZONE_LABELS,
    ZONES,
    Format,
    format_of,
)
from ._limits import MAX_BYTES, MAX_LINES, DecklistTooLarge, check_size
from ._parse import (
    ETCHED,
    FOIL,
    FORMAT_LABELS,
    FORMAT_PHRASES,
    ParsedLine,
    ParsedList,
    detect_format,
    parse_csv,
    parse_decklist,
    parse_mtgo_dek,
    split_quantity,
)
from ._problems import Problem, Validation
from ._resolve import NameIndex, name_key, name_variants
from ._sets import DATA_NOTE, SetCodes, set_codes
from ._stats import TYPE_ORDER, Stats, pip_counts, primary_type, statistics
from ._validation import copy_allowance, validate

__all__ = [
    "CSV_COLUMNS",
    "ETCHED",
    "FOIL",
    "FORMAT_LABELS",
    "FORMAT_PHRASES",
    "MAX_BYTES",
    "MAX_LINES",
    "DecklistTooLarge",
    "DecklistUnreadable",
    "decode_decklist",
    "NameIndex",
    "DATA_NOTE",
    "SetCodes",
    "set_codes",
    "cat_id_of",
    "arena_name",
    "check_size",
    "detect_format",
    "export_archidekt",
    "export_csv",
    "export_deck",
    "export_moxfield",
    "export_mtgo_txt",
    "mtgo_name",
    "name_key",
    "name_variants",
    "parse_csv",
    "split_quantity",
    "CASUAL",
    "COMMANDER",
    "COMPANION_CONDITIONS",
    "FORMATS",
    "MAIN",
    "MAX_QUANTITY",
    "MAYBEBOARD",
    "SIDEBOARD",
    "TYPE_ORDER",
    "ZONES",
    "ZONE_LABELS",
    "Entry",
    "Format",
    "ParsedLine",
    "ParsedList",
    "Problem",
    "Stats",
    "Validation",
    "commander_reason",
    "copy_allowance",
    "export_arena",
    "export_mtgo",
    "export_text",
    "format_of",
    "pair_reason",
    "parse_decklist",
    "parse_mtgo_dek",
    "partner_with",
    "pip_counts",
    "primary_type",
    "statistics",
    "validate",
]
