"""/api/stats reads the figures counted once per corpus version (stores.figures, as the home page does):
a request counts nothing (issue 28)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tolaria.site.catalog.repository import stats as counted
from tolaria.site.stores.card_index import current_index

pytestmark = pytest.mark.django_db


def test_stats_are_the_corpus_figures_and_a_request_counts_nothing(client):
    current_index()  # a worker is warm before it serves: it holds the card index, which names its corpus
    first = client.get("/api/stats")
    assert first.status_code == 200
    assert first.json() == counted()  # the same figures as a count over the whole database
    with CaptureQueriesContext(connection) as queries:
        again = client.get("/api/stats")
    assert again.json() == first.json()
    sql = [q["sql"] for q in queries.captured_queries]
    assert not [q for q in sql if "COUNT(" in q.upper()], sql
    # what is left is one-row lookups: the ETag every public read carries (http._validator: the corpus
    # version) and, every few seconds, the worker's look for a newer card index (stores.runtime)
    assert all(q.rstrip().endswith("LIMIT 1") for q in sql), sql
