"""The one pass after an ingest: each step builds one store from the corpus and records the corpus
version it was built from, so an interrupted pass is seen (`status()`: stale stores) and finished
by the next ingest — even one that changed nothing — or by `tolaria derive`.

Run by the ingesting process or `tolaria derive`, never by a web worker. A step is one small unit:
a name, `build(run)` that builds and stores, and `load(run)` that gives later steps its value from
what is stored when the step is already current. Add one with `STEPS.append(Step(...))` (or insert
it where its inputs are ready).
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from django.db import transaction

from tolaria.cards import Corpus

from .models import StoreBuild

if TYPE_CHECKING:
    from tolaria.knowledge import KnowledgeIndex

PASS_LOCK = 0x70_1A_51A  # the advisory lock key of the pass on PostgreSQL
DIE_AT_ENV = "TOLARIA_TEST_DIE_AT"  # test hook: the process kills itself at this named step


def die_if_asked(step: str) -> None:
    """The test hook of make test-scale: an ingest killed at a named step, as by the OOM killer."""
    if os.environ.get(DIE_AT_ENV) == step:
        os.kill(os.getpid(), signal.SIGKILL)


@dataclass(frozen=True)
class Step:
    name: str
    build: Callable[[Run], Any]
    load: Callable[[Run], Any] | None = None  # None: later steps get it by building it again


@dataclass
class Run:
    """One pass: the corpus version it builds for, the corpus (read once, when a step needs it)
    and the values of the steps so far."""

    version: int
    embed: bool | None = None
    progress: bool = False
    given_corpus: Corpus | None = None
    values: dict[str, Any] = field(default_factory=dict)
    seconds: dict[str, float] = field(default_factory=dict)

    @cached_property
    def corpus(self) -> Corpus:
        if self.given_corpus is not None:
            return self.given_corpus
        from ..catalog.repository import load_corpus

        started = time.perf_counter()
        corpus = load_corpus()
        self.seconds["load corpus"] = round(time.perf_counter() - started, 2)
        return corpus

    def value(self, name: str) -> Any:
        """A step's value: from this pass, else from what it stored."""
        if name not in self.values:
            step = _step(name)
            self.values[name] = (step.load or step.build)(self)
        return self.values[name]


# --- the steps -----------------------------------------------------------------------------------


def _build_tags(run: Run) -> dict:
    from . import tags

    computed = tags.tag_corpus(run.corpus)
    tags.store_tags(computed)
    return computed


def _load_tags(run: Run) -> dict:
    from . import tags

    return tags.stored_tags()


def _build_links(run: Run) -> dict:
    from . import links

    return links.rules_facet(run.corpus)


def _build_card_index(run: Run) -> None:
    from . import card_index, tags

    facets = {"rule": run.value("links"), **tags.tag_facets(run.value("tags"))}
    run.values.pop("tags", None)  # the facets hold what the index needs; free the tag objects first
    card_index.build(run.corpus, facets, run.version)


def _build_knowledge_index(run: Run) -> None:
    from . import knowledge_index

    knowledge_index.build(run.corpus, run.version, embed=run.embed, progress=run.progress)


def _build_similar_cards(run: Run) -> None:
    from . import similar

    similar.build(run.version)


STEPS: list[Step] = [
    Step("tags", _build_tags, _load_tags),
    Step("links", _build_links),
    Step("card index", _build_card_index),
    Step("knowledge index", _build_knowledge_index),
    Step("similar cards", _build_similar_cards),
]
# the apps above the stores add their own steps when Django starts (add_step): the API its Scryfall
# bulk files (tolaria.site.api.apps), which run after the stores' own


def add_step(step: Step) -> None:
    """A step of an app above the stores, run after those already listed (once, however often the
    app starts: a step of the same name is replaced)."""
    STEPS[:] = [s for s in STEPS if s.name != step.name] + [step]


def _step(name: str) -> Step:
    for step in STEPS:
        if step.name == name:
            return step
    raise KeyError(name)


# --- the pass ------------------------------------------------------------------------------------


def corpus_version() -> int:
    from ..catalog.repository import corpus_version as version

    return version()


def built_versions() -> dict[str, int]:
    return dict(StoreBuild.objects.values_list("name", "version"))


def status() -> list[dict]:
    """Each store: the corpus version it was built from and whether it is stale."""
    current = corpus_version()
    built = built_versions()
    return [
        {"store": step.name, "built_from": built.get(step.name), "stale": built.get(step.name) != current}
        for step in STEPS
    ]


def stale() -> list[str]:
    return [row["store"] for row in status() if row["stale"]]


def derive(
    *,
    only: list[str] | None = None,
    force: bool = False,
    corpus: Corpus | None = None,
    embed: bool | None = None,
    progress: bool = False,
) -> dict[str, float]:
    """Build every store that is behind the corpus version (all of them with force, or those named
    in `only`); returns the seconds each step took. One pass at a time per database: a second one
    waits, then finds the stores current."""
    with _one_pass_at_a_time():
        return _derive(only=only, force=force, corpus=corpus, embed=embed, progress=progress)


def embed_knowledge_index(*, progress: bool = False) -> KnowledgeIndex:
    """Build and publish the knowledge index again with embeddings (for one an ingest built
    lexically); every worker loads it as it loads any new index."""
    from . import knowledge_index

    derive(only=["knowledge index", "similar cards"], embed=True, progress=progress)  # similar cards by meaning now
    return knowledge_index.shared.value


@contextmanager
def _one_pass_at_a_time():
    from django.db import connection

    if connection.vendor != "postgresql" or connection.in_atomic_block:
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_advisory_lock(%s)", [PASS_LOCK])
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_unlock(%s)", [PASS_LOCK])


def _derive(*, only, force, corpus, embed, progress) -> dict[str, float]:
    version = corpus_version()
    built = built_versions()
    run = Run(version=version, embed=embed, progress=progress, given_corpus=corpus)
    for step in STEPS:
        wanted = step.name in only if only is not None else force or built.get(step.name) != version
        if not wanted:
            continue
        die_if_asked(step.name)
        started = time.perf_counter()
        run.values[step.name] = step.build(run)
        seconds = round(time.perf_counter() - started, 2)
        run.seconds[step.name] = seconds
        with transaction.atomic():
            StoreBuild.objects.update_or_create(name=step.name, defaults={"version": version, "seconds": seconds})
    return run.seconds
