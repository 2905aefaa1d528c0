"""The probe's heaviest inputs within the limits (and just over them), one at a time, on a running data set:
how long each holds a worker (issue 28: no route holds a worker over 2 s).

    python benchmarks/bench_heavy.py [--data-dir DIR] [--database-url URL] [--markdown OUT]

Starts `tolaria serve` (2 workers) on the data set, makes a user with an API token (through Django, on the
same database), then times, with nothing else running: imports of 1,999 lines (names no card has; real
cards) that become jobs (the request, then the job in its worker thread), every export of the 1,999-card
deck, anonymous /api/cards/manifest (Japanese only, and all), the search page with 1,000 and 5,000
characters of words, /api/answers and /api/search with a 1,000-character question, the rules search and
fuzzy names with 4,000 characters. Each request is sent three times; the table gives the slowest server
time (gunicorn's own, from its access log) and the status. Exits 1 when one is over 2 s or answers 5xx.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_web import free_port, start_server, stop_server, tolaria_command

LIMIT_MS = 2000
WORDS = "does trample damage go through a deathtouch blocker when the attacker has first strike and lifelink "

ACCOUNT = r"""
import json, sys, uuid
from tolaria.cli._site import setup_django
setup_django()
from django.contrib.auth import get_user_model
from tolaria.site.accounts.models import ApiToken
user = get_user_model().objects.create_user(f"bench-heavy-{uuid.uuid4().hex[:8]}", password="bench heavy passphrase 1")
print(json.dumps(ApiToken.issue(user, "bench heavy")[1]))
"""


class Client:
    def __init__(self, port: int, secret: str, log: Path):
        self.port, self.secret, self.log = port, secret, log

    def send(self, method: str, path: str, body: dict | None = None, *, auth: bool = True) -> tuple[int, bytes, float]:
        """(status, body, server ms): the server's own time for this request, from the access log."""
        offset = self.log.stat().st_size
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        headers = {"Content-Type": "application/json"}
        if auth:
            headers["Authorization"] = f"Bearer {self.secret}"
        try:
            conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
            response = conn.getresponse()
            status, data = response.status, response.read()
        finally:
            conn.close()
        return status, data, self._logged(offset)

    def _logged(self, offset: int) -> float:
        for _ in range(40):  # the worker writes its line as it answers
            with open(self.log, "rb") as fh:
                fh.seek(offset)
                lines = [line for line in fh.read().decode().splitlines() if line.strip()]
            if lines:
                return int(lines[-1].split()[0]) / 1000
            time.sleep(0.05)
        return float("nan")


def q(path: str, **params: str) -> str:
    return path + "?" + urllib.parse.urlencode(params)


