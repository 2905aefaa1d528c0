"""MTGJSON v5 files: AllPrintings, per-set files, AtomicCards, AllPrices / AllPricesToday.

MTGJSON writes one record per face of a printing; a printing here is one Scryfall id with all its
faces, and an oracle card is one Scryfall oracle id. Sets are streamed one at a time (ijson), so a
500 MB AllPrintings never sits in memory whole.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

from ._derive import FRONT_FACE_LAYOUTS, MeldsSeen, derived_card, meld_backs
from ._files import DataFileError
from ._model import (
    COLORS,
    EXTRA_LAYOUTS,
    LANG_CODES,
    LANGUAGES,
    Card,
    CardSet,
    Face,
    PricePoint,
    Prices,
    PrintedFace,
    Printing,
    Ruling,
    Translation,
)

NOT_CARDS = EXTRA_LAYOUTS  # tokens, emblems, art series: extras, read apart from the cards


@dataclass(slots=True)
class SetBatch:
    """One set's worth of a file: the set, its oracle cards and its printings."""

    card_set: CardSet
    cards: list[Card]
    printings: list[Printing]
    records: int  # MTGJSON card records read (one per face of each printing)
    source: str = ""
    complete: bool = True  # the batch lists every printing of its set (MTGJSON), so absent ones are gone
    extra_records: int = 0  # token records read (MTGJSON's `tokens` of a set), counted apart from the cards


@dataclass(slots=True)
class SourceMeta:
    kind: str  # "mtgjson-allprintings", "mtgjson-set", "mtgjson-atomic", "mtgjson-prices", "scryfall-cards", ...
    date: str = ""
    version: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


def _oracle_id(record: dict[str, Any]) -> str:
    oracle_id: str | None = record.get("identifiers", {}).get("scryfallOracleId")
    if oracle_id:
        return oracle_id
    # Un-cards and some promos lack one: a stable id from the name keeps them one card.
    return str(uuid.uuid5(uuid.NAMESPACE_URL, "tolaria:oracle:" + record["name"]))


def _face(record: dict[str, Any]) -> Face:
    return Face(
        name=record.get("faceName") or record["name"],
        mana_cost=record.get("manaCost") or "",
        type_line=record.get("type") or "",
        oracle_text=record.get("text") or "",
        mana_value=record.get("faceManaValue"),
        color_indicator=tuple(record.get("colorIndicator") or ()),
        supertypes=tuple(record.get("supertypes") or ()),
        types=tuple(record.get("types") or ()),
        subtypes=tuple(record.get("subtypes") or ()),
        power=record.get("power"),
        toughness=record.get("toughness"),
        loyalty=record.get("loyalty"),
        defense=record.get("defense"),
        hand_modifier=record.get("hand"),
        life_modifier=record.get("life"),
    )


def _card_name(record: dict[str, Any]) -> str:
    # Each meld part is a card of its own (Scryfall names Bruna's front "Bruna, the Fading Light").
    name: str = record["name"]
    if record["layout"] == "meld":
        name = record.get("faceName") or name
    return name


def card_from_records(records: list[dict[str, Any]]) -> Card:
    """Build the oracle card from the face records of one printing (sorted by side)."""
    first = records[0]
    leadership = first.get("leadershipSkills") or {}
    keywords: list[str] = []
    for r in records:
        for k in r.get("keywords") or ():
            if k not in keywords:
                keywords.append(k)
    return derived_card(
        _oracle_id(first),
        _card_name(first),
        first["layout"],
        [_face(r) for r in records],
        keywords=tuple(keywords),
        legalities={fmt: status.lower() for fmt, status in (first.get("legalities") or {}).items()},
        rulings=[Ruling(date=r["date"], text=r["text"], source="wotc") for r in first.get("rulings") or ()],
        edhrec_rank=first.get("edhrecRank"),
        reserved=bool(first.get("isReserved")),
        can_be_commander=bool(leadership.get("commander")),
        can_be_oathbreaker=bool(leadership.get("oathbreaker")),
        can_be_brawl_commander=bool(leadership.get("brawl")),
    )


