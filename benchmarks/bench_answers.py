"""Answers to players' rules questions: hit@1, hit@10 and MRR@10 of the results as a player sees them
(rules first, then rulings and cards), per ranking, beside a plain SQLite FTS5 BM25 over the rule texts,
on the dev and the held-out questions of tests/knowledge/data/player_questions.json apart; the time to
embed every document with the static model; question latency. Prints Markdown for BENCHMARKS.md.

    python benchmarks/bench_answers.py                          # shipped CR + the shipped sample cards
    python benchmarks/bench_answers.py --full AllPrintings.json.xz
    python benchmarks/bench_answers.py --index $TOLARIA_DATA_DIR/stores/knowledge_index-3-...  # as ingested
    python benchmarks/bench_answers.py --index DIR --only site --split dev   # one configuration, one split

``--index`` reads the knowledge index an ingest saved (its documents, BM25 and static vectors) instead of
building one: the full data in a minute, not the build's many. ``--only`` scores one configuration (a part
of its name; "site" is the site's, the last), ``--split`` one split; ``--per-question PATH`` writes each
question's place and quoted rule in the site's configuration (JSON), to compare two runs question by question.

By meaning with MiniLM covers the rules and glossary only (their vectors ship with the package,
src/tolaria/data/knowledge/, written by scripts/embed_rules.py); embedding every card and ruling with
MiniLM takes far longer than the five minutes an ingest may spend, so cards and rulings are embedded
with the static model only (the site's configuration: the last two rankings). The latency is that of a
whole answer page (rules, rulings, cards) after a warm-up question; query embeddings are not reused
between questions.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tolaria.cards import load_sample
from tolaria.cards._read import read_corpus
from tolaria.knowledge import Answerer, KnowledgeIndex, StaticEmbedder, documents_from
from tolaria.knowledge._embed import shipped_rule_vectors
from tolaria.knowledge._evaluate import (
    Fts5Rules,
    answering_position,
    load_player_questions,
    quoted_rule,
    quotes_the_answer,
    score_answers,
    score_with_sentences,
)
from tolaria.knowledge._lexical import LexicalRanker
from tolaria.rules import shipped_rulebook

QUESTIONS = ROOT / "tests" / "knowledge" / "data" / "player_questions.json"


def _cards(full: str | None):
    if full:
        return read_corpus(full).cards, f"all cards of {Path(full).name}"

    return load_sample().cards, "the shipped sample"


def _latency(answerer: Answerer, questions, mode: str) -> tuple[float, float, float]:
    """Wall-clock p50 and p90 of a question, and its CPU time p50 (this process's, all its threads): on a
    shared machine the wall clock also counts the waits for a core, the CPU time does not."""
    answerer.answer("warm up", mode=mode)
    times, cpu = [], []
    for q in questions:
        t, c = time.perf_counter(), time.process_time()
        answerer.answer(q["query"], mode=mode)
        times.append((time.perf_counter() - t) * 1000)
        cpu.append((time.process_time() - c) * 1000)
    times.sort()
    return statistics.median(times), times[int(len(times) * 0.9)], statistics.median(cpu)


def _one_question(q: dict, shown: list) -> dict:
    """A question's place in the site's configuration: where its first right rule is, what the first hit quotes."""
    first = shown[0] if shown else None
    return {
        "id": q["id"],
        "split": q["split"],
        "position": answering_position(shown, q["rules"]),
        "first": first.document.ref if first is not None else None,
        "quoted": quoted_rule(first) if first is not None else None,
        "sentence": quotes_the_answer(first, [q.get("answer_rule") or q["rules"][0]]) if first is not None else False,
    }


def _corpus(
    args: argparse.Namespace, figures: list[tuple[str, str]]
) -> tuple[list, LexicalRanker, KnowledgeIndex, str]:
    """The documents, their BM25 and the static index: read from a saved index (``--index``) or built."""
    t = time.perf_counter()
    if args.index:
        static_index = KnowledgeIndex.load(args.index)
        documents, lexical = static_index.documents, static_index.lexical
        corpus = f"the index saved at {Path(args.index).name}"
        figures.append(("read the saved index", f"{time.perf_counter() - t:.1f} s"))
    else:
        cards, corpus = _cards(args.full)
        figures.append(("read cards", f"{time.perf_counter() - t:.1f} s"))
        documents = documents_from(shipped_rulebook(), cards)

        t = time.perf_counter()
        lexical = LexicalRanker.build([d.lexical_text for d in documents])
        figures.append(("lexical index (BM25) build", f"{time.perf_counter() - t:.1f} s"))

        static = StaticEmbedder()
        t = time.perf_counter()
        static_vectors = static.embed([d.embedding_text for d in documents])
        figures.append(
            (
                f"embedding all {len(documents):,} documents, static model ({os.cpu_count()} cores)",
                f"{time.perf_counter() - t:.1f} s",
            )
        )
        static_index = KnowledgeIndex(documents, lexical, static_vectors, static, None)
    return documents, lexical, static_index, corpus


def _site_tables(answerers: dict, indexes: dict, splits: dict, per_question_path: str | None) -> None:
    """The site's configuration (the last scored) split by "names a card" and by topic; each question's place."""
    site_label = list(indexes)[-1]
    site, site_mode = answerers[site_label], indexes[site_label][2]
    by_topic: dict[str, dict[str, list]] = {}
    per_question = []
    for split, questions in splits.items():
        groups: dict[str, list] = {"all": [], "names a card": [], "names no card": []}
        for q in questions:
            a = site.answer(q["query"], mode=site_mode)
            pair = (a.shown, q["rules"], q.get("answer_rule"))
            groups["all"].append(pair)
            names = q["names_card"] if "names_card" in q else bool(a.named_cards)
            groups["names a card" if names else "names no card"].append(pair)
            by_topic.setdefault(split, {}).setdefault(q.get("topic", "?"), []).append(pair)
            per_question.append(_one_question(q, a.shown))
        for name, pairs in groups.items():
            print(f"| {split} | {name} ({len(pairs)}) | {score_with_sentences(pairs).row()} |")
    print(f"\n(the configuration of these tables: {site_label})")
    print("\nBy topic, the same configuration:\n")
    print("| split | topic | right rule in first 10 | first result right | first, with its sentence |")
    print("|---|---|---:|---:|---:|")
    for split, topics in by_topic.items():
        for topic, pairs in sorted(topics.items()):
            print(f"| {split} | {topic} ({len(pairs)}) | {score_with_sentences(pairs).row()} |")
    if per_question_path:
        Path(per_question_path).write_text(json.dumps(per_question, indent=1) + "\n")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--full", metavar="PATH", help="every card of this data file instead of the sample")
    ap.add_argument("--index", metavar="DIR", help="a knowledge index saved by an ingest (KnowledgeIndex.save)")
    ap.add_argument("--no-minilm", action="store_true", help="skip the MiniLM rankings")
    ap.add_argument(
        "--only", metavar="NAME", help='score only the configuration whose name holds this ("site": the last)'
    )
    ap.add_argument("--split", metavar="SPLIT", help="score only this split (dev, heldout)")
    ap.add_argument("--no-latency", action="store_true", help="skip the latency figures")
    ap.add_argument("--per-question", metavar="PATH", help="write each question's place and quoted rule (JSON)")
    ap.add_argument(
        "--questions",
        metavar="PATH",
        default=str(QUESTIONS),
        help="another question file of the same shape (a sealed fresh draw): its splits are scored as they are",
    )
    args = ap.parse_args(argv)

    figures: list[tuple[str, str]] = []
    documents, lexical, static_index, corpus = _corpus(args, figures)
    kinds = {k: sum(d.kind == k for d in documents) for k in ("rule", "glossary", "ruling", "card")}
    indexes = {
        "lexical (BM25)": (KnowledgeIndex(documents, lexical, None, None, "lexical"), None, "lexical"),
        "by meaning (static)": (static_index, None, "semantic"),
        "fused (BM25 + static)": (static_index, None, "fused"),
    }
    if not args.no_minilm:
        rules = [d for d in documents if d.kind in ("rule", "glossary")]
        t = time.perf_counter()
        shipped = shipped_rule_vectors(rules)
        figures.append(
            (
                f"shipped MiniLM vectors of the {len(rules):,} rules and glossary entries, read",
                f"{time.perf_counter() - t:.1f} s" if shipped is not None else "absent or not matching this CR",
            )
        )
        if shipped is not None:
            # the site's configuration: the rules by MiniLM (shipped), the rulings and cards by the static model
            indexes["by meaning (MiniLM rules, static cards)"] = (static_index, shipped, "semantic")
            indexes["fused (BM25 + MiniLM rules, static cards)"] = (static_index, shipped, "fused")

    site_name = list(indexes)[-1]
    if args.only:
        wanted = site_name if args.only == "site" else args.only
        indexes = {name: v for name, v in indexes.items() if wanted in name}
        if not indexes:
            ap.error(f"--only {args.only}: no configuration's name holds it")
    every = [q for q in load_player_questions(args.questions) if not args.split or q["split"] == args.split]
    splits = {s: [q for q in every if q["split"] == s] for s in dict.fromkeys(q["split"] for q in every)}
    rows_out = []
    mixed = KnowledgeIndex(documents, lexical, None, None, "lexical")
    answerers = {name: Answerer(index, rules=rules) for name, (index, rules, _mode) in indexes.items()}
    for split, questions in splits.items():
        fts5 = Fts5Rules(documents)
        rows_out.append(
            (split, "SQLite FTS5 BM25 over the rule texts (baseline)", score_answers(fts5.search, questions))
        )
        if not args.only:
            rows_out.append(
                (split, "before: all kinds mixed, lexical", score_answers(lambda q: mixed.search(q, k=10), questions))
            )
        for name, (_index, _rules, mode) in indexes.items():
            answerer = answerers[name]
            scores = score_answers(lambda q, a=answerer, m=mode: a.answer(q, mode=m).shown, questions)
            rows_out.append((split, f"answers, {name}", scores))
    for name, (index, rules, mode) in ({} if args.no_latency else indexes).items():
        p50, p90, cpu = _latency(Answerer(index, rules=rules), every, mode)
        figures.append(
            (
                f"question latency, whole answer page, {name} (p50 / p90; CPU time p50)",
                f"{p50:.0f} / {p90:.0f} ms; {cpu:.0f} ms",
            )
        )

    print(f"## Answers to players' rules questions ({corpus})\n")
    print(
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.1f} at the end. Corpus: shipped CR + {corpus}: {len(documents):,} "
        f"documents ({kinds['rule']:,} rules, {kinds['glossary']:,} glossary, {kinds['ruling']:,} rulings, "
        f"{kinds['card']:,} cards). Questions: {' + '.join(f'{len(qs)} {s}' for s, qs in splits.items())} "
        f"({Path(args.questions).name}). A result is right when it is an expected rule, one of "
        "its subrules, or the numbered rule holding an expected subrule.\n"
    )
    print("| split | ranking | right rule in first 10 | first result right | MRR@10 |")
    print("|---|---|---:|---:|---:|")
    for split, name, s in rows_out:
        print(f"| {split} ({s.questions}) | {name} | {s.row()} |")
    print(
        "\nThe site's configuration, split by whether the question names a card (its names_card, else as the answerer"
        ' finds names in it); "with its sentence": the first result also quotes a sentence of the answering subrule'
        " (the question's answer_rule).\n"
    )
    print("| split | questions | right rule in first 10 | first result right | first, with its sentence |")
    print("|---|---|---:|---:|---:|")
    _site_tables(answerers, indexes, splits, args.per_question)
    print("\n| Figure | Value |")
    print("|---|---:|")
    for name, value in figures:
        print(f"| {name} | {value} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
