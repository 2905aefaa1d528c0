"""Scryfall-shaped JSON objects (card, list, error, catalog) built from the catalog's domain objects."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import urlencode

import orjson
from django.http import HttpRequest, HttpResponse

from tolaria.cards import Card, Face, Printing
from tolaria.site.catalog import models as m
from tolaria.site.stores.corpus_cache import CorpusCache

# Scryfall's formats, so every card object names every format even where the data only lists some
FORMATS = (
    "standard",
    "future",
    "historic",
    "timeless",
    "gladiator",
    "pioneer",
    "explorer",
    "modern",
    "legacy",
    "pauper",
    "vintage",
    "penny",
    "commander",
    "oathbreaker",
    "standardbrawl",
    "brawl",
    "historicbrawl",
    "alchemy",
    "paupercommander",
    "duel",
    "oldschool",
    "premodern",
    "predh",
)
MULTI_FACE_LAYOUTS = {
    "split",
    "flip",
    "transform",
    "modal_dfc",
    "double_faced_token",
    "adventure",
    "aftermath",
    "reversible_card",
    "art_series",
    "meld",
}


def json_response(data: Any, status: int = 200) -> HttpResponse:
    # orjson: a page of 175 card objects serialises several times faster than with the json module
    return HttpResponse(orjson.dumps(data), status=status, content_type="application/json")


def error(status: int, code: str, details: str, warnings: Sequence[str] | None = None, **extra: Any) -> HttpResponse:
    """Scryfall's error object."""
    body: dict[str, Any] = {"object": "error", "code": code, "status": status, "details": details}
    if warnings:
        body["warnings"] = list(warnings)
    body.update(extra)
    return json_response(body, status)


def card_path(card: Card, printing: Printing | None) -> str:
    from tolaria.site.card_links import card_url  # the one way a card page address is written

    if printing is None:
        return card_url(oracle_id=card.oracle_id)
    return card_url(card.name, printing.set_code, printing.collector_number)