def printing_from_records(records: list[dict[str, Any]], card_set: CardSet, oracle_id: str) -> Printing:
    first = records[0]
    ids = first.get("identifiers", {})
    artists: list[str] = []
    for r in records:
        for artist in (r.get("artist") or "").split(" & "):
            if artist and artist not in artists:
                artists.append(artist)
    multiverse = []
    for r in records:
        mid = r.get("identifiers", {}).get("multiverseId")
        if mid and mid.isdigit() and int(mid) not in multiverse:  # the faces of a split card share one
            multiverse.append(int(mid))
    printing_id = ids.get("scryfallId") or first["uuid"]
    return Printing(
        id=printing_id,
        oracle_id=oracle_id,
        set_code=card_set.code,
        collector_number=first["number"],
        rarity=first.get("rarity", "common"),
        released_at=first.get("originalReleaseDate") or card_set.released_at,
        artist=" & ".join(artists),
        finishes=tuple(first.get("finishes") or ()),
        games=tuple(first.get("availability") or ()),
        border_color=first.get("borderColor", "black"),
        frame=first.get("frameVersion", ""),
        frame_effects=tuple(first.get("frameEffects") or ()),
        promo_types=tuple(first.get("promoTypes") or ()),
        security_stamp=first.get("securityStamp") or "",
        watermark=first.get("watermark") or "",
        flavor_texts=tuple(r.get("flavorText") or "" for r in records),
        printed_names=tuple(r.get("flavorName") or "" for r in records if r.get("flavorName")),
        illustration_id=ids.get("scryfallIllustrationId") or "",
        promo=bool(first.get("isPromo")),
        reprint=bool(first.get("isReprint")),
        digital=bool(first.get("isOnlineOnly")) or card_set.digital,
        full_art=bool(first.get("isFullArt")),
        textless=bool(first.get("isTextless")),
        oversized=bool(first.get("isOversized")),
        variation=bool(first.get("isAlternative")),
        booster=bool(first.get("boosterTypes")),
        story_spotlight=bool(first.get("isStorySpotlight")),
        timeshifted=bool(first.get("isTimeshifted")),
        mtgjson_uuids=tuple(r["uuid"] for r in records),
        multiverse_ids=tuple(multiverse),
        identifiers=external_ids(ids),
        translations=translations(records, printing_id),
    )


# Tolaria's own ids of printings in other languages (see translations)
FOREIGN_NAMESPACE = uuid.UUID("2b0e8f43-5c1d-4b7a-a6f0-9d3c1e7b4a52")


def _multiverse_id(entry: dict[str, Any]) -> int | None:
    value = entry.get("multiverseId") or (entry.get("identifiers") or {}).get("multiverseId")
    text = str(value or "")
    return int(text) if text.isdigit() else None


def translations(records: list[dict[str, Any]], printing_id: str) -> tuple[Translation, ...]:
    """The printing in other languages, from the foreignData of its face records (one entry per
    language on each face: name, faceName, type, text, flavorText, multiverseId; newer MTGJSON files
    also carry identifiers.scryfallId and identifiers.multiverseId). A language MTGJSON names that
    Scryfall does not list is left out.

    The id: the entry's scryfallId when the file has one (MTGJSON 5.2.1 and later), so the printing
    is Scryfall's own; MTGJSON 5.2.0 has none, and then a uuid5 of the English printing's id and the
    language: the same on every ingest of any file (the English id is Scryfall's), distinct per
    language, and never one of Scryfall's ids (those are uuid4), so a lookup cannot confuse them."""
    by_lang: dict[str, list[dict[str, Any] | None]] = {}
    for i, record in enumerate(records):
        for entry in record.get("foreignData") or ():
            lang = LANGUAGES.get(entry.get("language"))
            if lang is None or lang == "en":
                continue
            faces = by_lang.setdefault(lang, [None] * len(records))
            if faces[i] is None:
                faces[i] = entry
    out = []
    for lang in sorted(by_lang, key=LANG_CODES.index):
        entries = by_lang[lang]
        first = next(e for e in entries if e is not None)
        scryfall_id = (first.get("identifiers") or {}).get("scryfallId") or first.get("scryfallId")
        printed = tuple(
            PrintedFace(
                name=e.get("faceName") or e.get("name") or "",  # a face's name, as Face.name is read
                type_line=e.get("type") or "",
                text=e.get("text") or "",
                flavor_text=e.get("flavorText") or "",
            )
            if e is not None
            else PrintedFace()
            for e in entries
        )
        multiverse = tuple(dict.fromkeys(m for m in map(_multiverse_id, (e for e in entries if e)) if m))
        out.append(
            Translation(
                id=scryfall_id or str(uuid.uuid5(FOREIGN_NAMESPACE, f"{printing_id}:{lang}")),
                lang=lang,
                # the whole name is its faces' (a meld part's is its own face's, as its English name is)
                name=" // ".join(f.name for f in printed if f.name),
                faces=printed,
                multiverse_ids=multiverse,
            )
        )
    return tuple(out)


