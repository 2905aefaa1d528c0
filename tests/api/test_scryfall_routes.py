"""Every route of Scryfall's API answers in Scryfall's shape (https://scryfall.com/docs/api)."""

import gzip

import orjson
import pytest

from tolaria.site.catalog import models as m

pytestmark = pytest.mark.django_db


def get(client, path, status=200, **params):
    r = client.get(path, params)
    assert r.status_code == status, (path, r.content[:300])
    return r.json() if r["Content-Type"].startswith("application/json") else r


def named(client, name):
    return get(client, "/api/cards/named", exact=name)


def test_lookups_by_every_external_id_find_the_same_printing(client):
    arbor = get(client, "/api/cards/tsr/277")  # Dryad Arbor, Time Spiral Remastered
    assert arbor["name"] == "Dryad Arbor" and arbor["multiverse_ids"] == [509642]
    # the ids the Scryfall fixture gives for this printing (tests/fixtures/scryfall/cards.json); the
    # sample's MTGJSON (2022) has no MTGO id for it
    assert (arbor["tcgplayer_id"], arbor["cardmarket_id"]) == (234111, 547706)
    for route, value in (
        ("multiverse", 509642),
        ("tcgplayer", 234111),
        ("cardmarket", 547706),
    ):
        assert get(client, f"/api/cards/{route}/{value}")["id"] == arbor["id"], route
    assert get(client, "/api/cards/tsr/277/en")["id"] == arbor["id"]
    # the sample keeps this printing's foreignData (scripts/make_sample.py): Japanese, not Hebrew
    japanese = get(client, "/api/cards/tsr/277/ja")
    assert japanese["lang"] == "ja" and japanese["oracle_id"] == arbor["oracle_id"] and japanese["id"] != arbor["id"]
    get(client, "/api/cards/tsr/277/he", 404)
    get(client, "/api/cards/multiverse/1", 404)
    get(client, "/api/cards/mtgo/notanumber", 400)


@pytest.mark.parametrize("kind", ["arena", "mtgo"])
def test_arena_and_mtgo_lookups(client, kind):
    row = m.ExternalId.objects.filter(kind=kind).order_by("value").first()
    assert row is not None, f"the sample has printings with {kind} ids"
    card = get(client, f"/api/cards/{kind}/{row.value}")
    assert card["id"] == row.printing_id and row.value in {str(card.get(f"{kind}_id")), str(card.get("mtgo_foil_id"))}
    assert get(client, f"/api/cards/{kind}/{row.value}/rulings")["object"] == "list"


def test_every_rulings_route_answers_ruling_objects(client):
    card = named(client, "Harvesttide Infiltrator")
    by_id = get(client, f"/api/cards/{card['id']}/rulings")
    assert by_id["data"] and all(r["object"] == "ruling" and r["oracle_id"] == card["oracle_id"] for r in by_id["data"])
    assert get(client, f"/api/cards/{card['set']}/{card['collector_number']}/rulings") == by_id
    if card["multiverse_ids"]:
        assert get(client, f"/api/cards/multiverse/{card['multiverse_ids'][0]}/rulings") == by_id
    if card.get("mtgo_id"):
        assert get(client, f"/api/cards/mtgo/{card['mtgo_id']}/rulings") == by_id


def test_named_set_limits_the_answer_to_that_set(client):
    bolt = get(client, "/api/cards/named", exact="Lightning Bolt", set="2ed")
    assert bolt["set"] == "2ed"
    get(client, "/api/cards/named", 404, exact="Lightning Bolt", set="dmu")


def test_named_as_text(client):
    r = get(client, "/api/cards/named", exact="Lightning Bolt", format="text")
    assert r["Content-Type"].startswith("text/plain")
    assert r.content.decode() == "Lightning Bolt {R}\nInstant\nLightning Bolt deals 3 damage to any target.\n"


def test_collection_finds_every_identifier_kind_and_lists_the_rest(client):
    arbor = get(client, "/api/cards/tsr/277")
    bolt = named(client, "Lightning Bolt")
    on_mtgo = m.ExternalId.objects.filter(kind="mtgo", printing__card__name="Dryad Arbor").first()
    identifiers = [
        {"id": arbor["id"]},
        {"mtgo_id": int(on_mtgo.value)},
        {"multiverse_id": 509642},
        {"oracle_id": bolt["oracle_id"]},
        {"illustration_id": arbor["illustration_id"]},
        {"name": "Lightning Bolt"},
        {"name": "Lightning Bolt", "set": "2ed"},
        {"collector_number": "277", "set": "tsr"},
        {"name": "No Such Card"},
        {"colour": "blue"},
    ]
    r = client.post(
        "/api/cards/collection", orjson.dumps({"identifiers": identifiers}), content_type="application/json"
    )
    body = r.json()
    assert r.status_code == 200 and body["object"] == "list"
    names = [c["name"] for c in body["data"]]
    assert names == ["Dryad Arbor"] * 3 + ["Lightning Bolt"] + ["Dryad Arbor"] + ["Lightning Bolt"] * 2 + [
        "Dryad Arbor"
    ]
    assert body["data"][6]["set"] == "2ed"
    assert body["not_found"] == [{"name": "No Such Card"}, {"colour": "blue"}]
    too_many = {"identifiers": [{"name": "Lightning Bolt"}] * 76}
    r = client.post("/api/cards/collection", orjson.dumps(too_many), content_type="application/json")
    assert r.status_code == 400 and r.json()["object"] == "error"
    r = client.post("/api/cards/collection", b"not json", content_type="application/json")
    assert r.status_code == 400 and r.json()["object"] == "error"


