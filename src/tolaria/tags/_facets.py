"""The search hook: tags as facets for the search index."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ._model import CardTag


def facets_for(tags_by_card: Mapping[str, Iterable[CardTag]]) -> dict[str, dict[str, dict[str, float]]]:
    """``{"tag": {oracle_id: {tag_id: 1.0}}, "theme": {...}, "pred": {oracle_id: {tag_id: confidence}}}``.

    "tag" holds every tag of any kind (`tag:` searches them all; a predicted one weighs its confidence),
    "theme" the inferred ones (weight 1.0), "pred" the predicted ones with their confidence. Cards
    without tags of a facet are left out of that facet.
    """
    out: dict[str, dict[str, dict[str, float]]] = {"tag": {}, "theme": {}, "pred": {}}
    for oracle_id, tags in tags_by_card.items():
        for t in tags:
            weight = float(t.confidence if t.confidence is not None else 0.0) if t.kind == "predicted" else 1.0
            out["tag"].setdefault(oracle_id, {})[t.id] = weight
            if t.kind == "predicted":
                out["pred"].setdefault(oracle_id, {})[t.id] = weight
            elif t.kind == "inferred":
                out["theme"].setdefault(oracle_id, {})[t.id] = weight
    return out
