"""A worker's memory of things built from the card data (API card objects, search result rows, card
pages): bounded, least recently used out first, emptied when the corpus version moves on or another
card index is published (a derive that rebuilt the tags of the same corpus)."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from typing import Any

from .card_index import current_index, shared

CACHES: list[CorpusCache] = []


def forget_all() -> None:
    """Empty every cache (tests: a test's writes are rolled back, the corpus version stays)."""
    for cache in CACHES:
        cache.forget()


class CorpusCache:
    def __init__(self, size: int = 30000):
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self._version: tuple | None = None
        CACHES.append(self)

    def get_many(self, keys: Iterable[Hashable], build: Callable[[list], dict]) -> dict:
        """The values of `keys`; the missing ones come from build(missing keys) -> {key: value}."""
        self._check_version()
        keys = list(keys)
        found = {k: self._items[k] for k in keys if k in self._items}
        for k in found:
            self._items.move_to_end(k)
        missing = [k for k in keys if k not in found]
        if missing:
            built = build(missing)
            for k, v in built.items():
                self._items[k] = v
            found.update(built)
            while len(self._items) > self.size:
                self._items.popitem(last=False)
        return found

    def forget(self) -> None:
        self._items.clear()

    def _check_version(self) -> None:
        index = current_index()
        version = (index.version, shared.item.id if shared.item else None)
        if version != self._version:
            self._items.clear()
            self._version = version
