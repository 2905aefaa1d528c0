import numpy as np

from tolaria.knowledge import KnowledgeIndex, similar_cards


def _unit(*xs):
    v = np.array(xs, dtype=np.float32)
    return v / np.linalg.norm(v)


EMB = {
    "bolt": _unit(1, 0, 0),
    "bolt-reprint": _unit(1, 0, 0.01),  # another oracle object with the same name
    "shock": _unit(0.95, 0.1, 0),
    "chain": _unit(0.8, 0.3, 0.1),
    "elves": _unit(0, 1, 0),
}
NAMES = {
    "bolt": "Lightning Bolt",
    "bolt-reprint": "Lightning Bolt",
    "shock": "Shock",
    "chain": "Chain Lightning",
    "elves": "Llanowar Elves",
}


def test_closest_text_first_without_itself_or_same_name():
    out = similar_cards("bolt", EMB, names=NAMES, k=3)
    assert [o for o, _, _ in out] == ["shock", "chain", "elves"]
    assert out[0][1] > out[1][1] > out[2][1]
    assert "similar text" in out[0][2]


def test_shared_tags_lift_a_card_and_are_named():
    tags = {"bolt": {"burn", "instant"}, "chain": {"burn", "instant"}, "shock": {"instant"}, "elves": {"mana"}}
    out = similar_cards("bolt", EMB, tags_by_card=tags, names=NAMES, k=2)
    assert [o for o, _, _ in out] == ["chain", "shock"]
    assert "shares tags: burn, instant" in out[0][2]


def test_exclude_names_and_unknown_card():
    out = similar_cards("bolt", EMB, names=NAMES, exclude_names=["Shock"], k=10)
    assert "shock" not in [o for o, _, _ in out]
    assert similar_cards("missing", EMB) == []


def test_works_with_index_card_vectors(tiny_documents, embedder):
    index = KnowledgeIndex.build(tiny_documents, embedder=embedder)
    ids, vectors = index.card_vectors()
    assert ids == ["1", "2"] and vectors.shape == (2, 384)
    assert [o for o, _, _ in similar_cards("1", (ids, vectors), names=index.card_names())] == ["2"]
