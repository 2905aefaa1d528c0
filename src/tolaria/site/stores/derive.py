"""The one pass after an ingest: each step builds one store from the corpus and records the corpus
version it was built from, so an interrupted pass is seen (`status()`: stale stores) and finished
by the next ingest — even one that changed nothing — or by `tolaria derive`.

Run by the ingesting process or `tolaria derive`, never by a web worker. A step is one small unit:
a name, `build(run)` that builds and stores, and `load(run)` that gives later steps its value from
what is stored when the step is already current. Add one with `STEPS.append(Step(...))` (or insert
it where its inputs are ready).

A step whose stored file has a format of its own names it (`format`): a store built in another
format than the code's is stale too, so a format upgrade is rebuilt by the next `tolaria derive`
or ingest instead of leaving workers unable to load what is stored.

A store belongs to the corpus it was built from (`identity.CorpusId`: the version and a digest of
the ingest that made it), never to the database's path or name: a copied, moved or restored database
serves its stores at once. A step that publishes a file names it (`published`): a store whose
recorded build is current but whose published file is missing or of another corpus is stale too, and
`status()` says why of each stale store.

Every write of the pass is a short transaction of its own, run again while SQLite says "database is
locked" (`locks.retrying`): a derive waits out the site's writes instead of failing half-way.
"""

from __future__ import annotations

import functools
import os
import signal
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from django.db import transaction

import tolaria.search
from tolaria.cards import Corpus

from ..catalog.repository import corpus_version as stored_corpus_version
from ..catalog.repository import load_corpus
from . import card_index, digests, figures, files, links, locks, tags
from .identity import CorpusId, corpus_id
from .models import StoreBuild

if TYPE_CHECKING:
    from tolaria.knowledge import KnowledgeIndex

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
    format: Callable[[], str] | None = None  # the format the code builds (None: the corpus version only)
    published: str | None = None  # the name of the file it publishes (stores.files), if any
    required: bool = True  # False: a build may publish nothing (similar cards of a corpus with no tags)
    # a digest of all the build reads (None: the step digests nothing and is built for every new corpus):
    # a store behind the corpus whose recorded inputs are these still is carried to it, not built again
    inputs: Callable[[Run], str] | None = None

    def current_format(self) -> str:
        return self.format() if self.format is not None else ""


class StepSeconds(dict):
    """The seconds of each step built (a dict: step -> seconds), with the steps `skipped` because their
    inputs were unchanged (step -> the seconds spent digesting them) and a note per step (`notes`: how
    many cards a per-card step read again)."""

    def __init__(self) -> None:
        super().__init__()
        self.skipped: dict[str, float] = {}
        self.notes: dict[str, str] = {}


@dataclass
class Run:
    """One pass: the corpus version it builds for, the corpus (read once, when a step needs it)
    and the values of the steps so far."""

    version: int
    embed: bool | None = None
    progress: bool = False
    given_corpus: Corpus | None = None
    values: dict[str, Any] = field(default_factory=dict)
    seconds: StepSeconds = field(default_factory=StepSeconds)
    inputs: dict[str, str] = field(default_factory=dict)  # the inputs digest of each step of this pass
    built: dict[str, Built] = field(default_factory=dict)  # what each store was built from before this pass

    @cached_property
    def corpus(self) -> Corpus:
        if self.given_corpus is not None:
            return self.given_corpus

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

    def inputs_of(self, name: str) -> str:
        """A step's inputs digest: this pass's, else the one its store was built from ("" if none)."""
        if name in self.inputs:
            return self.inputs[name]
        built = self.built.get(name)
        return built.inputs if built is not None else ""


# --- the steps -----------------------------------------------------------------------------------


def _per_card_note(found: dict) -> str:
    return f"{found['read']:,} of {found['read'] + found['kept']:,} cards read again"


def _build_tags(run: Run) -> None:
    """The tags of the cards whose reading changed (the others' stay stored)."""
    found = tags.update_tags(run.corpus)
    run.seconds.notes["tags"] = _per_card_note(found)


def _tags_inputs(run: Run) -> str:
    return digests.digests_digest(tags.card_digests(run.corpus))


def _build_links(run: Run) -> dict:
    """The rules links of the cards whose reading changed (the others' read from what is stored)."""
    found: dict = {}
    facet = links.rules_facet(run.corpus, found=found)
    if found["read"] or "links" not in run.seconds.notes:
        run.seconds.notes["links"] = _per_card_note(found)
    return facet


