"""is:/not:/has: flags and kw:/keyword:.

Every is: value is one small predicate of the card (or of the printing); the index evaluates each
once over the corpus at build time and keeps the answer as a boolean column.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from .._text import fold, strip_reminder
from ._base import Family, Ignored, mask_of, register

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tolaria.cards import Card, CardSet, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns

BASIC_TYPES = ("plains", "island", "swamp", "mountain", "forest")
PARTY = {"cleric", "rogue", "warrior", "wizard"}
DFC_LAYOUTS = {"transform", "modal_dfc", "meld", "reversible_card", "double_faced_token"}


def _types(card: Card) -> set[str]:
    return {t.lower() for f in card.faces for t in f.types}


def _subtypes(card: Card) -> set[str]:
    return {t.lower() for f in card.faces for t in f.subtypes}


def _text(card: Card) -> str:
    return fold(card.oracle_text)


def _rules(card: Card) -> str:
    return fold(strip_reminder(card.oracle_text)).strip()


def _is_land(card: Card) -> bool:
    return card.is_land


def _basic_types(card: Card) -> int:
    return sum(1 for t in BASIC_TYPES if t in {s.lower() for s in card.front.subtypes})


def _mana_colors_in_text(card: Card) -> int:
    return len(set(re.findall(r"\{([wubrg])\}", _text(card))))


# a modal spell or ability (CR 700.2): a "choose" line ("Choose one —", "Choose three. You may choose the
# same mode more than once.", "An opponent chooses one —") right before its bullet-pointed modes.
# Sylvan Library's "choose two cards" has no modes; proliferate's "choose any number" is reminder text.
_MODES = re.compile(r"\bchooses? [^\n•]*\n•")
# the karoos: Ravnica's "return a land you control" and Visions' "return an untapped Island you control"
_KAROO = re.compile(
    r"return an? (untapped )?(land|plains|island|swamp|mountain|forest) you control to its owner's hand"
)


def _frenchvanilla(card: Card) -> bool:
    if "creature" not in _types(card) or not card.keywords:
        return False
    kws = {fold(k) for k in card.keywords}
    for line in _rules(card).split("\n"):
        for part in re.split(r",|;", line):
            part = part.strip()
            if part and not any(_keyword_line(part, k) for k in kws):
                return False
    return True


_NOT_KEYWORD_REST = re.compile(r"\b(when|whenever|you|target|each|if|at|this|that)\b|:|\.")


def _keyword_line(part: str, keyword: str) -> bool:
    """ "equip {2}", "protection from red", "flying": the keyword and its plain parameters, nothing more."""
    if not part.startswith(keyword):
        return False
    rest = part[len(keyword) :]
    return rest == "" or (rest[0] in " -{" and not _NOT_KEYWORD_REST.search(rest))


CARD_FLAGS: dict[str, Callable[[Card], object]] = {
    # layouts
    "split": lambda c: c.layout in ("split", "aftermath"),
    "flip": lambda c: c.layout == "flip",
    "transform": lambda c: c.layout == "transform",
    "meld": lambda c: c.layout == "meld",
    "leveler": lambda c: c.layout == "leveler",
    "adventure": lambda c: c.layout == "adventure",
    "saga": lambda c: "saga" in _subtypes(c),
    "class": lambda c: c.layout == "class",
    "dfc": lambda c: c.layout in DFC_LAYOUTS,
    "mdfc": lambda c: c.layout == "modal_dfc",
    "tdfc": lambda c: c.layout == "transform",
    "multiface": lambda c: len(c.faces) > 1,
    # kinds of cards
    "spell": lambda c: "land" not in _types(c) and bool(_types(c)),
    "permanent": lambda c: c.is_permanent,
    "historic": lambda c: c.is_legendary or "artifact" in _types(c) or "saga" in _subtypes(c),
    "party": lambda c: "creature" in _types(c) and bool(_subtypes(c) & PARTY),
    "modal": lambda c: bool(_MODES.search(_rules(c))),
    "vanilla": lambda c: "creature" in _types(c) and not _rules(c),
    "frenchvanilla": _frenchvanilla,
    "bear": lambda c: (
        "creature" in _types(c) and c.mana_value == 2 and c.front.power == "2" and c.front.toughness == "2"
    ),
    "commander": lambda c: c.may_be_commander,
    # a commander legal in Duel Commander (its own list of cards banned as commander is not in the data)
    "duelcommander": lambda c: c.may_be_commander and c.legalities.get("duel") == "legal",
    "brawler": lambda c: c.can_be_brawl_commander,
    "oathbreaker": lambda c: c.can_be_oathbreaker,
    "companion": lambda c: c.is_companion,
    "reserved": lambda c: c.reserved,
    "gamechanger": lambda c: c.game_changer,
    "legendary": lambda c: c.is_legendary,
    "snow": lambda c: "snow" in {s.lower() for f in c.faces for s in f.supertypes},
    "outlaw": lambda c: bool(_subtypes(c) & {"assassin", "mercenary", "pirate", "rogue", "warlock"}),
    "hybrid": lambda c: bool(re.search(r"\{[^}]*/[^}p]*\}", c.mana_cost.lower())),
    "phyrexian": lambda c: "/p}" in c.mana_cost.lower(),
    # lands
    "dual": lambda c: _is_land(c) and _basic_types(c) == 2 and not c.front.supertypes and not _rules(c),
    "shockland": lambda c: _is_land(c) and _basic_types(c) == 2 and "you may pay 2 life" in _text(c),
    "fetchland": lambda c: (
        _is_land(c) and "pay 1 life, sacrifice" in _text(c) and "search your library for a" in _text(c)
    ),
    "checkland": lambda c: (
        _is_land(c)
        and bool(
            re.search(
                r"enters the battlefield tapped unless you control an? (plains|island|swamp|mountain|forest) or an? ",
                _text(c),
            )
        )
    ),
    "fastland": lambda c: _is_land(c) and "unless you control two or fewer other lands" in _text(c),
    "slowland": lambda c: _is_land(c) and "unless you control two or more other lands" in _text(c),
    "painland": lambda c: _is_land(c) and "{t}: add {c}" in _text(c) and "deals 1 damage to you" in _text(c),
    "scryland": lambda c: (
        _is_land(c)
        and "enters the battlefield tapped" in _text(c)
        and "scry 1" in _text(c)
        and _mana_colors_in_text(c) == 2
    ),
    "gainland": lambda c: (
        _is_land(c)
        and "enters the battlefield tapped" in _text(c)
        and "you gain 1 life" in _text(c)
        and _mana_colors_in_text(c) == 2
    ),
    "bounceland": lambda c: _is_land(c) and bool(_KAROO.search(_text(c))),
    "karoo": lambda c: _is_land(c) and bool(_KAROO.search(_text(c))),
    "triland": lambda c: (
        _is_land(c)
        and "enters the battlefield tapped" in _text(c)
        and _mana_colors_in_text(c) == 3
        and "cycling" not in _text(c)
        and "sacrifice" not in _text(c)
    ),
    "triome": lambda c: _is_land(c) and _basic_types(c) == 3,
    "bikeland": lambda c: _is_land(c) and _basic_types(c) == 2 and "cycling {2}" in _text(c),
    "cycleland": lambda c: _is_land(c) and _basic_types(c) == 2 and "cycling {2}" in _text(c),
    "tangoland": lambda c: _is_land(c) and "unless you control two or more basic lands" in _text(c),
    "battleland": lambda c: _is_land(c) and "unless you control two or more basic lands" in _text(c),
    "filterland": lambda c: _is_land(c) and bool(re.search(r"\{[wubrg]/[wubrg]\}, \{t\}: add", _text(c))),
    "canopyland": lambda c: (
        _is_land(c)
        and "{t}, pay 1 life: add" in _text(c)
        and "sacrifice ~" not in _text(c)
        and "draw a card" in _text(c)
    ),
    "creatureland": lambda c: _is_land(c) and bool(re.search(r"becomes an? .*creature", _text(c))),
    "manland": lambda c: _is_land(c) and bool(re.search(r"becomes an? .*creature", _text(c))),
    "pathway": lambda c: c.layout == "modal_dfc" and all("Land" in f.types for f in c.faces),
    "storageland": lambda c: _is_land(c) and "storage counter" in _text(c),
    "shadowland": lambda c: (
        _is_land(c)
        and bool(re.search(r"you may reveal an? \w+ or \w+ card from your hand", _text(c)))
        and "enters the battlefield tapped" in _text(c)
    ),
}


def _finishes(p: Printing) -> set[str]:
    return set(p.finishes)


PRINTING_FLAGS: dict[str, Callable[[Printing, CardSet | None], object]] = {
    "promo": lambda p, s: p.promo,
    "digital": lambda p, s: p.digital,
    "full": lambda p, s: p.full_art,
    "fullart": lambda p, s: p.full_art,
    "foil": lambda p, s: "foil" in _finishes(p),
    "nonfoil": lambda p, s: "nonfoil" in _finishes(p),
    "etched": lambda p, s: "etched" in _finishes(p),
    "glossy": lambda p, s: "glossy" in _finishes(p),
    "datestamped": lambda p, s: "datestamped" in p.promo_types,
    "prerelease": lambda p, s: "prerelease" in p.promo_types,
    "booster": lambda p, s: p.booster,
    "spotlight": lambda p, s: p.story_spotlight,
    "reprint": lambda p, s: p.reprint,
    "textless": lambda p, s: p.textless,
    "oversized": lambda p, s: p.oversized,
    "variation": lambda p, s: p.variation,
    "timeshifted": lambda p, s: p.timeshifted,
    "showcase": lambda p, s: "showcase" in p.frame_effects,
    "colorshifted": lambda p, s: "colorshifted" in p.frame_effects,
    # the frames of the guide's is:new (the 2015 frame) and is:old (1993 and 1997)
    "new": lambda p, s: p.frame == "2015",
    "old": lambda p, s: p.frame in ("1993", "1997"),
    "masterpiece": lambda p, s: s is not None and s.set_type == "masterpiece",
    "extendedart": lambda p, s: "extendedart" in p.frame_effects,
    "borderless": lambda p, s: p.border_color == "borderless",
    "etb": lambda p, s: False,
    "funny": lambda p, s: (
        (s is not None and s.set_type == "funny") or p.border_color == "silver" or p.security_stamp == "acorn"
    ),
    "token": lambda p, s: s is not None and s.set_type == "token",
    "paper": lambda p, s: "paper" in p.games,
    "mtgo": lambda p, s: "mtgo" in p.games,
    "arena": lambda p, s: "arena" in p.games,
}

# MTGJSON's promoTypes, each an is: flag (is:buyabox, is:intro_pack, is:planeswalker_deck …)
PROMO_TYPES = (
    "arenaleague", "boosterfun", "boxtopper", "brawldeck", "bundle", "buyabox", "convention", "draculaseries",
    "draftweekend", "duels", "event", "fnm", "gameday", "gateway", "giftbox", "godzillaseries", "instore",
    "intropack", "jpwalker", "judgegift", "league", "mediainsert", "openhouse", "planeswalkerdeck",
    "planeswalkerstamped", "playerrewards", "playpromo", "premiereshop", "promopack", "release", "setpromo",
    "themepack", "tourney", "wizardsplaynetwork",
)  # fmt: skip


def _promo_flag(kind: str) -> Callable[[Printing, CardSet | None], bool]:
    return lambda p, s: kind in p.promo_types


for _promo in PROMO_TYPES:
    PRINTING_FLAGS.setdefault(_promo, _promo_flag(_promo))

# printing flags that need the other printings of the card
FIRSTPRINT = ("firstprint",)
UNAVAILABLE = {"hires": "image resolution", "scryfallpreview": "previews", "universesbeyond": "Universes Beyond data"}
ALIASES = {
    "modaldfc": "mdfc",
    "doublefaced": "dfc",
    "french_vanilla": "frenchvanilla",
    "fetch": "fetchland",
    "shock": "shockland",
    "check": "checkland",
    "fast": "fastland",
    "pain": "painland",
    "scry": "scryland",
    "bounce": "bounceland",
    "slow": "slowland",
    "tri": "triland",
    "bike": "bikeland",
    "bicycleland": "bikeland",
    "canland": "canopyland",
    "cycling": "cycleland",
    "tango": "tangoland",
    "filter": "filterland",
    "canopy": "canopyland",
    "gain": "gainland",
    "splitcard": "split",
    "flipcard": "flip",
    "first": "firstprint",
    "permanents": "permanent",
    "spells": "spell",
    "gc": "gamechanger",
    "stamped": "datestamped",
}
# card flags that need the card's printings
PRINTS_FLAGS: dict[str, Callable[[Sequence[Printing]], bool]] = {
    "unique": lambda prints: len({p.set_code for p in prints}) == 1
}
ALL_FLAGS = sorted(set(CARD_FLAGS) | set(PRINTING_FLAGS) | set(FIRSTPRINT) | set(PRINTS_FLAGS))


def first_printing_id(ref: Reference, oracle_id: str) -> str | None:
    prints = ref.prints_of(oracle_id)
    return prints[0].id if prints else None


@register
class IsFamily(Family):
    names = ("is", "not")
    description = "Flags: " + ", ".join(ALL_FLAGS) + ". not:X is -is:X."
    example = "is:commander"
    topic = "flags"
    ops = (":", "=")

    def prepare(self) -> None:
        v = fold(self.value).replace("-", "").replace("_", "")
        v = ALIASES.get(v, v)
        if v in UNAVAILABLE:
            raise Ignored(f"{self.keyword}:{self.value}: {UNAVAILABLE[v]} are unavailable")
        if v not in CARD_FLAGS and v not in PRINTING_FLAGS and v not in FIRSTPRINT and v not in PRINTS_FLAGS:
            raise self.unknown("flag")
        self.flag = v
        self.negated = self.keyword == "not"

    def holds(self, card: Card, printing: Printing) -> bool:
        if self.flag in CARD_FLAGS:
            return bool(CARD_FLAGS[self.flag](card))
        if self.flag in PRINTING_FLAGS:
            return bool(PRINTING_FLAGS[self.flag](printing, self.ctx.sets.get(printing.set_code.lower())))
        ref = self.ctx.reference
        if self.flag in PRINTS_FLAGS:
            return PRINTS_FLAGS[self.flag](ref.prints_of(card.oracle_id))
        return ref.memo(("first", card.oracle_id), lambda: first_printing_id(ref, card.oracle_id)) == printing.id

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        rows = index.cols.get("is_card_rows", {}).get(self.flag)
        if rows is not None:  # a few cards (the land nicknames): their printings, read from the table
            return mask_of(index.n_printings, rows)
        flags: np.ndarray
        if self.flag in CARD_FLAGS or self.flag in PRINTS_FLAGS:
            flags = index.cols["is_card"][self.flag][index.card_of]
        else:
            flags = index.cols["is_printing"]["firstprint" if self.flag in FIRSTPRINT else self.flag]
        return flags

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["is_card"] = {
            name: np.fromiter((bool(f(c)) for c in cards), np.bool_, len(cards)) for name, f in CARD_FLAGS.items()
        }
        for name, of_prints in PRINTS_FLAGS.items():
            cols["is_card"][name] = np.fromiter(
                (bool(of_prints(ref.prints_of(c.oracle_id))) for c in cards), np.bool_, len(cards)
            )
        printings = list(ref.corpus.printings.values())
        card_pos = {c.oracle_id: i for i, c in enumerate(cards)}
        card_of = np.fromiter((card_pos[p.oracle_id] for p in printings), np.int32, len(printings))
        cols["is_card_rows"] = {}
        for name, flags in cols["is_card"].items():
            if flags.sum() * 100 < len(cards):  # rare flags: printing rows, cheaper than a whole-index gather
                cols["is_card_rows"][name] = np.flatnonzero(flags[card_of]).astype(np.int32)
        table: dict[str, np.ndarray] = {}
        for name, of_printing in PRINTING_FLAGS.items():
            table[name] = np.fromiter(
                (bool(of_printing(p, ref.sets.get(p.set_code.lower()))) for p in printings), np.bool_, len(printings)
            )
        pos = {p.id: i for i, p in enumerate(printings)}
        first = np.zeros(len(printings), bool)
        for c in cards:
            pid = first_printing_id(ref, c.oracle_id)
            if pid is not None:
                first[pos[pid]] = True
        table["firstprint"] = first
        cols["is_printing"] = table

    def explain_holds(self) -> str:
        return f"that are {self.flag}"

    def explain_negated(self) -> str:
        return f"that are not {self.flag}"


HAS: dict[str, Callable[[Card, Printing], bool]] = {
    "watermark": lambda c, p: bool(p.watermark),
    "flavor": lambda c, p: any(p.flavor_texts),
    "indicator": lambda c, p: bool(c.color_indicator) or any(f.color_indicator for f in c.faces),
    "stamp": lambda c, p: bool(p.security_stamp),
    "securitystamp": lambda c, p: bool(p.security_stamp),
    "rulings": lambda c, p: bool(c.rulings),
    "edhrec": lambda c, p: c.edhrec_rank is not None,
    "price": lambda c, p: p.prices is not None and not p.prices.is_empty(),
    "usd": lambda c, p: p.prices is not None and p.prices.usd is not None,
}


@register
class HasFamily(Family):
    names = ("has",)
    description = "Has a property: " + ", ".join(HAS) + "."
    example = "has:watermark"
    topic = "flags"
    level = "printing"
    ops = (":", "=")

    def prepare(self) -> None:
        v = fold(self.value).replace("_", "")
        if v not in HAS:
            raise self.unknown("property")
        self.what = v

    def holds(self, card: Card, printing: Printing) -> bool:
        return bool(HAS[self.what](card, printing))

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        has: np.ndarray = index.cols["has"][self.what]
        return has

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        printings = list(ref.corpus.printings.values())
        cols["has"] = {
            name: np.fromiter((bool(f(ref.cards[p.oracle_id], p)) for p in printings), np.bool_, len(printings))
            for name, f in HAS.items()
        }

    def explain_holds(self) -> str:
        return f"that have a {self.what}"


@register
class KeywordFamily(Family):
    names = ("kw", "keyword", "keywords")
    description = "Has the keyword ability or action (as listed for the card): kw:flying, kw:scry."
    example = "kw:deathtouch"
    topic = "keywords"
    ops = (":", "=", "!=")

    def prepare(self) -> None:
        self.kw = fold(self.value)

    def holds(self, card: Card, printing: Printing) -> bool:
        return self.kw in {fold(k) for k in card.keywords}

    def card_holds(self, index: CardIndex) -> np.ndarray:
        return mask_of(index.n_cards, index.cols["keywords"].get(self.kw))

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        table: dict[str, list[int]] = {}
        for i, c in enumerate(cards):
            for k in {fold(k) for k in c.keywords}:
                table.setdefault(k, []).append(i)
        cols["keywords"] = {k: np.asarray(v, np.int32) for k, v in table.items()}

    def explain_holds(self) -> str:
        return f"with the keyword {self.value}"

    def explain_negated(self) -> str:
        return f"without the keyword {self.value}"
