"""Similar cards: by what their text means (embeddings) and by the tags they share.

``similar_cards`` ranks the neighbours of one card; ``similar_table`` computes every card's
neighbours at once (batched matrix products), the table the site builds once per corpus version.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from scipy.sparse import csr_matrix

TAG_WEIGHT = 0.3  # share of the score that comes from shared tags when tags are given
TABLE_FORMAT = 1


def _matrix(
    card_embeddings: Mapping[str, np.ndarray] | tuple[Sequence[str], np.ndarray],
) -> tuple[list[str], np.ndarray]:
    if isinstance(card_embeddings, Mapping):
        ids = list(card_embeddings)
        vectors = (
            np.stack([np.asarray(card_embeddings[i], dtype=np.float32) for i in ids])
            if ids
            else np.zeros((0, 384), np.float32)
        )
        return ids, vectors
    given_ids, given_vectors = card_embeddings
    return list(given_ids), np.asarray(given_vectors, dtype=np.float32)


def _reason(score: float, cosine: float | None, shared: Iterable[str]) -> str:
    """What the reader sees beside a similar card: its own score first (the list is sorted by it),
    then what the score is made of."""
    parts = []
    if cosine is not None:
        parts.append(f"similar text ({cosine:.2f})")
    shared = sorted(shared)
    if shared:
        parts.append("shares tags: " + ", ".join(shared[:5]))
    return f"score {score:.2f}: " + "; ".join(parts)


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
    return [(other, score, _reason(score, cos, shared)) for score, other, shared, cos in scored[:k]]


# --- every card's neighbours at once ---------------------------------------------------------------


@dataclass
class SimilarTable:
    """Each card's ``k`` nearest cards, computed once: ``neighbours[i]`` are row numbers (``-1`` pads a
    row with fewer), ``scores[i]`` their scores, best first; ``cosines[i]`` the text cosines (NaN when
    the table was built from tags alone). ``basis``: "meaning and tags", "meaning" or "tags"."""

    ids: list[str]
    names: list[str]
    neighbours: np.ndarray
    scores: np.ndarray
    cosines: np.ndarray
    tags: list[tuple[str, ...]]
    basis: str
    labels: dict[str, str] = field(default_factory=dict)  # tag id -> the words a reader sees

    def __post_init__(self) -> None:
        self._row = {oracle_id: i for i, oracle_id in enumerate(self.ids)}

    def __len__(self) -> int:
        return len(self.ids)

    def __contains__(self, oracle_id: str) -> bool:
        return oracle_id in self._row

    @property
    def k(self) -> int:
        return int(self.neighbours.shape[1]) if self.neighbours.ndim == 2 else 0

    def lookup(self, oracle_id: str, k: int | None = None) -> list[tuple[str, str, float, str]]:
        """``(oracle_id, name, score, reason)`` of the card's nearest cards, best first ([] for a card
        the table does not hold)."""
        row = self._row.get(oracle_id)
        if row is None:
            return []
        own = set(self.tags[row])
        out: list[tuple[str, str, float, str]] = []
        for j, score, cosine in zip(self.neighbours[row], self.scores[row], self.cosines[row], strict=True):
            if j < 0 or (k is not None and len(out) >= k):
                break
            cos = None if np.isnan(cosine) else float(cosine)
            shared = [self.labels.get(t, t) for t in own.intersection(self.tags[j])]
            out.append((self.ids[j], self.names[j], float(score), _reason(float(score), cos, shared)))
        return out

    def save(self, path: str | Path) -> None:
        vocabulary = sorted({t for tags in self.tags for t in tags})
        column = {t: i for i, t in enumerate(vocabulary)}
        lengths = np.array([len(t) for t in self.tags], dtype=np.int64)
        flat = np.array([column[t] for tags in self.tags for t in tags], dtype=np.int32)
        meta = {"format": TABLE_FORMAT, "basis": self.basis}
        with open(path, "wb") as fh:
            np.savez(
                fh,
                meta=np.array(json.dumps(meta)),
                ids=np.array(self.ids, dtype=str),
                names=np.array(self.names, dtype=str),
                neighbours=self.neighbours.astype(np.int32),
                scores=self.scores.astype(np.float32),
                cosines=self.cosines.astype(np.float32),
                vocabulary=np.array(vocabulary, dtype=str),
                labels=np.array([self.labels.get(t, t) for t in vocabulary], dtype=str),
                tag_lengths=lengths,
                tag_columns=flat,
            )

    @classmethod
    def load(cls, path: str | Path) -> SimilarTable:
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            if meta.get("format") != TABLE_FORMAT:
                raise ValueError(f"similar-cards table of format {meta.get('format')}, expected {TABLE_FORMAT}")
            vocabulary = [str(t) for t in data["vocabulary"]]
            ends = np.cumsum(data["tag_lengths"])
            columns = data["tag_columns"]
            starts = ends - data["tag_lengths"]
            tags = [tuple(vocabulary[c] for c in columns[s:e]) for s, e in zip(starts, ends, strict=True)]
            return cls(
                ids=[str(i) for i in data["ids"]],
                names=[str(n) for n in data["names"]],
                neighbours=data["neighbours"],
                scores=data["scores"],
                cosines=data["cosines"],
                tags=tags,
                basis=meta["basis"],
                labels=dict(zip(vocabulary, (str(t) for t in data["labels"]), strict=True)),
            )


def _tag_matrix(
    ids: Sequence[str], tags_by_card: Mapping[str, Iterable[str]]
) -> tuple[csr_matrix, list[tuple[str, ...]]]:
    """A sparse card × tag matrix of ones (scipy CSR) and each card's tags as a sorted tuple."""

    per_card = [tuple(sorted(set(tags_by_card.get(i, ())))) for i in ids]
    vocabulary = {t: c for c, t in enumerate(sorted({t for tags in per_card for t in tags}))}
    indptr = np.zeros(len(ids) + 1, dtype=np.int64)
    indptr[1:] = np.cumsum([len(t) for t in per_card])
    indices = np.array([vocabulary[t] for tags in per_card for t in tags], dtype=np.int32)
    data = np.ones(len(indices), dtype=np.float32)
    return csr_matrix((data, indices, indptr), shape=(len(ids), max(1, len(vocabulary)))), per_card


