"""The card a player means by a line typed into the deck editor's add box.

A typed line is read as the decklist importer reads a line (`4 bolt`, `4x Lightning Bolt`,
`Lightning Bolt x4`, `4 Lightning Bolt (M10) 146`). Its name is then looked for, in this order of
trust: the card's own name (folded as everywhere), a nickname players use (data/card_nicknames.tsv,
each row with its public source), the cards in whose name every typed word starts a word, and last a
misspelling forgiven (Scryfall's fuzzy rule, tolaria.cards.NameTable.fuzzy).

Among the candidates a card of the game comes before the cards that are not played in a deck
(planes, schemes, vanguards, art cards, playtest and other cards legal nowhere), a card legal in the
deck's format before one that is not, and a card players play (EDHREC rank) before its rare
namesakes. A card is added only when one is clearly meant; otherwise the likely one is offered first.
"""

from __future__ import annotations

import csv
import functools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources

from tolaria.cards import Card, NameTable, Printing, fold_name

from ._formats import MAIN, format_of
from ._parse import _QUANTITY, _card_line, _count
from ._resolve import name_variants
from ._sets import SetCodes

# layouts of cards that are not put in a deck (Scryfall's layout values)
_NOT_DECK_LAYOUTS = frozenset(
    {"planar", "scheme", "vanguard", "art_series", "token", "double_faced_token", "emblem", "augment", "host"}
)
# "Lightning Bolt x4", "Lightning Bolt 4x": the quantity after the name, as some players write it
_TAIL_QUANTITY = re.compile(r"\s+(?:[xX]\s*(?P<a>\d+)|(?P<b>\d+)\s*[xX])$")

# how a candidate was found, most trusted first
NAME, NICKNAME, WORDS, SPELLING, NEAR = "name", "nickname", "words", "spelling", "near"
_TRUST = {NAME: 0, NICKNAME: 0, WORDS: 1, SPELLING: 2, NEAR: 3}


@dataclass(frozen=True)
class TypedLine:
    """A line as read: the quantity (1 when none is typed; `quantity_typed` says whether one was), the
    name as typed, and the set code and collector number when the line names a printing."""

    quantity: int
    name: str
    quantity_typed: bool = False
    set_code: str = ""
    number: str = ""


@dataclass(frozen=True)
class TypedCard:
    """The answer to a typed line: `card` when one card is clearly meant (to add), else none and the
    `choices` (the likely card first). `found_by` says how the card was found (name, nickname, words,
    spelling), for the page to say which card it took for what was typed."""

    line: TypedLine
    card: Card | None = None
    choices: tuple[Card, ...] = field(default=())
    found_by: str = ""

    @property
    def guessed(self) -> bool:
        """The card added is not the one the typed name spells out: the page names it."""
        return self.card is not None and self.found_by != NAME


def read_typed_line(text: str) -> TypedLine:
    """A typed line read as the decklist importer reads a card line, and the quantity also after the name."""
    text = " ".join((text or "").split())
    if not text:
        return TypedLine(1, "")
    tail = _TAIL_QUANTITY.search(text)
    typed = bool(_QUANTITY.match(text))
    if tail and not typed:
        text = f"{tail.group('a') or tail.group('b')} {text[: tail.start()]}"
        typed = True
    parsed = _card_line(text, 1, MAIN, (), [])
    if parsed is None:  # a quantity out of range (kept, for adding to refuse it in words), or no name
        match = _QUANTITY.match(text)
        if match:
            return TypedLine(_count(match.group("qty")), text[match.end() :], quantity_typed=True)
        return TypedLine(1, text)
    return TypedLine(parsed.quantity, parsed.name, typed, parsed.set_code, parsed.collector_number)


@functools.lru_cache(maxsize=1)
def nicknames() -> dict[str, str]:
    """Folded nickname -> card name, from data/card_nicknames.tsv (each row names its source)."""
    text = resources.files("tolaria").joinpath("data", "card_nicknames.tsv").read_text(encoding="utf-8")
    rows = csv.DictReader((line for line in text.splitlines() if not line.startswith("#")), delimiter="\t")
    return {fold_name(row["nickname"]): row["card"] for row in rows if row.get("nickname") and row.get("card")}


def _number_key(number: str) -> str:
    """A collector number as numbers are compared: case and leading zeros aside (`060` is `60`, `a-60` is `A-60`)."""
    number = (number or "").strip().upper()
    stripped = number.lstrip("0")
    return stripped if stripped and stripped != number and stripped[0].isdigit() else number


def printing_of_line(
    set_code: str, number: str, printings: Sequence[Printing], codes: SetCodes | None = None
) -> tuple[Printing | None, str]:
    """The printing a line names by `(SET) number` (`4 Opt (DOM) 60`, Arena's `4 Opt (DAR) 60`), among
    the card's `printings` in order of preference (the default first): the one in that set (the code
    through `codes`, which knows the codes other tools write) with that collector number (case and
    leading zeros aside); a set without a number is the set's first printing in that order.
    (printing, "") when found; (None, why) when the data has no such printing; (None, "") when the
    line names no set."""
    if not (set_code or "").strip():
        return None, ""
    code, why = codes.resolve(set_code) if codes is not None else ((set_code or "").strip().lower(), "")
    if not code:
        return None, why
    in_set = [p for p in printings if p.set_code.lower() == code]
    if not number:
        return (in_set[0], "") if in_set else (None, f"Tolaria's data has no printing of this card in {code.upper()}")
    wanted = _number_key(number)
    for p in in_set:
        if _number_key(p.collector_number) == wanted:
            return p, ""
    return None, f"Tolaria's data has no printing of this card numbered {number} in {code.upper()}"