def _links_inputs(run: Run) -> str:
    return digests.digests_digest(links.card_digests(run.corpus))


def _build_card_index(run: Run) -> None:
    """The card index as soon as the cards are written (issue 28 item 4: a new card reaches search
    without waiting for the tags): its tag facets are the tags stored so far (the previous pass's: a
    card whose text is unchanged has the same tags), none on a first ingest (tag: searches then say
    the tag data is unavailable, for a minute); the "tag facets" step publishes it again with the
    tags of this corpus."""
    facets = {"rule": run.value("links"), **tags.stored_facets()}
    card_index.build(run.corpus, facets, run.version, tags=tags.facets_digest(facets) if "tag" in facets else "")


def _build_tag_facets(run: Run) -> None:
    """Publish the card index again with the tags just stored: its other columns reused, not rebuilt;
    nothing published when the tags it holds are these already (most cards' tags never change)."""
    facets = tags.stored_facets() or {"tag": {}, "theme": {}, "pred": {}}
    card_index.republish_with_tags(facets, run.version, tags.facets_digest(facets))


def _build_knowledge_index(run: Run) -> None:
    from . import knowledge_index  # noqa: PLC0415  scipy: at the pass, not at Django's setup (api.apps)

    knowledge_index.build(run.corpus, run.version, embed=run.embed, progress=run.progress)


def _knowledge_index_inputs(run: Run) -> str:
    """The documents the index is built of (the rules, glossary, cards' text and rulings), the code and
    shipped vectors that rank them, and whether it embeds."""
    from . import knowledge_index  # noqa: PLC0415  scipy: at the pass, not at Django's setup (api.apps)

    return knowledge_index.inputs_digest(run.corpus, embed=run.embed)


def _build_similar_cards(run: Run) -> None:
    from . import similar  # noqa: PLC0415  scipy: at the pass, not at Django's setup (api.apps)

    similar.build(run.version)


def _similar_cards_inputs(run: Run) -> str:
    """The knowledge index's inputs (its card vectors and names) and the tags' (the tags shared)."""
    from . import similar  # noqa: PLC0415  scipy: at the pass, not at Django's setup (api.apps)

    return digests.digest_of([similar.code(), similar.K, run.inputs_of("knowledge index"), run.inputs_of("tags")])


def _build_figures(run: Run) -> None:
    figures.build(run)


def _card_index_format() -> str:
    return f"card index v{tolaria.search.FORMAT_VERSION}"  # read at the call: the code's format now


def _knowledge_index_format() -> str:
    from tolaria.knowledge import FORMAT_VERSION  # noqa: PLC0415  scipy: at the pass, not at Django's setup (api.apps)

    return f"knowledge index v{FORMAT_VERSION}"


