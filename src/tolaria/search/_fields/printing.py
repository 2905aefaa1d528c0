"""Printing families: set, set type, block, collector number, rarity, border, frame, stamp, game, language,
watermark, year/date, prices, cheapest, new:, in:, and the prints/sets/artists counts."""

from __future__ import annotations

import datetime as dt
import math
import re
from typing import TYPE_CHECKING

import numpy as np

from tolaria.cards import LANG_CODES, LANG_NAMES

from .._text import fold
from ._base import OP_WORDS, Family, Ignored, card_any, compare, mask_of, number, register

if TYPE_CHECKING:
    from collections.abc import Callable, Mapping, Sequence

    from tolaria.cards import Card, CardSet, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns

RARITIES = {"common": 0, "uncommon": 1, "rare": 2, "mythic": 3, "special": 4, "bonus": 5}
RARITY_SHORT = {
    "c": "common",
    "u": "uncommon",
    "r": "rare",
    "m": "mythic",
    "s": "special",
    "b": "bonus",
    "mythic rare": "mythic",
    "mythicrare": "mythic",
}


def rarity_rank(r: str) -> int:
    return RARITIES.get(r, 4)


class Category(Family):
    """A printing-level property with a few named values (set code, border, game, …)."""

    topic = "printing details"
    ops = (":", "=", "!=")
    level = "printing"
    column = ""
    what = ""
    known: tuple[str, ...] = ()  # when not empty, other values are warned about

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:  # pragma: no cover - abstract
        raise NotImplementedError

    def values(self, printing: Printing) -> tuple[str, ...]:
        return self._values(printing, self.ctx.sets)

    def target_of(self, value: str) -> str:
        return fold(value)

    def prepare(self) -> None:
        self.target = self.target_of(self.value)
        if self.known and self.target not in self.known:
            raise self.unknown(self.what or self.names[0])

    def holds(self, card: Card, printing: Printing) -> bool:
        return self.target in self.values(printing)

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        return mask_of(index.n_printings, index.cols[self.column].get(self.target))

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        table: dict[str, list[int]] = {}
        for i, p in enumerate(ref.corpus.printings.values()):
            for v in set(cls._values(p, ref.sets)):
                table.setdefault(v, []).append(i)
        cols[cls.column] = {k: np.asarray(v, np.int32) for k, v in table.items()}

    def explain_holds(self) -> str:
        return f"{self.phrase} {self.value}"

    phrase = "with"


@register
class SetFamily(Category):
    names = ("s", "e", "set", "edition")
    description = "Printed in the set with this code."
    example = "s:dom"
    topic = "printing"
    column = "set"
    phrase = "printed in set"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (p.set_code.lower(),)


# the guide's st: promo categories (st:fnm, st:judge_gift, st:wpn …), from MTGJSON's promoTypes
PROMO_CATEGORIES = {
    "fnm": "fnm",
    "judgegift": "judge_gift",
    "arenaleague": "arena_league",
    "playerrewards": "player_rewards",
    "mediainsert": "media_insert",
    "tourney": "tourney",
    "gateway": "gateway",
    "wizardsplaynetwork": "wpn",
    "instore": "instore",
    "convention": "convention",
    "setpromo": "set_promo",
    "duels": "duels",
    "event": "event",
    "premiereshop": "premiere_shop",
}
SET_TYPE_EXTRAS = ("boxset", "portal", "unset", *PROMO_CATEGORIES.values())
# Scryfall's set_type values (https://scryfall.com/docs/api/sets, "Set Types"); MTGJSON's set `type`
# uses the same words. st: and in: know them all, also the ones no set of the corpus has.
SCRYFALL_SET_TYPES: tuple[str, ...] = (
    "core",
    "expansion",
    "masters",
    "eternal",
    "alchemy",
    "masterpiece",
    "arsenal",
    "from_the_vault",
    "spellbook",
    "premium_deck",
    "duel_deck",
    "draft_innovation",
    "treasure_chest",
    "commander",
    "planechase",
    "archenemy",
    "vanguard",
    "funny",
    "starter",
    "box",
    "promo",
    "token",
    "memorabilia",
    "minigame",
)
KNOWN_SET_TYPES: tuple[str, ...] = (*SCRYFALL_SET_TYPES, *SET_TYPE_EXTRAS)


