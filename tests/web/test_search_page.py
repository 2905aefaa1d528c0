from __future__ import annotations

import re
from urllib.parse import parse_qs, urlparse

import pytest
from django.utils.html import escape

from tolaria.search import KEYWORDS
from tolaria.search._text import fold

from ._html import text

pytestmark = pytest.mark.django_db


def test_results_explanation_count_and_grid(client):
    response = client.get("/search", {"q": "t:creature o:trample c:g"})
    assert response.status_code == 200
    words = text(response.content.decode())
    count = int(re.search(r"(\d+) cards", words).group(1))
    assert count > 1
    # the explanation is the query in words, as tolaria.search.explain says it
    assert "cards that are creatures and whose oracle text contains 'trample' and whose colors include green" in words
    assert words.count("Creature") >= min(count, 175)


def test_views_checklist_and_full_text(client):
    checklist = client.get(
        "/search", {"q": '!"Lightning Bolt" or !"Fleetfoot Dancer"', "as": "checklist"}
    ).content.decode()
    assert '<table class="checklist">' in checklist
    assert "Instant" in text(checklist) and '<span class="visually-hidden">{R}</span>' in checklist
    full = client.get("/search", {"q": '!"Lightning Bolt" or !"Fleetfoot Dancer"', "as": "text"}).content.decode()
    assert "Lightning Bolt deals 3 damage to any target." in text(full)


def test_paging_by_175(client):
    first = client.get("/search", {"q": "t:creature"}).content.decode()
    total = int(re.search(r"(\d+) cards", text(first)).group(1))
    assert total > 175
    assert first.count('<li><a href="/card/') == 175
    assert "showing 1–175" in text(first) and 'rel="next"' in first
    second = client.get("/search", {"q": "t:creature", "page": "2"}).content.decode()
    assert "showing 176–" in text(second) and 'rel="prev"' in second
    names1 = set(re.findall(r'<li><a href="[^"]+" aria-label="([^"]+)"', first))
    names2 = set(re.findall(r'<li><a href="[^"]+" aria-label="([^"]+)"', second))
    assert names1 and names2 and not names1 & names2


def test_sort_and_direction(client):
    def names(**params):
        page = client.get("/search", {"q": "t:creature c:g", "as": "checklist", **params}).content.decode()
        return re.findall(r'<td><a href="/card/[^"]+">([^<]+)</a></td>', page)

    asc, desc = names(order="name", dir="asc"), names(order="name", dir="desc")
    # names sort as the index sorts them: folded (case and accents aside), then as written
    assert len(asc) > 1 and asc == sorted(asc, key=lambda n: (fold(n), n))
    assert desc == sorted(desc, key=lambda n: (fold(n), n), reverse=True)
    assert asc[0] != desc[0]
    assert names(order="cmc") != asc


def test_a_syntax_error_shows_the_caret_and_what_was_expected(client):
    response = client.get("/search", {"q": "t:creature (c:g"})
    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert"' in page and "Expected" in page
    caret = re.search(r'<pre class="caret"[^>]*><code>(.*?)</code></pre>', page, re.DOTALL).group(1)
    query_line, caret_line = caret.split("\n")
    assert query_line == "t:creature (c:g" and caret_line.rstrip().endswith("^")


@pytest.mark.parametrize("q", ["t:", "(((", "mv>=", '"', "o:/[/", "c!=", "-", "or", "usd<x", "f:", "x" * 5000])
def test_bad_queries_never_500(client, q):
    assert client.get("/search", {"q": q}).status_code in (200, 400)


def test_one_result_redirects_to_the_card(client):
    response = client.get("/search", {"q": '!"Lightning Bolt"'})
    assert response.status_code == 302 and response["Location"].endswith("/lightning-bolt")


def test_empty_result_says_so_and_offers_names(client):
    words = text(client.get("/search", {"q": "Lightnig Bolt"}).content.decode())
    assert "No cards found" in words
    assert "Lightning Bolt" in words


def test_plain_words_show_rules_and_glossary_first(client):
    page = client.get("/search", {"q": "trample"}).content.decode()
    hits = re.findall(r'<li class="hit kind-(\w+)">\s*<a href="([^"]+)">', page)
    assert hits, "no knowledge results"
    top = [url for _, url in hits[:2]]
    assert "/rules/702.19" in top
    assert any(url.startswith("/rules/glossary/Trample") for url in top)
    assert "<mark>" in page


def test_syntax_queries_do_not_get_knowledge_results(client):
    assert 'class="knowledge"' not in client.get("/search", {"q": "o:trample t:creature"}).content.decode()


def test_autocomplete_box_is_wired(client):
    page = client.get("/").content.decode()
    assert '<datalist id="card-names">' in page and 'data-autocomplete="/api/cards/autocomplete"' in page


def test_syntax_page_lists_every_keyword_with_its_example(client):
    page = client.get("/search/syntax").content.decode()
    for k in KEYWORDS:
        assert f'id="kw-{k.name}"' in page
        if k.example:
            assert escape(k.example) in page
    assert '<form id="builder" action="/search/build"' in page


def test_builder_without_javascript_composes_the_query(client):
    response = client.get(
        "/search/build",
        {
            "name": "Fleetfoot",
            "oracle": "trample",
            "type": "creature",
            "color_r": "1",
            "color_g": "1",
            "color_op": ">=",
            "mv": "3",
            "mv_op": "<=",
            "format": "modern",
            "rarity": "",
            "set": "",
        },
    )
    assert response.status_code == 302

    q = parse_qs(urlparse(response["Location"]).query)["q"][0]
    assert q == "Fleetfoot o:trample t:creature c>=rg mv<=3 f:modern"
    assert client.get(response["Location"]).status_code == 200  # the results page (no Fleetfoot in the sample)
    assert client.get("/search/build")["Location"] == "/search/syntax"
