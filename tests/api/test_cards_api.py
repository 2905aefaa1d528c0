"""/api/cards/…: Scryfall-shaped search, named, autocomplete, random, by id, explained."""

import re

import pytest

from tolaria.cards import fold_name

pytestmark = pytest.mark.django_db

CARD_KEYS = {
    "object",
    "id",
    "oracle_id",
    "name",
    "lang",
    "released_at",
    "layout",
    "cmc",
    "type_line",
    "color_identity",
    "keywords",
    "legalities",
    "set",
    "set_name",
    "collector_number",
    "rarity",
    "artist",
    "prices",
    "tolaria_uri",
    "uri",
}


def search(client, q, **params):
    return client.get("/api/cards/search", {"q": q, **params})


def faces(card):
    return card.get("card_faces") or [card]


def test_search_returns_only_matching_cards_in_scryfall_shape(client):
    r = search(client, "t:creature o:trample c:g mv<=3")
    assert r.status_code == 200
    body = r.json()
    # Scryfall leaves out next_page on the last page, and warnings when there are none
    assert body["object"] == "list" and body["has_more"] is False and "next_page" not in body
    assert body["total_cards"] == len(body["data"]) > 5
    assert "warnings" not in body
    for card in body["data"]:
        assert set(card) >= CARD_KEYS and card["object"] == "card"
        assert "G" in card.get("colors", []) or any("G" in f.get("colors", []) for f in faces(card))
        assert card["cmc"] <= 3
        assert any("Creature" in f["type_line"] for f in faces(card))
        assert any("trample" in f["oracle_text"].lower() for f in faces(card))
        assert set(card["prices"]) >= {"usd", "usd_foil", "eur", "eur_foil", "tix"}
        assert all(v is None or re.fullmatch(r"\d+\.\d\d", v) for v in card["prices"].values())
        assert re.fullmatch(r"http://testserver/card/[a-z0-9]+/[^/]+/[a-z0-9-]+", card["tolaria_uri"])
    names = [c["name"] for c in body["data"]]
    assert names == sorted(names, key=str.lower)


def test_legalities_name_every_format(client):
    card = search(client, '!"Lightning Bolt"').json()["data"][0]
    legal = card["legalities"]
    assert {"standard", "modern", "legacy", "vintage", "commander", "pauper", "pioneer"} <= set(legal)
    assert legal["modern"] == "legal" and legal["standard"] == "not_legal" and legal["historic"] == "banned"
    assert set(legal.values()) <= {"legal", "not_legal", "banned", "restricted"}


def test_legalities_are_the_cards_own_and_leave_out_what_the_data_cannot_judge(client):
    """Scryfall judges a card in every format; MTGJSON judges Old School per printing, and its 2022
    AllPrintings knows no Oathbreaker (tolaria.cards._legalities)."""
    sol_ring = client.get("/api/cards/named", {"exact": "Sol Ring"}).json()["legalities"]
    assert sol_ring["oldschool"] == "restricted" and sol_ring["vintage"] == "restricted"
    assert "Sol Ring" in [c["name"] for c in search(client, "restricted:oldschool").json()["data"]]
    ashiok = client.get("/api/cards/named", {"exact": "Ashiok, Nightmare Weaver"}).json()["legalities"]
    assert "oathbreaker" not in ashiok and ashiok["modern"] == "legal"
    sheoldred = client.get("/api/cards/named", {"exact": "Sheoldred, the Apocalypse"}).json()["legalities"]
    assert sheoldred["oathbreaker"] == "legal"  # DMU.json (2023): "oathbreaker": "Legal"


def test_multi_face_cards_have_card_faces(client):
    card = client.get("/api/cards/named", {"exact": "Harvesttide Infiltrator"}).json()
    assert card["name"] == "Harvesttide Infiltrator // Harvesttide Assailant"
    assert [f["name"] for f in card["card_faces"]] == ["Harvesttide Infiltrator", "Harvesttide Assailant"]
    assert card["card_faces"][1]["power"] == "4"


