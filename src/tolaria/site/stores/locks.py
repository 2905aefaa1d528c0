"""Who is working on the database, and waiting out a site's writes.

`held(name)` is held by an ingest ("ingest") and by the after-ingest pass ("pass") for as long as they
run: a PostgreSQL advisory lock, or on SQLite an flock on a file beside the database (it follows the
database, not the data dir). `busy(name)` asks without waiting, so `tolaria serve` never waits on
either to open its port.

`retrying(fn)` runs a short write transaction of the pass again when SQLite says "database is locked"
(the site held the write lock past the busy timeout, or a snapshot went stale under a write): the
pass waits its turn instead of failing half-way.
"""

from __future__ import annotations

import fcntl
import logging
import time
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from django.db import OperationalError, connection

log = logging.getLogger(__name__)
T = TypeVar("T")
RETRY_SECONDS = 600.0  # how long a write of the pass waits out a site's writes in all


def _key(name: str) -> int:
    return 0x70_1A_0000 + zlib.crc32(name.encode()) % 0xFFFF


def _lock_file(name: str) -> Path | None:
    """The lock file beside a SQLite database file (None for an in-memory one: nothing to share)."""
    db = str(connection.settings_dict["NAME"])
    if connection.vendor != "sqlite" or db.startswith("file:") or db in ("", ":memory:"):
        return None
    path = Path(db)
    return path.with_name(f"{path.name}.{name}.lock") if path.parent.exists() else None


@contextmanager
def held(name: str) -> Iterator[None]:
    """Hold the lock `name` for the block (waiting for it when another process holds it)."""
    if connection.vendor == "postgresql" and not connection.in_atomic_block:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_lock(%s)", [_key(name)])
        try:
            yield
        finally:
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [_key(name)])
        return
    path = _lock_file(name)
    if path is None:
        yield
        return
    with open(path, "a") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def busy(name: str) -> bool:
    """Whether another process holds the lock `name` now (asked without waiting)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s)", [_key(name)])
            got = cursor.fetchone()[0]
            if got:
                cursor.execute("SELECT pg_advisory_unlock(%s)", [_key(name)])
        return not got
    path = _lock_file(name)
    if path is None:
        return False
    with open(path, "a") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        fcntl.flock(fh, fcntl.LOCK_UN)
    return False


def _is_lock_error(exc: OperationalError) -> bool:
    text = str(exc).lower()
    return "database is locked" in text or "database is busy" in text or "database table is locked" in text


def retrying(fn: Callable[[], T], *, what: str = "a write") -> T:
    """fn() (a whole transaction of its own), run again while SQLite answers "database is locked"."""
    deadline = time.monotonic() + RETRY_SECONDS
    pause = 0.2
    while True:
        try:
            return fn()
        except OperationalError as exc:
            if connection.in_atomic_block or not _is_lock_error(exc) or time.monotonic() > deadline:
                raise
            log.warning("%s waits for the site's writes (%s); trying again in %.1f s", what, exc, pause)
            time.sleep(pause)
            pause = min(pause * 2, 5.0)
