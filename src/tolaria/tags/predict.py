"""Predicted tags: a scikit-learn model's suggestions, each with a confidence.

Features: TF-IDF of the oracle text (reminder text removed, the card's own name replaced by ``~``),
the words of the type line, and the card's attribute and extracted tag ids; optionally extra dense
features (e.g. sentence embeddings) from a callable ``extra_features(cards) -> np.ndarray``.
One logistic regression per tag. Trained on real labels (Scryfall Tagger oracle tags, matched by
card name), evaluated on held-out oracle cards.

    model = train(cards, labels)                  # labels: {oracle_id: {"removal", ...}}
    model.save(path); model = PredictedTagModel.load(path)
    model.predict(cards)  -> {oracle_id: [CardTag(kind="predicted", confidence=...)]}

Callers without a model show ``PREDICTED_UNAVAILABLE``.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import joblib
import numpy as np
import scipy.sparse as sp
import sklearn
from sklearn.feature_extraction.text import CountVectorizer, TfidfVectorizer
from sklearn.linear_model import LogisticRegression

from tolaria.errors import InputError

from ..cards import Card
from ._context import CardContext
from ._model import PREDICTED_UNAVAILABLE, CardTag, Evidence
from ._tagger import Tagger, default_tagger
from ._taxonomy import default_taxonomy

MODEL_VERSION = "tolaria-tags-pred-1"
DEFAULT_TAGS = ("removal", "counterspell", "combat-tricks", "sweeper")

ExtraFeatures = Callable[[list[Card]], np.ndarray]

__all__ = [
    "DEFAULT_TAGS",
    "MODEL_VERSION",
    "PREDICTED_UNAVAILABLE",
    "ModelVersionError",
    "PredictedTagModel",
    "TagScores",
    "evaluate",
    "labels_from_otags",
    "load_otags",
    "split_by_oracle",
    "train",
]


class ModelVersionError(InputError):
    """A saved model file of another model version (retrain it)."""


# ---------------------------------------------------------------- labels


def load_otags(path: str | Path) -> dict[str, set[str]]:
    """Scryfall Tagger membership as saved in ``scryboard-otags-*.json.gz``: {tag: {card name, ...}}."""
    opener = gzip.open if str(path).endswith(".gz") else open
    with opener(path, "rt", encoding="utf-8") as fh:
        data = json.load(fh)
    return {k: set(v) for k, v in data.items() if isinstance(v, list)}


def labels_from_otags(
    cards: Iterable[Card], otags: Mapping[str, Iterable[str]]
) -> tuple[dict[str, set[str]], dict[str, int]]:
    """Match tag members to cards by name (full "A // B" name, else the front face's name); names that
    match no card (newer cards, Alchemy "A-" rebalanced cards) are dropped. Returns (labels by oracle id
    for every card, with an empty set for untagged cards; {tag: number of unmatched names})."""
    cards = list(cards)
    by_name: dict[str, str] = {}
    for c in cards:
        by_name.setdefault(c.name.lower(), c.oracle_id)
        by_name.setdefault(c.faces[0].name.lower(), c.oracle_id)
    labels: dict[str, set[str]] = {c.oracle_id: set() for c in cards}
    unmatched: dict[str, int] = {}
    for tag, names in otags.items():
        for name in names:
            low = name.lower()
            oid = by_name.get(low) or by_name.get(low.split(" // ")[0])
            if oid is None:
                unmatched[tag] = unmatched.get(tag, 0) + 1
            else:
                labels[oid].add(tag)
    return labels, unmatched


def split_by_oracle(
    cards: Sequence[Card], test_fraction: float = 0.2, seed: int = 20260629
) -> tuple[list[Card], list[Card]]:
    """Deterministic train/test split by oracle card (a card's printings never straddle the split)."""
    train_cards: list[Card] = []
    test_cards: list[Card] = []
    for c in cards:
        h = int.from_bytes(hashlib.sha256(f"{seed}:{c.oracle_id}".encode()).digest()[:8], "big") / 2**64
        (test_cards if h < test_fraction else train_cards).append(c)
    return train_cards, test_cards


# ---------------------------------------------------------------- features


def _texts(cards: Sequence[Card], tagger: Tagger) -> tuple[list[str], list[str], list[str]]:
    oracle, types, facts = [], [], []
    for card in cards:
        ctx = CardContext.of(card)
        oracle.append("\n".join(f.plain for f in ctx.faces).lower())
        types.append(card.type_line.lower())
        facts.append(" ".join(t.id for t in tagger.tag(card) if t.kind in ("attribute", "extracted")))
    return oracle, types, facts


@dataclass
class _Features:
    oracle: TfidfVectorizer
    types: CountVectorizer
    facts: CountVectorizer
    extra_dim: int = 0

    @classmethod
    def fit(cls, oracle: list[str], types: list[str], facts: list[str]) -> _Features:
        f = cls(
            TfidfVectorizer(
                ngram_range=(1, 3), min_df=2, max_features=60000, sublinear_tf=True, token_pattern=r"[a-z0-9~+/\-{}]+"
            ),
            CountVectorizer(binary=True, token_pattern=r"[a-z’'\-]+"),
            CountVectorizer(binary=True, token_pattern=r"[^ ]+", lowercase=False),
        )
        f.oracle.fit(oracle)
        f.types.fit(types)
        f.facts.fit(facts)
        return f

    def transform(
        self, oracle: list[str], types: list[str], facts: list[str], extra: np.ndarray | None
    ) -> sp.csr_matrix:
        blocks = [self.oracle.transform(oracle), self.types.transform(types) * 0.5, self.facts.transform(facts) * 0.5]
        if self.extra_dim:
            if extra is None or extra.shape[1] != self.extra_dim:
                raise ValueError(f"this model needs {self.extra_dim} extra features per card")
            blocks.append(sp.csr_matrix(extra))
        return sp.hstack(blocks).tocsr()


# ---------------------------------------------------------------- the model


@dataclass
class PredictedTagModel:
    tags: tuple[str, ...]
    features: _Features
    classifiers: dict[str, LogisticRegression]
    thresholds: dict[str, float]
    model_version: str = MODEL_VERSION
    sklearn_version: str = sklearn.__version__
    trained_on: dict[str, Any] = field(default_factory=dict)
    extra_features: ExtraFeatures | None = None

    def tag_id(self, tag: str) -> str:
        return f"pred:{tag}"

    def scores(self, cards: Sequence[Card], tagger: Tagger | None = None) -> np.ndarray:
        """Probabilities, shape (len(cards), len(self.tags))."""
        cards = list(cards)
        if not cards:
            return np.zeros((0, len(self.tags)))
        oracle, types, facts = _texts(cards, tagger or default_tagger())
        extra = self.extra_features(cards) if self.features.extra_dim and self.extra_features else None
        X = self.features.transform(oracle, types, facts, extra)
        return np.column_stack([self.classifiers[t].predict_proba(X)[:, 1] for t in self.tags])

    def predict(self, cards: Sequence[Card], tagger: Tagger | None = None) -> dict[str, list[CardTag]]:
        """{oracle_id: [CardTag(kind="predicted", confidence=p)]} for the tags whose probability reaches
        the tag's threshold; every card gets an entry (possibly empty)."""
        cards = list(cards)
        probs = self.scores(cards, tagger)
        taxonomy = default_taxonomy()
        out: dict[str, list[CardTag]] = {}
        for card, row in zip(cards, probs):
            tags = []
            for tag, p in zip(self.tags, row):
                if p >= self.thresholds[tag]:
                    d = taxonomy.get(self.tag_id(tag))
                    ev = Evidence("model", field=self.model_version, text=f"p={p:.3f}")
                    tags.append(CardTag(d.id, d.label, d.group, "predicted", [ev], round(float(p), 4)))
            out[card.oracle_id] = tags
        return out

    def save(self, path: str | Path) -> None:
        state = {
            "model_version": self.model_version,
            "sklearn_version": self.sklearn_version,
            "tags": self.tags,
            "features": self.features,
            "classifiers": self.classifiers,
            "thresholds": self.thresholds,
            "trained_on": self.trained_on,
        }
        Path(path).parent.mkdir(parents=True, exist_ok=True)
        joblib.dump(state, path, compress=3)

    @classmethod
    def load(cls, path: str | Path, extra_features: ExtraFeatures | None = None) -> PredictedTagModel:
        state = joblib.load(path)
        if not isinstance(state, dict) or state.get("model_version") != MODEL_VERSION:
            found = state.get("model_version") if isinstance(state, dict) else None
            raise ModelVersionError(f"{path}: model version {found!r}, this code reads {MODEL_VERSION!r}")
        if state["sklearn_version"] != sklearn.__version__:
            warnings.warn(
                f"{path} was trained with scikit-learn {state['sklearn_version']}, running {sklearn.__version__}",
                stacklevel=2,
            )
        if state["features"].extra_dim and extra_features is None:
            raise ValueError(f"{path} was trained with extra features: pass extra_features=")
        return cls(
            tuple(state["tags"]),
            state["features"],
            state["classifiers"],
            state["thresholds"],
            state["model_version"],
            state["sklearn_version"],
            state["trained_on"],
            extra_features,
        )


def train(
    cards: Sequence[Card],
    labels: Mapping[str, Iterable[str]],
    *,
    tags: Sequence[str] | None = None,
    extra_features: ExtraFeatures | None = None,
    tagger: Tagger | None = None,
    C: float = 8.0,
    threshold: float | None = None,
    seed: int = 20260629,
) -> PredictedTagModel:
    """Train one logistic regression per tag. ``labels`` maps oracle id -> tags of that card; cards
    without an entry are negatives for every tag.

    ``threshold=None`` chooses each tag's threshold for the best F1 on a validation part of the
    training cards (20 %, split by oracle card) when that part has at least 20 positives of the tag,
    else uses 0.5; a number fixes the threshold for every tag."""
    cards = list(cards)
    labels = {k: set(v) for k, v in labels.items()}
    if tags is None:
        tags = sorted({t for v in labels.values() for t in v})
    oracle, types, facts = _texts(cards, tagger or default_tagger())
    features = _Features.fit(oracle, types, facts)
    extra = None
    if extra_features is not None:
        extra = np.asarray(extra_features(cards), dtype=float)
        features.extra_dim = extra.shape[1]
    X = features.transform(oracle, types, facts, extra)
    classifiers, thresholds = {}, {}
    _fit_part, val_part = split_by_oracle(cards, 0.2, seed + 1)  # another seed than the held-out split
    val_ids = {c.oracle_id for c in val_part}
    is_val = np.array([c.oracle_id in val_ids for c in cards])
    for tag in tags:
        y = np.array([tag in labels.get(c.oracle_id, ()) for c in cards], dtype=int)
        if y.sum() == 0 or y.sum() == len(y):
            raise ValueError(f"tag {tag!r} needs positive and negative examples")
        thresholds[tag] = 0.5 if threshold is None else threshold
        if threshold is None and y[is_val].sum() >= 20 and y[~is_val].sum() >= 20:
            probe = LogisticRegression(C=C, max_iter=3000, solver="liblinear", class_weight="balanced")
            probe.fit(X[~is_val], y[~is_val])
            thresholds[tag] = _best_f1_threshold(probe.predict_proba(X[is_val])[:, 1], y[is_val])
        clf = LogisticRegression(C=C, max_iter=3000, solver="liblinear", class_weight="balanced")
        clf.fit(X, y)
        classifiers[tag] = clf
    trained_on = {
        "cards": len(cards),
        "positives": {t: int(sum(t in labels.get(c.oracle_id, ()) for c in cards)) for t in tags},
    }
    return PredictedTagModel(
        tuple(tags), features, classifiers, thresholds, trained_on=trained_on, extra_features=extra_features
    )


def _best_f1_threshold(p: np.ndarray, y: np.ndarray) -> float:
    best, best_t = -1.0, 0.5
    for t in np.arange(0.2, 0.96, 0.025):
        guess = p >= t
        tp = float((guess & (y == 1)).sum())
        f1 = 2 * tp / (guess.sum() + y.sum()) if guess.sum() + y.sum() else 0.0
        if f1 > best:
            best, best_t = f1, float(round(t, 3))
    return best_t


@dataclass
class TagScores:
    tag: str
    support: int  # positives among the held-out cards
    predicted: int
    true_positives: int

    @property
    def precision(self) -> float:
        return self.true_positives / self.predicted if self.predicted else 0.0

    @property
    def recall(self) -> float:
        return self.true_positives / self.support if self.support else 0.0


def evaluate(
    model: PredictedTagModel, cards: Sequence[Card], labels: Mapping[str, Iterable[str]], tagger: Tagger | None = None
) -> list[TagScores]:
    """Precision and recall per tag of ``model`` on (held-out) ``cards``."""
    cards = list(cards)
    predicted = model.predict(cards, tagger)
    out = []
    for tag in model.tags:
        tid = model.tag_id(tag)
        truth = {c.oracle_id for c in cards if tag in labels.get(c.oracle_id, ())}
        guessed = {oid for oid, ts in predicted.items() if any(t.id == tid for t in ts)}
        out.append(TagScores(tag, len(truth), len(guessed), len(truth & guessed)))
    return out
