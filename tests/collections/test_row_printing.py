"""A row's printing and finish set after import (issue 15 audit item 8): a select of the card's printings
and its finishes on the row (sent with or without JavaScript), and the same through PATCH."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tolaria.site.accounts.models import ApiToken
from tolaria.site.catalog import models as catalog
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db


def printing(card_name: str, set_code: str, number: str) -> catalog.Printing:
    card = svc.resolve_card(card_name)
    return catalog.Printing.objects.get(card_id=card.oracle_id, set_code=set_code, collector_number=number)


def test_the_row_offers_the_cards_printings_and_the_form_sets_one(alice_client, alice):
    deck = svc.create_deck(alice, "Bolts", "modern")
    row = svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)
    html = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    assert 'aria-label="Printing of Lightning Bolt"' in html and "M10 146 · Magic 2010" in html
    assert 'aria-label="Finish of Lightning Bolt"' in html
    m10 = printing("Lightning Bolt", "m10", "146").pk
    url = reverse("collections:deck_card", args=[deck.token, row.pk])
    alice_client.post(url, {"quantity": "4", "zone": "main", "printing": m10, "finish": "foil"})
    row.refresh_from_db()
    assert (row.printing_id, row.finish, row.quantity) == (m10, "foil", 4)
    # a finish the printing was never made in is refused, in words
    leb = printing("Lightning Bolt", "leb", "162").pk
    page = alice_client.post(url, {"quantity": "4", "zone": "main", "printing": leb, "finish": "foil"}, follow=True)
    assert "LEB 162 was not printed foil" in page.content.decode()
    row.refresh_from_db()
    assert row.printing_id == m10


def test_patch_sets_a_printing_and_merges_with_a_row_of_it(alice):
    deck = svc.create_deck(alice, "Opts", "modern")
    dom = printing("Opt", "dom", "60").pk
    svc.add_card(deck, svc.resolve_card("Opt"), 2, "main", dom)
    plain = svc.add_card(deck, svc.resolve_card("Opt"), 1, "main", set_code="zzz", collector_number="1")
    _, secret = ApiToken.issue(alice, "script")
    headers = {"Authorization": f"Bearer {secret}"}
    answer = Client().patch(
        f"/api/decks/{deck.token}/cards/{plain.pk}",
        json.dumps({"printing": dom}),
        content_type="application/json",
        headers=headers,
    )
    assert answer.status_code == 200, answer.content
    assert [(c["printing_id"], c["quantity"], c["set"]) for c in answer.json()["cards"]] == [(dom, 3, "dom")]
    other = Client().patch(
        f"/api/decks/{deck.token}/cards/{deck.cards.get().pk}",
        json.dumps({"printing": printing("Lightning Bolt", "m10", "146").pk}),
        content_type="application/json",
        headers=headers,
    )
    assert other.status_code == 400 and "not a printing of this card" in other.json()["details"]


def test_a_list_item_gets_a_printing_and_finish_on_the_page_and_through_patch(alice_client, alice):
    bolt = svc.resolve_card("Lightning Bolt")
    target, item = svc.save_card(alice, bolt.oracle_id, quantity=2)
    html = alice_client.get(reverse("collections:list_detail", args=[target.token])).content.decode()
    assert 'aria-label="Printing of Lightning Bolt"' in html and 'aria-label="Finish of Lightning Bolt"' in html
    m10 = printing("Lightning Bolt", "m10", "146").pk
    url = reverse("collections:list_item", args=[target.token, item.pk])
    alice_client.post(url, {"quantity": "2", "printing": m10, "finish": "foil"})
    item.refresh_from_db()
    assert (item.printing_id, item.finish, item.quantity) == (m10, "foil", 2)
    _, secret = ApiToken.issue(alice, "script")
    answer = Client().patch(
        f"/api/lists/{target.token}/cards/{item.pk}",
        json.dumps({"finish": ""}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answer.status_code == 200, answer.content
    assert [(c["printing_id"], c["finish"]) for c in answer.json()["cards"]] == [(m10, "")]


def finish_options(html: str, name: str) -> list[str]:
    """The values of the finish select of the row of `name`."""
    select = html.split(f'aria-label="Finish of {name}"', 1)[1].split("</select>", 1)[0]
    return [part.split('"', 1)[0] for part in select.split('<option value="')[1:]]


def test_the_finish_select_offers_the_finishes_the_printing_was_made_in(alice_client, alice):
    """Limited Edition Beta was printed before foils existed (MTGJSON `finishes`: ["nonfoil"]): with that
    printing chosen the row offers nonfoil only; with no printing chosen, the finishes of any of the
    card's printings (Magic 2010's Lightning Bolt was printed foil too)."""
    deck = svc.create_deck(alice, "Bolts", "modern")
    row = svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)
    page = reverse("collections:deck_detail", args=[deck.token])
    any_printing = finish_options(alice_client.get(page).content.decode(), "Lightning Bolt")
    assert "" in any_printing and "foil" in any_printing
    leb = printing("Lightning Bolt", "leb", "162")
    assert tuple(svc.row_printings([leb.pk])[leb.pk].finishes) == ("nonfoil",)
    url = reverse("collections:deck_card", args=[deck.token, row.pk])
    alice_client.post(url, {"quantity": "4", "zone": "main", "printing": leb.pk, "finish": ""})
    assert finish_options(alice_client.get(page).content.decode(), "Lightning Bolt") == [""]
