"""Importing the real-format decklists of tests/decks/data through the deck page and /api/decks, as a user
would: the detected format is named, nothing is rejected whole, and what was pasted is kept."""

from __future__ import annotations

import json
from pathlib import Path

import orjson
import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from tolaria import decks
from tolaria.site.accounts.models import ApiToken
from tolaria.site.catalog.models import Printing
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db
DATA = Path(__file__).parents[1] / "decks" / "data"


def rows_of(deck):
    return sorted((r.zone, r.card_name, r.quantity, r.finish, tuple(r.tags)) for r in deck.cards.all())


@pytest.mark.parametrize(
    "name, label",
    [
        ("arena.txt", "an MTG Arena list"),
        ("mtgo.txt", "an MTGO .txt list"),
        ("moxfield.txt", "a Moxfield list"),
        ("archidekt.txt", "an Archidekt list"),
        ("plain-categories.txt", "a plain list"),
        ("moxfield.csv", "a Moxfield CSV file"),
        ("archidekt.csv", "an Archidekt CSV file"),
        ("deckbox.csv", "a Deckbox CSV file"),
        ("manabox.csv", "a ManaBox CSV file"),
    ],
)
def test_each_format_imports_through_the_page_and_names_itself(alice_client, alice, name, label):
    deck = svc.create_deck(alice, "Imported", "commander")
    text = (DATA / name).read_text(encoding="utf-8")
    response = alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": text}, follow=True)
    html = response.content.decode()
    assert response.status_code == 200
    assert f"from {label}." in html
    parsed = decks.parse_decklist(text)
    assert sum(r.quantity for r in deck.cards.all()) == sum(line.quantity for line in parsed.lines)
    assert not deck.unresolved.exists()


def test_moxfield_keeps_commander_finishes_tags_and_printings(alice_client, alice):
    deck = svc.create_deck(alice, "Krenko", "commander")
    svc.add_card(deck, svc.resolve_card("Krenko, Mob Boss"), 1, "commander")  # the deck's commander already
    alice_client.post(
        reverse("collections:deck_import", args=[deck.token]), {"decklist": (DATA / "moxfield.txt").read_text()}
    )
    got = {(r.zone, r.card_name): r for r in deck.cards.all()}
    assert list(deck.cards.filter(zone="commander").values_list("card_name", "quantity")) == [("Krenko, Mob Boss", 1)]
    assert ("main", "Krenko, Mob Boss") not in got
    signet = got[("main", "Arcane Signet")]
    assert signet.finish == "foil" and signet.tags == ["Ramp"] and signet.printing_id
    assert got[("main", "Sol Ring")].tags == ["Ramp", "!Mana Rock"]
    assert got[("main", "Monastery Swiftspear")].finish == "etched"
    assert got[("sideboard", "Lurrus of the Dream-Den")].quantity == 1
    assert got[("maybeboard", "Black Lotus")].quantity == 1
    page = alice_client.get(reverse("collections:deck_detail", args=[deck.token])).content.decode()
    assert "Commander (1)" in page and "#Ramp" in page


def test_unknown_printing_is_reported_and_the_card_still_added(alice_client, alice):
    deck = svc.create_deck(alice, "Bolts", "modern")
    response = alice_client.post(
        reverse("collections:deck_import", args=[deck.token]),
        {"decklist": "1 Lightning Bolt (ZZZ) 999\n"},
        follow=True,
    )
    html = response.content.decode()
    assert "Line 1: Lightning Bolt (ZZZ) 999: Tolaria&#x27;s data (MTGJSON AllPrintings of 2022-04-25" in html
    assert "has no set ZZZ; the card was added by its name, with the set and number as written." in html
    rows = list(deck.cards.values_list("card_name", "printing_id", "set_code", "collector_number"))
    assert rows == [("Lightning Bolt", "", "zzz", "999")]