def similar_table(
    ids: Sequence[str],
    names: Sequence[str],
    vectors: np.ndarray | None,
    tags_by_card: Mapping[str, Iterable[str]] | None,
    *,
    labels: Mapping[str, str] | None = None,
    k: int = 12,
    batch: int = 512,
) -> SimilarTable:
    """Every card's ``k`` nearest cards, best first, by the same score as ``similar_cards``: the cosine
    of the unit ``vectors`` (row ``i`` is card ``ids[i]``), blended with the Jaccard overlap of the
    tags (``TAG_WEIGHT``) when ``tags_by_card`` holds any. Without vectors the score is the Jaccard
    overlap alone and a card shares at least one tag with each of its neighbours. A card's own row and
    cards of its name (reprints under another oracle id) are never its neighbours. ``labels`` (tag id ->
    label) name the shared tags in each reason.

    Computed ``batch`` rows at a time: one matrix product for the cosines, one sparse product for the
    shared tag counts, a partial sort for the top ``k``.
    """
    ids = list(ids)
    names = list(names)
    n = len(ids)
    if len(names) != n or (vectors is not None and len(vectors) != n):
        raise ValueError("ids, names and vectors must have one row per card")
    tag_matrix, per_card = _tag_matrix(ids, tags_by_card or {})
    use_tags = tag_matrix.nnz > 0
    if vectors is None and not use_tags:
        raise ValueError("similar cards need embedding vectors or tags")
    basis = ("meaning and tags" if use_tags else "meaning") if vectors is not None else "tags"
    if vectors is not None:
        vectors = np.ascontiguousarray(vectors, dtype=np.float32)
    tag_counts = np.asarray(tag_matrix.sum(axis=1), dtype=np.float32).ravel()
    tags_t = tag_matrix.T.tocsr()

    # cards of one name: each one's namesakes, by row (most names have none)
    by_name: dict[str, list[int]] = {}
    for i, name in enumerate(names):
        by_name.setdefault(name.lower(), []).append(i)
    namesakes = {i: rows for rows in by_name.values() if len(rows) > 1 for i in rows}

    k = max(0, min(k, n - 1))
    neighbours = np.full((n, k), -1, dtype=np.int32)
    scores = np.zeros((n, k), dtype=np.float32)
    cosines = np.full((n, k), np.nan, dtype=np.float32)
    if k == 0:
        return SimilarTable(ids, names, neighbours, scores, cosines, per_card, basis, dict(labels or {}))
    for start in range(0, n, batch):
        stop = min(n, start + batch)
        batch_rows = np.arange(stop - start)
        if use_tags:  # the Jaccard overlap of this batch's cards with every card
            shared = (tag_matrix[start:stop] @ tags_t).toarray()
            union = tag_counts[start:stop, None] + tag_counts[None, :] - shared
            jaccard = shared / np.maximum(union, 1)
        if vectors is None:
            # by tags alone: few distinct values, so rank by one integer key that also breaks ties
            # by row number (a partial sort over many equal values is slow); 2**24 steps keep
            # Jaccard fractions of up to 4,000 tags apart
            key = (jaccard * 2**24).astype(np.int64) * n + (n - 1 - np.arange(n))
            key[shared == 0] = -1
            key[batch_rows, batch_rows + start] = -1
            for i in range(start, stop):
                if i in namesakes:
                    key[i - start, namesakes[i]] = -1
            top = np.argpartition(key, -k, axis=1)[:, -k:]
            top = np.take_along_axis(top, np.argsort(-np.take_along_axis(key, top, axis=1), axis=1), axis=1)
            valid = np.take_along_axis(key, top, axis=1) >= 0
            neighbours[start:stop] = np.where(valid, top, -1)
            scores[start:stop] = np.where(valid, np.take_along_axis(jaccard, top, axis=1), 0)
            continue
        cosine = vectors[start:stop] @ vectors.T
        score = (1 - TAG_WEIGHT) * cosine + TAG_WEIGHT * jaccard if use_tags else cosine.copy()
        score[batch_rows, batch_rows + start] = -np.inf
        for i in range(start, stop):
            if i in namesakes:
                score[i - start, namesakes[i]] = -np.inf
        top = np.argpartition(score, -k, axis=1)[:, -k:]
        top_scores = np.take_along_axis(score, top, axis=1)
        order = np.lexsort((top, -top_scores), axis=1)  # best first; ties by row number
        top = np.take_along_axis(top, order, axis=1)
        top_scores = np.take_along_axis(top_scores, order, axis=1)
        valid = np.isfinite(top_scores)
        neighbours[start:stop] = np.where(valid, top, -1)
        scores[start:stop] = np.where(valid, top_scores, 0)
        cosines[start:stop] = np.where(valid, np.take_along_axis(cosine, top, axis=1), np.nan)
    return SimilarTable(ids, names, neighbours, scores, cosines, per_card, basis, dict(labels or {}))
