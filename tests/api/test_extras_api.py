"""Tokens and emblems through the site (issue 14 item 6): ingested from MTGJSON's `tokens` as
Scryfall's extras, left out of card counts, name lookups, deck imports and searches unless asked
(include_extras=true, include:extras), served as card objects of their token set, and listed in the
all_parts of the cards that make them (Scryfall: component "token", the card itself "combo_piece")."""

from __future__ import annotations

import gzip
from pathlib import Path

import orjson
import pytest
from django.contrib.auth import get_user_model
from django.db import transaction

from tolaria.site.catalog import models as m
from tolaria.site.catalog.ingest import ingest
from tolaria.site.catalog.repository import stats
from tolaria.site.catalog.services import card_named, suggest_names
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import Deck
from tolaria.site.stores import runtime
from tolaria.site.stores.derive import derive

pytestmark = pytest.mark.django_db
FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "mtgjson" / "DMU-tokens.json.xz"


@pytest.fixture(scope="module")
def with_tokens(django_db_setup, django_db_blocker):
    """The sample plus DMU's fixture tokens (tests/fixtures/README.md), ingested and the stores these
    tests read built, once for the module, in a transaction rolled back at its end (each test's own
    transaction nests inside it)."""

    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
        try:
            before = stats()
            summary = ingest([FIXTURE])
            derive(only=["card index", "scryfall bulk files"])
            yield before, summary
        finally:
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)
            runtime.reset()  # the index of these tests goes with their data: the next test loads the session's


def get(client, path, status=200, **params):
    r = client.get(path, params)
    assert r.status_code == status, (path, r.content[:300])
    return r.json()


def test_tokens_are_ingested_but_never_counted_or_named_as_cards(with_tokens, client):
    before, summary = with_tokens
    after = stats()
    assert after["extras"] == before["extras"] + 4
    # their records are counted apart from the cards' (the fixture's 4 tokens, one record each)
    assert summary.extra_records == 4 and after["extra_records"] == before["extra_records"] + 4
    assert after["extra_printings"] == before["extra_printings"] + 4
    added_cards = m.OracleCard.objects.filter(extra=False).count() - before["cards"]
    assert after["cards"] == before["cards"] + added_cards  # the makers the fixture adds, no token
    assert m.OracleCard.objects.filter(extra=True, name="Soldier").exists()
    assert card_named("Soldier") is None and card_named("Powerstone") is None
    assert "Soldier" not in suggest_names("Soldier")
    get(client, "/api/cards/named", 404, exact="Soldier")
    assert "Soldier" not in get(client, "/api/cards/autocomplete", q="soldi")["data"]
    assert "Soldier" in get(client, "/api/cards/autocomplete", q="soldi", include_extras="true")["data"]
    assert "Soldier" not in get(client, "/api/catalog/card-names")["data"]


def test_searches_find_extras_only_when_asked(with_tokens, client):
    plain = get(client, "/api/cards/search", q="t:soldier", unique="cards")
    assert "Soldier" not in {c["name"] for c in plain["data"]}
    asked = get(client, "/api/cards/search", q="t:soldier", include_extras="true")
    assert "Soldier" in {c["name"] for c in asked["data"]}
    assert asked["total_cards"] == plain["total_cards"] + 1
    in_query = get(client, "/api/cards/search", q="e:tdmu include:extras", unique="prints")
    assert in_query["total_cards"] == 4
    emblem = next(c for c in in_query["data"] if c["layout"] == "emblem")
    assert emblem["name"] == "Ajani, Sleeper Agent Emblem" and emblem["set_type"] == "token"
    assert (emblem["set"], emblem["set_name"]) == ("tdmu", "Dominaria United Tokens")
    get(client, "/api/cards/search", 404, q="e:tdmu")  # Scryfall: no cards without include:extras
    assert get(client, "/api/sets/tdmu")["set_type"] == "token"


def test_all_parts_lists_the_tokens_a_card_makes_and_the_makers_of_a_token(with_tokens, client):
    ajani = get(client, "/api/cards/named", exact="Ajani, Sleeper Agent")
    parts = {(p["component"], p["name"]) for p in ajani["all_parts"]}
    assert parts == {("combo_piece", "Ajani, Sleeper Agent"), ("token", "Ajani, Sleeper Agent Emblem")}
    token = next(p for p in ajani["all_parts"] if p["component"] == "token")
    assert token["object"] == "related_card" and token["type_line"] == "Emblem — Ajani"  # as Scryfall writes it
    emblem = get(client, token["uri"].removeprefix("http://testserver"))
    assert emblem["layout"] == "emblem"
    assert {(p["component"], p["name"]) for p in emblem["all_parts"]} == {
        ("token", "Ajani, Sleeper Agent Emblem"),
        ("combo_piece", "Ajani, Sleeper Agent"),
    }
    scout = get(client, "/api/cards/named", exact="Scout the Wilderness")
    assert ("token", "Soldier") in {(p["component"], p["name"]) for p in scout["all_parts"]}
    bolt = get(client, "/api/cards/named", exact="Lightning Bolt")
    assert "all_parts" not in bolt


def test_a_decklist_naming_a_token_leaves_it_unresolved(with_tokens):
    user = get_user_model().objects.create_user("tokens", password="x" * 12)
    deck = Deck.objects.create(owner=user, name="Tokens")
    result = svc.import_decklist(deck, "1 Soldier\n1 Scout the Wilderness\n")
    assert [name for name, _suggestions in result.unknown] == ["Soldier"]
    assert [r.name for r in deck.unresolved.all()] == ["Soldier"]
    assert list(deck.cards.values_list("card_name", flat=True)) == ["Scout the Wilderness"]


def test_a_token_has_a_page_and_is_in_the_bulk_files(with_tokens, client):
    soldier = get(client, "/api/cards/search", q="!soldier include:extras")["data"][0]
    page = client.get(soldier["scryfall_uri"].removeprefix("http://testserver"))
    assert page.status_code == 200 and b"Soldier" in page.content
    download = client.get("/api/bulk-data/default_cards/download")
    cards = orjson.loads(gzip.decompress(b"".join(download.streaming_content)))
    tokens = [c for c in cards if c["set"] == "tdmu"]
    assert {c["layout"] for c in tokens} == {"token", "emblem"} and len(tokens) == 4  # Scryfall's bulk has extras
