"""An operator's day on PostgreSQL: a database restored under another name serves at once with a fresh
data dir (its stores belong to the corpus, not to the database's name), and a server started during a
first ingest opens its port without waiting for the ingest."""

from __future__ import annotations

import subprocess
import sys
import time
import uuid

import psycopg
import pytest

from tolaria.site.stores.locks import _key

from .conftest import BASE_URL, REPORT, _die_with_parent, get, run_tolaria, tolaria_env

pytestmark = pytest.mark.scale


def _admin(url: str) -> tuple[str, str]:
    head, _, name = url.rpartition("/")
    return f"{head}/postgres", name.split("?")[0]


def _published(url: str) -> tuple[list, list]:
    """What the database holds of its stores: each published file and each store's recorded build."""
    with psycopg.connect(url) as conn:
        files = conn.execute("SELECT id, name, version, sha256 FROM stores_storedindex ORDER BY id").fetchall()
        builds = conn.execute("SELECT name, version, corpus, format FROM stores_storebuild ORDER BY name").fetchall()
    return files, builds


def test_a_database_restored_under_another_name_serves_at_once(scale_db, data_dirs, servers):
    env = tolaria_env(scale_db, data_dirs("original"))
    init = run_tolaria(["init"], env)
    assert init.returncode == 0, init.stderr
    admin, name = _admin(scale_db)
    restored = f"{name}_restored_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(admin, autocommit=True) as conn:  # a copy under another name, as a restore makes
        conn.execute(f'CREATE DATABASE "{restored}" TEMPLATE "{name}"')
    url = f"{scale_db.rpartition('/')[0]}/{restored}"
    try:
        fresh = data_dirs("restored")
        there = tolaria_env(url, fresh)
        stats = run_tolaria(["stats"], there)
        assert stats.returncode == 0 and "STALE" not in stats.stdout, stats.stdout + stats.stderr
        published = _published(url)
        started = time.monotonic()
        server = servers(there, workers=2, warm=False)  # the first answers, before the rest is warm
        for path in ("/search?q=t%3Agoblin", "/card/jmp/342/lightning-bolt", "/api/cards/named?exact=Lightning+Bolt"):
            status, _, _ = get(server.url + path, timeout=60)
            assert status == 200, (path, server.output())
        REPORT.append(f"restored database served search, a card page and named in {time.monotonic() - started:.1f} s")
        # the rest warmed beside the first workers, then workers forked holding it: the answers too
        deadline = time.monotonic() + 120
        while not server.all_warm():
            assert time.monotonic() < deadline and server.process.poll() is None, server.output()
            time.sleep(0.5)
        status, _, _ = get(server.url + "/api/answers?q=does+deathtouch+work+with+trample", timeout=60)
        assert status == 200, server.output()
        # the manifest's first page in each language came with the published bulk files (downloaded into the
        # fresh data dir), and the server built and published nothing: every store was the restored one's
        assert list((fresh / "stores").glob("scryfall_bulk-*/manifest-de-v*.json.gz"))
        status, _, _ = get(server.url + "/api/cards/manifest?lang=de", timeout=60)
        assert status == 200
        assert _published(url) == published
        server.stop()
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{restored}" WITH (FORCE)')


def test_a_server_started_during_a_first_ingest_opens_its_port_at_once(data_dirs, servers):
    admin, base = _admin(BASE_URL)
    name = f"{base}_first_{uuid.uuid4().hex[:6]}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    url = f"{BASE_URL.rpartition('/')[0]}/{name}"
    ingest = None
    try:
        env = tolaria_env(url, data_dirs("ingesting"))
        ingest = subprocess.Popen(
            [sys.executable, "-m", "tolaria.cli", "ingest", "--sample"],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
        )
        deadline = time.monotonic() + 300
        with psycopg.connect(url, autocommit=True) as conn:  # the ingest holds its lock: it is under way
            while not conn.execute(
                "SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND objid = %s", [_key("ingest") & 0xFFFFFFFF]
            ).fetchone():
                assert ingest.poll() is None and time.monotonic() < deadline, "the ingest never took its lock"
                time.sleep(0.2)
        started = time.monotonic()
        server = servers(tolaria_env(url, data_dirs("serving")), workers=1, warm=False)  # its port, at once
        opened = time.monotonic() - started
        assert ingest.poll() is None, "the ingest ended before the server answered: nothing was shown"
        REPORT.append(f"server started during a first ingest answered /api/stats in {opened:.1f} s")
        assert ingest.wait(timeout=900) == 0
        deadline = time.monotonic() + 120  # its workers load the stores as the ingest publishes them
        while get(server.url + "/search?q=t%3Agoblin")[0] != 200:
            assert time.monotonic() < deadline, server.output()
            time.sleep(1)
        server.stop()
    finally:
        if ingest is not None and ingest.poll() is None:
            ingest.kill()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