def set_types_of(p: Printing, s: CardSet | None) -> tuple[str, ...]:
    """The st: words of a printing: its set's type, the guide's series (st:boxset, st:portal, st:unset)
    and its promo category."""
    out = []
    if s is not None and s.set_type:
        out.append(fold(s.set_type))
        if s.set_type == "box":
            out.append("boxset")
        if s.name.startswith("Portal"):
            out.append("portal")
        if s.set_type == "funny" and s.name.startswith("Un"):
            out.append("unset")
    out += [PROMO_CATEGORIES[t] for t in p.promo_types if t in PROMO_CATEGORIES]
    return tuple(out)


def set_type_word(value: str) -> str:
    """st:judgegift is st:judge_gift, st:fromthevault st:from_the_vault."""
    v = fold(value)
    return next((w for w in KNOWN_SET_TYPES if w.replace("_", "") == v.replace("_", "")), v)


@register
class SetTypeFamily(Category):
    names = ("st", "settype")
    description = (
        "Set type: core, expansion, masters, commander, funny, promo, token, memorabilia, …; the series boxset, "
        "portal, unset; promo kinds fnm, judge_gift, arena_league, player_rewards, media_insert, wpn, …"
    )
    example = "st:masters"
    topic = "printing"
    column = "settype"
    phrase = "printed in a set of type"

    def target_of(self, value: str) -> str:
        return set_type_word(value)

    def prepare(self) -> None:
        """Scryfall's set types (also those no set of the corpus has) and the corpus's own; any other
        word is unknown (st:multiplayer is not a set type)."""
        self.target = set_type_word(self.value)
        if self.target not in KNOWN_SET_TYPES and self.target not in {fold(s.set_type) for s in self.ctx.sets.values()}:
            raise self.unknown("set type")

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return set_types_of(p, sets.get(p.set_code.lower()))


@register
class BlockFamily(Category):
    names = ("b", "block")
    description = "Block, by a set code of the block or the block's name."
    example = "b:zen"
    topic = "printing"
    column = "block"
    phrase = "printed in block"

    def target_of(self, value: str) -> str:
        s = self.ctx.sets.get(value.lower())
        if s is not None and s.block:
            return fold(s.block)
        return fold(value)

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        s = sets.get(p.set_code.lower())
        return (fold(s.block),) if s and s.block else ()


@register
class BorderFamily(Category):
    names = ("border",)
    description = "Border color: black, white, borderless, silver, gold."
    example = "border:white"
    column = "border"
    known = ("black", "white", "borderless", "silver", "gold")
    phrase = "with border"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (p.border_color,)


@register
class FrameFamily(Category):
    names = ("frame",)
    description = (
        "Frame edition (1993, 1997, 2003, 2015, future) or frame effect (legendary, showcase, extendedart, …)."
    )
    example = "frame:1993"
    column = "frame"
    phrase = "with frame"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (fold(p.frame),) + tuple(fold(e) for e in p.frame_effects)


@register
class StampFamily(Category):
    names = ("stamp",)
    description = "Security stamp: oval, acorn, triangle, arena, circle, heart."
    example = "stamp:acorn"
    column = "stamp"
    phrase = "with security stamp"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (fold(p.security_stamp),) if p.security_stamp else ()


@register
class GameFamily(Category):
    names = ("game",)
    description = "Available in this game: paper, mtgo, arena."
    example = "game:arena"
    column = "game"
    known = ("paper", "mtgo", "arena")
    phrase = "available in"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return tuple(p.games)


@register
class LangFamily(Category):
    """lang:ja — printings in Japanese. A query with a lang: term searches the printings in every
    language (Scryfall: lang: finds cards in that language); lang:any answers all of them."""

    names = ("lang", "language")
    description = "Printed in this language (en, ja, de, zhs, … or its name: lang:japanese); lang:any for all."
    example = "lang:ja"
    column = "lang"
    phrase = "printed in language"
    lingual = True
    asks_languages = True

    def target_of(self, value: str) -> str:
        v = fold(value)
        return _LANG_WORDS.get(v, v)

    def prepare(self) -> None:
        self.target = self.target_of(self.value)
        self.any = self.target == "any"
        if not self.any and self.target not in LANG_CODES:
            raise self.unknown("language")

    def explain_holds(self) -> str:
        if self.any:
            return "printed in any language"
        return f"printed in {LANG_NAMES.get(self.target, self.target)}"

    def holds(self, card: Card, printing: Printing) -> bool:
        return self.any or printing.lang == self.target

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        if self.any:
            return np.ones(index.n_printings, bool)
        return super().printing_holds(index)

    def foreign_holds(self, index: CardIndex, english: np.ndarray | None = None) -> np.ndarray:
        if self.any:
            return np.ones(index.n_foreign, bool)
        return np.asarray(index.foreign_lang == LANG_CODES.index(self.target))

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (p.lang,)


