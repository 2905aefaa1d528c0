"""Tolaria's card objects field by field against the real Scryfall objects in
tests/fixtures/scryfall/cards.json, for every printing present in both. Each remaining difference is
listed, with its reason, in scryfall_differences.toml; the test fails on a difference not listed there
and on a listed one that no longer happens (so the list stays true)."""

import json
import tomllib
from pathlib import Path

import pytest

from tolaria.site.catalog import models as m

pytestmark = pytest.mark.django_db

HERE = Path(__file__).parent
FIXTURES = HERE.parent / "fixtures" / "scryfall" / "cards.json"
LISTED = tomllib.loads((HERE / "scryfall_differences.toml").read_text(encoding="utf-8"))
# Scryfall's own hosts and Tolaria's, so URIs compare by what they point at
HOSTS = (("https://api.scryfall.com/", "http://testserver/api/"), ("https://scryfall.com/", "http://testserver/"))


def _local(value):
    if isinstance(value, dict):  # image_uris
        return {k: _local(v) for k, v in value.items()}
    if isinstance(value, str) and value.startswith("https://cards.scryfall.io/"):
        # Scryfall's image addresses end in ?<the image's update time>, a cache-buster MTGJSON does not
        # carry: the address without it is the same image
        return value.split("?", 1)[0]
    if isinstance(value, str):
        for theirs, ours in HOSTS:
            if value.startswith(theirs):
                return ours + value[len(theirs) :].replace("?utm_source=api", "")
    return value


def differences(theirs: dict, ours: dict, where: str = "") -> list[str]:
    found = []
    for key, value in theirs.items():
        path = f"{where}{key}"
        if key == "card_faces" and isinstance(value, list) and isinstance(ours.get(key), list):
            for i, (a, b) in enumerate(zip(value, ours[key])):
                found += differences(a, b, f"{path}[{i}].")
            if len(value) != len(ours[key]):
                found.append(path)
        elif key not in ours or _local(value) != ours[key] and not (isinstance(value, float) and value == ours[key]):
            found.append(path)
    found += [f"{where}{key}" for key in ours if key not in theirs and not key.startswith("tolaria")]
    return found


def test_card_objects_match_scryfall_field_by_field(client):
    fixtures = [c for c in json.loads(FIXTURES.read_text()) if c.get("id")]
    present = [c for c in fixtures if m.Printing.objects.filter(pk=c["id"]).exists()]
    assert len(present) >= 12, "the sample holds at least the dozen fixture printings checked here"
    everywhere = set(LISTED["every_card"])
    unexplained, stale, seen = {}, {}, set()
    for theirs in present:
        ours = client.get(f"/api/cards/{theirs['id']}").json()
        found = set(differences(theirs, ours))
        seen |= found
        listed = set(LISTED.get("cards", {}).get(theirs["name"], {}))
        extra = found - everywhere - listed
        if extra:
            unexplained[theirs["name"]] = sorted(extra)
        if listed - found:
            stale[theirs["name"]] = sorted(listed - found)
    assert not unexplained, f"differences from Scryfall not listed in scryfall_differences.toml: {unexplained}"
    assert not stale, f"listed differences that no longer happen: {stale}"
    reasons = LISTED["reasons"]
    listed_fields = everywhere | {f for fields in LISTED["cards"].values() for f in fields}
    assert listed_fields <= set(reasons), f"listed without a reason: {sorted(listed_fields - set(reasons))}"
    assert not everywhere - seen, f"listed for every card but never different: {sorted(everywhere - seen)}"
