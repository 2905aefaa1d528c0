"""Tolaria's card search side by side with the mtg.wtf engine (taw/magic-search-engine), query by query.

    python benchmarks/bench_vs_mtgwtf.py CHECKOUT [--ruby /usr/bin/ruby] [--data AllPrintings.json.xz]
        [--queries FILE ...] [--repeat 5] [--skip-index] [--index IDX] [--markdown OUT]

CHECKOUT is a checkout of https://github.com/taw/magic-search-engine (it is 7.4 GB with its card
pictures: it is not fetched here). The peer indexes the same MTGJSON file as Tolaria, as its own
README and Rakefile say: ``indexer/bin/split_mtgjson ALLPRINTINGS`` splits it into data/sets/, then
``indexer/bin/indexer`` writes index/index.json (skipped with --skip-index when it is already there).
Then one Ruby process loads it (``CardDatabase.load`` from search-engine/lib/card_database) and
answers queries on its standard input, one JSON line each, timing ``db.search(query)`` itself; this
process times ``tolaria.search.search`` the same way. The engines take turns query by query (the
first to run alternates), so a change of machine load hits both alike. Run it under
``flock /tmp/tolaria-big.lock`` with Debian's ruby (apt-get install ruby, then bundle install in the
checkout for its gems).

The report: per query both medians and the ratio, the queries where Tolaria is slower, and the
median ratio (the issue's goal: no query slower, median ≥ 1,000×).
"""

from __future__ import annotations

import argparse
import json
import lzma
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from tolaria.cards import read_mtgjson
from tolaria.search import CardIndex, build_index, search

HERE = Path(__file__).resolve().parent
DEFAULT_DATA = HERE.parent.parent / "shared" / "data" / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz"
DEFAULT_QUERIES = (HERE / "queries.txt", HERE / "acceptance_queries.txt")

# the peer's side: load the index once, then per JSON line {"q": query, "repeat": n} run the search
# once to warm up and n timed times, and answer {"ms": median, "n": results} (or {"error": ...})
RUBY_WORKER = r"""
require "json"
$LOAD_PATH.unshift(File.join(ARGV[0], "search-engine", "lib"))
require "card_database"
db = CardDatabase.load
STDOUT.sync = true
STDOUT.puts JSON.dump({"ready" => true})
STDIN.each_line do |line|
  ask = JSON.parse(line)
  begin
    result = db.search(ask["q"])
    runs = (1..ask["repeat"]).map do
      t = Process.clock_gettime(Process::CLOCK_MONOTONIC)
      result = db.search(ask["q"])
      Process.clock_gettime(Process::CLOCK_MONOTONIC) - t
    end
    runs.sort!
    mid = runs.size / 2
    median = runs.size.odd? ? runs[mid] : (runs[mid - 1] + runs[mid]) / 2.0
    count = result.respond_to?(:card_names) ? result.card_names.size : (result.respond_to?(:size) ? result.size : -1)
    STDOUT.puts JSON.dump({"ms" => median * 1000.0, "n" => count})
  rescue StandardError => e
    STDOUT.puts JSON.dump({"error" => "#{e.class}: #{e.message}"})
  end
end
"""


@dataclass
class Timing:
    ms: float | None  # the median of the timed runs; None when the engine failed on the query
    results: int = -1
    error: str = ""


@dataclass
class Row:
    query: str
    ours: Timing
    peer: Timing

    @property
    def ratio(self) -> float | None:
        """How many times faster Tolaria is (peer time / our time); None when either failed."""
        if self.ours.ms is None or self.peer.ms is None:
            return None
        return self.peer.ms / self.ours.ms if self.ours.ms > 0 else float("inf")


Engine = Callable[[str], Timing]


def read_queries(paths: Iterable[Path]) -> list[str]:
    """The queries of the files, in order, each once: blank lines and # comments left out."""
    seen: dict[str, None] = {}
    for path in paths:
        for line in Path(path).read_text(encoding="utf-8").splitlines():
            text = line.strip()
            if text and not text.startswith("#"):
                seen.setdefault(text, None)
    return list(seen)


def interleave(queries: Sequence[str], ours: Engine, peer: Engine) -> list[Row]:
    """Each query on both engines in turn; the one that goes first alternates from query to query."""
    rows = []
    for i, query in enumerate(queries):
        if i % 2 == 0:
            mine = ours(query)
            theirs = peer(query)
        else:
            theirs = peer(query)
            mine = ours(query)
        rows.append(Row(query, mine, theirs))
    return rows


def _percentile(values: Sequence[float], p: float) -> float:
    values = sorted(values)
    if not values:
        return float("nan")
    k = (len(values) - 1) * p / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def _ms(value: float | None) -> str:
    return "failed" if value is None else f"{value:.3f}"


