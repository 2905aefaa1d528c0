"""The deck editor in a real browser, by keyboard alone: a 100-card Commander deck is built by typing into
the add box (quantity first, "99 mountain", Enter), and legality, curve and price follow without a reload."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tolaria.site.collections import services as svc

from .conftest import SHOTS
from .test_accounts_browser import _deferred_test_transaction  # noqa: F401  (the pages write)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

KRENKO = "68418069-f615-40ef-ae0d-764192acae00"
PRICES = {"Krenko, Mob Boss": 2.0, "Mountain": 0.25, "Sol Ring": 1.5}  # USD, one price per card


@pytest.fixture
def priced(sample, monkeypatch):
    """The embedded sample has no prices, and the test thread may not write the catalog while the live
    server reads it (shared in-memory SQLite): the price source answers from PRICES instead, as in
    tests/collections/test_collections_pages.py. The live server runs in this process, so it sees it."""

    by_id = {c.oracle_id: PRICES[c.name] for c in sample.cards.values() if c.name in PRICES}
    monkeypatch.setattr(
        svc.decks, "unit_prices", lambda keys: {k: by_id.get(k[0]) for k in keys}
    )  # where the deck reads it


def keys(page, text: str) -> None:
    page.keyboard.type(text)


def test_build_a_commander_deck_by_keyboard(page, shot, priced):
    page.goto("/accounts/signup/")
    for field, text in (
        ("#id_username", f"builder{page.width}"),
        ("#id_password1", "a long enough secret 7"),
        ("#id_password2", "a long enough secret 7"),
    ):
        page.locator(field).focus()
        keys(page, text)
    page.keyboard.press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)  # the home page: signed up

    page.goto(f"/card/{KRENKO}")
    page.get_by_role("link", name="Start a deck with this card").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/decks/new/\?card="))
    page.get_by_role("button", name="Create deck").focus()
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    validation = page.locator(".validation-summary")
    expect(validation).to_contain_text("not legal in Commander")
    page.evaluate("window.__sameDocument = true")  # lost if the page reloads

    # "98 mountain" typed quantity first, Enter adds; then one Sol Ring: 100 cards with the commander
    name = page.get_by_role("combobox", name="Card name")
    name.focus()
    keys(page, "98 mountain")
    page.keyboard.press("Enter")
    expect(page.locator("#zone-main")).to_have_text("Main deck (98)")
    expect(page.get_by_role("combobox", name="Card name")).to_be_focused()  # ready for the next card
    keys(page, "Sol Ring")
    page.keyboard.press("Enter")
    expect(validation).to_have_text("This deck is legal in Commander.")
    expect(page.locator("#zone-main")).to_have_text("Main deck (99)")
    expect(page.locator("p.meta")).to_contain_text("100 cards")
    curve = page.locator("svg.mana-curve")
    expect(curve).to_have_attribute("aria-label", re.compile(r"1: 1"))  # Sol Ring
    colors = page.locator("svg.color-balance")  # Krenko's {2}{R}{R}; each Mountain a red source
    expect(colors).to_have_attribute("aria-label", re.compile(r"Red: 2 pips \(100%\), 98 sources"))
    expect(page.locator(".price-total strong")).to_have_text(f"${2.0 + 98 * 0.25 + 1.5:.2f}")
    assert page.evaluate("window.__sameDocument === true"), "the page reloaded"
    shot("deck-editor-legal")

    # Inline, by keyboard: one Mountain more makes 101; the deck says so at once
    quantity = page.get_by_role("spinbutton", name="Quantity of Mountain")
    quantity.focus()
    page.keyboard.press("Control+a")
    keys(page, "99")
    page.keyboard.press("Tab")  # leaving the field sends the change
    expect(page.locator(".validation")).to_contain_text("this one has 101")
    expect(colors).to_have_attribute("aria-label", re.compile(r"Red: 2 pips \(100%\), 99 sources"))
    expect(page.get_by_role("button", name="Update")).to_have_count(0)  # with JavaScript a change is sent at once
    expect(page.locator(".price-total strong")).to_have_text(f"${2.0 + 99 * 0.25 + 1.5:.2f}")

    # ... and moving the Sol Ring to the maybeboard makes it 100 again, still without a reload
    zone = page.get_by_role("combobox", name="Zone of Sol Ring")
    zone.focus()
    zone.select_option("maybeboard")
    expect(validation).to_have_text("This deck is legal in Commander.")
    expect(page.locator("#zone-maybeboard")).to_have_text("Maybeboard (1)")
    expect(page.locator(".price-total strong")).to_have_text(f"${2.0 + 99 * 0.25:.2f}")
    assert page.evaluate("window.__sameDocument === true"), "the page reloaded"
    shot("deck-editor-maybeboard")
    # the whole page fits the screen: no sideways scrolling on a 390 px phone
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.width, f"the deck page is {width} px wide on a {page.width} px screen"


def test_card_preview_on_tap(touch_page):
    """A touch screen has no hover: the first tap on a card's name shows its preview on the deck page
    (the page stays), a tap elsewhere hides it, and a second tap on the name opens the card page."""
    page = touch_page
    page.goto("/accounts/signup/")
    page.fill("#id_username", "tapper")
    page.fill("#id_password1", "a long enough secret 7")
    page.fill("#id_password2", "a long enough secret 7")
    page.locator("#id_password2").press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)
    page.goto(f"/decks/new/?card={KRENKO}")
    page.get_by_role("button", name="Create deck").tap()
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    deck_url = page.url

    link = page.locator("a.card-link", has_text="Krenko, Mob Boss")
    preview = page.locator(".preview", has_text="Krenko, Mob Boss")
    expect(preview).to_be_hidden()
    link.tap()
    expect(preview).to_be_visible()
    expect(preview).to_contain_text("Creature — Goblin Warrior")
    expect(link).to_have_attribute("aria-expanded", "true")
    assert page.url == deck_url, "the first tap left the deck page"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "deck-preview-tap-390.png"), full_page=True)

    page.locator("h1").tap()
    expect(preview).to_be_hidden()

    link.tap()
    expect(preview).to_be_visible()
    link.tap()
    page.wait_for_url(re.compile(r"/card/.*krenko-mob-boss"))


def _signed_up_deck_with(page, who: str) -> None:
    """A Krenko deck with 98 Mountain and a Sol Ring, built by typing in the add box."""
    page.goto("/accounts/signup/")
    page.fill("#id_username", who)
    page.fill("#id_password1", "a long enough secret 7")
    page.fill("#id_password2", "a long enough secret 7")
    page.locator("#id_password2").press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)
    page.goto(f"/decks/new/?card={KRENKO}")
    page.get_by_role("button", name="Create deck").click()
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    name = page.get_by_role("combobox", name="Card name")
    name.focus()
    keys(page, "98 mountain")
    page.keyboard.press("Enter")
    expect(page.locator("#zone-main")).to_have_text("Main deck (98)")
    keys(page, "Sol Ring")
    page.keyboard.press("Enter")
    expect(page.locator("#zone-main")).to_have_text("Main deck (99)")


def focused(page) -> str:
    return page.evaluate("document.activeElement.getAttribute('aria-label') || document.activeElement.tagName")


def test_focus_stays_on_the_row_after_a_live_change(page, priced):
    """After a quantity change and Tab, a zone change or a Remove, the live part is replaced: the focus is
    where the keyboard left it (the same control, or the next row's), and the next Tab goes on from there
    instead of starting again at the top of the page. Moved by Tab presses only."""
    _signed_up_deck_with(page, f"focus{page.width}")
    page.evaluate("window.__sameDocument = true")
    # from the add box, Tab by Tab to the Sol Ring's quantity (the main deck's first row: Artifact before Land)
    for _ in range(40):
        page.keyboard.press("Tab")
        if focused(page) == "Quantity of Sol Ring":
            break
    assert focused(page) == "Quantity of Sol Ring"
    page.keyboard.press("Control+a")
    keys(page, "2")
    page.keyboard.press("Tab")  # leaving the field sends the change; Tab goes on to the zone
    expect(page.locator("#zone-main")).to_have_text("Main deck (100)")
    assert focused(page) == "Zone of Sol Ring"
    page.keyboard.press("Tab")
    assert focused(page) == "Printing of Sol Ring"
    # a zone change by keyboard: back to the zone, "s" picks Sideboard (the select's type-ahead)
    page.keyboard.press("Shift+Tab")
    assert focused(page) == "Zone of Sol Ring"
    page.keyboard.press("s")
    expect(page.locator("#zone-sideboard")).to_have_text("Sideboard (2)")
    assert focused(page) == "Zone of Sol Ring"
    for control in ("Printing of Sol Ring", "Finish of Sol Ring", "Remove Sol Ring"):
        page.keyboard.press("Tab")
        assert focused(page) == control
    page.keyboard.press("Enter")  # Remove: the row goes, the focus goes to the row now in its place
    expect(page.locator("#zone-sideboard")).to_have_count(0)
    assert focused(page) != "BODY"
    page.keyboard.press("Tab")
    assert focused(page) != "BODY"
    assert page.evaluate("window.__sameDocument === true"), "the page reloaded"


def test_tap_preview_leaves_the_rows_controls_usable(touch_page):
    """On a 390 px phone the tapped preview opens under the name: the row's own quantity box and the next
    row stay free to tap, a tap on the preview closes it, and the controls are at least 24 px high."""
    page = touch_page
    _signed_up_deck_with(page, "tapper2")
    link = page.locator("a.card-link", has_text="Sol Ring")
    preview = page.locator(".preview", has_text="Sol Ring")
    link.tap()
    expect(preview).to_be_visible()
    quantity = page.get_by_role("spinbutton", name="Quantity of Sol Ring")
    # the tap scrolled the name into view, not the box under it: elementFromPoint sees the viewport only
    quantity.scroll_into_view_if_needed()
    expect(preview).to_be_visible()
    box = quantity.bounding_box()
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y)?.getAttribute('aria-label')",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "Quantity of Sol Ring", f"the preview covers the row's quantity box ({hit})"
    for control in (quantity, page.get_by_role("combobox", name="Zone of Sol Ring")):
        size = control.bounding_box()
        assert size["height"] >= 24 and size["width"] >= 24, size
    preview.tap()
    expect(preview).to_be_hidden()


def test_typed_nicknames_add_the_card_meant_and_undo_takes_it_out(page, shot, priced):
    """Issue 30: in a Modern deck `4 llanowar` + Enter adds four Llanowar Elves (not the Planechase plane
    "Llanowar"), the page names the card it took, and Undo takes the four out; `4 goyf` is Tarmogoyf; a
    start of several names offers the likely card in the box, and Enter takes it."""
    page.goto("/accounts/signup/")
    page.fill("#id_username", f"nicknames{page.width}")
    page.fill("#id_password1", "a long enough secret 7")
    page.fill("#id_password2", "a long enough secret 7")
    page.locator("#id_password2").press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)
    page.goto("/decks/new/")
    page.fill("input[name=name]", "Elves")
    page.select_option("#deck-format", "modern")
    page.get_by_role("button", name="Create deck").click()
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    page.evaluate("window.__sameDocument = true")

    name = page.get_by_role("combobox", name="Card name")
    name.focus()
    keys(page, "4 llanowar")
    page.keyboard.press("Enter")
    live = page.locator("#deck-live")
    expect(live.locator(".messages")).to_contain_text("Added 4 Llanowar Elves for “4 llanowar”.")
    expect(page.locator("#zone-main")).to_have_text("Main deck (4)")
    expect(page.locator("a.card-link", has_text="Llanowar Elves")).to_have_count(1)
    expect(name).to_be_focused()
    shot("deck-editor-nickname-added")
    page.get_by_role("button", name="Undo").click()
    expect(live.locator(".messages")).to_contain_text("Undone: took out 4 Llanowar Elves.")
    expect(page.locator("a.card-link", has_text="Llanowar Elves")).to_have_count(0)

    name.focus()
    keys(page, "4 goyf")
    page.keyboard.press("Enter")
    expect(live.locator(".messages")).to_contain_text("Added 4 Tarmogoyf for “4 goyf”.")
    expect(page.locator("#zone-main")).to_have_text("Main deck (4)")

    # several cards start "lightning": nothing is added, the likely one is in the box, and Enter takes it
    name.focus()
    keys(page, "4 lightning")
    page.keyboard.press("Enter")
    expect(page.locator(".add-choices button").first).to_have_text("Lightning Greaves")
    expect(name).to_have_value("4 Lightning Greaves")
    expect(name).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#zone-main")).to_have_text("Main deck (8)")
    expect(page.locator("a.card-link", has_text="Lightning Greaves")).to_have_count(1)
    assert page.evaluate("window.__sameDocument === true"), "the page reloaded"
