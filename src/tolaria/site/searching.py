"""The card index of a web worker: built from the database after each ingest, saved to one file,
loaded at start, reloaded when the corpus version in the database moves on.

Pages and the API call `run_search()` and `current_index()`; nothing else touches the file.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass

from django.conf import settings

from tolaria.search import CardIndex, SearchResult, build_index, search

from .catalog.repository import corpus_version

_lock = threading.Lock()
_state: dict = {"index": None, "version": None, "checked": 0.0}
VERSION_CHECK_SECONDS = 2.0  # how often a worker asks the database whether the corpus moved on


def index_path():
    return settings.TOLARIA_INDEX_PATH


def _version_label(version: int) -> str:
    db = settings.DATABASES["default"]
    return f"{db['ENGINE'].rsplit('.', 1)[-1]}:{db['NAME']}:v{version}"


def rebuild_index(corpus=None, facets: dict | None = None) -> CardIndex:
    """Build the index and save it. After an ingest, derived.rebuild passes the corpus it read and
    the facets (tags, rules links) it computed; a worker that finds no index builds it the same way."""
    if corpus is None or facets is None:
        from . import derived

        derived.rebuild()
        return _state["index"]
    version = corpus_version()
    index = build_index(corpus, facets, version=_version_label(version))
    path = index_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    index.save(tmp)
    tmp.replace(path)  # atomic: a worker loading meanwhile sees the old file or the new, never half
    with _lock:
        _state.update(index=index, version=index.version, checked=time.monotonic())
    return index


def current_index() -> CardIndex:
    """The worker's index, reloaded from the file (or rebuilt) when the corpus version changed."""
    now = time.monotonic()
    index = _state["index"]
    if index is not None and now - _state["checked"] < VERSION_CHECK_SECONDS:
        return index
    with _lock:
        wanted = _version_label(corpus_version())
        _state["checked"] = now
        if _state["index"] is not None and _state["version"] == wanted:
            return _state["index"]
        path = index_path()
        if path.exists():
            loaded = CardIndex.load(path)
            if loaded.version == wanted:
                _state.update(index=loaded, version=wanted)
                return loaded
    return rebuild_index()


def reset() -> None:
    """Forget the loaded index (tests switch databases)."""
    with _lock:
        _state.update(index=None, version=None, checked=0.0)


@dataclass
class CardSearch:
    result: SearchResult
    index: CardIndex


def user_lists(user, query: str) -> dict[str, set[str]] | None:
    """The user's own lists (name -> oracle ids) when the query searches within lists (in:list/NAME);
    None for anonymous users, so the search says to log in. Private lists never reach anyone else."""
    if user is None or not getattr(user, "is_authenticated", False) or "list/" not in query.lower():
        return None
    from .collections.models import CardList
    from .collections.services import list_oracle_ids

    names = set(CardList.objects.filter(owner=user).values_list("name", flat=True))
    return {name: list_oracle_ids(user, name) for name in names}


def run_search(
    query: str,
    *,
    unique: str = "cards",
    order: str = "name",
    direction: str = "auto",
    page: int = 1,
    page_size: int = 175,
    user=None,
) -> SearchResult:
    """Raises tolaria.search.QueryError (syntax, too long) for the caller to show.
    user: the searching user, whose lists `in:list/NAME` searches within."""
    return search(
        current_index(),
        query,
        unique=unique,
        order=order,
        direction=direction,
        page=page,
        page_size=page_size,
        user_lists=user_lists(user, query),
    )