def _price(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _legalities(card: Card) -> dict[str, str]:
    formats = list(FORMATS) + sorted(set(card.legalities) - set(FORMATS))
    return {f: card.legalities.get(f, "not_legal") for f in formats}


def _cmc(value: float | None) -> float | int | None:
    if value is None:
        return None
    return int(value) if float(value).is_integer() else value


def _face_object(face: Face) -> dict[str, Any]:
    out: dict[str, Any] = {
        "object": "card_face",
        "name": face.name,
        "mana_cost": face.mana_cost,
        "type_line": face.type_line,
        "oracle_text": face.oracle_text,
        "colors": list(face.colors),
    }
    if face.mana_value is not None:
        out["cmc"] = _cmc(face.mana_value)
    if face.color_indicator:
        out["color_indicator"] = list(face.color_indicator)
    for key in ("power", "toughness", "loyalty", "defense"):
        value = getattr(face, key)
        if value is not None:
            out[key] = value
    return out


def card_object(
    request: HttpRequest | None, card: Card, printing: Printing | None, set_name: str = ""
) -> dict[str, Any]:
    """A Scryfall card object for one printing of `card` (or the oracle card alone when it has none)."""
    front = card.front
    multi = len(card.faces) > 1
    path = card_path(card, printing)
    out: dict[str, Any] = {
        "object": "card",
        "id": printing.id if printing else None,
        "oracle_id": card.oracle_id,
        "name": card.name,
        "lang": printing.lang if printing else "en",
        "released_at": printing.released_at if printing else None,
        "uri": _absolute(request, f"/api/cards/{printing.id if printing else card.oracle_id}"),
        "tolaria_uri": _absolute(request, path),
        "layout": card.layout,
        "mana_cost": card.mana_cost,
        "cmc": _cmc(card.mana_value),
        "type_line": card.type_line,
        "oracle_text": front.oracle_text if not multi else card.oracle_text.replace("\n//\n", "\n\n//\n\n"),
        "colors": list(card.colors),
        "color_identity": list(card.color_identity),
        "keywords": list(card.keywords),
        "produced_mana": list(card.produced_mana) if card.produced_mana else None,
        "legalities": _legalities(card),
        "reserved": card.reserved,
        "game_changer": card.game_changer,
        "edhrec_rank": card.edhrec_rank,
    }
    if not multi:
        out["power"] = front.power
        out["toughness"] = front.toughness
        out["loyalty"] = front.loyalty
        if front.defense is not None:
            out["defense"] = front.defense
    else:
        out["power"] = out["toughness"] = out["loyalty"] = None
        out["card_faces"] = [_face_object(f) for f in card.faces]
    if card.color_indicator:
        out["color_indicator"] = list(card.color_indicator)
    if printing is not None:
        prices = printing.prices
        out.update(
            {
                "set": printing.set_code,
                "set_name": set_name,
                "collector_number": printing.collector_number,
                "rarity": printing.rarity,
                "artist": printing.artist or None,
                "finishes": list(printing.finishes),
                "games": list(printing.games),
                "border_color": printing.border_color,
                "frame": printing.frame,
                "promo": printing.promo,
                "reprint": printing.reprint,
                "digital": printing.digital,
                "full_art": printing.full_art,
                "multiverse_ids": list(printing.multiverse_ids),
                "illustration_id": printing.illustration_id or None,
                "prices": {
                    "usd": _price(prices.usd if prices else None),
                    "usd_foil": _price(prices.usd_foil if prices else None),
                    "usd_etched": _price(prices.usd_etched if prices else None),
                    "eur": _price(prices.eur if prices else None),
                    "eur_foil": _price(prices.eur_foil if prices else None),
                    "tix": _price(prices.tix if prices else None),
                },
                "prices_date": printing.prices_date,
            }
        )
        flavor = [t for t in printing.flavor_texts if t]
        if flavor and not multi:
            out["flavor_text"] = flavor[0]
    else:
        out.update(
            {
                "set": None,
                "set_name": None,
                "collector_number": None,
                "rarity": None,
                "artist": None,
                "prices": {k: None for k in ("usd", "usd_foil", "usd_etched", "eur", "eur_foil", "tix")},
            }
        )
    return out


def _absolute(request: HttpRequest | None, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


# --- loading from the database ---------------------------------------------------------------------


def load_cards(oracle_ids: Iterable[str]) -> dict[str, Card]:
    rows = m.OracleCard.objects.filter(pk__in=set(oracle_ids)).values_list("oracle_id", "data")
    return {oid: Card.from_dict(orjson.loads(data)) for oid, data in rows}


def load_printings(ids: Iterable[str]) -> dict[str, Printing]:
    rows = m.Printing.objects.filter(pk__in=set(ids)).values_list("id", "data")
    return {pid: Printing.from_dict(orjson.loads(data)) for pid, data in rows}


def set_names(codes: Iterable[str]) -> dict[str, str]:
    return dict(m.CardSet.objects.filter(code__in=set(codes)).values_list("code", "name"))


_OBJECTS = CorpusCache()


def card_objects(request: HttpRequest | None, pairs: Sequence[tuple[str, str]]) -> list[dict[str, Any]]:
    """Card objects for (printing id, oracle id) pairs, in order: from the worker's cache, the rest
    built in three queries."""
    host = request.get_host() if request is not None else ""

    def build(keys: list) -> dict:
        cards = load_cards(o for _, _, o in keys)
        printings = load_printings(p for _, p, _ in keys)
        names = set_names(p.set_code for p in printings.values())
        built = {}
        for key in keys:
            _, pid, oid = key
            card = cards.get(oid)
            if card is not None:
                printing = printings.get(pid)
                built[key] = card_object(request, card, printing, names.get(printing.set_code, "") if printing else "")
        return built

    keys = [(host, pid, oid) for pid, oid in pairs]
    found = _OBJECTS.get_many(keys, build)
    return [found[k] for k in keys if k in found]


def list_object(request: HttpRequest | None, result, next_page: str | None) -> dict[str, Any]:
    """Scryfall's list object for one page of a SearchResult (plus our explanation and sort)."""
    return {
        "object": "list",
        "total_cards": result.total,
        "has_more": result.has_more,
        "next_page": next_page if result.has_more else None,
        "data": card_objects(request, list(zip(result.printing_ids, result.oracle_ids))),
        "warnings": list(result.warnings),
        "explanation": result.explanation,
        "order": result.order,
        "dir": result.direction,
        "unique": result.unique,
    }


def absolute_with(request: HttpRequest, **params: Any) -> str:
    """The request's own absolute URL with some query parameters replaced (for next_page)."""
    query = request.GET.copy()
    for key, value in params.items():
        query[key] = str(value)
    return request.build_absolute_uri(request.path + "?" + urlencode(list(query.items())))
