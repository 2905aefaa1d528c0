"""The deck page's add box and the page after a change (issue 15 audit): a name that is not a card's
exact name adds nothing silently; the grouping asked for is kept; a waiting line with no suggestion
can be given a name."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tolaria.site.accounts.models import ApiToken
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db


def add(client, deck, text, **extra):
    return client.post(reverse("collections:deck_add", args=[deck.token]), {"name": text, **extra}, follow=True)


def test_a_partial_name_shows_the_choices_and_adds_nothing(alice_client, alice):
    deck = svc.create_deck(alice, "Bolts", "modern")
    html = add(alice_client, deck, "4 lightning").content.decode()
    assert not deck.cards.exists()
    assert "No card is named “lightning”. Press Enter for Lightning Greaves, or choose below" in html
    choices = html[html.index('class="add-choices"') :]
    # ordered by the cards legal in the deck's format, then EDHREC rank (MTGJSON edhrecRank in the sample)
    assert choices.index(">Lightning Greaves<") < choices.index(">Lightning Bolt<") < choices.index(">Lightning Helix<")
    assert 'name="name" value="4 Lightning Bolt"' in choices  # a choice adds the typed quantity
    assert 'value="4 Lightning Greaves" list="card-names"' in html  # the add box holds the likely card: Enter takes it
    add(alice_client, deck, "4 Lightning Bolt")
    assert [(r.card_name, r.quantity) for r in deck.cards.all()] == [("Lightning Bolt", 4)]


def test_a_nickname_adds_the_card_the_page_names_it_and_undo_takes_it_out(alice_client, alice):
    """Issue 30: `4 bolt` is Lightning Bolt (MTG Wiki's card nicknames), not Flame-Blessed Bolt; the page
    says which card it took for what was typed, and Undo takes the copies out again."""
    deck = svc.create_deck(alice, "Bolts", "modern")
    html = add(alice_client, deck, "4 bolt").content.decode()
    assert [(r.card_name, r.quantity) for r in deck.cards.all()] == [("Lightning Bolt", 4)]
    assert "Added 4 Lightning Bolt for “4 bolt”." in html
    row = deck.cards.get()
    assert 'class="inline undo-add"' in html and "takes the 4 Lightning Bolt out again" in html
    undo = reverse("collections:deck_card", args=[deck.token, row.pk])
    html = alice_client.post(undo, {"remove": "1", "undo": "4 Lightning Bolt"}, follow=True).content.decode()
    assert not deck.cards.exists()
    assert "Undone: took out 4 Lightning Bolt." in html
    # a second add of the same card: Undo goes back to the copies there were
    add(alice_client, deck, "2 Lightning Bolt")
    html = add(alice_client, deck, "bolt x3").content.decode()
    row = deck.cards.get()
    assert row.quantity == 5 and 'name="quantity" value="2"><button type="submit">Undo' in html


def test_a_unique_match_is_added(alice_client, alice):
    deck = svc.create_deck(alice, "Unique", "modern")
    add(alice_client, deck, "2 sylvan libr")
    assert [(r.card_name, r.quantity) for r in deck.cards.all()] == [("Sylvan Library", 2)]


def test_a_quantity_of_zero_is_refused(alice_client, alice):
    deck = svc.create_deck(alice, "Zero", "modern")
    html = add(alice_client, deck, "0 Sylvan Library").content.decode()
    assert not deck.cards.exists()
    assert "A quantity is at least 1" in html
    _, secret = ApiToken.issue(alice, "script")
    answer = Client().post(
        f"/api/decks/{deck.token}/typed",
        json.dumps({"text": "0 Sylvan Library"}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answer.status_code == 400 and "at least 1" in answer.json()["details"]
    assert not deck.cards.exists()


def test_the_api_typed_route_names_the_choices(alice):
    deck = svc.create_deck(alice, "Bolts", "modern")
    _, secret = ApiToken.issue(alice, "script")
    answer = Client().post(
        f"/api/decks/{deck.token}/typed",
        json.dumps({"text": "4 lightning"}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answer.status_code == 404
    assert "Lightning Greaves, Lightning Bolt" in answer.json()["details"]
    assert not deck.cards.exists()


def test_the_grouping_is_kept_after_a_change(alice_client, alice):
    deck = svc.create_deck(alice, "Tags", "modern")
    svc.import_decklist(deck, "4 Lightning Bolt #Removal\n4 Opt #Cantrip\n")
    row = deck.cards.get(card_name="Opt")
    page = reverse("collections:deck_detail", args=[deck.token]) + "?group=tags"
    url = reverse("collections:deck_card", args=[deck.token, row.pk])
    response = alice_client.post(url, {"quantity": "3", "zone": "main"}, HTTP_REFERER="http://testserver" + page)
    assert response.status_code == 302 and response["Location"].startswith(page)
    response = alice_client.post(
        reverse("collections:deck_add", args=[deck.token]), {"name": "Mountain", "group": "tags"}, follow=True
    )
    html = response.content.decode()
    assert "<strong>category</strong>" in html and "Untagged (1)" in html


def test_a_waiting_line_without_suggestions_offers_a_name_field(alice_client, alice):
    deck = svc.create_deck(alice, "Waiting", "modern")
    svc.import_decklist(deck, "1 Qqqqzzzxxx\n")
    line = deck.unresolved.get()
    assert line.suggestions == []
    html = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    form = html[html.index(f'action="{reverse("collections:deck_unresolved", args=[deck.token, line.pk])}"') :]
    form = form[: form.index("</form>")]
    assert "<select" not in form and 'name="card"' in form and "data-autocomplete" in form
    empty = alice_client.post(
        reverse("collections:deck_unresolved", args=[deck.token, line.pk]), {"card": ""}, follow=True
    )
    assert "Type the card’s name" in empty.content.decode()
    alice_client.post(reverse("collections:deck_unresolved", args=[deck.token, line.pk]), {"card": "Opt"})
    assert [r.card_name for r in deck.cards.all()] == ["Opt"] and not deck.unresolved.exists()


def test_the_editor_autocomplete_puts_the_card_players_mean_first(client):
    got = client.get("/api/decks/autocomplete", {"q": "bolt"}).json()
    assert got["object"] == "catalog" and got["data"][0] == "Lightning Bolt"


def test_an_import_marks_the_deck_changed_once_not_once_per_line(alice):
    """The deck list orders decks by their time of change: an import of many lines sets it once."""
    deck = svc.create_deck(alice, "Burn", "modern")
    before = deck.updated_at
    with CaptureQueriesContext(connection) as queries:
        svc.import_decklist(deck, "4 Lightning Bolt\n4 Counterspell\n2 Llanowar Elves\n1 Not A Card Anywhere")
    touches = [q["sql"] for q in queries.captured_queries if q["sql"].startswith('UPDATE "card_collections_deck" ')]
    assert len(touches) == 1
    deck.refresh_from_db()
    assert deck.updated_at > before and deck.cards.count() == 3
