"""The tags step: every card's tags with their provenance, stored in the database (those of a card
whose reading changed replaced, the others kept: stores.digests), and read back as the facets the card
index needs."""

from __future__ import annotations

import functools
import hashlib
import logging
from collections.abc import Mapping
from importlib import resources
from pathlib import Path

import orjson
from django.conf import settings

from tolaria.cards import Card, Corpus

from ..catalog import repository
from ..catalog import services as catalog
from . import digests
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
    """The tags of every card of the corpus, computed whole (the pass tags the changed ones: update_tags)."""
    return tag_cards(corpus.cards)


def tag_cards(cards: Mapping[str, Card]) -> dict[str, list]:
    """The tags of these cards (oracle id -> tags): the tagger's, then the predicted model's."""
    tags = _tagger().tag_corpus(cards)
    model = predicted_model()
    if model is not None and cards:
        for oracle_id, predicted in model.predict(list(cards.values()), _tagger()).items():
            tags.setdefault(oracle_id, []).extend(predicted)
    return tags


STEP = "tags"


def code() -> str:
    """The code, the rule book and the predicted-tag model the tags are made with."""
    from tolaria.rules import shipped_rules_file  # noqa: PLC0415  as the tagger: when tags are computed

    model = next((p for p in model_paths() if p.exists()), None)
    return digests.code_digest(
        ["tolaria.tags", "tolaria.rules", "tolaria.oracle", "tolaria.cards"],
        [shipped_rules_file(), *([model] if model else [])],
    )


def card_digests(corpus: Corpus) -> dict[str, str]:
    made_with = code()
    return {oid: digests.card_digest(card, made_with) for oid, card in corpus.cards.items()}


def update_tags(corpus: Corpus) -> dict[str, int]:
    """Tag again only the cards whose reading changed (stores.digests), and store their tags in place
    of their old ones (the others' stored tags stay); the tags of cards gone go with them. Returns how
    many cards were tagged again ("read") and how many kept their tags."""
    card_digests_ = card_digests(corpus)
    found = digests.reuse(STEP, card_digests_)
    computed = tag_cards({oid: corpus.cards[oid] for oid in found.todo})

    def replace() -> None:
        catalog.replace_card_tags(
            computed, only=None if not found.kept else [*found.todo, *found.gone], then=save_digests
        )

    def save_digests() -> None:
        digests.save(STEP, card_digests_, {}, found)

    if found.todo or found.gone:
        retrying(replace, what="storing the tags")
    return {"read": len(found.todo), "kept": len(found.kept)}


def stored_tags() -> dict[str, list]:
    """The stored tags as tag objects (without evidence: what the facets need), for a pass that
    resumes after the tags step had finished."""
    from tolaria.tags import CardTag  # noqa: PLC0415  tolaria.tags (~200 ms) loads when tags are computed, not at Django's setup

    tags: dict[str, list] = {}
    for card_id, d in repository.stored_tag_dicts():
        tag = CardTag(id=d["id"], label=d["label"], group=d["group"], kind=d["kind"], confidence=d.get("confidence"))
        tags.setdefault(card_id, []).append(tag)
    return tags


def stored_facets() -> dict:
    """The facets of the stored tags (what tag_facets(stored_tags()) gives), read without building a
    tag object of each row: only a predicted tag's JSON is read, for its confidence. {} when no tag is
    stored (a first ingest)."""
    out: dict[str, dict[str, dict[str, float]]] = {"tag": {}, "theme": {}, "pred": {}}
    found = False
    for card_id, tag_id, kind, confidence in repository.stored_tag_weights():
        found = True
        if kind == "predicted":
            weight = float(confidence if confidence is not None else 0.0)
            out["pred"].setdefault(card_id, {})[tag_id] = weight
        else:
            weight = 1.0
            if kind == "inferred":
                out["theme"].setdefault(card_id, {})[tag_id] = weight
        out["tag"].setdefault(card_id, {})[tag_id] = weight
    return out if found else {}


def card_tags(oracle_id: str) -> list[dict]:
    """The tags of one card as the API returns them (id, label, group, kind, evidence, confidence)."""
    return repository.tags_of_card(oracle_id)


def tag_facets(tags: dict[str, list]) -> dict:
    from tolaria.tags import facets_for  # noqa: PLC0415  tolaria.tags (~200 ms) loads when tags are computed, not at Django's setup

    return facets_for(tags)


def facets_digest(facets: dict) -> str:
    """A digest of the tag facets (tag, theme, pred: card -> term -> weight), the same for the same tags
    whatever order they were computed in."""
    digest = hashlib.sha256()
    for name in ("tag", "theme", "pred"):
        for oracle_id, terms in sorted((facets.get(name) or {}).items()):
            digest.update(orjson.dumps([name, oracle_id, sorted(terms.items())]))
    return digest.hexdigest()[:32]
