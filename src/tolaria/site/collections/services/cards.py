"""Cards and prices, and what lists, decks and imports share: a card by name or id, a printing's price and finishes, the data's set codes and card names, a row, a name, a visibility."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from tolaria import decks
from tolaria.cards import Card, Printing, sort_printings
from tolaria.site.catalog import repository
from tolaria.site.catalog.repository import corpus_version, load_cards
from tolaria.site.catalog.services import card_names
from tolaria.site.stores.corpus_cache import CorpusCache

MAX_QUANTITY = decks.MAX_QUANTITY


class CollectionError(ValueError):
    """A request that cannot be done, in words for the user."""


def row_printings(printing_ids) -> dict[str, Printing]:
    """A list's or a deck's printings: English ones (its rows point at an English printing)."""
    return repository.load_printings(printing_ids, other_languages=False)


_FINISH_PRICE = {"": ("usd",), "foil": ("usd_foil",), "etched": ("usd_etched",)}

_ANY_FINISH = ("usd", "usd_foil", "usd_etched")  # a row of no printing and no finish said: any copy of the card

NO_PRINTING_PRICE = "no price for this printing"

CHEAPEST = "the cheapest printing's price (no printing chosen)"


# A worker's memory of the cards and printing prices lists and decks read (a 1,999-row deck reads 1,999 cards
# and every printing's prices): per corpus version, least recently used out first (stores.corpus_cache).
_CARDS = CorpusCache(size=6000)
_PRICES = CorpusCache(size=6000)


def collection_cards(oracle_ids) -> dict[str, Card]:
    """The cards with these oracle ids (repository.load_cards), from the worker's memory once read."""
    return _CARDS.get_many(set(oracle_ids), load_cards)


def _printing_prices(oracle_ids) -> dict[str, dict[str, dict]]:
    found = _PRICES.get_many(set(oracle_ids), lambda missing: _with_empty(missing, repository.printing_prices(missing)))
    return {oid: prices for oid, prices in found.items() if prices}


def _with_empty(keys, found: dict) -> dict:
    """`found` with an empty value for every key it lacks (a card with no printing is remembered too)."""
    return {k: found.get(k, {}) for k in keys}


def unit_prices(pairs) -> dict[tuple, float | None]:
    """USD price of (oracle id, printing id[, finish]) keys: a chosen printing's latest price in that
    finish and no other (None when it has none: another printing's price would not be this card's);
    with no printing chosen, the cheapest printing of the card in that finish (see `price_note`)."""
    pairs = list(pairs)
    by_card = _printing_prices({key[0] for key in pairs})
    out: dict[tuple, float | None] = {}
    for key in pairs:
        oid, pid = key[0], key[1]
        finish = key[2] if len(key) > 2 else ""
        printings = by_card.get(oid, {})
        if pid:
            prices = printings.get(pid, {})
            out[key] = next((prices[f] for f in _FINISH_PRICE.get(finish, ()) if prices.get(f) is not None), None)
            continue
        fields = _FINISH_PRICE[finish] if finish else _ANY_FINISH
        values = [p[f] for p in printings.values() for f in fields if p.get(f) is not None]
        out[key] = min(values) if values else None
    return out


def price_note(printing_id: str, *, pasted: bool, price: float | None) -> str:
    """What a row's price is, in words, where it is not simply its printing's: none for its printing, or
    the cheapest printing's when the row names none."""
    if printing_id or pasted:
        return NO_PRINTING_PRICE if price is None else ""
    return CHEAPEST if price is not None else ""


def resolve_card(value: str) -> Card | None:
    """A card from an oracle id or an exact (case-insensitive) card or face name."""
    value = (value or "").strip()
    if not value:
        return None
    cards = load_cards([value])
    if value in cards:
        return cards[value]
    oid = card_names().get(value.lower())
    return load_cards([oid]).get(oid) if oid else None


