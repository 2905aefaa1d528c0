"""Saving cards, lists and decks through the pages, as a user would."""

import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.files.uploadedfile import SimpleUploadedFile
from django.template import Context, Template
from django.test import Client
from django.urls import reverse

from tolaria import decks
from tolaria.site.catalog.models import Printing
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import CardList, Deck, DeckCard, ListItem

BOLT = "4457ed35-7c10-48c8-9776-456485fdf070"
ELVES = "68954295-54e3-4303-a6bc-fc4547a4e3a3"
ATRAXA = "7e6b9b59-cd68-4e3c-827b-38833c92d6eb"
KRENKO = "68418069-f615-40ef-ae0d-764192acae00"

pytestmark = pytest.mark.django_db


def test_save_card_logged_out_asks_to_log_in(client):
    response = client.post(reverse("collections:save_card"), {"card": BOLT, "next": f"/card/{BOLT}"})
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert f"/card/{BOLT}" in response["Location"]
    assert not ListItem.objects.exists()


def test_save_card_goes_to_default_list_created_on_demand(alice_client, alice):
    response = alice_client.post(reverse("collections:save_card"), {"card": BOLT, "next": f"/card/{BOLT}"})
    assert response.status_code == 302 and response["Location"] == f"/card/{BOLT}"
    saved = CardList.objects.get(owner=alice)
    assert saved.name == "Saved cards" and saved.is_default and saved.visibility == "private"
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "again": "1"})  # "Add another copy"
    assert ListItem.objects.get(card_list=saved).quantity == 2
    assert CardList.objects.filter(owner=alice).count() == 1


def test_a_second_save_says_so_instead_of_adding(alice_client, alice):
    """Issue 30 item 4: saving a card its list holds already adds nothing and says so; "Add another
    copy" (again=1) adds one."""
    alice_client.post(reverse("collections:save_card"), {"card": BOLT})
    again = alice_client.post(reverse("collections:save_card"), {"card": BOLT, "next": "/lists/"}, follow=True)
    html = again.content.decode()
    assert "Lightning Bolt is already in “Saved cards” (1 copy): nothing was added." in html
    assert ListItem.objects.get(card_list__owner=alice).quantity == 1
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "again": "1"})
    assert ListItem.objects.get(card_list__owner=alice).quantity == 2
    # another list is another place: the first copy there is saved at once
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "new_list": "Burn"})
    burn = CardList.objects.get(owner=alice, name="Burn")
    assert burn.items.get().quantity == 1
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "list": burn.pk})
    assert burn.items.get().quantity == 1


def test_the_card_page_shows_where_the_card_is_saved(alice_client, alice):
    page = alice_client.get(f"/card/{BOLT}", follow=True).content.decode()
    assert "Saved</strong> in" not in page and ">Save this card</button>" in page
    alice_client.post(reverse("collections:save_card"), {"card": BOLT})
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "again": "1"})
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "new_list": "Burn"})
    page = alice_client.get(f"/card/{BOLT}", follow=True).content.decode()
    saved = CardList.objects.get(owner=alice, is_default=True)
    burn = CardList.objects.get(owner=alice, name="Burn")
    assert (
        f'<strong>Saved</strong> in <a href="/lists/{saved.token}/">Saved cards</a> (2 copies), '
        f'<a href="/lists/{burn.token}/">Burn</a> (1 copy).'
    ) in page
    assert (
        '<input type="hidden" name="again" value="1"><button type="submit" class="button secondary">Add another copy</button>'
        in page
    )


def test_save_card_to_new_and_chosen_list(alice_client, alice):
    alice_client.post(reverse("collections:save_card"), {"card": ELVES, "new_list": "Elves"})
    elves = CardList.objects.get(owner=alice, name="Elves")
    assert list(elves.items.values_list("oracle_id", flat=True)) == [ELVES]
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "list": elves.pk})
    assert set(elves.items.values_list("oracle_id", flat=True)) == {ELVES, BOLT}


def test_save_card_to_someone_elses_list_is_refused(alice_client, bob):
    theirs = CardList.objects.create(owner=bob, name="Bob's")
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "list": theirs.pk})
    assert not theirs.items.exists()


