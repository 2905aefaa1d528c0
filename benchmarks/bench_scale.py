"""Benchmark many machines on one PostgreSQL database: two `tolaria serve` processes (two workers
each, data dirs of their own) over a base corpus ingested by a third process.

    python benchmarks/bench_scale.py --database-url postgresql://…/postgres-db-to-create-in
        [--base sample|PATH...] [--set-files PATH] [--duration 15] [--markdown OUT]

Measures, on the first server: page and API throughput at 16 and 64 connections, while one of its
workers is sent SIGTERM in the middle of each run (gunicorn replaces it; the new worker loads the
indexes from its data dir); errors must be 0. Then a fourth process ingests the DMU/BRO/ONE set
files and the script times, on the second server, how long after that ingest's commit (the
IngestRun row appearing) and after its derived pass (the process exiting) Atraxa, Grand Unifier is
found by the card search and the knowledge search. Creates a database of its own and drops it.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import uuid
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_web import card_urls, free_port, get, search_urls, start_server, stop_server

ATRAXA = "Atraxa, Grand Unifier"


def tolaria(args: list[str], env: dict) -> None:
    exe = Path(sys.executable).with_name("tolaria")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "tolaria.cli"]
    done = subprocess.run([*cmd, *args], env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"tolaria {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")


def base_files(base: list[str]) -> list[str]:
    """'sample': the embedded sample without its ONE file (Atraxa's set, which the set files bring)."""
    if base != ["sample"]:
        return base
    sample = HERE.parent / "src" / "tolaria" / "data" / "sample"
    return [str(p) for p in sorted(sample.glob("*.json.xz")) if "-ONE-" not in p.name]


def env_for(url: str, data_dir: Path) -> dict:
    return {
        **os.environ,
        "DATABASE_URL": url,
        "TOLARIA_DATA_DIR": str(data_dir),
        "TOLARIA_EMBED_AT_INGEST": "0",
        "SECRET_KEY": "bench-scale",
        # one client sends all the load: the API's per-client limit (429) would measure itself
        "TOLARIA_API_RATE_REQUESTS": "0",
    }


def worker_pids(master: int) -> list[int]:
    out = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout
    return [int(p) for p in out.split()]


def run_load(port: int, paths: list[str], connections: int, duration: int) -> dict:
    """Threads with one keep-alive connection each; every answer's status counted."""
    import http.client
    from collections import Counter

    latencies: list[float] = []
    statuses: Counter = Counter()
    lock = threading.Lock()
    stop = time.monotonic() + duration

    def worker(seed: int) -> None:
        rnd = random.Random(seed)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        mine, seen = [], Counter()
        while time.monotonic() < stop:
            t0 = time.perf_counter()
            try:
                status = get(port, rnd.choice(paths), conn)[0]
            except (OSError, http.client.HTTPException):
                status = 0  # connection refused, reset or timed out
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            mine.append(time.perf_counter() - t0)
            seen[status] += 1
        conn.close()
        with lock:
            latencies.extend(mine)
            statuses.update(seen)

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    latencies.sort()

    def pct(p):
        return latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))] * 1000 if latencies else float("nan")

    return {
        "requests": len(latencies),
        "errors": sum(n for code, n in statuses.items() if code == 0 or code >= 500),
        "other_4xx": sum(n for code, n in statuses.items() if 400 <= code < 500),
        "statuses": dict(statuses),
        "seconds": time.monotonic() - started,
        "p50": pct(50),
        "p95": pct(95),
    }


def load_with_a_worker_killed(port: int, master: int, paths: list[str], connections: int, duration: int) -> dict:
    """run_python's load; halfway through, SIGTERM to one worker of the server."""
    killed: list[int] = []

    def kill_one() -> None:
        time.sleep(duration / 2)
        pids = worker_pids(master)
        if pids:
            os.kill(pids[0], signal.SIGTERM)
            killed.append(pids[0])

    killer = threading.Thread(target=kill_one)
    killer.start()
    result = run_load(port, paths, connections, duration)
    killer.join()
    result["killed"] = killed
    return result


def found(port: int, path: str, name: str, key: str) -> bool:
    try:
        status, _, body = get(port, path)
    except OSError:
        return False
    return status == 200 and any(item.get(key) == name for item in json.loads(body).get("data", []))


