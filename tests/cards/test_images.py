"""The card image addresses, against real Scryfall card objects: the expected addresses are copied from
Scryfall's own image_uris (tests/fixtures/scryfall/cards.json and the Sol Ring object quoted below),
without their ?timestamp cache-buster."""

import pytest

from tolaria.cards import (
    DEFAULT_IMAGE_BASE,
    IMAGE_SIZES,
    ImageBaseError,
    card_image_uris,
    image_base,
    image_uris,
    is_scryfall_id,
)

SOL_RING = "d74a72a2-d46a-41c2-a400-70571197b020"  # SLD 1512, a reversible card (Scryfall API, 2024)


def test_every_documented_size_in_scryfalls_order():
    # https://scryfall.com/docs/api/images: png, border_crop, art_crop, large, normal, small; a card
    # object's image_uris lists them small, normal, large, png, art_crop, border_crop
    assert list(IMAGE_SIZES) == ["small", "normal", "large", "png", "art_crop", "border_crop"]
    assert (IMAGE_SIZES["normal"].width, IMAGE_SIZES["normal"].height) == (488, 680)
    assert (IMAGE_SIZES["png"].width, IMAGE_SIZES["png"].height, IMAGE_SIZES["png"].extension) == (745, 1040, "png")
    assert IMAGE_SIZES["art_crop"].width is None  # "Varies"


def test_addresses_as_scryfall_writes_them():
    uris = image_uris(SOL_RING)
    assert uris == {
        "small": f"https://cards.scryfall.io/small/front/d/7/{SOL_RING}.jpg",
        "normal": f"https://cards.scryfall.io/normal/front/d/7/{SOL_RING}.jpg",
        "large": f"https://cards.scryfall.io/large/front/d/7/{SOL_RING}.jpg",
        "png": f"https://cards.scryfall.io/png/front/d/7/{SOL_RING}.png",
        "art_crop": f"https://cards.scryfall.io/art_crop/front/d/7/{SOL_RING}.jpg",
        "border_crop": f"https://cards.scryfall.io/border_crop/front/d/7/{SOL_RING}.jpg",
    }
    assert image_uris(SOL_RING.upper()) == uris  # an id is one id whatever its case


def test_a_double_faced_card_has_an_image_per_side_and_none_of_its_own():
    # Scryfall: a transform card's card_faces each carry image_uris, front/ then back/
    top, faces = card_image_uris(SOL_RING, "transform", 2)
    assert top is None
    assert faces[0]["normal"].endswith(f"/normal/front/d/7/{SOL_RING}.jpg")
    assert faces[1]["normal"].endswith(f"/normal/back/d/7/{SOL_RING}.jpg")
    assert faces[1]["png"].endswith(f"/png/back/d/7/{SOL_RING}.png")


@pytest.mark.parametrize("layout", ["split", "flip", "adventure", "meld", "normal"])
def test_a_card_printed_on_one_side_has_one_image(layout):
    top, faces = card_image_uris(SOL_RING, layout, 2 if layout != "normal" else 1)
    assert top == image_uris(SOL_RING)
    assert all(f is None for f in faces)


def test_a_mirror_or_off():
    assert image_base(None) == image_base("") == DEFAULT_IMAGE_BASE == "https://cards.scryfall.io"
    assert image_base("https://img.example.org/scryfall/") == "https://img.example.org/scryfall"
    assert image_base("http://127.0.0.1:8599") == "http://127.0.0.1:8599"
    for off in ("off", "OFF", "none", "0", " off "):
        assert image_base(off) is None
    mirror = image_uris(SOL_RING, "https://img.example.org/scryfall")
    assert mirror["large"] == f"https://img.example.org/scryfall/large/front/d/7/{SOL_RING}.jpg"
    assert image_uris(SOL_RING, None) is None
    assert card_image_uris(SOL_RING, "transform", 2, None) == (None, [None, None])


@pytest.mark.parametrize(
    "bad", ["cards.scryfall.io", "ftp://host/x", "https://", "https://h/?a=1", "javascript:alert(1)"]
)
def test_a_bad_base_is_a_clear_error(bad):
    with pytest.raises(ImageBaseError, match="TOLARIA_IMAGE_BASE"):
        image_base(bad)


def test_only_scryfall_ids_name_an_image():
    assert is_scryfall_id(SOL_RING)
    # MTGJSON's uuids are version 5 (the sample's Angelic Chorus, 10E 4, has MTGJSON uuid
    # 3b77bb52-4181-57f5-b3cd-f3a15b95aa29 and Scryfall id f835ff5d-e03d-4a93-98bb-704eaa1e2b64), as are
    # Tolaria's ids for printings in other languages
    assert is_scryfall_id("f835ff5d-e03d-4a93-98bb-704eaa1e2b64")
    assert not is_scryfall_id("3b77bb52-4181-57f5-b3cd-f3a15b95aa29")
    assert not is_scryfall_id("not an id")
    assert not is_scryfall_id("")
    assert image_uris("3b77bb52-4181-57f5-b3cd-f3a15b95aa29") is None
    with pytest.raises(ValueError):
        image_uris(SOL_RING, side="left")
