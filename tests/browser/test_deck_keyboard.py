"""Editing a deck by keyboard alone (issue 30, item 3): from the top of the deck page Tab reaches the add box;
a typed line with Enter adds the card; when no card is clearly meant the likely one is offered in the box and
Enter takes it; a typed "(SET) number" adds that printing; a row's quantity is changed, the row removed and
put back with Undo, an added card taken out with Undo, all without the mouse and without a page reload.
Screenshots go to $TOLARIA_SHOTS as deck-keyboard-*-<width>.png."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_accounts_browser import _deferred_test_transaction  # noqa: F401  (the pages write)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


def focused(page) -> str:
    """The focused control, as a screen reader names it: its aria-label, else its label's words, else its
    text, else its tag."""
    return page.evaluate(
        "(() => { const e = document.activeElement;"
        " return e.getAttribute('aria-label') || (e.labels && e.labels.length && e.labels[0].firstChild.textContent.trim())"
        " || e.textContent.trim() || e.tagName; })()"
    )


def tab_to(page, name: str, *, back: bool = False, most: int = 40) -> int:
    """Press Tab (Shift+Tab when `back`) until `name` has the focus; the number of presses."""
    for presses in range(1, most + 1):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        if focused(page) == name:
            return presses
    raise AssertionError(f"{name!r} not reached in {most} presses (at {focused(page)!r})")


def enter_line(page, line: str) -> None:
    assert page.evaluate("document.activeElement.name") == "name", "the add box has the focus"
    page.keyboard.type(line)
    page.keyboard.press("Enter")


def test_a_deck_edited_by_keyboard_alone(page, shot):
    page.goto("/accounts/signup/")
    page.fill("#id_username", f"keys{page.width}")
    page.fill("#id_password1", "a long enough secret 7")
    page.fill("#id_password2", "a long enough secret 7")
    page.locator("#id_password2").press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)
    page.goto("/decks/new/")
    page.fill("input[name=name]", "Burn")
    page.select_option("#deck-format", "modern")
    page.locator("input[name=name]").press("Enter")
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    page.evaluate("window.__sameDocument = true")  # lost if the page reloads
    live = page.locator("#deck-live .messages")
    main = page.locator("#zone-main")

    # from the top of the page: the skip link, the header's links, then the add box
    presses = tab_to(page, "Card name")
    assert presses <= 16, f"{presses} Tab presses to the add box"

    # no card is clearly meant: the likely one is offered in the box, selected, and Enter takes it
    enter_line(page, "4 lightning b")
    expect(page.locator(".add-choices button").first).to_have_text("Lightning Bolt")
    expect(page.get_by_role("combobox", name="Card name")).to_have_value("4 Lightning Bolt")
    page.keyboard.press("Enter")
    expect(main).to_have_text("Main deck (4)")
    expect(live).to_contain_text("Added Lightning Bolt.")

    # a nickname, added and named; Tab from the box reaches its Undo (after the box's quantity, zone, Add)
    enter_line(page, "4 goyf")
    expect(live).to_contain_text("Added 4 Tarmogoyf for “4 goyf”.")
    expect(main).to_have_text("Main deck (8)")
    assert tab_to(page, "Undo", most=4) == 4
    page.keyboard.press("Enter")
    expect(live).to_contain_text("Undone: took out 4 Tarmogoyf.")
    expect(main).to_have_text("Main deck (4)")
    assert focused(page) == "Card name", "after Undo the keyboard is back in the add box"

    # a printing by set and number: that printing, not one "as pasted"
    # typed at once after the Enter: the next line is not wiped when the first card's answer comes
    enter_line(page, "3 goyf")
    page.keyboard.type("2 Opt (DOM) 60")
    expect(main).to_have_text("Main deck (7)")
    expect(page.get_by_role("combobox", name="Card name")).to_have_value("2 Opt (DOM) 60")
    page.keyboard.press("Enter")
    expect(main).to_have_text("Main deck (9)")
    opt = page.locator("tr", has=page.locator("a.card-link", has_text="Opt"))
    expect(opt).to_contain_text("DOM 60")
    expect(opt).not_to_contain_text("as pasted")
    shot("deck-keyboard-added")

    # a row's quantity: Tab to it, type, Tab sends it
    tab_to(page, "Quantity of Tarmogoyf")
    page.keyboard.press("Control+a")
    page.keyboard.type("4")
    page.keyboard.press("Tab")
    expect(main).to_have_text("Main deck (10)")
    assert focused(page) == "Zone of Tarmogoyf", "the focus goes on from the field the change was sent from"

    # Remove by keyboard, then Undo puts the row back as it was
    tab_to(page, "Remove Tarmogoyf")
    page.keyboard.press("Enter")
    expect(live).to_contain_text("Took out 4 Tarmogoyf.")
    expect(page.locator("a.card-link", has_text="Tarmogoyf")).to_have_count(0)
    expect(main).to_have_text("Main deck (6)")
    assert focused(page) not in ("BODY", ""), "the focus stays in the deck after a Remove"
    tab_to(page, "Undo", back=True)
    shot("deck-keyboard-removed")
    page.keyboard.press("Enter")
    expect(live).to_contain_text("Undone: put back 4 Tarmogoyf.")
    expect(main).to_have_text("Main deck (10)")
    expect(page.get_by_role("spinbutton", name="Quantity of Tarmogoyf")).to_have_value("4")
    assert focused(page) == "Card name"
    expect(page.get_by_role("button", name="Undo")).to_have_count(0)  # put back once, not twice
    assert page.evaluate("window.__sameDocument === true"), "the page reloaded"
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    shot("deck-keyboard-done")