def test_pagination_next_page_is_an_absolute_url_to_page_2(client):
    first = search(client, "t:creature").json()
    assert first["has_more"] is True and len(first["data"]) == 175 and first["total_cards"] > 175
    assert first["next_page"].startswith("http://testserver/api/cards/search?") and "page=2" in first["next_page"]
    second = client.get(first["next_page"]).json()
    assert len(second["data"]) == min(175, first["total_cards"] - 175)
    assert not {c["oracle_id"] for c in first["data"]} & {c["oracle_id"] for c in second["data"]}


def test_page_past_the_end_is_404(client):
    r = search(client, "t:creature", page=99)
    assert r.status_code == 404 and r.json()["code"] == "not_found"


def test_unique_prints_returns_each_printing(client):
    cards = search(client, '!"Lightning Bolt"').json()
    prints = search(client, '!"Lightning Bolt"', unique="prints").json()
    assert cards["total_cards"] == 1
    assert prints["total_cards"] > 10 and len({c["id"] for c in prints["data"]}) == prints["total_cards"]
    assert {c["oracle_id"] for c in prints["data"]} == {cards["data"][0]["oracle_id"]}


def test_order_by_mana_value_descending(client):
    data = search(client, "t:goblin", order="cmc", dir="desc").json()["data"]
    values = [c["cmc"] for c in data]
    assert values == sorted(values, reverse=True) and values[0] > values[-1]


def test_bad_query_is_400_with_position_and_expectation(client):
    r = search(client, "t:creature (o:flying")
    assert r.status_code == 400
    body = r.json()
    assert body["object"] == "error" and body["code"] == "bad_request" and body["status"] == 400
    assert "position" in body["details"] and "expected" in body["details"]
    assert body["position"] == len("t:creature (o:flying")


def test_too_long_query_is_400(client):
    r = search(client, "o:a " * 300)
    assert r.status_code == 400 and "1000" in r.json()["details"]


def test_no_match_is_404_not_found(client):
    r = search(client, "t:creature t:instant t:land mv>15")
    assert r.status_code == 404
    assert r.json()["object"] == "error" and r.json()["code"] == "not_found"


def test_named_exact_and_fuzzy(client):
    exact = client.get("/api/cards/named", {"exact": "lightning bolt"})
    assert exact.status_code == 200 and exact.json()["name"] == "Lightning Bolt"
    fuzzy = client.get("/api/cards/named", {"fuzzy": "lightnin blt"})
    assert fuzzy.status_code == 200 and fuzzy.json()["name"] == "Lightning Bolt"
    missing = client.get("/api/cards/named", {"exact": "Lightnin Bolt"})
    assert missing.status_code == 404 and "Lightning Bolt" in missing.json()["suggestions"]
    none = client.get("/api/cards/named", {"fuzzy": "qqqqzzzzxxxx"})
    assert none.status_code == 404 and none.json()["code"] == "not_found"


def test_named_with_set_picks_that_printing(client):
    card = client.get("/api/cards/named", {"exact": "Lightning Bolt", "set": "2ed"}).json()
    assert card["set"] == "2ed" and card["set_name"] == "Unlimited Edition"


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("juzam", "Juzám Djinn"),
        ("jotun", "Jötun Grunt"),
        ("lim-dul", "Oath of Lim-Dûl"),
        ("oath of lim dul", "Oath of Lim-Dûl"),
        ("fire/ice", "Fire // Ice"),
        ("fire//ice", "Fire // Ice"),
        ("sol-ring", "Sol Ring"),
        ("Æther we", "Aether Web"),
    ],
)
def test_autocomplete_folds_names_as_named_and_search_do(client, typed, name):
    """api/cards/autocomplete: "Spaces, punctuation, and capitalization are ignored" (Scryfall), and
    accents and Æ fold as in named and !"…" (tolaria.cards.fold_name)."""

    assert fold_name(typed) in fold_name(name)  # the expectation is about folding, not about the sample
    assert name in client.get("/api/cards/autocomplete", {"q": typed}).json()["data"]


def test_autocomplete_puts_prefix_matches_first(client):
    body = client.get("/api/cards/autocomplete", {"q": "light"}).json()
    assert body["object"] == "catalog" and 0 < len(body["data"]) <= 20
    assert "Lightning Bolt" in body["data"]
    starts = [n.lower().startswith("light") for n in body["data"]]
    assert starts[0] and starts == sorted(starts, reverse=True)  # every prefix match before any other
    assert client.get("/api/cards/autocomplete", {"q": "l"}).json()["data"] == []


