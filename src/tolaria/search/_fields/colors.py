"""Color families: c: (colors), id: (color identity), produces:, devotion:."""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

import numpy as np

from .._mana_bridge import parse_cost
from ._base import OP_WORDS, Family, compare, register

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from tolaria.cards import Card, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns

BITS = {"W": 1, "U": 2, "B": 4, "R": 8, "G": 16, "C": 32}
# a parsed color value: ("mask", color bits), ("count", number of colors) or ("multi", 0)
ColorSpec = tuple[str, int]
POP = np.array([i.bit_count() for i in range(64)], np.int8)
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}

NICKNAMES = {
    "white": "W",
    "blue": "U",
    "black": "B",
    "red": "R",
    "green": "G",
    # guilds
    "azorius": "WU",
    "dimir": "UB",
    "rakdos": "BR",
    "gruul": "RG",
    "selesnya": "GW",
    "orzhov": "WB",
    "izzet": "UR",
    "golgari": "BG",
    "boros": "RW",
    "simic": "GU",
    # colleges of Strixhaven
    "silverquill": "WB",
    "prismari": "UR",
    "witherbloom": "BG",
    "lorehold": "RW",
    "quandrix": "GU",
    # shards
    "bant": "GWU",
    "esper": "WUB",
    "grixis": "UBR",
    "jund": "BRG",
    "naya": "RGW",
    # wedges
    "abzan": "WBG",
    "jeskai": "URW",
    "sultai": "BGU",
    "mardu": "RWB",
    "temur": "GUR",
    # four colors
    "chaos": "UBRG",
    "glint": "UBRG",
    "glint-eye": "UBRG",
    "aggression": "WBRG",
    "dune": "WBRG",
    "dune-brood": "WBRG",
    "altruism": "WURG",
    "ink": "WURG",
    "ink-treader": "WURG",
    "growth": "WUBG",
    "witch": "WUBG",
    "witch-maw": "WUBG",
    "artifice": "WUBR",
    "yore": "WUBR",
    "yore-tiller": "WUBR",
    "fivecolor": "WUBRG",
    "rainbow": "WUBRG",
}


def bits(colors: Iterable[str]) -> int:
    b = 0
    for c in colors:
        b |= BITS.get(c, 0)
    return b


def parse_colors(value: str) -> ColorSpec | None:
    """('mask', bits) | ('count', n) | ('multi', 0) | None for a color value."""
    v = value.lower()
    if v.isdigit():
        return ("count", int(v))
    if v in ("m", "multi", "multicolor", "multicolored"):
        return ("multi", 0)
    if v in ("c", "colorless"):
        return ("mask", 0)
    if v in NICKNAMES:
        return ("mask", bits(NICKNAMES[v]))
    if v and all(ch in "wubrg" for ch in v):
        return ("mask", bits(v.upper()))
    return None


@overload
def match_colors(card_bits: int, op: str, spec: ColorSpec, colon: str) -> bool: ...
@overload
def match_colors(card_bits: np.ndarray, op: str, spec: ColorSpec, colon: str) -> np.ndarray: ...
def match_colors(card_bits: int | np.ndarray, op: str, spec: ColorSpec, colon: str) -> bool | np.ndarray:
    """Compare a card's color bits (an int or a numpy array) with a parsed value."""
    kind, q = spec
    pop = POP[card_bits]  # numpy: a scalar for one card, an array for the index
    answer: bool | np.ndarray
    if kind == "count":
        answer = compare(pop, ":" if op == ":" else op, q)
        return answer
    if kind == "multi":
        answer = (pop < 2) if op == "!=" else (pop >= 2)
        return answer
    if op == ":":
        op = "=" if q == 0 else colon
    sub = (card_bits & ~q & 63) == 0  # card ⊆ q
    sup = (card_bits & q) == q  # card ⊇ q
    eq = card_bits == q
    if op == "=":
        return eq
    if op == "!=":
        return ~eq if isinstance(eq, np.ndarray) else not eq
    if op == "<=":
        return sub
    if op == ">=":
        return sup
    if op == "<":
        return sub & ~eq if isinstance(eq, np.ndarray) else sub and not eq
    return sup & ~eq if isinstance(eq, np.ndarray) else sup and not eq