# Scryfall's codes, also its printed codes (jp, kr, cs, ct, sp) and the languages' names in English
_LANG_WORDS = {
    **{fold(name): code for code, name in LANG_NAMES.items()},
    "portuguese": "pt",
    "chinese": "zhs",
    "simplified chinese": "zhs",
    "traditional chinese": "zht",
    "jp": "ja",
    "kr": "ko",
    "cs": "zhs",
    "ct": "zht",
    "sp": "es",
}


@register
class WatermarkFamily(Category):
    names = ("wm", "watermark")
    description = "Watermark: a guild, a clan, planeswalker, set symbol, …"
    example = "wm:orzhov"
    column = "watermark"
    phrase = "with watermark"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (fold(p.watermark),) if p.watermark else ()


@register
class RarityFamily(Family):
    names = ("r", "rarity")
    description = "Rarity of the printing (common, uncommon, rare, mythic, special, bonus); compares: r>=rare."
    example = "r:mythic"
    topic = "printing"
    compares = True
    level = "printing"

    def prepare(self) -> None:
        v = RARITY_SHORT.get(self.value.lower(), self.value.lower())
        if v not in RARITIES:
            raise self.unknown("rarity")
        self.rank = RARITIES[v]
        self.rarity = v

    def holds(self, card: Card, printing: Printing) -> bool:
        return bool(compare(rarity_rank(printing.rarity), self.op, self.rank))

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        return compare(index.cols["rarity"], self.op, self.rank)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["rarity"] = np.fromiter((rarity_rank(p.rarity) for p in ref.corpus.printings.values()), np.int8)

    def explain_holds(self) -> str:
        return f"whose rarity {OP_WORDS[self.op]} {self.rarity}"


_CN_DIGITS = re.compile(r"\d+")


def cn_number(cn: str) -> float:
    m = _CN_DIGITS.search(cn or "")
    return float(m.group(0)) if m else math.nan


@register
class CollectorNumberFamily(Family):
    names = ("cn", "number")
    description = "Collector number: cn:123 exactly, cn>=100 compares the number."
    example = "cn>=300"
    topic = "printing"
    compares = True  # cn>=100 compares the number; cn:, cn= and cn!= the whole collector number
    level = "printing"

    def prepare(self) -> None:
        self.target = fold(self.value)
        n = number(self.value)
        self.exact = self.op in (":", "=", "!=")
        if not self.exact and n is None:
            raise self.unknown("number")
        self.n = math.nan if n is None else n  # compared only when not exact
        self.negated = self.op == "!="

    def holds(self, card: Card, printing: Printing) -> bool:
        if self.exact:
            return fold(printing.collector_number) == self.target
        return bool(compare(cn_number(printing.collector_number), self.op, self.n))

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        if self.exact:
            return mask_of(index.n_printings, index.cols["cn"].get(self.target))
        return compare(index.cols["cn_num"], self.op, self.n)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        table: dict[str, list[int]] = {}
        for i, p in enumerate(ref.corpus.printings.values()):
            table.setdefault(fold(p.collector_number), []).append(i)
        cols["cn"] = {k: np.asarray(v, np.int32) for k, v in table.items()}
        cols["cn_num"] = np.fromiter((cn_number(p.collector_number) for p in ref.corpus.printings.values()), float)

    def explain_holds(self) -> str:
        return f"whose collector number {OP_WORDS[self.op]} {self.value}"

    def explain_negated(self) -> str:
        return self.explain_holds()  # the operator's words already say it: "is not"


def date_ordinal(iso: str) -> float:
    try:
        return float(dt.date.fromisoformat(iso[:10]).toordinal())
    except (ValueError, TypeError):
        return math.nan


