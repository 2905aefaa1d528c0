"""/api/rules, /api/glossary, /api/sets, /api/openapi.json."""

import pytest

pytestmark = pytest.mark.django_db


def test_rule_with_subtree_and_neighbours(client):
    body = client.get("/api/rules/702.19").json()
    assert body["object"] == "rule" and body["title"] == "Trample"
    assert [r["number"] for r in body["rules"]][1:] == [f"702.19{x}" for x in "abcdefg"]
    assert body["previous"].startswith("702.18") and body["next"] == "702.19a"
    sub = client.get("/api/rules/702.19b").json()
    assert sub["title"] == "Trample" and sub["text"].startswith("The controller of an attacking creature")
    assert [r["number"] for r in sub["rules"]] == ["702.19b"]


def test_unknown_rule_is_404_with_nearest(client):
    r = client.get("/api/rules/999.99")
    assert r.status_code == 404
    body = r.json()
    assert body["code"] == "not_found" and body["nearest"] and all(n.startswith("9") for n in body["nearest"])
    near = client.get("/api/rules/702.19z").json()["nearest"]
    assert any(n.startswith("702.19") for n in near)


def test_rules_contents(client):
    body = client.get("/api/rules/").json()
    assert [s["number"] for s in body["sections"]] == [str(i) for i in range(1, 10)]
    keyword_section = next(s for s in body["sections"] if s["number"] == "7")
    assert {"number": "702", "title": "Keyword Abilities"} in keyword_section["rules"]


def test_glossary_entry_and_close_terms(client):
    body = client.get("/api/glossary/trample").json()
    assert body["term"] == "Trample" and body["see_rules"] == ["702.19"]
    r = client.get("/api/glossary/tramplle")
    assert r.status_code == 404 and "Trample" in r.json()["close_terms"]


def test_sets(client):
    body = client.get("/api/sets").json()
    assert body["object"] == "list" and len(body["data"]) > 100
    two = next(s for s in body["data"] if s["code"] == "2ed")
    assert two["name"] == "Unlimited Edition" and two["card_count"] > 0  # the printings Tolaria holds
    dates = [s["released_at"] or "" for s in body["data"]]
    assert dates == sorted(dates, reverse=True)
    assert client.get("/api/sets/2ed").json()["name"] == "Unlimited Edition"
    assert client.get("/api/sets/zzzz").status_code == 404


def test_openapi_lists_every_endpoint(client):
    paths = set(client.get("/api/openapi.json").json()["paths"])
    assert {
        "/api/cards/search",
        "/api/cards/named",
        "/api/cards/autocomplete",
        "/api/cards/random",
        "/api/cards/{id}",
        "/api/cards/{id}/explained",
        "/api/rules/",
        "/api/rules/{number}",
        "/api/glossary/{term}",
        "/api/sets",
        "/api/stats",
    } <= paths
