from __future__ import annotations

import orjson
import pytest

from tolaria.site.catalog import models as m
from tolaria.site.stores import card_pages, runtime
from tolaria.site.stores import tags as tag_store
from tolaria.site.web import presenters

from ._html import terms, text

pytestmark = pytest.mark.django_db


def test_oracle_id_redirects_to_the_default_printing(client):
    # not the newest (Secret Lair 675): the default printing rule (tests/cards/test_default_printing.py)
    card = m.OracleCard.objects.get(name="Lightning Bolt")
    response = client.get(f"/card/{card.oracle_id}")
    assert response.status_code == 302
    assert response["Location"] == "/card/jmp/342/lightning-bolt"


def test_wrong_slug_redirects_and_unknown_printing_is_404(client):
    row = m.Printing.objects.filter(card__name="Lightning Bolt").first()
    response = client.get(f"/card/{row.set_code}/{row.collector_number}/not-the-name")
    assert response.status_code == 302 and response["Location"].endswith("/lightning-bolt")
    assert client.get(f"/card/{row.set_code}/{row.collector_number}")["Location"].endswith("/lightning-bolt")
    assert client.get("/card/zzz/99999/nothing").status_code == 404
    assert client.get("/card/00000000-0000-0000-0000-000000000000").status_code == 404


def test_card_page_shows_cost_type_text_stats_legality_and_actions(client, card_url):
    page = client.get(card_url(client, "Fleetfoot Dancer")).content.decode()
    words = text(page)
    assert "<h1" in page and "Fleetfoot Dancer" in words
    # mana cost drawn by mana-font with the symbols kept as text for screen readers
    card = m.OracleCard.objects.get(name="Fleetfoot Dancer").to_domain()
    for symbol in card.faces[0].mana_cost.strip("{}").split("}{"):
        assert f'<span class="visually-hidden">{{{symbol}}}</span>' in page
        assert "ms ms-" in page
    assert "Creature — Elf Druid" in words
    assert f"{card.faces[0].power}/{card.faces[0].toughness}" in words
    # legality table for every format, with the four labels players know
    assert "Commander Legal" in words and "Modern Legal" in words
    # the sample (MTGJSON of 2022-04-25) has Fleetfoot Dancer legal in Standard
    assert "Standard Legal" in words and "Standard Not legal" not in words
    assert words.count("Legal") + words.count("Not legal") >= 15
    # the sample has no prices
    assert "Price unknown" in words and "carries no USD prices" in words
    # save / deck: logged out
    assert "Save this card" in words and "Log in to save cards to your lists." in words
    assert "Start a deck with this card" in words
    assert "Illustrated by" in words


def test_banned_and_restricted_are_labelled(client, card_url):
    row = next(r for r in m.OracleCard.objects.filter(data__contains='"restricted"')[:50] if '"restricted"' in r.data)
    page = client.get(card_url(client, row.name)).content.decode()
    assert "Restricted" in text(page)


def test_every_printing_is_listed_and_linked(client, card_url):
    url = card_url(client, "Lightning Bolt")
    page = client.get(url).content.decode()
    prints = m.Printing.objects.filter(card__name="Lightning Bolt")
    assert prints.count() > 3
    for row in prints:
        assert f'href="/card/{row.set_code}/{row.collector_number}/lightning-bolt"' in page
    assert 'aria-current="page"' in page


def test_rulings_with_dates(client, card_url):
    card = m.OracleCard.objects.get(name="Super-Duper Death Ray")
    ruling = card.ruling_rows.first()
    page = client.get(card_url(client, card.name)).content.decode()
    assert f'<time datetime="{ruling.date}">{ruling.date}</time>' in page


def test_double_faced_card_has_both_faces_and_a_flip_button(client, card_url):
    page = client.get(card_url(client, "Harvesttide Infiltrator // Harvesttide Assailant")).content.decode()
    assert "<h1" in page and "Harvesttide Infiltrator // Harvesttide Assailant" in text(page)
    assert page.count('<article class="face"') == 2
    assert "data-flip" in page and "Flip to" in page
    assert {t.face for t in terms(page)} == {0, 1}


def test_single_faced_card_has_no_flip_button(client, card_url):
    page = client.get(card_url(client, "Lightning Bolt")).content.decode()
    assert "data-flip" not in page


def _store_tags(name: str, tags: list[dict]) -> None:
    """The card's stored tags replaced by these (in the test's transaction)."""
    card = m.OracleCard.objects.get(name=name)
    m.CardTag.objects.filter(card=card).delete()
    for tag in tags:
        m.CardTag.objects.create(card=card, tag_id=tag["id"], kind=tag["kind"], data=orjson.dumps(tag).decode())


def test_tags_panel_without_tags_says_predicted_tags_are_unavailable(client, card_url, monkeypatch):
    _store_tags("Fleetfoot Dancer", [])
    monkeypatch.setattr(tag_store, "predicted_available", lambda: False)
    words = text(client.get(card_url(client, "Fleetfoot Dancer")).content.decode())
    assert "Tags and classifications" in words
    assert (
        "Card attributes are distinct from extracted ability facts and inferred themes. "
        "AI themes and predicted tags are suggestions, not rules text."
    ) in words
    for group in [
        "Ability tags",
        "Mana costs",
        "Classes and roles",
        "Creature kinds",
        "Color identity",
        "Keyword tags",
        "Mana value",
        "Timing tags",
        "Type tags",
        "Theme tags",
        "Predicted tags",
    ]:
        assert group in words
    assert "Predicted tags are currently unavailable." in words


