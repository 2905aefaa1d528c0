"""Decks: formats, validation (each problem in words), companions, statistics, and the decklist
formats players paste and export. No Django here: everything takes `tolaria.cards.Card` objects and
plain values; the site resolves names to cards and stores decks, this package judges and writes them."""

from ._commanders import commander_reason, pair_reason, partner_with
from ._companions import COMPANION_CONDITIONS
from ._entry import Entry
from ._export import export_arena, export_mtgo, export_text
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
from ._parse import ParsedLine, ParsedList, parse_decklist, parse_mtgo_dek
from ._problems import Problem, Validation
from ._stats import TYPE_ORDER, Stats, pip_counts, primary_type, statistics
from ._validation import copy_allowance, validate

__all__ = [
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
