"""Decklist imports too long to answer at once (issue 28: every request bounded). The request that takes
one writes an ImportJob row and answers; a daemon thread of the same worker process does the import and
writes its progress to the row, which the deck page polls (static/collections/import_job.js) and
/api/decks/{token}/imports/{id} reads. A daemon thread ends with its process: nothing outlives the server.

The cards are added in one transaction at the end of the job, so a job whose worker stopped (restarted,
killed) added nothing; its heartbeat (`updated_at`) grows old and it reads as failed, saying so. On SQLite
that write, and those of the job's row, wait out the site's writes (`stores.locks.retrying`: "database is
locked" past the busy timeout) instead of failing a job that did its work."""

from __future__ import annotations

import logging
import threading
import time
from datetime import timedelta

from django.db import OperationalError, connection, transaction
from django.utils import timezone

from tolaria import decks
from tolaria.site.stores import locks

from .models import Deck, ImportJob
from .services.cards import set_codes
from .services.decklist_import import JOB_LINES, ImportResult, import_decklist, import_parsed, result_out

log = logging.getLogger(__name__)

STALE_SECONDS = 120  # a queued or running job whose heartbeat is older: its worker stopped
_PROGRESS_EVERY = 0.5  # seconds between two progress writes


def import_or_job(deck: Deck, text: str) -> ImportResult | ImportJob:
    """The import done now (a list of at most JOB_LINES lines), or the job that does it (a longer one).
    Raises decks.DecklistTooLarge before reading anything when the list is over a size limit."""
    codes = set_codes()
    parsed = decks.parse_decklist(text, set_codes=codes)
    if len(parsed.lines) <= JOB_LINES:
        return import_parsed(deck, parsed, codes)
    job = ImportJob.objects.create(deck=deck, text=text, total=len(parsed.lines))
    start(job)
    return job


def start(job: ImportJob) -> None:
    """Run the job in a thread once the row is committed (the thread reads it with its own connection)."""
    transaction.on_commit(lambda: spawn(job.pk))


def spawn(job_id: int) -> threading.Thread:
    thread = threading.Thread(target=run, args=(job_id,), name=f"tolaria-import-{job_id}", daemon=True)
    thread.start()
    return thread


def run(job_id: int) -> None:
    """Do the import of the job `job_id` and write its outcome on its row (its error, if it fails)."""
    try:
        job = ImportJob.objects.select_related("deck").filter(pk=job_id, state=ImportJob.QUEUED).first()
        if job is None:
            return
        _write(job_id, "marking it running", state=ImportJob.RUNNING)
        last = [0.0]

        def progress(done: int) -> None:
            now = time.monotonic()
            if now - last[0] < _PROGRESS_EVERY and done < job.total:
                return
            last[0] = now
            try:
                ImportJob.objects.filter(pk=job_id).update(done=done, updated_at=timezone.now())
            except OperationalError as exc:  # SQLite busy with the site's writes: the next one says it
                log.info("import %s: progress not written (%s)", job_id, exc)

        result = import_decklist(job.deck, job.text, progress=progress, patient=True)
        _write(job_id, "its outcome", state=ImportJob.DONE, done=job.total, result=result_out(result))
    except Exception as exc:  # the job's row says it; the worker goes on serving
        log.exception("import %s failed", job_id)
        _write(
            job_id,
            "its failure",
            state=ImportJob.FAILED,
            error=f"The import stopped ({type(exc).__name__}); nothing was added. Import the list again.",
        )
    finally:
        if threading.current_thread() is not threading.main_thread():
            connection.close()  # the thread's own connection (a test runs a job in its own thread)


def _write(job_id: int, what: str, **values) -> None:
    """Write the job's row (its state, outcome), waiting out the site's writes on SQLite ("database is
    locked" past the busy timeout) instead of leaving a job that did its work marked as running."""
    locks.retrying(
        lambda: ImportJob.objects.filter(pk=job_id).update(**values, updated_at=timezone.now()),
        what=f"import {job_id}: {what}",
    )


def state_of(job: ImportJob) -> ImportJob:
    """The job as it stands: a queued or running job whose heartbeat is old is marked failed (its worker
    stopped before the cards were added, so nothing was)."""
    if job.state in (ImportJob.QUEUED, ImportJob.RUNNING) and job.updated_at < timezone.now() - timedelta(
        seconds=STALE_SECONDS
    ):
        job.state = ImportJob.FAILED
        job.error = "The server stopped during this import; nothing was added. Import the list again."
        ImportJob.objects.filter(pk=job.pk, state__in=(ImportJob.QUEUED, ImportJob.RUNNING)).update(
            state=job.state, error=job.error
        )
    return job


def job_out(job: ImportJob) -> dict:
    """The job as the API and the page's poll read it."""
    job = state_of(job)
    return {
        "object": "import_job",
        "id": job.pk,
        "state": job.state,
        "total": job.total,
        "done": job.done,
        "url": f"/api/decks/{job.deck.token}/imports/{job.pk}",
        "result": job.result if job.state == ImportJob.DONE else None,
        "error": job.error or None,
    }


def latest(deck) -> ImportJob | None:
    """The deck's newest import job still to show on its page: running, or finished and not yet shown."""
    job = deck.import_jobs.filter(seen=False).first()
    return state_of(job) if job is not None else None
