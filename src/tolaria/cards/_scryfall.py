"""Scryfall card and ruling objects (bulk files and API responses) into domain objects."""

from __future__ import annotations

from typing import Any

from ._derive import derived_card
from ._model import EXTRA_LAYOUTS, Card, CardSet, Face, PricePoint, Prices, Printing, Ruling, commander_by_rule

NOT_CARDS = EXTRA_LAYOUTS


def _float(value: Any) -> float | None:
    if value in (None, ""):
        return None
    return float(value)


def _face(data: dict[str, Any]) -> Face:
    return Face(
        name=data["name"],
        mana_cost=data.get("mana_cost") or "",
        type_line=data.get("type_line") or "",
        oracle_text=data.get("oracle_text") or "",
        mana_value=_float(data.get("cmc")),
        color_indicator=tuple(data.get("color_indicator") or ()),
        power=data.get("power"),
        toughness=data.get("toughness"),
        loyalty=data.get("loyalty"),
        defense=data.get("defense"),
        hand_modifier=data.get("hand_modifier"),
        life_modifier=data.get("life_modifier"),
        **_type_parts(data.get("type_line") or ""),
    )


_SUPERTYPES = {"Basic", "Legendary", "Snow", "World", "Ongoing", "Host", "Elite"}


def _type_parts(type_line: str) -> dict[str, tuple[str, ...]]:
    """Split a type line (205.1a): supertypes and card types before the dash, subtypes after it."""
    left, _, right = type_line.partition("—")
    words = left.split()
    return {
        "supertypes": tuple(w for w in words if w in _SUPERTYPES),
        "types": tuple(w for w in words if w not in _SUPERTYPES),
        "subtypes": tuple(right.split()),
    }


def scryfall_card(data: dict[str, Any]) -> tuple[Card, Printing]:
    """One Scryfall card object into its oracle card and its printing."""
    faces_data = data.get("card_faces") or [data]
    if data.get("layout") == "reversible_card":  # both faces are the same card (Scryfall puts oracle_id there)
        faces_data = faces_data[:1]
    faces = [_face(f if "name" in f else data) for f in faces_data]
    name = data["name"] if data.get("layout") != "reversible_card" else faces[0].name
    layout = data.get("layout", "normal")
    oracle_id = data.get("oracle_id") or (data.get("card_faces") or [{}])[0].get("oracle_id")
    card = derived_card(
        oracle_id,
        name,
        layout,
        faces,
        keywords=tuple(data.get("keywords") or ()),
        legalities=dict(data.get("legalities") or {}),  # Scryfall judges every format it lists
        edhrec_rank=data.get("edhrec_rank"),
        reserved=bool(data.get("reserved")),
        game_changer=bool(data.get("game_changer")),
        can_be_commander=commander_by_rule(faces),
    )
    printing = Printing(
        id=data["id"],
        oracle_id=oracle_id,
        set_code=data.get("set", ""),
        collector_number=data.get("collector_number", ""),
        rarity=data.get("rarity", "common"),
        released_at=data.get("released_at", ""),
        artist=data.get("artist") or "",
        lang=data.get("lang", "en"),
        finishes=tuple(data.get("finishes") or ()),
        games=tuple(data.get("games") or ()),
        border_color=data.get("border_color", "black"),
        frame=data.get("frame", ""),
        frame_effects=tuple(data.get("frame_effects") or ()),
        promo_types=tuple(data.get("promo_types") or ()),
        security_stamp=data.get("security_stamp") or "",
        watermark=data.get("watermark") or "",
        flavor_texts=tuple(f.get("flavor_text") or "" for f in faces_data),
        printed_names=tuple(f.get("flavor_name") for f in faces_data if f.get("flavor_name")),
        illustration_id=data.get("illustration_id") or faces_data[0].get("illustration_id") or "",
        promo=bool(data.get("promo")),
        reprint=bool(data.get("reprint")),
        digital=bool(data.get("digital")),
        full_art=bool(data.get("full_art")),
        textless=bool(data.get("textless")),
        oversized=bool(data.get("oversized")),
        variation=bool(data.get("variation")),
        booster=bool(data.get("booster")),
        story_spotlight=bool(data.get("story_spotlight")),
        multiverse_ids=tuple(data.get("multiverse_ids") or ()),
        identifiers={k: data[k] for k in SCRYFALL_IDS if data.get(k) is not None},
        prices=scryfall_prices(data.get("prices")),
        image_status=data.get("image_status") or "",
    )
    return card, printing


SCRYFALL_IDS = (
    "mtgo_id",
    "mtgo_foil_id",
    "arena_id",
    "tcgplayer_id",
    "tcgplayer_etched_id",
    "cardmarket_id",
    "card_back_id",
)


def scryfall_prices(prices: dict[str, Any] | None) -> Prices | None:
    if not prices:
        return None
    result = Prices(
        usd=_float(prices.get("usd")),
        usd_foil=_float(prices.get("usd_foil")),
        usd_etched=_float(prices.get("usd_etched")),
        eur=_float(prices.get("eur")),
        eur_foil=_float(prices.get("eur_foil")),
        tix=_float(prices.get("tix")),
    )
    return None if result.is_empty() else result


def scryfall_set(data: dict[str, Any]) -> CardSet:
    return CardSet(
        code=data["set"],
        name=data.get("set_name", data["set"]),
        set_type=data.get("set_type", ""),
        released_at=data.get("released_at", ""),
        digital=bool(data.get("digital")),
    )


def scryfall_ruling(data: dict[str, Any]) -> tuple[str, Ruling]:
    return data["oracle_id"], Ruling(date=data["published_at"], text=data["comment"], source=data.get("source", "wotc"))


def price_point(printing: Printing, date: str) -> PricePoint | None:
    if printing.prices is None:
        return None
    return PricePoint(printing_id=printing.id, date=date, prices=printing.prices)
