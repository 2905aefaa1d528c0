"""A body over Django's DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB): the deck page says so in words where the
import form is, and /api/decks/{token}/import answers Scryfall's error object (before, Django's bare
"Bad Request (400)" HTML on both)."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from tolaria.site.accounts.models import ApiToken
from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db
HUGE = "4 Lightning Bolt\n" * 200_000  # 3.4 million bytes: 3.2 MB (MiB, as Django counts its 2.5 MB)


def test_the_deck_page_says_a_huge_paste_is_too_large(alice_client, alice):
    deck = svc.create_deck(alice, "Huge", "modern")
    response = alice_client.post(reverse("collections:deck_import", args=[deck.token]), {"decklist": HUGE})
    assert response.status_code == 413
    html = response.content.decode()
    assert "Not imported." in html and "an import is at most 256 KB" in html and "The decklist sent is 3.2 MB" in html
    assert f'action="{reverse("collections:deck_import", args=[deck.token])}"' in html  # the form, to try again
    assert not deck.cards.exists()


def test_another_page_says_a_huge_form_is_too_large(alice_client, alice):
    response = alice_client.post(reverse("collections:list_create"), {"name": "x", "notes": "y" * 3_000_000})
    assert response.status_code == 413
    assert "is 2.9 MB; the site takes at most 2.5 MB" in response.content.decode()


def test_the_api_answers_a_huge_body_with_the_error_object(alice):
    deck = svc.create_deck(alice, "Huge", "modern")
    _, secret = ApiToken.issue(alice, "script")
    response = Client().post(
        f"/api/decks/{deck.token}/import",
        json.dumps({"text": HUGE}),
        content_type="application/json",
        headers={"Authorization": f"Bearer {secret}"},
    )
    assert response.status_code == 413
    body = response.json()
    assert body["object"] == "error" and body["code"] == "payload_too_large"
    assert "at most 2.5 MB" in body["details"]
    assert not deck.cards.exists()
