"""Benchmark many machines on one PostgreSQL database: two `tolaria serve` processes (two workers
each, data dirs of their own) over a base corpus ingested by a third process.

    python benchmarks/bench_scale.py --set-files PATH [--database-url postgresql://…] [--base sample|PATH...]
        [--duration 15] [--kills none,SIGTERM,SIGKILL] [--redis-url redis://…] [--markdown OUT]

Measures, on the first server: page and API throughput at 16 and 64 connections, with no worker
killed, with one worker sent SIGTERM halfway through the run (gunicorn's graceful stop) and with one
sent SIGKILL (a hard crash); gunicorn replaces it and the new worker loads the indexes from its data
dir. 5xx answers, failed connections (no HTTP answer) and 4xx are counted apart; the API's
per-client limit is off. Then another process ingests the set files, and the script times: the
ingest's commit (its IngestRun row appearing), each index's publication (the NOTIFY its commit
sends, heard by a LISTEN of the script's own, as the servers' workers hear it), the end of the
derived pass (every store's build recorded), and when the second server serves Atraxa, Grand Unifier
from the card index (card search) and the knowledge index (knowledge search): first found, and found
on every check from then on. Creates a database of its own and drops it.
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

from _load import get, run_load
from bench_web import card_urls, free_port, search_urls, start_server, stop_server

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


def wait_for_workers(master: int, count: int, timeout: float = 120) -> None:
    """Until gunicorn has `count` workers again (after a kill) and they answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and len(worker_pids(master)) < count:
        time.sleep(0.2)


KILLS = {"none": None, "SIGTERM": signal.SIGTERM, "SIGKILL": signal.SIGKILL}


def load_with_a_worker_killed(
    port: int, master: int, paths: list[str], connections: int, duration: int, kill: str
) -> dict:
    """The shared load loop; halfway through, `kill` (SIGTERM: gunicorn's graceful stop, SIGKILL: a
    hard crash) to one worker of the server."""
    killed: list[int] = []
    workers = len(worker_pids(master))

    def kill_one() -> None:
        time.sleep(duration / 2)
        pids = worker_pids(master)
        if pids and KILLS[kill] is not None:
            os.kill(pids[0], KILLS[kill])
            killed.append(pids[0])

    killer = threading.Thread(target=kill_one)
    killer.start()
    r = run_load(port, paths, connections, duration)
    killer.join()
    wait_for_workers(master, workers)
    return {
        "requests": r.requests,
        "rate": r.rate,
        "p50": r.pct(50),
        "p95": r.pct(95),
        "server_errors": r.server_errors,
        "failed": r.failed,
        "client_errors": r.client_errors,
        "too_many": r.statuses.get(429, 0),
        "statuses": dict(r.statuses),
        "failures": r.failures,
        "killed": killed,
    }


def found(port: int, path: str, name: str, key: str) -> bool:
    try:
        status, _, body = get(port, path)
    except OSError:
        return False
    return status == 200 and any(item.get(key) == name for item in json.loads(body).get("data", []))


class Published(threading.Thread):
    """LISTENs on the stores' channel as a server's worker does: the moment each index is published
    (its transaction commits and PostgreSQL delivers the NOTIFY)."""

    def __init__(self, url: str):
        super().__init__(daemon=True)
        self.url = url
        self.at: dict[str, float] = {}
        self.ready = threading.Event()
        self.done = threading.Event()

    def run(self) -> None:
        import psycopg  # noqa: PLC0415  PostgreSQL runs only

        with psycopg.connect(self.url, autocommit=True) as conn:
            conn.execute("LISTEN tolaria_stores")
            self.ready.set()
            while not self.done.is_set():
                for note in conn.notifies(timeout=0.5):
                    self.at.setdefault(note.payload.partition(":")[0], time.monotonic())


INDEXES = {"card_index": "card search", "knowledge_index": "knowledge search"}


