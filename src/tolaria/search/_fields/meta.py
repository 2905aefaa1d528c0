"""Query metadata (not conditions): unique:, order:/sort:, dir:, prefer:, include:, display:."""

from __future__ import annotations

from typing import ClassVar

from ._base import Family, register

ORDERS = (
    "name",
    "set",
    "released",
    "rarity",
    "color",
    "usd",
    "tix",
    "eur",
    "cmc",
    "power",
    "toughness",
    "edhrec",
    "penny",  # documented by Scryfall; the data has no Penny Dreadful ranks (search.UNRANKED)
    "artist",
    "review",
)
ORDER_ALIASES = {
    "mv": "cmc",
    "manavalue": "cmc",
    "date": "released",
    "pow": "power",
    "tou": "toughness",
    "price": "usd",
    "colors": "color",
    "spoiled": "released",  # previews are not in the data: the release date is the nearest
}
PREFERS = (
    "default",
    "oldest",
    "newest",
    "usd-low",
    "usd-high",
    "eur-low",
    "eur-high",
    "tix-low",
    "tix-high",
    "promo",
    "atypical",
    "ub",
    "notub",
)


class MetaFamily(Family):
    topic = "display"
    metadata = True
    ops = (":", "=")
    allowed: ClassVar[tuple[str, ...]] = ()
    aliases: ClassVar[dict[str, str]] = {}

    def prepare(self) -> None:
        v = self.value.lower()
        v = self.aliases.get(v, v)
        if v not in self.allowed:
            raise self.unknown()
        self.setting = v

    def explain_holds(self) -> str:
        return ""


@register
class UniqueMeta(MetaFamily):
    names = ("unique",)
    description = "Show one result per card (cards, default), per printing (prints) or per artwork (art)."
    example = "unique:prints"
    allowed = ("cards", "prints", "art")


@register
class OrderMeta(MetaFamily):
    names = ("order", "sort")
    description = "Sort by " + ", ".join(ORDERS) + "."
    example = "order:usd"
    allowed = ORDERS
    aliases = ORDER_ALIASES


@register
class DirMeta(MetaFamily):
    names = ("dir", "direction")
    description = "Sort direction: asc, desc or auto."
    example = "dir:desc"
    allowed = ("asc", "desc", "auto")


@register
class PreferMeta(MetaFamily):
    names = ("prefer",)
    description = "Which printing represents a card: oldest, newest, usd-low, usd-high, promo, …"
    example = "prefer:oldest"
    allowed = PREFERS


@register
class IncludeMeta(MetaFamily):
    names = ("include",)
    description = (
        "include:extras also searches tokens, emblems, double-faced tokens and art series cards (hidden otherwise)."
    )
    example = "include:extras"
    allowed = ("extras",)


@register
class DisplayMeta(MetaFamily):
    names = ("display", "as")
    description = "How the site shows results: grid, checklist, full, text."
    example = "display:checklist"
    allowed = ("grid", "checklist", "full", "text", "images")
