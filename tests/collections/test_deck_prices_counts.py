"""What a deck's numbers say (issue 15 audit): a row's price is its own printing's in its finish (never
another printing's, silently); every count says what it counts, the same on the deck page, My decks
and /api/decks; the .dek carries a CatID for every card MTGJSON has an MTGO id for."""

from __future__ import annotations

import orjson
import pytest
from defusedxml import ElementTree as SafeET
from django.test import Client
from django.urls import reverse

from tolaria.site.accounts.models import ApiToken
from tolaria.site.catalog import models as catalog
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db


def printing(card_name: str, set_code: str, number: str) -> catalog.Printing:
    card = svc.resolve_card(card_name)
    return catalog.Printing.objects.get(card_id=card.oracle_id, set_code=set_code, collector_number=number)


def set_prices(row: catalog.Printing, **prices) -> None:
    data = orjson.loads(row.data)
    data["prices"] = {"usd": None, "usd_foil": None, "usd_etched": None, "eur": None, "eur_foil": None, "tix": None}
    data["prices"].update(prices)
    row.data = orjson.dumps(data).decode()
    row.save(update_fields=["data"])


@pytest.fixture
def opt_prices():
    """Opt DOM 60 priced only as a foil, Opt XLN 65 as a nonfoil: no other Opt has a price."""
    opt = svc.resolve_card("Opt")
    for row in catalog.Printing.objects.filter(card_id=opt.oracle_id):
        set_prices(row)
    set_prices(printing("Opt", "dom", "60"), usd_foil=5.0)
    set_prices(printing("Opt", "xln", "65"), usd=0.1)


def test_a_row_is_priced_from_its_own_printing_and_finish_only(alice_client, alice, opt_prices):
    deck = svc.create_deck(alice, "Opts", "")
    dom = svc.add_card(deck, svc.resolve_card("Opt"), 2, "main", printing("Opt", "dom", "60").pk)
    svc.add_card(deck, svc.resolve_card("Opt"), 3, "sideboard")  # no printing: the cheapest, said so
    foil = svc.add_card(deck, svc.resolve_card("Opt"), 1, "maybeboard", printing("Opt", "dom", "60").pk, finish="foil")
    view = svc.deck_view(deck)
    by_id = {r.id: r for r in view.rows}
    assert by_id[dom.pk].price is None and by_id[dom.pk].price_note == "no price for this printing"
    assert by_id[foil.pk].price == 5.0 and by_id[foil.pk].price_note == ""
    plain = next(r for r in view.rows if r.zone == "sideboard")
    assert plain.price == 0.1 and plain.price_note == "the cheapest printing's price (no printing chosen)"
    html = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    assert "no price for this printing" in html


def test_a_foil_of_a_printing_without_foils_is_said_at_import(alice):
    deck = svc.create_deck(alice, "Bolt", "")
    result = svc.import_decklist(deck, "1 Lightning Bolt (LEB) 162 *F*\n")
    assert any("Tolaria's data has no foil of Lightning Bolt (LEB) 162" in w for w in result.warnings), result.warnings
    assert deck.cards.get().finish == "foil"  # kept as written


def test_every_count_says_what_it_counts(alice_client, alice):
    deck = svc.create_deck(alice, "Counts", "modern")
    svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)
    svc.add_card(deck, svc.resolve_card("Mountain"), 56)
    svc.add_card(deck, svc.resolve_card("Opt"), 5, "sideboard")
    svc.add_card(deck, svc.resolve_card("Sol Ring"), 2, "maybeboard")
    html = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    assert "60 cards + 5 sideboard + 2 maybeboard" in html
    assert "for the 65 cards of the deck and its sideboard" in html
    decks_page = alice_client.get(reverse("collections:decks")).content.decode()
    assert '<td>60 + 5 sideboard + 2 maybeboard<span class="phone-unit"> cards</span></td>' in decks_page
    _, secret = ApiToken.issue(alice, "script")
    headers = {"Authorization": f"Bearer {secret}"}
    summary = next(d for d in Client().get("/api/decks", headers=headers).json() if d["token"] == deck.token)
    assert (summary["cards"], summary["sideboard"], summary["maybeboard"]) == (60, 5, 2)
    stats = Client().get(f"/api/decks/{deck.token}", headers=headers).json()["stats"]
    assert (
        stats["cards"],
        stats["sideboard"],
        stats["maybeboard"],
        stats["priced_cards"] + stats["unpriced_cards"],
    ) == (
        60,
        5,
        2,
        65,
    )
    target, _ = svc.save_card(alice, svc.resolve_card("Lightning Bolt").oracle_id, quantity=4)
    lists = Client().get("/api/lists", headers=headers).json()
    assert next(x for x in lists if x["token"] == target.token)["cards"] == 4


def _cat_ids(text: str) -> dict[str, str | None]:
    return {c.get("Name"): c.get("CatID") for c in SafeET.fromstring(text).iter("Cards")}


def test_dek_export_finds_an_mtgo_id_for_rows_without_one(alice):
    deck = svc.create_deck(alice, "Typed", "")
    svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)  # typed in the editor: no printing
    svc.add_card(deck, svc.resolve_card("Opt"), 2, "main", printing("Opt", "mb1", "451").pk)  # MB1: no MTGO id
    svc.add_card(deck, svc.resolve_card("Sylvan Library"), 1, "main", finish="foil")
    text, _, _ = svc.export_deck(deck, "mtgo")
    # ids from the sample's MTGJSON identifiers: the most preferred printing (tolaria.cards.sort_printings)
    # that has an mtgoId: main sets first, the newest first — Lightning Bolt A25 141 (67196; JMP 342, newer,
    # has none), Opt M21 59 (81345), Sylvan Library EMA 187's mtgoFoilId (60786) for the foil row
    assert _cat_ids(text) == {"Lightning Bolt": "67196", "Opt": "81345", "Sylvan Library": "60786"}
