"""Real `tolaria` processes on one PostgreSQL database (make test-scale): servers started as an
operator starts them, each with a data dir of its own, and ingests run as separate processes.

Every process started here ends with the test: it is killed in the fixture's teardown (also on
failure), and the kernel sends it SIGTERM should the test process itself die first."""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import psycopg
import pytest

PR_SET_PDEATHSIG = 1
REPORT: list[str] = []  # figures the checks measured, printed at the end of the run


def pytest_terminal_summary(terminalreporter):
    for line in REPORT:
        terminalreporter.write_line(f"[test-scale] {line}")


BASE_URL = os.environ.get("SCALE_DATABASE_URL") or os.environ.get("DATABASE_URL", "")
# the cache every server shares (log-in throttles, API rate counts), as on several machines
REDIS_URL = os.environ.get("REDIS_URL", "")


def _die_with_parent() -> None:
    ctypes.CDLL("libc.so.6", use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tolaria_env(database_url: str, data_dir: Path, **extra: str) -> dict[str, str]:
    """A process's environment as on a machine of its own: the shared database and Redis, one
    SECRET_KEY, one reverse proxy in front (so a test can speak for many client addresses)."""
    if not REDIS_URL.startswith("redis"):
        pytest.fail("make test-scale needs Redis: set REDIS_URL=redis://…")
    env = {k: v for k, v in os.environ.items() if k not in ("DJANGO_SETTINGS_MODULE",)}
    env.update(
        DATABASE_URL=database_url,
        REDIS_URL=REDIS_URL,
        TOLARIA_DATA_DIR=str(data_dir),
        TOLARIA_EMBED_AT_INGEST="0",
        TOLARIA_TRUSTED_PROXIES="1",
        SECRET_KEY="scale-tests-share-one-key",
        **extra,
    )
    return env


def run_tolaria(args: list[str], env: dict[str, str], timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "tolaria.cli", *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        preexec_fn=_die_with_parent,
    )


@dataclass
class Server:
    """A `tolaria serve` process (gunicorn master and workers) on a free port."""

    env: dict[str, str]
    workers: int = 2
    port: int = field(default_factory=_free_port)
    process: subprocess.Popen | None = None
    log: Path | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, wait: float = 120, *, warm: bool = True) -> Server:
        """Once /api/stats answers, and with `warm` once the workers forked holding every store are warm
        (the first workers answer searches and cards while the serving process warms the rest)."""
        self.log = Path(self.env["TOLARIA_DATA_DIR"]) / f"serve-{self.port}.log"
        with open(self.log, "wb") as out:  # the child keeps its own copy of the descriptor
            self.process = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "tolaria.cli",
                    "serve",
                    "--port",
                    str(self.port),
                    "--workers",
                    str(self.workers),
                ],
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: the teardown ends master and workers
                preexec_fn=_die_with_parent,
            )
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"tolaria serve exited with {self.process.returncode}:\n{self.output()}")
            try:
                status, _, _ = get(self.url + "/api/stats", timeout=5)
                if status == 200 and (not warm or self.all_warm()):
                    return self
            except OSError:
                pass
            time.sleep(0.3)
        raise AssertionError(f"tolaria serve did not answer within {wait} s:\n{self.output()}")

    def all_warm(self) -> bool:
        text = self.log.read_text(errors="replace") if self.log and self.log.exists() else ""
        return text.partition("Warm, the workers start again")[2].count("worker warm") >= self.workers

    def output(self) -> str:
        return self.log.read_text(errors="replace")[-5000:] if self.log and self.log.exists() else ""

    def worker_pids(self) -> list[int]:
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return [int(p) for p in out.split()]

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        try:
            os.killpg(self.process.pid, signal.SIGTERM)
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=5)
        except ProcessLookupError:
            pass


def get(url: str, timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.fixture(scope="module")
def scale_db() -> str:
    """A PostgreSQL database of this module's own, dropped at the end."""
    if not BASE_URL.startswith("postgres"):
        pytest.fail("make test-scale needs PostgreSQL: set DATABASE_URL=postgresql://…")

    head, _, base_name = BASE_URL.rpartition("/")
    name = f"{base_name.split('?')[0]}_scale_{uuid.uuid4().hex[:8]}"
    admin = f"{head}/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    yield f"{head}/{name}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def data_dirs(tmp_path_factory):
    """Fresh data dirs: one per process that needs one, as if on machines of their own."""
    made: list[Path] = []

    def make(label: str) -> Path:
        path = tmp_path_factory.mktemp(label)
        made.append(path)
        return path

    yield make
    for path in made:
        shutil.rmtree(path, ignore_errors=True)


@pytest.fixture(scope="module")
def servers():
    """Start servers with servers(env, workers=N); all of them stop at the end of the module."""
    started: list[Server] = []

    def start(env: dict[str, str], workers: int = 2, *, warm: bool = True) -> Server:
        server = Server(env=env, workers=workers)
        started.append(server)
        return server.start(warm=warm)

    yield start
    for server in started:
        server.stop()