def test_save_unknown_card(alice_client):
    response = alice_client.post(reverse("collections:save_card"), {"card": "nope", "next": "/lists/"}, follow=True)
    assert "There is no such card." in response.content.decode()
    assert not ListItem.objects.exists()


def test_list_page_shows_cards_prices_and_total(alice_client, alice, monkeypatch):
    alice_client.post(reverse("collections:save_card"), {"card": BOLT})
    alice_client.post(reverse("collections:save_card"), {"card": BOLT, "again": "1"})
    alice_client.post(reverse("collections:save_card"), {"card": ELVES})
    monkeypatch.setattr(svc.lists, "unit_prices", lambda pairs: {p: (0.5 if p[0] == BOLT else None) for p in pairs})
    card_list = CardList.objects.get(owner=alice)
    html = alice_client.get(reverse("collections:list_detail", args=[card_list.token])).content.decode()
    assert "Lightning Bolt" in html and "Llanowar Elves" in html
    assert "$0.50" in html and "$1.00" in html  # unit price, line total and list total


def test_list_export_csv_and_text(alice_client, alice):
    alice_client.post(reverse("collections:save_card"), {"card": BOLT})
    token = CardList.objects.get(owner=alice).token
    csv_text = alice_client.get(reverse("collections:list_export", args=[token]) + "?format=csv").content.decode()
    # Moxfield's collection CSV columns (tests/decks/data/README.md), so other tools read it
    assert csv_text.splitlines()[0] == ",".join(f'"{c}"' for c in decks.CSV_COLUMNS["csv_moxfield"])
    assert '"1","0","Lightning Bolt",' in csv_text
    assert decks.parse_decklist(csv_text).kind == "csv_moxfield"
    assert (
        alice_client.get(reverse("collections:list_export", args=[token]) + "?format=text").content.decode()
        == "1 Lightning Bolt\n"
    )


def test_list_oracle_ids_for_in_list_search(alice, bob):
    svc.save_card(alice, BOLT, new_list="Burn")
    svc.save_card(alice, ELVES)
    svc.save_card(bob, KRENKO, new_list="Burn")
    assert svc.list_oracle_ids(alice, "burn") == {BOLT}
    assert svc.list_oracle_ids(alice, "Saved cards") == {ELVES}
    assert svc.list_oracle_ids(alice, "nothing") == set()

    assert svc.list_oracle_ids(AnonymousUser(), "Burn") == set()


def test_edit_and_delete_list(alice_client, alice):
    card_list = svc.create_list(alice, "Wants")
    alice_client.post(
        reverse("collections:list_edit", args=[card_list.token]),
        {"name": "Trade wants", "notes": "n", "visibility": "unlisted"},
    )
    card_list.refresh_from_db()
    assert (card_list.name, card_list.visibility) == ("Trade wants", "unlisted")
    assert Client().get(reverse("collections:list_detail", args=[card_list.token])).status_code == 200
    alice_client.post(reverse("collections:list_delete", args=[card_list.token]))
    assert not CardList.objects.filter(pk=card_list.pk).exists()


# -- decks --------------------------------------------------------------------------------


def test_start_deck_form_offers_commander(alice_client):
    html = alice_client.get(reverse("collections:start_deck") + f"?card={ATRAXA}").content.decode()
    assert "Atraxa, Praetors&#x27; Voice can be your commander" in html
    assert 'value="commander" selected' in html


def test_start_deck_logged_out_redirects_with_next(client):
    response = client.get(reverse("collections:start_deck") + f"?card={ATRAXA}")
    assert (
        response.status_code == 302
        and "/accounts/login/?next=" in response["Location"]
        and ATRAXA in response["Location"]
    )


def test_start_commander_deck_puts_card_in_command_zone(alice_client, alice):
    response = alice_client.post(
        reverse("collections:start_deck"),
        {"card": ATRAXA, "format": "commander", "name": "", "as_commander": "1", "commander_choice": "1"},
    )
    deck = Deck.objects.get(owner=alice)
    assert response["Location"] == reverse("collections:deck_detail", args=[deck.token])
    assert deck.name == "Atraxa, Praetors' Voice deck" and deck.format == "commander"
    assert list(deck.cards.values_list("oracle_id", "zone", "quantity")) == [(ATRAXA, "commander", 1)]


