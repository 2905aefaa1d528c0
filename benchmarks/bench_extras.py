"""The card index on the full data without and with the extras (tokens, emblems) and the other
languages (issue 14): rows, file size, build time, peak memory; the printed texts' size (kept in the
printing rows, left out of the pass's corpus and the index).

Usage: python benchmarks/bench_extras.py --data AllPrintings.json.xz [--markdown out.md]
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import tempfile
import time
from pathlib import Path

import orjson

from tolaria.cards import Corpus, read_corpus
from tolaria.search import build_index


def peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, required=True)
    parser.add_argument("--markdown", type=Path)
    args = parser.parse_args()
    load_before = os.getloadavg()
    started = time.perf_counter()
    corpus = read_corpus(args.data)
    read_s = time.perf_counter() - started
    read_peak = peak_mb()
    printed_mb = sum(len(orjson.dumps(p.printed)) for p in corpus.printings.values()) / 1e6
    with_langs = sum(1 for p in corpus.printings.values() if p.langs)
    plain = {k: dataclasses.replace(p, printed={}) for k, p in corpus.printings.items()}
    variants = {
        # what the index held before: no extras, no languages
        "before (no extras, no languages)": Corpus(
            cards=corpus.cards,
            printings={k: dataclasses.replace(p, langs=()) for k, p in plain.items()},
            sets=corpus.sets,
            data_date=corpus.data_date,
        ),
        # as the pass builds it now: the printed texts left out (repository.load_corpus)
        "after (extras and languages)": Corpus(
            cards=corpus.cards,
            printings=plain,
            sets=corpus.sets,
            data_date=corpus.data_date,
            extras=corpus.extras,
            extra_printings=corpus.extra_printings,
        ),
    }
    rows = []
    for name, variant in variants.items():
        started = time.perf_counter()
        index = build_index(variant)
        seconds = time.perf_counter() - started
        with tempfile.TemporaryDirectory() as tmp:
            size = index.save(Path(tmp) / "index.bin")
        rows.append(
            f"| {name} | {index.n_cards:,} | {index.n_printings:,} | {size / 1e6:.1f} | {seconds:.1f} | {peak_mb():.0f} |"
        )
        del index
    lines = [
        f"{args.data.name}: {len(corpus.cards):,} cards, {len(corpus.printings):,} printings; "
        f"{len(corpus.extras):,} extras with {len(corpus.extra_printings):,} printings; {with_langs:,} printings "
        f"printed in other languages, whose names and texts take {printed_mb:.1f} MB of JSON in the printing rows. "
        f"Read in {read_s:.1f} s (peak RSS {read_peak:.0f} MB). Load average before: "
        + " ".join(f"{x:.2f}" for x in load_before)
        + "; after: "
        + " ".join(f"{x:.2f}" for x in os.getloadavg())
        + ".",
        "",
        "| index | cards | printing rows | file (MB) | build (s) | peak RSS so far (MB) |",
        "|---|---|---|---|---|---|",
        *rows,
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        args.markdown.write_text(text)


if __name__ == "__main__":
    main()
