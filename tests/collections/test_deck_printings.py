"""Printings named the way each tool names them: Arena's own set codes (derived from the data where the
data can say, tolaria.decks._sets for the hand list and its sources), a set the data lacks kept as
pasted with the reason shown, and MTGO's CatID written from the printing's MTGO id (MTGJSON
`identifiers.mtgoId`, kept at ingest) and read back to the same printing."""

from __future__ import annotations

import json

import orjson
import pytest
from defusedxml import ElementTree as SafeET
from django.test import Client
from django.urls import reverse

from tolaria import decks
from tolaria.site.accounts.models import ApiToken
from tolaria.site.catalog import models as catalog
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db


def printing(card_name: str, set_code: str, number: str) -> catalog.Printing:
    card = svc.resolve_card(card_name)
    return catalog.Printing.objects.get(card_id=card.oracle_id, set_code=set_code, collector_number=number)


def test_arena_codes_are_derived_from_the_data():
    codes = svc.set_codes()
    # MTGJSON's DOM carries mtgoCode DAR and has printings with an mtgArenaId: Arena writes DAR
    assert codes.resolve("DAR") == ("dom", "") and codes.arena_code("dom") == "dar"
    # 7ED's mtgoCode is 7E, a code a pasted list may use; 7ED has no Arena printing, so Arena keeps 7ED
    assert codes.resolve("7e") == ("7ed", "") and codes.arena_code("7ed") == "7ed"
    assert codes.resolve("conf") == ("con", "")  # the hand list (Draftmancer's Arena exporter)
    code, why = codes.resolve("YMID")
    assert code == "" and "has no set YMID" in why


def test_arena_dar_line_names_the_dominaria_printing_and_exports_back_as_dar(alice):
    deck = svc.create_deck(alice, "Opt", "")
    result = svc.import_decklist(deck, "Deck\n4 Opt (DAR) 60\n")
    assert result.kind == "arena" and result.ok
    row = deck.cards.get()
    assert row.printing_id == printing("Opt", "dom", "60").pk and row.set_code == ""
    text, _, _ = svc.export_deck(deck, "arena")
    assert "4 Opt (DAR) 60" in text.splitlines()
    moxfield, _, _ = svc.export_deck(deck, "moxfield")
    assert "4 Opt (DOM) 60" in moxfield.splitlines()  # the other tools write the data's own code


def test_a_set_the_data_lacks_is_kept_as_pasted_and_the_card_found_by_name(alice_client, alice):
    deck = svc.create_deck(alice, "Alchemy", "")
    url = reverse("collections:deck_import", args=[deck.token])
    html = alice_client.post(url, {"decklist": "Deck\n1 Opt (YMID) 12\n"}, follow=True).content.decode()
    assert "Line 2: Opt (YMID) 12: Tolaria&#x27;s data" in html and "has no set YMID" in html
    row = deck.cards.get()
    assert (row.card_name, row.printing_id, row.set_code, row.collector_number) == ("Opt", "", "ymid", "12")
    page = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    assert "YMID 12 (as pasted: Tolaria&#x27;s data (MTGJSON AllPrintings of 2022-04-25" in page
    for kind, line in (
        ("arena", "1 Opt (YMID) 12"),
        ("moxfield", "1 Opt (YMID) 12"),
        ("archidekt", "1x Opt (ymid) 12"),
    ):
        text, _, _ = svc.export_deck(deck, kind)
        assert line in text.splitlines(), text
        again = svc.create_deck(alice, f"Again {kind}", "")
        svc.import_decklist(again, text)
        back = again.cards.get()
        assert (back.set_code, back.collector_number, back.printing_id) == ("ymid", "12", "")
    csv_text, _, _ = svc.export_deck(deck, "csv_manabox")
    assert "Opt,YMID,,12,normal,,1,,,,,,,," in csv_text.splitlines()


def test_a_known_set_without_that_number_says_so(alice):
    deck = svc.create_deck(alice, "Opt", "")
    result = svc.import_decklist(deck, "1 Opt (DOM) 999\n")
    assert result.warnings == [
        "Line 1: Opt (DOM) 999: Tolaria's data has no Opt numbered 999 in DOM; the card was added by its "
        "name, with the set and number as written."
    ]
    assert deck.cards.get().set_code == "dom"


