"""A phone (issue 30 item 6): a compact header with the search first, the first search result high on the
screen, and the API's docs page readable at 390 px, drawn by the server and leading back to the site.
The figures of the issue: the header took 160 px and the first result began at y = 460; /api/docs was
980 px wide, showed "LOADING" while a 1.5 MB script ran, and had no way back."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .conftest import SHOTS

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


@pytest.fixture
def phone(site_url, browser, image_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, base_url=site_url, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(15000)
    page.width = 390
    yield page
    context.close()


def test_the_header_is_compact_and_the_search_comes_first(phone, shot_phone):
    phone.goto("/search?q=t%3Acreature+o%3Atrample+c%3Ag")
    header = phone.locator(".site-header").bounding_box()
    box = phone.get_by_label("Search cards and rules").bounding_box()
    assert header["height"] <= 100, f"the header is {header['height']} px high"
    assert box["y"] < 40 and box["width"] >= 180, "the search box is on the header's first line, wide enough to type in"
    first = phone.locator(".card-grid li").first.bounding_box()
    assert first["y"] <= 300, f"the first result starts at y = {first['y']}"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    for name in ("Syntax", "Rules", "Random card", "Log in", "Sign up"):
        expect(phone.locator(".site-header").get_by_role("link", name=name)).to_be_visible()
    shot_phone(phone, "phone-search")


def test_the_display_options_apply_at_once(phone):
    phone.goto("/search?q=t%3Acreature+c%3Ag")
    phone.get_by_label("View").select_option("checklist")  # no need to press Apply
    phone.wait_for_url(re.compile(r"as=checklist"))
    expect(phone.locator("table.checklist")).to_be_visible()


def test_the_api_docs_are_a_page_of_the_site_on_a_phone(phone, shot_phone):
    scripts: list[str] = []
    phone.on("request", lambda r: scripts.append(r.url) if r.resource_type == "script" else None)
    phone.goto("/api/docs", wait_until="domcontentloaded")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Tolaria API")
    expect(phone.locator("code.route-path", has_text=re.compile(r"^/api/cards/search$"))).to_be_visible()
    assert not phone.get_by_text("LOADING", exact=False).count()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "readable at 390 px, not 980"
    assert [s.rsplit("/", 1)[-1] for s in scripts] == ["site.js"], scripts
    phone.locator(".site-header").get_by_role("link", name="Tolaria").click()
    phone.wait_for_url(re.compile(r"/$"))
    phone.goto("/api/docs")
    phone.get_by_role("link", name="Swagger UI").click()
    phone.wait_for_url(re.compile(r"/api/docs/try$"))
    expect(phone.get_by_role("link", name="The API's routes (a plain page)")).to_be_visible()
    assert phone.evaluate("window.innerWidth") == 390  # a viewport: not drawn 980 px wide
    shot_phone(phone, "phone-api-try")


@pytest.fixture
def shot_phone():
    def take(page, name: str) -> None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-390.png"), full_page=False)

    return take
