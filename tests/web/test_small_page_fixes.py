"""The smaller fixes of issue 17: one card URL helper, type tags kept apart, the artist once, Next on a
rule page, the home page's counts."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from tolaria.site import card_links
from tolaria.site.card_links import card_url
from tolaria.site.catalog import models as m
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import CardList
from tolaria.site.web.presenters import tag_groups


def test_card_url_is_written_one_way():
    assert card_url("Lightning Bolt", "JMP", "342") == "/card/jmp/342/lightning-bolt"
    assert card_url("Fire // Ice", "mh2", "290") == "/card/mh2/290/fire-ice"
    assert card_url("Plains", "10e", "431★") == "/card/10e/431%E2%98%85/plains"
    assert card_url(oracle_id="abc") == "/card/abc"


def _tag(tid, label, line=None):
    tag = {"id": tid, "label": label, "group": "Type tags", "kind": "attribute"}
    if line:
        tag["evidence"] = [{"source": "data", "field": "type_line", "text": line}]
    return tag


def test_type_tags_keep_planar_and_planeswalker_types_apart():
    groups, _ = tag_groups(
        [
            _tag("subtype:jace", "Jace", "Legendary Planeswalker — Jace"),
            _tag("type:planeswalker", "Planeswalker"),
            _tag("subtype:dominaria", "Dominaria", "Plane — Dominaria"),
            _tag("subtype:aura", "Aura", "Enchantment — Aura"),
        ]
    )
    labels = [t["label"] for g in groups if g["name"] == "Type tags" for t in g["tags"]]
    assert labels == ["Planeswalker", "Aura", "Dominaria (planar type)", "Jace (planeswalker type)"]


@pytest.mark.django_db
def test_artist_shown_once(client, card_url):
    page = client.get(card_url(client, "Fleetfoot Dancer")).content.decode()
    assert page.count("Illustrated by") == 1


@pytest.mark.django_db
def test_next_on_a_rule_page_skips_its_own_subrules(client):
    page = client.get("/rules/702.19").content.decode()
    assert 'id="702.19a"' in page or "702.19a" in page  # the subrules are on the page
    nxt = re.search(r'<a rel="next" href="/rules/([^"]+)"', page).group(1)
    assert nxt == "702.20"


@pytest.mark.django_db
def test_home_counts_are_formatted_and_the_sample_named(client):
    page = client.get("/").content.decode()
    cards = m.OracleCard.objects.count()
    assert f"{cards:,} cards" in page and "the embedded sample, not every Magic card" in page


SITE = Path(__file__).resolve().parents[2] / "src" / "tolaria" / "site"
# a card page address written by hand: an href, an f-string, a concatenation or a JS template starting /card/
HAND_BUILT = re.compile(r"""href=["']/card/|f["']/card/|["']/card/["']\s*\+|`/card/\$\{""")


def test_no_card_address_is_written_by_hand_anywhere_in_the_site():
    found = [
        f"{path.relative_to(SITE)}:{n}"
        for path in SITE.rglob("*")
        if path.suffix in (".py", ".html", ".js") and path.name != "card_links.py"
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if HAND_BUILT.search(line)
    ]
    assert found == []


@pytest.mark.django_db
def test_list_and_deck_rows_link_through_card_url(client, django_user_model, monkeypatch):
    monkeypatch.setattr(card_links, "card_url", lambda *a, oracle_id="", **kw: f"/elsewhere/{oracle_id}")
    user = django_user_model.objects.create_user("urls", password="correct horse battery")
    client.force_login(user)
    bolt = m.OracleCard.objects.get(name="Lightning Bolt").oracle_id
    client.post(reverse("collections:save_card"), {"card": bolt})
    saved = CardList.objects.get(owner=user)
    deck = svc.create_deck(user, "Burn", "modern")
    client.post(reverse("collections:deck_add", args=[deck.token]), {"name": "lightning bolt", "quantity": "4"})
    for page in (
        reverse("collections:list_detail", args=[saved.token]),
        reverse("collections:deck_detail", args=[deck.token]),
    ):
        html = client.get(page).content.decode()
        assert f'href="/elsewhere/{bolt}"' in html and f'href="/card/{bolt}"' not in html, page
