"""The card index: built by the after-ingest pass from the corpus and its facets (tags, rules
links), published through the database, loaded by every worker through `runtime`.

Pages and the API call `run_search()` and `current_index()`; `autocomplete()` finds card names in it.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from itertools import chain
from pathlib import Path
from typing import Any

import numpy as np

from tolaria.cards import fold_name  # the one name folding: accents, Æ, punctuation, split separators
from tolaria.search import CardIndex, SearchResult, build_index, search

from . import files, runtime
from .identity import CorpusId, corpus_id

NAME = "card_index"


def version_label(version: int) -> str:
    """The index's own name for the corpus it was built from: its version and digest, never where the
    database lies (a copied or restored database serves its index at once)."""
    return corpus_id(version).label()


def _load(path: Path, item: files.Published) -> CardIndex:
    index = CardIndex.load(path)
    expected = CorpusId(item.version, item.meta.get("corpus", "")).label()
    # an index published before the digests was labelled with the database's name: "<engine>:<name>:v<N>"
    legacy = not item.meta.get("corpus") and index.version.endswith(f":v{item.version}")
    if index.version != expected and not legacy:
        raise ValueError(f"the stored card index is of {index.version}, not {expected}")
    return index


shared = runtime.handle(NAME, _load)


def build(corpus, facets: dict, version: int, *, tags: str = "") -> CardIndex:
    """Build the index, publish it for every machine, and hold it in this process. tags: the digest of
    the tag facets it holds ("" when it holds none)."""
    index = build_index(corpus, facets, version=version_label(version))
    meta = {
        "cards": len(corpus.cards),
        "printings": len(corpus.printings),
        "extras": len(corpus.extras),
        "foreign_printings": index.n_foreign,
    }
    _publish(index, version, {**meta, "tags": tags})
    return index


def _publish(index: CardIndex, version: int, meta: dict) -> None:
    tmp = files.cache_dir() / f".{NAME}-build.bin"
    index.save(tmp)
    item = files.publish(NAME, version, tmp, meta)
    shared.install(index, item)


def republish_with_tags(facets: dict, version: int, digest: str) -> bool:
    """The published index of this corpus version again, with these tag facets (its other columns
    reused); False (nothing published) when it holds these tags already."""
    item = files.newest(NAME)
    if item is None or item.version != version:
        raise runtime.IndexUnavailable(NAME, f"no card index of corpus version {version} is published")
    if item.meta.get("tags") == digest:
        return False
    index = shared.value if shared.item is not None and shared.item.id == item.id else None
    if index is None:  # a pass that resumes in another process: the published file
        index = _load(files.fetch(item), item)
    meta = {k: v for k, v in item.meta.items() if k not in ("corpus", "tags")}
    _publish(index.with_facets(facets), version, {**meta, "tags": digest})
    return True


def current_index() -> CardIndex:
    """The worker's index (raises runtime.IndexUnavailable while it has none)."""
    return shared.get()


def run_search(
    query: str,
    *,
    unique: str = "cards",
    order: str = "name",
    direction: str = "auto",
    page: int = 1,
    page_size: int = 175,
    user_lists: Mapping[str, Set[str]] | None = None,
    multilingual: bool = False,
) -> SearchResult:
    """Raises tolaria.search.QueryError (syntax, too long) for the caller to show.
    user_lists: the searching user's lists (name -> oracle ids) that `in:list/NAME` searches within
    (tolaria.site.collections.services.search_lists); None: nobody is logged in.
    multilingual: the printings in every language (the API's include_multilingual)."""
    return search(
        current_index(),
        query,
        unique=unique,
        order=order,
        direction=direction,
        page=page,
        page_size=page_size,
        user_lists=user_lists,
        multilingual=multilingual,
    )


# lookups derived from the worker's index, built again when it loads another one
_cache: dict[str, Any] = {"index": None}


def _derived(index: CardIndex) -> dict[str, Any]:
    """Lookups built once per loaded index: card positions and the names (folded) of cards and faces."""
    if _cache["index"] is not index:
        extra = set(np.unique(index.card_of[index.extra]).tolist())  # the tokens' and emblems' rows
        names: list[tuple[str, str, str]] = []
        extra_names: list[tuple[str, str, str]] = []
        for pos, (name, oid) in enumerate(zip(index.names, index.oracle_ids)):
            into = extra_names if pos in extra else names
            into.append((fold_name(name), name, oid))
            if " // " in name:
                into += [(fold_name(face), name, oid) for face in name.split(" // ")]
        _cache.clear()
        _cache.update(
            index=index,
            positions={oid: i for i, oid in enumerate(index.oracle_ids)},
            names=names,
            extra_names=extra_names,
            card_rows=[pos for pos in range(index.n_cards) if pos not in extra],
            sets={s.code.lower(): {"name": s.name, "keyrune_code": s.keyrune_code} for s in index.sets.values()},
        )
    return _cache


def card_rows(index: CardIndex) -> list[int]:
    """Positions of the cards of the game: no token or emblem."""
    rows: list[int] = _derived(index)["card_rows"]
    return rows


def card_positions(index: CardIndex) -> dict[str, int]:
    return _derived(index)["positions"]


def set_lookup(index: CardIndex) -> dict[str, dict[str, str]]:
    """Set code (lower case) -> its name and keyrune code, for every set of the index's corpus."""
    sets: dict[str, dict[str, str]] = _derived(index)["sets"]
    return sets


def index_names(index: CardIndex) -> list[tuple[str, str, str]]:
    """(folded name, display name, oracle id) for every card and every face of a multi-face card."""
    return _derived(index)["names"]


def autocomplete(text: str, limit: int = 20, *, include_extras: bool = False) -> list[str]:
    """Up to `limit` card names: names starting with the text first, then names with a word starting
    with it, then names containing it (each group alphabetical); tokens' and emblems' names only with
    include_extras."""
    wanted = fold_name(text)
    if len(wanted) < 2:
        return []
    index = current_index()
    prefix, word, inside = [], [], []
    seen: set[str] = set()
    names = chain(index_names(index), _derived(index)["extra_names"] if include_extras else ())
    for folded, display, _oid in names:  # chained, not concatenated: no copy of every name per keystroke
        if display in seen:
            continue
        if folded.startswith(wanted):
            prefix.append(display)
        elif (" " + wanted) in (" " + folded):
            word.append(display)
        elif wanted in folded:
            inside.append(display)
        else:
            continue
        seen.add(display)
    return (sorted(prefix) + sorted(word) + sorted(inside))[:limit]
