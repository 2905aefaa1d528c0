from __future__ import annotations

import re

import pytest

from tolaria.site.catalog import models as m

from ._html import text

pytestmark = pytest.mark.django_db


def test_home_has_search_counts_date_random_and_links(client):
    page = client.get("/").content.decode()
    words = text(page)
    assert 'role="search"' in page
    assert f"{m.OracleCard.objects.count():,} cards" in words
    assert 'href="/random"' in page and 'href="/rules/"' in page and 'href="/search/syntax"' in page
    assert "February 27, 2026" in words
    random = client.get("/random")
    assert random.status_code == 302 and random["Location"].startswith("/card/")


def test_rules_contents(client):
    page = client.get("/rules/").content.decode()
    assert 'href="/rules/702"' in page and "Keyword Abilities" in page
    assert 'href="/rules/glossary/"' in page


def test_rule_page_with_subrules_neighbours_and_cards(client):
    page = client.get("/rules/702.19").content.decode()
    words = text(page)
    for sub in "abcdefg":
        assert f'href="/rules/702.19{sub}"' in page
    assert "Trample is a static ability" in words
    assert 'href="/rules/510"' in page  # references in rule texts are links
    assert 'rel="prev" href="/rules/702.18' in page and 'rel="next" href="/rules/702.20"' in page
    assert "Fleetfoot Dancer" in words  # a card whose text links to the rule


def test_unknown_rule_is_404_with_nearest(client):
    response = client.get("/rules/702.999")
    assert response.status_code == 404
    assert re.search(r'href="/rules/702\.\d+', response.content.decode())


def test_glossary(client):
    index = client.get("/rules/glossary/").content.decode()
    assert 'href="/rules/glossary/Trample"' in index
    entry = client.get("/rules/glossary/Trample")
    assert entry.status_code == 200 and 'href="/rules/702.19"' in entry.content.decode()
    assert client.get("/rules/glossary/trample").status_code == 200
    assert client.get("/rules/glossary/Not a term at all").status_code == 404


def test_rules_search(client):
    words = text(client.get("/rules/search", {"q": "excess damage"}).content.decode())
    assert "702.19b" in words
    assert client.get("/rules/search", {"q": "702.19c"})["Location"] == "/rules/702.19c"
