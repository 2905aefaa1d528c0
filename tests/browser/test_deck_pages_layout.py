"""The deck pages laid out as carefully as the card page (issue 30, item 3): at 390 px neither the deck page
nor a list page is wider than the screen, every row's quantity box of the deck page sits at the same x (the
groups are separate tables, which left each group's columns where its own names put them), and the
start-a-deck form is the site's form, with the site's button. Screenshots at both widths go to
$TOLARIA_SHOTS (tests/browser/screenshots/ when run as in the notes) as deck-*-<width>.png.

    TOLARIA_SHOTS=tests/browser/screenshots .venv/bin/python -m pytest -q -p no:cacheprovider \
        -m browser tests/browser/test_deck_pages_layout.py"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .test_accounts_browser import _deferred_test_transaction  # noqa: F401  (the pages write)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

KRENKO = "68418069-f615-40ef-ae0d-764192acae00"
OVERFLOW = "document.scrollingElement.scrollWidth <= window.innerWidth"
# the card page's header at 390 px (tests/browser/test_phone.py): the name and the search on one line, the
# links on one line under it. A signed-in player's links wrapped into a column of three (138 px).
COMPACT_HEADER = 100


def _compact_header(page) -> None:
    if page.width > 600:
        return
    height = page.locator("header.site-header").bounding_box()["height"]
    assert height <= COMPACT_HEADER, f"the header of {page.url} is {height} px high at {page.width} px"
    links = page.locator("header.site-header .header-links").bounding_box()
    assert links["height"] <= 30, f"the header's links take {links['height']} px: more than one line"


def _sign_up(page, who: str) -> None:
    page.goto("/accounts/signup/")
    page.fill("#id_username", who)
    page.fill("#id_password1", "a long enough secret 7")
    page.fill("#id_password2", "a long enough secret 7")
    page.locator("#id_password2").press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)


def _add(page, line: str, count: str) -> None:
    name = page.get_by_role("combobox", name="Card name")
    name.fill(line)
    name.press("Enter")
    expect(page.locator("#zone-main")).to_have_text(count)


def test_start_a_deck_form_is_the_sites_form(page, shot):
    _sign_up(page, f"former{page.width}")
    page.goto(f"/card/{KRENKO}")
    page.get_by_role("link", name="Start a deck with this card").click()
    page.wait_for_url(re.compile(r"/decks/new/\?card="))
    shot("deck-start-form")
    _compact_header(page)
    button = page.get_by_role("button", name="Create deck")
    assert "button" in (button.get_attribute("class") or "").split()
    # the fields stack, one label over its field, each as wide as the form (not inline text boxes)
    name = page.get_by_role("textbox", name="Name")
    description = page.get_by_role("textbox", name="Description")
    assert name.bounding_box()["x"] == pytest.approx(description.bounding_box()["x"], abs=1)
    assert name.bounding_box()["width"] == pytest.approx(description.bounding_box()["width"], abs=1)
    assert page.evaluate(OVERFLOW)


def test_deck_and_list_pages_fit_and_rows_line_up(page, shot):
    _sign_up(page, f"layout{page.width}")
    # a saved card makes the list page's row, with its printing select
    page.goto(f"/card/{KRENKO}")
    page.get_by_role("button", name="Save this card").click()
    page.wait_for_load_state()
    page.goto(f"/decks/new/?card={KRENKO}")
    page.get_by_role("button", name="Create deck").click()
    page.wait_for_url(re.compile(r"/decks/[^/]+/$"))
    _add(page, "20 mountain", "Main deck (20)")
    _add(page, "Sol Ring", "Main deck (21)")
    _add(page, "4 Lightning Bolt", "Main deck (25)")
    shot("deck-page")
    _compact_header(page)
    assert page.evaluate(OVERFLOW), "the deck page is wider than the screen"
    xs = [box["x"] for box in (q.bounding_box() for q in page.locator(".row-edit input[name=quantity]").all())]
    assert len(xs) >= 3, xs  # the commander's, Sol Ring's, Mountain's (and Bolt's when the sample has it)
    assert max(xs) - min(xs) <= 1, f"the rows' quantity boxes do not line up: {xs}"
    if page.width >= 1100:  # beside the statistics: a row's controls on one line, Remove beside its quantity
        for form in page.locator("form.row-edit").all():
            quantity, remove = form.locator("input[name=quantity]").bounding_box(), form.locator("button[name=remove]")
            remove_box = remove.bounding_box()
            assert abs(remove_box["y"] - quantity["y"]) <= 6, (
                f"{remove.get_attribute('aria-label')} wrapped under its row"
            )
    # the statistics are on the page: the count in the title line, the curve, the price line
    expect(page.locator(".meta .card-count")).to_contain_text("26")
    expect(page.locator(".deck-stats svg").first).to_be_visible()
    expect(page.locator(".price-total")).to_be_visible()

    page.goto("/decks/")
    shot("deck-my-decks")
    _compact_header(page)
    assert page.evaluate(OVERFLOW), "My decks is wider than the screen"

    page.goto("/lists/")
    page.get_by_role("link", name="Saved cards").click()
    page.wait_for_url(re.compile(r"/lists/[^/]+/$"))
    expect(page.get_by_role("combobox", name=re.compile("Printing of"))).to_have_count(1)
    # the sample has no prices: the list's total says so rather than showing $0.00
    expect(page.locator(".list-total")).to_contain_text("unknown")
    shot("deck-list-page")
    _compact_header(page)
    assert page.evaluate(OVERFLOW), "the list page is wider than the screen"
