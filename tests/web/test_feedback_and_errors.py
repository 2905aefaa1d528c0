"""Feedback on every page, the account's places in the header, the pending save completed after the
login it asked for, and styled 404 / 500 pages with a way forward (issue 17)."""

import re

import pytest
from django.test import Client
from django.urls import path

from tolaria.site import urls as site_urls
from tolaria.site.catalog import models as m
from tolaria.site.collections.models import CardList

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery"


@pytest.fixture
def alice(django_user_model):
    return django_user_model.objects.create_user(username="alice", password=PASSWORD, email="alice@example.com")


def _bolt():
    return m.OracleCard.objects.get(name="Lightning Bolt")


def _card_url(client):
    return client.get(f"/card/{_bolt().oracle_id}")["Location"]


def test_logged_in_header_has_lists_decks_account_and_a_modest_log_out(client, alice):
    client.force_login(alice)
    page = client.get("/").content.decode()
    header = page[page.index("<header") : page.index("</header>")]
    for label, href in (("My lists", "/lists/"), ("My decks", "/decks/"), ("Account", "/accounts/")):
        assert f'href="{href}"' in header and label in header
    assert re.search(
        r'<form class="inline logout" method="post" action="/accounts/logout/">.*class="link">Log out<', header
    )
    assert "Log in" not in header


def test_logged_out_header_offers_log_in_back_to_the_page_and_sign_up(client):
    page = client.get("/rules/").content.decode()
    header = page[page.index("<header") : page.index("</header>")]
    assert 'href="/accounts/login/?next=/rules/"' in header and 'href="/accounts/signup/"' in header


def test_saving_a_card_shows_its_message_on_the_card_page(client, alice):
    client.force_login(alice)
    url = _card_url(client)
    card = _bolt()
    response = client.post("/save/", {"card": card.oracle_id, "next": url}, follow=True)
    assert response.redirect_chain[-1][0] == url
    assert re.search(r'class="messages".*Saved Lightning Bolt to', response.content.decode(), re.S)
    # shown once, then gone
    assert "Saved Lightning Bolt" not in client.get(url).content.decode()


def test_save_while_logged_out_is_completed_by_the_login_it_asked_for(client, alice):
    url = _card_url(client)
    card = _bolt()
    page = client.get(url).content.decode()
    assert 'action="/save/"' in page  # the same form for everyone: the click is kept
    asked = client.post("/save/", {"card": card.oracle_id, "next": url})
    assert asked.status_code == 302 and asked["Location"].startswith("/accounts/login/?next=")
    login_page = client.get(asked["Location"]).content.decode()
    assert "saved as soon as you are in" in login_page
    done = client.post(asked["Location"], {"username": "alice", "password": PASSWORD, "next": url}, follow=True)
    assert done.redirect_chain[-1][0] == url
    body = done.content.decode()
    assert "Saved Lightning Bolt to" in body and "You are logged in as alice" in body

    assert CardList.objects.get(owner=alice, is_default=True).items.filter(oracle_id=card.oracle_id).exists()


def test_sign_up_completes_the_pending_save_too(client):
    url = _card_url(client)
    card = _bolt()
    client.post("/save/", {"card": card.oracle_id, "next": url})
    form = {"username": "newbie", "email": "n@example.com", "password1": PASSWORD, "password2": PASSWORD, "next": url}
    done = client.post("/accounts/signup/", form, follow=True)
    body = done.content.decode()
    assert "Welcome, newbie" in body and "Saved Lightning Bolt to" in body


def test_start_a_deck_logged_out_returns_to_the_deck_form_with_the_card(client, alice):
    card = _bolt()
    asked = client.get(f"/decks/new/?card={card.oracle_id}")
    assert asked.status_code == 302
    done = client.post(asked["Location"], {"username": "alice", "password": PASSWORD}, follow=True)
    assert done.redirect_chain[-1][0] == f"/decks/new/?card={card.oracle_id}"
    assert "Lightning Bolt" in done.content.decode()


def _styled(body: str) -> bool:
    return "/static/web/site.css" in body and 'class="site-header"' in body and 'action="/search"' in body


def test_unknown_card_url_is_a_styled_404_with_the_nearest_names(client):
    response = client.get("/card/zzz/99999/lightnin-bolt")
    body = response.content.decode()
    assert response.status_code == 404 and _styled(body)
    assert "No such card" in body and "Lightning Bolt" in body


def test_unknown_card_id_deck_and_list_are_styled_404s(client, alice):
    for url, heading in (
        ("/card/00000000-0000-0000-0000-000000000000", "No such card"),
        ("/decks/not-a-deck/", "No such deck"),
        ("/lists/not-a-list/", "No such list"),
        ("/no/such/page", "There is nothing at this address"),
    ):
        client.force_login(alice)
        response = client.get(url)
        assert response.status_code == 404, url
        assert _styled(response.content.decode()) and heading in response.content.decode(), url


def test_api_404_stays_json(client):
    response = client.get("/api/no-such-route")
    assert response.status_code == 404 and response["Content-Type"].startswith("application/json")


def test_server_error_page_is_styled_with_a_search_box(settings):
    def boom(request):
        raise RuntimeError("boom")

    urlconf = type("U", (), {"urlpatterns": [path("boom", boom)], "handler500": site_urls.handler500})
    settings.ROOT_URLCONF = urlconf
    response = Client(raise_request_exception=False).get("/boom")
    body = response.content.decode()
    assert response.status_code == 500 and _styled(body) and "Something went wrong" in body


def test_log_out_says_so(client, alice):
    client.force_login(alice)
    done = client.post("/accounts/logout/", follow=True)
    assert "You are logged out." in done.content.decode() and "Log in" in done.content.decode()
