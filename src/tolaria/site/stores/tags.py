"""The tags step: every card's tags with their provenance, stored in the database (replaced whole
on each change), and read back as the facets the card index needs."""

from __future__ import annotations

import functools
import logging
from importlib import resources
from pathlib import Path

import orjson
from django.conf import settings
from django.db import transaction

from tolaria.cards import Corpus

from ..catalog import models as m
from ..catalog.ingest import insert_rows
from .locks import retrying

log = logging.getLogger(__name__)
MODEL_NAME = "predicted-tags.pkl"


@functools.cache
def _tagger():
    from tolaria.tags import Tagger  # noqa: PLC0415  tolaria.tags (~200 ms) loads when tags are computed, not at Django's setup

    return Tagger()


def model_paths() -> list[Path]:
    """Where a predicted-tag model is looked for: the data dir (tolaria tags train), then the package."""

    packaged = Path(str(resources.files("tolaria") / "data" / "models" / MODEL_NAME))
    return [Path(settings.DATA_DIR) / "models" / MODEL_NAME, packaged]


@functools.cache
def predicted_model():
    """The predicted-tag model, or None (the pages then say predicted tags are unavailable)."""
    from tolaria.tags import predict  # noqa: PLC0415  scikit-learn takes ~2 s to import: only when a model is loaded

    for path in model_paths():
        if path.exists():
            try:
                return predict.PredictedTagModel.load(path)
            except Exception as exc:
                log.warning("predicted-tag model %s not loaded: %s", path, exc)
    return None


def predicted_available() -> bool:
    return predicted_model() is not None


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

    def replace() -> None:
        with transaction.atomic():
            m.CardTag.objects.all().delete()
            insert_rows(m.CardTag, rows)

    retrying(replace, what="storing the tags")


def stored_tags() -> dict[str, list]:
    """The stored tags as tag objects (without evidence: what the facets need), for a pass that
    resumes after the tags step had finished."""
    from tolaria.tags import CardTag  # noqa: PLC0415  tolaria.tags (~200 ms) loads when tags are computed, not at Django's setup

    tags: dict[str, list] = {}
    for card_id, data in m.CardTag.objects.values_list("card_id", "data").iterator(chunk_size=10000):
        d = orjson.loads(data)
        tag = CardTag(id=d["id"], label=d["label"], group=d["group"], kind=d["kind"], confidence=d.get("confidence"))
        tags.setdefault(card_id, []).append(tag)
    return tags


def card_tags(oracle_id: str) -> list[dict]:
    """The tags of one card as the API returns them (id, label, group, kind, evidence, confidence)."""
    rows = m.CardTag.objects.filter(card_id=oracle_id).values_list("data", flat=True)
    return [orjson.loads(data) for data in rows]


def tag_facets(tags: dict[str, list]) -> dict:
    from tolaria.tags import facets_for  # noqa: PLC0415  tolaria.tags (~200 ms) loads when tags are computed, not at Django's setup

    return facets_for(tags)
