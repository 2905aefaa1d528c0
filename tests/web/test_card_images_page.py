"""The card image markup of the pages (issue 30 item 1): the image at its size, lazily loaded below the
first, over the card's drawn frame; with images off, the frame alone, readable."""

import re

import pytest

pytestmark = pytest.mark.django_db


def card_page(client, name):
    answer = client.get("/search", {"q": f'!"{name}"'})
    assert answer.status_code == 302
    return client.get(answer["Location"]).content.decode()


def test_the_card_page_has_the_image_over_its_frame(client):
    page = card_page(client, "Lightning Bolt")
    img = re.search(r'<div class="card-images" id="card-images">.*?<img ([^>]+)>', page, re.S).group(1)
    assert 'width="488" height="680"' in img and 'alt="Lightning Bolt"' in img
    assert 'loading="lazy"' not in img, "the card page's own image is wanted at once"
    assert re.search(r'src="https://cards\.scryfall\.io/normal/front/[0-9a-f]/[0-9a-f]/[0-9a-f-]{36}\.jpg"', img)
    assert "large/front/" in img and "672w" in img  # the large image for sharp screens
    assert 'class="card-image frame-r"' in page
    frame = re.search(r'<span class="card-frame" aria-hidden="true">(.*?)</span>\s*<img', page, re.S).group(1)
    assert "Lightning Bolt deals 3 damage to any target." in frame and "Instant" in frame


def test_a_double_faced_card_has_an_image_per_face(client):
    page = card_page(client, "Harvesttide Infiltrator")
    faces = re.findall(r'<div class="card-image-face" data-face="(\d)">', page)
    assert faces == ["0", "1"]
    assert re.search(r"/normal/back/[^\"]+\.jpg", page)


def test_images_off_draws_the_frame_alone(client, settings):
    settings.TOLARIA_IMAGE_BASE = None
    page = card_page(client, "Lightning Bolt")
    assert "<img" not in page.split('id="card-images"')[1].split("</div>")[0]
    assert '<span class="card-frame">' in page  # not hidden from screen readers: it is the card now
    assert "Card images are turned off here" in page
    grid = client.get("/search", {"q": "t:creature c:g"}).content.decode()
    assert "<img" not in grid and grid.count('class="card-image ') >= 50


def test_the_search_grid_loads_images_lazily(client):
    grid = client.get("/search", {"q": "t:creature c:g"}).content.decode()
    imgs = re.findall(r"<img [^>]+>", grid)
    assert len(imgs) == 175
    assert 'loading="lazy"' not in imgs[0] and all('loading="lazy"' in i for i in imgs[1:])
    assert all('width="488" height="680"' in i for i in imgs)
    assert "Card images: Scryfall. © Wizards of the Coast." in grid
