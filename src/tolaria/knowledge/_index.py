"""The knowledge index: lexical (BM25) and semantic (embeddings) rankings fused into one.

Fusion is weighted reciprocal rank fusion (k=10, equal weights) over the top 200 candidates of each
ranker, plus a bonus for a document whose heading *is* the query (the glossary entry "Trample", rule
702.19 "Trample", the card "Lightning Bolt"). Measured with benchmarks/bench_knowledge.py --fusions on
tests/knowledge/data/questions.json (CR + shipped sample, 76 judged questions): RRF k=5–10 with
semantic weight 0.4–0.5 and a convex blend (0.7 cosine + 0.3 max-normalised BM25) all landed at
nDCG@10 0.61–0.63 / recall@20 0.81–0.82, against 0.57 / 0.77 for BM25 alone and 0.59 / 0.78 for the
textbook RRF k=60; RRF was kept because it needs no score normalisation.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import re
import shutil
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ._documents import KINDS, Document
from ._embed import UNAVAILABLE, EmbeddingStore, TextEmbedder, load_embedder
from ._lexical import LexicalRanker
from ._text import fold, highlight, segments_to_html

if TYPE_CHECKING:
    from threadpoolctl import ThreadpoolController

FORMAT_VERSION = 2  # 2: Snowball stems in the BM25 vocabulary
PAGE = {"rule": 10, "glossary": 5, "ruling": 10, "card": 10}  # hits per kind on a grouped first page
_AUTO = "auto"
_NOT_AN_EMBEDDER = 'embedder: {!r} is not "auto", a model or None'
_RULE_HEADING = re.compile(r"^\d{3}(?:\.\d+)?$")


@dataclass(frozen=True, slots=True)
class Fusion:
    """How the two rankings are combined.

    ``rrf``: sum of ``weight / (k + rank)`` over the rankers (lexical weight ``1 - semantic_weight``).
    ``convex``: ``(1 - w) * bm25 / max(bm25) + w * cosine`` over the union of candidates.
    ``title_bonus`` is added (in RRF units: ``title_bonus / k``) when the query equals the document's heading.
    """

    method: str = "rrf"
    k: float = 60.0
    semantic_weight: float = 0.5
    depth: int = 200  # candidates taken from each ranker
    title_bonus: float = 1.0


DEFAULT_FUSION = Fusion(method="rrf", k=10.0, semantic_weight=0.5, depth=200, title_bonus=1.0)


@dataclass(frozen=True, slots=True)
class Hit:
    document: Document
    score: float
    lexical_rank: int | None  # 1-based; None when outside the ranker's candidates or no word matched
    semantic_rank: int | None
    excerpt: list[tuple[str, bool]] = field(default_factory=list)  # (text, is_match) segments
    also: tuple[
        Document, ...
    ] = ()  # folded into this hit: related rules (its subrules/parent), other rulings of the card
    # where in a rule the excerpt's sentence stands when it does not begin with its own number
    # ("702.19a", "example of 702.19b"); "" for a sentence that says it itself, and for other kinds
    excerpt_from: str = ""

    @property
    def excerpt_html(self) -> str:
        """The excerpt as escaped HTML with matches in ``<mark>`` (safe to insert as is)."""
        return segments_to_html(self.excerpt)


@dataclass(slots=True)
class _Kept:
    """A hit of ``KnowledgeIndex.collapse`` while it is being collected."""

    index: int  # the document's
    score: float
    lexical_rank: int | None
    semantic_rank: int | None
    also: list[Document] = field(default_factory=list)  # the documents folded into it


def heading_of(doc: Document) -> str:
    """The name a document answers to when a query is exactly that name ("" when it has none)."""
    if doc.kind in ("glossary", "card"):
        return doc.title
    if doc.kind == "rule" and _RULE_HEADING.match(doc.ref):
        return doc.title.rsplit(" — ", 1)[-1].split(". ", 1)[-1] if " — " in doc.title else doc.title.split(". ", 1)[-1]
    return ""


@functools.lru_cache(maxsize=1 << 14)
def _ancestors(number: str) -> tuple[str, ...]:
    """The rules a rule number sits under: ``702.19b`` -> ``702.19``, ``702`` (sections left out)."""
    m = re.fullmatch(r"(\d{3})(?:\.(\d+)([a-z]*))?", number)
    if not m:
        return ()
    out = []
    if m.group(3):
        out.append(f"{m.group(1)}.{m.group(2)}")
    if m.group(2):
        out.append(m.group(1))
    return tuple(out)


def _key(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", fold(text)))


class KnowledgeIndex:
    """Ranked search across rules, glossary, rulings and cards."""

    def __init__(
        self,
        documents: Sequence[Document],
        lexical: LexicalRanker,
        vectors: np.ndarray | None,
        embedder: TextEmbedder | None,
        reason: str | None,
        fusion: Fusion = DEFAULT_FUSION,
    ):
        self.documents = list(documents)
        self.lexical = lexical
        self.vectors = vectors
        self.embedder = embedder
        self.fusion = fusion
        self._unavailable_reason = reason
        self._query_vectors: dict[str, np.ndarray] = {}  # a page asks once per kind: embed the query once
        self._last_lexical: tuple[str, np.ndarray] | None = None  # (query, its scores)
        # ((query, span start, span stop), its cosines)
        self._last_semantic: tuple[tuple[str, int | None, int | None], np.ndarray] | None = None
        self._masks: dict[tuple[str, ...], np.ndarray] = {}
        self._kinds = np.array([KINDS.index(d.kind) for d in self.documents], dtype=np.int8)
        # documents come kind by kind (``documents_from``): a kind's rows are then one slice, and ranking
        # one kind reads only its own rows of the matrix (a view, no copy)
        self._spans: dict[str, slice] = {}
        for n, kind in enumerate(KINDS):
            rows = np.flatnonzero(self._kinds == n)
            if len(rows) and rows[-1] - rows[0] + 1 == len(rows):
                self._spans[kind] = slice(int(rows[0]), int(rows[-1]) + 1)
        self._by_id = {d.id: i for i, d in enumerate(self.documents)}
        self._headings: dict[str, list[int]] = {}
        for i, d in enumerate(self.documents):
            h = heading_of(d)
            if h:
                self._headings.setdefault(_key(h), []).append(i)

    # --- building ---------------------------------------------------------------------------

    @classmethod
    def build(
        cls,
        documents: Iterable[Document],
        embedder: TextEmbedder | None | str = _AUTO,
        cache: str | Path | EmbeddingStore | None = None,
        *,
        fusion: Fusion = DEFAULT_FUSION,
        batch_size: int = 32,
        progress: bool = False,
    ) -> KnowledgeIndex:
        """Index ``documents``.

        ``embedder``: an ``Embedder``; ``"auto"`` (default) loads the installed model if it can; ``None``
        builds a lexical-only index. ``cache``: an ``EmbeddingStore`` or the path of its ``.npz``; texts
        whose hash it holds are not embedded again, and a path is written back with the new vectors (and
        after every few thousand of them: an interrupted build resumes where it stopped).
        """
        documents = list(documents)
        lexical = LexicalRanker.build([d.lexical_text for d in documents])
        reason = None
        model: TextEmbedder | None
        if embedder == _AUTO:
            model, reason = load_embedder()
        elif embedder is None:
            model, reason = None, UNAVAILABLE + "the index was built without an embedding model."
        elif isinstance(embedder, str):
            raise ValueError(_NOT_AN_EMBEDDER.format(embedder))
        else:
            model = embedder
        vectors = None
        store = None
        if model is not None:
            if isinstance(cache, EmbeddingStore):
                store = cache
            elif cache is not None:
                store = EmbeddingStore.load(cache)
            else:
                store = EmbeddingStore()
            vectors = store.vectors_for(
                [(d.content_hash, d.embedding_text) for d in documents],
                model,
                batch_size=batch_size,
                progress=progress,
                checkpoint=None if cache is None or isinstance(cache, EmbeddingStore) else cache,
            )
            if cache is not None and not isinstance(cache, EmbeddingStore):
                store.save(cache)
        return cls(documents, lexical, vectors, model, reason, fusion)

    # --- state ------------------------------------------------------------------------------

    @property
    def semantic_available(self) -> bool:
        return self.vectors is not None and self.embedder is not None

    @property
    def unavailable_reason(self) -> str | None:
        """Why ranking by meaning is off ("Ranking by meaning is unavailable: …"), None when it is on."""
        return None if self.semantic_available else (self._unavailable_reason or UNAVAILABLE + "no embeddings.")

    def __len__(self) -> int:
        return len(self.documents)

    def document(self, doc_id: str) -> Document | None:
        i = self._by_id.get(doc_id)
        return None if i is None else self.documents[i]

    def card_vectors(self) -> tuple[list[str], np.ndarray] | None:
        """``(oracle ids, unit vectors)`` of the card documents (for ``similar_cards``), None without embeddings."""
        if self.vectors is None:
            return None
        rows = [i for i, d in enumerate(self.documents) if d.kind == "card"]
        return [self.documents[i].ref for i in rows], self.vectors[rows]

    def card_names(self) -> dict[str, str]:
        return {d.ref: d.title for d in self.documents if d.kind == "card"}

    # --- ranking ----------------------------------------------------------------------------

    def _mask(self, kinds: Iterable[str] | None) -> np.ndarray | None:
        if not kinds:
            return None
        key = tuple(sorted(kinds))
        if key not in self._masks:
            self._masks[key] = np.isin(self._kinds, [KINDS.index(k) for k in key])
        return self._masks[key]

    def lexical_scores(self, query: str) -> np.ndarray:
        # an answer page ranks each kind apart: score the query's words once
        if self._last_lexical is None or self._last_lexical[0] != query:
            self._last_lexical = (query, self.lexical.scores(query))
        return self._last_lexical[1]

    def query_vector(self, query: str) -> np.ndarray | None:
        """The query's embedding (cached: a page ranks several kinds for one query)."""
        embedder = self.embedder
        if self.vectors is None or embedder is None:  # not self.semantic_available
            return None
        vector = self._query_vectors.get(query)
        if vector is None:
            if len(self._query_vectors) >= 256:
                self._query_vectors.clear()
            vector = self._query_vectors[query] = embedder.embed_query(query)
        return vector

    def semantic_scores(self, query: str, span: slice | None = None) -> np.ndarray | None:
        """Cosine of the query with every document (or with the rows of ``span`` only)."""
        key: tuple[str, int | None, int | None] = (query, span.start if span else None, span.stop if span else None)
        if self._last_semantic is not None and self._last_semantic[0] == key:
            return self._last_semantic[1]
        vector = self.query_vector(query)
        vectors = self.vectors
        if vector is None or vectors is None:  # (a query vector means the index has vectors)
            return None
        matrix = vectors if span is None else vectors[span]
        with _single_threaded_blas():  # one query's product: threads only contend on a busy machine
            scores: np.ndarray = matrix @ vector
        self._last_semantic = (key, scores)
        return scores

    def _span(self, kinds: Iterable[str] | None) -> slice | None:
        """The one slice of rows holding exactly ``kinds`` (None when they are not contiguous)."""
        if not kinds:
            return None
        spans: list[slice] = []
        for k in set(kinds):
            sl = self._spans.get(k)
            if sl is None:
                return None
            spans.append(sl)
        spans.sort(key=lambda sl: sl.start)
        for a, b in zip(spans, spans[1:], strict=False):
            if a.stop != b.start:
                return None
        return slice(spans[0].start, spans[-1].stop)

    @staticmethod
    def _ranks(
        scores: np.ndarray, depth: int, mask: np.ndarray | None, *, positive_only: bool, offset: int = 0
    ) -> dict[int, int]:
        scores = scores.copy()
        if mask is not None:
            scores[~mask] = -np.inf
        if positive_only:
            scores[scores <= 0] = -np.inf
        depth = min(depth, len(scores))
        if depth == 0:
            return {}
        top = np.argpartition(-scores, depth - 1)[:depth]
        top = top[np.argsort(-scores[top], kind="stable")]
        return {int(i) + offset: r for r, i in enumerate(top, 1) if np.isfinite(scores[i])}

    def rank(
        self,
        query: str,
        *,
        kinds: Iterable[str] | None = None,
        mode: str = "fused",
        fusion: Fusion | None = None,
        semantic_query: str | None = None,
    ) -> list[tuple[int, float, int | None, int | None]]:
        """All candidates as ``(doc index, score, lexical rank, semantic rank)``, best first.

        ``semantic_query``: what to rank by meaning when it is not ``query`` itself.

        ``mode``: "lexical", "semantic" or "fused" (semantic and fused fall back to lexical when
        ranking by meaning is unavailable).
        """
        f = fusion or self.fusion
        span = self._span(kinds)
        mask = None if span is not None else self._mask(kinds)
        lex_scores = self.lexical_scores(query)
        sem_scores = self.semantic_scores(semantic_query or query, span) if mode != "lexical" else None
        if span is not None:  # rank the kind's own rows; indexes are shifted back to the whole index
            lex = self._ranks(lex_scores[span], f.depth, None, positive_only=True, offset=span.start)
            sem = (
                self._ranks(sem_scores, f.depth, None, positive_only=False, offset=span.start)
                if sem_scores is not None
                else {}
            )
            if sem_scores is not None:
                full = np.zeros(len(self.documents), dtype=np.float32)
                full[span] = sem_scores
                sem_scores = full
        else:
            lex = self._ranks(lex_scores, f.depth, mask, positive_only=True)
            sem = self._ranks(sem_scores, f.depth, mask, positive_only=False) if sem_scores is not None else {}
        scores: dict[int, float] = {}
        if mode == "lexical" or sem_scores is None:
            mode = "lexical"
            scores = {i: float(lex_scores[i]) for i in lex}
        elif mode == "semantic":
            scores = {i: float(sem_scores[i]) for i in sem}
        elif f.method == "rrf":
            w = f.semantic_weight
            for i, r in lex.items():
                scores[i] = scores.get(i, 0.0) + (1 - w) / (f.k + r)
            for i, r in sem.items():
                scores[i] = scores.get(i, 0.0) + w / (f.k + r)
        elif f.method == "convex":
            top = max((float(lex_scores[i]) for i in lex), default=1.0) or 1.0
            w = f.semantic_weight
            for i in set(lex) | set(sem):
                scores[i] = (1 - w) * float(max(lex_scores[i], 0.0)) / top + w * float(sem_scores[i])
        else:
            raise ValueError(f"unknown fusion method {f.method!r}")
        if f.title_bonus and mode != "semantic":
            unit = (
                f.title_bonus / f.k
                if f.method == "rrf" and mode == "fused"
                else f.title_bonus * (max(scores.values(), default=1.0) or 1.0)
            )
            for i in self._headings.get(_key(query), ()):
                if (span is None or span.start <= i < span.stop) and (mask is None or mask[i]):
                    scores[i] = scores.get(i, 0.0) + unit
        ordered = sorted(scores.items(), key=lambda kv: (-kv[1], kv[0]))
        return [(i, s, lex.get(i), sem.get(i)) for i, s in ordered]

    def search(
        self,
        query: str,
        k: int = 20,
        kinds: Iterable[str] | None = None,
        *,
        offset: int = 0,
        mode: str = "fused",
        collapse: bool = True,
        fusion: Fusion | None = None,
    ) -> list[Hit]:
        """The best ``k`` hits for ``query`` (after ``offset``), optionally only of some ``kinds``.

        With ``collapse`` a rule hit absorbs the lower-ranked hits of its parent or subrules, and a
        ruling hit the lower-ranked rulings of the same card (in ``Hit.also``).
        """
        query = (query or "").strip()
        if not query:
            return []
        ranked = self.rank(query, kinds=kinds, mode=mode, fusion=fusion)
        return self.collapse(ranked, query, k, offset=offset, collapse=collapse)

    def collapse(
        self,
        ranked: Iterable[tuple[int, float, int | None, int | None]],
        query: str,
        k: int,
        *,
        offset: int = 0,
        collapse: bool = True,
        excerpts: bool = True,
    ) -> list[Hit]:
        """Hits from ranked candidates (``rank``'s tuples, best first), related documents folded together.

        Without ``excerpts`` the hits have none (a caller that picks among them makes its own).
        """
        kept: list[_Kept] = []
        rulings_of: dict[str, _Kept] = {}  # oracle id -> the hit showing that card's rulings
        kept_rules: dict[str, _Kept] = {}  # rule number -> its hit
        absorbs: dict[str, _Kept] = {}  # rule number -> the hit of one of its subrules (takes it in)
        for i, score, lr, sr in ranked:
            doc = self.documents[i]
            if collapse and doc.kind == "rule":
                # a rule folds into a hit of one of its subrules, a subrule into the hit of its rule;
                # sibling rules (111.4 and 111.10k) stay apart
                ancestors = _ancestors(doc.ref)
                owner = absorbs.get(doc.ref)
                if owner is None and len(ancestors) == 2:
                    owner = kept_rules.get(ancestors[0])
                if owner is not None:
                    owner.also.append(doc)
                    continue
            if collapse and doc.kind == "ruling" and doc.ref in rulings_of:
                rulings_of[doc.ref].also.append(doc)
                continue
            if len(kept) >= offset + k:
                continue  # the page is full: later candidates may still fold into its hits
            entry = _Kept(i, score, lr, sr)
            kept.append(entry)
            if doc.kind == "rule":
                kept_rules[doc.ref] = entry
                for number in _ancestors(doc.ref):
                    absorbs.setdefault(number, entry)
            elif doc.kind == "ruling":
                rulings_of[doc.ref] = entry
        hits = []
        for entry in kept[offset : offset + k]:
            doc = self.documents[entry.index]
            excerpt = highlight(doc.text, query) if excerpts else []
            hits.append(Hit(doc, entry.score, entry.lexical_rank, entry.semantic_rank, excerpt, tuple(entry.also)))
        return hits

    def search_page(
        self, query: str, per_kind: dict[str, int] | None = None, *, mode: str = "fused"
    ) -> dict[str, list[Hit]]:
        """The first page of the knowledge search, grouped by kind: the best hits of each kind.

        Ranking each kind apart keeps the many cards that merely have a keyword from pushing the rules
        off the page (and the other way round).
        """
        per_kind = per_kind or PAGE
        return {kind: self.search(query, k=n, kinds=[kind], mode=mode) for kind, n in per_kind.items()}

    # --- persistence ------------------------------------------------------------------------

    def save(self, path: str | Path) -> None:
        """Write the index to a directory (documents, BM25 arrays, embeddings); replaces it whole."""
        path = Path(path)
        tmp = path.with_name(path.name + ".tmp")
        if tmp.exists():
            shutil.rmtree(tmp)
        tmp.mkdir(parents=True)
        meta = {
            "format": FORMAT_VERSION,
            "fusion": {k: getattr(self.fusion, k) for k in Fusion.__slots__},
            "semantic": self.vectors is not None,
            "reason": self._unavailable_reason,
            "saved": time.time(),
        }
        (tmp / "meta.json").write_text(json.dumps(meta))
        with open(tmp / "documents.jsonl", "w", encoding="utf-8") as fh:
            fh.writelines(json.dumps(d.to_dict(), ensure_ascii=False) + "\n" for d in self.documents)
        self.lexical.save(tmp / "bm25")
        if self.vectors is not None:
            keys = [d.content_hash for d in self.documents]
            store = EmbeddingStore(model_id=getattr(self.embedder, "model_id", ""))
            store.add(keys, self.vectors)
            store.save(tmp / "embeddings.npz")
        if path.exists():
            old = path.with_name(path.name + ".old")
            if old.exists():
                shutil.rmtree(old)
            os.replace(path, old)
            os.replace(tmp, path)
            shutil.rmtree(old)
        else:
            os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | Path, embedder: TextEmbedder | None | str = _AUTO) -> KnowledgeIndex:
        """Read an index written by ``save``; ``embedder`` ("auto", an Embedder or None) embeds queries."""
        path = Path(path)
        meta = json.loads((path / "meta.json").read_text())
        if meta.get("format") != FORMAT_VERSION:
            raise ValueError(f"{path}: index format {meta.get('format')} is not {FORMAT_VERSION}; rebuild it")
        with open(path / "documents.jsonl", encoding="utf-8") as fh:
            documents = [Document(**json.loads(line)) for line in fh if line.strip()]
        lexical = LexicalRanker.load(path / "bm25")
        fusion = Fusion(**meta["fusion"])
        vectors = None
        store = None
        reason = meta.get("reason")
        model: TextEmbedder | None = None
        if (path / "embeddings.npz").exists():
            store = EmbeddingStore.load(path / "embeddings.npz")
            if embedder == _AUTO:
                model, reason = load_embedder(store.model_id or None)
            elif embedder is None:
                reason = UNAVAILABLE + "the index was loaded without an embedding model."
            elif isinstance(embedder, str):
                raise ValueError(_NOT_AN_EMBEDDER.format(embedder))
            else:
                model = embedder
            if model is not None:
                keys = [d.content_hash for d in documents]
                vectors = store.stack(keys) if keys else np.zeros((0, store.dimensions), np.float32)
        return cls(documents, lexical, vectors, model, reason, fusion)


@functools.cache
def _blas_controller() -> ThreadpoolController | None:
    try:
        from threadpoolctl import ThreadpoolController  # noqa: PLC0415  optional, as said below
    except ImportError:  # threadpoolctl comes with scikit-learn; without it BLAS keeps its threads
        return None
    return ThreadpoolController()


def _single_threaded_blas() -> contextlib.AbstractContextManager[object]:
    controller = _blas_controller()
    if controller is None:
        return contextlib.nullcontext()
    limited: contextlib.AbstractContextManager[object] = controller.limit(limits=1, user_api="blas")
    return limited


def group_by_kind(hits: Iterable[Hit], kinds: Sequence[str] = KINDS) -> dict[str, list[Hit]]:
    """Hits split by document kind, in ``kinds`` order, each group keeping the ranking order."""
    groups: dict[str, list[Hit]] = {k: [] for k in kinds}
    for h in hits:
        groups.setdefault(h.document.kind, []).append(h)
    return groups
