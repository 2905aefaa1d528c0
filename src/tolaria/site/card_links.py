"""The one way a card page's address is written (pages, search results, the API, lists and decks)."""

from __future__ import annotations

import functools
import urllib.parse

from django import template
from django.utils.text import slugify

register = template.Library()  # a builtin of the site's templates (settings.TEMPLATES): no {% load %}


@functools.lru_cache(maxsize=65536)  # slugify is slow, and a card's name recurs in every printing's object
def card_slug(name: str) -> str:
    return slugify(name.replace("//", " ")) or "card"


def card_url(name: str = "", set_code: str = "", number: str = "", oracle_id: str = "") -> str:
    """`/card/SET/NUMBER/slug` for a printing; `/card/ORACLE_ID` for a card (it redirects to the card's
    default printing)."""
    if set_code and number:
        quote = urllib.parse.quote
        return f"/card/{quote(set_code.lower())}/{quote(number)}/{card_slug(name)}"
    return f"/card/{oracle_id}"


@register.filter(name="card_url")
def card_url_filter(oracle_id: str) -> str:
    """`{{ row.oracle_id|card_url }}`: a card's page from a template, written by `card_url`."""
    return card_url(oracle_id=str(oracle_id))
