"""The printed names of a card by language on its page, and a search by a printed name from the search
box (the sample keeps the foreignData of STA's Lightning Bolt: scripts/make_sample.py)."""

from __future__ import annotations

import html
import re

import pytest

from tolaria.site.catalog import models as m

from ._html import norm

pytestmark = pytest.mark.django_db


def _section(page: str, heading_id: str) -> str:
    start = page.index(f'aria-labelledby="{heading_id}"')
    return page[start : page.index("</section>", start)]


def test_the_card_page_lists_the_printed_names_by_language(client):
    page = client.get("/card/jmp/342/lightning-bolt").content.decode()
    languages = _section(page, "lang-h")
    words = norm(re.sub(r"<[^>]+>", " ", languages))
    assert "In other languages (10)" in words
    for language, name in (
        ("German", "Blitzschlag"),
        ("Japanese", "稲妻"),
        ("French", "Foudre"),
        ("Russian", "Удар Молнии"),
    ):
        assert re.search(rf">{language}</a></th><td><span lang=\"\w+\">{name}</span>", languages), language
    assert '<span lang="ja">稲妻</span>' in languages  # marked with its language for screen readers
    # in HTML's language tags (BCP 47), not Scryfall's codes: Chinese Simplified is zh-Hans, not "zhs"
    assert '<span lang="zh-Hans">闪电击</span>' in languages and '<span lang="zh-Hant">閃電擊</span>' in languages
    assert 'lang="zhs"' not in languages and 'lang="zht"' not in languages
    assert "Strixhaven Mystical Archive" in words  # the printing the names come from, not this one
    link = html.unescape(re.search(r'<a href="([^"]+)">German</a>', languages).group(1))
    answer = client.get(link)
    assert answer.status_code == 302 and answer["Location"] == "/card/sta/42/lightning-bolt"
    # on that printing's own page its names need no note
    own = _section(client.get("/card/sta/42/lightning-bolt").content.decode(), "lang-h")
    assert "Blitzschlag" in own and "Strixhaven" not in own


def test_a_card_never_printed_in_another_language_has_no_such_list(client):
    page = client.get("/card/jmp/342/lightning-bolt").content.decode()
    assert 'id="lang-h"' in page

    translated = m.ForeignPrinting.objects.values_list("printing__card_id", flat=True)
    row = m.Printing.objects.filter(card__extra=False).exclude(card_id__in=translated).order_by("id").first()
    other = client.get(f"/card/{row.set_code}/{row.collector_number}", follow=True).content.decode()
    assert 'id="lang-h"' not in other


def test_a_printed_name_from_the_search_box(client):
    answer = client.get("/search", {"q": "Blitzschlag"})
    assert answer.status_code == 302 and answer["Location"] == "/card/sta/42/lightning-bolt"
    page = client.get("/search", {"q": "lang:de t:instant", "unique": "prints"}).content.decode()
    named = '<span class="muted small">(<span lang="de">Blitzschlag</span>, German)</span>'
    # the grid: the card's image, named for screen readers, and its printed name under it
    assert 'aria-label="Lightning Bolt (Blitzschlag, German)"' in page
    assert '<span class="g-printed muted small">(<span lang="de">Blitzschlag</span>, German)</span>' in page
    listed = client.get("/search", {"q": "lang:de t:instant", "unique": "prints", "as": "checklist"}).content.decode()
    assert f"Lightning Bolt</a> {named}" in listed
