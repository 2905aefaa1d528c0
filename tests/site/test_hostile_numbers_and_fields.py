"""Inputs that answered 5xx in issue 28, each answered in words instead (SQLite in `make test`; the
same file under `make test-pg`): a list id that is not a number, an escaped NUL in a JSON body sent
without a JSON content type, numbers over Python's 4,300-digit limit (sys.get_int_max_str_digits) where
a rule number or a quantity is read, and a CSV field over csv.field_size_limit() (131,072 characters)."""

from __future__ import annotations

import csv

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tolaria.site.accounts.models import ApiToken
from tolaria.site.catalog import models as m
from tolaria.site.collections.models import CardList, Deck

pytestmark = pytest.mark.django_db

HUGE = "9" * 5000  # over the 4,300 digits int() reads from a string
LONG_FIELD = "x" * (csv.field_size_limit() + 1)


@pytest.fixture
def player():
    user = get_user_model().objects.create_user("hostile", password="a long passphrase 1")
    client = Client()
    client.force_login(user)
    deck = Deck.objects.create(owner=user, name="Hostile deck", format="commander")
    _, secret = ApiToken.issue(user, "script")
    return {"user": user, "client": client, "deck": deck, "secret": secret}


def _deck_contents(deck) -> tuple[list, list]:
    return list(deck.cards.values_list("card_name", "quantity")), list(deck.unresolved.values_list("pk", flat=True))


@pytest.mark.parametrize("list_id", ["bogus", "12abc", "²", HUGE[:30]])
def test_save_to_a_list_that_is_no_id_says_so(player, list_id):
    CardList.objects.create(owner=player["user"], name="Burn")

    card = m.OracleCard.objects.order_by("name").first()
    answer = player["client"].post("/save/", {"card": card.oracle_id, "list": list_id}, follow=True)
    assert answer.status_code == 200
    assert "That list is not one of yours." in answer.content.decode()
    assert not CardList.objects.filter(owner=player["user"], items__isnull=False).exists()


@pytest.mark.parametrize(
    "path, body",
    [
        ("/api/lists", b'{"name": "Burn\\u0000"}'),  # a 500 on PostgreSQL before
        ("/api/decks", b'{"name": "Burn\\u0000", "format": "commander"}'),  # a 500 on PostgreSQL before
        ("/api/decks/{token}/import", b'{"text": "1 Sol\\u0000 Ring"}'),
    ],
)
def test_an_escaped_nul_in_json_without_a_json_content_type_is_refused(player, path, body):
    answer = Client().post(
        path.format(token=player["deck"].token),
        body,
        content_type="text/plain",
        headers={"Authorization": f"Bearer {player['secret']}"},
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "bad_request" and "NUL" in answer.json()["details"]
    assert _deck_contents(player["deck"]) == ([], [])
    assert not CardList.objects.filter(owner=player["user"], name__startswith="Burn").exists()
    assert not Deck.objects.filter(owner=player["user"], name__startswith="Burn").exists()


def test_a_rule_number_of_thousands_of_digits_is_no_rule(client):
    page = client.get(f"/rules/{HUGE}")
    assert page.status_code == 404
    assert b"There is no rule" in page.content or b"no rule" in page.content.lower()
    api = client.get(f"/api/rules/{HUGE}")
    assert api.status_code == 404
    assert api["Content-Type"].startswith("application/json")
    assert api.json()["object"] == "error" and api.json()["code"] == "not_found"
    dotted = client.get(f"/api/rules/100.{HUGE}")
    assert dotted.status_code == 404 and dotted.json()["object"] == "error"


@pytest.mark.parametrize(
    "decklist",
    [f"{HUGE} Sol Ring\n1 Forest\n", f"Count,Name\n{HUGE},Sol Ring\n1,Forest\n"],
    ids=["text", "csv"],
)
def test_an_import_with_a_quantity_of_thousands_of_digits_reads_the_other_lines(player, decklist):
    token = player["deck"].token
    answer = Client().post(
        f"/api/decks/{token}/import",
        {"text": decklist},
        content_type="application/json",
        headers={"Authorization": f"Bearer {player['secret']}"},
    )
    assert answer.status_code == 200, answer.content[:300]
    body = answer.json()
    assert body["ok"] is False
    assert any("is not a quantity between 1 and" in e for e in body["errors"]), body["errors"]
    assert all(len(e) < 400 for e in body["errors"])
    assert _deck_contents(player["deck"])[0] == [("Forest", 1)]
    page = player["client"].post(f"/decks/{token}/import/", {"decklist": decklist}, follow=True)
    assert page.status_code == 200
    assert "is not a quantity between 1 and" in page.content.decode()


def test_the_add_box_with_a_quantity_of_thousands_of_digits_says_so(player):
    token = player["deck"].token
    for data in ({"name": f"{HUGE} Sol Ring"}, {"name": "Sol Ring", "quantity": HUGE}):
        page = player["client"].post(f"/decks/{token}/cards/", data, follow=True)
        assert page.status_code == 200
        assert "A quantity is between 0 and" in page.content.decode() or "is not a number" in page.content.decode()
    assert _deck_contents(player["deck"]) == ([], [])


def test_a_csv_field_over_the_csv_limit_refuses_the_import_and_stores_nothing(player):
    token = player["deck"].token
    player["client"].post(f"/decks/{token}/cards/", {"name": "Forest"})
    before = _deck_contents(player["deck"])
    decklist = f"Count,Name,Tags\n1,Sol Ring,{LONG_FIELD}\n1,Island,\n"
    answer = Client().post(
        f"/api/decks/{token}/import",
        {"text": decklist},
        content_type="application/json",
        headers={"Authorization": f"Bearer {player['secret']}"},
    )
    assert answer.status_code == 413, answer.content[:300]
    assert answer.json()["object"] == "error" and "131,072 characters" in answer.json()["details"]
    page = player["client"].post(f"/decks/{token}/import/", {"decklist": decklist})
    assert page.status_code == 413
    assert "131,072 characters" in page.content.decode()
    stray_quote = f'Count,Name\n1,Sol "Ring {LONG_FIELD}\n'  # read again leniently: refused the same
    assert player["client"].post(f"/decks/{token}/import/", {"decklist": stray_quote}).status_code == 413
    assert _deck_contents(player["deck"]) == before