# MTGJSON's identifiers under Scryfall's names
EXTERNAL_IDS = {
    "mtgoId": "mtgo_id",
    "mtgoFoilId": "mtgo_foil_id",
    "mtgArenaId": "arena_id",
    "tcgplayerProductId": "tcgplayer_id",
    "tcgplayerEtchedProductId": "tcgplayer_etched_id",
    "mcmId": "cardmarket_id",
}


def external_ids(ids: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for source, name in EXTERNAL_IDS.items():
        value = str(ids.get(source) or "")
        if value.isdigit():
            out[name] = int(value)
    if ids.get("scryfallCardBackId"):
        out["card_back_id"] = ids["scryfallCardBackId"]
    return out


def card_set_from(data: dict[str, Any]) -> CardSet:
    return CardSet(
        code=data["code"].lower(),
        name=data.get("name", data["code"]),
        set_type=data.get("type", ""),
        released_at=data.get("releaseDate", ""),
        block=data.get("block") or "",
        parent_code=(data.get("parentCode") or "").lower(),
        digital=bool(data.get("isOnlineOnly")),
        card_count=int(data.get("totalSetSize") or len(data.get("cards") or ())),
        keyrune_code=(data.get("keyruneCode") or "").lower(),
        printed_size=int(data.get("baseSetSize") or 0),
        mtgo_code=(data.get("mtgoCode") or "").lower(),
        tcgplayer_id=data.get("tcgplayerGroupId"),
        foil_only=bool(data.get("isFoilOnly")),
        nonfoil_only=bool(data.get("isNonFoilOnly")),
    )


_REQUIRED = ("name", "layout", "uuid", "number", "identifiers")


def _check(record: Any, source: str, index: int) -> dict[str, Any]:
    if not isinstance(record, dict):
        raise DataFileError(source, f"expected a card object, found {type(record).__name__}", record=index)
    for key in _REQUIRED:
        if key not in record:
            raise DataFileError(source, "missing", record=index, field=key)
    if not isinstance(record["name"], str) or not record["name"]:
        raise DataFileError(source, "expected a card name", record=index, field="name")
    for key in ("manaCost", "text", "type"):
        if key in record and record[key] is not None and not isinstance(record[key], str):
            raise DataFileError(source, f"expected text, found {type(record[key]).__name__}", record=index, field=key)
    check_shapes(record, MTGJSON_SHAPES, source, index)
    for entry in record.get("foreignData") or ():
        if not isinstance(entry, dict) or not isinstance(entry.get("language"), str):
            raise DataFileError(source, "expected an object with a language", record=index, field="foreignData")
        for key in ("name", "faceName", "type", "text", "flavorText"):
            if entry.get(key) is not None and not isinstance(entry[key], str):
                raise DataFileError(source, f"expected text in {key}", record=index, field="foreignData")
    return record


# The containers a reader walks into: a wrongly shaped file is named by record and field here, before
# a reader meets a string where it expects a dict.
MTGJSON_SHAPES: dict[str, type | tuple[type, ...]] = {
    "identifiers": dict,
    "legalities": dict,
    "leadershipSkills": dict,
    "purchaseUrls": dict,
    "colors": list,
    "colorIdentity": list,
    "colorIndicator": list,
    "types": list,
    "subtypes": list,
    "supertypes": list,
    "keywords": list,
    "printings": list,
    "availability": list,
    "finishes": list,
    "frameEffects": list,
    "promoTypes": list,
    "otherFaceIds": list,
    "cardParts": list,
    "foreignData": list,
    "rulings": list,
    "artistIds": list,
    "manaValue": (int, float),
    "convertedManaCost": (int, float),
    "faceManaValue": (int, float),
}
SCRYFALL_SHAPES: dict[str, type | tuple[type, ...]] = {
    "legalities": dict,
    "prices": dict,
    "image_uris": dict,
    "related_uris": dict,
    "purchase_uris": dict,
    "card_faces": list,
    "all_parts": list,
    "colors": list,
    "color_identity": list,
    "color_indicator": list,
    "keywords": list,
    "finishes": list,
    "games": list,
    "multiverse_ids": list,
    "produced_mana": list,
    "frame_effects": list,
    "promo_types": list,
    "cmc": (int, float),
}


_SHAPE_NAMES: dict[type | tuple[type, ...], str] = {dict: "an object", list: "a list"}


def check_shapes(record: dict[str, Any], shapes: dict[str, type | tuple[type, ...]], source: str, index: int) -> None:
    for key, kind in shapes.items():
        value = record.get(key)
        if value is not None and not isinstance(value, kind):
            expected = "a number" if kind == (int, float) else _SHAPE_NAMES[kind]
            raise DataFileError(source, f"expected {expected}, found {type(value).__name__}", record=index, field=key)


def _note_meld(record: dict[str, Any], card: Card, meld_parts: dict[str, list[str]], melds: MeldsSeen | None) -> None:
    """Remember which fronts meld into which result: from cardParts, or, where a set lacks them,
    from the front records' names ("Bruna, the Fading Light // Brisela, Voice of Nightmares")."""
    fronts_of: dict[str, list[str]] = melds.setdefault("fronts of", {}) if melds is not None else {}
    if record.get("side") == "a" and " // " in record["name"]:
        result = record["name"].split(" // ")[-1]
        fronts_of.setdefault(result, [])
        if card.name not in fronts_of[result]:
            fronts_of[result].append(card.name)
    elif record.get("side") == "b":
        parts = record.get("cardParts") or []
        meld_parts[card.oracle_id] = parts or fronts_of.get(card.name, [])


def _add_record(groups: dict[str, list[dict[str, Any]]], record: dict[str, Any]) -> None:
    """Put a face record with the other faces of its printing (one Scryfall id). A record whose uuid
    the printing already has is the same record listed twice, and counts once (the later copy kept):
    MTGJSON 5.2.0+20220425 lists 165 art series faces twice over in the tokens of AAFR, AMID, AVOW
    and ANEO (the same uuid, byte-identical), which made a printing of three faces, named one uuid
    twice and stopped the ingest on the uuid table's key."""
    records = groups.setdefault(record["identifiers"].get("scryfallId") or record["uuid"], [])
    for i, seen in enumerate(records):
        if seen["uuid"] == record["uuid"]:
            records[i] = record
            return
    records.append(record)


def set_batch(data: dict[str, Any], source: str, first_record: int = 1, melds: MeldsSeen | None = None) -> SetBatch:
    """Turn one MTGJSON Set object into its oracle cards and printings (tokens excluded).

    Record numbers in errors count card records across the whole file, from ``first_record``.
    """
    if not isinstance(data, dict) or "code" not in data or not isinstance(data.get("cards"), list):
        raise DataFileError(source, "expected an MTGJSON set object with 'code' and 'cards'", record=first_record)
    card_set = card_set_from(data)
    groups: dict[str, list[dict[str, Any]]] = {}
    for offset, record in enumerate(data["cards"]):
        number = first_record + offset
        record = _check(record, f"{source} [{data['code']}]", number)
        if record["layout"] in NOT_CARDS:
            continue
        _add_record(groups, record)
    cards: dict[str, Card] = {}
    printings: list[Printing] = []
    meld_parts: dict[str, list[str]] = {}
    for records in sorted(groups.values(), key=lambda rs: rs[0].get("side") or ""):
        records.sort(key=lambda r: r.get("side") or "")
        try:
            card = card_from_records(records)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise DataFileError(
                f"{source} [{data['code']}]",
                f"cannot read this card ({exc})",
                record=first_record,
                field=records[0].get("name"),
            ) from exc
        cards[card.oracle_id] = card
        if card.layout == "meld":
            _note_meld(records[0], card, meld_parts, melds)
        printings.append(printing_from_records(records, card_set, card.oracle_id))
    meld_backs(list(cards.values()), lambda card: meld_parts.get(card.oracle_id, []), melds)
    return SetBatch(card_set, list(cards.values()), printings, records=len(data["cards"]), source=source)


def token_batch(data: dict[str, Any], source: str) -> SetBatch | None:
    """A set's `tokens` (tokens, emblems, double-faced tokens, art series cards) as Scryfall keeps
    them: printings of the set's token set (MTGJSON's tokenSetCode or each record's setCode: DMU's
    tokens are TDMU, "Dominaria United Tokens", set type token), each extra an oracle card of its own
    that remembers the cards making it (relatedCards.reverseRelated). None when the set has none."""
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or not tokens:
        return None
    where = f"{source} [{data.get('code')} tokens]"
    parent = card_set_from(data)
    groups: dict[str, list[dict[str, Any]]] = {}
    code = str(data.get("tokenSetCode") or "").lower()
    for offset, record in enumerate(tokens):
        record = _check(record, where, offset + 1)
        code = code or str(record.get("setCode") or "").lower()
        _add_record(groups, record)
    code = code or "t" + parent.code
    token_set = CardSet(
        code=code,
        name=f"{parent.name} Tokens",
        set_type="token",
        released_at=parent.released_at,
        block=parent.block,
        parent_code=parent.code,
        digital=parent.digital,
        card_count=len(groups),
        keyrune_code=parent.keyrune_code,
    )
    if code == parent.code:  # the set's tokens are its own (AAFR, an art series set; TM20): the set as it is
        token_set = replace(parent, card_count=parent.card_count or len(groups))
    cards: dict[str, Card] = {}
    printings: list[Printing] = []
    walkers = _planeswalker_types(data.get("cards"))
    for records in groups.values():
        records.sort(key=lambda r: r.get("side") or "")
        try:
            card = card_from_records(records)
        except (ValueError, KeyError, TypeError, AttributeError) as exc:
            raise DataFileError(where, f"cannot read this token ({exc})", field=records[0].get("name")) from exc
        _emblem_type_line(card, records, walkers)
        if not card.is_extra:  # MTGJSON lists a few "normal" records among tokens: still extras
            card.layout = "token"
        # a token's colors are what made it says (rule 111.3), not a mana cost's: the source's own
        for face, record in zip(card.faces, records):
            face.colors = tuple(c for c in COLORS if c in (record.get("colors") or ()))
        card.colors = tuple(c for c in COLORS if any(c in f.colors for f in card.faces))
        related = records[0].get("relatedCards") or {}
        makers = related.get("reverseRelated") if isinstance(related, dict) else None
        makers = makers or records[0].get("reverseRelated") or []
        previous = cards.get(card.oracle_id)
        card.made_by = tuple(dict.fromkeys([*(previous.made_by if previous else ()), *map(str, makers)]))
        cards[card.oracle_id] = card
        # extras stay English: Scryfall's tokens in other languages are not in MTGJSON's tokens
        printings.append(replace(printing_from_records(records, token_set, card.oracle_id), translations=()))
    return SetBatch(token_set, list(cards.values()), printings, records=0, source=source, extra_records=len(tokens))


def _planeswalker_types(records: Any) -> dict[str, tuple[str, ...]]:
    """Name (and face name) -> subtypes of the set's planeswalker cards: the makers of its emblems."""
    out: dict[str, tuple[str, ...]] = {}
    for r in records if isinstance(records, list) else ():
        if isinstance(r, dict) and "Planeswalker" in (r.get("types") or ()) and r.get("subtypes"):
            for name in (r.get("faceName"), r.get("name")):
                if isinstance(name, str):
                    out.setdefault(name, tuple(r["subtypes"]))
    return out


def _emblem_type_line(card: Card, records: list[dict[str, Any]], walkers: dict[str, tuple[str, ...]]) -> None:
    """An emblem's type line as Scryfall writes it, with its planeswalker's subtype: "Emblem — Ajani"
    (MTGJSON 5.2 writes "Emblem" alone on 21 of its 73 emblems, from M20 to ONE); the subtype is read
    from the planeswalker of the set that makes it (relatedCards.reverseRelated, or where that is
    empty the emblem's name less " Emblem": "Kaito Shizuki Emblem"), and an emblem no planeswalker of
    its set makes stays "Emblem"."""
    if card.layout != "emblem" or card.front.type_line != "Emblem":
        return
    related = records[0].get("relatedCards") or {}
    makers = (related.get("reverseRelated") if isinstance(related, dict) else None) or ()
    for maker in [*makers, card.name.removesuffix(" Emblem")]:
        subtypes = walkers.get(str(maker))
        if subtypes:
            card.front.subtypes = subtypes
            card.front.type_line = "Emblem — " + " ".join(subtypes)
            return


def prices_from_mtgjson(uuid_: str, entry: dict[str, Any]) -> Iterator[PricePoint]:
    """AllPrices / AllPricesToday: TCGplayer retail for USD, Cardmarket for EUR, Cardhoarder for tix.

    One PricePoint per date found; printing_id is the MTGJSON uuid (ingest maps it to a printing).
    """
    by_date: dict[str, Prices] = {}

    def put(date: str, attr: str, value: Any) -> None:
        if value is None:
            return
        prices = by_date.setdefault(date, Prices())
        if getattr(prices, attr) is None:
            setattr(prices, attr, float(value))

    paper = (entry or {}).get("paper") or {}
    for provider, attr_normal, attr_foil in (
        ("tcgplayer", "usd", "usd_foil"),
        ("cardkingdom", "usd", "usd_foil"),
        ("cardmarket", "eur", "eur_foil"),
    ):
        retail = (paper.get(provider) or {}).get("retail") or {}
        for finish, attr in (
            ("normal", attr_normal),
            ("foil", attr_foil),
            ("etched", "usd_etched" if attr_normal == "usd" else None),
        ):
            if attr is None:
                continue
            for date, value in (retail.get(finish) or {}).items():
                put(date, attr, value)
    mtgo = (entry or {}).get("mtgo") or {}
    retail = (mtgo.get("cardhoarder") or {}).get("retail") or {}
    for date, value in (retail.get("normal") or {}).items():
        put(date, "tix", value)
    for date, prices in sorted(by_date.items()):
        yield PricePoint(printing_id=uuid_, date=date, prices=prices)


def atomic_cards(name: str, records: Iterable[dict[str, Any]]) -> Card:
    """AtomicCards: one entry per card name, faces as separate objects; no printings."""
    records = sorted(records, key=lambda r: r.get("side") or "")
    for r in records:
        r.setdefault("uuid", "")
        r.setdefault("number", "")
        r.setdefault("name", name)
    return card_from_records(records)


__all__ = [
    "FRONT_FACE_LAYOUTS",
    "SetBatch",
    "SourceMeta",
    "atomic_cards",
    "card_from_records",
    "card_set_from",
    "prices_from_mtgjson",
    "printing_from_records",
    "set_batch",
    "token_batch",
]