def test_start_deck_without_commander_choice_or_in_constructed(alice_client, alice):
    alice_client.post(
        reverse("collections:start_deck"), {"card": ATRAXA, "format": "commander", "name": "A", "commander_choice": "1"}
    )
    alice_client.post(reverse("collections:start_deck"), {"card": KRENKO, "format": "modern", "name": "B"})
    alice_client.post(reverse("collections:start_deck"), {"card": BOLT, "format": "commander", "name": "C"})
    zones = {d.name: list(d.cards.values_list("zone", flat=True)) for d in Deck.objects.filter(owner=alice)}
    assert zones == {"A": ["main"], "B": ["main"], "C": ["main"]}


def make_deck(user, fmt="modern", name="Burn"):
    return svc.create_deck(user, name, fmt)


def test_deck_page_shows_validation_curve_and_price(alice_client, alice):
    deck = make_deck(alice)
    alice_client.post(
        reverse("collections:deck_add", args=[deck.token]), {"name": "lightning bolt", "quantity": "4", "zone": "main"}
    )
    alice_client.post(
        reverse("collections:deck_add", args=[deck.token]), {"name": "Mountain", "quantity": "56", "zone": "main"}
    )
    html = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    assert "This deck is legal in Modern." in html
    assert '<svg class="chart mana-curve"' in html and "1: 4" in html
    assert "Price total" in html
    alice_client.post(reverse("collections:deck_add", args=[deck.token]), {"name": "Lightning Bolt", "quantity": "1"})
    html = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    assert "At most 4 copies of Lightning Bolt are allowed; this deck has 5." in html


def test_add_unknown_name_suggests(alice_client, alice):
    deck = make_deck(alice)
    html = alice_client.post(
        reverse("collections:deck_add", args=[deck.token]), {"name": "Lightnig Bolt"}, follow=True
    ).content.decode()
    # issue 30: a misspelling is forgiven (Scryfall's fuzzy rule) and the page names the card it took
    assert "Added 1 Lightning Bolt for “Lightnig Bolt”." in html
    assert [(r.card_name, r.quantity) for r in deck.cards.all()] == [("Lightning Bolt", 1)]
    html = alice_client.post(
        reverse("collections:deck_add", args=[deck.token]), {"name": "Zzqx Frobnic"}, follow=True
    ).content.decode()
    assert "No card is named “Zzqx Frobnic”" in html and deck.cards.count() == 1


def test_move_card_between_zones_merges_and_removes(alice_client, alice):
    deck = make_deck(alice)
    bolt, _ = svc.resolve_card("Lightning Bolt"), None
    main = svc.add_card(deck, bolt, 4, "main")
    side = svc.add_card(deck, bolt, 1, "sideboard")
    alice_client.post(reverse("collections:deck_card", args=[deck.token, side.pk]), {"zone": "main", "quantity": "1"})
    assert list(deck.cards.values_list("zone", "quantity")) == [("main", 5)]
    alice_client.post(
        reverse("collections:deck_card", args=[deck.token, main.pk]), {"zone": "maybeboard", "quantity": "2"}
    )
    assert list(deck.cards.values_list("zone", "quantity")) == [("maybeboard", 2)]
    alice_client.post(reverse("collections:deck_card", args=[deck.token, main.pk]), {"remove": "1"})
    assert not deck.cards.exists()


ARENA = """Deck
4 Lightning Bolt (M10) 146
52 Mountain

Sideboard
2 Llanowar Elves
"""


def test_import_arena_adds_to_deck(alice_client, alice):
    deck = make_deck(alice)
    svc.add_card(deck, svc.resolve_card("Krenko, Mob Boss"), 2)
    response = alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": ARENA})
    assert response.status_code == 302
    rows = {(r.card_name, r.zone): r for r in deck.cards.all()}
    assert {k: r.quantity for k, r in rows.items()} == {
        ("Krenko, Mob Boss", "main"): 2,
        ("Lightning Bolt", "main"): 4,
        ("Mountain", "main"): 52,
        ("Llanowar Elves", "sideboard"): 2,
    }
    bolt_printing = rows[("Lightning Bolt", "main")].printing_id

    if Printing.objects.filter(card_id=BOLT, set_code="m10", collector_number="146").exists():
        assert bolt_printing


