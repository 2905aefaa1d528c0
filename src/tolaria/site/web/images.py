"""What a card image on a page needs: the printing's Scryfall id, the card's layout and, for the frame
drawn when the image cannot load, each face's name, cost, type line, text, stats and colors.

`image_source(card, printing)` takes the domain objects (a card page, a deck row) or their stored dicts
(a search result row), so the rows a worker caches hold a few strings per card and no address: the
addresses are written when the page is drawn, against the image base of the moment
(settings.TOLARIA_IMAGE_BASE)."""

from __future__ import annotations

from typing import Any

import numpy as np

from tolaria.cards import SIDED_LAYOUTS
from tolaria.site.stores.card_index import card_positions, current_index
from tolaria.site.stores.runtime import IndexUnavailable

_FACE_KEYS = ("name", "mana_cost", "type_line", "oracle_text", "power", "toughness", "loyalty", "defense")


def _get(obj: Any, key: str, default: Any = None) -> Any:
    if obj is None:
        return default
    if isinstance(obj, dict):
        return obj.get(key, default)
    return getattr(obj, key, default)


def default_printing_id(oracle_id: str) -> str:
    """The printing a card shows when none is chosen (the index keeps a card's preferred printing first);
    "" when no index is loaded yet."""

    try:
        index = current_index()
    except IndexUnavailable:
        return ""
    pos = card_positions(index).get(oracle_id)
    if pos is None:
        return ""
    row = int(np.searchsorted(index.card_of, pos, side="left"))
    if row >= index.n_printings or int(index.card_of[row]) != pos:
        return ""
    return str(index.printing_ids[row])


def image_source(card: Any, printing: Any = None) -> dict[str, Any]:
    """The card's image and frame as plain data. With no printing, the card's default one."""
    faces = _get(card, "faces") or []
    pid = _get(printing, "id") or default_printing_id(_get(card, "oracle_id", ""))
    return {
        "id": pid or "",
        "name": _get(card, "name", ""),
        "layout": _get(card, "layout", "normal"),
        "colors": list(_get(card, "colors") or ()),
        "artist": _get(printing, "artist", "") or "",
        "faces": [{**{k: _get(f, k) for k in _FACE_KEYS}, "colors": list(_get(f, "colors") or ())} for f in faces],
    }


def frame_color(colors: list[str], type_line: str) -> str:
    """The frame a card is drawn in: its color, gold for two or more, a land's or an artifact's."""
    if len(colors) > 1:
        return "gold"
    if colors:
        return colors[0].lower()
    return "land" if "Land" in type_line else "colorless"


def sided(source: dict[str, Any]) -> bool:
    """Printed on two sides: each face has an image (and a frame) of its own."""
    return source["layout"] in SIDED_LAYOUTS and len(source["faces"]) > 1
