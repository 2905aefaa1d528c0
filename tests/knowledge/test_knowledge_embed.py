import time

import numpy as np

from tolaria.knowledge import DIMENSIONS, EmbeddingStore


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

    def embed(self, texts, batch_size=32, progress=False):
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
