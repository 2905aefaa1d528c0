"""Benchmark the web pages under load: `tolaria serve` (gunicorn) on a free port, 16 connections.

    python benchmarks/bench_web.py [--data-dir DIR] [--database-url URL] [--workers 4] [--port N] [--duration 15]
                                   [--connections 16] [--cards 300] [--markdown OUT]

Starts the server against TOLARIA_DATA_DIR / DATABASE_URL (the lead runs it on the full data; with an
empty data dir the server loads the embedded sample first), collects card page URLs (through /random)
and search URLs (benchmarks/queries.txt, plus plain-word searches and views), warms every URL once,
then drives each scenario with wrk (Debian's `wrk`, URLs rotated by a Lua script) or, when wrk is
missing, a small Python thread-pool client with one keep-alive connection per thread. Latency is the
time from sending a request to its full response on the loopback interface, i.e. server time plus a
few tens of microseconds. Prints a Markdown table (and writes it to --markdown OUT).
"""

from __future__ import annotations

import argparse
import os
import platform
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import json

from _load import get, run_load

PLAIN_QUERIES = ["trample", "lifelink", "combat damage", "lightning bolt", "dragon", "draw a card"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tolaria_command() -> list[str]:
    exe = Path(sys.executable).with_name("tolaria")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "tolaria.cli"]


def start_server(port: int, workers: int, env: dict, log: Path, timeout: float) -> subprocess.Popen:
    cmd = [*tolaria_command(), "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", str(workers)]
    proc = subprocess.Popen(cmd, env=env, stdout=log.open("wb"), stderr=subprocess.STDOUT, start_new_session=True)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited with {proc.returncode}; see {log}")
        try:
            status, _, _ = get(port, "/")
            if status == 200 and _all_warm(log, workers):
                return proc
        except OSError:
            pass
        time.sleep(0.5)
    stop_server(proc)
    raise SystemExit(f"the server did not answer within {timeout:.0f} s; see {log}")


def _all_warm(log: Path, workers: int) -> bool:
    """Whether the server has warmed every store and its workers forked after that are warm too: the first
    workers answer a search, a card page and /api/cards/named while the serving process warms the rest
    (tolaria.site.server), and the first request of each kind is measured against the workers that follow."""
    text = log.read_text(errors="replace")
    _, said, after = text.partition("Warm, the workers start again")
    return bool(said) and after.count("worker warm") >= workers


def stop_server(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)  # our own session: gunicorn's master and its workers
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def _children() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kids.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    return kids


def worker_rss(root: int) -> dict[int, float]:
    """VmRSS in MB of the server process and all its descendants (gunicorn's master and workers)."""
    kids = _children()
    todo, out = [root], {}
    while todo:
        pid = todo.pop()
        todo.extend(kids.get(pid, ()))
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    out[pid] = int(line.split()[1]) / 1024
        except OSError:
            pass
    return out


def pss_mb(pid: int) -> float:
    """Proportional set size in MB (/proc/PID/smaps_rollup): pages shared with other processes (the
    stores loaded before gunicorn forked) count their share only, so the workers' sum is what they cost."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def cpu_seconds(pids) -> float:
    """User + system CPU seconds the processes have used so far (/proc/PID/stat utime, stime)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def rss_master(root: int) -> int:
    """The gunicorn master: the process whose children are the workers (the root, or its one child)."""
    kids = _children()
    node = root
    while len(kids.get(node, ())) == 1 and len(kids.get(kids[node][0], ())) > 0:
        node = kids[node][0]
    return node