def test_import_keeps_unknown_names_as_unresolved_rows_with_suggestions(alice_client, alice):
    deck = make_deck(alice)
    svc.add_card(deck, svc.resolve_card("Krenko, Mob Boss"), 2)
    url = reverse("collections:deck_import", args=[deck.token])
    response = alice_client.post(url, {"decklist": "4 Lightning Bolt\n3 Llanowr Elves\n1 Zzzzqqqq Xxxx\n"}, follow=True)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Imported 4 cards from a plain list." in html
    assert "2 lines named no card Tolaria knows" in html
    assert "Not found (2)" in html and "“Llanowr Elves”" in html and "Zzzzqqqq Xxxx" in html
    assert "<option>Llanowar Elves</option>" in html
    assert sorted(deck.cards.values_list("card_name", "quantity")) == [("Krenko, Mob Boss", 2), ("Lightning Bolt", 4)]
    line = deck.unresolved.get(name="Llanowr Elves")
    assert line.quantity == 3 and line.line_number == 2
    # picking the suggestion turns the line into a deck row with the pasted quantity
    alice_client.post(reverse("collections:deck_unresolved", args=[deck.token, line.pk]), {"card": "Llanowar Elves"})
    assert deck.cards.get(card_name="Llanowar Elves").quantity == 3
    assert list(deck.unresolved.values_list("name", flat=True)) == ["Zzzzqqqq Xxxx"]


def test_import_mtgo_dek_file(alice_client, alice):
    deck = make_deck(alice)
    dek = b'<?xml version="1.0"?><Deck><Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt"/><Cards Quantity="3" Sideboard="true" Name="Sol Ring"/></Deck>'
    alice_client.post(
        reverse("collections:deck_import", args=[deck.token]),
        {"decklist": "", "file": SimpleUploadedFile("x.dek", dek)},
    )
    assert set(deck.cards.values_list("card_name", "zone", "quantity")) == {
        ("Lightning Bolt", "main", 4),
        ("Sol Ring", "sideboard", 3),
    }


def test_export_formats(alice_client, alice):
    deck = make_deck(alice)
    alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": ARENA})
    url = reverse("collections:deck_export", args=[deck.token])
    text = alice_client.get(url + "?format=text").content.decode()
    assert "4 Lightning Bolt\n" in text and "Sideboard\n2 Llanowar Elves" in text
    arena = alice_client.get(url + "?format=arena").content.decode()
    assert re.search(r"^4 Lightning Bolt( \(M10\) 146)?$", arena, re.M)
    dek = alice_client.get(url + "?format=mtgo&download=1")
    assert dek["Content-Disposition"].endswith('.dek"')
    assert 'Quantity="2" Sideboard="true" Name="Llanowar Elves"' in dek.content.decode()
    assert alice_client.get(url + "?format=nope").status_code == 400


def test_csrf_is_required_for_every_write(alice):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    deck = make_deck(alice)
    for url, data in [
        (reverse("collections:save_card"), {"card": BOLT}),
        (reverse("collections:deck_add", args=[deck.token]), {"name": "Lightning Bolt"}),
        (reverse("collections:deck_import", args=[deck.token]), {"decklist": "1 Sol Ring"}),
        (reverse("collections:start_deck"), {"card": BOLT, "format": "modern"}),
    ]:
        assert client.post(url, data).status_code == 403, url
    assert not ListItem.objects.exists() and not DeckCard.objects.exists() and Deck.objects.count() == 1
    # with the token from a page, the same write goes through
    page = client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    assert (
        client.post(
            reverse("collections:deck_add", args=[deck.token]), {"name": "Lightning Bolt", "csrfmiddlewaretoken": token}
        ).status_code
        == 302
    )
    assert deck.cards.count() == 1


def test_card_actions_template_tag(rf, alice):
    request = rf.get(f"/card/{BOLT}")
    request.user = alice
    svc.save_card(alice, ELVES, new_list="Burn")
    html = Template("{% load collections_tags %}{% card_actions card %}").render(
        Context({"request": request, "card": svc.resolve_card(BOLT), "csrf_token": "x"})
    )
    assert 'action="/save/"' in html and f'value="{BOLT}"' in html and "Burn" in html
    assert f"/decks/new/?card={BOLT}" in html
