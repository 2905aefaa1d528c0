"""Typed schemas of Scryfall's objects for the OpenAPI document (the routes answer orjson directly;
these say what the answers hold). Every object allows more keys: Tolaria's additions are `tolaria_*`."""

from __future__ import annotations

from typing import Any, Literal

from ninja import Schema
from pydantic import ConfigDict, Field


class _Open(Schema):
    model_config = ConfigDict(extra="allow")


class ErrorOut(_Open):
    object: Literal["error"] = "error"
    code: str = Field(description="not_found, bad_request, method_not_allowed, too_many_requests, …")
    status: int
    details: str
    type: str | None = Field(None, description="e.g. ambiguous, for a fuzzy name that matches several cards")
    warnings: list[str] | None = None


class CardFaceOut(_Open):
    object: Literal["card_face"] = "card_face"
    name: str
    mana_cost: str
    type_line: str | None = None
    oracle_text: str | None = None
    colors: list[str] | None = None
    color_indicator: list[str] | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    artist: str | None = None
    flavor_text: str | None = None
    illustration_id: str | None = None
    watermark: str | None = None
    printed_name: str | None = Field(None, description="a printing in another language: the face's name as printed")
    printed_type_line: str | None = None
    printed_text: str | None = Field(None, description="the rules text as printed (the oracle text stays English)")


class RelatedCardOut(_Open):
    object: Literal["related_card"] = "related_card"
    id: str
    component: str = Field(description="token, meld_part, meld_result or combo_piece")
    name: str
    type_line: str
    uri: str


class CardOut(_Open):
    object: Literal["card"] = "card"
    id: str | None
    oracle_id: str
    name: str
    lang: str = Field(
        description="Scryfall's language code: en, es, fr, de, it, pt, ja, ko, ru, zhs, zht, he, la, grc, ar, sa, ph"
    )
    printed_name: str | None = Field(None, description="a printing in another language: its name as printed")
    printed_type_line: str | None = None
    printed_text: str | None = Field(None, description="the rules text as printed (the oracle text stays English)")
    layout: str
    uri: str
    scryfall_uri: str | None = Field(None, description="the card's page on this Tolaria")
    rulings_uri: str | None = None
    prints_search_uri: str | None = None
    released_at: str | None = None
    multiverse_ids: list[int] | None = None
    mtgo_id: int | None = None
    mtgo_foil_id: int | None = None
    arena_id: int | None = None
    tcgplayer_id: int | None = None
    tcgplayer_etched_id: int | None = None
    cardmarket_id: int | None = None
    card_back_id: str | None = None
    cmc: float | None = None
    mana_cost: str | None = None
    type_line: str
    oracle_text: str | None = None
    colors: list[str] | None = None
    color_identity: list[str]
    color_indicator: list[str] | None = None
    keywords: list[str]
    produced_mana: list[str] | None = None
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    legalities: dict[str, str]
    reserved: bool
    game_changer: bool | None = None
    edhrec_rank: int | None = None
    card_faces: list[CardFaceOut] | None = None
    all_parts: list[RelatedCardOut] | None = None
    set_id: str | None = None
    set: str | None = None
    set_name: str | None = None
    set_type: str | None = None
    set_uri: str | None = None
    set_search_uri: str | None = None
    scryfall_set_uri: str | None = None
    collector_number: str | None = None
    rarity: str | None = None
    artist: str | None = None
    illustration_id: str | None = None
    finishes: list[str] | None = None
    foil: bool | None = None
    nonfoil: bool | None = None
    games: list[str] | None = None
    border_color: str | None = None
    frame: str | None = None
    frame_effects: list[str] | None = None
    promo_types: list[str] | None = None
    security_stamp: str | None = None
    watermark: str | None = None
    flavor_text: str | None = None
    promo: bool | None = None
    reprint: bool | None = None
    digital: bool | None = None
    full_art: bool | None = None
    textless: bool | None = None
    oversized: bool | None = None
    variation: bool | None = None
    booster: bool | None = None
    story_spotlight: bool | None = None
    highres_image: bool | None = None
    image_status: str | None = Field(None, description="missing: Tolaria keeps no card images")
    prices: dict[str, str | None] | None = None
    related_uris: dict[str, str] | None = None
    purchase_uris: dict[str, str] | None = None
    tolaria_uri: str | None = None
    tolaria_rulings: list[dict[str, Any]] | None = None
    tolaria_tags: list[dict[str, Any]] | None = None


class ScryfallListOut(_Open):
    """Scryfall's list object (a page of cards); not a saved list (the lists API's ListOut)."""

    object: Literal["list"] = "list"
    data: list[dict[str, Any]]
    has_more: bool | None = None
    next_page: str | None = None
    total_cards: int | None = None
    warnings: list[str] | None = None
    not_found: list[dict[str, Any]] | None = Field(None, description="/cards/collection: identifiers without a card")


class CatalogOut(_Open):
    object: Literal["catalog"] = "catalog"
    uri: str | None = None
    total_values: int
    data: list[str]


class RulingOut(_Open):
    object: Literal["ruling"] = "ruling"
    oracle_id: str
    source: str
    published_at: str
    comment: str


class RulingListOut(_Open):
    object: Literal["list"] = "list"
    has_more: bool = False
    data: list[RulingOut]


class SetOut(_Open):
    object: Literal["set"] = "set"
    id: str
    code: str
    mtgo_code: str | None = None
    arena_code: str | None = None
    tcgplayer_id: int | None = None
    name: str
    set_type: str
    released_at: str | None = None
    block_code: str | None = None
    block: str | None = None
    parent_set_code: str | None = None
    card_count: int
    printed_size: int | None = None
    digital: bool
    foil_only: bool
    nonfoil_only: bool
    scryfall_uri: str
    uri: str
    icon_svg_uri: str
    search_uri: str


class SetListOut(_Open):
    object: Literal["list"] = "list"
    has_more: bool = False
    data: list[SetOut]


class CardSymbolOut(_Open):
    object: Literal["card_symbol"] = "card_symbol"
    symbol: str
    svg_uri: str | None = None
    loose_variant: str | None = None
    english: str
    transposable: bool
    represents_mana: bool
    mana_value: float | None = None
    appears_in_mana_costs: bool
    funny: bool
    colors: list[str]
    hybrid: bool | None = None
    phyrexian: bool | None = None
    gatherer_alternates: list[str] | None = None


class SymbolListOut(_Open):
    object: Literal["list"] = "list"
    has_more: bool = False
    data: list[CardSymbolOut]


class ManaCostOut(_Open):
    object: Literal["mana_cost"] = "mana_cost"
    cost: str
    cmc: float
    colors: list[str]
    colorless: bool
    monocolored: bool
    multicolored: bool


class BulkDataOut(_Open):
    object: Literal["bulk_data"] = "bulk_data"
    id: str
    type: str
    updated_at: str
    uri: str
    name: str
    description: str
    size: int
    compressed_size: int
    download_uri: str
    jsonl_download_uri: str
    jsonl_compressed_size: int
    content_type: str
    content_encoding: str


class BulkDataListOut(_Open):
    object: Literal["list"] = "list"
    has_more: bool = False
    data: list[BulkDataOut]


class MigrationOut(_Open):
    object: Literal["migration"] = "migration"
    id: str
    uri: str
    performed_at: str
    migration_strategy: str = Field(description="merge or delete")
    old_scryfall_id: str
    new_scryfall_id: str | None = None
    note: str | None = None


class MigrationListOut(_Open):
    object: Literal["list"] = "list"
    has_more: bool = False
    data: list[dict[str, Any]]
