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
import sqlite3
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ._documents import Document

if TYPE_CHECKING:
    from ._index import Hit


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
    questions: list[dict[str, Any]] = json.loads(Path(path).read_text(encoding="utf-8"))["questions"]
    return questions


def present_items(
    questions: Sequence[dict[str, Any]], documents: Sequence[Document]
) -> list[tuple[str, list[dict[str, Any]]]]:
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
    ranked: Iterable[Document | Sequence[Document]],
    items: Sequence[dict[str, Any]],
    names: dict[str, str] | None = None,
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


# --- answers as a player sees them: hit@1, hit@10, MRR@10 over the rules a question expects ---------------


def load_player_questions(path: str | Path, split: str | None = None) -> list[dict[str, Any]]:
    """The player-written questions (``tests/knowledge/data/player_questions.json``), optionally one split."""
    questions = json.loads(Path(path).read_text(encoding="utf-8"))["questions"]
    return [q for q in questions if split is None or q["split"] == split]


def rule_answers(expected: str, shown: str, *, strict: bool = False) -> bool:
    """Whether showing rule ``shown`` answers with rule ``expected``.

    It does when it is that rule or one of its subrules; unless ``strict``, also when it is the numbered
    rule that holds the expected subrule (702.19 shows 702.19b's text), never a whole section (702).
    """
    if shown == expected or (shown.startswith(expected) and re.fullmatch(r"[.a-z]\w*", shown[len(expected) :])):
        return True
    if strict:
        return False
    m = re.fullmatch(r"(\d{3}\.\d+)[a-z]+", expected)
    return m is not None and shown == m.group(1)


def answering_position(shown: Sequence[Any], expected: Sequence[str], *, strict: bool = False) -> int | None:
    """1-based position of the first shown hit that answers with one of the ``expected`` rules, else None.

    An entry is a ``Hit`` (its document, and the rules folded into it count) or a rule number.
    """
    for pos, entry in enumerate(shown, 1):
        main: str | None
        folded: list[str]
        if isinstance(entry, str):
            main, folded = entry, []
        else:
            main = entry.document.ref if entry.document.kind == "rule" else None
            folded = [d.ref for d in entry.also if d.kind == "rule"]
        if main is not None and any(rule_answers(e, main, strict=strict) for e in expected):
            return pos
        if any(rule_answers(e, f, strict=True) for e in expected for f in folded):
            return pos
    return None


@dataclass
class AnswerScores:
    questions: int
    hit1: float
    hit10: float
    mrr10: float

    def row(self) -> str:
        return f"{self.hit10 * 100:.0f}% | {self.hit1 * 100:.0f}% | {self.mrr10:.2f}"


def score_positions(positions: Sequence[int | None]) -> AnswerScores:
    n = max(len(positions), 1)
    return AnswerScores(
        len(positions),
        sum(p == 1 for p in positions) / n,
        sum(p is not None and p <= 10 for p in positions) / n,
        sum(1 / p for p in positions if p is not None and p <= 10) / n,
    )


def score_answers(run: Any, questions: Sequence[dict[str, Any]], *, strict: bool = False) -> AnswerScores:
    """Scores of ``run(query) -> shown entries`` over questions that list ``rules``."""
    return score_positions([answering_position(run(q["query"]), q["rules"], strict=strict) for q in questions])


class Fts5Rules:
    """The baseline: SQLite FTS5 (unicode61, BM25) over the rule texts only, the query's words OR-ed."""

    def __init__(self, documents: Sequence[Document]):
        self._db = sqlite3.connect(":memory:")
        self._db.execute("CREATE VIRTUAL TABLE rules USING fts5(ref UNINDEXED, body)")
        self._db.executemany(
            "INSERT INTO rules (ref, body) VALUES (?, ?)",
            [(d.ref, d.text or d.title) for d in documents if d.kind == "rule"],
        )

    def search(self, query: str, k: int = 10) -> list[str]:
        words = re.findall(r"\w+", query.lower())
        if not words:
            return []
        match = " OR ".join(f'"{w}"' for w in dict.fromkeys(words))
        rows = self._db.execute(
            "SELECT ref FROM rules WHERE rules MATCH ? ORDER BY bm25(rules) LIMIT ?", (match, k)
        ).fetchall()
        return [r[0] for r in rows]


# --- the sentence a hit quotes: does it come from the answering subrule? ----------------------------------

_QUOTED_NUMBER = re.compile(r"^(\d{3}\.\d+[a-z]*)\.?\s")


def quoted_rule(hit: Hit) -> str | None:
    """The rule whose sentence a rule hit quotes: the subrule it begins with ("702.19b The controller ..."),
    the subrule it stands in or illustrates (``excerpt_from``: "702.19a", "example of 702.19b"), else the
    hit's own rule; None for a hit that is not a rule."""
    if hit.document.kind != "rule":
        return None
    text = "".join(t for t, _ in hit.excerpt).lstrip("… ")
    numbered = _QUOTED_NUMBER.match(text)
    if numbered:
        return numbered.group(1)
    if hit.excerpt_from:
        return hit.excerpt_from.removeprefix("example of ")
    return hit.document.ref


def quotes_the_answer(hit: Hit, expected: Sequence[str]) -> bool:
    """Whether a hit quotes a sentence of an expected rule (or of one of its subrules): the player reads the
    answer on the first screen, not only its number."""
    quoted = quoted_rule(hit)
    return quoted is not None and any(rule_answers(e, quoted, strict=True) for e in expected)


@dataclass
class SentenceScores:
    """hit@10, hit@1, and hit@1 with the answering sentence quoted, over some questions."""

    questions: int
    hit10: float
    hit1: float
    sentence1: float

    def row(self) -> str:
        return f"{self.hit10 * 100:.0f}% | {self.hit1 * 100:.0f}% | {self.sentence1 * 100:.0f}%"


def score_with_sentences(
    results: Sequence[tuple[Sequence[Hit], Sequence[str]] | tuple[Sequence[Hit], Sequence[str], str | None]],
) -> SentenceScores:
    """Scores of ``(shown hits, expected rules[, answering subrule])``: the first hit counts with its
    sentence only when it quotes the answering subrule's sentence (the question's ``answer_rule``; without
    one, any expected rule's)."""
    n = max(len(results), 1)
    hit10 = hit1 = sentence1 = 0
    for shown, expected, *answering in results:
        pos = answering_position(shown, expected)
        hit10 += pos is not None and pos <= 10
        hit1 += pos == 1
        sentence1 += pos == 1 and quotes_the_answer(
            shown[0], [answering[0]] if answering and answering[0] else expected
        )
    return SentenceScores(len(results), hit10 / n, hit1 / n, sentence1 / n)
