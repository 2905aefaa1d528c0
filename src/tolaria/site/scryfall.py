"""Scryfall-shaped JSON objects (card, list, error) built from the catalog's domain objects: the API
answers with them, `tolaria search --json` prints them. The HTTP around them is the API's (api/_objects)."""

from __future__ import annotations

import functools
import re
import uuid
from collections.abc import Iterable, Sequence
from typing import Any
from urllib.parse import urlencode

import numpy as np
from django.conf import settings
from django.http import HttpRequest

from tolaria.cards import SIDED_LAYOUTS, Card, Face, Printing, card_image_uris
from tolaria.search import NoMatch, QueryError, QuerySyntaxError
from tolaria.site.card_links import card_url  # the one way a card page address is written
from tolaria.site.catalog.repository import extra_cards, load_cards, load_printings, set_names
from tolaria.site.catalog.services import name_table
from tolaria.site.stores.card_index import card_positions, current_index
from tolaria.site.stores.corpus_cache import CorpusCache
from tolaria.site.stores.runtime import IndexUnavailable

# Scryfall's layouts where MTGJSON names them otherwise
LAYOUTS = {"aftermath": "split"}
# faces printed on two sides: Scryfall keeps mana cost, text, colors and images on the faces only
TWO_SIDED = SIDED_LAYOUTS
# Scryfall writes loyalty abilities as "+2:", MTGJSON as "[+2]:"
_LOYALTY = re.compile(r"^\[([+\u2212-]?(?:\d+|X))\]:", re.MULTILINE)
# the order Scryfall lists a card's colors in (alphabetical, not WUBRG)
_COLOR_ORDER = "BGRUW"
FINISHES = ("nonfoil", "foil", "etched", "glossy")  # Scryfall's; MTGJSON also has "signed"
GAME_ORDER = {"arena": 0, "paper": 1, "mtgo": 2}  # as Scryfall lists them
SET_NAMESPACE = uuid.UUID("6f0b5f1e-8c1a-4d4e-9b61-0a6f2b7d5c3e")  # Tolaria's own set ids


@functools.lru_cache(maxsize=4096)  # a few hundred sets, asked for by every card object
def set_id(code: str) -> str:
    """Sets have no Scryfall id in MTGJSON: a stable id of Tolaria's own from the set code."""
    return str(uuid.uuid5(SET_NAMESPACE, code.lower()))


def error_object(status: int, code: str, details: str, warnings: Sequence[str] = (), **extra: Any) -> dict[str, Any]:
    """Scryfall's error object."""
    body: dict[str, Any] = {"object": "error", "code": code, "status": status, "details": details}
    if warnings:
        body["warnings"] = list(warnings)
    body.update(extra)
    return body


def query_error_object(exc: QueryError) -> dict[str, Any]:
    """The error object for a search that cannot answer: a 404 for no card (or a page past the last
    one), a 400 for the rest; a syntax error names its position, what was expected there and a caret."""
    if isinstance(exc, QuerySyntaxError):
        expected = f"; expected {', '.join(exc.expected)}" if exc.expected else ""
        return error_object(
            400,
            "bad_request",
            f"{exc}{expected}",
            exc.warnings,
            position=exc.position,
            expected=list(exc.expected),
            caret=exc.caret,
        )
    if isinstance(exc, NoMatch):
        return error_object(404, "not_found", str(exc), exc.warnings)
    return error_object(400, "bad_request", str(exc), exc.warnings)


def default_printing_id(oracle_id: str) -> str | None:
    """The printing a card shows by default (the index keeps a card's printings together, preferred first)."""
    index = current_index()
    pos = card_positions(index).get(oracle_id)
    if pos is None:
        return None
    row = int(np.searchsorted(index.card_of, pos, side="left"))
    if row >= index.n_printings or int(index.card_of[row]) != pos:
        return None
    return index.printing_ids[row]


def card_path(card: Card, printing: Printing | None) -> str:
    if printing is None:
        return card_url(oracle_id=card.oracle_id)
    return card_url(card.name, printing.set_code, printing.collector_number)


def _price(value: float | None) -> str | None:
    return None if value is None else f"{value:.2f}"


