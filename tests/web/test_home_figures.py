"""The home page's figures are counted once per corpus version (by the after-ingest pass), never on
a visit: its queries are counted here (it ran about ten COUNTs over the whole database per visit)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tolaria.site.catalog.repository import stats
from tolaria.site.stores import figures
from tolaria.site.stores.identity import corpus_id
from tolaria.site.stores.models import CorpusFigures

pytestmark = pytest.mark.django_db


def test_the_home_page_counts_nothing_on_a_visit(client):
    client.get("/")  # the worker reads the stored figures once per card index it loads
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/")
    assert response.status_code == 200
    assert not [q["sql"] for q in queries.captured_queries if "COUNT(" in q["sql"].upper()]
    assert len(queries.captured_queries) == 0, [q["sql"] for q in queries.captured_queries]


def test_the_figures_shown_are_those_of_the_corpus(client):
    counted = stats()
    shown = figures.corpus_figures()
    assert {k: shown[k] for k in counted} == counted
    assert f"{counted['cards']:,} cards" in client.get("/").content.decode()


def test_the_figures_are_stored_by_the_pass():
    row = CorpusFigures.objects.get(version=corpus_id().version)
    assert row.corpus == corpus_id().digest and row.figures["cards"] == stats()["cards"]
