"""Lexical ranking: BM25 (bm25s) over the light tokens of ``_text``."""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from pathlib import Path

import bm25s
import numpy as np

from ._text import tokenize

logging.getLogger("bm25s").setLevel(logging.WARNING)


class LexicalRanker:
    """BM25 scores of every document for a query."""

    def __init__(self, retriever: bm25s.BM25, size: int):
        self._retriever = retriever
        self._vocab = retriever.vocab_dict
        self.size = size

    @classmethod
    def build(cls, texts: Sequence[str], *, k1: float = 1.2, b: float = 0.75) -> LexicalRanker:
        corpus = [tokenize(t) or [""] for t in texts]
        retriever = bm25s.BM25(k1=k1, b=b)
        retriever.index(corpus, show_progress=False)
        return cls(retriever, len(texts))

    def scores(self, query: str) -> np.ndarray:
        """BM25 score per document (0 where no query word occurs)."""
        ids = [self._vocab[t] for t in tokenize(query) if t in self._vocab and t != ""]
        if not ids or self.size == 0:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._retriever.get_scores(ids), dtype=np.float32)

    def knows(self, word: str) -> bool:
        return any(t in self._vocab for t in tokenize(word))

    def save(self, directory: str | Path) -> None:
        directory = Path(directory)
        self._retriever.save(str(directory), show_progress=False)
        (directory / "size.json").write_text(json.dumps({"size": self.size}))

    @classmethod
    def load(cls, directory: str | Path) -> LexicalRanker:
        directory = Path(directory)
        retriever = bm25s.BM25.load(str(directory), show_progress=False, verbosity=0)
        size = json.loads((directory / "size.json").read_text())["size"]
        return cls(retriever, size)
