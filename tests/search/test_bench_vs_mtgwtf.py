"""The side-by-side script with the mtg.wtf engine (benchmarks/bench_vs_mtgwtf.py): the parts that
need no Ruby — reading the query lists, taking turns query by query, the report, and the line
protocol with the peer's process (here a stand-in that answers as the Ruby worker does)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("bench_vs_mtgwtf", ROOT / "benchmarks" / "bench_vs_mtgwtf.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_vs_mtgwtf"] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_query_lists_are_read_in_order_once_without_comments(bench, tmp_path):
    a = tmp_path / "a.txt"
    a.write_text("# a comment\nt:goblin\n\n  !fire  \nt:goblin\n", encoding="utf-8")
    b = tmp_path / "b.txt"
    b.write_text("!fire\no:/\\spt/\n", encoding="utf-8")
    assert bench.read_queries([a, b]) == ["t:goblin", "!fire", "o:/\\spt/"]


def test_the_shipped_lists_hold_the_173_and_the_300(bench):
    assert len(bench.read_queries([ROOT / "benchmarks" / "acceptance_queries.txt"])) == 300
    both = bench.read_queries(bench.DEFAULT_QUERIES)
    assert len(both) >= 300 and any(q.startswith("o:/") for q in both)


def test_the_engines_take_turns_and_the_first_alternates(bench):
    calls = []

    def engine(name):
        def run(query):
            calls.append((name, query))
            return bench.Timing(1.0, 1)

        return run

    rows = bench.interleave(["a", "b", "c"], engine("ours"), engine("peer"))
    assert [r.query for r in rows] == ["a", "b", "c"]
    assert calls == [("ours", "a"), ("peer", "a"), ("peer", "b"), ("ours", "b"), ("ours", "c"), ("peer", "c")]


def test_the_report_names_the_slower_queries_and_the_median_ratio(bench):
    T = bench.Timing
    rows = [
        bench.Row("goblin", T(0.2, 208), T(100.0, 210)),  # 500x
        bench.Row("!fire", T(0.006, 2), T(0.03, 2)),  # 5x
        bench.Row("is:fastland", T(0.05, 10), T(0.01, 10)),  # slower
        bench.Row("a|b", T(None, error="QuerySyntaxError: x"), T(1.0, 0)),
    ]
    text = bench.report(rows)
    assert "4 queries, 3 answered by both; median speed-up 5×" in text
    assert "Slower than the peer: 1 queries:\n- `is:fastland` 0.050 ms against 0.010 ms" in text
    assert "- `a|b`: QuerySyntaxError: x" in text
    assert "| `a\\|b` | failed | 1.000 |  | -1 / 0 |" in text  # a | in a query does not break the table
    assert "| `goblin` | 0.200 | 100.000 | 500 | 208 / 210 |" in text


STAND_IN = """
import json, sys
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    ask = json.loads(line)
    if ask["q"] == "boom":
        print(json.dumps({"error": "RuntimeError: boom"}), flush=True)
    else:
        print(json.dumps({"ms": 2.5, "n": len(ask["q"]) * ask["repeat"]}), flush=True)
"""


def test_the_peer_is_asked_line_by_line(bench, tmp_path):
    # a stand-in for ruby: run with (script, checkout) as ruby would be, it answers as the worker does
    fake = tmp_path / "ruby"
    fake.write_text(f"#!{sys.executable}\n" + f"exec({STAND_IN!r})\n", encoding="utf-8")
    fake.chmod(0o755)
    peer = bench.PeerEngine(tmp_path, str(fake), repeat=3)
    try:
        assert peer("t:goblin") == bench.Timing(2.5, 24)
        failed = peer("boom")
        assert failed.ms is None and failed.error == "RuntimeError: boom"
    finally:
        peer.close()
    assert 'db.search(ask["q"])' in bench.RUBY_WORKER  # the real worker times the engine's own search


def test_a_directory_that_is_not_the_engine_is_refused(bench, tmp_path):
    with pytest.raises(SystemExit):
        bench.main([str(tmp_path), "--skip-index"])
