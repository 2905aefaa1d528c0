"""Benchmark the card search engine on the full data.

    python benchmarks/bench_search.py [--data PATH] [--markdown OUT] [--baseline-limit N]
                                      [--corpus-pickle PKL] [--index IDX] [--queries FILE ...]

Loads the corpus (MTGJSON AllPrintings), builds the index (timed), saves and loads it (timed, file
size), then runs every query of benchmarks/queries.txt and benchmarks/acceptance_queries.txt (or the
--queries files): in-process latency p50/p95/p99/max of search() per file and over both, the per-card
baseline (the plain predicates over every printing) for the same queries and the ratio, and the
process RSS. Prints a Markdown table (and writes it to --markdown OUT).

--index IDX reuses a saved card index (written there when it is missing): the build is not redone,
for a session that benchmarks the same data again and again (run it under flock /tmp/tolaria-big.lock).
"""

from __future__ import annotations

import argparse
import gc
import os
import pickle
import platform
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tolaria.cards import read_mtgjson
from tolaria.search import CardIndex, build_index, search
from tolaria.search._compile import compile_query
from tolaria.search._parser import parse
from tolaria.search._reference import Reference

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent.parent / "shared" / "data" / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz"


def rss_mb() -> float:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def percentile(values, p):
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def load_queries(path: Path) -> list[str]:
    return [
        l.strip() for l in path.read_text(encoding="utf-8").splitlines() if l.strip() and not l.lstrip().startswith("#")
    ]


def time_query(index, query: str, repeat: int) -> tuple[float, int]:
    """(the median of `repeat` timed runs in seconds, the number of results) of one query, after a
    warm-up run (lazy joins, caches of compiled regexes)."""

    search(index, query)
    runs = []
    for _ in range(repeat):
        t = time.perf_counter()
        r = search(index, query)
        runs.append(time.perf_counter() - t)
    return statistics.median(runs), r.total