class DateLike(Family):
    topic = "printing details"
    compares = True

    @classmethod
    def explain_unchecked(cls, op: str, value: str) -> str:
        return f"released on a date that {OP_WORDS[op]} {value}"

    level = "printing"
    needs_corpus = True  # set codes as dates

    def resolve(self) -> str | None:
        v = self.value.lower()
        s = self.ctx.sets.get(v)
        if s is not None and s.released_at:
            return s.released_at
        if re.fullmatch(r"\d{4}", v):
            return v + "-01-01"
        if re.fullmatch(r"\d{4}-\d{2}(-\d{2})?", v):
            return v if len(v) == 10 else v + "-01"
        return None


@register
class YearFamily(DateLike):
    names = ("year",)
    description = "Release year of the printing (a set code stands for its year)."
    example = "year<=1994"

    def prepare(self) -> None:
        iso = self.resolve()
        if iso is None:
            raise self.unknown("year")
        self.year = int(iso[:4])

    def holds(self, card: Card, printing: Printing) -> bool:
        y = int(printing.released_at[:4]) if printing.released_at[:4].isdigit() else math.nan
        return bool(compare(float(y), self.op, self.year))

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        return compare(index.cols["year"], self.op, self.year)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["year"] = np.fromiter(
            (
                float(p.released_at[:4]) if p.released_at[:4].isdigit() else math.nan
                for p in ref.corpus.printings.values()
            ),
            float,
        )

    def explain_holds(self) -> str:
        return f"printed in a year that {OP_WORDS[self.op]} {self.year}"


@register
class DateFamily(DateLike):
    names = ("date",)
    description = "Release date of the printing, as YYYY-MM-DD or a set code (date>=ons)."
    example = "date>=2015-08-18"

    def prepare(self) -> None:
        iso = self.resolve()
        if iso is None or math.isnan(date_ordinal(iso)):
            raise self.unknown("date")
        self.iso = iso
        self.ordinal = date_ordinal(iso)

    def holds(self, card: Card, printing: Printing) -> bool:
        return bool(compare(date_ordinal(printing.released_at), self.op, self.ordinal))

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        return compare(index.cols["released"], self.op, self.ordinal)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["released"] = np.fromiter((date_ordinal(p.released_at) for p in ref.corpus.printings.values()), float)

    def explain_holds(self) -> str:
        return f"released on a date that {OP_WORDS[self.op]} {self.iso}"


def price_of(printing: Printing, currency: str) -> float:
    prices = printing.prices
    value = getattr(prices, currency, None) if prices is not None else None
    return math.nan if value is None else float(value)


class PriceFamily(Family):
    topic = "prices"
    compares = True  # a printing without a price matches neither usd=1 nor usd!=1
    level = "printing"
    currency = ""

    def prepare(self) -> None:
        n = number(self.value)
        if n is None:
            raise self.unknown("price")
        self.n = n

    def holds(self, card: Card, printing: Printing) -> bool:
        return bool(compare(price_of(printing, self.currency), self.op, self.n))

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        return compare(index.cols["price_" + self.currency], self.op, self.n)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["price_" + cls.currency] = np.fromiter(
            (price_of(p, cls.currency) for p in ref.corpus.printings.values()), float
        )

    def explain_holds(self) -> str:
        return f"whose {self.currency.upper()} price {OP_WORDS[self.op]} {self.value}"


@register
class UsdFamily(PriceFamily):
    names = ("usd",)
    description = "Price in US dollars (non-foil)."
    example = "usd<1"
    currency = "usd"


@register
class EurFamily(PriceFamily):
    names = ("eur",)
    description = "Price in euros (non-foil)."
    example = "eur>=10"
    currency = "eur"


@register
class TixFamily(PriceFamily):
    names = ("tix",)
    description = "Price in MTGO event tickets."
    example = "tix<0.1"
    currency = "tix"


def cheapest_printing(ref: Reference, oracle_id: str, currency: str) -> Printing | None:
    best: Printing | None = None
    best_price = math.inf
    for p in ref.prints_of(oracle_id):
        v = price_of(p, currency)
        if not math.isnan(v) and (best is None or v < best_price or (v == best_price and p.id < best.id)):
            best, best_price = p, v
    return best


