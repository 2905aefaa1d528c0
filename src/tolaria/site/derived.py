"""Stores derived from the corpus after each ingest that changed it: the card tags (with their
provenance) and the search index (with its facets: tags, and the rules each card's text links to).

One pass: the corpus is read from the database once, tagged, stored, and indexed.
"""

from __future__ import annotations

import functools
import logging
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
        for face in card.faces:
            for span in linker.link(face.oracle_text, card.name):
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
            except Exception as exc:  # noqa: BLE001 — an unreadable model must not take the site down
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
    rows = [m.CardTag(card_id=oracle_id, tag_id=tag.id, kind=tag.kind, data=orjson.dumps(tag.to_dict()).decode())
            for oracle_id, card_tags_ in tags.items() for tag in card_tags_]
    with transaction.atomic():
        m.CardTag.objects.all().delete()
        for start in range(0, len(rows), 5000):
            m.CardTag.objects.bulk_create(rows[start : start + 5000])


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


def rebuild(corpus: Corpus | None = None, *, embed: bool | None = None, progress: bool = False) -> None:
    """Tags, search index and knowledge index from the corpus (read from the database if not given).
    embed: compute sentence embeddings for the knowledge index (default: unless TOLARIA_EMBED_AT_INGEST=0)."""
    from . import searching
    from .catalog.repository import load_corpus

    from . import knowledge_search

    corpus = corpus or load_corpus()
    tags = tag_corpus(corpus)
    store_tags(tags)
    facets = {"rule": rules_facet(corpus), **tag_facets(tags)}
    searching.rebuild_index(corpus, facets)
    knowledge_search.build(corpus, embed=embed, progress=progress)

