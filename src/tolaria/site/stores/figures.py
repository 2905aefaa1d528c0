"""The figures the home page shows (cards, printings, sets, rulings, the data's date), counted once per
corpus version by the after-ingest pass and stored beside the corpus they count; a worker reads them
once per card index it loads (the card index names its corpus), so a visit scans nothing.

Before the pass has stored them (a database from before this step, or no card index loaded yet) they
are counted once and held for that corpus all the same."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from ..catalog.repository import last_ingest_sources, stats
from . import locks, runtime
from .card_index import current_index
from .identity import CorpusId, corpus_id
from .models import CorpusFigures

_held: dict[str, dict[str, Any]] = {}  # corpus label -> figures (this worker's)


def count() -> dict[str, Any]:
    """The figures, counted over the whole database (the pass's work, never a request's)."""

    figures = stats()
    figures["sources"] = last_ingest_sources()
    return figures


def build(run) -> None:
    """The pass's step: count and store the figures of the corpus it builds for."""

    current = corpus_id(run.version)
    figures = count()

    def store() -> None:
        with transaction.atomic():
            CorpusFigures.objects.update_or_create(
                version=current.version, defaults={"corpus": current.digest, "figures": figures}
            )
            CorpusFigures.objects.exclude(version=current.version).delete()

    locks.retrying(store, what="storing the home page's figures")


def _label() -> CorpusId:
    """The corpus of the card index this worker holds (no query), else the database's."""

    try:
        label = current_index().version
    except runtime.IndexUnavailable:
        return corpus_id()
    version, _, digest = label.partition(":")
    if not version.startswith("v") or not version[1:].isdigit():
        return corpus_id()  # an index labelled before the digests
    return CorpusId(int(version[1:]), digest)


def corpus_figures() -> dict[str, Any]:
    """The home page's figures for the corpus this worker serves (its `sources`: what the last ingest read)."""

    current = _label()
    key = current.label()
    if key not in _held:
        row = CorpusFigures.objects.filter(version=current.version, corpus=current.digest).first()
        _held.clear()
        _held[key] = row.figures if row is not None else count()
    return _held[key]
