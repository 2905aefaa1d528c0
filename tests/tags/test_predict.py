"""Predicted tags: train on real cards with real (hand-checked) labels, save, load, predict."""

import joblib
import numpy as np
import pytest

from tolaria.tags import PREDICTED_UNAVAILABLE
from tolaria.tags.predict import (
    MODEL_VERSION,
    ModelVersionError,
    PredictedTagModel,
    evaluate,
    labels_from_otags,
    split_by_oracle,
    train,
)

REMOVAL = [
    "Lightning Bolt",
    "Dismember",
    "Wrath of God",
    "Krosan Grip",
    "Anguished Unmaking",
    "Scour from Existence",
    "You Are Already Dead",
    "Languish",
    "Eradicate",
    "Rain of Embers",
    "Gorilla Shaman",
    "Indrik Stomphowler",
    "Rambunctious Mutt",
    "Reliquary Monk",
    "Sever the Bloodline",
    "Ancient Grudge",
    "Fiery Fall",
    "Deadshot Minotaur",
    "Skyreaping",
    "Aethertorch Renegade",
    "Hideous Laughter",
    "Barbed Lightning",
    "Titan's Presence",
    "Phyrexian Debaser",
    "Reaper King",
    "Nylea's Intervention",
]
COUNTERSPELL = ["Counterspell", "Withering Boon", "Cephalid Shrine", "Planar Chaos"]


@pytest.fixture(scope="module")
def labelled(gold_by_name):
    cards = list(gold_by_name.values())
    otags = {"removal": REMOVAL + ["A-Some Rebalanced Card"], "counterspell": COUNTERSPELL}
    labels, unmatched = labels_from_otags(cards, otags)
    return cards, labels, unmatched


@pytest.fixture(scope="module")
def model(labelled):
    cards, labels, _ = labelled
    return train(cards, labels, tags=["removal", "counterspell"])


def test_labels_match_by_name_and_drop_unknown_names(labelled, gold_by_name):
    _cards, labels, unmatched = labelled
    assert unmatched == {"removal": 1}
    assert labels[gold_by_name["Lightning Bolt"].oracle_id] == {"removal"}
    assert labels[gold_by_name["Llanowar Elves"].oracle_id] == set()


def test_double_faced_names_match_by_front_face(gold_by_name):
    cards = list(gold_by_name.values())
    labels, unmatched = labels_from_otags(cards, {"removal": ["Brutal Cathar"]})
    assert labels[gold_by_name["Brutal Cathar // Moonrage Brute"].oracle_id] == {"removal"} and not unmatched


def test_predict_gives_predicted_tags_with_confidence(model, card):
    out = model.predict([card("Lightning Bolt"), card("Counterspell"), card("Llanowar Elves")])
    bolt = {t.id: t for t in out[card("Lightning Bolt").oracle_id]}
    assert "pred:removal" in bolt
    t = bolt["pred:removal"]
    assert t.kind == "predicted" and t.group == "Predicted tags" and 0.5 <= t.confidence <= 1.0
    assert "pred:counterspell" in {t.id for t in out[card("Counterspell").oracle_id]}
    assert out[card("Llanowar Elves").oracle_id] == []


def test_save_and_load_round_trip(model, tmp_path, card):
    path = tmp_path / "models" / "tags.joblib"
    model.save(path)
    loaded = PredictedTagModel.load(path)
    assert loaded.model_version == MODEL_VERSION
    cards = [card("Lightning Bolt"), card("Fog"), card("Counterspell")]
    assert np.allclose(loaded.scores(cards), model.scores(cards))


def test_a_model_of_another_version_is_refused(model, tmp_path):
    path = tmp_path / "old.joblib"
    model.save(path)
    state = joblib.load(path)
    state["model_version"] = "tolaria-tags-pred-0"
    joblib.dump(state, path)
    with pytest.raises(ModelVersionError):
        PredictedTagModel.load(path)


def test_extra_dense_features_hook(labelled, tmp_path, card):
    cards, labels, _ = labelled

    def extra(cs):  # stands in for sentence embeddings: any (n, d) array
        return np.array([[len(c.oracle_text) / 500.0, float("target" in c.oracle_text)] for c in cs])

    m = train(cards, labels, tags=["removal"], extra_features=extra)
    assert m.features.extra_dim == 2
    path = tmp_path / "x.joblib"
    m.save(path)
    with pytest.raises(ValueError):
        PredictedTagModel.load(path)  # the model needs its features
    loaded = PredictedTagModel.load(path, extra_features=extra)
    assert loaded.scores([card("Lightning Bolt")]).shape == (1, 1)


def test_held_out_split_is_by_oracle_card_and_deterministic(gold_by_name):
    cards = list(gold_by_name.values())
    a_train, a_test = split_by_oracle(cards, 0.25, seed=7)
    _b_train, b_test = split_by_oracle(cards, 0.25, seed=7)
    assert [c.oracle_id for c in a_test] == [c.oracle_id for c in b_test]
    assert not {c.oracle_id for c in a_train} & {c.oracle_id for c in a_test}
    assert 0.1 < len(a_test) / len(cards) < 0.4


def test_evaluate_reports_precision_and_recall(model, labelled):
    cards, labels, _ = labelled
    scores = {s.tag: s for s in evaluate(model, cards, labels)}
    assert scores["removal"].support == len(REMOVAL)
    assert scores["removal"].recall > 0.8  # on its own training cards


def test_unavailable_message():
    assert PREDICTED_UNAVAILABLE == "Predicted tags are currently unavailable."
