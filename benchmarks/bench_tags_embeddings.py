"""Do sentence embeddings of the card text raise the precision of the predicted tags?

Trains the predicted-tag model twice on the same split — once on its own features (TF-IDF of the
oracle text, type line and extracted facts), once with the card's MiniLM embedding added — and
prints precision and recall per tag for both. The embeddings are the knowledge index's own card
vectors (tolaria.knowledge, cached by text), so this measures the features the site would feed.

Usage: python benchmarks/bench_tags_embeddings.py --labels otags.json.gz [--data FILE ...] [--cache embeddings.npz]
(without --data: the embedded sample)
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

import numpy as np

from tolaria.cards import load_sample, read_corpus
from tolaria.knowledge import Embedder, EmbeddingStore, card_documents
from tolaria.tags import predict


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--labels", type=Path, required=True)
    parser.add_argument("--data", type=Path, action="append")
    parser.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "tolaria-knowledge-embeddings.npz")
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()

    corpus = read_corpus(*args.data) if args.data else load_sample()
    cards = list(corpus.cards.values())
    docs = {d.ref: d for d in card_documents(cards) if d.kind == "card"}
    store = EmbeddingStore.load(args.cache) if args.cache.exists() else EmbeddingStore()
    started = time.perf_counter()
    missing = sum(1 for d in docs.values() if d.content_hash not in store)
    vectors = store.vectors_for([(d.content_hash, d.embedding_text) for d in docs.values()], Embedder(), progress=True)
    store.save(args.cache)
    embed_seconds = time.perf_counter() - started
    row = {oid: i for i, oid in enumerate(docs)}

    def embeddings(batch):
        return np.stack([vectors[row[c.oracle_id]] for c in batch])

    labels, _ = predict.labels_from_otags(cards, predict.load_otags(args.labels))
    train_cards, test_cards = predict.split_by_oracle(cards)
    results = {}
    for name, extra in (("text features", None), ("text features + embeddings", embeddings)):
        model = predict.train(train_cards, labels, extra_features=extra)
        results[name] = {s.tag: s for s in predict.evaluate(model, test_cards, labels)}
    lines = [
        f"{len(cards):,} cards ({len(test_cards):,} held out, split by oracle card); {missing:,} card texts embedded "
        f"for this run in {embed_seconds:.0f} s (the rest from the cache).",
        "",
        "| tag | held-out positives | precision (text) | recall (text) | precision (+ embeddings) | recall (+ embeddings) |",
        "|---|---|---|---|---|---|",
    ]
    base, richer = results["text features"], results["text features + embeddings"]
    for tag, b in base.items():
        r = richer[tag]
        lines.append(
            f"| {tag} | {b.support} | {b.precision:.3f} | {b.recall:.3f} | {r.precision:.3f} | {r.recall:.3f} |"
        )
    table = "\n".join(lines)
    print(table)
    if args.markdown:
        args.markdown.write_text(table + "\n")


if __name__ == "__main__":
    main()
