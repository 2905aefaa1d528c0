import time

import numpy as np

from tolaria.knowledge import DIMENSIONS, EmbeddingStore, documents_from
from tolaria.knowledge._embed import MINILM, shipped_rule_store, shipped_rule_vectors


def test_vectors_are_unit_length_and_similar_sentences_are_closer(embedder):
    v = embedder.embed(
        [
            "A creature with trample can deal excess combat damage to the defending player.",
            "Trample lets an attacking creature assign its extra damage to the player.",
            "Whenever a creature you control dies, draw a card.",
            "Shuffle your library.",
        ]
    )
    assert v.shape == (4, DIMENSIONS)
    assert np.allclose(np.linalg.norm(v, axis=1), 1.0, atol=1e-5)
    sims = v @ v.T
    assert sims[0, 1] > 0.7
    assert sims[0, 1] > sims[0, 2] + 0.3 and sims[0, 1] > sims[0, 3] + 0.3


def test_batching_does_not_change_vectors(embedder):
    texts = [
        "Flying",
        "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)",
        "Draw a card.",
    ]
    together = embedder.embed(texts, batch_size=8)
    alone = np.stack([embedder.embed_query(t) for t in texts])
    assert np.allclose(together, alone, atol=1e-4)


def test_query_embeds_quickly(embedder):
    embedder.embed_query("warm up")
    started = time.perf_counter()
    embedder.embed_query("what happens when a creature with deathtouch and trample is blocked")
    assert time.perf_counter() - started < 0.5  # generous; the benchmark measures the real figure


class CountingEmbedder:
    model_id = "counting"

    def __init__(self, inner):
        self.inner = inner
        self.embedded = 0

    def embed(self, texts, batch_size=32, *, progress=False):
        self.embedded += len(texts)
        return self.inner.embed(texts, batch_size=batch_size)


def test_store_embeds_only_new_texts_and_round_trips(embedder, tmp_path):
    counting = CountingEmbedder(embedder)
    store = EmbeddingStore()
    first = store.vectors_for([("a", "Flying"), ("b", "Reach"), ("a", "Flying")], counting)
    assert counting.embedded == 2 and first.shape == (3, DIMENSIONS)
    store.save(tmp_path / "e.npz")
    again = EmbeddingStore.load(tmp_path / "e.npz")
    second = again.vectors_for([("b", "Reach"), ("c", "Haste")], counting)
    assert counting.embedded == 3
    assert np.allclose(second[0], first[1])


class _Counting:
    """A stand-in model: counts the texts it embeds and can fail after some, like a killed run."""

    model_id = "counting"
    dimensions = 4

    def __init__(self, fail_after: int | None = None):
        self.embedded = 0
        self.fail_after = fail_after

    def embed(self, texts, batch_size=32, *, progress=False):
        if self.fail_after is not None and self.embedded >= self.fail_after:
            raise KeyboardInterrupt
        self.embedded += len(texts)
        return np.array([[len(t), 1.0, 0.0, 0.0] for t in texts], dtype=np.float32)


def test_an_interrupted_embedding_resumes_from_its_checkpoint(tmp_path):
    cache = tmp_path / "cache.npz"
    texts = [(f"k{n}", "x" * n) for n in range(1, 11)]
    first = _Counting(fail_after=4)
    try:
        EmbeddingStore().vectors_for(texts, first, checkpoint=cache, every=4)
    except KeyboardInterrupt:
        pass
    assert first.embedded == 4
    resumed = EmbeddingStore.load(cache)
    assert len(resumed) == 4 and resumed.model_id == "counting"
    second = _Counting()
    vectors = resumed.vectors_for(texts, second, checkpoint=cache, every=4)
    assert second.embedded == 6  # only what the killed run had not done
    assert vectors[:, 0].tolist() == list(range(1, 11))
    third = _Counting()
    EmbeddingStore.load(cache).vectors_for(texts, third)
    assert third.embedded == 0  # unchanged texts are never embedded again


def test_the_shipped_rule_vectors_cover_the_shipped_cr(rulebook):
    store = shipped_rule_store()
    assert store is not None and store.model_id == MINILM
    docs = [d for d in documents_from(rulebook) if d.kind in ("rule", "glossary")]
    assert all(d.content_hash in store for d in docs)
    shipped = shipped_rule_vectors(docs)
    assert shipped is not None  # make install installs the model (the ai extra)
    vectors, embedder = shipped
    assert vectors.shape == (len(docs), DIMENSIONS) and embedder.model_id == MINILM
    at = {d.ref: n for n, d in enumerate(docs) if d.kind == "rule"}
    query = embedder.embed_query("excess combat damage from an attacking creature goes to the player")
    scores = vectors @ query
    assert scores[at["702.19"]] > np.median(scores)