def _legalities(card: Card) -> dict[str, str]:
    """The formats the card's data judges (tolaria.cards._legalities): a format its source file
    does not know is left out rather than called not legal."""
    return dict(sorted(card.legalities.items()))


def _cmc(value: float | None) -> float | None:
    return None if value is None else float(value)


def scryfall_text(text: str) -> str:
    return _LOYALTY.sub(r"\1:", text)


def scryfall_colors(colors: Iterable[str]) -> list[str]:
    return sorted(colors, key=lambda c: _COLOR_ORDER.find(c))


def scryfall_layout(card: Card) -> str:
    if card.layout == "normal" and "Mutate" in card.keywords:
        return "mutate"
    return LAYOUTS.get(card.layout, card.layout)


def _stats(face: Face, out: dict[str, Any]) -> None:
    for key in ("power", "toughness", "loyalty", "defense", "hand_modifier", "life_modifier"):
        value = getattr(face, key)
        if value is not None:
            out[key] = value


def _face_object(card: Card, face: Face, i: int, printing: Printing | None) -> dict[str, Any]:
    two_sided = card.layout in TWO_SIDED
    out: dict[str, Any] = {
        "object": "card_face",
        "name": face.name,
        "mana_cost": face.mana_cost,
        "type_line": face.type_line,
        "oracle_text": scryfall_text(face.oracle_text),
    }
    if two_sided:
        out["colors"] = scryfall_colors(face.colors)
    if card.layout == "reversible_card" and face.mana_value is not None:
        out["cmc"] = _cmc(face.mana_value)
    if face.color_indicator:
        out["color_indicator"] = scryfall_colors(face.color_indicator)
    _stats(face, out)
    if printing is not None:
        printed = printing.printed_faces[i] if i < len(printing.printed_faces) else None
        if printed is not None:
            _printed(printed.name, printed.type_line, printed.text, out)
        if printing.artist:
            out["artist"] = printing.artist
        if i == 0 and printing.illustration_id:
            out["illustration_id"] = printing.illustration_id
        flavor = printing.flavor_texts[i] if i < len(printing.flavor_texts) else ""
        if flavor:
            out["flavor_text"] = flavor
        if printing.watermark:
            out["watermark"] = printing.watermark
    return out


def _printed(name: str, type_line: str, text: str, out: dict[str, Any]) -> None:
    """Scryfall's printed_name, printed_type_line and printed_text: what a printing in another
    language has printed on it (the oracle text stays English: rule 108.1, errata reach only it)."""
    if name:
        out["printed_name"] = name
    if type_line:
        out["printed_type_line"] = type_line
    if text:
        out["printed_text"] = text


def _gameplay(card: Card) -> dict[str, Any]:
    """The fields every printing of a card shares."""
    front = card.front
    out: dict[str, Any] = {
        "oracle_id": card.oracle_id,
        "name": card.name,
        "layout": scryfall_layout(card),
        "cmc": _cmc(card.mana_value),
        "type_line": card.type_line,
        "color_identity": scryfall_colors(card.color_identity),
        "keywords": list(card.keywords),
        "legalities": _legalities(card),
        "reserved": card.reserved,
        "game_changer": card.game_changer,
    }
    if len(card.faces) == 1:
        out["mana_cost"] = card.mana_cost
        out["oracle_text"] = scryfall_text(front.oracle_text)
        out["colors"] = scryfall_colors(card.colors)
        _stats(front, out)
    elif card.layout not in TWO_SIDED:  # split, flip, adventure: one side, so one cost and one color
        out["mana_cost"] = card.mana_cost
        out["colors"] = scryfall_colors(card.colors)
        if card.layout != "split":
            _stats(front, out)
    if card.layout == "reversible_card":
        del out["cmc"]
    if card.color_indicator and len(card.faces) == 1:
        out["color_indicator"] = scryfall_colors(card.color_indicator)
    if card.produced_mana:
        out["produced_mana"] = scryfall_colors(card.produced_mana)
    if card.edhrec_rank is not None:
        out["edhrec_rank"] = card.edhrec_rank
    return out


