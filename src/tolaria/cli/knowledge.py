"""Commands over the knowledge search:

tolaria ask "what happens to excess damage when a blocker dies"
tolaria similar "Llanowar Elves" cards that mean much the same (needs the embeddings)
tolaria knowledge embed          compute the embeddings an ingest left out (ranking by meaning)
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap

from . import _site
from ._registry import CommandError, arg, command


@command(
    "ask",
    "ask a rules question (or plain words): the rules that answer it, then rulings and cards",
    arg("question"),
    arg("--limit", type=int, default=10),
    arg("--json", action="store_true"),
)
def cmd_ask(args: argparse.Namespace) -> int:
    _site.setup_django()
    from tolaria.site.api.knowledge import answers_object
    from tolaria.site.stores import knowledge_index

    if not args.question.strip():
        raise CommandError("ask what? give a question or some words")
    limit = max(1, args.limit)
    answers = knowledge_index.answer(args.question, rules=limit, rulings=min(limit, 5), cards=min(limit, 5))
    status = knowledge_index.meaning_status()
    groups = {"rules": answers.rules, "rulings": answers.rulings, "cards": answers.cards}
    if args.json:
        print(json.dumps(answers_object(answers), indent=2))
        return 0 if answers.shown else 1
    if status:
        print(status, file=sys.stderr)
    for reading in answers.readings:
        print(f"Read “{reading.words}” as “{reading.rules_words}”.")
    rank = 0
    for name, hits in groups.items():
        if not hits:
            continue
        print(f"{name.capitalize()}:")
        for hit in hits:
            rank += 1
            doc = hit.document
            label = {"rule": f"CR {doc.ref}", "glossary": "Glossary", "ruling": "Ruling", "card": "Card"}[doc.kind]
            excerpt = "".join(f"[{t}]" if m else t for t, m in hit.excerpt)
            if hit.excerpt_from:
                excerpt = f"From {hit.excerpt_from}: {excerpt}"
            also = f"  (+{len(hit.also)} more)" if hit.also and doc.kind == "ruling" else ""
            print(f"{rank:>2}. {label}: {doc.title}{also}")
            print(textwrap.indent(textwrap.fill(excerpt, 100), "      "))
    if answers.suggestion:
        print(f"\nAs a card search: {answers.suggestion}")
    return 0 if answers.shown else 1


@command(
    "similar",
    "cards whose text means much the same and that share tags (reprints excluded)",
    arg("name"),
    arg("--limit", type=int, default=10),
)
def cmd_similar(args: argparse.Namespace) -> int:
    _site.setup_django()
    from tolaria.site.catalog.services import find_card
    from tolaria.site.stores import knowledge_index, similar

    card, suggestions = find_card(args.name)
    if card is None:
        raise CommandError(_site.no_card_named(args.name, suggestions))
    status = knowledge_index.meaning_status()
    if status:
        raise CommandError(f"{status} Run `tolaria knowledge embed` first.")
    print(f"Cards like {card.name}:")
    for item in similar.similar_to(card.oracle_id, k=max(1, args.limit)):
        print(f"  {item['score']:.3f}  {item['name']}  — {item['reason']}")
    return 0


@command(
    "knowledge",
    "the knowledge index: `knowledge embed` computes its embeddings",
    arg("action", choices=("embed",)),
)
def cmd_knowledge(args: argparse.Namespace) -> int:
    _site.setup_django()
    _site.migrate()
    from tolaria.site.stores.derive import embed_knowledge_index

    index = embed_knowledge_index(progress=_site.is_tty())
    if not index.semantic_available:
        raise CommandError(index.unavailable_reason or "ranking by meaning is unavailable")
    print(f"Embedded {len(index):,} documents; ranking by meaning is on.")
    return 0
