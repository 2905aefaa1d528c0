"""Commands over the tags:

tolaria tags CARD                a card's tags with their kind and evidence
tolaria tags train --labels PATH train the predicted-tag model on Scryfall Tagger labels
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from . import _site
from ._registry import CommandError, arg, command


@command(
    "tags",
    "a card's tags, or `tags train --labels PATH` for the predicted-tag model",
    arg("words", nargs="+", metavar="CARD|train"),
    arg("--labels", help="with train: Scryfall Tagger labels (scryboard otags .json.gz)"),
    arg("--out", help="with train: where the model goes (default: $TOLARIA_DATA_DIR/models/)"),
    arg("--json", action="store_true"),
)
def cmd_tags(args: argparse.Namespace) -> int:
    _site.setup_django()
    if args.words == ["train"]:
        return tags_train(args)
    from tolaria.site.catalog.services import find_card
    from tolaria.site.stores import tags as tag_store

    name = " ".join(args.words)
    card, suggestions = find_card(name)
    if card is None:
        raise CommandError(_site.no_card_named(name, suggestions))
    found = tag_store.card_tags(card.oracle_id)
    if args.json:
        print(json.dumps(found, indent=2))
        return 0
    print(card.name)
    for tag in sorted(found, key=lambda t: (t["group"], t["label"])):
        why = "; ".join(e.get("text") or ", ".join(e.get("facts", ())) or e.get("field", "") for e in tag["evidence"])
        confidence = f" {tag['confidence']:.2f}" if tag.get("confidence") is not None else ""
        print(f"  {tag['group']:<20} {tag['label']:<28} {tag['kind']}{confidence}  {why}")
    if not tag_store.predicted_available():
        from tolaria.tags import PREDICTED_UNAVAILABLE

        print(f"  {PREDICTED_UNAVAILABLE}")
    return 0


def tags_train(args: argparse.Namespace) -> int:
    from django.conf import settings

    from tolaria.site.catalog.repository import load_corpus
    from tolaria.site.stores import tags as tag_store
    from tolaria.tags import predict

    if not args.labels:
        raise CommandError("tags train needs --labels PATH (e.g. ../shared/data/tags/scryboard-otags-20260629.json.gz)")
    _site.migrate()
    corpus = load_corpus()
    cards = list(corpus.cards.values())
    otags = predict.load_otags(args.labels)
    labels, _matched = predict.labels_from_otags(cards, otags)
    train_cards, test_cards = predict.split_by_oracle(cards)
    model = predict.train(train_cards, labels)
    scores = predict.evaluate(model, test_cards, labels)
    out = Path(args.out) if args.out else Path(settings.DATA_DIR) / "models" / tag_store.MODEL_NAME
    out.parent.mkdir(parents=True, exist_ok=True)
    final = predict.train(cards, labels)  # the shipped model learns from every labelled card
    final.save(out)
    print("held-out cards (20%, split by oracle card):")
    for score in scores:
        print(
            f"  {score.tag:<16} precision {score.precision:.3f}  recall {score.recall:.3f}  ({score.support} positives)"
        )
    print(f"model written to {out}")
    tag_store.predicted_model.cache_clear()
    return 0