# the card index first (search finds a new card as soon as its cards are written), then what takes
# longer: the tags (and the card index again with them), the knowledge index, similar cards, and the
# Scryfall bulk files last (added by the API app), never holding the others back
STEPS: list[Step] = [
    Step("links", _build_links, inputs=_links_inputs),
    Step("card index", _build_card_index, format=_card_index_format, published="card_index"),
    Step("home figures", _build_figures),
    Step("tags", _build_tags, inputs=_tags_inputs),
    Step("tag facets", _build_tag_facets, format=_card_index_format),
    Step(
        "knowledge index",
        _build_knowledge_index,
        format=_knowledge_index_format,
        published="knowledge_index",
        inputs=_knowledge_index_inputs,
    ),
    Step(
        "similar cards",
        _build_similar_cards,
        published="similar_cards",
        required=False,
        inputs=_similar_cards_inputs,
    ),
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
    return stored_corpus_version()


@dataclass(frozen=True)
class Built:
    version: int
    corpus: str
    format: str
    inputs: str = ""


def _built() -> dict[str, Built]:
    rows = StoreBuild.objects.values_list("name", "version", "corpus", "format", "inputs")
    return {name: Built(version, corpus, fmt, inputs) for name, version, corpus, fmt, inputs in rows}


def why_stale(step: Step, built: Built | None, current: CorpusId) -> str | None:
    """Why the store of `step` does not match the corpus the database holds (None: it does)."""
    if built is None:
        return "never built"
    if built.version != current.version:
        return f"built from corpus version {built.version}, the database holds version {current.version}"
    if built.corpus and current.digest and built.corpus != current.digest:
        return (
            f"built from another corpus of version {built.version} (digest {built.corpus}, the database's is"
            f" {current.digest})"
        )
    if built.format != step.current_format():
        return f"built in {built.format or 'an older format'}, the code builds {step.current_format()}"
    if step.published is None:
        return None

    item = files.newest(step.published)
    if item is None:
        return "its published file is missing" if step.required else None
    of = item.meta.get("corpus", "")
    if item.version != current.version or (of and current.digest and of != current.digest):
        return f"its published file is of {CorpusId(item.version, of)}, not {current}"
    return None


def status() -> list[dict]:
    """Each store: the corpus it was built from (version, digest) and the format it was built in,
    whether it is stale and why (behind the corpus, of another corpus, in another format than the
    code builds, or its published file missing)."""
    current = corpus_id()
    built = _built()
    rows = []
    for step in STEPS:
        build = built.get(step.name)
        reason = why_stale(step, build, current)
        rows.append(
            {
                "store": step.name,
                "built_from": build.version if build else None,
                "corpus": build.corpus if build else None,
                "format": build.format if build else None,
                "stale": reason is not None,
                "reason": reason,
                "old_format": build is not None and build.format != step.current_format(),
            }
        )
    return rows


def stale() -> list[str]:
    return [row["store"] for row in status() if row["stale"]]


def derive(
    *,
    only: list[str] | None = None,
    force: bool = False,
    corpus: Corpus | None = None,
    embed: bool | None = None,
    progress: bool = False,
) -> StepSeconds:
    """Build every store that is behind the corpus version (all of them with force, or those named
    in `only`); returns the seconds each step took. One pass at a time per database: a second one
    waits, then finds the stores current."""
    with locks.held("pass"):
        return _derive(only=only, force=force, corpus=corpus, embed=embed, progress=progress)


def embed_knowledge_index(*, progress: bool = False) -> KnowledgeIndex:
    """Build and publish the knowledge index again with embeddings (for one an ingest built
    lexically); every worker loads it as it loads any new index."""
    from . import knowledge_index  # noqa: PLC0415  scipy: at the pass, not at Django's setup (api.apps)

    derive(only=["knowledge index", "similar cards"], embed=True, progress=progress)  # similar cards by meaning now
    return knowledge_index.shared.value


def _carried(step: Step, built: Built | None, current: CorpusId) -> bool:
    """Whether a stale store is only behind the corpus (its format the code's, its published file the
    one it built), so that it may be carried to the new corpus when its inputs are unchanged."""
    if step.inputs is None or built is None or not built.inputs or built.format != step.current_format():
        return False
    if step.published is None:
        return True
    item = files.newest(step.published)
    if item is None:
        return not step.required
    return item.version == built.version and item.meta.get("corpus", "") == built.corpus


def _derive(*, only, force, corpus, embed, progress) -> StepSeconds:
    current = corpus_id()
    built = _built()
    run = Run(version=current.version, embed=embed, progress=progress, given_corpus=corpus, built=built)
    for step in STEPS:
        before = built.get(step.name)
        wanted = step.name in only if only is not None else force or why_stale(step, before, current)
        if not wanted:
            continue
        die_if_asked(step.name)
        started = time.perf_counter()
        inputs = step.inputs(run) if step.inputs is not None else ""
        if inputs:
            run.inputs[step.name] = inputs
        carried = before is not None and before.inputs == inputs and _carried(step, before, current)
        if only is None and not force and inputs and carried:
            seconds = round(time.perf_counter() - started, 2)
            run.seconds.skipped[step.name] = seconds
            locks.retrying(
                functools.partial(_carry, step, current, inputs, seconds), what=f"carrying {step.name} forward"
            )
            continue
        run.values[step.name] = step.build(run)
        seconds = round(time.perf_counter() - started, 2)
        run.seconds[step.name] = seconds
        locks.retrying(functools.partial(_record, step, current, seconds, inputs), what=f"recording {step.name}")
    return run.seconds


def _carry(step: Step, current: CorpusId, inputs: str, seconds: float) -> None:
    """A store whose inputs are unchanged belongs to the new corpus as it is: its build is recorded for
    it and its published file named of it (the same file: the workers that hold it keep it)."""
    with transaction.atomic():
        if step.published is not None:
            files.relabel(step.published, current)
        _record(step, current, seconds, inputs)


def _record(step: Step, current: CorpusId, seconds: float, inputs: str = "") -> None:
    with transaction.atomic():
        StoreBuild.objects.update_or_create(
            name=step.name,
            defaults={
                "version": current.version,
                "corpus": current.digest,
                "format": step.current_format(),
                "seconds": seconds,
                "inputs": inputs,
            },
        )
