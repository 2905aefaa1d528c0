"""Printings in other languages through the API, as Scryfall's card object has them
(https://scryfall.com/docs/api/cards: lang, printed_name, printed_type_line, printed_text, on the card and
on each card_face; multiverse_ids; an id of its own) and its routes (/cards/:code/:number/:lang,
/cards/:id, /cards/multiverse/:id, the rulings routes, include_multilingual on search, all cards in the
bulk data). The sample keeps the foreignData of STA's Lightning Bolt (#42), ISD's Delver of Secrets (#51)
and UMA's Fire // Ice (#225), among others (scripts/make_sample.py)."""

import gzip

import orjson
import pytest

from tolaria.site.catalog import models as m

pytestmark = pytest.mark.django_db


def get(client, path, status=200, **params):
    r = client.get(path, params)
    assert r.status_code == status, (path, r.content[:300])
    return r.json()


def test_a_card_by_set_number_and_language(client):
    german = get(client, "/api/cards/sta/42/de")
    english = get(client, "/api/cards/sta/42")
    assert german["lang"] == "de" and english["lang"] == "en"
    assert german["id"] != english["id"] and german["oracle_id"] == english["oracle_id"]
    assert german["name"] == "Lightning Bolt"  # the card's name stays the oracle name
    assert german["printed_name"] == "Blitzschlag"
    assert german["printed_type_line"].startswith("Spontanzauber")
    assert "3 Schadenspunkte" in german["printed_text"]
    assert german["oracle_text"] == english["oracle_text"]  # oracle text is English (rule 108.1)
    assert german["multiverse_ids"] == [517655]
    assert (german["set"], german["collector_number"], german["rarity"]) == ("sta", "42", english["rarity"])
    assert "printed_name" not in english
    assert german["uri"].endswith(f"/api/cards/{german['id']}")
    get(client, "/api/cards/sta/42/ko")  # Korean too
    get(client, "/api/cards/sta/42/he", 404)  # never printed in Hebrew


def test_a_foreign_printing_by_its_id_and_its_multiverse_id(client):
    german = get(client, "/api/cards/sta/42/de")
    by_id = get(client, f"/api/cards/{german['id']}")
    assert by_id["id"] == german["id"] and by_id["printed_name"] == "Blitzschlag"
    by_multiverse = get(client, "/api/cards/multiverse/517655")
    assert by_multiverse["id"] == german["id"] and by_multiverse["lang"] == "de"
    english = get(client, "/api/cards/sta/42")
    rulings = get(client, f"/api/cards/{english['id']}/rulings")
    assert get(client, f"/api/cards/{german['id']}/rulings") == rulings
    assert get(client, "/api/cards/multiverse/517655/rulings") == rulings


def test_each_face_has_its_printed_name(client):
    french = get(client, "/api/cards/isd/51/fr")
    assert french["printed_name"] == "Sondeur de secrets // Aberration insectoïde"
    faces = french["card_faces"]
    assert [f["printed_name"] for f in faces] == ["Sondeur de secrets", "Aberration insectoïde"]
    assert [f["name"] for f in faces] == ["Delver of Secrets", "Insectile Aberration"]
    assert all(f.get("printed_type_line") for f in faces)
    japanese = get(client, "/api/cards/uma/225/ja")
    assert japanese["printed_name"] == "火 // 氷"
    assert [f["printed_name"] for f in japanese["card_faces"]] == ["火", "氷"]


def test_search_in_a_language_and_include_multilingual(client):
    german = get(client, "/api/cards/search", q="lang:de t:instant", unique="prints")
    assert german["data"] and {c["lang"] for c in german["data"]} == {"de"}
    assert all(c.get("printed_name") for c in german["data"])
    english = get(client, "/api/cards/search", q='!"lightning bolt"', unique="prints")
    assert {c["lang"] for c in english["data"]} == {"en"}
    every = get(client, "/api/cards/search", q='!"lightning bolt"', unique="prints", include_multilingual="true")
    assert every["total_cards"] == english["total_cards"] + 10
    assert {c["lang"] for c in every["data"]} >= {"en", "de", "ja", "zht"}


def test_a_printed_name_finds_the_card(client):
    found = get(client, "/api/cards/search", q="Blitzschlag")
    assert [(c["name"], c["lang"], c["printed_name"]) for c in found["data"]] == [
        ("Lightning Bolt", "de", "Blitzschlag")
    ]


def test_collection_finds_foreign_printings(client):
    german = get(client, "/api/cards/sta/42/de")
    r = client.post(
        "/api/cards/collection",
        orjson.dumps({"identifiers": [{"id": german["id"]}, {"multiverse_id": 517655}]}),
        content_type="application/json",
    )
    body = r.json()
    assert [c["id"] for c in body["data"]] == [german["id"], german["id"]] and body["not_found"] == []


def test_the_all_cards_file_holds_every_language(client):
    meta = get(client, "/api/bulk-data/all_cards")
    default = get(client, "/api/bulk-data/default_cards")
    r = client.get(meta["download_uri"].split("testserver", 1)[-1])
    body = b"".join(r.streaming_content) if getattr(r, "streaming", False) else r.content
    cards = orjson.loads(gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body)
    langs = {}
    for c in cards:
        langs[c["lang"]] = langs.get(c["lang"], 0) + 1
    assert langs["de"] == m.ForeignPrinting.objects.filter(lang="de").count() > 250
    assert sum(v for k, v in langs.items() if k != "en") == m.ForeignPrinting.objects.count()
    assert meta["size"] > default["size"]
    bolt = next(c for c in cards if c.get("printed_name") == "Blitzschlag")
    assert bolt["name"] == "Lightning Bolt" and bolt["multiverse_ids"] == [517655]


def test_the_manifest_of_one_language(client):
    german = get(client, "/api/cards/manifest", lang="de")
    assert len(german["data"]) == m.ForeignPrinting.objects.filter(lang="de").count()
    assert {row["lang"] for row in german["data"]} == {"de"}
    bolt = get(client, "/api/cards/sta/42/de")
    assert any(row["id"] == bolt["id"] and row["name"] == "Lightning Bolt" for row in german["data"])
