"""Every case of the acceptance file on the rendered card pages.

tests/web/data/rules_seed_cases.json is a copy of ../shared/acceptance/rules_seed_cases.json (the project's
acceptance cases for the Comprehensive Rules of 2026-02-27 shipped in the package); tests do not read
../shared.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tolaria.site.catalog import models as m

from ._html import norm, terms

CASES = json.loads((Path(__file__).parent / "data" / "rules_seed_cases.json").read_text(encoding="utf-8"))
# Every card the acceptance file names is in the shipped sample (Super-Duper Death Ray included: it
# appears on the reference search page only through its rulings, and has no type_line in the file).
PRESENT = CASES["cards"]

pytestmark = pytest.mark.django_db


def test_the_copy_names_every_card_once():
    names = [c["card"] for c in CASES["cards"]]
    assert len(names) == len(set(names)) == 4
    assert CASES["cr_effective"] == "2026-02-27"


@pytest.mark.parametrize("case", PRESENT, ids=[c["card"] for c in PRESENT])
def test_every_case_card_is_in_the_sample(case):
    assert m.OracleCard.objects.filter(name=case["card"]).exists(), f"data gap: {case['card']} is not in the sample"


@pytest.mark.parametrize("case", PRESENT, ids=[c["card"] for c in PRESENT])
def test_card_page_explains_each_term_with_its_rules(client, card_url, case):
    response = client.get(card_url(client, case["card"]))
    assert response.status_code == 200
    page = response.content.decode()
    assert norm(case["card"]) in norm(page)
    for face_type in case.get("type_line", "").split(" // ") if case.get("type_line") else []:
        assert f'<p class="type-line">{face_type}</p>' in page
    found = terms(page)
    assert found, "no explained terms on the page"
    faces = {"front": 0, "back": 1}
    for term in case["terms"]:
        candidates = [
            t for t in found if t.summary == term["text"] and ("face" not in term or t.face == faces[term["face"]])
        ]
        assert candidates, (
            f"{term['text']!r} does not open a rule on {case['card']} (found {[t.summary for t in found]})"
        )
        opened = [t for t in candidates if f"(CR {term['rule']})" in t.body]
        assert opened, f"{term['text']!r} opens {[t.body[-20:] for t in candidates]}, not CR {term['rule']}"
        body = opened[0].body
        assert f"/rules/{term['rule']}" in opened[0].links
        for shown in term["must_show"]:
            labelled = f"{shown['rule']} {norm(shown['text'])}"
            assert labelled in body, f"{case['card']}: {term['text']} misses {shown['rule']}"
            assert f"/rules/{shown['rule']}" in opened[0].links
    for ruling in case.get("rulings_contain", []):
        assert norm(ruling) in norm(page), f"{case['card']}: ruling {ruling[:40]!r}… not shown"


def test_rule_references_inside_explanations_are_links(client, card_url):
    page = client.get(card_url(client, "Fleetfoot Dancer")).content.decode()
    lifelink = next(t for t in terms(page) if t.summary.lower() == "lifelink")
    assert "/rules/120.3" in lifelink.links  # "See rule 120.3."
    assert "/rules/119.9" in lifelink.links and "/rules/119.10" in lifelink.links  # "rules 119.9–10"
    trample = next(t for t in terms(page) if t.summary == "Trample")
    assert "/rules/510" in trample.links and "/rules/506.4c" in trample.links
