"""A new player's first ten minutes, in a real browser: the home page, a search, a card, "Save this
card" (which asks to sign up and then saves), a deck started from the card, log out, a mistyped card
address. Fails on any console error, failed request, missing message or un-styled error page.

Screenshots of every step are kept under <data dir>/screenshots/first-ten-minutes/ (printed)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from .test_accounts_browser import _deferred_test_transaction  # noqa: F401  (the writes need it)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]
PASSWORD = "a long enough secret 7"


@pytest.fixture
def steps(page):
    """shot(n, name): a full-page screenshot; the page's console errors and failed requests are kept."""
    folder = Path(os.environ.get("TOLARIA_DATA_DIR", "/tmp")) / "screenshots" / "first-ten-minutes"
    folder.mkdir(parents=True, exist_ok=True)
    problems: list[str] = []

    def console(m):
        # Chromium logs the expected 404 answer of the mistyped card address as a console error too
        if m.type == "error" and "/card/zzz/" not in (m.location or {}).get("url", ""):
            problems.append(f"console {m.type}: {m.text} ({(m.location or {}).get('url', '')})")

    page.on("console", console)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"request failed: {r.url} {r.failure}"))

    def bad_response(r):
        # the one expected error answer is the 404 page of the mistyped card address itself
        if r.status >= 400 and not (r.status == 404 and "/card/zzz/" in r.url):
            problems.append(f"HTTP {r.status}: {r.url}")

    page.on("response", bad_response)
    taken: list[Path] = []

    def shot(name: str) -> Path:
        path = folder / f"{len(taken) + 1:02d}-{name}-{page.width}.png"
        page.screenshot(path=str(path), full_page=True)
        taken.append(path)
        return path

    yield shot
    print(f"\nscreenshots of the first ten minutes ({page.width} px): {folder}")
    assert not problems, problems


def message(page) -> str:
    box = page.locator(".messages")
    assert box.count() == 1 and box.is_visible(), f"no message on {page.url}"
    return box.inner_text()


def styled(page) -> None:
    """The site's stylesheet is applied: the header is a flex row and the body has the site's font."""
    assert page.locator("header.site-header").evaluate("e => getComputedStyle(e).display") == "flex"
    assert "system-ui" in page.locator("body").evaluate("e => getComputedStyle(e).fontFamily")


def test_a_new_players_first_ten_minutes(page, steps):
    username = f"newplayer{page.width}"

    page.goto("/")
    styled(page)
    assert re.search(r"\d{1,3}(,\d{3})* cards", page.locator(".counts").inner_text())
    steps("home")

    page.locator("#home-q").fill("t:creature o:trample c:r")
    page.locator("#home-q").press("Enter")
    page.wait_for_url(re.compile(r"/search\?q="))
    assert re.search(r"\d+ cards?", page.locator(".explanation").inner_text())
    first_image = page.locator(".card-grid [data-card-image]").first
    first_image.wait_for()
    page.wait_for_function("b => b.classList.contains('image-loaded')", arg=first_image.element_handle())
    steps("search-results")

    page.locator("main a[href^='/card/']").first.click()
    page.wait_for_url(re.compile(r"/card/[^/]+/[^/]+/"))
    card_url = page.url
    card_name = page.locator("h1.card-title").inner_text()
    styled(page)
    image = page.locator("#card-images [data-card-image]").first  # every card shows as a card (issue 30)
    page.wait_for_function("b => b.classList.contains('image-loaded')", arg=image.element_handle())
    similar = page.locator("section.similar .similar-list li")
    assert similar.count() >= 1 and similar.first.locator("a").is_visible()  # looked up, not computed
    steps("card-page")

    # Save this card, logged out: asked to log in or sign up, with a word why
    page.get_by_role("button", name="Save this card").click()
    page.wait_for_url(re.compile(r"/accounts/login/"))
    assert "saved as soon as you are in" in message(page)
    steps("asked-to-log-in")
    page.get_by_role("link", name="Sign up", exact=True).last.click()
    page.wait_for_url(re.compile(r"/accounts/signup/"))
    page.locator("#id_username").fill(username)
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.get_by_role("button", name="Create account").click()
    page.wait_for_url(card_url)
    said = message(page)
    assert f"Welcome, {username}" in said and f"Saved {card_name} to" in said
    header = page.locator("header.site-header")
    for place in ("My lists", "My decks", "Account"):
        assert header.get_by_role("link", name=place).is_visible()
    assert header.get_by_role("button", name="Log out").is_visible()
    assert page.locator(".saved-in").inner_text() == "Saved in Saved cards (1 copy)."  # where it went
    steps("signed-up-and-saved")

    page.get_by_role("link", name="My lists").click()
    page.get_by_role("link", name="Saved cards").click()
    assert page.get_by_role("link", name=card_name).is_visible()
    steps("saved-in-list")

    page.goto(card_url)
    page.get_by_role("link", name="Start a deck with this card").click()
    page.wait_for_url(re.compile(r"/decks/new/\?card="))
    steps("start-a-deck")
    page.get_by_role("button", name="Create deck").click()
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    assert f"with {card_name}" in message(page)
    steps("deck-started")

    page.locator("header.site-header").get_by_role("button", name="Log out").click()
    page.wait_for_url(re.compile(r"/$"))  # LOGOUT_REDIRECT_URL
    assert "You are logged out." in message(page)
    assert page.locator("header.site-header").get_by_role("link", name="Log in").is_visible()
    steps("logged-out")

    page.goto("/card/zzz/1/" + card_name.lower().replace(" ", "-")[:-1])
    styled(page)
    assert page.get_by_role("heading", level=1).inner_text() == "No such card"
    assert page.locator(".nearest").get_by_role("link", name=card_name).is_visible()
    assert page.locator(".error-page input[type=search]").is_visible()
    steps("unknown-card-404")