def warm_knowledge(port: int, workers: int) -> None:
    """Every feature on in every worker: concurrent knowledge searches until each worker has loaded the
    knowledge index with its embeddings (and the model, for the query); fails when meaning is off."""

    seen: list[int] = []
    failed: list[str] = []
    lock = threading.Lock()

    def ask(i: int) -> None:
        status, _, body = get(port, "/api/search?" + urllib.parse.urlencode({"q": f"{PLAIN_QUERIES[i % 6]} {i}"}))
        data = json.loads(body) if status == 200 else {}
        with lock:
            if data.get("ranking_by_meaning"):
                seen.append(i)
            else:
                failed.append(f"/api/search answered {status} without ranking by meaning: {body[:300]!r}")

    for _ in range(3):  # gunicorn hands each request to whichever worker accepts first: ask plenty at once
        threads = [threading.Thread(target=ask, args=(i,)) for i in range(8 * workers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    if failed:
        raise SystemExit(failed[0])
    print(f"knowledge search by meaning answered {len(seen)} times before the load", file=sys.stderr)


def card_urls(port: int, n: int) -> list[str]:
    urls: set[str] = set()
    for _ in range(n * 3):
        status, location, _ = get(port, "/random")
        if status == 302 and location.startswith("/card/"):
            urls.add(location)
        if len(urls) >= n:
            break
    return sorted(urls)


def search_urls(limit: int) -> dict[str, list[str]]:
    queries = [
        q.strip()
        for q in (HERE / "queries.txt").read_text(encoding="utf-8").splitlines()
        if q.strip() and not q.startswith("#")
    ][:limit]

    def url(q, **extra):
        return "/search?" + urllib.parse.urlencode({"q": q, **extra})

    return {
        "search (syntax, grid)": [url(q) for q in queries],
        "search (checklist)": [url(q, **{"as": "checklist"}) for q in queries],
        "search (plain words + knowledge)": [url(q) for q in PLAIN_QUERIES],
        "API search (/api/cards/search)": ["/api/cards/search?" + urllib.parse.urlencode({"q": q}) for q in queries],
    }


def route_families() -> dict[str, list[str]]:
    """One scenario per family of pages and API routes the sample and the full data both answer
    (issue 28: every page and API route family, the home page first)."""
    q = urllib.parse.urlencode
    return {
        "home page": ["/"],
        "pages: syntax, rules index, glossary, tags, public decks, sign-up": [
            "/search/syntax",
            "/rules/",
            "/rules/glossary/",
            "/tags/",
            "/decks/public/",
            "/accounts/signup/",
        ],
        "rules search and glossary entry": ["/rules/search?" + q({"q": "trample"}), "/rules/glossary/trample"],
        "tag page": ["/tags/keyword:flying", "/tags/timing:flash"],
        "API named (exact, fuzzy)": [
            "/api/cards/named?" + q({"exact": "Lightning Bolt"}),
            "/api/cards/named?" + q({"fuzzy": "llanowar elf"}),
        ],
        "API autocomplete": ["/api/cards/autocomplete?" + q({"q": t}) for t in ("ligh", "goblin", "serra", "dra")],
        "API sets": ["/api/sets", "/api/sets/lea"],
        "API symbology and parse-mana": ["/api/symbology", "/api/symbology/parse-mana?" + q({"cost": "2WW"})],
        "API catalog": ["/api/catalog/card-names", "/api/catalog/creature-types", "/api/catalog/keyword-abilities"],
        "API bulk-data listing": ["/api/bulk-data", "/api/bulk-data/rulings"],
        "API rules and glossary": ["/api/rules/702.19", "/api/glossary/trample"],
        "API answers": ["/api/answers?" + q({"q": t}) for t in ("does deathtouch work with trample", "what is ward")],
        "API search (knowledge)": ["/api/search?" + q({"q": t}) for t in ("flying", "first strike damage")],
        "API stats and random": ["/api/stats", "/api/cards/random"],
        "pages: query builder, rules changes, random": ["/search/build", "/rules/changes", "/random"],
        "API rules contents, deck formats, migrations": ["/api/rules/", "/api/decks/formats", "/api/migrations"],
        "API deck autocomplete": ["/api/decks/autocomplete?" + q({"q": t}) for t in ("bolt", "sol r", "elf")],
        # the heavy anonymous routes of the probe: the manifest's first page, all languages and Japanese only
        "API manifest (first page, lang=ja)": ["/api/cards/manifest", "/api/cards/manifest?lang=ja"],
    }


def card_families(port: int, n: int) -> dict[str, list[str]]:
    """The routes of one card (by id, by set and number, its rulings, explained, similar cards, by its
    external ids, its page by oracle id), for `n` random cards of the data the server holds."""
    cards = []
    for _ in range(n * 2):
        status, _, body = get(port, "/api/cards/random")
        if status == 200:
            cards.append(json.loads(body))
        if len(cards) >= n:
            break
    families: dict[str, list[str]] = {
        "API card (id, set and number, language)": [],
        "API rulings and explained": [],
        "API similar cards": [],
        "API card by an external id": [],
        "card page by oracle id": [],
    }
    for card in cards:
        code, number = card["set"], urllib.parse.quote(card["collector_number"])
        families["API card (id, set and number, language)"] += [
            f"/api/cards/{card['id']}",
            f"/api/cards/{code}/{number}",
            f"/api/cards/{code}/{number}/{card.get('lang', 'en')}",
        ]
        families["API rulings and explained"] += [
            f"/api/cards/{card['id']}/rulings",
            f"/api/cards/{card['id']}/explained",
        ]
        if card.get("oracle_id"):
            families["API similar cards"].append(f"/api/cards/{card['oracle_id']}/similar")
            families["card page by oracle id"].append(f"/card/{card['oracle_id']}")
        for key, kind in (("multiverse_ids", "multiverse"), ("mtgo_id", "mtgo"), ("arena_id", "arena")):
            value = card.get(key)
            value = value[0] if isinstance(value, list) and value else value
            if value:
                families["API card by an external id"].append(f"/api/cards/{kind}/{value}")
    return families


# the first request after the start vs the tenth is measured over ten different addresses of each kind,
# none asked before (not by the boot's warm-up, stores/warm.PAGES, either): the tenth of one address
# repeated found its answer in the query's own result cache, so the gap it showed was that cache's, not
# the process's warmth (issue 28 item 3). The home page is one address: it is asked ten times.
FIRST_NAMES = [
    "Llanowar Elves",
    "Counterspell",
    "Serra Angel",
    "Giant Growth",
    "Dark Ritual",
    "Shivan Dragon",
    "Wrath of God",
    "Birds of Paradise",
    "Swords to Plowshares",
    "Sol Ring",
]
FIRST_QUESTIONS = [
    "what is ward",
    "can I respond to a triggered ability",
    "does first strike deal damage twice",
    "what happens when a creature with lifelink deals damage",
    "can a creature with defender attack",
    "how does hexproof work",
    "what does menace mean",
    "when does a token stop existing",
    "can I cast an instant during combat",
    "what is the stack",
]


def first_families(queries: int, cards: list[str]) -> dict[str, list[str]]:
    """Ten different addresses of each kind the first request after a start is measured on."""
    q = urllib.parse.urlencode
    return {
        "search": search_urls(queries)["search (syntax, grid)"][:10],
        "card page": cards[:10],
        "home page": ["/"] * 10,
        "API named": ["/api/cards/named?" + q({"exact": name}) for name in FIRST_NAMES],
        "API answers": ["/api/answers?" + q({"q": question}) for question in FIRST_QUESTIONS],
    }


def first_and_tenth(port: int, families: dict[str, list[str]]) -> dict[str, list[float]]:
    """Each kind's ten requests after a start in order (ms, the client's), each to an address of its kind
    not asked before."""
    times: dict[str, list[float]] = {}
    for name, paths in families.items():
        times[name] = []
        for path in paths[:10]:
            started = time.perf_counter()
            get(port, path)
            times[name].append((time.perf_counter() - started) * 1000)
    return times


def first_rows(forward: dict[str, list[float]], backward: dict[str, list[float]]) -> list[tuple]:
    """Two starts, the second asking each kind's ten addresses in the reverse order: the address asked first
    after one start is the tenth after the other, so each is timed as the first request and as the tenth
    with nothing of its own cached either time. (kind, address 1 first, its tenth, address 10 first, its
    tenth, the median of the 2nd-10th of both starts)."""
    rows = []
    for name, ahead in forward.items():
        behind = backward[name]
        rest = sorted(ahead[1:] + behind[1:])
        rows.append((name, ahead[0], behind[-1], behind[0], ahead[-1], rest[len(rest) // 2]))
    return rows


def server_times(log: Path, offset: int) -> tuple[float, float]:
    """p50 and p95 in ms of the requests logged after `offset` (lines: microseconds status path)."""
    with open(log, "rb") as fh:
        fh.seek(offset)
        micros = sorted(int(line.split()[0]) for line in fh.read().decode().splitlines() if line.split()[:1] != [])
    if not micros:
        return float("nan"), float("nan")
    return micros[len(micros) // 2] / 1000, micros[int(len(micros) * 0.95)] / 1000


# --- load generators ---------------------------------------------------------------------------

WRK_LUA = """
local paths = {%s}
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1])
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format("RESULT %%d %%d %%d %%d %%.1f %%.1f %%.1f\\n", summary.requests,
    e.connect + e.read + e.write + e.timeout, e.status, summary.duration,
    latency:percentile(50), latency:percentile(95), latency:percentile(99)))
end
"""


def run_wrk(port: int, paths: list[str], connections: int, duration: int) -> dict:
    lua = WRK_LUA % ", ".join('"' + p.replace("\\", "\\\\").replace('"', '\\"') + '"' for p in paths)
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as fh:
        fh.write(lua)
    try:
        threads = min(connections, os.cpu_count() or 2)
        out = subprocess.run(
            [
                "wrk",
                "-t",
                str(threads),
                "-c",
                str(connections),
                "-d",
                f"{duration}s",
                "--timeout",
                "30s",
                "-s",
                fh.name,
                f"http://127.0.0.1:{port}",
            ],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    finally:
        os.unlink(fh.name)
    m = re.search(r"RESULT (\d+) (\d+) (\d+) (\d+) ([\d.]+) ([\d.]+) ([\d.]+)", out)
    if not m:
        raise SystemExit("wrk printed no result:\n" + out)
    requests, errors, status_errors, micros = (int(m.group(i)) for i in range(1, 5))
    return {
        "requests": requests,
        "errors": errors + status_errors,
        "seconds": micros / 1e6,
        "p50": float(m.group(5)) / 1000,
        "p95": float(m.group(6)) / 1000,
        "p99": float(m.group(7)) / 1000,
    }


def run_python(port: int, paths: list[str], connections: int, duration: int) -> dict:
    """The shared load loop (benchmarks/_load.py); every failed connection, 4xx and 5xx is an error."""
    r = run_load(port, paths, connections, duration)
    return {
        "requests": r.requests,
        "errors": r.failed + r.server_errors + r.client_errors,
        "seconds": r.seconds,
        "p50": r.pct(50),
        "p95": r.pct(95),
        "p99": r.pct(99),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", default=os.environ.get("TOLARIA_DATA_DIR"), help="TOLARIA_DATA_DIR of the server")
    ap.add_argument("--database-url", default=os.environ.get("DATABASE_URL"), help="DATABASE_URL of the server")
    ap.add_argument("--workers", type=int, default=4)
    ap.add_argument("--port", type=int, default=0, help="the server's port (default: a free one)")
    ap.add_argument("--connections", type=int, default=16)
    ap.add_argument("--duration", type=int, default=15, help="seconds per scenario")
    ap.add_argument("--cards", type=int, default=300, help="distinct card pages to rotate through")
    ap.add_argument("--queries", type=int, default=200, help="queries of benchmarks/queries.txt to use")
    ap.add_argument(
        "--first-only", action="store_true", help="measure the first request of each kind after the start, then stop"
    )
    ap.add_argument("--client", choices=["auto", "wrk", "python"], default="auto")
    ap.add_argument(
        "--start-timeout",
        type=float,
        default=900,
        help="seconds to wait for the first answer (a first start may ingest)",
    )
    ap.add_argument("--markdown", help="also write the table here")
    ap.add_argument("--only", action="append", help="run only this scenario (e.g. 'card page'); repeatable")
    ap.add_argument(
        "--embed",
        action="store_true",
        help="compute the knowledge index's embeddings in the data dir first (`tolaria knowledge embed`; "
        "cached there) and keep them loaded: card pages with every feature on",
    )
    args = ap.parse_args(argv)

    env = dict(os.environ)
    access_log = Path(tempfile.mkstemp(prefix="tolaria-access-", suffix=".log")[1])
    env["TOLARIA_ACCESS_LOG"] = str(access_log)  # the server's own time per request (gunicorn %(D)s)
    env["TOLARIA_EMBED_AT_INGEST"] = "0"  # no background embedding while measuring
    env.setdefault("TOLARIA_API_RATE_REQUESTS", "0")  # one client sends far more than a visitor may
    if args.data_dir:
        env["TOLARIA_DATA_DIR"] = str(Path(args.data_dir).resolve())
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
    client = args.client
    if client == "auto":
        client = "wrk" if shutil.which("wrk") else "python"
    load = run_wrk if client == "wrk" else run_python

    if args.embed:
        # the embedding path that gives card vectors in reasonable time (the static model embeds the
        # full data's ~75k documents in about a minute of CPU); TOLARIA_EMBEDDING_MODEL chooses another
        env.setdefault("TOLARIA_EMBEDDING_MODEL", "static")
        started = time.perf_counter()
        subprocess.run([*tolaria_command(), "knowledge", "embed"], env=env, check=True)
        print(f"embeddings ready in {time.perf_counter() - started:.0f} s", file=sys.stderr)

    load_before = os.getloadavg()[0]
    port = args.port or free_port()
    log = Path(tempfile.gettempdir()) / f"tolaria-bench-web-{port}.log"
    print(f"starting tolaria serve on port {port} ({args.workers} workers), log {log}", file=sys.stderr)
    proc = start_server(port, args.workers, env, log, args.start_timeout)
    try:
        # the first request of each kind, before anything else asked (the workers warm at boot) but the ten
        # redirects of /random that name its card pages; then again after a second start, in reverse order
        families = first_families(args.queries, card_urls(port, 10))
        forward = first_and_tenth(port, families)
    finally:
        stop_server(proc)
    proc = start_server(port, args.workers, env, log, args.start_timeout)
    try:
        backward = first_and_tenth(port, {name: paths[:10][::-1] for name, paths in families.items()})
        first = first_rows(forward, backward)
        if args.first_only:
            print(_first_table(first))
            return 0
        cards = card_urls(port, args.cards)
        if args.embed:
            warm_knowledge(port, args.workers)
        scenarios = {"card page": cards}
        scenarios.update(search_urls(args.queries))
        scenarios["rule page"] = ["/rules/702.19", "/rules/701.3", "/rules/730.2a", "/rules/100.1", "/rules/510"]
        scenarios.update(route_families())
        scenarios.update(card_families(port, 50))
        if args.only:
            scenarios = {k: v for k, v in scenarios.items() if k in args.only}
        rows = []
        for name, paths in scenarios.items():
            if not paths:
                continue
            answered = [p for p in paths if get(port, p)[0] < 400]
            # a search may answer 400 (a query the syntax refuses) or 404 (the API's "no cards"): those are
            # the right answers, left out of the load; any other page must answer
            warm_errors = 0 if "search" in name else len(paths) - len(answered)
            paths = answered
            print(
                f"{name}: {len(paths)} URLs warmed, running {args.duration} s at {args.connections} connections…",
                file=sys.stderr,
            )
            logged = access_log.stat().st_size
            master = rss_master(proc.pid)
            workers = [pid for pid in worker_rss(proc.pid) if pid not in (proc.pid, master)]
            cpu_before = cpu_seconds(workers)
            r = load(port, paths, args.connections, args.duration)
            time.sleep(0.5)  # the workers flush their last log lines
            r["server"] = server_times(access_log, logged)
            r["cpu_ms"] = (cpu_seconds(workers) - cpu_before) * 1000 / max(1, r["requests"])
            rows.append((name, len(paths), r, warm_errors))
        rss = worker_rss(proc.pid)  # after the load: each worker holds every store it loaded
        master = rss_master(proc.pid)
        pss = {pid: pss_mb(pid) for pid in rss}
    finally:
        stop_server(proc)

    head = [
        (
            f"Web pages under load — {args.connections} connections, {args.workers} gunicorn workers, {args.duration} s per row, "
            f"client {client}; {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
            f"data dir {env.get('TOLARIA_DATA_DIR', '(default)')}, database {'PostgreSQL' if 'postgres' in env.get('DATABASE_URL', '') else 'SQLite'}; "
            f"load average {load_before:.1f} before the server started, {os.getloadavg()[0]:.1f} at the end."
        ),
        "",
        "Server time is the worker's own time per request, from the gunicorn access log (reading the request to",
        "sending the response); the client's latency adds the wait for a free worker, since 16 connections share",
        f"{args.workers} workers on {os.cpu_count()} cores.",
        "",
        "Worker CPU per request is the workers' user + system CPU time over the row (/proc/PID/stat) divided by",
        "the requests answered: what a request costs when the machine is shared, where server time also counts",
        "the waits for a core.",
        "",
        "| page | URLs | requests | req/s | server p50 ms | server p95 ms | worker CPU per request ms | client p50 ms | client p95 ms | client p99 ms | errors |",
        "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ]
    for name, n, r, warm in rows:
        rate = r["requests"] / r["seconds"] if r["seconds"] else 0
        sp50, sp95 = r["server"]
        head.append(
            f"| {name} | {n} | {r['requests']:,} | {rate:,.0f} | {sp50:.1f} | {sp95:.1f} | {r['cpu_ms']:.1f} | {r['p50']:.1f} | "
            f"{r['p95']:.1f} | {r['p99']:.1f} | {r['errors'] + warm} |"
        )
    workers = sorted(mb for pid, mb in rss.items() if pid not in (proc.pid, master))
    head += [
        "",
        f"Resident memory after the load (VmRSS from /proc): workers {', '.join(f'{mb:,.0f} MB' for mb in workers)}; "
        f"gunicorn master {rss.get(master, 0):,.0f} MB; PSS (smaps_rollup, shared pages counted once): workers "
        f"{', '.join(f'{pss[pid]:,.0f} MB' for pid in sorted(rss) if pid not in (proc.pid, master))}, summed "
        f"{sum(pss[pid] for pid in rss if pid not in (proc.pid, master)):,.0f} MB, master {pss.get(master, 0):,.0f} MB"
        + (
            f"; the knowledge index with its embeddings ({env.get('TOLARIA_EMBEDDING_MODEL', 'default')} model) and the "
            "embedding model loaded in each worker, similar cards from the precomputed table."
            if args.embed
            else "."
        ),
    ]
    head += ["", _first_table(first)]
    table = "\n".join(head)
    print(table)
    if args.markdown:
        Path(args.markdown).write_text(table + "\n", encoding="utf-8")
    return 1 if any(r["errors"] + w for _, _, r, w in rows) else 0


def _first_table(first: list[tuple]) -> str:
    lines = [
        "First request after a start vs the tenth of its kind (client ms, before the load): ten different addresses"
        " of each kind, asked in order after one start and in reverse after another, so each address is timed as"
        " the first and as the tenth with nothing of its own cached (the home page is one address):",
        "",
        "| kind | address 1 first | address 1 tenth | address 10 first | address 10 tenth | median 2nd-10th |",
        "| --- | ---: | ---: | ---: | ---: | ---: |",
    ]
    lines += [f"| {name} | {a:.1f} | {b:.1f} | {c:.1f} | {d:.1f} | {m:.1f} |" for name, a, b, c, d, m in first]
    return "\n".join(lines)


if __name__ == "__main__":
    sys.exit(main())