def report(rows: Sequence[Row], heading: str = "") -> str:
    """The Markdown report: summary, the queries where Tolaria is slower, then every query."""
    compared = [r for r in rows if r.ratio is not None]
    ratios = [r.ratio for r in compared if r.ratio is not None]
    slower = [r for r in compared if r.ratio is not None and r.ratio < 1]
    ours = [r.ours.ms for r in rows if r.ours.ms is not None]
    peer = [r.peer.ms for r in rows if r.peer.ms is not None]
    failed = [r for r in rows if r.ratio is None]
    lines = [heading or "### Card search against the mtg.wtf engine", ""]
    lines += [
        f"{len(rows)} queries, {len(compared)} answered by both; median speed-up {statistics.median(ratios):.0f}×"
        if ratios
        else f"{len(rows)} queries, none answered by both",
        "",
        "| engine | p50 | p99 | max |",
        "| --- | --- | --- | --- |",
    ]
    for name, values in (("Tolaria", ours), ("mtg.wtf", peer)):
        if values:
            lines.append(
                f"| {name} | {_percentile(values, 50):.3f} ms | {_percentile(values, 99):.3f} ms | {max(values):.3f} ms |"
            )
    lines += ["", f"Slower than the peer: {len(slower)} queries" + (":" if slower else ".")]
    lines += [f"- `{r.query}` {_ms(r.ours.ms)} ms against {_ms(r.peer.ms)} ms" for r in slower]
    if failed:
        lines += ["", f"Not compared ({len(failed)}: an engine failed):"]
        lines += [f"- `{r.query}`: {r.ours.error or r.peer.error}" for r in failed]
    lines += ["", "| query | Tolaria ms | mtg.wtf ms | × | results (ours / peer) |", "| --- | --- | --- | --- | --- |"]
    for r in rows:
        ratio = "" if r.ratio is None else f"{r.ratio:.0f}"
        query = r.query.replace("|", "\\|")
        lines.append(
            f"| `{query}` | {_ms(r.ours.ms)} | {_ms(r.peer.ms)} | {ratio} | {r.ours.results} / {r.peer.results} |"
        )
    return "\n".join(lines) + "\n"


class PeerEngine:
    """The mtg.wtf engine in one Ruby process, asked query by query over its standard input."""

    def __init__(self, checkout: Path, ruby: str, repeat: int) -> None:
        self.repeat = repeat
        fd, self.script = tempfile.mkstemp(suffix=".rb")
        with os.fdopen(fd, "w") as fh:
            fh.write(RUBY_WORKER)
        self.proc = subprocess.Popen(
            [ruby, self.script, str(checkout)],
            cwd=checkout,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            bufsize=1,
        )
        ready = self._read()
        if not ready.get("ready"):
            raise RuntimeError(f"the mtg.wtf engine did not start: {ready}")

    def _read(self) -> dict:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError(f"the mtg.wtf engine stopped (exit status {self.proc.poll()})")
        answer: dict = json.loads(line)
        return answer

    def __call__(self, query: str) -> Timing:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"q": query, "repeat": self.repeat}) + "\n")
        answer = self._read()
        if "error" in answer:
            return Timing(None, error=answer["error"])
        return Timing(float(answer["ms"]), int(answer["n"]))

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=60)
        os.unlink(self.script)


def tolaria_engine(index, repeat: int) -> Engine:
    """Tolaria's search, timed as the peer's is: one warm-up run, then the median of `repeat` runs."""

    def run(query: str) -> Timing:
        try:
            result = search(index, query)
            runs = []
            for _ in range(repeat):
                t = time.perf_counter()
                result = search(index, query)
                runs.append(time.perf_counter() - t)
        except Exception as err:  # a refused query (syntax): reported, not compared
            return Timing(None, error=f"{type(err).__name__}: {err}")
        return Timing(statistics.median(runs) * 1000, result.total)

    return run


def index_peer(checkout: Path, ruby: str, data: Path) -> None:
    """The peer's index of the same MTGJSON file: split it into data/sets/, then run its indexer."""
    with tempfile.TemporaryDirectory() as tmp:
        source = data
        if data.suffix == ".xz":  # the splitter reads plain JSON
            source = Path(tmp) / data.name.removesuffix(".xz")
            with lzma.open(data) as src, open(source, "wb") as dst:
                shutil.copyfileobj(src, dst)
        subprocess.run([ruby, "indexer/bin/split_mtgjson", str(source)], cwd=checkout, check=True)
    subprocess.run([ruby, "indexer/bin/indexer"], cwd=checkout, check=True)


def load_tolaria(data: Path, index_path: str | None):
    if index_path and Path(index_path).exists():
        return CardIndex.load(index_path)

    index = build_index(read_mtgjson(data))
    if index_path:
        index.save(index_path)
    return index


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("checkout", type=Path, help="a checkout of taw/magic-search-engine")
    ap.add_argument("--ruby", default=shutil.which("ruby") or "/usr/bin/ruby")
    ap.add_argument("--data", type=Path, default=DEFAULT_DATA, help="the MTGJSON AllPrintings both engines index")
    ap.add_argument("--queries", type=Path, action="append", help="query files (default: queries.txt, acceptance)")
    ap.add_argument("--repeat", type=int, default=5, help="timed runs of each query on each engine (median kept)")
    ap.add_argument("--skip-index", action="store_true", help="the peer's index/index.json is already built")
    ap.add_argument("--index", default=None, help="a saved Tolaria card index to reuse (written when missing)")
    ap.add_argument("--markdown", default=None, help="write the report to this file")
    args = ap.parse_args(argv)

    if not (args.checkout / "search-engine" / "lib" / "card_database.rb").exists():
        ap.error(f"{args.checkout}: not a checkout of taw/magic-search-engine (no search-engine/lib/card_database.rb)")
    queries = read_queries(args.queries or DEFAULT_QUERIES)
    if not args.skip_index:
        t = time.perf_counter()
        index_peer(args.checkout, args.ruby, args.data)
        print(f"mtg.wtf index built in {time.perf_counter() - t:.0f} s", file=sys.stderr)
    index = load_tolaria(args.data, args.index)
    peer = PeerEngine(args.checkout, args.ruby, args.repeat)
    try:
        rows = interleave(queries, tolaria_engine(index, args.repeat), peer)
    finally:
        peer.close()
    heading = (
        f"### Card search against the mtg.wtf engine — {args.data.name}\n\n"
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.1f} at the end; median of {args.repeat} runs of each query on each "
        "engine, in process, interleaved query by query."
    )
    text = report(rows, heading)
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
