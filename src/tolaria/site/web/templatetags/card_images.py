"""`{% load card_images %}{% card_image source %}`: a card as players see it, its image at Scryfall's
"normal" size (488 x 680, "large" for sharp screens) over a rendered frame of the card (name, cost, type
line, text, stats, in its colors). The frame shows while the image loads and stays when it cannot
(images off, offline, a card too new for the image host, a host that does not answer: site.js gives it
TOLARIA_IMAGE_TIMEOUT_MS); the box has the card's shape before either is drawn, so nothing moves.

`source` is `web.images.image_source(card, printing)`, or a card and its printing:
`{% card_image card printing face=1 %}`. The image is never cropped or stretched (Scryfall's image
guidelines): it fills a box of its own proportions."""

from __future__ import annotations

from typing import Any

from django import template
from django.conf import settings

from tolaria.cards import IMAGE_SIZES, SIDED_LAYOUTS, card_image_uris

from .. import presenters as p
from ..images import frame_color, image_source, sided

register = template.Library()

NORMAL = IMAGE_SIZES["normal"]


def _stats(face: dict[str, Any]) -> str:
    if face.get("power") is not None:
        return f"{face['power']}/{face.get('toughness')}"
    if face.get("loyalty") is not None:
        return f"Loyalty {face['loyalty']}"
    if face.get("defense") is not None:
        return f"Defense {face['defense']}"
    return ""


def _frame_face(face: dict[str, Any]) -> dict[str, Any]:
    return {
        "name": face.get("name") or "",
        "mana": p.mana_html(face.get("mana_cost") or ""),
        "type_line": face.get("type_line") or "",
        "text": p.text_html(face.get("oracle_text") or ""),
        "stats": _stats(face),
    }


def card_image_context(source: dict[str, Any], face: int = 0, sizes: str = "", *, eager: bool = False) -> dict:
    faces = source["faces"] or [{"name": source["name"]}]
    face = max(0, min(int(face or 0), len(faces) - 1))
    two_sides = sided(source)
    shown = [faces[face]] if two_sides else faces
    top, per_face = card_image_uris(source["id"], source["layout"], len(faces), settings.TOLARIA_IMAGE_BASE)
    uris = per_face[face] if two_sides else top
    colors = faces[face].get("colors") if two_sides else source["colors"]
    return {
        "src": uris["normal"] if uris else "",
        "srcset": f"{uris['normal']} {NORMAL.width}w, {uris['large']} {IMAGE_SIZES['large'].width}w" if uris else "",
        "sizes": sizes or f"{NORMAL.width}px",
        "width": NORMAL.width,
        "height": NORMAL.height,
        "alt": (faces[face].get("name") if two_sides else source["name"]) or source["name"],
        "frame": frame_color(list(colors or ()), shown[0].get("type_line") or ""),
        "faces": [_frame_face(f) for f in shown],
        "artist": source.get("artist", ""),
        "eager": eager,
    }


@register.inclusion_tag("web/_card_image.html")
def card_image(source: Any, printing: Any = None, face: int = 0, sizes: str = "", *, eager: bool = False) -> dict:
    if not (isinstance(source, dict) and "id" in source and "artist" in source):
        source = image_source(source, printing)
    return card_image_context(source, face, sizes, eager=eager)


@register.simple_tag
def image_timeout() -> int:
    """`<html data-image-timeout="{% image_timeout %}">`: how long site.js waits for an image (ms)."""
    return int(settings.TOLARIA_IMAGE_TIMEOUT_MS)


@register.simple_tag
def images_on() -> bool:
    return settings.TOLARIA_IMAGE_BASE is not None


@register.filter
def sided_card(card: Any) -> bool:
    """`card|sided_card`: printed on two sides, each face with an image of its own."""
    faces = card.get("faces") if isinstance(card, dict) else getattr(card, "faces", ())
    layout = card.get("layout") if isinstance(card, dict) else getattr(card, "layout", "")
    return layout in SIDED_LAYOUTS and len(faces or ()) > 1
