"""The Scryfall reader and the price readers on real objects (tests/fixtures, sources in its README)."""

import json
from pathlib import Path

from tolaria.cards import PriceBatch, RulingsBatch, SetBatch, detect_format, read_corpus, read_source

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"

SCRYFALL = FIXTURES / "scryfall"


def test_scryfall_cards_of_every_layout():
    corpus = read_corpus(SCRYFALL / "cards.json")
    by_name = {c.name: c for c in corpus.cards.values()}
    bolt = by_name["Lightning Bolt"]
    assert bolt.mana_value == 1 and bolt.colors == ("R",) and bolt.legalities["modern"] == "legal"
    esika = by_name["Esika, God of the Tree // The Prismatic Bridge"]
    assert esika.layout == "modal_dfc" and len(esika.faces) == 2 and esika.mana_value == 3
    assert esika.color_identity == ("W", "U", "B", "R", "G") and esika.produced_mana == ("W", "U", "B", "R", "G")
    assert by_name["Driven // Despair"].mana_value == 4
    # tokens, emblems and art cards are not cards of the game
    layouts = {c.layout for c in corpus.cards.values()}
    assert not layouts & {"token", "double_faced_token", "emblem", "art_series"}
    assert {
        "normal",
        "saga",
        "transform",
        "split",
        "adventure",
        "flip",
        "meld",
        "class",
        "leveler",
        "planar",
        "scheme",
        "vanguard",
        "mutate",
        "host",
        "augment",
        "reversible_card",
    } <= layouts


def test_scryfall_prices_come_with_the_printing():
    corpus = read_corpus(SCRYFALL / "cards.json")
    bolt = next(p for p in corpus.printings.values() if corpus.cards[p.oracle_id].name == "Lightning Bolt")
    raw = next(c for c in json.loads((SCRYFALL / "cards.json").read_text()) if c["name"] == "Lightning Bolt")
    assert bolt.prices.usd == float(raw["prices"]["usd"])


def test_scryfall_agrees_with_its_own_derived_fields():
    corpus = read_corpus(SCRYFALL / "cards.json")  # read together: meld parts know each other
    for raw in json.loads((SCRYFALL / "cards.json").read_text()):
        if raw["layout"] in ("token", "double_faced_token", "emblem", "art_series", "reversible_card"):
            continue
        card = corpus.cards[raw["oracle_id"]]
        assert card.color_identity == tuple(c for c in "WUBRG" if c in raw["color_identity"]), raw["name"]
        assert card.mana_value == raw["cmc"], raw["name"]


def test_list_responses_and_rulings_are_told_apart():
    assert detect_format(SCRYFALL / "list-search.json") == "scryfall-list"
    assert detect_format(SCRYFALL / "rulings.json") == "scryfall-rulings"
    frogs = read_corpus(SCRYFALL / "list-search.json")
    assert len(frogs.printings) == 41
    batches = [b for b in read_source(SCRYFALL / "rulings.json") if isinstance(b, RulingsBatch)]
    assert sum(len(r) for r in batches[0].rulings.values()) == 12


def test_mtgjson_all_prices_today():
    items = list(read_source(FIXTURES / "mtgjson" / "AllPricesToday-sample.json"))
    points = [p for b in items if isinstance(b, PriceBatch) for p in b.points]
    by_uuid = {p.printing_id: p for p in points}
    assert len(by_uuid) == 3
    normal = by_uuid["0001e0d0-2dcd-5640-aadc-a84765cf5fc9"]
    assert normal.date == "2026-05-22" and normal.prices.usd == 5.89 and normal.prices.eur == 4.78
    foil_only = by_uuid["00010d56-fe38-5e35-8aed-518019aa36a5"]
    assert foil_only.prices.usd is None and foil_only.prices.usd_foil == 12.63
    assert not any(isinstance(b, SetBatch) for b in items)
