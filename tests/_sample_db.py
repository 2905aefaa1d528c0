"""The embedded sample's SQLite test database, built once per run and copied by every worker.

Loading the sample (ingest, then every store of the after-ingest pass) is the same work on each
pytest-xdist worker and in the contract tests' server. On SQLite the first worker to need it builds
it in its own test database, as before, and saves a copy (SQLite's online backup) beside the run's
data dir; the other worker and the contract server take that copy instead of building their own.

The copy is named by a digest of what it is built from: the code and data of the `tolaria` package
(the sample, the migrations, the steps of the pass), the installed distributions, the Python
version, PYTHONHASHSEED and the TOLARIA_ settings of the environment. `make test` gives each run a
fresh data dir, so each run builds it once; a plain `pytest` in ./var reuses a copy only while none
of these changed. Every test still starts from the whole sample with every store current: the
restored database is checked with `ensure_loaded` (nothing stale, nothing to build) before any test.

PostgreSQL (make test-pg) loads the sample into each worker's database as before.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import importlib.metadata
import os
import sqlite3
import sys
from contextlib import contextmanager
from pathlib import Path

import tolaria

PACKAGE = Path(tolaria.__file__).resolve().parent


def run_dir() -> Path:
    """The run's data dir (make test: a fresh one per run), of which each xdist worker has a subdirectory."""
    from django.conf import settings  # noqa: PLC0415  (Django is configured by pytest-django first)

    data_dir = Path(settings.DATA_DIR)
    return data_dir.parent if os.environ.get("PYTEST_XDIST_WORKER") else data_dir


@functools.cache
def digest() -> str:
    h = hashlib.sha256()
    for path in sorted(p for p in PACKAGE.rglob("*") if p.is_file() and "__pycache__" not in p.parts):
        h.update(str(path.relative_to(PACKAGE)).encode())
        h.update(path.read_bytes())
    for dist in sorted(f"{d.metadata['Name']}=={d.version}" for d in importlib.metadata.distributions()):
        h.update(dist.encode())
    h.update(sys.version.encode())
    for name in sorted(os.environ):
        if name == "PYTHONHASHSEED" or (name.startswith("TOLARIA_") and name != "TOLARIA_DATA_DIR"):
            h.update(f"{name}={os.environ[name]}".encode())
    return h.hexdigest()[:24]


def cached_path() -> Path:
    return run_dir() / f"sample-{digest()}.sqlite3"


@contextmanager
def _exclusive(path: Path):
    """One process at a time builds or reads the copy (the others wait for the first build)."""
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def load_into(connection, build) -> Path:
    """Fill `connection`'s (SQLite) test database with the sample: from the run's copy if there is one,
    else by `build()` and then saving the copy. Returns the copy's path."""
    path = cached_path()
    with _exclusive(path):
        connection.ensure_connection()
        if path.exists():
            source = sqlite3.connect(path)
            try:
                source.backup(connection.connection)
            finally:
                source.close()
        else:
            build()
            partial = path.with_suffix(".partial")
            target = sqlite3.connect(partial)
            try:
                connection.connection.backup(target)
            finally:
                target.close()
            partial.rename(path)
    return path


def copy_to(database: Path) -> None:
    """The run's copy as a server's database file (it was saved whole before anyone could read it)."""
    source, target = sqlite3.connect(cached_path()), sqlite3.connect(database)
    try:
        source.backup(target)
    finally:
        source.close(), target.close()
