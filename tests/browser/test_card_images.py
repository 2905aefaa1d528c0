"""Card images as a player sees them (issue 30 item 1), with the site's images on a local image host
(conftest.image_server): the image on the card page (the back face's on flip), the search grid, a list
row's preview on hover and keyboard focus; the card's drawn frame, never a broken image, when the host
answers 404 or does not answer at all; and nothing on the page moving when an image arrives."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import IMAGE_TIMEOUT_MS
from .test_accounts_browser import _deferred_test_transaction  # noqa: F401  (the list test writes)

pytestmark = [pytest.mark.browser, pytest.mark.django_db]

BOX = "[data-card-image]"


def card_id(page, name: str) -> str:
    r = page.request.get("/api/cards/named", params={"exact": name})
    assert r.ok
    return r.json()["id"]


def box_state(box) -> dict:
    return box.evaluate(
        """b => { const i = b.querySelector('img'); const r = b.getBoundingClientRect();
        return {cls: b.className, w: r.width, h: r.height, natural: i ? i.naturalWidth : -1,
                shown: i ? getComputedStyle(i).display !== 'none' : false, src: i ? i.getAttribute('src') : null} }"""
    )


def test_the_card_page_shows_the_image_with_its_credit(page, images, shot):
    bolt = card_id(page, "Lightning Bolt")
    page.goto('/search?q=!"Lightning Bolt"')
    page.wait_for_url(re.compile(r"/card/"))
    box = page.locator(f"#card-images {BOX}")
    expect(box).to_have_class(re.compile("image-loaded"))
    state = box_state(box)
    assert state["natural"] > 0 and state["shown"] and f"/normal/front/{bolt[0]}/{bolt[1]}/{bolt}.jpg" in state["src"]
    assert abs(state["h"] / state["w"] - 680 / 488) < 0.01, "the card's own proportions: not cropped, not stretched"
    assert box.locator("img").get_attribute("alt") == "Lightning Bolt"
    expect(page.locator(".image-credit")).to_contain_text("© Wizards of the Coast")
    shot("card-image")


def test_flip_shows_the_back_faces_image(page, images, shot):
    page.goto('/search?q=!"Harvesttide Infiltrator"')
    page.wait_for_url(re.compile(r"/card/"))
    front = page.locator("#card-images [data-face='0']")
    back = page.locator("#card-images [data-face='1']")
    expect(front.locator(BOX)).to_have_class(re.compile("image-loaded"))
    expect(back).to_be_hidden()
    page.get_by_role("button", name=re.compile("Flip to Harvesttide Assailant")).click()
    expect(back).to_be_visible()
    expect(front).to_be_hidden()
    expect(back.locator(BOX)).to_have_class(re.compile("image-loaded"))
    assert "/normal/back/" in back.locator("img").get_attribute("src")
    shot("card-image-flipped")


def _frame_stands_in(box, *texts: str) -> None:
    expect(box).to_have_class(re.compile("image-failed"))
    state = box_state(box)
    assert not state["shown"], "the failed image is gone: no broken-image icon"
    frame = box.locator(".card-frame")
    expect(frame).to_be_visible()
    for text in texts:
        expect(frame).to_contain_text(text)
    assert frame.get_attribute("aria-hidden") is None, "the frame is the card for screen readers now"


def test_a_404_draws_the_card_frame(page, images, shot):
    images.missing.add(card_id(page, "Lightning Bolt"))
    page.goto('/search?q=!"Lightning Bolt"')
    page.wait_for_url(re.compile(r"/card/"))
    box = page.locator(f"#card-images {BOX}")
    _frame_stands_in(box, "Lightning Bolt", "Instant", "Lightning Bolt deals 3 damage to any target.")
    assert "frame-r" in box_state(box)["cls"], "drawn in the card's color"
    shot("card-image-404")


def test_a_host_that_never_answers_draws_the_frame_after_the_timeout(page, images, shot):
    images.hanging.add(card_id(page, "Fleetfoot Dancer"))
    page.goto('/search?q=!"Fleetfoot Dancer"', wait_until="domcontentloaded")
    page.wait_for_url(re.compile(r"/card/"), wait_until="domcontentloaded")
    box = page.locator(f"#card-images {BOX}")
    waiting = box_state(box)  # at once: the image is still on its way, the frame shows under it
    assert "image-failed" not in waiting["cls"] and "image-loaded" not in waiting["cls"] and waiting["src"]
    expect(box.locator(".card-frame")).to_be_visible()
    _frame_stands_in(box, "Fleetfoot Dancer", "Creature — Elf Druid", "Trample, lifelink, haste", "4/4")
    assert box_state(box)["src"] is None, "the hanging request was given up"
    assert "frame-gold" in box_state(box)["cls"]
    shot("card-image-hang")


def test_the_search_grid_shows_images_and_nothing_moves(page, images, shot):
    page.add_init_script(
        """window.__shifts = 0; new PerformanceObserver(l => { for (const e of l.getEntries())
        if (!e.hadRecentInput) window.__shifts += e.value; }).observe({type: 'layout-shift', buffered: true});"""
    )
    dancer = card_id(page, "Fleetfoot Dancer")
    images.missing.add(dancer)  # one card of the grid has no image: its frame takes the same place
    page.goto("/search?q=t%3Acreature+o%3Atrample+c%3Ag", wait_until="domcontentloaded")
    first = page.locator(f".card-grid li {BOX}").first
    before = first.bounding_box()
    expect(first).to_have_class(re.compile("image-loaded"))
    after = first.bounding_box()
    assert before == after, "the first image's box is reserved before it arrives"
    grid = page.locator(".card-grid li")
    assert grid.count() == 50
    failed = page.locator(f".card-grid a[href*='fleetfoot-dancer'] {BOX}")
    _frame_stands_in(failed, "Fleetfoot Dancer")
    assert failed.bounding_box()["height"] == pytest.approx(after["height"], abs=1)
    page.wait_for_timeout(IMAGE_TIMEOUT_MS // 2)
    assert page.evaluate("window.__shifts") == 0, "no layout shift while the images load"
    # every card is a link named by the card, whatever its image does
    expect(page.get_by_role("link", name="Fleetfoot Dancer")).to_have_count(1)
    shot("search-images")


def test_a_list_rows_preview_on_hover_and_keyboard_focus(page, images, shot):
    page.goto("/accounts/signup/")
    page.fill("#id_username", f"viewer{page.width}")
    page.fill("#id_password1", "a long enough secret 7")
    page.fill("#id_password2", "a long enough secret 7")
    page.locator("#id_password2").press("Enter")
    page.wait_for_url(lambda url: url.rstrip("/").count("/") == 2)
    page.goto('/search?q=!"Lightning Bolt"')
    page.get_by_role("button", name="Save this card").click()
    page.goto("/lists/")
    page.locator("main a[href^='/lists/']").first.click()
    link = page.locator("a.card-link", has_text="Lightning Bolt")
    preview = page.locator(".preview", has=page.locator(BOX))
    expect(preview).to_be_hidden()
    if page.width > 600:
        link.hover()
        expect(preview).to_be_visible()
        expect(preview.locator(BOX)).to_have_class(re.compile("image-loaded"))
        page.mouse.move(0, 0)
        expect(preview).to_be_hidden()
    link.focus()
    expect(preview).to_be_visible()
    expect(preview.locator(BOX)).to_have_class(re.compile("image-loaded"))
    shot("list-preview")