@register
class CheapestFamily(Family):
    names = ("cheapest",)
    description = "The cheapest printing of each card in that currency: cheapest:usd, cheapest:eur, cheapest:tix."
    example = "cheapest:usd"
    topic = "prices"
    level = "printing"
    ops = (":", "=")

    def prepare(self) -> None:
        self.currency = self.value.lower()
        if self.currency not in ("usd", "eur", "tix"):
            raise self.unknown("currency")

    def holds(self, card: Card, printing: Printing) -> bool:
        ref = self.ctx.reference
        best = ref.memo(
            ("cheapest", self.currency, card.oracle_id), lambda: cheapest_printing(ref, card.oracle_id, self.currency)
        )
        return best is not None and best.id == printing.id

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        cheapest: np.ndarray = index.cols["cheapest_" + self.currency]
        return cheapest

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        ids = list(ref.corpus.printings)
        pos = {pid: i for i, pid in enumerate(ids)}
        for cur in ("usd", "eur", "tix"):
            m = np.zeros(len(ids), bool)
            for c in cards:
                best = cheapest_printing(ref, c.oracle_id, cur)
                if best is not None:
                    m[pos[best.id]] = True
            cols["cheapest_" + cur] = m

    def explain_holds(self) -> str:
        return f"that are the cheapest printing in {self.currency.upper()}"


NEW_PROPERTIES: dict[str, Callable[[Printing], object]] = {
    "art": lambda p: p.illustration_id or p.id,
    "artist": lambda p: p.artist,
    "flavor": lambda p: "\n".join(p.flavor_texts),
    "frame": lambda p: p.frame,
    "rarity": lambda p: p.rarity,
    "language": lambda p: p.lang,
    "lang": lambda p: p.lang,
}


def new_flags(ref: Reference, oracle_id: str, prop: str) -> set[str]:
    """Printings of the card that are the first (by release) with their value of the property.

    new:rarity is "reprint cards printed at a new rarity for the first time" (Scryfall's guide): the
    printings of the card's first release are not reprints, so they are not new at a rarity."""
    seen: set[object] = set()
    first: set[str] = set()
    get = NEW_PROPERTIES[prop]
    prints = ref.prints_of(oracle_id)
    debut = prints[0].released_at if prints else ""
    for p in prints:
        v = get(p)
        if v not in seen:
            seen.add(v)
            if prop != "rarity" or p.released_at > debut:
                first.add(p.id)
    return first


def _new_languages(ref: Reference, oracle_id: str) -> set[str]:
    """Ids of the card's first printing (by release) in each language other than English."""
    seen: set[str] = set()
    first: set[str] = set()
    for p in ref.prints_of(oracle_id):
        for t in p.translations:
            if t.lang not in seen:
                seen.add(t.lang)
                first.add(t.id)
    return first


@register
class NewFamily(Family):
    names = ("new",)
    description = "Printings that are the first of the card with a new art, artist, flavor, frame, rarity or language."
    example = "new:art"
    topic = "printing details"
    level = "printing"
    ops = (":", "=")

    def prepare(self) -> None:
        self.prop = self.value.lower()
        if self.prop not in NEW_PROPERTIES:
            raise self.unknown("property")
        self.asks_languages = self.prop in ("language", "lang")

    def holds(self, card: Card, printing: Printing) -> bool:
        ref = self.ctx.reference
        if printing.lang != "en" and self.prop in ("language", "lang"):
            firsts = ref.memo(("new foreign", card.oracle_id), lambda: _new_languages(ref, card.oracle_id))
            return printing.id in firsts
        firsts = ref.memo(("new", self.prop, card.oracle_id), lambda: new_flags(ref, card.oracle_id, self.prop))
        return printing.id in firsts

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        firsts: np.ndarray = index.cols["new_" + self.prop]
        return firsts

    lingual = True  # new:language: the card's first printing in each language

    def foreign_holds(self, index: CardIndex, english: np.ndarray | None = None) -> np.ndarray:
        if self.prop in ("language", "lang"):
            firsts: np.ndarray = index.cols["new_language_foreign"]
            return firsts
        return super().foreign_holds(index, english)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        ids = list(ref.corpus.printings)
        pos = {pid: i for i, pid in enumerate(ids)}
        for prop in NEW_PROPERTIES:
            m = np.zeros(len(ids), bool)
            for c in cards:
                for pid in new_flags(ref, c.oracle_id, prop):
                    m[pos[pid]] = True
            cols["new_" + prop] = m
        # the printings in other languages, in the index's order (each English printing's, in turn)
        foreign_row = {
            (p.id, t.lang): i
            for i, (p, t) in enumerate((p, t) for p in ref.corpus.printings.values() for t in p.translations)
        }
        m = np.zeros(len(foreign_row), bool)
        for c in cards:
            seen: set[str] = set()
            for p in ref.prints_of(c.oracle_id):
                for t in p.translations:
                    if t.lang not in seen:
                        seen.add(t.lang)
                        m[foreign_row[(p.id, t.lang)]] = True
        cols["new_language_foreign"] = m

    def explain_holds(self) -> str:
        return f"that are printings with a new {self.prop}"


