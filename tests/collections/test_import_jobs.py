"""Issue 28, item 6: an import answers at once, or becomes a job with its progress on the deck page and in
the API. A list of at most JOB_LINES lines is imported in the request; a longer one (up to the 2,000-line
limit) is written as an ImportJob that a thread of the worker runs (collections.jobs), and the request
answers at once. Here the job is run where the test can see it (jobs.run, in the test's transaction);
tests/scale runs one in a live server's thread."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tolaria.site.accounts.models import ApiToken
from tolaria.site.collections import jobs
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import ImportJob

pytestmark = pytest.mark.django_db

NAMES = ["Lightning Bolt", "Sol Ring", "Goblin Guide", "Fire // Ice", "Krenko, Mob Boss"]


def decklist(lines: int, unknown: int = 0) -> str:
    """`lines` lines: known cards (the same few, so they merge into rows) and `unknown` names no card has."""
    known = [f"1 {NAMES[i % len(NAMES)]}" for i in range(lines - unknown)]
    return "\n".join(known + [f"1 Zzqx Unknown {i}" for i in range(unknown)]) + "\n"


@pytest.fixture
def api(alice):
    _, secret = ApiToken.issue(alice, "script")
    client = Client()

    def call(method, path, body=None):
        kwargs = {"headers": {"Authorization": f"Bearer {secret}"}}
        if body is not None:
            kwargs.update(data=json.dumps(body), content_type="application/json")
        return getattr(client, method)(path, **kwargs)

    return call


def test_a_list_up_to_the_limit_is_imported_in_the_request(alice, api, django_capture_on_commit_callbacks):
    deck = svc.create_deck(alice, "Now", "")
    with django_capture_on_commit_callbacks() as started:
        response = api("post", f"/api/decks/{deck.token}/import", {"text": decklist(svc.JOB_LINES, unknown=10)})
    assert response.status_code == 200 and response.json()["added"] == svc.JOB_LINES - 10
    assert not started and not ImportJob.objects.exists()


def test_a_longer_list_becomes_a_job_with_its_progress_in_the_api(alice, api, django_capture_on_commit_callbacks):
    deck = svc.create_deck(alice, "Later", "")
    lines = svc.JOB_LINES + 1
    with django_capture_on_commit_callbacks() as started:
        response = api("post", f"/api/decks/{deck.token}/import", {"text": decklist(lines, unknown=20)})
    assert response.status_code == 202, response.content
    job = response.json()
    assert (job["object"], job["state"], job["total"], job["done"], job["result"]) == (
        "import_job",
        "queued",
        lines,
        0,
        None,
    )
    assert len(started) == 1  # the thread starts once the job's row is committed
    assert not deck.cards.exists()  # nothing added in the request
    jobs.run(job["id"])  # what the thread does
    polled = api("get", job["url"])
    assert polled.status_code == 200
    body = polled.json()
    assert body["state"] == "done" and body["done"] == lines
    assert body["result"]["ok"] and body["result"]["added"] == lines - 20 and len(body["result"]["unknown"]) == 20
    assert sum(r.quantity for r in deck.cards.all()) == lines - 20 and deck.unresolved.count() == 20
    assert api("get", f"/api/decks/{deck.token}/imports/{job['id'] + 999}").json()["object"] == "error"


def test_the_job_reports_progress_as_it_reads(alice):
    deck = svc.create_deck(alice, "Progress", "")
    job = ImportJob.objects.create(deck=deck, text=decklist(500, unknown=100), total=500)
    seen = []
    original = jobs.import_decklist

    def watching(deck, text, progress=None, **options):
        def progress_and_look(n):
            progress(n)
            seen.append(ImportJob.objects.get(pk=job.pk).done)

        return original(deck, text, progress=progress_and_look, **options)

    jobs.import_decklist, jobs._PROGRESS_EVERY = watching, 0.0
    try:
        jobs.run(job.pk)
    finally:
        jobs.import_decklist, jobs._PROGRESS_EVERY = original, 0.5
    assert seen[0] == 0 and seen[-1] == 500 and seen == sorted(seen) and len(set(seen)) > 100
    assert ImportJob.objects.get(pk=job.pk).state == ImportJob.DONE


def test_the_deck_page_shows_the_job_then_its_outcome_once(alice_client, alice, django_capture_on_commit_callbacks):
    deck = svc.create_deck(alice, "Page", "")
    url = reverse("collections:deck_detail", args=[deck.token])
    with django_capture_on_commit_callbacks():
        response = alice_client.post(
            reverse("collections:deck_import", args=[deck.token]), {"decklist": decklist(300, unknown=3)}, follow=True
        )
    html = response.content.decode()
    job = ImportJob.objects.get(deck=deck)
    assert "Importing 300 lines" in html
    assert f'data-job-url="/api/decks/{deck.token}/imports/{job.pk}"' in html and '<progress max="300"' in html
    # the page polls the API with its session
    assert alice_client.get(f"/api/decks/{deck.token}/imports/{job.pk}").json()["state"] == "queued"
    jobs.run(job.pk)
    done = alice_client.get(url).content.decode()
    assert "Imported 297 cards from a plain list." in done and "3 lines named no card Tolaria knows" in done
    assert "import-job" not in done
    again = alice_client.get(url).content.decode()
    assert "Imported 297 cards" not in again  # said once


def test_a_job_whose_worker_stopped_reads_as_failed_and_added_nothing(alice, api):
    deck = svc.create_deck(alice, "Stopped", "")
    job = ImportJob.objects.create(deck=deck, text=decklist(200), total=200, state=ImportJob.RUNNING, done=80)
    ImportJob.objects.filter(pk=job.pk).update(updated_at=timezone.now() - timedelta(seconds=jobs.STALE_SECONDS + 1))
    body = api("get", f"/api/decks/{deck.token}/imports/{job.pk}").json()
    assert body["state"] == "failed" and "nothing was added" in body["error"]
    assert not deck.cards.exists()
    jobs.run(job.pk)  # a thread that wakes late does not run a failed job
    assert not deck.cards.exists()


def test_a_job_is_its_owners(alice, bob, api):
    deck = svc.create_deck(bob, "Bob's", "")
    job = ImportJob.objects.create(deck=deck, text="1 Sol Ring\n", total=1)
    assert api("get", f"/api/decks/{deck.token}/imports/{job.pk}").status_code == 404
