"""Scoring a ranking against hand-labelled questions: nDCG@10 and recall@20.

A question lists relevant *items*: ``{"rule": "702.19"}`` (that rule or any of its subrules),
``{"glossary": "Trample"}``, ``{"card": "Skullclamp"}``, ``{"ruling_of": "Skullclamp"}`` (any ruling
of that card). Each item counts once, at its best-ranked hit; gains are binary. Items the corpus does
not hold are dropped, and questions left with none are skipped.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ._documents import Document


def _norm(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").lower().split())


def item_matches(item: dict[str, str], doc: Document, names: dict[str, str]) -> bool:
    """Whether ``doc`` is (part of) the relevant ``item``; ``names`` maps oracle id -> card name."""
    if "rule" in item:
        if doc.kind != "rule":
            return False
        number = item["rule"]
        return doc.ref == number or (
            doc.ref.startswith(number) and re.fullmatch(r"[.a-z]\w*", doc.ref[len(number) :]) is not None
        )
    if "glossary" in item:
        return doc.kind == "glossary" and _norm(doc.ref) == _norm(item["glossary"])
    if "card" in item:
        return doc.kind == "card" and _norm(doc.title) == _norm(item["card"])
    if "ruling_of" in item:
        return doc.kind == "ruling" and _norm(doc.title) == _norm(item["ruling_of"])
    raise ValueError(f"unknown relevance item {item!r}")


@dataclass
class Scores:
    ndcg10: float
    recall20: float
    questions: int


def load_questions(path: str | Path) -> list[dict[str, Any]]:
    return json.loads(Path(path).read_text(encoding="utf-8"))["questions"]


def present_items(questions: Sequence[dict[str, Any]], documents: Sequence[Document]) -> list[tuple[str, list[dict]]]:
    """Each question with only the items the corpus holds (questions left empty are dropped)."""
    rules = {d.ref for d in documents if d.kind == "rule"}
    gloss = {_norm(d.ref) for d in documents if d.kind == "glossary"}
    cards = {_norm(d.title) for d in documents if d.kind == "card"}
    ruled = {_norm(d.title) for d in documents if d.kind == "ruling"}
    out = []
    for q in questions:
        keep = [
            it
            for it in q["relevant"]
            if ("rule" in it and it["rule"] in rules)
            or ("glossary" in it and _norm(it["glossary"]) in gloss)
            or ("card" in it and _norm(it["card"]) in cards)
            or ("ruling_of" in it and _norm(it["ruling_of"]) in ruled)
        ]
        if keep:
            out.append((q["query"], keep))
    return out


def score_ranking(
    ranked: Iterable[Document | Sequence[Document]], items: Sequence[dict], names: dict[str, str] | None = None
) -> tuple[float, float]:
    """(nDCG@10, recall@20) of one ranked list; an entry is a document or the documents of one hit.

    An entry matches at most one item (a hit showing 702.19 with its subrules is one result).
    """
    found_at: dict[int, int] = {}
    for pos, entry in enumerate(ranked, 1):
        if pos > 20:
            break
        docs = [entry] if isinstance(entry, Document) else list(entry)
        for n, it in enumerate(items):
            if n not in found_at and any(item_matches(it, d, names or {}) for d in docs):
                found_at[n] = pos
                break
    dcg = sum(1 / math.log2(p + 1) for p in found_at.values() if p <= 10)
    ideal = sum(1 / math.log2(p + 1) for p in range(1, min(len(items), 10) + 1))
    return dcg / ideal, len(found_at) / len(items)


def evaluate(index: Any, questions: Sequence[dict[str, Any]], *, mode: str = "fused", fusion: Any = None) -> Scores:
    """Mean nDCG@10 and recall@20 of ``index`` (a KnowledgeIndex) in ``mode`` over the questions."""
    judged = present_items(questions, index.documents)
    nd = rc = 0.0
    for query, items in judged:
        ranked = [(h.document, *h.also) for h in index.search(query, k=20, mode=mode, fusion=fusion)]
        a, b = score_ranking(ranked, items)
        nd += a
        rc += b
    n = max(len(judged), 1)
    return Scores(nd / n, rc / n, len(judged))