def test_random_respects_the_query(client):
    for _ in range(5):
        card = client.get("/api/cards/random", {"q": "t:goblin"}).json()
        assert "Goblin" in card["type_line"]
    assert client.get("/api/cards/random").json()["object"] == "card"
    assert client.get("/api/cards/random", {"q": "t:creature ("}).status_code == 400


def test_card_by_printing_id_and_by_oracle_id(client):
    bolt = search(client, '!"Lightning Bolt" set:2ed', unique="prints").json()["data"][0]
    by_print = client.get(f"/api/cards/{bolt['id']}").json()
    assert by_print["id"] == bolt["id"] and by_print["set"] == "2ed"
    by_oracle = client.get(f"/api/cards/{bolt['oracle_id']}").json()
    assert by_oracle["oracle_id"] == bolt["oracle_id"] and by_oracle["name"] == "Lightning Bolt"
    assert isinstance(by_oracle["tolaria_tags"], list) and isinstance(by_oracle["tolaria_rulings"], list)
    missing = client.get("/api/cards/00000000-0000-0000-0000-000000000000")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_card_rulings_are_listed(client):
    card = client.get("/api/cards/named", {"exact": "Harvesttide Infiltrator"}).json()
    full = client.get(f"/api/cards/{card['oracle_id']}").json()
    assert full["tolaria_rulings"] and {"published_at", "comment"} <= set(full["tolaria_rulings"][0])
    listed = client.get(f"/api/cards/{card['id']}/rulings").json()
    assert listed["object"] == "list" and listed["data"][0]["object"] == "ruling"
    assert len(listed["data"]) == len(full["tolaria_rulings"])


def test_explained_fleetfoot_dancer_links_trample_to_702_19(client):
    card = client.get("/api/cards/named", {"exact": "Fleetfoot Dancer"}).json()
    body = client.get(f"/api/cards/{card['id']}/explained").json()
    face = body["faces"][0]
    assert "".join(s["text"] for s in face["segments"]) == card["oracle_text"]
    trample = next(s for s in face["segments"] if s["linked"] and s["text"] == "Trample")
    assert trample["rule"] == "702.19" and trample["title"] == "Trample" and trample["kind"] == "keyword_ability"
    numbers = [r["number"] for r in trample["rules"]]
    assert numbers == [f"702.19{x}" for x in "abcdefg"]
    assert trample["rules"][0]["text"].startswith("Trample is a static ability")
    assert trample["rules"][1]["examples"]
    assert {s["rule"] for s in face["segments"] if s["linked"]} >= {"702.19", "702.15", "702.10"}
    assert client.get("/api/cards/nope/explained").status_code == 404


def test_explained_day_night_reminder_opens_its_rule(client):
    card = client.get("/api/cards/named", {"exact": "Harvesttide Infiltrator"}).json()
    body = client.get(f"/api/cards/{card['oracle_id']}/explained").json()
    links = [s for f in body["faces"] for s in f["segments"] if s["linked"]]
    night = next(s for s in links if s["text"] == "it becomes night")
    assert night["in_reminder"] is True and night["rule"].startswith("730.")
    assert [r["number"] for r in night["rules"]] == [night["rule"]]


def test_card_carries_its_structure_under_the_tolaria_key(client):
    # Harvesttide Infiltrator: "Trample\nDaybound (If a player casts no spells ...)" (issue 12)
    card = client.get("/api/cards/named", {"exact": "Harvesttide Infiltrator"}).json()
    full = client.get(f"/api/cards/{card['oracle_id']}").json()
    front = full["tolaria"]["structure"][0]
    assert [a["kind"] for a in front["abilities"]][:2] == ["keyword", "keyword"]
    assert front["abilities"][0]["keywords"][0]["name"]["text"] == "Trample"
    assert front["reminders"] and front["reminders"][0]["text"].startswith("(If a player casts")
    assert all({"abilities"} <= set(t) for t in full["tolaria_tags"])
