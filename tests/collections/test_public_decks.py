"""Public decks can be browsed without an account; unlisted and private ones never appear."""

import pytest
from django.contrib.auth import get_user_model

from tolaria.site.collections import services as svc

pytestmark = pytest.mark.django_db


@pytest.fixture
def decks():
    owner = get_user_model().objects.create_user("brewer", password="a long passphrase 3")
    krenko = svc.resolve_card("Krenko, Mob Boss")
    bolt = svc.resolve_card("Lightning Bolt")
    public = svc.create_deck(owner, "Goblin Rush", "commander", card=krenko, visibility="public")
    burn = svc.create_deck(owner, "Burn", "modern", card=bolt, visibility="public")
    hidden = svc.create_deck(owner, "Secret Tech", "commander", card=krenko, visibility="unlisted")
    private = svc.create_deck(owner, "My Private Brew", "modern", card=bolt)
    return public, burn, hidden, private


def test_anyone_can_browse_public_decks_only(client, decks):
    html = client.get("/decks/public/").content.decode()
    assert "Goblin Rush" in html and "Burn" in html
    assert "Secret Tech" not in html and "My Private Brew" not in html


def test_filter_by_format_and_by_card(client, decks):
    by_format = client.get("/decks/public/", {"format": "modern"}).content.decode()
    assert "Burn" in by_format and "Goblin Rush" not in by_format
    by_card = client.get("/decks/public/", {"card": "Krenko, Mob Boss"}).content.decode()
    assert "Goblin Rush" in by_card and "Burn" not in by_card and "Secret Tech" not in by_card
    assert "No card is named" in client.get("/decks/public/", {"card": "Krenkoo"}).content.decode()