@functools.lru_cache(maxsize=4096)
def _set_paths(code: str) -> tuple[str, str, str]:
    """A set's three addresses in a card object (its object, its printings by the API and on the site):
    the same for every printing of the set, written once."""
    return (
        f"/api/sets/{set_id(code)}",
        "/api/cards/search?" + urlencode({"order": "set", "q": f"e:{code}", "unique": "prints"}),
        "/search?" + urlencode({"q": f"e:{code}", "unique": "prints"}),
    )


def _uris(request: HttpRequest | None, card: Card, printing: Printing) -> dict[str, Any]:
    pid, code = printing.id, printing.set_code
    set_uri, set_search_uri, scryfall_set_uri = _set_paths(code)
    return {
        "uri": _absolute(request, f"/api/cards/{pid}"),
        "scryfall_uri": _absolute(request, card_path(card, printing)),
        "rulings_uri": _absolute(request, f"/api/cards/{pid}/rulings"),
        "prints_search_uri": _absolute(
            request,
            "/api/cards/search?"
            + urlencode({"order": "released", "q": f"oracleid:{card.oracle_id}", "unique": "prints"}),
        ),
        "set_uri": _absolute(request, set_uri),
        "set_search_uri": _absolute(request, set_search_uri),
        "scryfall_set_uri": _absolute(request, scryfall_set_uri),
    }


def _related(card: Card, printing: Printing) -> dict[str, Any]:
    related: dict[str, str] = {}
    if printing.multiverse_ids:
        related["gatherer"] = (
            f"https://gatherer.wizards.com/Pages/Card/Details.aspx?multiverseid={printing.multiverse_ids[0]}"
        )
    related["edhrec"] = "https://edhrec.com/route/?" + urlencode({"cc": card.front.name})
    purchase: dict[str, str] = {}
    if printing.identifiers.get("tcgplayer_id"):
        purchase["tcgplayer"] = f"https://www.tcgplayer.com/product/{printing.identifiers['tcgplayer_id']}"
    purchase["cardmarket"] = "https://www.cardmarket.com/en/Magic/Products/Search?" + urlencode(
        {"searchString": card.front.name}
    )
    if printing.identifiers.get("mtgo_id"):
        purchase["cardhoarder"] = f"https://www.cardhoarder.com/cards/{printing.identifiers['mtgo_id']}"
    return {"related_uris": related, "purchase_uris": purchase}


def _print_fields(printing: Printing, set_row: tuple[str, str] | None, *, multi: bool, layout: str) -> dict[str, Any]:
    set_name, set_type = set_row or ("", "")
    prices = printing.prices
    out: dict[str, Any] = {
        "id": printing.id,
        "lang": printing.lang,
        "released_at": printing.released_at,
        "multiverse_ids": list(dict.fromkeys(printing.multiverse_ids)),
        **{k: v for k, v in printing.identifiers.items()},
        "set_id": set_id(printing.set_code),
        "set": printing.set_code,
        "set_name": set_name,
        "set_type": set_type,
        "collector_number": printing.collector_number,
        "rarity": printing.rarity,
        "finishes": [f for f in printing.finishes if f in FINISHES],
        "foil": "foil" in printing.finishes or "etched" in printing.finishes,
        "nonfoil": "nonfoil" in printing.finishes,
        "games": sorted(printing.games, key=lambda g: GAME_ORDER.get(g, len(GAME_ORDER))),
        "border_color": printing.border_color,
        "frame": printing.frame,
        "promo": printing.promo,
        "reprint": printing.reprint,
        "digital": printing.digital,
        "full_art": printing.full_art,
        "textless": printing.textless,
        "oversized": printing.oversized,
        "variation": printing.variation,
        "booster": printing.booster,
        "story_spotlight": printing.story_spotlight,
        "prices": {
            "usd": _price(prices.usd if prices else None),
            "usd_foil": _price(prices.usd_foil if prices else None),
            "usd_etched": _price(prices.usd_etched if prices else None),
            "eur": _price(prices.eur if prices else None),
            "eur_foil": _price(prices.eur_foil if prices else None),
            "tix": _price(prices.tix if prices else None),
        },
    }
    if printing.artist:
        out["artist"] = printing.artist
    if printing.illustration_id and layout not in TWO_SIDED:  # one side: one illustration for the card
        out["illustration_id"] = printing.illustration_id
    for key in ("frame_effects", "promo_types"):
        if getattr(printing, key):
            out[key] = list(getattr(printing, key))
    for key in ("security_stamp", "watermark"):
        if getattr(printing, key) and not (multi and key == "watermark"):
            out[key] = getattr(printing, key)
    flavor = [t for t in printing.flavor_texts if t]
    if flavor and not multi:
        out["flavor_text"] = flavor[0]
    if printing.printed_names and not multi:
        out["flavor_name"] = printing.printed_names[0]
    if printing.printed_faces:  # a printing in another language
        if multi:
            _printed(printing.printed_name, "", "", out)
        else:
            face = printing.printed_faces[0]
            _printed(face.name, face.type_line, face.text, out)
    return out


