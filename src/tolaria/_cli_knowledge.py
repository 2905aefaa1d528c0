"""Commands over the knowledge search and the tags:

tolaria ask "what happens to excess damage when a blocker dies"
tolaria similar "Llanowar Elves" cards that mean much the same (needs the embeddings)
tolaria knowledge embed          compute the embeddings an ingest left out (ranking by meaning)
tolaria tags CARD                a card's tags with their kind and evidence
tolaria tags train --labels PATH train the predicted-tag model on Scryfall Tagger labels
"""

from __future__ import annotations

import json
import sys
import textwrap


def register(sub, command, CommandError, django_setup, migrate) -> None:
    p = sub.add_parser("ask", help="search the rules, glossary, rulings and cards in plain words")
    p.add_argument("question")
    p.add_argument("--limit", type=int, default=10)
    p.add_argument("--json", action="store_true")

    def ask(args) -> int:
        django_setup()
        from tolaria.site import knowledge_search
        from tolaria.site.api.knowledge import hit_object

        if not args.question.strip():
            raise CommandError("ask what? give a question or some words")
        hits = knowledge_search.search_knowledge(args.question, limit=max(1, args.limit))
        status = knowledge_search.meaning_status()
        suggestion = knowledge_search.syntax_for(args.question)
        if args.json:
            print(
                json.dumps(
                    {
                        "query": args.question,
                        "ranking_by_meaning": status is None,
                        "suggested_query": suggestion,
                        "data": [hit_object(h) for h in hits],
                    },
                    indent=2,
                )
            )
            return 0
        if status:
            print(status, file=sys.stderr)
        for rank, hit in enumerate(hits, 1):
            doc = hit.document
            label = {"rule": f"CR {doc.ref}", "glossary": "Glossary", "ruling": "Ruling", "card": "Card"}[doc.kind]
            excerpt = "".join(f"[{t}]" if m else t for t, m in hit.excerpt)
            print(f"{rank:>2}. {label}: {doc.title}")
            print(textwrap.indent(textwrap.fill(excerpt, 100), "      "))
        if suggestion:
            print(f"\nAs a card search: {suggestion}")
        return 0 if hits else 1

    command("ask")(ask)

    p = sub.add_parser("similar", help="cards whose text means much the same and that share tags (reprints excluded)")
    p.add_argument("name")
    p.add_argument("--limit", type=int, default=10)

    def similar(args) -> int:
        django_setup()
        from tolaria.site import knowledge_search
        from tolaria.site.catalog.services import find_card

        card, suggestions = find_card(args.name)
        if card is None:
            hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
            raise CommandError(f"no card named {args.name!r}.{hint}")
        status = knowledge_search.meaning_status()
        if status:
            raise CommandError(f"{status} Run `tolaria knowledge embed` first.")
        print(f"Cards like {card.name}:")
        for item in knowledge_search.similar_to(card.oracle_id, k=max(1, args.limit)):
            print(f"  {item['score']:.3f}  {item['name']}  — {item['reason']}")
        return 0

    command("similar")(similar)

    p = sub.add_parser("knowledge", help="the knowledge index: `knowledge embed` computes its embeddings")
    p.add_argument("action", choices=("embed",))

    def knowledge(args) -> int:
        django_setup()
        migrate()
        from tolaria.site import knowledge_search

        index = knowledge_search.embed_now(progress=sys.stderr.isatty())
        if not index.semantic_available:
            raise CommandError(index.unavailable_reason or "ranking by meaning is unavailable")
        print(f"Embedded {len(index):,} documents; ranking by meaning is on.")
        return 0

    command("knowledge")(knowledge)

    p = sub.add_parser("tags", help="a card's tags, or `tags train --labels PATH` for the predicted-tag model")
    p.add_argument("words", nargs="+", metavar="CARD|train")
    p.add_argument("--labels", help="with train: Scryfall Tagger labels (scryboard otags .json.gz)")
    p.add_argument("--out", help="with train: where the model goes (default: $TOLARIA_DATA_DIR/models/)")
    p.add_argument("--json", action="store_true")

    def tags(args) -> int:
        django_setup()
        if args.words == ["train"]:
            return _train(args, CommandError, migrate)
        from tolaria.site import derived
        from tolaria.site.catalog.services import find_card

        card, suggestions = find_card(" ".join(args.words))
        if card is None:
            hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
            raise CommandError(f"no card named {' '.join(args.words)!r}.{hint}")
        found = derived.card_tags(card.oracle_id)
        if args.json:
            print(json.dumps(found, indent=2))
            return 0
        print(card.name)
        for tag in sorted(found, key=lambda t: (t["group"], t["label"])):
            why = "; ".join(
                e.get("text") or ", ".join(e.get("facts", ())) or e.get("field", "") for e in tag["evidence"]
            )
            confidence = f" {tag['confidence']:.2f}" if tag.get("confidence") is not None else ""
            print(f"  {tag['group']:<20} {tag['label']:<28} {tag['kind']}{confidence}  {why}")
        if not derived.predicted_available():
            from tolaria.tags import PREDICTED_UNAVAILABLE

            print(f"  {PREDICTED_UNAVAILABLE}")
        return 0

    command("tags")(tags)


def _train(args, CommandError, migrate) -> int:
    from pathlib import Path

    from django.conf import settings

    from tolaria.site import derived
    from tolaria.site.catalog.repository import load_corpus
    from tolaria.tags import predict

    if not args.labels:
        raise CommandError("tags train needs --labels PATH (e.g. ../shared/data/tags/scryboard-otags-20260629.json.gz)")
    migrate()
    corpus = load_corpus()
    cards = list(corpus.cards.values())
    otags = predict.load_otags(args.labels)
    labels, _matched = predict.labels_from_otags(cards, otags)
    train_cards, test_cards = predict.split_by_oracle(cards)
    model = predict.train(train_cards, labels)
    scores = predict.evaluate(model, test_cards, labels)
    out = Path(args.out) if args.out else Path(settings.DATA_DIR) / "models" / derived.MODEL_NAME
    out.parent.mkdir(parents=True, exist_ok=True)
    final = predict.train(cards, labels)  # the shipped model learns from every labelled card
    final.save(out)
    print("held-out cards (20%, split by oracle card):")
    for score in scores:
        print(
            f"  {score.tag:<16} precision {score.precision:.3f}  recall {score.recall:.3f}  ({score.support} positives)"
        )
    print(f"model written to {out}")
    derived.predicted_model.cache_clear()
    return 0
