"""One live Tolaria server over the embedded sample for every client's contract test: `tolaria serve`
in a process of its own (its own data dir and SQLite database: a copy of the run's sample database,
tests/_sample_db.py, so it loads the stores and builds nothing), ended with the session — and with
this process, should the session die first."""

import ctypes
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

import _sample_db as sample_db

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 600  # a server that finds no database ingests the sample and builds its indexes first
SERVER: dict[str, Path] = {}  # the running server's data dir (a test copies its database)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _die_with_parent() -> None:
    # Linux: the server gets SIGTERM when the test process ends, however it ends
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _all_warm(log: Path, workers: int) -> bool:
    """Whether the workers forked after the server warmed every store are warm (the first workers answer
    searches and cards, not yet the knowledge routes): the clients meet the server as it then stays."""
    _, said, after = log.read_text(errors="replace").partition("Warm, the workers start again")
    return bool(said) and after.count("worker warm") >= workers


@pytest.fixture(scope="session")
def tolaria_server(django_db_setup):
    """The base URL of the running server, e.g. http://127.0.0.1:PORT (its API under /api/)."""
    port = _free_port()
    data_dir = tempfile.mkdtemp(prefix="tolaria-contract-")
    SERVER["data_dir"] = Path(data_dir)
    # the sample as this run built it (django_db_setup: built here or copied from another worker)
    sample_db.copy_to(Path(data_dir) / "tolaria.sqlite3")
    env = {
        **os.environ,
        "TOLARIA_DATA_DIR": data_dir,
        "TOLARIA_EMBED_AT_INGEST": "0",
        "TOLARIA_API_RATE_REQUESTS": "0",  # the clients pace themselves; the limit has tests of its own
    }
    env.pop("DATABASE_URL", None)
    # the server is no pytest-xdist worker: its data dir is this one, not a worker's subdirectory of it
    env.pop("PYTEST_XDIST_WORKER", None)
    log = open(Path(data_dir) / "server.log", "wb")  # noqa: SIM115  (open for the server's whole life)
    proc = subprocess.Popen(
        [
            str(Path(sys.executable).parent / "tolaria"),
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "2",
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        preexec_fn=_die_with_parent,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_SECONDS
    while True:
        if proc.poll() is not None:
            log.close()
            pytest.fail(
                f"tolaria serve ended with {proc.returncode}: {(Path(data_dir) / 'server.log').read_text()[-3000:]}"
            )
        try:
            with urllib.request.urlopen(base + "/api/stats", timeout=5) as r:
                if r.status == 200 and _all_warm(Path(data_dir) / "server.log", workers=2):
                    break
        except OSError:
            pass
        if time.monotonic() > deadline:
            proc.terminate()
            pytest.fail(f"tolaria serve did not answer within {STARTUP_SECONDS} s")
        time.sleep(1)
    yield base.rstrip("/")
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


@pytest.fixture(scope="session")
def tolaria_server_data_dir(tolaria_server) -> Path:
    """The running server's data dir (its SQLite database, its secret key)."""
    return SERVER["data_dir"]


@pytest.fixture
def copy_of_live_database(tolaria_server_data_dir):
    """Copy the running server's SQLite database to a path (SQLite's online backup: a consistent copy while
    it serves), as an operator restores a backup elsewhere or a second process opens it."""

    def copy(database: Path) -> Path:
        database.parent.mkdir(parents=True, exist_ok=True)
        source, target = sqlite3.connect(tolaria_server_data_dir / "tolaria.sqlite3"), sqlite3.connect(database)
        source.backup(target)
        source.close(), target.close()
        return database

    return copy


def api_json(base: str, path: str) -> dict:
    """A GET on Tolaria's own API, to find the ids the clients are then asked about."""

    with urllib.request.urlopen(base + "/api" + path, timeout=30) as r:
        return json.loads(r.read())


@pytest.fixture(scope="session")
def known(tolaria_server):
    """Ids of the sample's cards, read from the server, for the clients' calls."""
    arena = api_json(tolaria_server, "/cards/search?q=game%3Aarena&unique=prints")["data"]
    on_arena = next(c for c in arena if c.get("arena_id"))
    mtgo = api_json(tolaria_server, "/cards/search?q=game%3Amtgo&unique=prints")["data"]
    on_mtgo = next(c for c in mtgo if c.get("mtgo_id"))
    bolt = api_json(tolaria_server, "/cards/named?exact=Lightning+Bolt&set=2ed")
    sets = api_json(tolaria_server, "/sets")["data"]
    with_tcg = next(s for s in sets if s.get("tcgplayer_id"))
    return {
        "bolt": bolt,
        "arbor": api_json(tolaria_server, "/cards/tsr/277"),
        "chandra": api_json(tolaria_server, "/cards/ori/135"),
        "on_arena": on_arena,
        "on_mtgo": on_mtgo,
        "set_with_tcgplayer": with_tcg,
        "bulk": api_json(tolaria_server, "/bulk-data")["data"],
    }