@register
class InFamily(Family):
    names = ("in",)
    description = "Cards ever printed in a set, at a rarity, in a game or a language: in:lea, in:rare, in:arena."
    example = "in:lea"
    topic = "prints"
    ops = (":", "=", "!=")
    needs_corpus = True

    def prepare(self) -> None:
        v = fold(self.value)
        if v.startswith("list/"):
            return self._prepare_list(self.value.split("/", 1)[1])
        v = RARITY_SHORT.get(v, v) if v in RARITY_SHORT and v not in self.ctx.sets else v
        self.v = v
        if v in self.ctx.sets:
            self.kind_ = "set"
        elif v in RARITIES:
            self.kind_ = "rarity"
        elif v in ("paper", "mtgo", "arena"):
            self.kind_ = "game"
        elif v == "booster":  # guide: "t:legendary -in:booster", never printed in a booster
            self.kind_ = "booster"
        elif set_type_word(v) in {fold(st.set_type) for st in self.ctx.sets.values() if st.set_type} | set(
            KNOWN_SET_TYPES
        ):
            self.kind_ = "settype"  # guide: "in: also supports these set types (-in:core)"
            self.v = set_type_word(v)
        elif v in LANG_CODES or v in _LANG_WORDS:
            self.kind_ = "lang"
            self.v = _LANG_WORDS.get(v, v)
        else:
            raise self.unknown()

    def _prepare_list(self, name: str) -> None:
        """in:list/NAME — cards in one of the searching user's lists (the site passes them per search)."""
        lists = self.ctx.user_lists
        if lists is None:
            raise Ignored(f"in:list/{name}: log in to search within your lists")
        wanted = fold(name)
        found = next((ids for list_name, ids in lists.items() if fold(list_name) == wanted), None)
        if found is None:
            raise Ignored(f"in:list/{name}: you have no list named {name!r}")
        self.kind_, self.v, self.list_ids = "list", name, frozenset(found)

    def _printing_test(self, p: Printing) -> bool:
        if self.kind_ == "set":
            return p.set_code.lower() == self.v
        if self.kind_ == "rarity":
            return p.rarity == self.v
        if self.kind_ == "game":
            return self.v in p.games
        if self.kind_ == "booster":
            return p.booster
        if self.kind_ == "settype":
            return self.v in set_types_of(p, self.ctx.sets.get(p.set_code.lower()))
        return p.lang == self.v or any(t.lang == self.v for t in p.translations)

    def holds(self, card: Card, printing: Printing) -> bool:
        if self.kind_ == "list":
            return card.oracle_id in self.list_ids
        return any(self._printing_test(p) for p in self.ctx.reference.prints_of(card.oracle_id))

    def card_holds(self, index: CardIndex) -> np.ndarray:
        cols = index.cols
        if self.kind_ == "list":
            return np.fromiter((oid in self.list_ids for oid in index.oracle_ids), bool, index.n_cards)
        if self.kind_ == "set":
            pm = mask_of(index.n_printings, cols["set"].get(self.v))
        elif self.kind_ == "rarity":
            pm = cols["rarity"] == RARITIES[self.v]
        elif self.kind_ == "game":
            pm = mask_of(index.n_printings, cols["game"].get(self.v))
        elif self.kind_ == "booster":
            pm = cols["is_printing"]["booster"]
        elif self.kind_ == "settype":
            pm = mask_of(index.n_printings, cols["settype"].get(self.v))
        else:  # printed in a language: a printing's own (a Scryfall file's), or one of its translations
            cm = card_any(index, mask_of(index.n_printings, cols["lang"].get(self.v)))
            code = LANG_CODES.index(self.v)
            cm[index.card_of[index.foreign_parent[index.foreign_lang == code]]] = True
            return cm
        return card_any(index, pm)

    def explain_holds(self) -> str:
        if self.kind_ == "list":
            return f"in your list {self.v!r}"
        return f"ever printed in {self.v}"

    def explain_negated(self) -> str:
        if self.kind_ == "list":
            return f"not in your list {self.v!r}"
        return f"never printed in {self.v}"

    @classmethod
    def explain_unchecked(cls, op: str, value: str) -> str:
        return f"{'never ' if op == '!=' else 'ever '}printed in {value}"


