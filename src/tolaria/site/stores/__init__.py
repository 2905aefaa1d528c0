"""What is built after an ingest, in one home: the stores (tags, rules links, the card index, the
knowledge index, and whatever steps are added), the one pass that builds them (`derive`), the
index files shared through the database (`files`) and the one mechanism by which every worker
loads and reloads them (`runtime`).

Only the ingesting process and `tolaria derive` build; web workers only load.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

# (the models load with the app registry, so this module imports nothing of its own at its top)


def ingest_and_derive(paths: Sequence[str | Path], *, progress: bool = False, embed: bool | None = None):
    """Ingest the files, then finish every store behind the corpus version — also when the files
    changed nothing, so an earlier pass that was interrupted is finished now."""
    from ..catalog.ingest import ingest
    from . import locks
    from .derive import derive, die_if_asked

    die_if_asked("read")
    with locks.held("ingest"):  # said to a `tolaria serve` starting meanwhile (it does not wait for it)
        summary = ingest(paths, progress=progress, after_write=lambda _summary: die_if_asked("write"))
    summary.derived_seconds = derive(embed=embed, progress=progress)
    return summary


def ensure_loaded(*, progress: bool = False, serving: bool = False) -> str:
    """Load the embedded sample on the first start, never again after; finish stale stores.

    serving: for `tolaria serve`, which never waits on another process's work to open its port: while
    an ingest or the after-ingest pass runs on this database it loads and builds nothing (its workers
    load each store as that process publishes it)."""
    from tolaria.cards import sample_paths

    from ..catalog import repository
    from . import locks
    from .derive import derive, stale
    from .models import StoreBuild

    if serving and (locks.busy("ingest") or locks.busy("pass")):
        return "An ingest is under way on this database: serving each store as it is published."
    if repository.has_ingested():
        cards = f"Database ready: {repository.card_count():,} cards."
        behind = stale()
        if behind and not StoreBuild.objects.exists():  # a database from before the stores: build them once
            derive(progress=progress)
            return f"{cards} Built {', '.join(behind)}."
        if behind:
            return f"{cards} Stale stores (an interrupted pass): {', '.join(behind)} — run `tolaria derive`."
        return cards
    # the sample's static embeddings take seconds: the first start embeds them, nothing runs after it
    summary = ingest_and_derive(sample_paths(), progress=progress)
    return f"Loaded the embedded sample: {summary.cards.added:,} cards, {summary.printings.added:,} printings."