def spread(latencies: list[float]) -> str:
    """p50 / p99 / max of latencies in seconds, in ms."""
    if not latencies:
        return "no queries"
    return (
        " / ".join(f"{v * 1000:.2f}" for v in (percentile(latencies, 50), percentile(latencies, 99), max(latencies)))
        + " ms"
    )


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--data", action="append", help="MTGJSON files (AllPrintings, set files or a tar of them); repeat for several"
    )
    ap.add_argument("--corpus-pickle", default=None, help="(development) a pickled Corpus to skip reading the data")
    ap.add_argument("--queries", action="append", help="query files (default: queries.txt and acceptance_queries.txt)")
    ap.add_argument("--index", default=None, help="a saved card index to reuse (built and saved there when missing)")
    ap.add_argument("--markdown", default=None, help="write the Markdown table to this file")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs of each query (the median is kept)")
    ap.add_argument(
        "--baseline-limit", type=int, default=0, help="run the per-card baseline on only N queries (0: all)"
    )
    args = ap.parse_args(argv)

    rss_start = rss_mb()
    t = time.perf_counter()
    if args.corpus_pickle:
        with open(args.corpus_pickle, "rb") as fh:
            corpus = pickle.load(fh)
    else:
        corpus = read_mtgjson(*(args.data or [DEFAULT_DATA]))
    read_s = time.perf_counter() - t
    print(
        f"corpus: {len(corpus.cards)} cards, {len(corpus.printings)} printings, read in {read_s:.1f} s", file=sys.stderr
    )

    reuse = Path(args.index) if args.index else None
    t = time.perf_counter()
    if reuse is not None and reuse.exists():
        index = CardIndex.load(reuse)
        build_s = float("nan")
        print(f"index reused from {reuse}", file=sys.stderr)
    else:
        index = build_index(corpus)
        build_s = time.perf_counter() - t
        print(f"index built in {build_s:.1f} s", file=sys.stderr)
        if reuse is not None:
            index.save(reuse)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cards.idx"
        t = time.perf_counter()
        size = index.save(path)
        save_s = time.perf_counter() - t
        del index
        gc.collect()
        # load in a fresh process too: RSS of a worker holding only the index

        code = (
            "import time,sys;t=time.perf_counter();from tolaria.search import CardIndex;"
            f"i=CardIndex.load({str(path)!r});d=time.perf_counter()-t;"
            "from tolaria.search import search;search(i,'t:creature o:trample');"
            "s=open('/proc/self/status').read();"
            "r=[int(l.split()[1]) for l in s.splitlines() if l.startswith('VmRSS')][0]/1024;print(d,r)"
        )
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
        fresh_load_s, worker_rss = float(out[0]), float(out[1])
        t = time.perf_counter()
        index = CardIndex.load(path)
        load_s = time.perf_counter() - t
    print(
        f"saved {size / 1e6:.1f} MB in {save_s:.2f} s; loaded in {load_s:.2f} s (fresh process {fresh_load_s:.2f} s)",
        file=sys.stderr,
    )

    files = [Path(q) for q in args.queries] if args.queries else [HERE / "queries.txt", HERE / "acceptance_queries.txt"]
    sets = {f.name: load_queries(f) for f in files}
    queries = [q for qs in sets.values() for q in qs]
    per_query = []
    for q in queries:
        per_query.append((q, *time_query(index, q, args.repeat)))
    latencies = [m for _, m, _ in per_query]
    of_query = {q: m for q, m, _ in per_query}

    ref = Reference(corpus)
    base_queries = queries if not args.baseline_limit else queries[:: max(1, len(queries) // args.baseline_limit)]
    base_lat, ratios = [], []
    fast = of_query
    for q in base_queries:
        compiled = compile_query(parse(q), ref.context())
        if compiled.root is None:  # nothing to evaluate (every term ignored): not a fair comparison
            continue
        t = time.perf_counter()
        ref.evaluate(compiled)
        b = time.perf_counter() - t
        base_lat.append(b)
        ratios.append(b / fast[q] if fast[q] > 0 else float("inf"))
    rss = rss_mb()

    ms = lambda s: f"{s * 1000:.2f} ms"
    slowest = sorted(per_query, key=lambda x: -x[1])[:5]
    lines = [
        f"### Card search — {len(corpus.cards):,} cards, {len(corpus.printings):,} printings",
        "",
        (
            f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
            f"{platform.system()}, load average {os.getloadavg()[0]:.1f} at the end. Data: {', '.join(Path(d).name for d in (args.data or [DEFAULT_DATA]))}. Queries: {len(queries)} from "
            f"{' and '.join(f'benchmarks/{name} ({len(qs)})' for name, qs in sets.items())}, median of {args.repeat} runs each."
        ),
        "",
        "| measure | value | goal |",
        "| --- | --- | --- |",
        f"| corpus read | {read_s:.1f} s | |",
        f"| index build | {'reused' if build_s != build_s else f'{build_s:.1f} s'} | |",
        f"| index file size | {size / 1e6:.1f} MB | |",
        f"| index save | {save_s:.2f} s | |",
        f"| index load (this process / fresh process) | {load_s:.2f} s / {fresh_load_s:.2f} s | ≤ 1 s |",
        f"| search p50 (in-process) | {ms(percentile(latencies, 50))} | ≤ 1 ms |",
        f"| search p95 | {ms(percentile(latencies, 95))} | |",
        f"| search p99 | {ms(percentile(latencies, 99))} | ≤ 5 ms |",
        f"| search max | {ms(max(latencies))} | |",
        *(
            f"| p50 / p99 / max, {name} | {spread([of_query[q] for q in qs])} | p99 ≤ 5 ms |"
            for name, qs in sets.items()
        ),
        f"| per-card baseline p50 ({len(base_lat)} queries) | {ms(percentile(base_lat, 50))} | |",
        f"| speed-up over the baseline, median of per-query ratios | {statistics.median(ratios):.0f}× | ≥ 20× |",
        f"| speed-up, minimum | {min(ratios):.0f}× | |",
        f"| RSS of a worker holding only the loaded index | {worker_rss:.0f} MB | ≤ 400 MB |",
        f"| RSS of this process (corpus objects + index) | {rss:.0f} MB (at start {rss_start:.0f} MB) | |",
        "",
        "Slowest queries: " + "; ".join(f"`{q}` {ms(m)}" for q, m, _ in slowest),
        "",
    ]
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
