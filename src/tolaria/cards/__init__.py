"""The card corpus: domain objects, mana symbols and colors, and readers for MTGJSON and Scryfall files."""

from ._default import default_printing, printing_preference, sort_printings
from ._download import download_into, download_mtgjson, download_scryfall
from ._files import DataFileError
from ._images import (
    DEFAULT_IMAGE_BASE,
    IMAGE_SIZES,
    SIDED_LAYOUTS,
    ImageBaseError,
    ImageSize,
    card_image_uris,
    image_base,
    image_uris,
    is_scryfall_id,
)
from ._legalities import FileLegalities
from ._mana import ManaCostError, ManaSymbol, cost_colors, identity_from_text, mana_value, parse_mana_cost, sort_colors
from ._model import (
    COLORS,
    EXTRA_LAYOUTS,
    LANG_CODES,
    LANG_NAMES,
    LANGUAGES,
    PERMANENT_TYPES,
    Card,
    CardSet,
    Corpus,
    Face,
    PricePoint,
    Prices,
    PrintedFace,
    Printing,
    Ruling,
    Translation,
    commander_by_rule,
)
from ._mtgjson import SetBatch, SourceMeta
from ._names import NameMatch, NameTable, compact_name, fold_name
from ._read import CardsOnly, PriceBatch, RulingsBatch, detect_format, read_corpus, read_source
from ._sample import load_sample, sample_paths

read_mtgjson = read_corpus

__all__ = [
    "DEFAULT_IMAGE_BASE",
    "IMAGE_SIZES",
    "SIDED_LAYOUTS",
    "ImageBaseError",
    "ImageSize",
    "card_image_uris",
    "image_base",
    "image_uris",
    "is_scryfall_id",
    "download_into",
    "download_mtgjson",
    "download_scryfall",
    "COLORS",
    "EXTRA_LAYOUTS",
    "LANG_CODES",
    "LANG_NAMES",
    "LANGUAGES",
    "PERMANENT_TYPES",
    "Card",
    "CardSet",
    "CardsOnly",
    "Corpus",
    "DataFileError",
    "Face",
    "ManaCostError",
    "ManaSymbol",
    "NameMatch",
    "NameTable",
    "PriceBatch",
    "FileLegalities",
    "PricePoint",
    "Prices",
    "PrintedFace",
    "Printing",
    "Ruling",
    "RulingsBatch",
    "SetBatch",
    "SourceMeta",
    "Translation",
    "commander_by_rule",
    "compact_name",
    "cost_colors",
    "default_printing",
    "detect_format",
    "fold_name",
    "identity_from_text",
    "load_sample",
    "mana_value",
    "parse_mana_cost",
    "printing_preference",
    "read_corpus",
    "read_mtgjson",
    "read_source",
    "sample_paths",
    "sort_printings",
    "sort_colors",
]
