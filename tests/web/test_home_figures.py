"""The home page's figures are counted once per corpus version (by the after-ingest pass), never on
a visit: its queries are counted here (it ran about ten COUNTs over the whole database per visit)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tolaria.site.catalog.repository import stats
from tolaria.site.stores import figures
from tolaria.site.stores.identity import corpus_id
from tolaria.site.stores.models import CorpusFigures
from tolaria.site.web.views import tags as tags_views

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


def test_the_tags_index_counts_once_per_corpus_version(client, monkeypatch):
    """Issue 28 item 2: the tags index counted every tag's cards on each visit (0.9 s of CPU on the full
    data); its groups are kept per corpus version and card index."""
    first = client.get("/tags/")
    assert first.status_code == 200

    def counting(*args, **kwargs):
        raise AssertionError("the tags index counted the tags again")

    monkeypatch.setattr(tags_views, "tag_counts", counting)
    again = client.get("/tags/")
    links = first.content.count(b'href="/tags/')
    assert again.status_code == 200 and links > 10 and again.content.count(b'href="/tags/') == links
