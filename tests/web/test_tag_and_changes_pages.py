"""The tag pages list their cards; the changes page compares two stored editions of the rules."""

import datetime as dt
from importlib import resources

import pytest

from tolaria.site.catalog import models as m

pytestmark = pytest.mark.django_db


def test_tag_page_describes_the_tag_and_lists_its_cards(client):
    page = client.get("/tags/keyword:trample")
    html = page.content.decode()
    assert page.status_code == 200
    assert "Trample" in html and "Fleetfoot Dancer" in html
    total = m.CardTag.objects.filter(tag_id="keyword:trample").values("card_id").distinct().count()
    assert f"{total} cards" in html


def test_theme_tag_page_and_index(client):
    assert "Harvesttide Infiltrator" in client.get("/tags/theme:day-night").content.decode()
    index = client.get("/tags/").content.decode()
    assert "Theme tags" in index and "/tags/theme:day-night" in index


def test_unknown_tag_is_404(client):
    assert client.get("/tags/nothing:like-this").status_code == 404


def test_changes_page_shows_the_word_diff_of_two_editions(client):
    # the shipped edition, and an older one with a rule worded differently
    current = (resources.files("tolaria") / "data" / "MagicCompRules-20260227.txt").read_text(encoding="utf-8-sig")
    older = current.replace(
        "These rules are effective as of February 27, 2026.", "These rules are effective as of November 14, 2025."
    )
    older = older.replace(
        "Multiple instances of trample on the same creature are redundant.",
        "Multiple instances of trample on one creature are redundant.",
    )
    assert older != current
    m.RulesVersion.objects.create(effective_date=dt.date(2025, 11, 14), text=older)
    m.RulesVersion.objects.create(effective_date=dt.date(2026, 2, 27), text=current)
    html = client.get("/rules/changes").content.decode()
    assert "1 changed" in html and "/rules/702.19g" in html
    assert "<del>one</del>" in html and "<ins>the same</ins>" in html


def test_changes_page_with_one_edition_explains_how_to_add_one(client):
    html = client.get("/rules/changes").content.decode()
    assert "tolaria rules ingest" in html


def test_an_older_stored_edition_stays_readable(client):
    current = (resources.files("tolaria") / "data" / "MagicCompRules-20260227.txt").read_text(encoding="utf-8-sig")
    older = current.replace(
        "These rules are effective as of February 27, 2026.", "These rules are effective as of November 14, 2025."
    )
    older = older.replace(
        "Multiple instances of trample on the same creature are redundant.",
        "Multiple instances of trample on one creature are redundant.",
    )
    m.RulesVersion.objects.create(effective_date=dt.date(2025, 11, 14), text=older)
    html = client.get("/rules/702.19", {"edition": "2025-11-14"}).content.decode()
    assert "trample on one creature" in html and "effective November 14, 2025" in html
    assert "trample on the same creature" in client.get("/rules/702.19").content.decode()
    assert client.get("/rules/702.19", {"edition": "1999-01-01"}).status_code == 404


def test_a_rule_page_lists_related_rules_but_not_its_own_subrules(client):
    html = client.get("/rules/702.19").content.decode()
    assert "Related rules" in html
    related = html.split("Related rules", 1)[1].split("</section>", 1)[0]
    assert 'href="/rules/' in related
    assert 'href="/rules/702.19b"' not in related and 'href="/rules/702"' not in related


def test_a_burn_spell_shows_its_ability_and_theme_tags_on_every_page(client):
    # Lightning Bolt: "Lightning Bolt deals 3 damage to any target." (issue 30: it had only "Instant speed")
    card = m.OracleCard.objects.get(name="Lightning Bolt")
    ids = set(m.CardTag.objects.filter(card=card).values_list("tag_id", flat=True))
    assert {"effect:damage", "theme:burn", "theme:removal"} <= ids
    page = client.get(client.get(f"/card/{card.oracle_id}")["Location"]).content.decode()
    assert "Deals damage" in page and "Burn" in page and "Removal" in page
    assert "Lightning Bolt" in client.get("/tags/theme:burn").content.decode()
    index = client.get("/tags/").content.decode()
    assert "/tags/theme:burn" in index and "/tags/theme:board-wipe" in index and "/tags/theme:counterspell" in index
    api = client.get(f"/api/cards/{card.oracle_id}").json()["tolaria_tags"]
    themes = {t["id"]: t for t in api if t["id"].startswith("theme:")}
    assert {"theme:burn", "theme:removal"} <= set(themes) and themes["theme:burn"]["kind"] == "inferred"
