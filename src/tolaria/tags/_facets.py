"""The search hook: tags as facets for the search index."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from ._model import CardTag


def facets_for(tags_by_card: Mapping[str, Iterable[CardTag]]) -> dict[str, dict[str, dict[str, float]]]:
    """``{"tag": {oracle_id: {tag_id: 1.0}}, "theme": {...}, "pred": {oracle_id: {tag_id: confidence}}}``.

    "tag" holds attribute and extracted tags, "theme" the inferred ones (both weight 1.0), "pred" the
    predicted ones with their confidence. Cards without tags of a facet are left out of that facet.
    """
    out: dict[str, dict[str, dict[str, float]]] = {"tag": {}, "theme": {}, "pred": {}}
    for oracle_id, tags in tags_by_card.items():
        for t in tags:
            if t.kind == "predicted":
                facet, weight = "pred", float(t.confidence if t.confidence is not None else 0.0)
            elif t.kind == "inferred":
                facet, weight = "theme", 1.0
            else:
                facet, weight = "tag", 1.0
            out[facet].setdefault(oracle_id, {})[t.id] = weight
    return out