def describe(spec: ColorSpec) -> str:
    kind, q = spec
    if kind == "count":
        return f"{q} colors"
    if kind == "multi":
        return "multicolored"
    if q == 0:
        return "colorless"
    names = [COLOR_NAMES[c] for c in "WUBRGC" if q & BITS[c]]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def explain_colors(what: str, op: str, spec: ColorSpec, colon: str) -> str:
    kind, q = spec
    plural = what == "colors"
    is_, are = ("are", "are") if plural else ("is", "is")
    if kind == "count":
        counted = "colors" if plural else "colors in its color identity"
        return f"{'that have' if plural else 'with'} a number of {counted} that {OP_WORDS[op]} {q}"
    if kind == "multi":
        return f"whose {what} {are} {'not ' if op == '!=' else ''}multicolored"
    if op == ":":
        op = "=" if q == 0 else colon
    if q == 0 and op in ("=", "!="):
        return f"whose {what} {is_} {'not ' if op == '!=' else ''}colorless"
    verbs = {
        "=": f"{are} exactly",
        "!=": f"{are} not exactly",
        ">=": "include" if plural else "includes",
        ">": "include more than" if plural else "includes more than",
        "<=": f"{are} within",
        "<": f"{are} strictly within",
    }
    return f"whose {what} {verbs[op]} {describe(spec)}"


class ColorLike(Family):
    topic = "colors"
    compares = True  # match_colors reads != (not exactly these colors) itself
    colon = ">="
    attribute = ""  # Card attribute holding the colors
    column = ""

    def prepare(self) -> None:
        spec = parse_colors(self.value)
        if spec is None:
            raise self.unknown("color")
        self.spec = spec

    def card_bits(self, card: Card) -> int:
        return bits(getattr(card, self.attribute))

    def holds(self, card: Card, printing: Printing) -> bool:
        return bool(match_colors(self.card_bits(card), self.op, self.spec, self.colon))

    def card_holds(self, index: CardIndex) -> np.ndarray:
        card_bits: np.ndarray = index.cols[self.column]
        return match_colors(card_bits, self.op, self.spec, self.colon)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols[cls.column] = np.fromiter((bits(getattr(c, cls.attribute)) for c in cards), np.int64, len(cards))


@register
class ColorFamily(ColorLike):
    names = ("c", "color", "colors")
    description = "Card colors; c:rg means at least red and green; = exactly, <= at most; c:m multicolored, c:c colorless, c>=2 counts."
    example = "c:rg"
    attribute = "colors"
    column = "colors"

    def explain_holds(self) -> str:
        return explain_colors("colors", self.op, self.spec, self.colon)


@register
class IdentityFamily(ColorLike):
    names = ("id", "identity", "ci", "commander")
    description = "Color identity; id:wu means within white and blue (fits a W/U commander deck)."
    example = "id:esper"
    colon = "<="
    attribute = "color_identity"
    column = "identity"

    def explain_holds(self) -> str:
        return explain_colors("color identity", self.op, self.spec, self.colon)


@register
class ProducesFamily(ColorLike):
    names = ("produces",)
    description = "Mana the card can produce (produces:c for colorless; produces=wu exactly)."
    example = "produces:g"
    topic = "produced mana"
    attribute = "produced_mana"
    column = "produces"

    def prepare(self) -> None:
        v = self.value.lower()
        if v and all(ch in "wubrgc" for ch in v) and "c" in v:
            self.spec = ("mask", bits(v.upper()))
        else:
            super().prepare()

    def explain_holds(self) -> str:
        return f"that produce {describe(self.spec)} mana" if self.op == ":" else super().explain_holds()


@register
class DevotionFamily(Family):
    names = ("devotion",)
    description = (
        "Devotion: mana symbols of the color(s) in the cost (hybrid counts once); devotion:uuu, devotion>={u/b}{u/b}."
    )
    example = "devotion:rrr"
    topic = "produced mana"
    compares = True

    def prepare(self) -> None:
        syms = parse_cost(self.value) if "{" in self.value else list(self.value.upper())
        colors: set[str] = set()
        for s in syms:
            text = s if isinstance(s, str) else s.text
            colors.update(ch for ch in text.upper() if ch in "WUBRG")
        if not syms or not colors:
            raise self.unknown("devotion")
        self.q = bits(colors)
        self.n = len(syms)

    def holds(self, card: Card, printing: Printing) -> bool:
        count = sum(1 for s in parse_cost(card.mana_cost) if bits(s.colors) & self.q)
        return bool(compare(count, ">=" if self.op == ":" else self.op, self.n))

    def card_holds(self, index: CardIndex) -> np.ndarray:
        devotion: np.ndarray = index.cols["devotion"][:, self.q]
        return compare(devotion, ">=" if self.op == ":" else self.op, self.n)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        dev = np.zeros((len(cards), 32), np.int16)
        for i, c in enumerate(cards):
            for s in parse_cost(c.mana_cost):
                b = bits(s.colors)
                if b:
                    dev[i, [q for q in range(32) if q & b]] += 1
        cols["devotion"] = dev

    def explain_holds(self) -> str:
        return (
            f"whose devotion to {describe(('mask', self.q))} {OP_WORDS['>=' if self.op == ':' else self.op]} {self.n}"
        )