# --- all_parts: the tokens and emblems a card makes, the cards that make a token ---------------------

_PARTS: dict[str, Any] = {"version": None}


def _parts_tables() -> dict[str, Any]:
    """Built once per loaded index from the stored extras, in a few queries: maker name -> the
    extras it makes, each extra's own entry (oracle id -> (printing id, name, type line)) and the
    makers of each extra as entries."""
    version = current_index().version
    if _PARTS["version"] != version:
        made: dict[str, list[str]] = {}
        extras: dict[str, tuple[str | None, str, str]] = {}
        makers_of: dict[str, list[str]] = {}
        names = name_table()
        for oid, token in extra_cards().items():
            extras[oid] = (default_printing_id(oid), token.name, token.type_line)
            for maker in token.made_by:
                made.setdefault(maker, []).append(oid)
                maker_oid = names.exact(maker)
                if maker_oid:
                    makers_of.setdefault(oid, []).append(maker_oid)
        wanted = sorted({o for oids in makers_of.values() for o in oids})
        cards = {
            oid: (default_printing_id(oid), maker.name, maker.type_line) for oid, maker in load_cards(wanted).items()
        }
        _PARTS.clear()
        _PARTS.update(
            version=version,
            made=made,
            extras=extras,
            makers={oid: [cards[o] for o in dict.fromkeys(oids) if o in cards] for oid, oids in makers_of.items()},
        )
    return _PARTS


def _part(request: HttpRequest | None, pid: str | None, component: str, name: str, type_line: str) -> dict[str, Any]:
    return {
        "object": "related_card",
        "id": pid,
        "component": component,
        "name": name,
        "type_line": type_line,
        "uri": _absolute(request, f"/api/cards/{pid}"),
    }


def all_parts(request: HttpRequest | None, card: Card, printing: Printing | None) -> list[dict[str, Any]] | None:
    """Scryfall's all_parts for tokens: a card that makes tokens or emblems lists itself
    (combo_piece) and each of them (token); a token lists itself and the cards that make it
    (MTGJSON's relatedCards.reverseRelated on the token). None when there are none."""
    try:
        tables = _parts_tables()
    except IndexUnavailable:  # no index loaded yet: the object goes without
        return None
    own = printing.id if printing is not None else None
    if card.is_extra:
        makers = [
            _part(request, pid, "combo_piece", name, type_line)
            for pid, name, type_line in tables["makers"].get(card.oracle_id, ())
            if pid
        ]
        if not makers:
            return None
        return [_part(request, own, "token", card.name, card.type_line), *makers]
    names = dict.fromkeys([card.name, *(f.name for f in card.faces)])
    made = [oid for name in names for oid in tables["made"].get(name, ())]
    if not made:
        return None
    parts = [_part(request, own, "combo_piece", card.name, card.type_line)]
    for oid in dict.fromkeys(made):
        pid, name, type_line = tables["extras"][oid]
        if pid:
            parts.append(_part(request, pid, "token", name, type_line))
    return parts if len(parts) > 1 else None


