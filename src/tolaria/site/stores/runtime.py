"""The one reloading mechanism of a worker, for every index it holds in memory (the card index, the
knowledge index): it notices a newer published index — at once through PostgreSQL's NOTIFY when
the worker listens, else by asking the database every POLL_SECONDS — and loads it in a background
thread while requests go on being answered from the index it has.

A worker never builds an index. With none loaded yet it waits up to FIRST_LOAD_SECONDS for the
first load, then answers 503 with Retry-After (IndexUnavailable) until it has one.
TOLARIA_STORES_INLINE=1 loads in the requesting thread instead (the test suite: one connection,
so a test's own transaction is what the index is loaded from), as `tolaria` commands do.
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from django.db import connection, connections

from . import files

log = logging.getLogger(__name__)
POLL_SECONDS = 2.0
FIRST_LOAD_SECONDS = 20.0
RETRY_AFTER_SECONDS = 10


class IndexUnavailable(Exception):
    """No index of this kind is loaded yet: the site answers 503 with Retry-After."""

    def __init__(self, name: str, reason: str):
        super().__init__(f"The {name.replace('_', ' ')} is not available yet: {reason}")
        self.name = name
        self.retry_after = RETRY_AFTER_SECONDS


_inline_mode: bool | None = None


def set_inline(*, inline: bool) -> None:
    """Commands load in the calling thread; gunicorn's workers (forked from a command) set False."""
    global _inline_mode
    _inline_mode = inline


def _inline() -> bool:
    if _inline_mode is not None:
        return _inline_mode
    return os.environ.get("TOLARIA_STORES_INLINE", "0") in ("1", "true", "yes")


class SharedIndex:
    """One kind of published index as this process holds it."""

    def __init__(self, name: str, load: Callable[[Path, files.Published], Any]):
        self.name = name
        self._load_file = load
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None
        self.value: Any = None
        self.item: files.Published | None = None
        self._checked = 0.0
        self._error = "no index has been published yet: run `tolaria derive` (or an ingest) on any machine"
        self.on_change: list[Callable[[], None]] = []
        # why this process does not load it itself (None: it does): the workers a server starts before its
        # serving process has warmed this store leave it to that process (their successors fork holding it)
        self.held_back: str | None = None

    # --- what requests call ---------------------------------------------------------------

    def get(self) -> Any:
        if self.value is None and self.held_back:
            raise IndexUnavailable(self.name, self.held_back)
        self._maybe_check()
        loading = self._thread
        if self.value is None and loading is not None and loading.is_alive():
            loading.join(FIRST_LOAD_SECONDS)
        if self.value is None:
            raise IndexUnavailable(self.name, self._error)
        return self.value

    def version(self) -> int | None:
        return self.item.version if self.item else None

    # --- noticing and loading -------------------------------------------------------------

    def _maybe_check(self) -> None:
        now = time.monotonic()
        if now - self._checked < POLL_SECONDS and self.value is not None:
            return
        self._checked = now
        try:
            item = files.newest(self.name)
        except Exception as exc:  # the database away for a moment: keep serving what is loaded
            log.warning("could not ask for the newest %s: %s", self.name, exc)
            return
        self.offer(item)

    def offer(self, item: files.Published | None) -> None:
        """A published index (from polling or a NOTIFY): loaded unless it is the one held."""
        if item is None or (self.item is not None and item.id == self.item.id):
            return
        if _inline():
            self._load(item)
            return
        with self._lock:
            if self._thread is not None and self._thread.is_alive():
                return
            self._thread = threading.Thread(target=self._load_in_thread, args=(item,), daemon=True)
            self._thread.start()

    def poke(self) -> None:
        """Ask the database on the next request (a NOTIFY arrived that named no usable row)."""
        self._checked = 0.0

    def _load_in_thread(self, item: files.Published) -> None:
        try:
            self._load(item)
        finally:
            connection.close()  # this thread's own connection
            self._checked = 0.0  # a newer one may have been published while loading

    def _load(self, item: files.Published) -> None:
        started = time.perf_counter()
        try:
            value = self._load_file(files.fetch(item), item)
        except Exception as exc:
            self._error = f"loading the published {self.name} #{item.id} failed: {exc}"
            log.exception("loading %s #%s failed", self.name, item.id)
            return
        self.install(value, item)
        log.info(
            "%s #%s (corpus v%s) loaded in %.2f s", self.name, item.id, item.version, time.perf_counter() - started
        )

    def install(self, value: Any, item: files.Published) -> None:
        """Hold `value` (loaded, or just built by this process) as the current index."""
        with self._lock:
            self.value, self.item = value, item
        for callback in self.on_change:
            callback()
        files.forget_older(item)

    def reset(self) -> None:
        with self._lock:
            self.value, self.item, self._checked = None, None, 0.0
        self.held_back = None


HANDLES: dict[str, SharedIndex] = {}


def handle(name: str, load: Callable[[Path, files.Published], Any]) -> SharedIndex:
    if name not in HANDLES:
        HANDLES[name] = SharedIndex(name, load)
    return HANDLES[name]


def reset() -> None:
    """Forget every loaded index (tests switch databases)."""
    for item in HANDLES.values():
        item.reset()


# --- PostgreSQL LISTEN: workers hear of a new index at once -------------------------------------

_watcher: threading.Thread | None = None


def start_watching() -> None:
    """Listen for published indexes on PostgreSQL (a thread with a connection of its own; polling
    still runs, so a lost connection only delays). Called in each worker after the fork."""
    global _watcher

    if connections["default"].vendor != "postgresql" or (_watcher is not None and _watcher.is_alive()):
        return
    _watcher = threading.Thread(target=_listen_forever, name="tolaria-stores-listen", daemon=True)
    _watcher.start()


def _connect_params() -> dict:
    params = connections["default"].get_connection_params()
    return {k: v for k, v in params.items() if k in ("dbname", "user", "password", "host", "port", "sslmode")}


def _listen_forever() -> None:
    import psycopg  # noqa: PLC0415  PostgreSQL only: a SQLite site never loads it

    while True:
        try:
            with psycopg.connect(**_connect_params(), autocommit=True) as conn:
                conn.execute(f"LISTEN {files.CHANNEL}")
                for note in conn.notifies():
                    _heard(note.payload)
        except Exception as exc:
            log.warning("listening for new indexes stopped (%s); polling meanwhile, retrying", exc)
        time.sleep(5)


def _heard(payload: str) -> None:
    name, _, rest = payload.partition(":")
    target = HANDLES.get(name)
    if target is None:
        return
    target.poke()
    threading.Thread(target=_check_now, args=(target,), daemon=True).start()


def _check_now(target: SharedIndex) -> None:
    try:
        target.offer(files.newest(target.name))
    finally:
        connection.close()
