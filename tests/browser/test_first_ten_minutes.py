"""A new player's first ten minutes, in a real browser: the home page, a search, a card (its image, from
the local image host of tests/browser/image_server.py), "Save this card" (which asks to sign up and then
saves), a Legacy deck started from the card, 20 cards typed by the nicknames players type ("4 goyf",
"4 llanowar", "1 jtms", ...; each must add the card meant, and the page must say which), a decklist
imported (printings by set and number, a sideboard), the deck exported and read back with nothing lost,
log out, a mistyped card address. Fails on any console error, failed request, missing message or
un-styled error page.

Screenshots of every step (and the exported list) are kept under <data dir>/screenshots/first-ten-minutes/
(printed)."""

from __future__ import annotations

import os
import re
from collections import Counter
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tolaria.decks import parse_decklist

from .test_accounts_browser import _deferred_test_transaction  # noqa: F401  (the writes need it)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]
PASSWORD = "a long enough secret 7"

# 20 lines as players type them into the add box, each with the card it must add (every nickname from
# src/tolaria/data/card_nicknames.tsv; the quantity before or after the name, with or without an x)
TYPED = [
    ("4 goyf", "Tarmogoyf"),
    ("2 bolt", "Lightning Bolt"),
    ("4x path", "Path to Exile"),
    ("swords x4", "Swords to Plowshares"),
    ("1 jtms", "Jace, the Mind Sculptor"),
    ("4 llanowar", "Llanowar Elves"),
    ("4 sfm", "Stoneforge Mystic"),
    ("4 fow", "Force of Will"),
    ("4 bop", "Birds of Paradise"),
    ("1 jitte", "Umezawa's Jitte"),
    ("1 sylvan", "Sylvan Library"),
    ("2 twin", "Splinter Twin"),
    ("4 ste", "Sakura-Tribe Elder"),
    ("3 lotv", "Liliana of the Veil"),
    ("hoof", "Craterhoof Behemoth"),
    ("4 thalia", "Thalia, Guardian of Thraben"),
    ("4 swiftspear", "Monastery Swiftspear"),
    ("4 delver", "Delver of Secrets // Insectile Aberration"),
    ("2 tks", "Thought-Knot Seer"),
    ("4 helix", "Lightning Helix"),
]
# an MTG Arena list: printings by set and number, two more Bolts in a printing of their own (a row of their
# own, exported as such), and a sideboard: the deck is then a legal Legacy deck
IMPORTED = """Deck
4 Opt (DOM) 60
2 Counterspell (MH2) 267
2 Lightning Bolt (M10) 146
4 Daze
4 Wasteland
3 Scalding Tarn

Sideboard
2 Ponder
"""


def _quantity(line: str) -> int:
    found = re.search(r"(?:^|\s)x?(\d+)x?(?:\s|$)", line)
    return int(found.group(1)) if found else 1


def _front(name: str) -> str:
    return name.split(" // ")[0]


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

    shot.folder = folder  # type: ignore[attr-defined]
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
    page.select_option("#deck-format", "legacy")
    page.get_by_role("button", name="Create deck").click()
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    assert f"with {card_name}" in message(page)
    steps("deck-started")

    # 20 cards typed by nickname: each adds the card meant, and the page says which it took for the line
    expected: Counter[tuple[str, str]] = Counter({(card_name, "main"): 1})
    box = page.get_by_role("combobox", name="Card name")
    messages_box = page.locator("#deck-live .messages")
    for line, meant in TYPED:
        box.fill(line)
        box.press("Enter")
        quantity = _quantity(line)
        expect(messages_box).to_have_text(f"Added {quantity} {meant} for “{line}”.")
        expected[(_front(meant), "main")] += quantity
        expect(page.locator("#zone-main")).to_have_text(f"Main deck ({sum(expected.values())})")
        expect(box).to_have_value("")
    for _, meant in TYPED:
        expect(page.locator("a.card-link", has_text=meant)).to_have_count(1)
    steps("twenty-cards-typed")

    # a decklist imported: the format is named, the printings are the data's, the sideboard is a sideboard
    page.locator("#import textarea[name=decklist]").fill(IMPORTED)
    page.get_by_role("button", name="Import").click()
    page.wait_for_url(re.compile(r"/decks/[^/]+/"))
    imported = parse_decklist(IMPORTED).lines
    expect(page.locator("#deck-live .messages")).to_contain_text(
        f"Imported {sum(line.quantity for line in imported)} cards from an MTG Arena list."
    )
    for line in imported:
        expected[(line.name, line.zone)] += line.quantity
    main = sum(n for (_, zone), n in expected.items() if zone == "main")
    expect(page.locator("#zone-main")).to_have_text(f"Main deck ({main})")
    expect(page.locator("#zone-sideboard")).to_have_text("Sideboard (2)")
    expect(page.locator("tr", has=page.locator("a.card-link", has_text="Opt"))).to_contain_text("DOM 60")
    assert not page.locator("#zone-unresolved").count(), "every imported line named a card"
    expect(page.locator(".validation-summary")).to_have_text("This deck is legal in Legacy.")
    steps("decklist-imported")

    # exported (Moxfield's text) and read back: every card, quantity, zone and printing is there
    href = page.get_by_role("link", name="Moxfield", exact=True).get_attribute("href")
    answer = page.request.get(href)
    assert answer.ok, answer.status
    exported_text = answer.text()
    (steps.folder / f"deck-export-moxfield-{page.width}.txt").write_text(exported_text, encoding="utf-8")
    exported = parse_decklist(exported_text)
    assert exported.kind == "moxfield" and not exported.errors, exported.errors
    read_back: Counter[tuple[str, str]] = Counter()
    for line in exported.lines:
        read_back[(_front(line.name), line.zone)] += line.quantity
    assert read_back == expected, f"lost or changed: {expected - read_back}, gained: {read_back - expected}"
    printings = {(line.name, line.set_code, line.collector_number) for line in exported.lines}
    for line in imported:
        if line.set_code:
            assert (line.name, line.set_code, line.collector_number) in printings, line

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
