"""in:list/NAME searches within the searching user's own lists, on the page and through the API."""

import pytest
from django.contrib.auth import get_user_model
from django.test import RequestFactory

from tolaria.site.accounts.models import ApiToken
from tolaria.site.api.http import _validator
from tolaria.site.catalog.services import find_card
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def burn_list():
    owner = get_user_model().objects.create_user("lister", password="a long passphrase 1")
    bolt, _ = find_card("Lightning Bolt")
    card_list = svc.create_list(owner, "Burn Pile")
    svc.save_card(owner, bolt.oracle_id, list_id=card_list.pk)
    return owner, bolt


def test_the_search_page_finds_the_cards_of_my_list(client, burn_list):
    owner, bolt = burn_list
    client.force_login(owner)
    page = client.get("/search", {"q": 'in:"list/Burn Pile"', "redirect": "no"})
    assert page.status_code == 200
    assert "Lightning Bolt" in page.content.decode() and "1 card" in page.content.decode()


def test_another_user_cannot_search_my_private_list(client, burn_list):
    other = get_user_model().objects.create_user("snoop", password="a long passphrase 2")
    client.force_login(other)
    page = client.get("/search", {"q": 'in:"list/Burn Pile"', "redirect": "no"})
    assert "Lightning Bolt" not in page.content.decode()
    assert "no list named" in page.content.decode()


def test_the_api_searches_a_token_owners_list(client, burn_list):
    owner, bolt = burn_list
    _, secret = ApiToken.issue(owner, "script")
    found = client.get("/api/cards/search", {"q": 'in:"list/Burn Pile"'}, HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert found.status_code == 200
    assert [c["name"] for c in found.json()["data"]] == ["Lightning Bolt"]
    anonymous = client.get("/api/cards/search", {"q": 'in:"list/Burn Pile" t:instant'})
    assert any("log in" in w for w in anonymous.json().get("warnings", []))


def test_a_search_made_with_credentials_is_never_shared_nor_answered_304(client, burn_list):
    """RFC 9111 3.5: `public` lets a shared cache store and serve an answer to a request that carried
    Authorization, and the answer to in:list depends on the caller; so a search with a token or a
    session is private, and its validators are not offered (a 304 would hand back a list's old cards)."""
    owner, bolt = burn_list
    _, secret = ApiToken.issue(owner, "script")
    token = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    query = {"q": 'in:"list/Burn Pile"'}
    found = client.get("/api/cards/search", query, **token)
    assert found.status_code == 200
    assert found["Cache-Control"] == "private, no-cache" and not found.has_header("ETag")
    assert "Authorization" in found["Vary"] and "Cookie" in found["Vary"]
    # the tag an anonymous answer of this URL would carry (the URL and the corpus version make it)

    anonymous_tag, _ = _validator(RequestFactory().get("/api/cards/search", query))
    assert client.get("/api/cards/search", query, HTTP_IF_NONE_MATCH=anonymous_tag, **token).status_code == 200
    client.force_login(owner)
    by_session = client.get("/api/cards/search", query, HTTP_IF_NONE_MATCH=anonymous_tag)
    assert by_session.status_code == 200 and by_session["Cache-Control"] == "private, no-cache"
    assert [c["name"] for c in by_session.json()["data"]] == ["Lightning Bolt"]
