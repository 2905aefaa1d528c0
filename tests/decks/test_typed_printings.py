"""A typed `(SET) number` names a printing (issue 30, item 2): the deck editor's add box and the decklist
importer read the line alike, and both keep the printing the data has under that set and number (Arena's
own codes too: DAR is Dominaria's DOM). A printing the data lacks is kept as typed, with the reason said;
the card is still found by its name."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tolaria import decks
from tolaria.cards import sort_printings
from tolaria.decks import parse_decklist, printing_of_line, read_typed_line
from tolaria.site.catalog import models as catalog
from tolaria.site.collections import services as svc


@pytest.fixture(scope="module")
def printings_of(sample):
    def of(name: str):
        card = next(c for c in sample.cards.values() if c.name == name)
        return sort_printings([p for p in sample.printings.values() if p.oracle_id == card.oracle_id], sample.sets)

    return of


@pytest.fixture(scope="module")
def codes(sample):
    return decks.set_codes(sample.sets.values(), arena_sets=["dom"])


@pytest.mark.parametrize(
    ("line", "quantity", "name", "set_code", "number"),
    [
        ("4 Opt (DOM) 60", 4, "Opt", "dom", "60"),
        ("4x Opt (dom) 60", 4, "Opt", "dom", "60"),
        ("Opt (DOM) 60", 1, "Opt", "dom", "60"),
        ("Opt (DOM) 60 x4", 4, "Opt", "dom", "60"),
        ("2 Opt (DAR) 60", 2, "Opt", "dar", "60"),
        ("1 Lightning Bolt (M10) 146", 1, "Lightning Bolt", "m10", "146"),
        ("1 Lightning Bolt (M10)", 1, "Lightning Bolt", "m10", ""),
        ("3 Counterspell (WC01) ar67", 3, "Counterspell", "wc01", "ar67"),
        ("1 Sol Ring (SLD) 249 *F*", 1, "Sol Ring", "sld", "249"),
    ],
)
def test_the_editor_and_the_importer_read_a_set_and_number_alike(line, quantity, name, set_code, number):
    typed = read_typed_line(line)
    assert (typed.quantity, typed.name, typed.set_code, typed.number) == (quantity, name, set_code, number)
    if line.endswith(" x4"):  # the quantity after the name is the add box's alone: a decklist writes it first
        line = f"4 {line[: -len(' x4')]}"
    [read] = parse_decklist(f"Deck\n{line}\n").lines
    assert (read.name, read.set_code, read.collector_number) == (name, set_code, number)


@pytest.mark.parametrize(
    ("name", "set_code", "number", "found"),
    [
        ("Opt", "DOM", "60", ("dom", "60")),
        ("Opt", "dar", "60", ("dom", "60")),  # Arena's code for Dominaria
        ("Opt", "dom", "060", ("dom", "60")),  # leading zeros aside
        ("Lightning Bolt", "M10", "146", ("m10", "146")),
        ("Lightning Bolt", "sld", "85", ("sld", "85")),  # one of five in the set: the number decides
        ("Counterspell", "WC01", "AR67", ("wc01", "ar67")),  # case aside
        ("Opt", "sta", "", ("sta", "19")),  # a set without a number: its first printing by preference
    ],
)
def test_the_printing_typed_is_the_printing_taken(printings_of, codes, name, set_code, number, found):
    printing, why = printing_of_line(set_code, number, printings_of(name), codes)
    assert printing is not None and (printing.set_code, printing.collector_number) == found and why == ""


def test_a_printing_the_data_lacks_says_why(printings_of, codes):
    printing, why = printing_of_line("dom", "999", printings_of("Opt"), codes)
    assert printing is None and why == "Tolaria's data has no printing of this card numbered 999 in DOM"
    printing, why = printing_of_line("ymid", "12", printings_of("Opt"), codes)
    assert printing is None and "has no set YMID" in why
    assert printing_of_line("", "", printings_of("Opt"), codes) == (None, "")


# --- the editor's add box on the site ------------------------------------------------------------------


@pytest.fixture
def client_deck(client, django_user_model, settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    user = django_user_model.objects.create_user(username="typist", password="correct horse battery")
    client.force_login(user)
    return client, svc.create_deck(user, "Printings", "modern")


def _typed(client, deck, line: str) -> str:
    return client.post(reverse("collections:deck_add", args=[deck.token]), {"name": line}, follow=True).content.decode()


@pytest.mark.django_db
def test_the_editor_adds_the_printing_typed(client_deck):
    client, deck = client_deck
    html = _typed(client, deck, "4 Opt (DAR) 60")
    row = deck.cards.get()
    dominaria = catalog.Printing.objects.get(card_id=row.oracle_id, set_code="dom", collector_number="60")
    assert (row.quantity, row.printing_id, row.set_code, row.collector_number) == (4, dominaria.pk, "", "")
    assert "Added Opt." in html and "as pasted" not in html
    # the same printing typed again joins its row; the card typed bare joins it too (a printing the data has)
    _typed(client, deck, "Opt (DOM) 60 x2")
    _typed(client, deck, "1 opt")
    assert list(deck.cards.values_list("quantity", "printing_id")) == [(7, dominaria.pk)]


@pytest.mark.django_db
def test_the_editor_keeps_a_printing_the_data_lacks_as_typed_and_says_so(client_deck):
    client, deck = client_deck
    html = _typed(client, deck, "1 Lightning Bolt (M10) 999")
    row = deck.cards.get()
    assert (row.card_name, row.printing_id, row.set_code, row.collector_number) == ("Lightning Bolt", "", "m10", "999")
    assert "Lightning Bolt (M10) 999: Tolaria&#x27;s data has no printing of this card numbered 999 in M10" in html
