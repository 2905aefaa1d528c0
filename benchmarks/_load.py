"""The benchmarks' one HTTP load loop (bench_web's Python client, bench_scale's runs): threads with
one keep-alive connection each, every answer's status counted.

Failed connections (refused, reset, timed out: no HTTP answer at all) are counted apart from 5xx
answers, and both apart from 4xx answers, so a crash, a server error and a refused query are told
apart in the tables.
"""

from __future__ import annotations

import http.client
import random
import threading
import time
from collections import Counter
from dataclasses import dataclass, field

FAILED = 0  # the status recorded for a request that got no HTTP answer


def get(port: int, path: str, conn: http.client.HTTPConnection | None = None):
    """(status, Location header, body) of GET path on 127.0.0.1:port (on `conn` when given)."""
    own = conn is None
    conn = conn or http.client.HTTPConnection("127.0.0.1", port, timeout=60)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        body = resp.read()
        return resp.status, resp.getheader("Location", ""), body
    finally:
        if own:
            conn.close()


@dataclass
class LoadResult:
    requests: int
    seconds: float
    statuses: Counter = field(default_factory=Counter)
    latencies: list[float] = field(default_factory=list)  # seconds, sorted
    failures: list[str] = field(default_factory=list)  # the first few failed connections, why

    @property
    def failed(self) -> int:
        """Requests that got no HTTP answer (connection refused, reset or timed out)."""
        return self.statuses[FAILED]

    @property
    def server_errors(self) -> int:
        return sum(n for code, n in self.statuses.items() if code >= 500)

    @property
    def client_errors(self) -> int:
        return sum(n for code, n in self.statuses.items() if 400 <= code < 500)

    @property
    def rate(self) -> float:
        return self.requests / self.seconds if self.seconds else 0.0

    def pct(self, p: float) -> float:
        """The p-th percentile latency in ms."""
        if not self.latencies:
            return float("nan")
        return self.latencies[min(len(self.latencies) - 1, int(p / 100 * len(self.latencies)))] * 1000


def run_load(port: int, paths: list[str], connections: int, duration: float, seed: int = 0) -> LoadResult:
    """`connections` threads, each sending GETs for random paths on one keep-alive connection for
    `duration` seconds (a new connection after a failed one)."""
    latencies: list[float] = []
    statuses: Counter = Counter()
    failures: list[str] = []
    lock = threading.Lock()
    stop = time.monotonic() + duration

    def worker(n: int) -> None:
        rnd = random.Random(seed * 1000 + n)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        mine: list[float] = []
        seen: Counter = Counter()
        why: list[str] = []
        while time.monotonic() < stop:
            path = rnd.choice(paths)
            t0 = time.perf_counter()
            try:
                status = get(port, path, conn)[0]
            except (OSError, http.client.HTTPException) as exc:
                status = FAILED
                if len(why) < 5:
                    why.append(f"{path}: {exc!r}")
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            mine.append(time.perf_counter() - t0)
            seen[status] += 1
        conn.close()
        with lock:
            latencies.extend(mine)
            statuses.update(seen)
            failures.extend(why)

    started = time.monotonic()
    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    latencies.sort()
    return LoadResult(
        requests=len(latencies),
        seconds=time.monotonic() - started,
        statuses=statuses,
        latencies=latencies,
        failures=failures[:10],
    )
