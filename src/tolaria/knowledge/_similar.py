"""Similar cards: by what their text means (embeddings) and by the tags they share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import numpy as np

TAG_WEIGHT = 0.3  # share of the score that comes from shared tags when tags are given


def _matrix(card_embeddings) -> tuple[list[str], np.ndarray]:
    if isinstance(card_embeddings, Mapping):
        ids = list(card_embeddings)
        vectors = (
            np.stack([np.asarray(card_embeddings[i], dtype=np.float32) for i in ids])
            if ids
            else np.zeros((0, 384), np.float32)
        )
        return ids, vectors
    ids, vectors = card_embeddings
    return list(ids), np.asarray(vectors, dtype=np.float32)


def similar_cards(
    oracle_id: str,
    card_embeddings: Mapping[str, np.ndarray] | tuple[Sequence[str], np.ndarray],
    tags_by_card: Mapping[str, Iterable[str]] | None = None,
    k: int = 10,
    exclude_names: Iterable[str] = (),
    names: Mapping[str, str] | None = None,
) -> list[tuple[str, float, str]]:
    """The ``k`` cards closest to ``oracle_id`` as ``(oracle_id, score, reason)``, best first.

    ``card_embeddings``: oracle id -> unit vector (or ``(ids, matrix)``, e.g. ``KnowledgeIndex.card_vectors()``).
    The score is the cosine of the card texts, blended with the Jaccard overlap of ``tags_by_card``
    when given. The card itself, cards with its name (reprints, other oracle objects of one name) and
    cards named in ``exclude_names`` are left out (``names``: oracle id -> card name).
    """
    ids, vectors = _matrix(card_embeddings)
    try:
        row = ids.index(oracle_id)
    except ValueError:
        return []
    names = names or {}
    excluded = {n.lower() for n in exclude_names}
    own_name = names.get(oracle_id)
    if own_name:
        excluded.add(own_name.lower())
    cosine = vectors @ vectors[row]
    tags = {t for t in (tags_by_card or {}).get(oracle_id, ())} if tags_by_card else set()
    scored = []
    for i, other in enumerate(ids):
        if other == oracle_id or names.get(other, "").lower() in excluded:
            continue
        score = float(cosine[i])
        shared: set[str] = set()
        if tags_by_card is not None:
            theirs = set(tags_by_card.get(other, ()))
            union = tags | theirs
            shared = tags & theirs
            jaccard = len(shared) / len(union) if union else 0.0
            score = (1 - TAG_WEIGHT) * score + TAG_WEIGHT * jaccard
        scored.append((score, other, shared, float(cosine[i])))
    scored.sort(key=lambda s: (-s[0], s[1]))
    out = []
    for score, other, shared, cos in scored[:k]:
        reason = f"similar text ({cos:.2f})"
        if shared:
            reason += "; shares tags: " + ", ".join(sorted(shared)[:5])
        out.append((other, score, reason))
    return out
