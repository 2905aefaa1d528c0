from __future__ import annotations

import re

import pytest

from .conftest import SHOTS

# django_db: pytest-django creates the test database only for sessions that hold a database test
pytestmark = [pytest.mark.browser, pytest.mark.django_db]


def test_search_then_open_a_card(page, shot):
    page.goto("/")
    shot("home")
    box = page.get_by_label("Search cards, rules and rulings")
    box.fill("t:creature o:trample c:g")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/search\?"))
    assert page.locator(".explanation").inner_text().split()[0].isdigit()
    shot("search-grid")
    page.get_by_role("link", name=re.compile("Fleetfoot Dancer")).first.click()
    page.wait_for_url(re.compile(r"/card/.+/fleetfoot-dancer$"))
    assert page.get_by_role("heading", level=1).inner_text() == "Fleetfoot Dancer"
    shot("card-fleetfoot")


def test_expand_a_keyword_rule_with_the_keyboard(page, shot):
    page.goto("/search?q=!%22Fleetfoot+Dancer%22")
    page.wait_for_url(re.compile(r"/card/"))
    term = page.locator("details.term", has=page.locator("summary", has_text=re.compile("^Trample$"))).first
    body = term.locator(".rule-box")
    assert not body.is_visible()
    term.locator("summary").focus()
    page.keyboard.press("Enter")
    assert body.is_visible()
    assert "702.19a" in body.inner_text() and "(CR 702.19)" in body.inner_text()
    shot("card-trample-open")
    body.get_by_role("link", name="510").click()
    page.wait_for_url(re.compile(r"/rules/510$"))
    assert "510" in page.get_by_role("heading", level=1).inner_text()


def test_both_faces_shown_and_flip_as_an_extra(page, shot):
    page.goto("/search?q=!%22Harvesttide+Infiltrator%22")
    page.wait_for_url(re.compile(r"/card/"))
    front = page.locator("article.face[data-face='0']")
    back = page.locator("article.face[data-face='1']")
    assert front.is_visible() and back.is_visible()  # both faces, as Scryfall shows them
    assert "Nightbound" in back.inner_text()
    shot("card-both-faces")
    page.get_by_role("button", name=re.compile("Flip to Harvesttide Assailant")).click()
    assert back.is_visible() and not front.is_visible()
    shot("card-flipped")
    page.get_by_role("button", name=re.compile("Flip to Harvesttide Infiltrator")).click()
    assert front.is_visible() and not back.is_visible()
    page.get_by_role("button", name=re.compile("Show both faces")).click()
    assert front.is_visible() and back.is_visible()


def test_page_through_results(page, shot):
    page.goto("/search?q=t%3Acreature&as=checklist")
    assert "showing 1–175" in page.locator(".explanation").inner_text()
    assert page.locator("table.checklist tbody tr").count() == 175
    shot("search-checklist")
    page.get_by_role("link", name=re.compile("Next")).click()
    page.wait_for_url(re.compile(r"page=2"))
    assert "showing 176–" in page.locator(".explanation").inner_text()
    page.get_by_role("link", name=re.compile("Previous")).click()
    page.wait_for_url(re.compile(r"/search\?(?!.*page=)"))


def test_invalid_query_shows_its_error(page, shot):
    response = page.goto("/search?q=t%3Acreature+(c%3Ag")
    assert response.status == 400
    alert = page.get_by_role("alert")
    assert "Expected" in alert.inner_text()
    assert "^" in alert.locator("pre.caret").inner_text()
    shot("search-error")


def test_knowledge_results_and_rules_pages(page, shot):
    page.goto("/search?q=trample")
    hits = page.locator(".knowledge .hit a")
    assert hits.count() > 1
    firsts = [hits.nth(i).get_attribute("href") for i in range(2)]
    assert "/rules/702.19" in firsts
    shot("search-trample")
    page.goto("/rules/702.19")
    assert page.get_by_role("link", name=re.compile("702.19a")).count() >= 1
    shot("rule-702-19")


def test_a_question_typed_in_the_box_gets_its_rules_first_with_the_sentence_marked(page, shot):
    page.goto("/")
    box = page.get_by_label("Search cards, rules and rulings")
    # ":", "+" and "/" as players write them: no card syntax error, no "0 cards"
    box.fill("Trample + Deathtouch: how much damage do I assign to a 2/2 blocker?")
    box.press("Enter")
    page.wait_for_url(re.compile(r"/search\?"))
    answers = page.locator("section.answers")
    assert answers.is_visible()
    assert "Rules that answer it" in answers.locator("h2").first.inner_text()
    first = answers.locator("li.hit").first
    assert first.get_attribute("class") == "hit kind-rule"
    assert first.locator("a").get_attribute("href").startswith("/rules/")
    marked = first.locator("blockquote.answer-sentence mark")
    assert marked.count() >= 1 and marked.first.is_visible()
    # the answers take the main column: they start in the page's upper part, nothing beside them pushes them down
    box_top = answers.bounding_box()["y"]
    assert box_top < 400, box_top
    assert page.locator(".knowledge").count() == 0  # no sidebar of answers beside a card grid
    assert "0 cards" not in page.content() and page.get_by_role("alert").count() == 0
    shot("search-question")
    assert page.evaluate("document.documentElement.scrollWidth") <= page.width + 1
    first.locator("a").click()
    page.wait_for_url(re.compile(r"/rules/\d{3}"))


def test_query_builder_writes_the_syntax(page, shot):
    page.goto("/search/syntax")
    page.get_by_label("Type line").fill("creature")
    page.get_by_label("Green").check()
    page.get_by_label("Mana value", exact=True).fill("3")
    assert page.locator("#built").inner_text() == "t:creature c>=g mv=3"
    assert page.locator("#q").input_value() == "t:creature c>=g mv=3"
    shot("syntax")
    page.get_by_role("button", name="Search", exact=True).last.click()
    page.wait_for_url(re.compile(r"/search\?q="))


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/search?q=t%3Acreature+o%3Atrample&as=checklist",
        "/search?q=trample",
        "/card/dbl/143/harvesttide-infiltrator-harvesttide-assailant",
        "/rules/702.19",
        "/search/syntax",
        "/rules/glossary/",
    ],
)
def test_no_horizontal_scrolling(page, path):
    page.goto(path)
    assert page.evaluate("document.documentElement.scrollWidth") <= page.width + 1


def test_dark_mode(browser, site_url):
    SHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900}, base_url=site_url, color_scheme="dark")
    page = context.new_page()
    page.goto("/search?q=!%22Fleetfoot+Dancer%22")
    page.locator("details.term summary").first.click()
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert background != "rgb(250, 250, 252)"  # the light background
    page.screenshot(path=str(SHOTS / "card-dark-1280.png"), full_page=True)
    context.close()
