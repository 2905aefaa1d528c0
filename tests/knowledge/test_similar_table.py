"""Every card's similar cards at once (`similar_table`): the same ranking as `similar_cards`, computed
in batches; by tags alone when there are no vectors; saved and loaded."""

import numpy as np
import pytest

from tolaria.knowledge import SimilarTable, similar_cards, similar_table
from tolaria.knowledge._similar import TAG_WEIGHT

# four cards in a plane, worked by hand below: a=(1,0), b=(0.8,0.6), c=(0,1), d=(-1,0); d shares a's name
IDS = ["a", "b", "c", "d"]
NAMES = ["Alpha", "Beta", "Gamma", "Alpha"]
VECTORS = np.array([[1, 0], [0.8, 0.6], [0, 1], [-1, 0]], dtype=np.float32)
TAGS = {"a": ["burn"], "b": ["burn", "reach"], "c": ["reach"]}


def ids_and_scores(table, oracle_id):
    return [(o, round(s, 4)) for o, _, s, _ in table.lookup(oracle_id)]


def test_meaning_and_tags_worked_by_hand():
    assert TAG_WEIGHT == 0.3  # the figures below are 0.7 cosine + 0.3 Jaccard
    table = similar_table(IDS, NAMES, VECTORS, TAGS, k=3)
    assert table.basis == "meaning and tags"
    # a-b: 0.7*0.8 + 0.3*(1/2) = 0.71; a-c: 0.7*0 + 0.3*0 = 0; d is a's namesake, never its neighbour
    assert ids_and_scores(table, "a") == [("b", 0.71), ("c", 0.0)]
    # b-c: 0.7*0.6 + 0.3*(1/2) = 0.57; b-d: 0.7*(-0.8) + 0 = -0.56
    assert ids_and_scores(table, "b") == [("a", 0.71), ("c", 0.57), ("d", -0.56)]
    first = table.lookup("b")[0]
    assert first[1] == "Alpha" and first[3] == "score 0.71: similar text (0.80); shares tags: burn"
    assert table.lookup("missing") == []


def test_by_tags_alone_each_neighbour_shares_a_tag():
    table = similar_table(IDS, NAMES, None, TAGS, k=3)
    assert table.basis == "tags"
    assert ids_and_scores(table, "a") == [("b", 0.5)]  # c and d share nothing with a
    assert ids_and_scores(table, "b") == [("a", 0.5), ("c", 0.5)]  # a tie: in row order
    assert ids_and_scores(table, "d") == []
    assert table.lookup("c")[0][3] == "score 0.50: shares tags: reach"


def test_neither_vectors_nor_tags_is_refused():
    with pytest.raises(ValueError, match="vectors or tags"):
        similar_table(IDS, NAMES, None, {})


def _random_cards(n=200, dims=16, seed=7):
    rng = np.random.default_rng(seed)
    vectors = rng.normal(size=(n, dims)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    ids = [f"card-{i:03d}" for i in range(n)]
    names = [f"Card {i % 180}" for i in range(n)]  # twenty names held by two cards each
    vocabulary = [f"tag{t}" for t in range(12)]
    tags = {i: list(rng.choice(vocabulary, size=rng.integers(0, 4), replace=False)) for i in ids}
    return ids, names, vectors, tags


def test_the_table_ranks_as_the_one_card_ranker_does_across_batches():
    ids, names, vectors, tags = _random_cards()
    table = similar_table(ids, names, vectors, tags, k=10, batch=37)  # batches that end mid-way
    by_name = dict(zip(ids, names, strict=True))
    for oracle_id in ids:
        one = similar_cards(oracle_id, (ids, vectors), tags, k=10, names=by_name)
        got = table.lookup(oracle_id)
        assert [o for o, *_ in got] == [o for o, _, _ in one], oracle_id
        assert np.allclose([s for _, _, s, _ in got], [s for _, s, _ in one], atol=1e-5)
        assert [r for *_, r in got] == [r for _, _, r in one]
        scores = [s for _, _, s, _ in got]
        assert scores == sorted(scores, reverse=True)  # sorted by their own score
    same = similar_table(ids, names, vectors, tags, k=10, batch=1024)
    assert np.array_equal(same.neighbours, table.neighbours)


def test_shared_tags_are_named_by_their_labels():
    table = similar_table(IDS, NAMES, VECTORS, TAGS, labels={"burn": "Deals damage", "reach": "Reach"}, k=3)
    assert table.lookup("b")[0][3] == "score 0.71: similar text (0.80); shares tags: Deals damage"


def test_saved_and_loaded(tmp_path):
    ids, names, vectors, tags = _random_cards(n=50)
    table = similar_table(ids, names, vectors, tags, labels={"tag3": "Tag three"}, k=5)
    table.save(tmp_path / "similar.npz")
    again = SimilarTable.load(tmp_path / "similar.npz")
    assert again.basis == table.basis and len(again) == 50 and again.k == 5
    for oracle_id in ids:
        assert again.lookup(oracle_id) == table.lookup(oracle_id)
