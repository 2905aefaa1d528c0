"""Card lookups the API and the CLI share: searching into Scryfall list objects, names, random cards."""

from __future__ import annotations

import random as _random
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tolaria.search import QueryError, QuerySyntaxError, QueryTooLong
from tolaria.search._errors import MAX_QUERY_LENGTH
from tolaria.site.collections.services import search_lists
from tolaria.site.stores.card_index import card_positions, card_rows, current_index, run_search

PAGE_SIZE = 175
ORDER_ALIASES = {"mv": "cmc", "manavalue": "cmc", "price": "usd"}
ALL_IGNORED = "All of your terms were ignored."
NOT_FOUND = "Your query didn't match any cards. Adjust your search terms or refer to the syntax guide."


@dataclass
class SearchFailure:
    """A search that cannot answer: status (400, 404), Scryfall code, details, warnings, extras."""

    status: int
    code: str
    details: str
    warnings: list[str] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


def normalise_order(order: str | None) -> str:
    order = (order or "name").strip().lower()
    return ORDER_ALIASES.get(order, order)


def do_search(
    query: str,
    *,
    unique: str = "cards",
    order: str = "name",
    direction: str = "auto",
    page: int = 1,
    page_size: int = PAGE_SIZE,
    user=None,
    multilingual: bool = False,
):
    """A SearchResult, or a SearchFailure saying why not (bad syntax, too long, no match, past the end).
    user: the searching user, whose lists `in:list/NAME` searches within."""
    if len(query) > MAX_QUERY_LENGTH:
        return SearchFailure(
            400, "bad_request", f"queries are limited to {MAX_QUERY_LENGTH} characters; this one has {len(query)}"
        )
    if not query.strip():
        return SearchFailure(400, "bad_request", "the query is empty: give a search like t:creature o:trample")
    try:
        result = run_search(
            query,
            unique=unique or "cards",
            order=normalise_order(order),
            direction=direction or "auto",
            page=max(1, page),
            page_size=page_size,
            user_lists=search_lists(user, query),
            multilingual=multilingual,
        )
    except QuerySyntaxError as exc:
        expected = f"; expected {', '.join(exc.expected)}" if exc.expected else ""
        details = f"{exc.message} at position {exc.position + 1}{expected}"
        return SearchFailure(
            400,
            "bad_request",
            details,
            extra={"position": exc.position, "expected": list(exc.expected), "caret": exc.caret},
        )
    except QueryTooLong as exc:
        return SearchFailure(400, "bad_request", str(exc))
    except QueryError as exc:
        return SearchFailure(400, "bad_request", str(exc))
    from tolaria.site import data_facts  # say when a term can match nothing because the data lacks it

    result.warnings.extend(data_facts.gap_warnings(query, data_facts.current_facts()))
    if result.all_ignored:  # scryfall.com/docs/api/errors: its example query, is:slick cmc>cmc
        return SearchFailure(400, "bad_request", ALL_IGNORED, list(result.warnings))
    if result.total == 0:
        return SearchFailure(404, "not_found", NOT_FOUND, list(result.warnings))
    if not result.printing_ids:
        last = (result.total + page_size - 1) // page_size
        return SearchFailure(
            404, "not_found", f"page {page} is past the last page ({last}) of this search", list(result.warnings)
        )
    return result


def default_printing_id(oracle_id: str) -> str | None:
    """The printing a card shows by default (the index keeps a card's printings together, preferred first)."""
    index = current_index()
    pos = card_positions(index).get(oracle_id)
    if pos is None:
        return None
    row = int(np.searchsorted(index.card_of, pos, side="left"))
    if row >= index.n_printings or int(index.card_of[row]) != pos:
        return None
    return index.printing_ids[row]


def exact_name(name: str) -> str | None:
    """Oracle id of the card (or face) named exactly `name`, folded as everywhere (tolaria.cards.fold_name)."""
    from tolaria.site.catalog.services import name_table

    return name_table().exact(name)


def fuzzy_name(name: str, set_code: str | None = None) -> tuple[str | None, list[str], bool]:
    """Scryfall's fuzzy lookup (tolaria.cards.NameTable): (oracle id or None, the names it could be or the
    closest ones, whether the name fits several cards equally); with `set_code`, among that set's cards."""
    from tolaria.site.catalog.services import name_table, set_name_table

    match = (set_name_table(set_code) if set_code else name_table()).fuzzy(name)
    if match.status == "found":
        return match.key, [], False
    return None, list(match.candidates)[:5], match.status == "ambiguous"


def random_card(query: str | None = None, rng: _random.Random | None = None):
    """(printing id, oracle id) of a random card matching `query` (any card without one), or a SearchFailure."""
    rng = rng or _random.Random()
    if not query:
        index = current_index()
        rows = card_rows(index)  # cards of the game: no token or emblem
        if not rows:
            return SearchFailure(404, "not_found", "there are no cards yet")
        oid = index.oracle_ids[rows[rng.randrange(len(rows))]]
        return default_printing_id(oid), oid
    first = do_search(query, page=1, page_size=1)
    if isinstance(first, SearchFailure):
        return first
    k = rng.randrange(first.total)
    picked = do_search(query, page=k + 1, page_size=1)
    if isinstance(picked, SearchFailure):
        return picked
    return picked.printing_ids[0], picked.oracle_ids[0]
