"""An operator's backup: the live server's SQLite database copied (SQLite's online backup) to another
path and served with a fresh data dir. Its stores belong to the corpus, not to the path, so search, a
card page and /api/cards/named answer at once (they answered 503 for ever when the card index was
labelled with the database's path)."""

import ctypes
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _die_with_parent() -> None:
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _status(url: str) -> int:
    try:
        with urllib.request.urlopen(url, timeout=60) as r:
            return r.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_a_copied_database_serves_at_once_with_a_fresh_data_dir(
    tolaria_server_data_dir, copy_of_live_database, tmp_path
):
    live = tolaria_server_data_dir
    backup = copy_of_live_database(tmp_path / "elsewhere" / "restored.sqlite3")
    fresh = tmp_path / "fresh-data"
    fresh.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{backup}",
        "TOLARIA_DATA_DIR": str(fresh),
        "SECRET_KEY": (live / "secret_key").read_text().strip(),  # one key per database, as on a second machine
        "TOLARIA_API_RATE_REQUESTS": "0",
    }
    stats = subprocess.run(
        [str(Path(sys.executable).parent / "tolaria"), "stats"], env=env, capture_output=True, text=True, timeout=300
    )
    assert stats.returncode == 0 and "STALE" not in stats.stdout, stats.stdout + stats.stderr
    port = _free_port()
    log_path = tmp_path / "server.log"
    with open(log_path, "wb") as log:
        proc = subprocess.Popen(
            [str(Path(sys.executable).parent / "tolaria"), "serve", "--port", str(port), "--workers", "1"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            preexec_fn=_die_with_parent,
        )
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 300
            while _ready(base) is False:
                assert proc.poll() is None, log_path.read_text()[-3000:]
                assert time.monotonic() < deadline, log_path.read_text()[-3000:]
                time.sleep(0.5)
            for path in (
                "/search?q=t%3Agoblin",
                "/card/jmp/342/lightning-bolt",
                "/api/cards/named?exact=Lightning+Bolt",
            ):
                assert _status(base + path) == 200, (path, log_path.read_text()[-3000:])
        finally:
            proc.terminate()
            proc.wait(timeout=30)


def _ready(base: str) -> bool:
    try:
        return _status(base + "/api/stats") == 200
    except OSError:
        return False