def is_deck_card(card: Card) -> bool:
    """A card of the game that goes in a deck: not a plane, scheme, vanguard, art card or token, and
    legal (or banned, or restricted) somewhere: playtest and joke cards are legal nowhere."""
    if card.layout in _NOT_DECK_LAYOUTS:
        return False
    return any(v in ("legal", "restricted", "banned") for v in card.legalities.values())


def is_legal_in(card: Card, format_key: str) -> bool:
    key = format_of(format_key).key if format_key else ""
    if not key:  # casual: any card of the game
        return is_deck_card(card)
    return card.legalities.get(key) in ("legal", "restricted")


class TypedLineResolver:
    """Answers typed lines against one corpus: `names` the corpus's NameTable keyed by oracle id,
    `load` the cards of some oracle ids (the site reads them from its database, tests from the sample)."""

    def __init__(
        self,
        names: NameTable[str],
        load: Callable[[Iterable[str]], Mapping[str, Card]],
        nickname_table: Mapping[str, str] | None = None,
    ) -> None:
        self._names = names
        self._load = load
        self._nicknames = nicknames() if nickname_table is None else nickname_table

    def resolve(self, text: str, format_key: str = "") -> TypedCard:
        line = read_typed_line(text)
        if not line.name:
            return TypedCard(line)
        found = self._candidates(line.name)
        cards = self._load(list(found))
        typed = fold_name(line.name)
        ranked = sorted(
            (cards[oid] for oid in found if oid in cards),
            key=lambda c: _rank(c, found[c.oracle_id], format_key, typed),
        )
        if not ranked:
            return TypedCard(line)
        if self._clear(ranked, found, line.name):
            return TypedCard(line, ranked[0], tuple(ranked), found[ranked[0].oracle_id])
        return TypedCard(line, None, tuple(ranked[:12]))

    def _candidates(self, name: str) -> dict[str, str]:
        """oracle id -> how it was found, the most trusted way kept."""
        found: dict[str, str] = {}

        def add(keys: Iterable[str], how: str) -> None:
            for key in keys:
                if key not in found or _TRUST[how] < _TRUST[found[key]]:
                    found[key] = how

        for variant in name_variants(name):
            add(self._names.cards_named(variant), NAME)
        nickname = self._nicknames.get(fold_name(name))
        if nickname:
            add(self._names.cards_named(nickname), NICKNAME)
            if not found:  # players' word for a card this corpus lacks: nothing else is taken for it
                return {k: NEAR for k in self._names.word_matches(name)}
        add(self._names.word_matches(name), WORDS)
        if not found:
            match = self._names.fuzzy(name)
            if match.key is not None:
                add([match.key], SPELLING)
            # several names fit the words (with typos), or none did and these are merely close: never added
            how = WORDS if match.status == "ambiguous" else NEAR
            add((k for n in match.candidates for k in self._names.cards_named(n)), how)
        return found

    def _clear(self, ranked: list[Card], found: Mapping[str, str], line_name: str) -> bool:
        """Whether the first card is the one meant without doubt."""
        top = ranked[0]
        how = found[top.oracle_id]
        if not is_deck_card(top):
            return False  # a plane or an art card is never added on a guess
        rivals = [c for c in ranked[1:] if is_deck_card(c)]
        if how in (NAME, NICKNAME):
            # the name or a nickname: clear unless another deck card has an equally trusted claim
            return not any(_TRUST[found[c.oracle_id]] == 0 for c in rivals)
        if how == NEAR:
            return False  # only close to what was typed: the player picks
        if how == WORDS and not _says_enough(line_name, top):
            return False  # "bob" starts Penumbra Bobcat, but a few letters are no name
        # the start of names, or a misspelling the fuzzy rule forgave: clear when no other card of the game came up
        return not rivals


def _rank(card: Card, how: str, format_key: str, typed: str) -> tuple[bool, int, bool, bool, float, str]:
    """A card of the game first, then the most trusted way found, legal in the format, the name that starts
    as typed (`snapdax`: Snapdax, Apex of the Hunt before Mythos of Snapdax), the most played (EDHREC)."""
    rank = card.edhrec_rank if card.edhrec_rank is not None else float("inf")
    # among the names the words start (not a name or nickname said whole: `deluge` is Deluge or Toxic Deluge,
    # the most played first)
    starts = _TRUST[how] == 0 or fold_name(card.name).startswith(typed)
    return (not is_deck_card(card), _TRUST[how], not is_legal_in(card, format_key), not starts, rank, card.name)


def _says_enough(typed: str, card: Card) -> bool:
    """Whether typed word starts name the card rather than happen to begin it: every typed word is a
    whole word of the name, or they come to at least five letters (`swiftsp`, `craterhoof`)."""
    words = fold_name(typed).split()
    whole = set(fold_name(card.name).split())
    return all(w in whole for w in words) or sum(map(len, words)) >= 5
