"""The card corpus as plain domain objects: oracle cards, their faces, printings, rulings, sets.

These are what readers produce, what the database stores (as JSON beside a few key columns),
and what the search index, the rules linker and the tag extractors read. No Django here.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field, replace
from typing import Any

COLORS = "WUBRG"  # the order the game prints colors in (WUBRG)
PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})  # rule 110.4
_COMPANION_LINE = re.compile(r"^Companion\s*[—-]", re.M)
# Scryfall's extras among MTGJSON's `tokens`: tokens, emblems, double-faced tokens and art series
# cards. Not cards of the game: kept apart from the corpus's cards (Corpus.extras), searched only
# with include:extras, never in card counts, name lookups, decks, tags or rules links.
EXTRA_LAYOUTS = frozenset({"token", "double_faced_token", "emblem", "art_series"})


@dataclass(slots=True)
class Face:
    """One face of a card: the whole card for a normal card, one half of a split, DFC, flip, adventure…"""

    name: str
    mana_cost: str = ""  # as printed in braces, e.g. "{2}{G/U}"; "" when the face has none
    type_line: str = ""
    oracle_text: str = ""
    mana_value: float | None = None  # face mana value where the source gives one
    colors: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    hand_modifier: str | None = None
    life_modifier: str | None = None

    @property
    def is_permanent(self) -> bool:
        return bool(PERMANENT_TYPES.intersection(self.types))

    @property
    def is_legendary_creature(self) -> bool:
        return "Legendary" in self.supertypes and "Creature" in self.types


@dataclass(slots=True)
class Ruling:
    date: str  # ISO date
    text: str
    source: str = "wotc"


@dataclass(slots=True)
class Card:
    """An oracle card: the rules object shared by all its printings (Scryfall's oracle_id)."""

    oracle_id: str
    name: str  # "Front // Back" for multi-face cards
    layout: str
    faces: list[Face]
    mana_cost: str = ""  # faces joined with " // " for cards with several costs
    mana_value: float = 0.0
    colors: tuple[str, ...] = ()
    color_identity: tuple[str, ...] = ()
    color_indicator: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    produced_mana: tuple[str, ...] = ()
    legalities: dict[str, str] = field(default_factory=dict)  # format -> legal|banned|restricted|not_legal
    rulings: list[Ruling] = field(default_factory=list)
    edhrec_rank: int | None = None
    reserved: bool = False
    game_changer: bool = False
    can_be_commander: bool = False
    can_be_oathbreaker: bool = False
    can_be_brawl_commander: bool = False
    made_by: tuple[str, ...] = ()  # an extra (a token, an emblem): the names of the cards that make it

    @property
    def type_line(self) -> str:
        return " // ".join(f.type_line for f in self.faces if f.type_line)

    @property
    def oracle_text(self) -> str:
        return "\n//\n".join(f.oracle_text for f in self.faces)

    @property
    def front(self) -> Face:
        return self.faces[0]

    # Card facts: defined here once, read by search flags, tag rules and deck rules alike.

    @property
    def is_land(self) -> bool:
        return "Land" in self.front.types

    @property
    def is_basic_land(self) -> bool:
        return "Basic" in self.front.supertypes and self.is_land

    @property
    def is_permanent(self) -> bool:
        return self.front.is_permanent

    @property
    def is_legendary(self) -> bool:
        return any("Legendary" in f.supertypes for f in self.faces)

    @property
    def is_companion(self) -> bool:
        """Has the companion ability (rule 702.139): the keyword, or a "Companion —" line."""
        return "Companion" in self.keywords or bool(_COMPANION_LINE.search(self.oracle_text))

    @property
    def may_be_commander(self) -> bool:
        """Rule 903.3: a legendary creature, or a card that says it can be your commander. The source's
        flag (MTGJSON leadership skills) is trusted too; a Background needs a partner (deck rules).
        A melded permanent (Brisela) is never a card in a deck (712.4), so never a commander."""
        if self.is_meld_result:
            return False
        return self.can_be_commander or commander_by_rule(self.faces)

    @property
    def is_meld_result(self) -> bool:
        """The back face two meld cards make (712.4): a meld card with no mana cost that is not a land
        (Hanweir Battlements and Argoth, meld parts, are lands with no cost)."""
        return self.layout == "meld" and not self.front.mana_cost and not self.is_land

    @property
    def is_extra(self) -> bool:
        """A token, emblem or other extra (EXTRA_LAYOUTS), not a card of the game."""
        return self.layout in EXTRA_LAYOUTS

    def to_dict(self) -> dict[str, Any]:
        data = asdict(self)
        if not data["made_by"]:  # only extras have makers: cards serialise as before
            del data["made_by"]
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        data = dict(data)
        data["faces"] = [Face(**_tuples(f)) for f in data["faces"]]
        data["rulings"] = [Ruling(**r) for r in data.get("rulings", ())]
        return cls(**_tuples(data))


@dataclass(slots=True)
class Prices:
    """Prices of one printing on one day; None where the source has no price."""

    usd: float | None = None
    usd_foil: float | None = None
    usd_etched: float | None = None
    eur: float | None = None
    eur_foil: float | None = None
    tix: float | None = None

    def is_empty(self) -> bool:
        return all(v is None for v in asdict(self).values())


# MTGJSON's foreignData `language` -> Scryfall's `lang` code, in the order of Scryfall's list of its
# languages (https://scryfall.com/docs/api/languages); the names are MTGJSON's (AllPrintings 5.2 and later).
LANGUAGES = {
    "English": "en",
    "Spanish": "es",
    "French": "fr",
    "German": "de",
    "Italian": "it",
    "Portuguese (Brazil)": "pt",
    "Japanese": "ja",
    "Korean": "ko",
    "Russian": "ru",
    "Chinese Simplified": "zhs",
    "Chinese Traditional": "zht",
    "Hebrew": "he",
    "Latin": "la",
    "Ancient Greek": "grc",
    "Arabic": "ar",
    "Sanskrit": "sa",
    "Phyrexian": "ph",
    "Quenya": "qya",  # in MTGJSON's language list and the Scryfall clients' (LTR), not in 5.2.0's data
}
LANG_NAMES = {code: ("Portuguese" if name.startswith("Portuguese") else name) for name, code in LANGUAGES.items()}
LANG_CODES = tuple(LANGUAGES.values())


@dataclass(slots=True)
class PrintedFace:
    """One face of a printing as printed in another language (MTGJSON foreignData: the printed name,
    type line, rules text as printed — never errata'd, so not oracle text — and flavor text)."""

    name: str = ""
    type_line: str = ""
    text: str = ""
    flavor_text: str = ""


@dataclass(slots=True)
class Translation:
    """A printing in another language: Scryfall's card object of its own (lang, printed_name,
    printed_type_line, printed_text, multiverse_ids, its own id), one face per face of the printing."""

    id: str
    lang: str  # Scryfall's code: ja, de, zhs, ...
    name: str  # the printed name of the whole card ("Feuer // Eis")
    faces: tuple[PrintedFace, ...] = ()
    multiverse_ids: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Translation:
        return cls(
            id=data["id"],
            lang=data["lang"],
            name=data.get("name", ""),
            faces=tuple(PrintedFace(**f) for f in data.get("faces", ())),
            multiverse_ids=tuple(data.get("multiverse_ids", ())),
        )


@dataclass(slots=True)
class Printing:
    """One printing of a card in a set (Scryfall's card object, one id for all its faces)."""

    id: str  # Scryfall id
    oracle_id: str
    set_code: str  # lower case, as Scryfall writes it
    collector_number: str
    rarity: str  # common, uncommon, rare, mythic, special, bonus
    released_at: str  # ISO date
    artist: str = ""
    lang: str = "en"
    finishes: tuple[str, ...] = ()
    games: tuple[str, ...] = ()  # paper, arena, mtgo
    border_color: str = "black"
    frame: str = ""
    frame_effects: tuple[str, ...] = ()
    promo_types: tuple[str, ...] = ()
    security_stamp: str = ""
    watermark: str = ""
    flavor_texts: tuple[str, ...] = ()  # one per face, "" where a face has none
    printed_names: tuple[str, ...] = ()  # flavor names / printed names where they differ
    illustration_id: str = ""
    promo: bool = False
    reprint: bool = False
    digital: bool = False
    full_art: bool = False
    textless: bool = False
    oversized: bool = False
    variation: bool = False
    booster: bool = False
    story_spotlight: bool = False
    timeshifted: bool = False
    mtgjson_uuids: tuple[str, ...] = ()  # one per face record in MTGJSON
    multiverse_ids: tuple[int, ...] = ()
    # the other catalogues' ids, under Scryfall's names: mtgo_id, mtgo_foil_id, arena_id, tcgplayer_id,
    # tcgplayer_etched_id, cardmarket_id (ints), card_back_id (a uuid)
    identifiers: dict[str, Any] = field(default_factory=dict)
    prices: Prices | None = None
    prices_date: str | None = None
    # the printing in other languages (MTGJSON foreignData), on an English printing; stored apart
    translations: tuple[Translation, ...] = ()
    # on a printing in another language (in_language): what is printed on it, face by face
    printed_faces: tuple[PrintedFace, ...] = ()
    english_id: str = ""  # on a printing in another language: the English printing it translates
    # Scryfall's image_status (missing, placeholder, lowres, highres_scan) when the printing was read from
    # a Scryfall file; "" from MTGJSON, which does not say how good Scryfall's image is
    image_status: str = ""

    @property
    def printed_name(self) -> str:
        """The name printed on a printing in another language ("" on an English one)."""
        return " // ".join(f.name for f in self.printed_faces if f.name)

    def in_language(self, translation: Translation) -> Printing:
        """This printing as printed in another language: the same set, number, rarity, artist, frame
        and prices (MTGJSON prices a printing, whatever the language its sellers list), with the
        translation's id, language, multiverse ids, printed faces and flavor text. The other catalogues'
        ids (MTGO, Arena, TCGplayer, Cardmarket) name the English printing and are not carried over."""
        return replace(
            self,
            id=translation.id,
            lang=translation.lang,
            multiverse_ids=translation.multiverse_ids,
            flavor_texts=tuple(f.flavor_text for f in translation.faces),
            identifiers={k: v for k, v in self.identifiers.items() if k == "card_back_id"},
            mtgjson_uuids=(),
            translations=(),
            printed_faces=translation.faces,
            english_id=self.id,
            image_status="",  # another printing, another image: how good Scryfall's is is not known
        )

    def in_languages(self) -> list[Printing]:
        return [self.in_language(t) for t in self.translations]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Printing:
        data = dict(data)
        if data.get("prices") is not None:
            data["prices"] = Prices(**data["prices"])
        translations = tuple(Translation.from_dict(t) for t in data.pop("translations", None) or ())
        faces = tuple(PrintedFace(**f) for f in data.pop("printed_faces", None) or ())
        return cls(**_tuples(data), translations=translations, printed_faces=faces)


@dataclass(slots=True)
class CardSet:
    code: str  # lower case
    name: str
    set_type: str = ""
    released_at: str = ""
    block: str = ""
    parent_code: str = ""
    digital: bool = False
    card_count: int = 0
    keyrune_code: str = ""
    printed_size: int = 0  # the numbered cards of the set, as printed (MTGJSON baseSetSize)
    mtgo_code: str = ""
    tcgplayer_id: int | None = None
    foil_only: bool = False
    nonfoil_only: bool = False

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(slots=True)
class PricePoint:
    """A dated price of one printing, from a price file (MTGJSON AllPrices, Scryfall `prices`)."""

    printing_id: str  # Scryfall id, or the MTGJSON uuid until it is resolved to one
    date: str
    prices: Prices


def commander_by_rule(faces: list[Face]) -> bool:
    front = faces[0] if faces else None
    return front is not None and (front.is_legendary_creature or "can be your commander" in front.oracle_text)


def _tuples(data: dict[str, Any]) -> dict[str, Any]:
    """JSON has no tuples: turn lists back into the tuples the dataclasses declare."""
    return {k: tuple(v) if isinstance(v, list) and k not in ("faces", "rulings") else v for k, v in data.items()}


@dataclass(slots=True)
class Corpus:
    """Everything a reader produced or the database holds: cards by oracle id, printings by id, sets."""

    cards: dict[str, Card] = field(default_factory=dict)
    printings: dict[str, Printing] = field(default_factory=dict)
    sets: dict[str, CardSet] = field(default_factory=dict)
    data_date: str = ""
    # tokens, emblems and other extras (Card.is_extra) with their printings: apart from `cards` and
    # `printings`, so nothing that reads the cards of the game meets them unasked
    extras: dict[str, Card] = field(default_factory=dict)
    extra_printings: dict[str, Printing] = field(default_factory=dict)

    def add_card(self, card: Card) -> None:
        """Put a card where it belongs: `cards`, or `extras` for a token or emblem."""
        (self.extras if card.is_extra else self.cards)[card.oracle_id] = card

    def add_printing(self, printing: Printing) -> None:
        (self.extra_printings if printing.oracle_id in self.extras else self.printings)[printing.id] = printing

    def with_extras(self) -> Corpus:
        """One corpus holding the cards and the extras alike (for the search index and the bulk files)."""
        return Corpus(
            cards={**self.cards, **self.extras},
            printings={**self.printings, **self.extra_printings},
            sets=self.sets,
            data_date=self.data_date,
        )

    def printings_of(self, oracle_id: str) -> list[Printing]:
        return [p for p in self.printings.values() if p.oracle_id == oracle_id]
