"""The card index: built by the after-ingest pass from the corpus and its facets (tags, rules
links), published through the database, loaded by every worker through `runtime`.

Pages and the API call `run_search()` and `current_index()`.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from tolaria.search import CardIndex, SearchResult, build_index, search

from . import files, runtime

NAME = "card_index"


def version_label(version: int) -> str:
    """The index's own name for the corpus it was built from (the database named, so a worker
    never takes an index of another database for its own)."""
    db = settings.DATABASES["default"]
    return f"{db['ENGINE'].rsplit('.', 1)[-1]}:{db['NAME']}:v{version}"


def _load(path: Path, item: files.Published) -> CardIndex:
    index = CardIndex.load(path)
    if index.version != version_label(item.version):
        raise ValueError(f"the stored card index is of {index.version}, not {version_label(item.version)}")
    return index


shared = runtime.handle(NAME, _load)


def build(corpus, facets: dict, version: int) -> CardIndex:
    """Build the index, publish it for every machine, and hold it in this process."""
    index = build_index(corpus, facets, version=version_label(version))
    tmp = files.cache_dir() / f".{NAME}-build.bin"
    index.save(tmp)
    item = files.publish(NAME, version, tmp, {"cards": index.n_cards, "printings": index.n_printings})
    shared.install(index, item)
    return index


def current_index() -> CardIndex:
    """The worker's index (raises runtime.IndexUnavailable while it has none)."""
    return shared.get()


def user_lists(user, query: str) -> dict[str, set[str]] | None:
    """The user's own lists (name -> oracle ids) when the query searches within lists (in:list/NAME);
    None for anonymous users, so the search says to log in. Private lists never reach anyone else."""
    if user is None or not getattr(user, "is_authenticated", False) or "list/" not in query.lower():
        return None
    from ..collections.models import CardList
    from ..collections.services import list_oracle_ids

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
