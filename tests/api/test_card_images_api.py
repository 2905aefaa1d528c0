"""Card images in the API, as Scryfall's card objects carry them (https://scryfall.com/docs/api/images,
https://scryfall.com/docs/api/cards): image_uris on a card printed on one side, card_faces[i].image_uris
on a double-faced one (front/ then back/), every documented size; image_status claims only what is known."""

import pytest
from django.test import RequestFactory

from tolaria.cards import IMAGE_SIZES, is_scryfall_id
from tolaria.cards._scryfall import scryfall_card
from tolaria.site.scryfall import card_object

pytestmark = pytest.mark.django_db


def get(client, path, status=200, **params):
    r = client.get(path, params)
    assert r.status_code == status, (path, r.content[:300])
    return r.json()


def named(client, name):
    return get(client, "/api/cards/named", exact=name)


def test_a_one_sided_card_has_every_size_from_its_scryfall_id(client):
    bolt = get(client, "/api/cards/sta/42")
    pid = bolt["id"]
    assert list(bolt["image_uris"]) == list(IMAGE_SIZES)
    assert bolt["image_uris"]["normal"] == f"https://cards.scryfall.io/normal/front/{pid[0]}/{pid[1]}/{pid}.jpg"
    assert bolt["image_uris"]["png"].endswith(f"/{pid}.png")
    # MTGJSON does not say how good Scryfall's image is: not claimed high resolution
    assert (bolt["image_status"], bolt["highres_image"], bolt["tolaria_image_status_known"]) == ("lowres", False, False)


def test_a_double_faced_card_has_an_image_per_face(client):
    card = named(client, "Harvesttide Infiltrator")
    assert card["layout"] == "transform" and "image_uris" not in card
    front, back = (f["image_uris"] for f in card["card_faces"])
    assert "/normal/front/" in front["normal"] and "/normal/back/" in back["normal"]
    assert front["normal"].endswith(f"/{card['id']}.jpg") and back["normal"].endswith(f"/{card['id']}.jpg")


def test_a_split_card_has_one_image(client):
    card = named(client, "Breaking // Entering")
    assert card["image_uris"]["normal"].endswith(f"/{card['id']}.jpg")
    assert all("image_uris" not in f for f in card["card_faces"])


def test_a_mirror_and_off(client, settings):
    settings.TOLARIA_IMAGE_BASE = "https://img.example.org/mirror"
    card = get(client, "/api/cards/sta/42")
    assert card["image_uris"]["large"].startswith("https://img.example.org/mirror/large/front/")
    settings.TOLARIA_IMAGE_BASE = None  # TOLARIA_IMAGE_BASE=off
    card = get(client, "/api/cards/sta/42")
    assert "image_uris" not in card
    assert (card["image_status"], card["highres_image"], card["tolaria_image_status_known"]) == ("missing", False, True)
    dfc = named(client, "Harvesttide Infiltrator")
    assert all("image_uris" not in f for f in dfc["card_faces"])


def test_a_printing_in_another_language_by_its_own_id(client):
    german = get(client, "/api/cards/sta/42/de")
    if is_scryfall_id(german["id"]):  # MTGJSON 5.2.1 and later: Scryfall's own id for the German printing
        assert german["image_uris"]["normal"].endswith(f"/{german['id']}.jpg")
    else:  # MTGJSON 5.2.0: an id of Tolaria's own, which no image host knows
        assert "image_uris" not in german and german["image_status"] == "missing"


def test_scryfalls_own_status_is_kept_from_a_scryfall_file():
    data = {
        "object": "card",
        "id": "d74a72a2-d46a-41c2-a400-70571197b020",
        "oracle_id": "6ad8011d-3471-4369-9d68-b264cc027487",
        "name": "Sol Ring",
        "layout": "normal",
        "mana_cost": "{1}",
        "cmc": 1.0,
        "type_line": "Artifact",
        "oracle_text": "{T}: Add {C}{C}.",
        "set": "sld",
        "collector_number": "1512",
        "image_status": "highres_scan",
        "highres_image": True,
    }
    card, printing = scryfall_card(data)
    assert printing.image_status == "highres_scan"
    out = card_object(RequestFactory().get("/"), card, printing)
    assert (out["image_status"], out["highres_image"], out["tolaria_image_status_known"]) == (
        "highres_scan",
        True,
        True,
    )
    card, printing = scryfall_card({**data, "image_status": "lowres", "highres_image": False})
    assert card_object(None, card, printing)["image_status"] == "lowres"
