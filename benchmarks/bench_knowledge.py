"""Knowledge search benchmark: quality (nDCG@10, recall@20) of lexical, semantic and fused ranking on the
hand-labelled questions, plus the speed figures (model load, query embedding, embedding per 1,000 texts,
index build and size, search latency). Prints Markdown for BENCHMARKS.md.

    python benchmarks/bench_knowledge.py                      # shipped CR + the shipped sample cards
    python benchmarks/bench_knowledge.py --full PATH          # shipped CR + every card of a data file (MTGJSON/Scryfall)
    python benchmarks/bench_knowledge.py --fusions            # also compare fusion choices (RRF k, weights, convex)

Embeddings are cached by text hash (``--cache``, default ``var/knowledge-embeddings.npz``): the first run
embeds everything (about 20 s per 1,000 texts on 2 cores), later runs only what changed.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tolaria.cards import load_sample
from tolaria.cards._read import read_corpus
from tolaria.knowledge import (
    DEFAULT_FUSION,
    Embedder,
    EmbeddingStore,
    Fusion,
    KnowledgeIndex,
    documents_from,
    evaluate,
    load_questions,
)
from tolaria.rules import shipped_rulebook

QUESTIONS = ROOT / "tests" / "knowledge" / "data" / "questions.json"

FUSIONS = [
    Fusion("rrf", k=5, semantic_weight=0.4),
    Fusion("rrf", k=10, semantic_weight=0.4),
    Fusion("rrf", k=10, semantic_weight=0.5),
    Fusion("rrf", k=30, semantic_weight=0.5),
    Fusion("rrf", k=60, semantic_weight=0.5),
    Fusion("rrf", k=100, semantic_weight=0.5),
    Fusion("rrf", k=60, semantic_weight=0.35),
    Fusion("rrf", k=60, semantic_weight=0.65),
    Fusion("rrf", k=60, semantic_weight=0.5, title_bonus=0.0),
    Fusion("convex", semantic_weight=0.3),
    Fusion("convex", semantic_weight=0.5),
    Fusion("convex", semantic_weight=0.7),
]


def _size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def _cards(full: str | None):
    if full:
        return read_corpus(full).cards, f"all cards of {Path(full).name}"

    return load_sample().cards, "the shipped sample"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", metavar="PATH", help="index every card of this data file instead of the sample")
    ap.add_argument("--cache", default=str(ROOT / "var" / "knowledge-embeddings.npz"), help="embedding cache (.npz)")
    ap.add_argument("--fusions", action="store_true", help="compare fusion choices")
    ap.add_argument("--lexical-only", action="store_true", help="no embeddings (BM25 figures only)")
    ap.add_argument("--no-progress", action="store_true")
    args = ap.parse_args(argv)

    started = time.perf_counter()
    cards, corpus_name = _cards(args.full)
    read_s = time.perf_counter() - started
    documents = documents_from(shipped_rulebook(), cards)
    kinds = {k: sum(d.kind == k for d in documents) for k in ("rule", "glossary", "ruling", "card")}

    figures: list[tuple[str, str]] = []
    embedder = None
    if not args.lexical_only:
        t = time.perf_counter()
        embedder = Embedder()
        figures.append(("model load", f"{(time.perf_counter() - t) * 1000:.0f} ms"))
        embedder.embed_query("warm up")
        query_times = []
        for q in [q["query"] for q in load_questions(QUESTIONS)]:
            t = time.perf_counter()
            embedder.embed_query(q)
            query_times.append((time.perf_counter() - t) * 1000)
        figures.append(
            (
                f"query embedding (median / max of {len(query_times)})",
                f"{statistics.median(query_times):.1f} / {max(query_times):.1f} ms",
            )
        )
        # embedding throughput, on 1,000 document texts (a fixed, varied slice of the corpus)
        step = max(len(documents) // 1000, 1)
        probe = [d.embedding_text for d in documents[::step][:1000]]
        t = time.perf_counter()
        embedder.embed(probe)
        figures.append(("embedding per 1,000 document texts", f"{(time.perf_counter() - t) * 1000 / len(probe):.1f} s"))

    store = EmbeddingStore.load(args.cache) if embedder is not None else None
    cached_before = sum(d.content_hash in store for d in documents) if store is not None else 0
    t = time.perf_counter()
    index = KnowledgeIndex.build(documents, embedder=embedder, cache=store, progress=not args.no_progress)
    figures.append(
        (f"index build ({cached_before:,} of {len(documents):,} vectors cached)", f"{time.perf_counter() - t:.1f} s")
    )
    if store is not None:
        store.save(args.cache)

    with tempfile.TemporaryDirectory() as tmp:
        t = time.perf_counter()
        index.save(Path(tmp) / "idx")
        save_s = time.perf_counter() - t
        size = _size(Path(tmp) / "idx")
        emb = Path(tmp) / "idx" / "embeddings.npz"
        emb_size = emb.stat().st_size if emb.exists() else 0
        t = time.perf_counter()
        KnowledgeIndex.load(Path(tmp) / "idx", embedder=embedder)
        load_index_s = time.perf_counter() - t
    figures.append(("index size on disk (of which embeddings)", f"{size / 1e6:.1f} MB ({emb_size / 1e6:.1f} MB)"))
    figures.append(("index save / load", f"{save_s:.2f} s / {load_index_s:.2f} s"))

    questions = load_questions(QUESTIONS)
    modes = [("lexical (BM25)", "lexical")]
    if index.semantic_available:
        modes += [("semantic (MiniLM int8)", "semantic"), ("fused", "fused")]
    rows = [(name, evaluate(index, questions, mode=mode)) for name, mode in modes]
    search_ms = []
    for q in questions:
        t = time.perf_counter()
        index.search(q["query"])
        search_ms.append((time.perf_counter() - t) * 1000)
    figures.append(
        (
            "search, first 20 hits, incl. query embedding (median / max)",
            f"{statistics.median(search_ms):.1f} / {max(search_ms):.1f} ms",
        )
    )
    figures.insert(0, ("read cards", f"{read_s:.1f} s"))

    print(f"## Knowledge search ({corpus_name})\n")
    print(
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}. "
        f"Corpus: shipped CR + {corpus_name}: {len(documents):,} documents "
        f"({kinds['rule']:,} rules, {kinds['glossary']:,} glossary, {kinds['ruling']:,} rulings, {kinds['card']:,} cards). "
        f"Questions: {rows[0][1].questions} judged (tests/knowledge/data/questions.json).\n"
    )
    print("| Ranking | nDCG@10 | recall@20 |")
    print("|---|---:|---:|")
    for name, s in rows:
        print(f"| {name} | {s.ndcg10:.3f} | {s.recall20:.3f} |")
    f = DEFAULT_FUSION
    print(
        f"\nFused = weighted RRF (k={f.k:g}, semantic weight {f.semantic_weight}, depth {f.depth}) + exact-heading bonus.\n"
    )
    print("| Figure | Value |")
    print("|---|---:|")
    for name, value in figures:
        print(f"| {name} | {value} |")

    if args.fusions and index.semantic_available:
        print("\n### Fusion choices\n")
        print("| Fusion | nDCG@10 | recall@20 |")
        print("|---|---:|---:|")
        for fu in FUSIONS:
            s = evaluate(index, questions, mode="fused", fusion=fu)
            label = (
                f"{fu.method} k={fu.k:g} w_sem={fu.semantic_weight} bonus={fu.title_bonus}"
                if fu.method == "rrf"
                else f"convex w_sem={fu.semantic_weight} bonus={fu.title_bonus}"
            )
            print(f"| {label} | {s.ndcg10:.3f} | {s.recall20:.3f} |")
    if not index.semantic_available:
        return 0
    lexical, fused = rows[0][1], rows[2][1]
    if not (fused.ndcg10 > lexical.ndcg10 and fused.recall20 > lexical.recall20):
        print("\nWARNING: fused ranking does not beat lexical on both measures", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
