"""A search request: the query and the seven options every front end (the pages, the API, the CLI)
passes, declared once with their defaults."""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import dataclass

from ._fields.meta import ORDER_ALIASES

PAGE_SIZE = 175  # Scryfall's page size
ALL_IGNORED = "All of your terms were ignored."  # Scryfall's words (scryfall.com/docs/api/errors)
NOT_FOUND = "Your query didn't match any cards. Adjust your search terms or refer to the syntax guide."


@dataclass(frozen=True)
class SearchRequest:
    """What to search and how to show it. ``unique``: cards, prints or art; ``order`` and
    ``direction`` (auto: the order's own) as Scryfall's; ``user_lists``: the searching player's lists
    (name -> oracle ids) that ``in:list/NAME`` searches within, None for nobody; ``multilingual``: the
    printings in every language too (Scryfall's include_multilingual). Terms in the query
    (``unique:prints``, ``order:usd``) win over these."""

    query: str
    unique: str = "cards"
    order: str = "name"
    direction: str = "auto"
    page: int = 1
    page_size: int = PAGE_SIZE
    user_lists: Mapping[str, Set[str]] | None = None
    multilingual: bool = False

    @property
    def sort_order(self) -> str:
        """The order by its canonical name (mv -> cmc, price -> usd), as the order: keyword reads it."""
        order = (self.order or "name").strip().lower()
        return ORDER_ALIASES.get(order, order)