def test_when_the_data_has_the_alchemy_set_the_line_names_its_printing(alice):
    """The data of an ingest that has Alchemy: Innistrad (MTGJSON's YMID, type alchemy): `(YMID) 12` is
    that printing, and Y22 (the set's first Scryfall code, XMage's) names it too."""
    opt = svc.resolve_card("Opt")
    catalog.CardSet.objects.create(
        code="ymid",
        name="Alchemy: Innistrad",
        set_type="alchemy",
        data=orjson.dumps(
            {"code": "ymid", "name": "Alchemy: Innistrad", "set_type": "alchemy", "digital": True}
        ).decode(),
    )
    base = orjson.loads(printing("Opt", "dom", "60").data)
    base.update(id="00000000-0000-4000-8000-000000000012", set_code="ymid", collector_number="12", identifiers={})
    catalog.Printing.objects.create(
        id=base["id"],
        card_id=opt.oracle_id,
        set_code="ymid",
        collector_number="12",
        released_at="2021-12-09",
        data=orjson.dumps(base).decode(),
    )
    svc.cards._set_codes_of.cache_clear()
    try:
        for code in ("YMID", "Y22"):
            deck = svc.create_deck(alice, code, "")
            result = svc.import_decklist(deck, f"Deck\n1 Opt ({code}) 12\n")
            assert result.ok, result.warnings
            assert deck.cards.get().printing_id == base["id"]
    finally:
        svc.cards._set_codes_of.cache_clear()


def _cards_of(dek: str) -> list[dict]:
    return [dict(node.attrib) for node in SafeET.fromstring(dek).iter("Cards")]


def test_dek_export_writes_the_printings_mtgo_ids_and_reads_them_back(alice):
    deck = svc.create_deck(alice, "Printings", "")
    chosen = [
        ("Opt", "dom", "60", ""),  # mtgoId 67585
        ("Fire // Ice", "apc", "128", ""),  # mtgoId 16338
        ("Sol Ring", "c13", "259", "foil"),  # mtgoId 51096, mtgoFoilId 51097
    ]
    for name, set_code, number, finish in chosen:
        svc.add_card(deck, svc.resolve_card(name), 2, "main", printing(name, set_code, number).pk, finish=finish)
    # no printing: the MTGO id of the most preferred printing that has one (A25 141, MTGJSON mtgoId 67196)
    svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)
    text, _, _ = svc.export_deck(deck, "mtgo")
    got = {c["Name"]: c.get("CatID") for c in _cards_of(text)}
    # expected ids read from MTGJSON identifiers.mtgoId / mtgoFoilId of those printings
    assert got == {"Opt": "67585", "Fire/Ice": "16338", "Sol Ring": "51097", "Lightning Bolt": "67196"}
    again = svc.create_deck(alice, "Again", "")
    result = svc.import_decklist(again, text)
    assert result.kind == "mtgo_dek" and result.ok

    def key(d):
        return sorted((r.card_name, r.quantity, r.printing_id, r.finish) for r in d.cards.all())

    # the Lightning Bolt of no printing comes back as the printing whose MTGO id it was written with
    a25 = printing("Lightning Bolt", "a25", "141").pk
    assert key(again) == sorted((n, q, a25 if n == "Lightning Bolt" else p, f) for n, q, p, f in key(deck))
    assert decks.parse_decklist(svc.export_deck(again, "mtgo")[0]).lines == decks.parse_decklist(text).lines


def test_the_api_shows_a_pasted_printing_and_why(alice):
    _, secret = ApiToken.issue(alice, "script")
    deck = svc.create_deck(alice, "Api", "")
    headers = {"Authorization": f"Bearer {secret}"}
    body = json.dumps({"text": "1 Opt (YMID) 12\n1 Opt (DAR) 60\n"})
    Client().post(f"/api/decks/{deck.token}/import", body, content_type="application/json", headers=headers)
    cards = Client().get(f"/api/decks/{deck.token}", headers=headers).json()["cards"]
    got = sorted((c["set"], c["collector_number"], c["printing_id"] is None, bool(c["printing_note"])) for c in cards)
    assert got == [("dom", "60", False, False), ("ymid", "12", True, True)]
    assert "has no set YMID" in next(c["printing_note"] for c in cards if c["set"] == "ymid")