def test_sets_have_every_field_and_an_icon_drawn_here(client):
    sets = get(client, "/api/sets")
    dmu = next(s for s in sets["data"] if s["code"] == "dmu")
    for key in ("id", "uri", "search_uri", "icon_svg_uri", "scryfall_uri", "card_count", "foil_only", "digital"):
        assert key in dmu, key
    assert dmu["printed_size"] > 0 and dmu["icon_svg_uri"].startswith("http://testserver/api/")
    assert get(client, f"/api/sets/{dmu['id']}")["code"] == "dmu"
    assert get(client, "/api/sets/DMU")["id"] == dmu["id"]
    if "tcgplayer_id" in dmu:
        assert get(client, f"/api/sets/tcgplayer/{dmu['tcgplayer_id']}")["code"] == "dmu"
    icon = client.get(dmu["icon_svg_uri"].removeprefix("http://testserver"))
    assert icon.status_code == 200 and icon["Content-Type"] == "image/svg+xml"
    assert icon.content.startswith(b"<svg") and b"<path" in icon.content
    search = client.get(dmu["search_uri"].removeprefix("http://testserver"))
    assert search.status_code == 200 and {c["set"] for c in search.json()["data"]} == {"dmu"}


def test_symbology_lists_symbols_with_svgs_served_here(client):
    symbols = get(client, "/api/symbology")["data"]
    by_symbol = {s["symbol"]: s for s in symbols}
    assert by_symbol["{W/U}"]["hybrid"] and by_symbol["{W/U}"]["colors"] == ["W", "U"]
    assert by_symbol["{G/P}"]["phyrexian"] and by_symbol["{2}"]["mana_value"] == 2
    assert by_symbol["{T}"]["represents_mana"] is False
    for s in (by_symbol["{W}"], by_symbol["{W/U}"], by_symbol["{T}"], by_symbol["{G/P}"]):
        r = client.get(s["svg_uri"].removeprefix("http://testserver"))
        assert r.status_code == 200 and r.content.startswith(b"<svg"), s["symbol"]


def test_parse_mana_reads_braced_and_loose_costs(client):
    cost = get(client, "/api/symbology/parse-mana", cost="2GG")
    assert cost == {
        "object": "mana_cost",
        "cost": "{2}{G}{G}",
        "cmc": 4.0,
        "colors": ["G"],
        "colorless": False,
        "monocolored": True,
        "multicolored": False,
    }
    assert get(client, "/api/symbology/parse-mana", cost="{W/U}{B}")["multicolored"] is True
    get(client, "/api/symbology/parse-mana", 400, cost="{Q!}")


def test_catalogs_from_the_corpus_and_the_rules(client):
    names = get(client, "/api/catalog/card-names")
    assert names["object"] == "catalog" and "Lightning Bolt" in names["data"]
    assert names["total_values"] == len(names["data"])
    assert "Goblin" in get(client, "/api/catalog/creature-types")["data"]
    assert "Forest" in get(client, "/api/catalog/land-types")["data"]
    assert "Trample" in get(client, "/api/catalog/keyword-abilities")["data"]  # CR 702.19
    assert "Scry" in get(client, "/api/catalog/keyword-actions")["data"]  # CR 701
    assert "Landfall" in get(client, "/api/catalog/ability-words")["data"]  # CR 207.2c
    get(client, "/api/catalog/no-such-catalog", 404)


def test_bulk_data_written_at_ingest_and_served_compressed(client):
    listing = get(client, "/api/bulk-data")
    kinds = {b["type"] for b in listing["data"]}
    assert kinds == {"oracle_cards", "unique_artwork", "default_cards", "all_cards", "rulings"}
    oracle = get(client, "/api/bulk-data/oracle_cards")
    assert oracle["size"] > 0 and oracle["updated_at"] and oracle["content_encoding"] == "gzip"
    assert get(client, f"/api/bulk-data/{oracle['id']}")["type"] == "oracle_cards"
    r = client.get(oracle["download_uri"].removeprefix("http://testserver"))
    assert r["Content-Encoding"] == "gzip"
    cards = orjson.loads(gzip.decompress(b"".join(r.streaming_content)))

    assert len(cards) == m.OracleCard.objects.filter(printings__isnull=False).distinct().count()
    assert all(c["object"] == "card" for c in cards)


def test_migrations_in_scryfall_shape(client):
    assert get(client, "/api/migrations") == {"object": "list", "has_more": False, "data": []}


def test_search_csv_and_pretty(client):
    r = get(client, "/api/cards/search", q='!"Lightning Bolt"', format="csv")
    assert r["Content-Type"].startswith("text/csv") and "Lightning Bolt" in r.content.decode()
    r = client.get("/api/cards/search", {"q": '!"Lightning Bolt"', "pretty": "true"})
    assert b'\n  "object": "list"' in r.content


def test_named_fuzzy_uses_the_one_name_table(client):
    assert get(client, "/api/cards/named", fuzzy="light bolt")["name"] == "Lightning Bolt"
    body = get(client, "/api/cards/named", 404, fuzzy="sliver")
    assert body["object"] == "error" and body.get("type") == "ambiguous", body