def _quantity(value, default: int = 1) -> int:
    try:
        n = int(value) if value not in (None, "") else default
    except (TypeError, ValueError):
        raise CollectionError(f"{value!r} is not a number.") from None
    if n < 0 or n > MAX_QUANTITY:
        raise CollectionError(f"A quantity is between 0 and {MAX_QUANTITY}.")
    return n


def _printing_of(oracle_id: str, printing_id: str) -> str:
    if not printing_id:
        return ""
    if not repository.is_printing_of(printing_id, oracle_id):
        raise CollectionError("That printing is not a printing of this card.")
    return printing_id


def set_codes() -> decks.SetCodes:
    """The data's set codes and the codes other tools write for them (tolaria.decks.set_codes), once
    per corpus version."""
    return _set_codes_of(corpus_version())


@functools.lru_cache(maxsize=1)
def _set_codes_of(version: int) -> decks.SetCodes:
    return decks.set_codes(repository.all_sets(), repository.arena_set_codes())


MAX_NAME = 120  # the name columns' length


def _name(value: str | None, what: str) -> str:
    """The one rule for a list's or deck's name: trimmed, not empty, cut to the column's length."""
    name = (value or "").strip()
    if not name:
        raise CollectionError(f"A {what} needs a name.")
    return name[:MAX_NAME]


def _visibility(value: str) -> str:
    if value not in ("private", "unlisted", "public"):
        raise CollectionError("Visibility is private, unlisted or public.")
    return value


@dataclass(slots=True)
class Row:
    id: int
    oracle_id: str
    name: str
    quantity: int
    printing: Printing | None
    price: float | None
    zone: str = ""
    card: Card | None = None
    finish: str = ""
    tags: tuple[str, ...] = ()
    pasted_set: str = ""  # the printing as pasted when the data has none (set code, number)
    pasted_number: str = ""
    pasted_note: str = ""  # why the data has none
    price_note: str = ""  # what the price is where it is not the row's printing's (price_note())

    @property
    def pasted(self) -> str:
        return f"{self.pasted_set.upper()} {self.pasted_number}".strip()

    @property
    def line_total(self) -> float | None:
        return round(self.price * self.quantity, 2) if self.price is not None else None

    @property
    def printing_label(self) -> str:
        if self.printing:
            return f"{self.printing.set_code.upper()} {self.printing.collector_number}"
        return self.pasted


def check_finish(printing: Printing | None, finish: str) -> None:
    """A finish the printing was never made in is refused (a foil Limited Edition Lightning Bolt)."""
    if finish not in ("", decks.FOIL, decks.ETCHED):
        raise CollectionError(f"{finish!r} is not a finish (foil or etched).")
    if printing is None or not printing.finishes:
        return
    if (finish or "nonfoil") not in printing.finishes:
        made = ", ".join(printing.finishes)
        raise CollectionError(
            f"{printing.set_code.upper()} {printing.collector_number} was not printed {finish or 'nonfoil'} "
            f"(its finishes: {made})."
        )


def name_index() -> decks.NameIndex:
    return _NAME_INDEX.get()


class _Cached:
    """The name index, rebuilt when the catalog's name table object changes (after an ingest)."""

    def __init__(self) -> None:
        self._source: object = None
        self._index: decks.NameIndex | None = None

    def get(self) -> decks.NameIndex:
        names = card_names()
        if self._index is None or names is not self._source:
            self._source, self._index = names, decks.NameIndex(names)
        return self._index


_NAME_INDEX = _Cached()


def printings_by_preference(oracle_ids, *, on_mtgo: bool = False) -> dict[str, list[Printing]]:
    """Each card's printings, the default printing first (tolaria.cards.sort_printings); `on_mtgo`: only
    those MTGO knows (an MTGO id of their own or of their foil), in the same order."""
    by_card = (repository.printings_on_mtgo if on_mtgo else repository.printings_of_cards)(oracle_ids)
    sets = repository.sets_by_code(p.set_code for ps in by_card.values() for p in ps)
    return {oid: sort_printings(ps, sets) for oid, ps in by_card.items()}