def test_tags_are_grouped_linked_and_show_evidence_and_kind(client, card_url):
    tags = [
        {
            "id": "keyword:trample",
            "label": "Trample",
            "group": "Keyword tags",
            "kind": "attribute",
            "evidence": "Trample",
            "confidence": 1.0,
        },
        {
            "id": "theme:aggro",
            "label": "Aggro",
            "group": "Theme tags",
            "kind": "inferred",
            "evidence": ["haste", "trample"],
            "confidence": 0.7,
        },
        {
            "id": "role:beater",
            "label": "Beater",
            "group": "Predicted tags",
            "kind": "predicted",
            "evidence": "model",
            "confidence": 0.61,
        },
    ]
    _store_tags("Fleetfoot Dancer", tags)
    page = client.get(card_url(client, "Fleetfoot Dancer")).content.decode()
    assert 'href="/search?q=tag%3Akeyword%3Atrample"' in page
    assert 'title="haste; trample"' in page
    assert "inferred theme" in page and "card attribute" in page
    assert "Predicted tags are currently unavailable." not in page and "0.61" in page


def test_an_unreadable_model_leaves_the_page_whole(client, card_url, monkeypatch, tmp_path):
    broken = tmp_path / "predicted-tags.pkl"
    broken.write_bytes(b"not a model")
    monkeypatch.setattr(tag_store, "model_paths", lambda: [broken])
    tag_store.predicted_model.cache_clear()
    try:
        response = client.get(card_url(client, "Fleetfoot Dancer"))
        assert response.status_code == 200 and "Predicted tags are currently unavailable." in response.content.decode()
    finally:
        tag_store.predicted_model.cache_clear()


def test_a_card_the_model_tags_nothing_says_so(client, card_url):
    assert tag_store.predicted_available()
    words = text(client.get(card_url(client, "Fleetfoot Dancer")).content.decode())
    assert "No predicted tags for this card." in words


def test_price_history_chart_from_price_points(client, card_url):
    url = card_url(client, "Lightning Bolt")
    set_code, number = url.split("/")[2:4]
    row = m.Printing.objects.get(set_code=set_code, collector_number=number)
    for day, usd in [("2026-01-01", 1.5), ("2026-02-01", 2.0), ("2026-03-01", 1.75)]:
        m.PricePoint.objects.create(printing=row, date=day, usd=usd, eur=usd * 0.9)
    page = client.get(url).content.decode()
    assert '<svg class="price-chart"' in page and "<polyline" in page
    assert "Price history from 2026-01-01 to 2026-03-01" in page


@pytest.mark.parametrize("name", ["Lightning Bolt", "Harvesttide Infiltrator // Harvesttide Assailant", "Forest"])
def test_a_card_page_makes_two_queries_and_one_for_a_card_seen_before(
    client, card_url, django_assert_num_queries, monkeypatch, name
):
    """The printing with its price points, then the card's rows in one query (its rulings, printings,
    printed names in other languages and tags); a card the worker has read before costs the first only.
    The sets come from the card index. Held on SQLite (make test) and PostgreSQL (make test-pg).
    A worker's look for a newer published store (a query once every POLL_SECONDS whatever it answers)
    is not the page's: it is put off here, so the count does not depend on how fast the test runs."""
    url = card_url(client, name)
    monkeypatch.setattr(runtime, "POLL_SECONDS", 3600.0)
    card_pages.forget()
    with django_assert_num_queries(2):
        assert client.get(url).status_code == 200
    with django_assert_num_queries(1):
        assert client.get(url).status_code == 200
    other = m.Printing.objects.filter(card__name=name).exclude(
        set_code=url.split("/")[2], collector_number=url.split("/")[3]
    )[:1]
    for row in other:  # another printing of the same card: its card is known already
        with django_assert_num_queries(1):
            assert client.get(f"/card/{row.set_code}/{row.collector_number}/{url.split('/')[4]}").status_code == 200


def test_a_card_page_read_in_two_queries_shows_what_the_database_holds(client, card_url):
    """The one-query read of a card gives the page what the rows say: every ruling in order, every
    printed name in another language, the stored tags."""
    card = m.OracleCard.objects.get(name="Super-Duper Death Ray")
    page = client.get(card_url(client, card.name)).content.decode()
    positions = [page.index(r.text[:40].replace("'", "&#x27;")) for r in card.ruling_rows.order_by("position")]
    assert positions == sorted(positions) and positions
    bolt = m.OracleCard.objects.get(name="Lightning Bolt")
    page = client.get(card_url(client, bolt.name)).content.decode()
    langs = set(m.ForeignPrinting.objects.filter(printing__card=bolt).values_list("lang", flat=True))
    assert langs and f"In other languages ({len(langs)})" in page


def test_printings_show_set_symbols_from_the_keyrune_font(client, card_url, monkeypatch):
    """Symbols come from the OFL font's own glyph names; without the npm package the page has none."""

    monkeypatch.setattr(presenters, "set_glyphs", lambda: {"snc": "\ue900"})
    page = client.get(card_url(client, "Fleetfoot Dancer")).content.decode()
    assert 'class="set-symbol rarity-rare" aria-hidden="true">\ue900</i>' in page
    monkeypatch.setattr(presenters, "set_glyphs", lambda: {})
    assert "set-symbol" not in client.get(card_url(client, "Fleetfoot Dancer")).content.decode()


def test_the_font_file_names_a_glyph_for_known_sets():
    presenters.set_glyphs.cache_clear()
    glyphs = presenters.set_glyphs()
    if not glyphs:  # make test does not install npm packages; make test-browser and make run do
        assert not (presenters.settings.NODE_MODULES / "keyrune").exists()
    else:
        assert {"lea", "snc", "mid"} <= set(glyphs)