def probe(client: Client, rows: list[tuple[str, int, float, str]]) -> None:
    """Send every heavy input once or three times; a row each in `rows`."""
    deadline = time.monotonic() + 600  # a first start writes its catalogs after it answers
    while (found := client.send("GET", "/api/catalog/card-names", auth=False))[0] != 200:
        if time.monotonic() > deadline:
            raise SystemExit(f"no card names to import: {found[1][:200]!r}")
        time.sleep(2)
    names = [n for n in json.loads(found[1])["data"] if "//" not in n][:1999]

    def timed(label: str, method: str, path: str, body: dict | None = None, *, auth: bool = True, times: int = 3):
        worst, status, note = 0.0, 0, ""
        for _ in range(times):
            status, data, ms = client.send(method, path, body, auth=auth)
            worst = max(worst, ms)
            if status >= 400:
                note = " ".join(data[:400].decode(errors="replace").split())[:120]  # one table cell
        rows.append((label, status, worst, note))
        print(f"{label}: {status} {worst:.0f} ms", file=sys.stderr)
        return data

    def job(label: str, text: str) -> str:
        status, made, _ = client.send("POST", "/api/decks", {"name": label, "visibility": "public"})
        token = json.loads(made)["token"]
        status, answer, ms = client.send("POST", f"/api/decks/{token}/import", {"text": text})
        rows.append((f"{label}: the request", status, ms, ""))
        started, state = time.monotonic(), {}
        url = json.loads(answer).get("url", "")
        while url and time.monotonic() - started < 900:
            state = json.loads(client.send("GET", url)[1])
            if state.get("state") in ("done", "failed"):
                break
            time.sleep(0.5)
        rows.append((f"{label}: the job, in its worker's thread", status, (time.monotonic() - started) * 1000, ""))
        rows[-1] = (*rows[-1][:3], f"job {state.get('state')}; not a request (the worker answers meanwhile)")
        return token

    job("1,999 lines naming no card", "".join(f"1 Zzqx Nonesuch {i}\n" for i in range(1999)))
    deck = job("1,999 real cards, one each", "".join(f"1 {n}\n" for n in names))
    for fmt in ("text", "arena", "mtgo", "mtgo_txt", "moxfield", "archidekt", "csv_moxfield", "csv_deckbox"):
        timed(
            f"export of the 1,999-card deck as {fmt} (API, anonymous)",
            "GET",
            q(f"/api/decks/{deck}/export", format=fmt),
            auth=False,
        )
    timed(
        "export of the 1,999-card deck as .dek (page)",
        "GET",
        q(f"/decks/{deck}/export/", format="mtgo"),
        auth=False,
    )
    timed("the 1,999-card deck's page", "GET", f"/decks/{deck}/", auth=False)
    timed("the 1,999-card deck (API)", "GET", f"/api/decks/{deck}", auth=False)
    timed("manifest, Japanese (anonymous)", "GET", q("/api/cards/manifest", lang="ja"), auth=False)
    timed("manifest, first page (anonymous)", "GET", "/api/cards/manifest", auth=False)
    words1k = (WORDS * 20)[:1000].rstrip()
    timed("search page, 5,000 characters of words", "GET", q("/search", q=(WORDS * 60)[:5000]), auth=False)
    timed("search page, 1,000 characters of words", "GET", q("/search", q=words1k), auth=False)
    timed("search page, a 1,000-character question", "GET", q("/search", q=words1k[:999] + "?"), auth=False)
    timed("search page, 1,000 characters, cards only", "GET", q("/search", q=words1k, cards="all"), auth=False)
    timed("/api/answers, a 1,000-character question", "GET", q("/api/answers", q=words1k), auth=False)
    timed("/api/search, 1,000 characters", "GET", q("/api/search", q=words1k), auth=False)
    timed("/api/cards/search, 1,000 characters", "GET", q("/api/cards/search", q=words1k), auth=False)
    timed("rules search, 4,000 characters", "GET", q("/rules/search", q=(WORDS * 50)[:4000]), auth=False)
    timed(
        "/api/cards/named?fuzzy, 4,000 characters",
        "GET",
        q("/api/cards/named", fuzzy=(WORDS * 50)[:4000]),
        auth=False,
    )
    timed(
        "/api/cards/autocomplete, 4,000 characters",
        "GET",
        q("/api/cards/autocomplete", q=(WORDS * 50)[:4000]),
        auth=False,
    )


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data-dir", default=os.environ.get("TOLARIA_DATA_DIR"))
    ap.add_argument("--database-url", default=os.environ.get("DATABASE_URL"))
    ap.add_argument("--port", type=int, default=0, help="the server's port (default: a free one)")
    ap.add_argument("--markdown")
    ap.add_argument("--start-timeout", type=float, default=900)
    args = ap.parse_args(argv)

    env = dict(os.environ, TOLARIA_EMBED_AT_INGEST="0", TOLARIA_API_RATE_REQUESTS="0")
    if args.data_dir:
        env["TOLARIA_DATA_DIR"] = str(Path(args.data_dir).resolve())
    if args.database_url:
        env["DATABASE_URL"] = args.database_url
    access_log = Path(tempfile.mkstemp(prefix="tolaria-heavy-access-", suffix=".log")[1])
    env["TOLARIA_ACCESS_LOG"] = str(access_log)
    load_before = os.getloadavg()[0]
    port = args.port or free_port()
    log = Path(tempfile.gettempdir()) / f"tolaria-bench-heavy-{port}.log"
    print(f"starting {' '.join(tolaria_command())} serve on port {port}, log {log}", file=sys.stderr)
    proc = start_server(port, 2, env, log, args.start_timeout)
    rows: list[tuple[str, int, float, str]] = []
    try:
        # the user, once the server has the database ready (a first start loads the sample)
        made = subprocess.run([sys.executable, "-c", ACCOUNT], env=env, capture_output=True, text=True, check=True)
        secret = json.loads(made.stdout.splitlines()[-1])
        probe(Client(port, secret, access_log), rows)
    finally:
        stop_server(proc)

    lines = [
        f"The probe's heaviest inputs, one request at a time (2 workers; load average {load_before:.1f} before the "
        f"server started, {os.getloadavg()[0]:.1f} at the end; database "
        f"{'PostgreSQL' if 'postgres' in env.get('DATABASE_URL', '') else 'SQLite'}). Server ms: the slowest of three, "
        "gunicorn's own time.",
        "",
        "| input | status | server ms | note |",
        "| --- | ---: | ---: | --- |",
    ]
    over = []
    for label, status, ms, note in rows:
        lines.append(f"| {label} | {status} | {ms:,.0f} | {note.replace('|', '/')} |")
        if "the job" not in label and (ms > LIMIT_MS or status >= 500):
            over.append(label)
    table = "\n".join(lines)
    print(table)
    if args.markdown:
        Path(args.markdown).write_text(table + "\n", encoding="utf-8")
    if over:
        print(f"over {LIMIT_MS} ms or 5xx: {', '.join(over)}", file=sys.stderr)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