def card_object(
    request: HttpRequest | None,
    card: Card,
    printing: Printing | None,
    set_row: tuple[str, str] | str | None = None,
) -> dict[str, Any]:
    """A Scryfall card object for one printing of `card` (or the oracle card alone when it has none).
    Tolaria's own additions are under `tolaria_*` keys."""
    if isinstance(set_row, str):
        set_row = (set_row, "")
    multi = len(card.faces) > 1
    out: dict[str, Any] = {"object": "card", **_gameplay(card)}
    if printing is not None:
        out.update(_print_fields(printing, set_row, multi=multi, layout=card.layout))
        out.update(_uris(request, card, printing))
        out.update(_related(card, printing))
    else:
        out.update({"id": None, "lang": "en", "uri": _absolute(request, f"/api/cards/{card.oracle_id}")})
    faces = [_face_object(card, f, i, printing) for i, f in enumerate(card.faces)] if multi else []
    if printing is not None:
        _images(card, printing, out, faces)
    if multi:
        out["card_faces"] = faces
    parts = all_parts(request, card, printing)
    if parts:
        out["all_parts"] = parts
    out["tolaria_uri"] = _absolute(request, card_path(card, printing))
    return out


def _images(card: Card, printing: Printing, out: dict[str, Any], faces: list[dict[str, Any]]) -> None:
    """Scryfall's image_uris (on the card, or on each face of a card printed on two sides), built from
    the printing's Scryfall id against the site's image base (TOLARIA_IMAGE_BASE), and an image_status
    that claims no more than is known: Scryfall's own when the printing was read from a Scryfall file;
    "lowres" when the data (MTGJSON) does not say (an image is linked, its quality is not known:
    tolaria_image_status_known is false); "missing" when no image is linked (images off, or an id that
    is not Scryfall's)."""
    top, per_face = card_image_uris(printing.id, card.layout, len(card.faces), settings.TOLARIA_IMAGE_BASE)
    if top is not None:
        out["image_uris"] = top
    for face, uris in zip(faces, per_face):
        if uris is not None:
            face["image_uris"] = uris
    linked = top is not None or any(u is not None for u in per_face)
    known = linked and bool(printing.image_status)
    status = printing.image_status if known else ("lowres" if linked else "missing")
    out["highres_image"] = status == "highres_scan"
    out["image_status"] = status
    out["tolaria_image_status_known"] = known or not linked


def _absolute(request: HttpRequest | None, path: str) -> str:
    return request.build_absolute_uri(path) if request is not None else path


# --- loading from the database ---------------------------------------------------------------------


_OBJECTS = CorpusCache()


def card_objects(request: HttpRequest | None, pairs: Sequence[tuple[str | None, str]]) -> list[dict[str, Any]]:
    """Card objects for (printing id, oracle id) pairs, in order: from the worker's cache, the rest
    built in three queries (a search answers printings in other languages too)."""
    # the image base is in the key: objects built under another base (a test's setting) are not reused
    host = (request.get_host() if request is not None else "", settings.TOLARIA_IMAGE_BASE)

    def build(keys: list) -> dict:
        cards = load_cards(o for _, _, o in keys)
        printings = load_printings((p for _, p, _ in keys), other_languages=True)
        names = set_names(p.set_code for p in printings.values())
        built = {}
        for key in keys:
            _, pid, oid = key
            card = cards.get(oid)
            if card is not None:
                printing = printings.get(pid)
                built[key] = card_object(request, card, printing, names.get(printing.set_code) if printing else None)
        return built

    keys = [(host, pid, oid) for pid, oid in pairs]
    found = _OBJECTS.get_many(keys, build)
    return [found[k] for k in keys if k in found]


def list_object(request: HttpRequest | None, result, next_page: str | None) -> dict[str, Any]:
    """Scryfall's list object for one page of a SearchResult (plus our explanation and sort)."""
    out: dict[str, Any] = {
        "object": "list",
        "total_cards": result.total,
        "has_more": result.has_more,
    }
    if result.has_more:
        out["next_page"] = next_page
    out["data"] = card_objects(request, list(zip(result.printing_ids, result.oracle_ids)))
    if result.warnings:
        out["warnings"] = list(result.warnings)
    out.update(
        {
            "tolaria_explanation": result.explanation,
            "tolaria_order": result.order,
            "tolaria_dir": result.direction,
            "tolaria_unique": result.unique,
        }
    )
    return out
