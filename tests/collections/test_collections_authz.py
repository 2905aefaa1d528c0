"""Who may do what: every page and API endpoint of lists and decks, for the owner, another user and an
anonymous visitor, over a private list and deck. Private things answer 404 to everyone but the owner
(their existence is not revealed); writes by anonymous visitors go to the login page (pages) or 401 (API)."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from tolaria.site.accounts.models import ApiToken
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import CardList, Deck

BOLT = "4457ed35-7c10-48c8-9776-456485fdf070"

OWNER, OTHER, ANON = "owner", "other", "anon"


def page(name, *, method="get", data=None, owner=200, other=404, anon=404, changes=True):
    return {
        "kind": "page",
        "name": name,
        "method": method,
        "data": data or {},
        OWNER: owner,
        OTHER: other,
        ANON: anon,
        "changes": changes,
    }


def endpoint(path, *, method="get", data=None, owner=200, other=404, anon=404, changes=True):
    return {
        "kind": "api",
        "path": path,
        "method": method,
        "data": data,
        OWNER: owner,
        OTHER: other,
        ANON: anon,
        "changes": changes,
    }


W = dict(owner=302, other=404, anon=302)  # page writes
AW = dict(owner=200, other=404, anon=401)  # API writes

TABLE = [
    page("collections:lists", owner=200, other=200, anon=302, changes=False),
    page("collections:decks", owner=200, other=200, anon=302, changes=False),
    page("collections:list_detail", changes=False),
    page("collections:list_export", changes=False),
    page("collections:list_edit", method="post", data={"name": "Renamed", "visibility": "public"}, **W),
    page("collections:list_item", method="post", data={"quantity": "7"}, **W),
    page("collections:list_delete", method="post", **W),
    page("collections:deck_detail", changes=False),
    page("collections:deck_export", changes=False),
    page(
        "collections:deck_edit",
        method="post",
        data={"name": "Renamed", "format": "legacy", "visibility": "public"},
        **W,
    ),
    page("collections:deck_add", method="post", data={"name": "Sol Ring", "quantity": "1"}, **W),
    page("collections:deck_card", method="post", data={"zone": "sideboard", "quantity": "2"}, **W),
    page("collections:deck_import", method="post", data={"decklist": "2 Sol Ring"}, **W),
    page("collections:deck_delete", method="post", **W),
    endpoint("/api/lists", owner=200, other=200, anon=401, changes=False),
    endpoint("/api/decks", owner=200, other=200, anon=401, changes=False),
    endpoint("/api/lists/{list}", changes=False),
    endpoint("/api/lists/{list}/export", changes=False),
    endpoint("/api/lists/{list}", method="patch", data={"name": "Renamed"}, **AW),
    endpoint("/api/lists/{list}/cards", method="post", data={"card": "Sol Ring"}, **AW),
    endpoint("/api/lists/{list}/cards/{item}", method="delete", **{**AW, "owner": 204}),
    endpoint("/api/lists/{list}", method="delete", **{**AW, "owner": 204}),
    endpoint("/api/decks/{deck}", changes=False),
    endpoint("/api/decks/{deck}/export", changes=False),
    endpoint("/api/decks/{deck}", method="patch", data={"name": "Renamed"}, **AW),
    endpoint("/api/decks/{deck}/cards", method="post", data={"card": "Sol Ring"}, **AW),
    endpoint("/api/decks/{deck}/cards/{row}", method="patch", data={"zone": "sideboard"}, **AW),
    endpoint("/api/decks/{deck}/cards/{row}", method="delete", **{**AW, "owner": 204}),
    endpoint("/api/decks/{deck}/import", method="post", data={"text": "1 Sol Ring"}, **AW),
    endpoint("/api/decks/{deck}", method="delete", **{**AW, "owner": 204}),
]


def _id(row):
    return f"{row['method']} {row.get('name') or row['path']}"


def snapshot(card_list, deck):
    return (
        list(CardList.objects.filter(pk=card_list.pk).values_list("name", "visibility")),
        sorted(card_list.items.values_list("oracle_id", "quantity"))
        if CardList.objects.filter(pk=card_list.pk).exists()
        else None,
        list(Deck.objects.filter(pk=deck.pk).values_list("name", "format", "visibility")),
        sorted(deck.cards.values_list("oracle_id", "zone", "quantity"))
        if Deck.objects.filter(pk=deck.pk).exists()
        else None,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("actor", [OWNER, OTHER, ANON])
@pytest.mark.parametrize("row", TABLE, ids=[_id(r) for r in TABLE])
def test_authorization_matrix(row, actor, django_user_model):
    owner = django_user_model.objects.create_user("owner", password="pw-owner-123!")
    other = django_user_model.objects.create_user("other", password="pw-other-123!")
    card_list, item = svc.save_card(owner, BOLT, new_list="Private list")
    deck = svc.create_deck(owner, "Private deck", "modern")
    deck_row = svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)
    assert card_list.visibility == deck.visibility == "private"
    before = snapshot(card_list, deck)

    client = Client()
    headers = {}
    user = {OWNER: owner, OTHER: other}.get(actor)
    if row["kind"] == "page":
        if user:
            client.force_login(user)
        kwargs = {
            "collections:list_item": [card_list.token, item.pk],
            "collections:deck_card": [deck.token, deck_row.pk],
        }
        args = kwargs.get(row["name"]) or (
            [card_list.token] if ":list_" in row["name"] else [deck.token] if ":deck_" in row["name"] else []
        )
        url = reverse(row["name"], args=args)
        response = getattr(client, row["method"])(url, row["data"])
    else:
        if user:
            _, secret = ApiToken.issue(user, "test")
            headers["Authorization"] = f"Bearer {secret}"
        url = row["path"].format(list=card_list.token, item=item.pk, deck=deck.token, row=deck_row.pk)
        body = json.dumps(row["data"]) if row["data"] is not None else None
        response = (
            getattr(client, row["method"])(url, body, content_type="application/json", headers=headers)
            if body
            else getattr(client, row["method"])(url, headers=headers)
        )

    assert response.status_code == row[actor], (url, response.content[:300])
    if row[actor] == 302:
        if actor == ANON:
            assert response["Location"].startswith("/accounts/login/?next=")
    if actor != OWNER or not row["changes"]:
        assert snapshot(card_list, deck) == before
    else:
        assert snapshot(card_list, deck) != before


@pytest.mark.django_db
@pytest.mark.parametrize("visibility,expected", [("private", 404), ("unlisted", 200), ("public", 200)])
def test_visibility_for_strangers(visibility, expected, django_user_model):
    owner = django_user_model.objects.create_user("owner2", password="pw-owner-123!")
    card_list, _ = svc.save_card(owner, BOLT, new_list="L")
    deck = svc.create_deck(owner, "D", "modern", visibility=visibility)
    CardList.objects.filter(pk=card_list.pk).update(visibility=visibility)
    anon = Client()
    assert anon.get(reverse("collections:list_detail", args=[card_list.token])).status_code == expected
    assert anon.get(reverse("collections:deck_detail", args=[deck.token])).status_code == expected
    assert anon.get(f"/api/decks/{deck.token}").status_code == expected
    assert anon.get(f"/api/lists/{card_list.token}").status_code == expected


@pytest.mark.django_db
def test_list_search_only_sees_ones_own_lists(django_user_model):
    owner = django_user_model.objects.create_user("owner3", password="pw-owner-123!")
    other = django_user_model.objects.create_user("other3", password="pw-other-123!")
    svc.save_card(owner, BOLT, new_list="Secret")
    assert svc.list_oracle_ids(owner, "Secret") == {BOLT}
    assert svc.list_oracle_ids(other, "Secret") == set()
