"""Deck rows as an import or the editor makes them: what was pasted is never lost, and no paste answers
a 5xx (the audit of issue 15: a plain row and a row of a printing the data lacks share a card and a
zone; an over-long CatID; the command zone holding more than the rules allow)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tolaria.site.accounts.models import ApiToken
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db


def rows(deck):
    return sorted(
        (r.zone, r.card_name, r.quantity, r.printing_id != "", r.set_code, r.collector_number, r.finish)
        for r in deck.cards.all()
    )


@pytest.mark.parametrize(
    "text, expected",
    [
        (
            "1 Opt\n1 Opt (XLN) 999\n",
            [("main", "Opt", 1, False, "", "", ""), ("main", "Opt", 1, False, "xln", "999", "")],
        ),
        (
            "4 Lightning Bolt\n1 Lightning Bolt (ZZZ) 999\n",
            [("main", "Lightning Bolt", 1, False, "zzz", "999", ""), ("main", "Lightning Bolt", 4, False, "", "", "")],
        ),
        (
            "1 Opt (ZZZ) 1\n1 Opt (YYY) 2\n",
            [("main", "Opt", 1, False, "yyy", "2", ""), ("main", "Opt", 1, False, "zzz", "1", "")],
        ),
    ],
)
def test_a_card_plain_and_in_a_printing_the_data_lacks_keeps_both_rows(alice_client, alice, text, expected):
    deck = svc.create_deck(alice, "Opts", "modern")
    response = alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": text})
    assert response.status_code == 302
    assert rows(deck) == expected
    again = svc.create_deck(alice, "Api", "modern")
    _, secret = ApiToken.issue(alice, "script")
    answer = Client().post(
        f"/api/decks/{again.token}/import",
        json.dumps({"text": text}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answer.status_code == 200, answer.content
    assert rows(again) == expected


def test_resolving_a_waiting_line_beside_a_plain_row_keeps_both(alice_client, alice):
    deck = svc.create_deck(alice, "Opts", "modern")
    svc.import_decklist(deck, "1 Opt\n1 Optt (ZZZ) 5\n")
    line = deck.unresolved.get()
    response = alice_client.post(reverse("collections:deck_unresolved", args=[deck.token, line.pk]), {"card": "Opt"})
    assert response.status_code == 302
    assert rows(deck) == [("main", "Opt", 1, False, "", "", ""), ("main", "Opt", 1, False, "zzz", "5", "")]
    assert not deck.unresolved.exists()


def test_moving_a_pasted_printing_beside_a_plain_row_keeps_its_printing(alice):
    deck = svc.create_deck(alice, "Opts", "modern")
    svc.import_decklist(deck, "1 Opt\n\n2 Opt (ZZZ) 1\n")
    side = deck.cards.get(zone="sideboard")
    svc.update_card(deck, side.pk, zone="main")
    assert rows(deck) == [("main", "Opt", 1, False, "", "", ""), ("main", "Opt", 2, False, "zzz", "1", "")]


def test_a_dek_with_an_over_long_catid_imports_the_card_and_says_why_the_id_was_left(alice_client, alice):
    deck = svc.create_deck(alice, "Dek", "modern")
    dek = (
        '<?xml version="1.0" encoding="utf-8"?><Deck><NetDeckID>0</NetDeckID><PreconstructedDeckID>0'
        '</PreconstructedDeckID><Cards CatID="12345678901234567" Quantity="4" Sideboard="false" '
        'Name="Lightning Bolt" Annotation="0" /></Deck>'
    )
    response = alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": dek}, follow=True)
    assert response.status_code == 200
    assert "CatID 12345678901234567 is not an MTGO catalog id" in response.content.decode()
    row = deck.cards.get()
    assert (row.card_name, row.quantity, row.cat_id) == ("Lightning Bolt", 4, "")


def test_plain_copies_join_a_plain_row_not_a_foil_one(alice):
    deck = svc.create_deck(alice, "Fire", "modern")
    svc.import_decklist(deck, "1 Fire // Ice (MH2) 290 *F*\n4 Fire/Ice\n")
    assert sorted((r.quantity, r.finish, r.printing_id != "") for r in deck.cards.all()) == [
        (1, "foil", True),
        (4, "", False),
    ]


def commanders(deck):
    return sorted((r.card_name, r.quantity) for r in deck.cards.filter(zone="commander"))


def test_a_plain_list_promotes_one_commander_and_only_when_the_deck_has_none(alice):
    deck = svc.create_deck(alice, "Plain", "commander")
    svc.import_decklist(deck, "98 Mountain\n\n1 Krenko, Mob Boss\n1 Thrasios, Triton Hero\n")
    # Thrasios has partner, Krenko does not: they cannot share the command zone
    assert commanders(deck) == [("Krenko, Mob Boss", 1)]
    assert deck.cards.get(card_name="Thrasios, Triton Hero").zone == "sideboard"
    again = svc.create_deck(alice, "Again", "commander")
    svc.add_card(again, svc.resolve_card("Krenko, Mob Boss"), 1, "commander")
    svc.import_decklist(again, "98 Mountain\n\n1 Rograkh, Son of Rohgahh\n")
    assert commanders(again) == [("Krenko, Mob Boss", 1)]
    assert again.cards.get(card_name="Rograkh, Son of Rohgahh").zone == "sideboard"
    modern = svc.create_deck(alice, "Modern", "modern")
    svc.import_decklist(modern, "56 Mountain\n\n1 Krenko, Mob Boss\n")
    assert not modern.cards.filter(zone="commander").exists()


def test_partners_share_the_command_zone_from_a_plain_list(alice):
    deck = svc.create_deck(alice, "Partners", "commander")
    svc.import_decklist(deck, "98 Mountain\n\n1 Thrasios, Triton Hero\n1 Rograkh, Son of Rohgahh\n")
    assert commanders(deck) == [("Rograkh, Son of Rohgahh", 1), ("Thrasios, Triton Hero", 1)]


def test_mtgo_round_trip_keeps_a_sideboard_legend_in_the_sideboard(alice):
    deck = svc.create_deck(alice, "Krenko", "commander")
    svc.add_card(deck, svc.resolve_card("Krenko, Mob Boss"), 1, "commander")
    svc.add_card(deck, svc.resolve_card("Mountain"), 98)
    svc.add_card(deck, svc.resolve_card("Sylvia Brightspear"), 1, "sideboard")
    for kind in ("mtgo", "mtgo_txt"):
        text, _, _ = svc.export_deck(deck, kind)
        again = svc.create_deck(alice, f"Again {kind}", "commander")
        svc.import_decklist(again, text)
        assert commanders(again) == [("Krenko, Mob Boss", 1)], kind
        assert again.cards.get(card_name="Sylvia Brightspear").zone == "sideboard", kind


def test_a_list_naming_the_commander_leaves_it_in_the_command_zone(alice):
    deck = svc.create_deck(alice, "Krenko", "commander", card=svc.resolve_card("Krenko, Mob Boss"))
    result = svc.import_decklist(deck, "1 Krenko, Mob Boss\n98 Mountain\n")
    assert commanders(deck) == [("Krenko, Mob Boss", 1)]
    assert not deck.cards.filter(zone="main", card_name="Krenko, Mob Boss").exists()
    assert any("is the deck's commander" in w for w in result.warnings), result.warnings


def test_the_command_zone_holds_one_copy_of_each_commander(alice_client, alice):
    deck = svc.create_deck(alice, "Krenko", "commander", card=svc.resolve_card("Krenko, Mob Boss"))
    commander = deck.cards.get(zone="commander")
    with pytest.raises(svc.CollectionError, match="one copy"):
        svc.update_card(deck, commander.pk, quantity=3)
    extra = svc.add_card(deck, svc.resolve_card("Krenko, Mob Boss"), 1, "main")
    with pytest.raises(svc.CollectionError, match="already the deck's commander"):
        svc.update_card(deck, extra.pk, zone="commander")
    assert commanders(deck) == [("Krenko, Mob Boss", 1)]
    extra.delete()
    with pytest.raises(svc.CollectionError, match="already holds Krenko"):
        svc.add_card(deck, svc.resolve_card("Sylvia Brightspear"), 1, "commander")
    rings = svc.add_card(deck, svc.resolve_card("Sol Ring"), 4, "main")
    with pytest.raises(svc.CollectionError, match="already holds Krenko"):
        svc.update_card(deck, rings.pk, zone="commander")
    assert commanders(deck) == [("Krenko, Mob Boss", 1)]
    # the page says so
    url = reverse("collections:deck_card", args=[deck.token, commander.pk])
    html = alice_client.post(url, {"quantity": "3", "zone": "commander"}, follow=True).content.decode()
    assert "one copy" in html and commanders(deck) == [("Krenko, Mob Boss", 1)]
    _, secret = ApiToken.issue(alice, "script")
    answer = Client().patch(
        f"/api/decks/{deck.token}/cards/{commander.pk}",
        json.dumps({"quantity": 3}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answer.status_code == 400 and "one copy" in answer.json()["details"]


def test_moving_several_copies_to_an_empty_command_zone_moves_one(alice):
    deck = svc.create_deck(alice, "Rings", "commander")
    rings = svc.add_card(deck, svc.resolve_card("Krenko, Mob Boss"), 4, "main")
    note = svc.update_card(deck, rings.pk, zone="commander")
    assert commanders(deck) == [("Krenko, Mob Boss", 1)]
    assert deck.cards.get(zone="main").quantity == 3
    assert note.startswith("One copy of Krenko, Mob Boss moved")


def test_an_unauthenticated_write_answers_401_with_the_error_object(alice):
    client = Client(enforce_csrf_checks=True)
    read = client.get("/api/decks")
    write = client.post("/api/decks", json.dumps({"name": "x"}), content_type="application/json")
    assert read.status_code == 401 and write.status_code == 401, write.content
    assert write.json()["object"] == "error" and write.json() == read.json()


def test_patching_a_row_that_is_not_there_answers_404(alice):
    deck = svc.create_deck(alice, "Empty", "modern")
    _, secret = ApiToken.issue(alice, "script")
    answer = Client().patch(
        f"/api/decks/{deck.token}/cards/999999",
        json.dumps({"quantity": 2}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert answer.status_code == 404 and answer.json()["object"] == "error"
