"""Card images, as Scryfall serves them: every printing's image addresses, built from its Scryfall id.

Scryfall's image host keeps each printing's images at one address per size and side
(https://scryfall.com/docs/api/images, and the `image_uris` of its card objects):

    {base}/{size}/{front|back}/{id[0]}/{id[1]}/{id}.{jpg|png}

so the addresses are known from the id alone, without asking Scryfall (its card objects add a
`?timestamp` of the image's last update, a cache-buster MTGJSON does not carry; the address without it
is the same image). A double-faced card (transform, modal DFC, ...) has one image per side: the front
face's under `front/`, the back face's under `back/`; a split, flip, adventure or meld card is printed on
one side and has one image.

The base is configurable: Scryfall's image host, a mirror laid out the same way, or off (no images).
Only a Scryfall id names an image there: MTGJSON's own uuids (a printing whose record has no scryfallId)
and Tolaria's uuid5 ids for printings in other languages are version-5 uuids, Scryfall's are version 4."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from urllib.parse import urlsplit

from tolaria.errors import InputError

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
]

DEFAULT_IMAGE_BASE = "https://cards.scryfall.io"
# the words that turn images off (TOLARIA_IMAGE_BASE=off)
OFF = frozenset({"off", "none", "no", "false", "0"})


@dataclass(frozen=True, slots=True)
class ImageSize:
    """One of Scryfall's image versions: its file type and its size in pixels (None where it varies)."""

    name: str
    extension: str
    width: int | None
    height: int | None
    description: str


# In the order Scryfall's image docs list them in a card object's image_uris.
IMAGE_SIZES: dict[str, ImageSize] = {
    s.name: s
    for s in (
        ImageSize("small", "jpg", 146, 204, "A small full card image, for thumbnails and list icons."),
        ImageSize("normal", "jpg", 488, 680, "A medium-sized full card image."),
        ImageSize("large", "jpg", 672, 936, "A large full card image."),
        ImageSize(
            "png", "png", 745, 1040, "A transparent, rounded full card PNG: the best image for high-quality uses."
        ),
        ImageSize("art_crop", "jpg", None, None, "A rectangular crop of the card's art only (size varies)."),
        ImageSize(
            "border_crop", "jpg", 480, 680, "A full card image with the rounded corners and most of the border cut off."
        ),
    )
}

# Layouts whose faces are printed on two sides of the card: Scryfall gives each face its own images
# (card_faces[i].image_uris) and the card object none of its own.
SIDED_LAYOUTS = frozenset(
    {"transform", "modal_dfc", "double_faced_token", "art_series", "reversible_card", "flip_token"}
)


class ImageBaseError(InputError):
    """An image base that is neither an http(s) address nor "off"."""


def image_base(value: str | None) -> str | None:
    """The image base a setting names: Scryfall's host when unset or empty, None for "off" (no images),
    else the address of a mirror (http or https, no query), without its trailing slash."""
    text = (value or "").strip()
    if not text:
        return DEFAULT_IMAGE_BASE
    if text.lower() in OFF:
        return None
    parts = urlsplit(text)
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
        raise ImageBaseError(
            f"TOLARIA_IMAGE_BASE {text!r} is not an image host: give an http(s) address such as "
            f"{DEFAULT_IMAGE_BASE}, or off"
        )
    return text.rstrip("/")


def is_scryfall_id(printing_id: str) -> bool:
    """Whether a printing's id is one of Scryfall's (a version-4 uuid), so Scryfall's host has its image."""
    try:
        return uuid.UUID(printing_id).version == 4
    except (ValueError, TypeError, AttributeError):
        return False


def image_uris(scryfall_id: str, base: str | None = DEFAULT_IMAGE_BASE, side: str = "front") -> dict[str, str] | None:
    """Scryfall's image_uris for one side of a printing: every size by name. None when images are off
    or the id is not a Scryfall id (no image host keeps an image under it)."""
    if base is None or not is_scryfall_id(scryfall_id):
        return None
    if side not in ("front", "back"):
        raise ValueError(f"a card image side is front or back, not {side!r}")
    sid = str(uuid.UUID(scryfall_id))  # Scryfall writes its ids in lower case with dashes
    return {
        name: f"{base}/{name}/{side}/{sid[0]}/{sid[1]}/{sid}.{size.extension}" for name, size in IMAGE_SIZES.items()
    }


def card_image_uris(
    scryfall_id: str, layout: str, faces: int, base: str | None = DEFAULT_IMAGE_BASE
) -> tuple[dict[str, str] | None, list[dict[str, str] | None]]:
    """A printing's images as Scryfall's card object holds them: (the card's image_uris, each face's).
    A card printed on two sides has one set per face (the first face the front, the second the back) and
    none of its own; any other card has its own set and its faces none."""
    if layout in SIDED_LAYOUTS and faces > 1:
        sides = ("front", "back")  # a card has two sides: a third face, if any, has no image of its own
        return None, [image_uris(scryfall_id, base, sides[i]) if i < 2 else None for i in range(faces)]
    return image_uris(scryfall_id, base), [None] * faces