class CountFamily(Family):
    topic = "prints"
    compares = True
    what = ""

    def prepare(self) -> None:
        n = number(self.value)
        if n is None:
            raise self.unknown("number")
        self.n = n

    @classmethod
    def count(cls, prints: Sequence[Printing]) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def holds(self, card: Card, printing: Printing) -> bool:
        ref = self.ctx.reference
        n = ref.memo((self.what, card.oracle_id), lambda: self.count(ref.prints_of(card.oracle_id)))
        return bool(compare(float(n), self.op, self.n))

    def card_holds(self, index: CardIndex) -> np.ndarray:
        return compare(index.cols["count_" + self.what], self.op, self.n)

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["count_" + cls.what] = np.fromiter((float(cls.count(ref.prints_of(c.oracle_id))) for c in cards), float)

    def explain_holds(self) -> str:
        return f"with a number of {self.what} that {OP_WORDS[self.op]} {self.value}"


@register
class PrintsFamily(CountFamily):
    names = ("prints",)
    description = "Number of printings of the card."
    example = "prints=1"
    what = "prints"

    @classmethod
    def count(cls, prints: Sequence[Printing]) -> int:
        return len(prints)


@register
class SetsFamily(CountFamily):
    names = ("sets",)
    description = "Number of different sets the card was printed in."
    example = "sets>=20"
    what = "sets"

    @classmethod
    def count(cls, prints: Sequence[Printing]) -> int:
        return len({p.set_code for p in prints})


@register
class PaperPrintsFamily(CountFamily):
    names = ("paperprints",)
    description = "Number of paper printings of the card."
    example = "paperprints=1"
    what = "paperprints"

    @classmethod
    def count(cls, prints: Sequence[Printing]) -> int:
        return sum(1 for p in prints if "paper" in p.games)


@register
class PaperSetsFamily(CountFamily):
    names = ("papersets",)
    description = "Number of different sets the card was printed in on paper."
    example = "e:arn papersets=1"
    what = "papersets"

    @classmethod
    def count(cls, prints: Sequence[Printing]) -> int:
        return len({p.set_code for p in prints if "paper" in p.games})


@register
class IllustrationsFamily(CountFamily):
    names = ("illustrations",)
    description = "Number of different illustrations of the card."
    example = "illustrations>1"
    what = "illustrations"

    @classmethod
    def count(cls, prints: Sequence[Printing]) -> int:
        return len({p.illustration_id or p.id for p in prints})


@register
class ArtistsFamily(CountFamily):
    names = ("artists",)
    description = "Number of different artists who illustrated the card."
    example = "artists>1"
    what = "artists"

    @classmethod
    def count(cls, prints: Sequence[Printing]) -> int:
        return len({p.artist for p in prints if p.artist})


@register
class OracleIdFamily(Category):
    """Scryfall's oracleid: every printing of one card (clients build prints_search_uri with it)."""

    names = ("oracleid",)
    description = "Every printing of the card with this Scryfall oracle id."
    example = "oracleid:4457ed35-7c10-48c8-9776-456485fdf070"
    topic = "printing"
    column = "oracleid"
    phrase = "with oracle id"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (p.oracle_id.lower(),)


@register
class IllustrationIdFamily(Category):
    """Scryfall's illustrationid: the printings that share one piece of art."""

    names = ("illustrationid",)
    description = "The printings with this Scryfall illustration id (the same art)."
    example = "illustrationid:80a2053e-3199-4ff4-968c-a3d30b419afa"
    topic = "printing"
    column = "illustrationid"
    phrase = "with illustration id"

    @staticmethod
    def _values(p: Printing, sets: Mapping[str, CardSet]) -> tuple[str, ...]:
        return (p.illustration_id.lower(),) if p.illustration_id else ()
