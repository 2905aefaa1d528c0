"""/api/cards/manifest, anonymous and 15,000 rows a page, is read from the database once per corpus version
and page, then from the cache the workers share (issue 28, item 6: anonymous heavy routes cached); its first
page in each language is published with the Scryfall bulk files (a restored backup computes none at start)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tolaria.site.api import _bulk, _bulk_store, cards
from tolaria.site.catalog import repository

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["", "en", "de"])
def test_a_manifest_page_is_read_once_per_corpus_version(client, lang):
    cache.clear()
    first = client.get("/api/cards/manifest", {"lang": lang} if lang else {})
    assert first.status_code == 200 and first.json()["data"]
    with CaptureQueriesContext(connection) as queries:
        again = client.get("/api/cards/manifest", {"lang": lang} if lang else {})
    assert again.json() == first.json()
    # left: which language table answers (one indexed row: LIMIT 1), never the page's rows nor their count
    sql = [q["sql"] for q in queries.captured_queries]
    read = [q for q in sql if "printing" in q.lower() and not q.rstrip().endswith("LIMIT 1")]
    assert not read, read
    assert not [q for q in sql if "COUNT(" in q.upper()], sql


def test_a_language_that_is_no_code_is_answered_without_being_kept(client):
    odd = client.get("/api/cards/manifest", {"lang": "x\x01y" * 10})
    assert odd.status_code == 200 and odd.json() == {"object": "list", "has_more": False, "data": []}


def _reads_of_the_manifest(queries) -> list[str]:
    """The queries that read the manifest's rows or count them (not: which language table answers, one
    indexed row, LIMIT 1; nor the published files' own rows)."""
    sql = [q["sql"] for q in queries.captured_queries]
    return [q for q in sql if ("printing" in q.lower() and not q.rstrip().endswith("LIMIT 1")) or "COUNT(" in q.upper()]


def test_the_first_page_of_each_language_is_published_with_the_bulk_files(client):
    """Built once per corpus version with the Scryfall bulk files, so no server computes it at its start:
    the first page of every language is read from the published file, never from the database, and it
    is the page the database gives."""
    folder, index = _bulk.current()
    langs = repository.printing_languages()
    assert langs and set(index["manifest"]) == {"any", "en", *langs}
    for lang in ["", "en", *langs]:
        cache.clear()
        params = {"lang": lang} if lang else {}
        with CaptureQueriesContext(connection) as queries:
            stored = client.get("/api/cards/manifest", params)
        assert stored.status_code == 200 and stored.json()["data"], lang
        assert not _reads_of_the_manifest(queries), (lang, _reads_of_the_manifest(queries))
        key = lang or "any"
        assert (folder / index["manifest"][key]["file"]).exists()
        computed = cards._manifest_rows(*_source_of(lang))
        assert (stored.json()["has_more"], stored.json()["data"]) == computed, lang


def _source_of(lang):
    rows, row_of, _ = cards._manifest_source(lang)
    return rows, 1, row_of


def test_bulk_files_of_another_corpus_version_leave_the_first_page_to_the_database(client, monkeypatch):
    """Until the bulk files of a new corpus are published, the first page is read from the database (and
    kept per corpus version), never the previous corpus's."""
    folder, index = _bulk_store.current()
    monkeypatch.setattr(_bulk_store, "current", lambda: (folder, {**index, "version": index["version"] - 1}))
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        answered = client.get("/api/cards/manifest", {"lang": "de"})
    assert answered.status_code == 200 and answered.json()["data"]
    assert _reads_of_the_manifest(queries)
