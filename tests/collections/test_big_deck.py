"""Issue 28, item 6: a deck of 1,999 rows (an import's limit is 2,000 lines) is served in bounded work. The
deck page shows it by section, each zone a page of DECK_PAGE_ROWS rows at a time with every count (the
zone's, each group's) the whole deck's; /api/decks/{token} pages its rows as Scryfall pages a list
(`has_more`, `next_page`), every other figure the whole deck's; an export is written once per revision of
the deck (any change is another file) and round-trips."""

from __future__ import annotations

import importlib
import re
import xml.etree.ElementTree as ET
from collections import Counter

import pytest
from django.test import Client
from django.urls import reverse

from tolaria import decks
from tolaria.site.api.collections_api import DECK_API_PAGE
from tolaria.site.catalog import models as m
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import DeckCard, UnresolvedCard

pytestmark = pytest.mark.django_db

export_module = importlib.import_module(
    "tolaria.site.collections.services.deck_export"
)  # the package names a function so

ROWS = 1999
ZONE_SIZES = {decks.MAIN: 1899, decks.SIDEBOARD: 60, decks.MAYBEBOARD: 40}


@pytest.fixture
def big_deck(alice):
    """A public deck of 1,999 rows, a card each (the sample's first 1,999 cards by name, no split cards):
    1,899 in the main deck (one of them four copies), 60 in the sideboard, 40 in the maybeboard."""
    cards = list(
        m.OracleCard.objects.filter(extra=False)
        .exclude(name__contains="//")
        .order_by("name")
        .values_list("oracle_id", "name")[:ROWS]
    )
    assert len(cards) == ROWS
    deck = svc.create_deck(alice, "Everything", "", visibility="public")
    zones = [zone for zone, n in ZONE_SIZES.items() for _ in range(n)]
    DeckCard.objects.bulk_create(
        DeckCard(deck=deck, oracle_id=oid, card_name=name, zone=zone, quantity=4 if i == 0 else 1)
        for i, ((oid, name), zone) in enumerate(zip(cards, zones))
    )
    return deck


def rows_of(html: str) -> list[str]:
    return re.findall(r'<tr data-row="(\d+)"', html)


def test_the_deck_page_shows_a_page_of_each_zone_with_every_count(big_deck):
    client = Client()
    html = client.get(reverse("collections:deck_detail", args=[big_deck.token])).content.decode()
    assert "Main deck (1902)" in html  # 1,899 rows, one of four copies: every card, not only the page's
    assert "Sideboard (60)" in html and "Maybeboard (40)" in html
    assert "1902 cards + 60 sideboard + 40 maybeboard" in html
    shown = rows_of(html)
    assert len(shown) == svc.DECK_PAGE_ROWS + 60 + 40  # one page of the main deck, all of the short zones
    assert f"Rows 1–{svc.DECK_PAGE_ROWS} of 1899" in html
    # each group's caption counts the whole group, and the page says how many of its rows it shows
    view = svc.deck_view(big_deck)
    main = next(s for s in view.sections() if s.zone == decks.MAIN)
    assert sum(count for _, _, count, _ in main.groups) <= 1902
    for label, rows, count, row_count in main.groups:
        assert f"<caption>{label} ({count})" in html
        if len(rows) < row_count:
            assert f"{len(rows)} of its {row_count} rows on this page" in html


