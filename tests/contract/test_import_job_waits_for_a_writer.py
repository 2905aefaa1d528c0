"""Issue 28: an import job's one write (the deck's new rows, in one transaction) met "database is locked"
on SQLite while another writer of the site held the write lock past the busy timeout, and the job failed
having done all its reading. The job's writes now wait their turn (tolaria.site.stores.locks.retrying).

Here on a real SQLite file (a copy of the live server's database, as test_restored_backup makes) in a
process of its own: the job reads every line, then another connection (a deck edit made meanwhile) takes
the write lock and holds it for several busy timeouts. The job must end done with every card, and the
other writer's edit must be kept."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

BUSY_TIMEOUT = 0.3  # TOLARIA_SQLITE_TIMEOUT of the job's process: a write waits this long, then "locked"
HOLD = 2.5  # seconds the other writer holds the lock: over eight busy timeouts

JOB = r"""
import json, sqlite3, sys, threading, time

from tolaria.cli._site import setup_django

setup_django()

from django.contrib.auth import get_user_model

from tolaria.site.collections import jobs
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import ImportJob
from tolaria.site.collections.services import decklist_import

database, hold, text = sys.argv[1], float(sys.argv[2]), sys.stdin.read()
user = get_user_model().objects.create_user("waits-its-turn", password="Winter2026!waits")
deck = svc.create_deck(user, "Imported while edited", "")
job = ImportJob.objects.create(deck=deck, text=text, total=len(text.splitlines()))
held, released = threading.Event(), threading.Event()


def other_writer():
    # the same user editing the deck in another tab: a write of the site, holding SQLite's write lock
    conn = sqlite3.connect(database, isolation_level=None)
    conn.execute("BEGIN IMMEDIATE")
    table = type(deck)._meta.db_table
    conn.execute(f"UPDATE {table} SET description = 'edited meanwhile' WHERE id = ?", [deck.pk])
    held.set()
    time.sleep(hold)
    conn.execute("COMMIT")
    conn.close()
    released.set()


read_cards = decklist_import.load_cards


def read_then_locked(oracle_ids):
    # the job has read every line (the last read before its write): the other writer takes the lock now
    cards = read_cards(oracle_ids)
    threading.Thread(target=other_writer, daemon=True).start()
    assert held.wait(30)
    return cards


decklist_import.load_cards = read_then_locked
jobs.run(job.pk)
released_before_done = released.is_set()
job.refresh_from_db()
deck.refresh_from_db()
print(json.dumps({
    "state": job.state,
    "error": job.error,
    "result": job.result,
    "cards": sum(row.quantity for row in deck.cards.all()),
    "unresolved": deck.unresolved.count(),
    "description": deck.description,
    "lock_released_before_the_job_ended": released_before_done,
}))
"""


def test_an_import_job_waits_out_another_writer_instead_of_failing(copy_of_live_database, tmp_path):
    database = copy_of_live_database(tmp_path / "tolaria.sqlite3")
    fresh = tmp_path / "data"
    fresh.mkdir()
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{database}",
        "TOLARIA_DATA_DIR": str(fresh),
        "TOLARIA_SQLITE_TIMEOUT": str(BUSY_TIMEOUT),
        "TOLARIA_EMBED_AT_INGEST": "0",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    # a list long enough to be a job (JOB_LINES is 100): 120 known cards (merged into four rows), 30 unknown
    known = ["Lightning Bolt", "Llanowar Elves", "Sol Ring", "Goblin Guide"]
    lines = [f"1 {known[i % len(known)]}" for i in range(120)] + [f"1 Zzqx Nothing Named {i}" for i in range(30)]
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", JOB, str(database), str(HOLD)],
        input="\n".join(lines) + "\n",
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert done.returncode == 0, done.stderr[-3000:]
    outcome = json.loads(done.stdout.strip().splitlines()[-1])
    assert outcome["state"] == "done", outcome
    assert outcome["result"]["ok"] and outcome["result"]["added"] == 120, outcome
    assert (outcome["cards"], outcome["unresolved"]) == (120, 30), outcome
    assert outcome["description"] == "edited meanwhile"  # the other writer's edit is kept
    assert outcome["lock_released_before_the_job_ended"]  # its write came after the lock, not before it
    assert "waits for the site's writes" in done.stderr, done.stderr[-3000:]
    assert time.monotonic() - started > HOLD
