"""Stores derived from the corpus after each ingest that changed it: the card tags (with their
provenance) and the search index (with its facets: tags, and the rules each card's text links to).

One pass: the corpus is read from the database once, tagged, stored, and indexed.
"""

from __future__ import annotations

import functools
import logging
import time
from pathlib import Path

import orjson
from django.conf import settings
from django.db import transaction

from tolaria.cards import Corpus

from .catalog import models as m

log = logging.getLogger(__name__)
MODEL_NAME = "predicted-tags.pkl"


@functools.cache
def _linker():
    from tolaria.rules import Linker, shipped_rulebook

    return Linker(shipped_rulebook())


def rules_facet(corpus: Corpus) -> dict[str, dict[str, float]]:
    """oracle_id -> {rule number: 1.0} for every rule a card's text links to (for `rule:`)."""
    linker = _linker()
    facet: dict[str, dict[str, float]] = {}
    for oracle_id, card in corpus.cards.items():
        numbers: dict[str, float] = {}
        for spans in linker.link_card(card):  # the faces read once, as the tagger read them
            for span in spans:
                numbers[span.rule] = 1.0
        if numbers:
            facet[oracle_id] = numbers
    return facet


# --- tags -----------------------------------------------------------------------------------------


@functools.cache
def _tagger():
    from tolaria.tags import Tagger

    return Tagger()


def model_paths() -> list[Path]:
    """Where a predicted-tag model is looked for: the data dir (tolaria tags train), then the package."""
    from importlib import resources

    packaged = Path(str(resources.files("tolaria") / "data" / "models" / MODEL_NAME))
    return [Path(settings.DATA_DIR) / "models" / MODEL_NAME, packaged]


@functools.cache
def predicted_model():
    """The predicted-tag model, or None (the pages then say predicted tags are unavailable)."""
    from tolaria.tags import predict

    for path in model_paths():
        if path.exists():
            try:
                return predict.PredictedTagModel.load(path)
            except Exception as exc:
                log.warning("predicted-tag model %s not loaded: %s", path, exc)
    return None


def tag_corpus(corpus: Corpus) -> dict[str, list]:
    tags = _tagger().tag_corpus(corpus.cards)
    model = predicted_model()
    if model is not None:
        cards = list(corpus.cards.values())
        for oracle_id, predicted in model.predict(cards, _tagger()).items():
            tags.setdefault(oracle_id, []).extend(predicted)
    return tags


def store_tags(tags: dict[str, list]) -> None:
    """Replace the stored tags (they are recomputed from the whole corpus on each change)."""
    rows = [
        m.CardTag(card_id=oracle_id, tag_id=tag.id, kind=tag.kind, data=orjson.dumps(tag.to_dict()).decode())
        for oracle_id, card_tags_ in tags.items()
        for tag in card_tags_
    ]
    from .catalog.ingest import insert_rows

    with transaction.atomic():
        m.CardTag.objects.all().delete()
        insert_rows(m.CardTag, rows)


def card_tags(oracle_id: str) -> list[dict]:
    """The tags of one card as the API returns them (id, label, group, kind, evidence, confidence)."""
    rows = m.CardTag.objects.filter(card_id=oracle_id).values_list("data", flat=True)
    return [orjson.loads(data) for data in rows]


def predicted_available() -> bool:
    return predicted_model() is not None


def tag_facets(tags: dict[str, list]) -> dict:
    from tolaria.tags import facets_for

    return facets_for(tags)


# --- the one pass after an ingest ------------------------------------------------------------------


def rebuild(corpus: Corpus | None = None, *, embed: bool | None = None, progress: bool = False) -> dict[str, float]:
    """Tags, search index and knowledge index from the corpus (read from the database if not given).
    embed: compute sentence embeddings for the knowledge index (default: unless TOLARIA_EMBED_AT_INGEST=0).
    Returns the seconds each step took."""
    from . import knowledge_search, searching
    from .catalog.repository import load_corpus

    seconds: dict[str, float] = {}

    def timed(step: str, fn, *args, **kwargs):
        started = time.perf_counter()
        value = fn(*args, **kwargs)
        seconds[step] = round(time.perf_counter() - started, 2)
        return value

    corpus = corpus or timed("load corpus", load_corpus)
    tags = timed("tag cards", tag_corpus, corpus)
    timed("store tags", store_tags, tags)
    facets = {"rule": timed("link rules", rules_facet, corpus), **tag_facets(tags)}
    del tags  # the facets hold what the index needs; free the tag objects before the big builds
    timed("search index", searching.rebuild_index, corpus, facets)
    timed("knowledge index", knowledge_search.build, corpus, embed=embed, progress=progress)
    return seconds