def test_the_pages_of_a_zone_join_to_the_whole_zone(big_deck):
    client = Client()
    url = reverse("collections:deck_detail", args=[big_deck.token])
    pages = -(-ZONE_SIZES[decks.MAIN] // svc.DECK_PAGE_ROWS)
    seen: list[str] = []
    for n in range(1, pages + 1):
        html = client.get(url, {"main_page": n}).content.decode()
        on_page = min(svc.DECK_PAGE_ROWS, ZONE_SIZES[decks.MAIN] - len(seen))
        seen += rows_of(html)[:on_page]  # the main deck comes first; then the sideboard's 60
        assert "Main deck (1902)" in html
    main_ids = {str(pk) for pk in big_deck.cards.filter(zone=decks.MAIN).values_list("pk", flat=True)}
    assert len(seen) == len(set(seen)) and set(seen) == main_ids
    # past the last page: the last page
    assert rows_of(client.get(url, {"main_page": 999}).content.decode()) == rows_of(html)


def test_a_row_opens_the_page_that_holds_it_and_a_change_comes_back_to_it(big_deck, alice_client):
    view = svc.deck_view(big_deck)
    main = next(s for s in view.sections(per_page=10**6) if s.zone == decks.MAIN)
    late = main.rows[1500]
    url = reverse("collections:deck_detail", args=[big_deck.token])
    html = alice_client.get(url, {"row": late.id}).content.decode()
    assert f'id="row-{late.id}"' in html and "Rows 1501–1600 of 1899" in html
    # the owner's page offers printings for the rows shown only
    assert html.count('name="printing"') <= svc.DECK_PAGE_ROWS + 100
    answer = alice_client.post(
        reverse("collections:deck_card", args=[big_deck.token, late.id]),
        {"quantity": "3", "main_page": "16"},
    )
    assert answer.status_code == 302
    assert answer["Location"].endswith(f"?main_page=16&row={late.id}#row-{late.id}")
    back = alice_client.get(answer["Location"]).content.decode()
    assert f'id="row-{late.id}"' in back and "Main deck (1904)" in back


def test_the_api_pages_the_rows_and_the_pages_join_to_the_whole_deck(big_deck):
    client = Client()
    url = f"/api/decks/{big_deck.token}"
    seen, pages, stats = [], 0, None
    while url:
        body = client.get(url).json()
        pages += 1
        assert body["total_rows"] == ROWS and len(body["cards"]) <= DECK_API_PAGE
        assert body["stats"]["cards"] == 1902 and body["stats"]["sideboard"] == 60
        assert stats in (None, body["stats"])  # every page gives the whole deck's figures
        stats = body["stats"]
        seen += [(c["id"], c["zone"], c["quantity"]) for c in body["cards"]]
        assert body["has_more"] == (body["next_page"] is not None)
        url = body["next_page"]
        if url:
            assert url.startswith("http://testserver/api/decks/")
    assert pages == -(-ROWS // DECK_API_PAGE)
    expected = set(big_deck.cards.values_list("pk", "zone", "quantity"))
    assert len(seen) == ROWS and set(seen) == expected
    past = client.get(f"/api/decks/{big_deck.token}", {"page": pages + 1})
    assert past.status_code == 404 and past.json()["object"] == "error"
    assert client.get(f"/api/decks/{big_deck.token}", {"page": 0}).status_code == 400


def test_a_small_deck_is_one_page(alice):
    deck = svc.create_deck(alice, "Small", "", visibility="public")
    body = Client().get(f"/api/decks/{deck.token}").json()
    assert body["has_more"] is False and body["next_page"] is None and body["total_rows"] == 0


def _rows(deck) -> Counter:
    return Counter({(r.oracle_id, r.zone): r.quantity for r in deck.cards.all()})


@pytest.mark.parametrize("kind", ["text", "mtgo"])
def test_the_export_of_1999_rows_round_trips(big_deck, alice, kind):
    done = svc.deck_export(big_deck, kind)
    again = svc.create_deck(alice, "Again", "")
    result = svc.import_decklist(again, done.text)
    assert not result.unknown
    if kind == "mtgo":  # a .dek has a main deck and a sideboard: the maybeboard travels in its comment
        assert len(ET.fromstring(done.text).findall("Cards")) == ROWS - 40
    assert _rows(again) == _rows(big_deck)


def test_an_export_is_written_once_per_revision_of_the_deck(big_deck, monkeypatch):
    first = svc.deck_export(big_deck, "text")
    written = []
    real = export_module._written
    monkeypatch.setattr(export_module, "_written", lambda *a: written.append(a[1]) or real(*a))
    assert svc.deck_export(big_deck, "text") is first and written == []  # unchanged: the same file
    row = big_deck.cards.filter(zone=decks.SIDEBOARD).first()
    svc.update_card(big_deck, row.pk, quantity=2)
    changed = svc.deck_export(big_deck, "text")
    assert written == ["text"] and changed.text != first.text
    assert f"2 {row.card_name}" in changed.text
    client = Client()  # the page's and the API's exports are the same file
    page = client.get(reverse("collections:deck_export", args=[big_deck.token]), {"format": "text"})
    api = client.get(f"/api/decks/{big_deck.token}/export", {"format": "text"})
    assert page.content.decode() == api.content.decode() == changed.text and written == ["text"]


def test_a_card_named_as_another_cards_face_is_read_back_as_itself(alice):
    """Bind (a card of its own) and Bind // Liberate: `1 Bind` in a list is the card Bind."""
    bind = m.OracleCard.objects.get(name="Bind").oracle_id
    deck = svc.create_deck(alice, "Bind", "")
    svc.import_decklist(deck, "1 Bind\n1 Liberate\n")
    assert sorted(deck.cards.values_list("card_name", flat=True)) == ["Bind", "Bind // Liberate"]
    assert deck.cards.filter(oracle_id=bind).exists()


def test_the_lines_not_found_are_paged_too(alice):
    deck = svc.create_deck(alice, "Unknown", "", visibility="public")
    UnresolvedCard.objects.bulk_create(
        UnresolvedCard(deck=deck, name=f"Zzqx Nonesuch {i}", line_number=i + 1) for i in range(250)
    )
    url = reverse("collections:deck_detail", args=[deck.token])
    first = Client().get(url).content.decode()
    assert "Not found (250)" in first and "Rows 1–100 of 250" in first
    assert first.count('<tr class="unresolved">') == svc.DECK_PAGE_ROWS and "“Zzqx Nonesuch 100”" not in first
    last = Client().get(url, {"unresolved_page": 3}).content.decode()
    assert last.count('<tr class="unresolved">') == 50 and "“Zzqx Nonesuch 249”" in last
    assert "“Zzqx Nonesuch 0”" in first


def test_a_page_or_row_that_is_no_number_shows_the_first_page(big_deck):
    url = reverse("collections:deck_detail", args=[big_deck.token])
    for value in ("²", "-1", "9" * 5000, "x", "١٢"):
        page = Client().get(url, {"row": value, "main_page": value, "unresolved_page": value})
        assert page.status_code == 200 and "Rows 1–100 of 1899" in page.content.decode()
