"""/api/cards/manifest, anonymous and 15,000 rows a page, is read from the database once per corpus version
and page, then from the cache the workers share (issue 28, item 6: anonymous heavy routes cached)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

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