def propagation(url: str, dirs: Path, set_files: str, port: int) -> dict:
    """When the ingest commits, when each index is published and the derived pass finishes, and
    when the second server serves the new card from each index (first found, and found on every
    check from then on: both of its workers)."""
    import psycopg  # noqa: PLC0415  PostgreSQL runs only

    with psycopg.connect(url) as conn:
        runs_before = conn.execute("SELECT count(*) FROM catalog_ingestrun").fetchone()[0]
        built_before = dict(conn.execute("SELECT name, finished_at FROM stores_storebuild").fetchall())
    checks = {
        "card_index": ("/api/cards/search?" + urllib.parse.urlencode({"q": f'!"{ATRAXA}"'}), "name"),
        "knowledge_index": ("/api/search?" + urllib.parse.urlencode({"q": ATRAXA}), "title"),
    }
    listener = Published(url)
    listener.start()
    listener.ready.wait(30)
    exe = Path(sys.executable).with_name("tolaria")
    cmd = [str(exe)] if exe.exists() else [sys.executable, "-m", "tolaria.cli"]
    started = time.monotonic()
    proc = subprocess.Popen(
        [*cmd, "ingest", set_files], env=env_for(url, dirs / "ingest2"), stdout=subprocess.PIPE, text=True
    )
    committed = finished = None
    first: dict[str, float] = {}
    steady: dict[str, float] = {}  # found on this check and every one after it
    with psycopg.connect(url, autocommit=True) as conn:
        while time.monotonic() - started < 1800:
            now = time.monotonic()
            if committed is None and conn.execute("SELECT count(*) FROM catalog_ingestrun").fetchone()[0] > runs_before:
                committed = now
            if committed is not None and finished is None:
                built = dict(conn.execute("SELECT name, finished_at FROM stores_storebuild").fetchall())
                if built and all(built[k] != built_before.get(k) for k in built) and len(built) >= len(built_before):
                    finished = now
            for name, (path, key) in checks.items():
                if found(port, path, ATRAXA, key):
                    first.setdefault(name, now)
                    steady.setdefault(name, now)
                else:
                    steady.pop(name, None)
            if (
                proc.poll() is not None
                and finished is not None
                and len(steady) == len(checks)
                and all(now - t >= 5 for t in steady.values())
            ):
                break
            time.sleep(0.1)
    listener.done.set()
    out, _ = proc.communicate()
    if proc.returncode != 0 or len(steady) < len(checks) or committed is None:
        raise SystemExit(f"propagation failed: rc={proc.returncode} found={first}\n{out}")
    published = listener.at
    result = {"ingest_to_commit": committed - started, "commit_to_finished": (finished or now) - committed}
    for name in checks:
        result[f"commit_to_published_{name}"] = published[name] - committed
        result[f"published_to_first_{name}"] = first[name] - published[name]
        result[f"published_to_steady_{name}"] = steady[name] - published[name]
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument(
        "--database-url",
        default=os.environ.get("DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/postgres"),
        help="a PostgreSQL server (any database on it): the benchmark creates a database of its own there",
    )
    ap.add_argument("--base", nargs="+", default=["sample"], help="'sample' or data files ingested first")
    ap.add_argument("--set-files", required=True, help="the MTGJSON file(s) ingested while the servers serve")
    ap.add_argument("--duration", type=int, default=15, help="seconds per load run")
    ap.add_argument(
        "--kills",
        default="none,SIGTERM,SIGKILL",
        help="comma-separated: the signal sent to one worker halfway through each run (none: no kill)",
    )
    ap.add_argument(
        "--redis-url",
        default=os.environ.get("REDIS_URL"),
        help="REDIS_URL of both servers (the shared cache: log-in throttles, API limit counts)",
    )
    ap.add_argument("--markdown", help="also write the tables here")
    args = ap.parse_args(argv)
    kills = [k.strip() for k in args.kills.split(",") if k.strip()]
    unknown = [k for k in kills if k not in KILLS]
    if unknown:
        ap.error(f"--kills: unknown {unknown}; choose from {list(KILLS)}")
    import psycopg  # noqa: PLC0415  PostgreSQL runs only

    head = args.database_url.rpartition("/")[0]
    name = f"tolaria_bench_scale_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(f"{head}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{head}/{name}"
    dirs = Path(tempfile.mkdtemp(prefix="tolaria-bench-scale-"))
    servers: list[tuple[subprocess.Popen, int]] = []
    extra = {"REDIS_URL": args.redis_url} if args.redis_url else {}
    try:
        started = time.monotonic()
        tolaria(["ingest", *base_files(args.base)], env_for(url, dirs / "ingest"))
        base_seconds = time.monotonic() - started
        for n in (1, 2):
            port = free_port()
            proc = start_server(port, 2, {**env_for(url, dirs / f"machine{n}"), **extra}, dirs / f"serve{n}.log", 300)
            servers.append((proc, port))
        (first, port1), (_, port2) = servers
        searches = search_urls(60)
        scenarios = {
            "card pages": card_urls(port1, 200),
            "search page": searches["search (syntax, grid)"],
            "API search": searches["API search (/api/cards/search)"],
        }
        for label, paths in scenarios.items():  # warm the workers; a query the syntax refuses (400)
            # or that finds nothing (the API's 404) is left out, so any 4xx under load is a fault too
            answers = {p: [get(port1, p)[0] for _ in range(2)] for p in paths}
            scenarios[label] = [p for p, got in answers.items() if not set(got) & {400, 404}]
        rows = []
        for label, paths in scenarios.items():
            for connections in (16, 64):
                for kill in kills:
                    r = load_with_a_worker_killed(port1, first.pid, paths, connections, args.duration, kill)
                    rows.append((label, connections, kill, r))
                    print(label, connections, kill, r, flush=True)
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
    load1, load5, _ = os.getloadavg()
    lines = [
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, "
        f"load average {load1:.1f} (1 min) / {load5:.1f} (5 min) at the end. PostgreSQL"
        f"{' and Redis (REDIS_URL)' if args.redis_url else ''}; base corpus: {base} "
        f"(ingested and derived in {base_seconds:.1f} s); two servers with two gunicorn workers each, "
        f"data dirs of their own; the API's per-client limit off (TOLARIA_API_RATE_REQUESTS=0). Load: "
        f"benchmarks/_load.py, Python threads with one keep-alive connection each, {args.duration} s per "
        "run; halfway through a run one worker of the measured server gets SIGTERM (gunicorn's graceful "
        "stop: it finishes its request) or SIGKILL (a hard crash), and gunicorn starts another, which "
        "loads the indexes from its data dir.",
        "",
        "| scenario | connections | worker killed | requests/s | p50 ms | p95 ms | 5xx | failed connections | 4xx |",
        "| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    lines[0] += (
        " A failed connection under SIGKILL is the request the crashed worker was answering (a sync "
        "worker answers one at a time): its connection closes without an answer."
    )
    for label, connections, kill, r in rows:
        lines.append(
            f"| {label} | {connections} | {kill} | {r['rate']:.1f} | {r['p50']:.0f} | {r['p95']:.0f} "
            f"| {r['server_errors']} | {r['failed']} | {r['client_errors']} |"
        )
    prop_lines = [
        "",
        f"New card on the second server ({Path(args.set_files).name} ingested by another process; "
        f'"published": the NOTIFY of the index\'s commit; "served": {ATRAXA} in the answers of the '
        "second server, first found and then found on every check — both of its workers):",
        "",
        "| measure | seconds |",
        "| --- | --- |",
        f"| ingest start → commit | {prop['ingest_to_commit']:.1f} |",
        f"| commit → derived pass finished (every store built) | {prop['commit_to_finished']:.1f} |",
    ]
    for index, what in INDEXES.items():
        prop_lines += [
            f"| commit → {index.replace('_', ' ')} published | {prop[f'commit_to_published_{index}']:.1f} |",
            f"| {index.replace('_', ' ')} published → first served by {what} (goal ≤ 10) "
            f"| {prop[f'published_to_first_{index}']:.1f} |",
            f"| {index.replace('_', ' ')} published → served by every worker (goal ≤ 10) "
            f"| {prop[f'published_to_steady_{index}']:.1f} |",
        ]
    text = "\n".join(lines + prop_lines) + "\n"
    print(text)
    if args.markdown:
        Path(args.markdown).write_text(text)
    # a hard-crashed sync worker takes the one request it was answering with it (the connection
    # closes unanswered: nothing is left to answer it); any other failure, 5xx or 4xx is an error
    bad = sum(
        r["server_errors"] + r["client_errors"] + max(0, r["failed"] - (len(r["killed"]) if kill == "SIGKILL" else 0))
        for _, _, kill, r in rows
    )
    slow = [k for k, v in prop.items() if k.startswith("published_to_") and v > 10]
    if slow:
        print(f"over the 10 s goal: {slow}", file=sys.stderr)
    return 1 if bad or slow else 0


if __name__ == "__main__":
    random.seed(0)
    sys.exit(main())