def test_mtgo_dek_commander_in_the_sideboard_is_the_commander(alice_client, alice):
    """MTGO keeps a Commander deck's commander in the sideboard; Tolaria's .dek export writes it there and
    reads it back into the command zone (before, it came back in the main deck)."""
    deck = svc.create_deck(alice, "Krenko", "commander")
    svc.add_card(deck, svc.resolve_card("Krenko, Mob Boss"), 1, "commander")
    svc.add_card(deck, svc.resolve_card("Mountain"), 99)
    text, _, filename = svc.export_deck(deck, "mtgo")
    assert filename.endswith(".dek") and 'Sideboard="true" Name="Krenko, Mob Boss"' in text
    again = svc.create_deck(alice, "Again", "commander")
    upload = SimpleUploadedFile("krenko.dek", text.encode())
    alice_client.post(reverse("collections:deck_import", args=[again.token]), {"decklist": "", "file": upload})
    assert rows_of(again) == [("commander", "Krenko, Mob Boss", 1, "", ()), ("main", "Mountain", 99, "", ())]


def test_a_100000_line_import_is_refused_at_once_in_words(alice_client, alice):
    deck = svc.create_deck(alice, "Huge", "")
    response = alice_client.post(
        reverse("collections:deck_import", args=[deck.token]), {"decklist": "1 Forest\n" * 100_000}
    )
    assert response.status_code == 413
    assert "an import is at most 2,000 lines" in response.content.decode()
    assert not deck.cards.exists()


def test_a_dek_with_nested_entities_is_refused_in_words(alice_client, alice):
    deck = svc.create_deck(alice, "Bomb", "")
    bomb = (
        b'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">'
        b'<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;">]><Deck><Cards Quantity="1" Sideboard="false" Name="&c;"/></Deck>'
    )
    response = alice_client.post(
        reverse("collections:deck_import", args=[deck.token]),
        {"decklist": "", "file": SimpleUploadedFile("bomb.dek", bomb)},
    )
    assert response.status_code == 400
    assert "declares XML entities" in response.content.decode()


def test_api_import_names_the_format_keeps_unknown_lines_and_refuses_huge_lists(alice):
    _, secret = ApiToken.issue(alice, "script")
    client = Client()
    headers = {"Authorization": f"Bearer {secret}"}
    deck = svc.create_deck(alice, "Api", "")

    def post(text):
        return client.post(
            f"/api/decks/{deck.token}/import",
            json.dumps({"text": text}),
            content_type="application/json",
            headers=headers,
        )

    ok = post((DATA / "archidekt.txt").read_text() + "1x Zzzqqq Card (zzz) 1 [Ramp]\n")
    body = ok.json()
    assert ok.status_code == 200 and body["format"] == "archidekt" and body["format_label"] == "Archidekt"
    assert body["unknown"][0]["name"] == "Zzzqqq Card"
    deck_json = client.get(f"/api/decks/{deck.token}", headers=headers).json()
    assert [u["name"] for u in deck_json["unresolved"]] == ["Zzzqqq Card"]
    signet = next(c for c in deck_json["cards"] if c["name"] == "Arcane Signet")
    assert signet["finish"] == "foil" and signet["tags"] == ["Ramp", "Mana Rock"]
    huge = post("1 Forest\n" * 100_000)
    assert huge.status_code == 413
    assert huge.json()["object"] == "error" and "2,000 lines" in huge.json()["details"]


def test_deck_lists_count_cards_not_rows(alice_client, alice):
    deck = svc.create_deck(alice, "Count me", "")
    svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)
    svc.add_card(deck, svc.resolve_card("Mountain"), 27)
    svc.add_card(deck, svc.resolve_card("Sol Ring"), 1, "maybeboard")
    html = alice_client.get(reverse("collections:decks")).content.decode()
    assert '<td>31 + 1 maybeboard<span class="phone-unit"> cards</span></td>' in html
    # and a list of cards the same way: 4 + 27 copies are 31 cards, not 2 rows
    target, _ = svc.save_card(alice, svc.resolve_card("Lightning Bolt").oracle_id, quantity=4)
    svc.save_card(alice, svc.resolve_card("Mountain").oracle_id, list_id=target.pk, quantity=27)
    lists = alice_client.get(reverse("collections:lists")).content.decode()
    assert f'{target.name}</a></td><td>31<span class="phone-unit"> cards</span></td>' in lists