def propagation(url: str, dirs: Path, set_files: str, port: int) -> dict:
    """Seconds from the ingest's commit and from its end to the new card on the second server."""
    import psycopg

    with psycopg.connect(url) as conn:
        runs_before = conn.execute("SELECT count(*) FROM catalog_ingestrun").fetchone()[0]
    search = "/api/cards/search?" + urllib.parse.urlencode({"q": f'!"{ATRAXA}"'})
    knowledge = "/api/search?" + urllib.parse.urlencode({"q": ATRAXA})
    exe = Path(sys.executable).with_name("tolaria")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "tolaria.cli"]
    started = time.monotonic()
    proc = subprocess.Popen(
        [*cmd, "ingest", set_files], env=env_for(url, dirs / "ingest2"), stdout=subprocess.PIPE, text=True
    )
    committed = ended = None
    seen: dict[str, float] = {}
    with psycopg.connect(url, autocommit=True) as conn:
        while time.monotonic() - started < 900 and len(seen) < 2:
            now = time.monotonic()
            if committed is None and conn.execute("SELECT count(*) FROM catalog_ingestrun").fetchone()[0] > runs_before:
                committed = now
            if ended is None and proc.poll() is not None:
                ended = now
            if "search" not in seen and found(port, search, ATRAXA, "name"):
                seen["search"] = now
            if "knowledge" not in seen and found(port, knowledge, ATRAXA, "title"):
                seen["knowledge"] = now
            time.sleep(0.1)
    out, _ = proc.communicate()
    ended = ended or time.monotonic()
    if proc.returncode != 0 or len(seen) < 2 or committed is None:
        raise SystemExit(f"propagation failed: rc={proc.returncode} seen={seen}\n{out}")
    return {
        "ingest_to_commit": committed - started,
        "commit_to_end": ended - committed,
        **{f"commit_to_{k}": v - committed for k, v in seen.items()},
        **{f"end_to_{k}": v - ended for k, v in seen.items()},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--database-url", default=os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres")
    )
    ap.add_argument("--base", nargs="+", default=["sample"], help="'sample' or data files ingested first")
    ap.add_argument("--set-files", required=True)
    ap.add_argument("--duration", type=int, default=15)
    ap.add_argument("--markdown")
    args = ap.parse_args(argv)
    import psycopg

    head = args.database_url.rpartition("/")[0]
    name = f"tolaria_bench_scale_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{head}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{head}/{name}"
    dirs = Path(tempfile.mkdtemp(prefix="tolaria-bench-scale-"))
    servers: list[tuple[subprocess.Popen, int]] = []
    try:
        started = time.monotonic()
        tolaria(["ingest", *base_files(args.base)], env_for(url, dirs / "ingest"))
        base_seconds = time.monotonic() - started
        for n in (1, 2):
            port = free_port()
            proc = start_server(port, 2, env_for(url, dirs / f"machine{n}"), dirs / f"serve{n}.log", 300)
            servers.append((proc, port))
        (first, port1), (_, port2) = servers
        cards = card_urls(port1, 200)
        searches = search_urls(60)
        scenarios = {
            "card pages": cards,
            "search page": searches["search (syntax, grid)"],
            "API search": searches["API search (/api/cards/search)"],
        }
        for paths in scenarios.values():  # warm both workers' caches once
            for path in paths:
                get(port1, path)
        rows = []
        for label, paths in scenarios.items():
            for connections in (16, 64):
                r = load_with_a_worker_killed(port1, first.pid, paths, connections, args.duration)
                rows.append((label, connections, r))
                print(label, connections, {k: v for k, v in r.items()}, flush=True)
        prop = propagation(url, dirs, args.set_files, port2)
    finally:
        for proc, _ in servers:
            stop_server(proc)
        with psycopg.connect(f"{head}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    base = (
        "the embedded sample without its ONE file"
        if args.base == ["sample"]
        else ", ".join(Path(p).name for p in args.base)
    )
    lines = [
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"load average {os.getloadavg()[0]:.1f} at the end. PostgreSQL; base corpus: {base} "
        f"(ingested and derived in {base_seconds:.1f} s); two servers with two gunicorn workers each, "
        f"data dirs of their own. Load: Python threads, one connection each, {args.duration} s per run; "
        "halfway through each run one worker of the measured server gets SIGTERM (gunicorn starts "
        "another, which loads the indexes from its data dir).",
        "",
        "| scenario | connections | requests/s | p50 ms | p95 ms | errors (5xx, failed) | 4xx | worker killed |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for label, connections, r in rows:
        lines.append(
            f"| {label} | {connections} | {r['requests'] / r['seconds']:.1f} | {r['p50']:.0f} | {r['p95']:.0f} "
            f"| {r['errors']} | {r['other_4xx']} | {'yes' if r['killed'] else 'no'} |"
        )
    lines += [
        "",
        f"New card on the second server ({Path(args.set_files).name} ingested by another process):",
        "",
        "| measure | seconds |",
        "| --- | --- |",
        f"| ingest start → commit | {prop['ingest_to_commit']:.1f} |",
        f"| commit → derived pass finished (process exit) | {prop['commit_to_end']:.1f} |",
        f"| commit → {ATRAXA} in card search | {prop['commit_to_search']:.1f} |",
        f"| commit → in knowledge search | {prop['commit_to_knowledge']:.1f} |",
        f"| derived pass finished → in card search (goal ≤ 10) | {prop['end_to_search']:.1f} |",
        f"| derived pass finished → in knowledge search (goal ≤ 10) | {prop['end_to_knowledge']:.1f} |",
    ]
    text = "\n".join(lines) + "\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    errors = sum(r["errors"] for _, _, r in rows)
    return 1 if errors else 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
