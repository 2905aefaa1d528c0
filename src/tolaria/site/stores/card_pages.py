"""What a card page reads from the database, in two queries at most: one for the printing asked for
(its id, its card and its price points), one for everything of its card (the card, its rulings, every
printing, the printed names in other languages, the tags). The card's part is kept in the worker's
CorpusCache (emptied when the corpus version moves on), so a page of a card seen before costs one
query. The sets come from the worker's card index (it holds every set of its corpus); only sets it
does not know yet (an index behind the database) are read.
"""

from __future__ import annotations

from dataclasses import dataclass

from tolaria.cards import Card

from ..catalog import repository
from .card_index import current_index, set_lookup
from .corpus_cache import CorpusCache


@dataclass(frozen=True)
class CardData:
    """A card's part of its pages: the same for each of its printings."""

    card: Card
    printings: list[dict]  # Printing.to_dict() of each printing, newest first
    sets: dict[str, dict]  # set code -> {"name", "keyrune_code"} of the sets they are in
    foreign: list[tuple[str, str, str]]  # (printing id, language, printed name)
    tags: list[dict]  # the stored tags as the API returns them


@dataclass(frozen=True)
class PageData:
    printing_id: str
    card: CardData
    price_points: list[tuple[str, float | None, float | None]]  # (date, usd, eur), oldest first


_CARDS = CorpusCache(size=2000)


def forget() -> None:
    """Forget the cards read so far (tests)."""
    _CARDS.forget()


def page_data(set_code: str, number: str) -> PageData | None:
    """The printing numbered `number` in the set and its card, or None when there is no such printing."""
    found = repository.printing_with_price_points(set_code, number)
    if found is None:
        return None
    printing_id, oracle_id, points = found
    card = _CARDS.get_many([oracle_id], _load_cards).get(oracle_id)
    if card is None:  # the printing was written after its card was read: read the card again
        card = _load_cards([oracle_id])[oracle_id]
    return PageData(printing_id=printing_id, card=card, price_points=points)


def _load_cards(oracle_ids: list) -> dict:
    out = {}
    for oracle_id in oracle_ids:
        rows = repository.card_page_rows(oracle_id)
        if rows is None:
            continue
        printings = sorted(
            rows.printings, key=lambda x: (x["released_at"], x["set_code"], x["collector_number"]), reverse=True
        )
        out[oracle_id] = CardData(
            card=rows.card,
            printings=printings,
            sets=_sets({x["set_code"] for x in printings}),
            foreign=rows.foreign,
            tags=rows.tags,
        )
    return out


def _sets(codes: set[str]) -> dict[str, dict]:
    """Name and keyrune code of each set: from the worker's card index, the rest from the database."""
    known = set_lookup(current_index())
    found = {code: known[code] for code in codes if code in known}
    missing = codes - set(found)
    if missing:
        for code, s in repository.sets_by_code(missing).items():
            found[code] = {"name": s.name, "keyrune_code": s.keyrune_code}
    return found