ALL = {"commander", "main", "sideboard", "maybeboard"}
# What each export can say, as tests/decks/data/README.md "What each format can carry" lists it
CARRIES = {
    "text": {"zones": ALL},
    "arena": {"zones": ALL - {"maybeboard"}, "printing": True},
    "mtgo": {"zones": ALL - {"maybeboard"}, "printing": "mtgo_id", "finish": "mtgo_foil_id"},  # the .dek
    "mtgo_txt": {"zones": ALL - {"maybeboard"}},
    "moxfield": {"zones": ALL, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "archidekt": {"zones": ALL, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "csv_moxfield": {"zones": ALL, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "csv_archidekt": {"zones": ALL, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "csv_deckbox": {"zones": ALL, "printing": True, "finish": {"foil"}, "tags": True},
    "csv_manabox": {"zones": {"main"}, "printing": True, "finish": {"foil", "etched"}},
}


def carried(deck, kind: str) -> list[tuple]:
    """The deck's rows as the export `kind` can say them (what it cannot say is left out of the key)."""
    can = CARRIES[kind]
    ids = {
        p.pk: orjson.loads(p.data).get("identifiers") or {}
        for p in Printing.objects.filter(pk__in=[r.printing_id for r in deck.cards.all() if r.printing_id])
    }
    merged: dict[tuple, int] = {}
    for r in deck.cards.all():
        zone = r.zone
        if zone not in can["zones"]:
            if zone == "maybeboard":
                continue  # a format without a maybeboard leaves it out
            zone = "main"  # ManaBox: one zone
        printing, finish = "", ""
        if can.get("printing") is True:
            printing = r.printing_id or f"{r.set_code} {r.collector_number}".strip()
        elif can.get("printing") and ids.get(r.printing_id, {}).get(can["printing"]):
            printing = r.printing_id
        as_finish = isinstance(can.get("finish"), set) and r.finish in can["finish"]
        by_id = isinstance(can.get("finish"), str)  # the .dek: foil where the printing has an MTGO foil id
        as_foil_id = by_id and r.finish == "foil" and printing and ids[r.printing_id].get(can["finish"])
        if as_finish or as_foil_id:
            finish = r.finish
        key = (zone, r.card_name, printing, finish, tuple(r.tags) if can.get("tags") else ())
        merged[key] = merged.get(key, 0) + r.quantity
    return sorted((*key, n) for key, n in merged.items())


def without_finish_warnings(warnings: list[str]) -> list[str]:
    return [w for w in warnings if not w.endswith("kept as written, without a price.")]


@pytest.mark.parametrize("kind", list(svc.EXPORT_FORMATS))
def test_every_export_reimports_to_the_same_deck(alice, kind):
    """Through the site's own export and import, everything the format can say comes back: zones,
    printings (the data's, or as pasted where the data has none), finishes, tags, quantities."""
    deck = svc.create_deck(alice, "Source", "commander")
    text = "1 Opt (YMID) 12 #Cantrip\n1 Opt (DAR) 60\n" + (DATA / "moxfield.txt").read_text()
    first = svc.import_decklist(deck, text)
    # YMID is not in the data; the data's ELD 331 Arcane Signet has no foil, its KTK 118 Swiftspear no etched
    assert not first.unknown and not first.errors and len(first.warnings) == 3
    assert len(without_finish_warnings(first.warnings)) == 1
    exported, _, _ = svc.export_deck(deck, kind)
    again = svc.create_deck(alice, "Again", "commander")
    result = svc.import_decklist(again, exported)
    assert not result.unknown and not result.errors
    pasted = [w for w in result.warnings if "YMID" in w]
    assert without_finish_warnings(result.warnings) == pasted and len(pasted) == (
        1 if CARRIES[kind].get("printing") is True else 0
    )
    if kind == "mtgo":
        # MTGO needs a CatID: a row of no printing with an MTGO id takes another printing's (the most
        # preferred that has one), so it comes back as that printing; every other row is unchanged
        def strip(rows):
            return sorted((z, n, f, t, q) for z, n, _, f, t, q in rows)

        assert strip(carried(again, kind)) == strip(carried(deck, kind)), exported
        assert {r[2] for r in carried(deck, kind) if r[2]} <= {r[2] for r in carried(again, kind) if r[2]}
    else:
        assert carried(again, kind) == carried(deck, kind), exported


def test_prices_follow_the_printing_and_finish(alice):
    """A row's price is its own printing's, in its finish; a row without a printing takes the cheapest."""

    signet = svc.resolve_card("Arcane Signet")
    printings = list(Printing.objects.filter(card_id=signet.oracle_id).order_by("set_code", "collector_number"))
    chosen, other = printings[0], printings[1]
    for printing, prices in ((chosen, {"usd": 0.5, "usd_foil": 3.0}), (other, {"usd": 0.3})):
        data = orjson.loads(printing.data)
        data["prices"] = prices
        Printing.objects.filter(pk=printing.pk).update(data=orjson.dumps(data).decode())
    deck = svc.create_deck(alice, "Prices", "")
    svc.add_card(deck, signet, 1, "main", chosen.pk, finish="foil")
    svc.add_card(deck, signet, 2, "main", chosen.pk)
    svc.add_card(deck, signet, 1, "sideboard")
    view = svc.deck_view(deck)
    got = sorted((r.zone, r.quantity, r.finish, r.price) for r in view.rows)
    assert got == [("main", 1, "foil", 3.0), ("main", 2, "", 0.5), ("sideboard", 1, "", 0.3)]
    assert view.stats.price_total == round(3.0 + 2 * 0.5 + 0.3, 2)


def test_api_editor_typed_add_and_resolving_unknown_lines(alice):
    _, secret = ApiToken.issue(alice, "script")
    client = Client()
    headers = {"Authorization": f"Bearer {secret}"}
    deck = svc.create_deck(alice, "Api editor", "")

    def call(method, path, data=None):
        body = json.dumps(data) if data is not None else None
        kwargs = {"content_type": "application/json"} if data is not None else {}
        return getattr(client, method)(f"/api/decks/{deck.token}{path}", body, headers=headers, **kwargs)

    typed = call("post", "/typed", {"text": "4 Lightning Bolt"})
    assert typed.status_code == 200
    assert [(c["name"], c["quantity"]) for c in typed.json()["cards"]] == [("Lightning Bolt", 4)]
    missing = call("post", "/typed", {"text": "2 Zzzqqq Card"})
    assert missing.status_code == 404 and missing.json()["object"] == "error"
    call("post", "/import", {"text": "3 Llanowr Elves\n1 Zzzqqq Card\n"})
    lines = {u["name"]: u for u in call("get", "").json()["unresolved"]}
    resolved = call("post", f"/unresolved/{lines['Llanowr Elves']['id']}", {"card": "Llanowar Elves"})
    assert ("Llanowar Elves", 3) in [(c["name"], c["quantity"]) for c in resolved.json()["cards"]]
    assert call("delete", f"/unresolved/{lines['Zzzqqq Card']['id']}").status_code == 204
    assert call("get", "").json()["unresolved"] == []


def test_a_deckbox_csv_naming_its_sets_keeps_the_printings(alice_client, alice):
    """Deckbox writes a set's name in Edition (tests/decks/data/README.md names the sources)."""
    deck = svc.create_deck(alice, "Deckbox", "")
    text = (DATA / "deckbox-names.csv").read_text(encoding="utf-8")
    alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": text})
    bolt = deck.cards.get(card_name="Lightning Bolt")
    assert bolt.quantity == 4 and bolt.printing_id
    assert Printing.objects.get(id=bolt.printing_id).set_code == "m10"


@pytest.mark.parametrize("encoding", ["cp1252", "utf-16"])
def test_an_upload_in_another_encoding_reads_as_written(alice_client, alice, encoding):
    """Old tools save text as Windows-1252 or UTF-16 (with its BOM); Æther Web stays Æther Web."""
    deck = svc.create_deck(alice, "Encoded", "")
    upload = SimpleUploadedFile("list.txt", "2 Æther Web\n1 Opt\n".encode(encoding))
    alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": "", "file": upload})
    assert rows_of(deck) == [("main", "Aether Web", 2, "", ()), ("main", "Opt", 1, "", ())]
    assert not deck.unresolved.exists()


def test_a_binary_upload_is_refused_in_words(alice_client, alice):
    deck = svc.create_deck(alice, "Zip", "")
    upload = SimpleUploadedFile("deck.zip", b"PK\x03\x04" + bytes(range(256)) * 40)
    response = alice_client.post(
        reverse("collections:deck_import", args=[deck.token]), {"decklist": "", "file": upload}
    )
    assert response.status_code == 400 and not deck.cards.exists() and not deck.unresolved.exists()
