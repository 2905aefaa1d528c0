"""Card lookups of the API's routes: names (exact, fuzzy), random cards, a card's default printing."""

from __future__ import annotations

import random as _random

from tolaria.search import NoMatch, SearchRequest, find_cards
from tolaria.site.catalog.services import name_table, set_name_table
from tolaria.site.scryfall import default_printing_id
from tolaria.site.stores.card_index import card_rows, current_index

__all__ = ["default_printing_id", "exact_name", "fuzzy_name", "random_card"]


def exact_name(name: str) -> str | None:
    """Oracle id of the card (or face) named exactly `name`, folded as everywhere (tolaria.cards.fold_name)."""
    return name_table().exact(name)


def fuzzy_name(name: str, set_code: str | None = None) -> tuple[str | None, list[str], bool]:
    """Scryfall's fuzzy lookup (tolaria.cards.NameTable): (oracle id or None, the names it could be or the
    closest ones, whether the name fits several cards equally); with `set_code`, among that set's cards."""
    match = (set_name_table(set_code) if set_code else name_table()).fuzzy(name)
    if match.status == "found":
        return match.key, [], False
    return None, list(match.candidates)[:5], match.status == "ambiguous"


def random_card(query: str | None = None, rng: _random.Random | None = None) -> tuple[str | None, str]:
    """(printing id, oracle id) of a random card matching `query` (any card without one); raises a
    QueryError (tolaria.search.find_cards) when no card matches."""
    rng = rng or _random.Random()
    index = current_index()
    if not query:
        rows = card_rows(index)  # cards of the game: no token or emblem
        if not rows:
            raise NoMatch("there are no cards yet")
        oid = index.oracle_ids[rows[rng.randrange(len(rows))]]
        return default_printing_id(oid), oid
    first = find_cards(index, SearchRequest(query, page_size=1))
    picked = find_cards(index, SearchRequest(query, page=rng.randrange(first.total) + 1, page_size=1))
    return picked.printing_ids[0], picked.oracle_ids[0]
