"""A server warms before it accepts a connection: every store a request reads (the card index with its
name lookups, the knowledge index with its answerer and the query model, similar cards, the bulk files
and whatever else is published) is loaded in the serving process before gunicorn listens and forks,
so each worker starts holding them and its first request of each kind is as fast as its tenth.

A store not published yet is left to the workers' usual loading (they answer 503 until it arrives):
warming never waits on another process's work."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable

from tolaria.rules import shipped_rulebook

from . import card_index, figures, knowledge_index, runtime, similar, tags

log = logging.getLogger(__name__)


def _card_index() -> None:
    index = card_index.current_index()
    card_index.card_positions(index)  # the name and position lookups of the index, built once per index
    card_index.autocomplete("lightning")
    card_index.run_search("t:creature", page_size=1)


def _knowledge() -> None:
    knowledge_index.answer("Does deathtouch work with trample?")  # the answerer and the model that reads queries
    knowledge_index.search_page("flying")


def _similar() -> None:
    similar.current()


def _facts() -> None:
    shipped_rulebook()
    tags.predicted_model()
    figures.corpus_figures()


WARMERS: list[tuple[str, Callable[[], None]]] = [
    ("card index", _card_index),
    ("knowledge index", _knowledge),
    ("similar cards", _similar),
    ("rules, facts and models", _facts),
]


def warm() -> list[str]:
    """Load everything requests read, in this process; one phrase per part (what was loaded or why not)."""
    said = []
    for name, load in WARMERS:
        started = time.perf_counter()
        try:
            load()
        except runtime.IndexUnavailable as exc:
            said.append(f"{name}: not yet ({exc})")
            continue
        said.append(f"{name} {time.perf_counter() - started:.1f} s")
    for name, handle in runtime.HANDLES.items():  # the stores of the apps above (the API's bulk files)
        if handle.value is None:
            try:
                handle.get()
            except runtime.IndexUnavailable:
                said.append(f"{name}: not yet")
    return said
