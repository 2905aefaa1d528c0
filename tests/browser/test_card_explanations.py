"""The card page's explanations (issue 12): reminder text set apart, a glossary term opens its rule."""

from __future__ import annotations

import re

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.django_db]


def test_reminder_text_set_apart_and_a_glossary_term_opens_its_rule(page, shot):
    # Harvesttide Infiltrator: "Trample\nDaybound (If a player casts no spells during their own turn, it becomes night next turn.)"
    page.goto("/search?q=!%22Harvesttide+Infiltrator%22")
    page.wait_for_url(re.compile(r"/card/"))
    front = page.locator("article.face[data-face='0']")
    reminder = front.locator(".oracle .reminder").first
    assert reminder.is_visible()
    assert reminder.evaluate("e => getComputedStyle(e).fontStyle") == "italic"
    night = front.locator("details.term.in-reminder", has=page.locator("summary", has_text="it becomes night")).first
    night.locator("summary").click()
    box = night.locator(".rule-box")
    assert box.is_visible() and "730.2a" in box.inner_text()
    shot("card-reminder-and-night")


def test_rules_terms_marked_and_ordinary_words_left_plain(page, shot):
    # Death's Oasis: "Whenever a nontoken creature you control dies, mill two cards. Then return a creature card
    # with lesser mana value than the creature that died from your graveyard to your hand. …"
    page.goto("/search?q=!%22Death%27s+Oasis%22")
    page.wait_for_url(re.compile(r"/card/"))
    front = page.locator("article.face[data-face='0']")
    marked = {t.strip().lower() for t in front.locator(".oracle details.term summary").all_inner_texts()}
    assert {"dies", "mill", "mana value"} <= marked, marked
    assert not {"creature", "you", "card", "graveyard", "hand", "control"} & marked, marked
    value = front.locator("details.term", has=page.locator("summary", has_text="mana value")).first
    value.locator("summary").click()
    box = value.locator(".rule-box")
    assert box.is_visible() and "202.3" in box.inner_text()
    shot("card-rules-terms")
