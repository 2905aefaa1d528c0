"""Tags benchmark: keyword agreement with MTGJSON, gold-set precision/recall, tagging time on the full
data, and the predicted-tag model's held-out precision/recall per tag. Prints Markdown for BENCHMARKS.md.

    python benchmarks/bench_tags.py --data ../shared/data/mtgjson/AllPrintings-5.2.0+20220425.json.xz \
        --labels ../shared/data/tags/scryboard-otags-20260629.json.gz [--model-out var/tags-model.joblib]

The data file is anything ``tolaria.cards.read_mtgjson`` reads (AllPrintings, plain or .xz/.gz).
The held-out split is by oracle card with a fixed seed (``--seed``), 20 % test.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tolaria.cards import read_mtgjson
from tolaria.tags import Tagger, facets_for
from tolaria.tags._eval import evaluate_gold, keyword_agreement, load_gold
from tolaria.tags.predict import DEFAULT_TAGS, evaluate, labels_from_otags, load_otags, split_by_oracle, train


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True, help="MTGJSON AllPrintings (json, .xz or .gz)")
    ap.add_argument("--labels", help="Scryfall Tagger otags file (json.gz); without it no model is trained")
    ap.add_argument("--gold", default=str(ROOT / "tests" / "tags" / "data" / "gold.json"))
    ap.add_argument("--model-out", help="save the trained model (trained on the train split) here")
    ap.add_argument("--seed", type=int, default=20260629)
    ap.add_argument("--test-fraction", type=float, default=0.2)
    ap.add_argument("--show-misses", type=int, default=15)
    args = ap.parse_args(argv)

    out: list[str] = []
    say = out.append
    say("## Tags")
    say("")
    say(
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
        f"data: `{Path(args.data).name}`"
    )
    say("")

    t0 = time.perf_counter()
    corpus = read_mtgjson(args.data)
    cards = list(corpus.cards.values())
    load_s = time.perf_counter() - t0

    tagger = Tagger()
    tagger.tag(cards[0])  # vocabulary and regexes compiled once, outside the timing
    t0, c0 = time.perf_counter(), time.process_time()
    tags = tagger.tag_many(cards)
    tag_s, tag_cpu = time.perf_counter() - t0, time.process_time() - c0
    t0 = time.perf_counter()
    facets_for(tags)
    facet_s = time.perf_counter() - t0
    n_tags = sum(len(v) for v in tags.values())
    kinds: dict[str, int] = {}
    for ts in tags.values():
        for t in ts:
            kinds[t.kind] = kinds.get(t.kind, 0) + 1

    t0 = time.perf_counter()
    agreement = keyword_agreement(cards)
    agree_s = time.perf_counter() - t0
    gold = evaluate_gold(load_gold(args.gold), tagger)

    say("| measure | value |")
    say("| --- | --- |")
    say(f"| cards (oracle) | {len(cards):,} (read in {load_s:.1f} s) |")
    say(
        f"| tagging time, all cards (attributes + extracted + inferred) | {tag_s:.1f} s "
        f"wall, {tag_cpu:.1f} s CPU ({1000 * tag_cpu / len(cards):.2f} ms CPU per card; one process) |"
    )
    say(f"| tags produced | {n_tags:,} ({', '.join(f'{k} {v:,}' for k, v in sorted(kinds.items()))}) |")
    say(f"| facets_for, all cards | {facet_s:.2f} s |")
    say(
        f"| keyword agreement with MTGJSON `keywords` | {100 * agreement.rate:.2f} % "
        f"({agreement.agreeing:,} / {agreement.cards:,}; {agreement.cards - agreement.agreeing} cards differ; "
        f"{agree_s:.1f} s) |"
    )
    say(f"| gold set: cards / expected extracted tags | {gold.cards} / {gold.true_positives + gold.false_negatives} |")
    say(f"| gold set: extracted precision | {100 * gold.precision:.2f} % |")
    say(f"| gold set: extracted recall | {100 * gold.recall:.2f} % |")
    say(f"| gold set: expected attribute/inferred tags missing | {len(gold.also_missing)} |")
    say("")
    say(
        "Keyword misses (in MTGJSON `keywords`, not tagged): "
        + ", ".join(f"{k} {v}" for k, v in agreement.misses.most_common(args.show_misses))
    )
    say("")
    say(
        "Keyword extras (tagged, not in MTGJSON `keywords`): "
        + ", ".join(f"{k} {v}" for k, v in agreement.extras.most_common(args.show_misses))
    )
    say("")
    if gold.misses or gold.extras:
        say(f"Gold misses: {gold.misses[: args.show_misses]}; extras: {gold.extras[: args.show_misses]}")
        say("")

    if args.labels:
        otags = load_otags(args.labels)
        labels, unmatched = labels_from_otags(cards, otags)
        train_cards, test_cards = split_by_oracle(cards, args.test_fraction, args.seed)
        tags_to_learn = [t for t in DEFAULT_TAGS if t in otags]
        t0 = time.perf_counter()
        model = train(train_cards, labels, tags=tags_to_learn, tagger=tagger)
        train_s = time.perf_counter() - t0
        t0 = time.perf_counter()
        scores = evaluate(model, test_cards, labels, tagger)
        pred_s = time.perf_counter() - t0
        say(
            f"Predicted tags (`tolaria.tags.predict`, model `{model.model_version}`): trained on "
            f"{len(train_cards):,} cards in {train_s:.1f} s, evaluated on {len(test_cards):,} held-out oracle "
            f"cards (seed {args.seed}) in {pred_s:.1f} s. Labels: Scryfall Tagger otags "
            f"({Path(args.labels).name}) matched by name; unmatched names dropped: "
            + ", ".join(f"{t} {unmatched.get(t, 0)}" for t in tags_to_learn)
            + "."
        )
        say("")
        say("| tag | held-out positives | predicted | precision | recall |")
        say("| --- | ---: | ---: | ---: | ---: |")
        for s in scores:
            say(f"| {s.tag} | {s.support} | {s.predicted} | {100 * s.precision:.1f} % | {100 * s.recall:.1f} % |")
        say("")
        if args.model_out:
            model.save(args.model_out)
            say(f"Model saved to `{args.model_out}` ({Path(args.model_out).stat().st_size / 1e6:.1f} MB).")
            say("")
    print("\n".join(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
