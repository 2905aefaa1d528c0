"""The default printing: the rule on real printings of the sample, and one choice on every surface."""

import dataclasses

import pytest

from tolaria.cards import default_printing, printing_preference, sort_printings


def _printings(sample, name):
    oid = next(o for o, c in sample.cards.items() if c.name == name)
    return oid, sample.printings_of(oid)


# Expectations from the rule and the sample's printings (MTGJSON set types): Lightning Bolt's newer
# printings are Secret Lair 675, The List, the Strixhaven Mystical Archive (masterpiece), so Jumpstart
# 342 (2020) is the newest regular one; Llanowar Elves' newest are Mystery Booster and Game Night (box).
@pytest.mark.parametrize(
    ("name", "expected"),
    [("Lightning Bolt", ("jmp", "342")), ("Llanowar Elves", ("m19", "314")), ("Counterspell", ("mh2", "267"))],
)
def test_default_printing_is_the_newest_regular_one(sample, name, expected):
    _, printings = _printings(sample, name)
    chosen = default_printing(printings, sample.sets)
    assert (chosen.set_code, chosen.collector_number) == expected


def test_sweep_sets_are_chosen_only_when_nothing_else_exists(sample):
    _, printings = _printings(sample, "Lightning Bolt")
    only_sweeps = [p for p in printings if p.set_code in ("sld", "plist", "mb1")]
    chosen = default_printing(only_sweeps, sample.sets)
    assert chosen.set_code in ("sld", "plist", "mb1")


def test_english_paper_and_no_promo_come_before_recency(sample):
    _, printings = _printings(sample, "Lightning Bolt")
    jmp = next(p for p in printings if p.set_code == "jmp")
    newer = dataclasses.replace(jmp, id="x-promo", released_at="2030-01-01", promo=True)
    foreign = dataclasses.replace(jmp, id="x-de", released_at="2030-01-01", lang="de")
    online = dataclasses.replace(jmp, id="x-mtgo", released_at="2030-01-01", games=("mtgo",), digital=True)
    assert default_printing([newer, foreign, online, jmp], sample.sets) is jmp
    assert [p.id for p in sort_printings([online, foreign, newer, jmp], sample.sets)] == [
        jmp.id,
        "x-promo",
        "x-mtgo",
        "x-de",
    ]


def test_same_set_lowest_collector_number_first(sample):
    _, printings = _printings(sample, "Forest")
    one = [p for p in printings if p.set_code == "one" and not p.full_art]
    keys = sorted(one, key=lambda p: printing_preference(p, sample.sets.get("one")))
    assert keys[0].collector_number == min((p.collector_number for p in one), key=int)


def test_no_printings_gives_none(sample):
    assert default_printing([], sample.sets) is None


@pytest.mark.django_db
def test_card_page_search_and_api_agree_on_the_default(client, sample):
    oid, _ = _printings(sample, "Lightning Bolt")
    page = client.get(f"/card/{oid}")
    assert page.status_code == 302 and page["Location"].startswith("/card/jmp/342/")
    found = client.get("/search", {"q": '!"Lightning Bolt"'})
    assert found.status_code == 302 and found["Location"].startswith("/card/jmp/342/")
    api = client.get("/api/cards/named", {"exact": "Lightning Bolt"}).json()
    assert (api["set"], api["collector_number"]) == ("jmp", "342")
    grid = client.get("/api/cards/search", {"q": '!"Lightning Bolt"'}).json()
    assert [(c["set"], c["collector_number"]) for c in grid["data"]] == [("jmp", "342")]
