"""Saving tells where the card went (issue 30 item 4): the card page names the lists holding the card
and how many copies; a second save from a page that did not know says so instead of adding a copy;
"Add another copy" adds one."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import SHOTS
from .test_accounts_browser import _deferred_test_transaction  # noqa: F401  (the pages write)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


def test_save_shows_where_and_a_second_save_says_so(page, shot):
    page.goto("/accounts/signup/")
    page.fill("#id_username", f"saver{page.width}")
    page.fill("#id_password1", "a long enough secret 7")
    page.fill("#id_password2", "a long enough secret 7")
    page.locator("#id_password2").press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)
    page.goto('/search?q=!"Lightning Bolt"')
    page.wait_for_url(re.compile(r"/card/"))
    card = page.url
    stale = page.context.new_page()  # a second tab, opened before the save: it still offers "Save this card"
    stale.goto(card)

    actions = page.get_by_role("region", name="Lists and decks")
    expect(actions).not_to_contain_text("Saved in")
    page.get_by_role("button", name="Save this card").click()
    expect(page.locator(".messages")).to_contain_text("Saved Lightning Bolt to “Saved cards” (1 there now).")
    expect(actions.locator(".saved-in")).to_have_text("Saved in Saved cards (1 copy).")
    expect(actions.get_by_role("link", name="Saved cards")).to_have_attribute("href", re.compile(r"^/lists/"))
    expect(page.get_by_role("button", name="Save this card")).to_have_count(0)
    shot("card-saved")

    stale.get_by_role("button", name="Save this card").click()
    expect(stale.locator(".messages")).to_contain_text(
        "Lightning Bolt is already in “Saved cards” (1 copy): nothing was added."
    )
    expect(stale.locator(".saved-in")).to_have_text("Saved in Saved cards (1 copy).")
    stale.screenshot(path=str(_shots() / f"card-saved-again-{page.width}.png"), full_page=True)

    page.get_by_role("button", name="Add another copy").click()
    expect(page.locator(".messages")).to_contain_text("(2 there now)")
    expect(actions.locator(".saved-in")).to_have_text("Saved in Saved cards (2 copies).")
    stale.close()


def _shots():
    SHOTS.mkdir(parents=True, exist_ok=True)
    return SHOTS
