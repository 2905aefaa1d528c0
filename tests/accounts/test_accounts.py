"""Accounts: sign up, log in with throttling, passwords, export, deletion."""

import json
import re

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.cache.backends.filebased import FileBasedCache
from django.test import Client
from django.urls import reverse

from tolaria.site.accounts import throttle
from tolaria.site.accounts.models import ApiToken
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import CardList, Deck, DeckCard, ListItem

BOLT = "4457ed35-7c10-48c8-9776-456485fdf070"
PASSWORD = "correct horse battery"
pytestmark = pytest.mark.django_db
User = get_user_model()


@pytest.fixture
def alice():
    return User.objects.create_user("alice", "alice@example.com", PASSWORD)


def test_urls():
    assert reverse("accounts:login") == "/accounts/login/"
    assert reverse("accounts:signup") == "/accounts/signup/"


def test_signup_logs_in_and_hashes_with_argon2(client):
    response = client.post(
        reverse("accounts:signup"),
        {
            "username": "newbie",
            "email": "n@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
            "next": "/lists/",
        },
    )
    assert response.status_code == 302 and response["Location"] == "/lists/"
    user = User.objects.get(username="newbie")
    assert user.password.startswith("argon2")
    assert client.get(reverse("accounts:account")).status_code == 200


def test_signup_rejects_weak_password(client):
    response = client.post(
        reverse("accounts:signup"), {"username": "weak", "password1": "12345678", "password2": "12345678"}
    )
    assert response.status_code == 200 and "too common" in response.content.decode()
    assert not User.objects.filter(username="weak").exists()


def test_signup_refuses_offsite_next(client):
    response = client.post(
        reverse("accounts:signup"),
        {"username": "x1", "password1": PASSWORD, "password2": PASSWORD, "next": "https://evil.example/"},
    )
    assert response["Location"] == "/"


def test_login_and_logout(client, alice):
    response = client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD, "next": "/decks/"})
    assert response.status_code == 302 and response["Location"] == "/decks/"
    assert client.post(reverse("accounts:logout")).status_code == 302
    assert client.get(reverse("accounts:account")).status_code == 302


def test_success_resets_the_failure_count(client, alice):
    for _ in range(4):
        client.post(reverse("accounts:login"), {"username": "alice", "password": "wrong"})
    assert client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD}).status_code == 302
    client.post(reverse("accounts:logout"))
    for _ in range(4):
        client.post(reverse("accounts:login"), {"username": "alice", "password": "wrong"})
    assert client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD}).status_code == 302


def test_login_needs_csrf(alice):
    client = Client(enforce_csrf_checks=True)
    assert client.post(reverse("accounts:login"), {"username": "alice", "password": PASSWORD}).status_code == 403


def test_change_password(client, alice):
    client.force_login(alice)
    response = client.post(
        reverse("accounts:password_change"),
        {"old_password": PASSWORD, "new_password1": "another fine pass 9", "new_password2": "another fine pass 9"},
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another fine pass 9")
    assert client.get(reverse("accounts:account")).status_code == 200  # still logged in


def test_reset_password_by_email(client, alice):
    response = client.post(reverse("accounts:password_reset"), {"email": "alice@example.com"})
    assert response.status_code == 302 and len(mail.outbox) == 1
    link = re.search(r"https?://[^/]+(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]  # Django swaps the token for a session marker
    response = client.post(form_url, {"new_password1": "brand new secret 42", "new_password2": "brand new secret 42"})
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("brand new secret 42")
    # unknown addresses get the same answer and no mail
    client.post(reverse("accounts:password_reset"), {"email": "nobody@example.com"})
    assert len(mail.outbox) == 1


def test_api_token_page_shows_the_secret_once(client, alice):
    client.force_login(alice)
    client.post(reverse("accounts:token_create"), {"name": "deck sync"})
    html = client.get(reverse("accounts:account")).content.decode()
    secret = re.search(r'<code id="new-token">([^<]+)</code>', html).group(1)
    assert ApiToken.user_for(secret) == alice
    assert secret not in client.get(reverse("accounts:account")).content.decode()
    row = alice.api_tokens.get()
    client.post(reverse("accounts:token_delete", args=[row.pk]))
    assert ApiToken.user_for(secret) is None


def test_other_users_token_cannot_be_revoked(client, alice):
    bob = User.objects.create_user("bob", password=PASSWORD)
    row, _ = ApiToken.issue(bob, "bob's")
    client.force_login(alice)
    assert client.post(reverse("accounts:token_delete", args=[row.pk])).status_code == 404
    assert ApiToken.objects.filter(pk=row.pk).exists()


def test_export_my_data(client, alice):
    svc.save_card(alice, BOLT, new_list="Burn")
    deck = svc.create_deck(alice, "Bolt deck", "modern")
    svc.add_card(deck, svc.resolve_card("Lightning Bolt"), 4)
    ApiToken.issue(alice, "script")
    client.force_login(alice)
    response = client.get(reverse("accounts:export"))
    assert response["Content-Type"].startswith("application/json") and "attachment" in response["Content-Disposition"]
    data = json.loads(response.content)
    assert data["account"]["username"] == "alice"
    assert data["lists"][0]["name"] == "Burn" and data["lists"][0]["cards"][0]["name"] == "Lightning Bolt"
    assert data["decks"][0]["cards"][0] == {
        "name": "Lightning Bolt",
        "oracle_id": BOLT,
        "printing_id": None,
        "zone": "main",
        "quantity": 4,
    }
    assert data["api_tokens"][0]["name"] == "script" and "token_hash" not in json.dumps(data)


def test_delete_account_deletes_its_data(client, alice):
    bob = User.objects.create_user("bob", password=PASSWORD)
    svc.save_card(alice, BOLT)
    svc.add_card(svc.create_deck(alice, "D", "modern"), svc.resolve_card("Lightning Bolt"), 4)
    svc.save_card(bob, BOLT)
    ApiToken.issue(alice, "script")
    client.force_login(alice)
    assert client.post(reverse("accounts:delete"), {"password": "wrong"}).status_code == 200
    assert User.objects.filter(username="alice").exists()
    response = client.post(reverse("accounts:delete"), {"password": PASSWORD})
    assert response.status_code == 302
    assert not User.objects.filter(username="alice").exists()
    assert CardList.objects.filter(owner=bob).count() == 1 and CardList.objects.count() == 1
    assert ListItem.objects.count() == 1 and not Deck.objects.exists() and not DeckCard.objects.exists()
    assert not ApiToken.objects.exists()
    assert client.get(reverse("accounts:account")).status_code == 302  # logged out


def test_account_pages_need_login(client):
    for name in ("account", "export", "delete", "password_change"):
        response = client.get(reverse(f"accounts:{name}"))
        assert response.status_code == 302 and response["Location"].startswith("/accounts/login/?next="), name


def test_failure_counts_are_shared_by_every_worker_process():
    """The counts live in the cache the settings name (files in the data dir, or Redis), not in one
    process's memory: another process — here a second cache object on the same location — sees them."""

    assert settings.CACHES["default"]["BACKEND"].endswith(("FileBasedCache", "RedisCache"))
    for _ in range(throttle.ACCOUNT_FREE_FAILURES):
        throttle.record_failure(None, "someone")
    other_worker = FileBasedCache(settings.CACHES["default"]["LOCATION"], {})
    assert other_worker.get(throttle._account_key("someone"))["count"] == throttle.ACCOUNT_FREE_FAILURES
