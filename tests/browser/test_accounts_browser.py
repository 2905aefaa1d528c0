"""A new player signs up, saves a card, starts a deck from a card, imports a decklist and reads the
validation and the mana curve — in a real browser."""

from __future__ import annotations

import re
import threading

import pytest
from django.db.backends.sqlite3.base import DatabaseWrapper
from playwright.sync_api import expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


@pytest.fixture(scope="module", autouse=True)
def _deferred_test_transaction():
    """This test's pages write (sign up, save, import). The test thread's wrapping transaction must not
    take SQLite's write lock up front (the site's BEGIN IMMEDIATE would), or the live server's
    connection to the shared in-memory database gets "database table is locked". The test thread
    itself never touches the database, so a deferred BEGIN there takes no lock at all."""

    original = DatabaseWrapper._start_transaction_under_autocommit
    main = threading.main_thread()

    def start(self):
        if threading.current_thread() is main:
            self.cursor().execute("BEGIN")
        else:
            original(self)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(DatabaseWrapper, "_start_transaction_under_autocommit", start)
        yield


BOLT = "4457ed35-7c10-48c8-9776-456485fdf070"
KRENKO = "68418069-f615-40ef-ae0d-764192acae00"


def test_sign_up_save_a_card_and_build_a_deck(page, shot):
    username = f"player{page.width}"
    page.goto("/accounts/signup/")
    page.locator("#id_username").fill(username)
    page.locator("#id_password1").fill("a long enough secret 7")
    page.locator("#id_password2").fill("a long enough secret 7")
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(re.compile(r"/$"))

    # Save this card, from the card page
    page.goto(f"/card/{BOLT}")
    page.get_by_role("button", name="Save this card").click()
    page.wait_for_load_state()
    page.goto("/lists/")
    page.get_by_role("link", name="Saved cards").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Saved cards"
    assert page.get_by_role("link", name="Lightning Bolt").is_visible()
    shot("list-saved-cards")

    # Start a deck with this card: Krenko can be the commander
    page.goto(f"/card/{KRENKO}")
    page.get_by_role("link", name="Start a deck with this card").click()
    page.wait_for_url(re.compile(r"/decks/new/\?card="))
    assert page.locator("#deck-format").input_value() == "commander"
    page.get_by_role("button", name="Create deck").click()
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    assert page.get_by_role("heading", level=1).inner_text() == "Krenko, Mob Boss deck"
    assert "needs" not in page.locator(".validation").inner_text()
    assert "exactly 100 cards including its commander; this one has 1" in page.locator(".validation").inner_text()

    # An import with a typo is not rejected: the Mountains go in, the typo waits with the right name suggested
    page.get_by_role("textbox", name="Decklist").fill("1 Lightnig Bolt\n98 Mountain\n")
    page.get_by_role("button", name="Import").click()
    page.wait_for_load_state()
    assert "from a plain list." in page.locator(".messages").inner_text()
    assert "Not found (1)" in page.locator(".deck-cards").inner_text()
    assert page.get_by_role("combobox", name="Did you mean").input_value() == "Lightning Bolt"

    # Picking the suggestion adds it; the deck is legal and the curve is drawn
    page.get_by_role("button", name="Use this card").click()
    expect(page.locator(".validation-summary")).to_have_text("This deck is legal in Commander.")
    curve = page.locator("svg.mana-curve")
    assert curve.is_visible()
    assert "1: 1" in curve.get_attribute("aria-label") and "4: 1" in curve.get_attribute("aria-label")
    shot("deck-legal")

    # One card too many: the deck says so in words
    page.get_by_role("combobox", name="Card name").fill("Sol Ring")
    page.locator("form.add-card").get_by_role("button", name="Add").click()
    expect(page.locator(".validation")).to_contain_text("this one has 101")
    shot("deck-too-big")
