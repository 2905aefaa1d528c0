"""The MTGJSON reader on the embedded sample (real AllPrintings and per-set records)."""

import collections
import json
import lzma

from tolaria.cards import CardsOnly, detect_format, read_source, sample_paths


def card_named(sample, name):
    return next(c for c in sample.cards.values() if c.name == name)


def test_sample_holds_every_layout_of_the_full_data(sample):
    layouts = {c.layout for c in sample.cards.values()}
    full_data_layouts = {
        "normal",
        "transform",
        "modal_dfc",
        "split",
        "adventure",
        "planar",
        "aftermath",
        "saga",
        "flip",
        "scheme",
        "meld",
        "leveler",
        "vanguard",
        "class",
        "host",
        "augment",
        "reversible_card",
    }
    assert full_data_layouts <= layouts


def test_formats_are_told_by_content():
    kinds = [detect_format(p) for p in sample_paths()]
    assert kinds == ["mtgjson-allprintings", "mtgjson-set", "mtgjson-set", "mtgjson-set"]


def test_double_faced_card_is_one_card_with_two_faces(sample):
    card = card_named(sample, "Harvesttide Infiltrator // Harvesttide Assailant")
    assert card.layout == "transform"
    assert [f.name for f in card.faces] == ["Harvesttide Infiltrator", "Harvesttide Assailant"]
    assert card.type_line == "Creature — Human Werewolf // Creature — Werewolf"
    assert card.mana_value == 3 and card.colors == ("R",) and card.color_identity == ("R",)
    assert card.faces[1].color_indicator == ("R",) and card.faces[1].colors == ("R",)
    assert {"Daybound", "Nightbound", "Trample"} <= set(card.keywords)
    printings = sample.printings_of(card.oracle_id)
    assert printings and all(len(p.mtgjson_uuids) == 2 for p in printings)


def test_split_card_mana_value_is_the_sum_of_its_halves(sample):
    card = card_named(sample, "Dusk // Dawn")
    assert card.mana_cost == "{2}{W}{W} // {3}{W}{W}"
    assert card.mana_value == 9


def test_meld_parts_are_cards_of_their_own(sample):
    names = {c.name for c in sample.cards.values() if c.layout == "meld"}
    assert {"Bruna, the Fading Light", "Gisela, the Broken Blade", "Brisela, Voice of Nightmares"} <= names


def test_characteristic_defining_colors(sample):
    assert card_named(sample, "Ghostfire").colors == ()
    assert card_named(sample, "Transguild Courier").colors == ("W", "U", "B", "R", "G")
    assert card_named(sample, "Dryad Arbor").colors == ("G",)


def test_legalities_rulings_and_produced_mana(sample):
    bolt = card_named(sample, "Lightning Bolt")
    assert bolt.legalities["modern"] == "legal" and bolt.legalities["standard"] == "not_legal"
    assert card_named(sample, "Black Lotus").legalities["vintage"] == "restricted"
    assert card_named(sample, "Birds of Paradise").produced_mana == ("W", "U", "B", "R", "G")
    assert card_named(sample, "Sol Ring").produced_mana == ("C",)
    assert card_named(sample, "Tarmogoyf").rulings


def test_printing_fields(sample):
    printings = [p for p in sample.printings.values() if p.set_code == "snc"]
    assert printings
    dancer = next(p for p in printings if sample.cards[p.oracle_id].name == "Fleetfoot Dancer")
    assert dancer.rarity == "rare" and dancer.released_at == "2022-04-29" and dancer.artist
    assert "paper" in dancer.games and "nonfoil" in dancer.finishes


def test_newer_set_files_are_read_too(sample):
    sets = collections.Counter(p.set_code for p in sample.printings.values())
    assert sets["dmu"] and sets["bro"] and sets["one"]


def test_atomic_cards_shape(tmp_path, sample):
    """AtomicCards ({"data": {name: [faces]}}) built from real sample records reads into oracle cards."""

    with lzma.open(sample_paths()[0], "rb") as f:
        sets = json.load(f)["data"]
    atomic: dict[str, list] = {}
    drop = ("artist", "number", "uuid", "setCode", "rarity", "flavorText", "identifiers")
    for records in (sets["MID"]["cards"], sets["LEA"]["cards"]):
        for record in records:
            faces = atomic.setdefault(record["name"], [])
            if len(faces) < (2 if record.get("side") else 1) and record.get("side") not in {
                f.get("side") for f in faces
            }:
                face = {k: v for k, v in record.items() if k not in drop}
                face["identifiers"] = {"scryfallOracleId": record["identifiers"]["scryfallOracleId"]}
                faces.append(face)
    path = tmp_path / "AtomicCards.json"
    path.write_text(json.dumps({"meta": {"date": "2022-04-25", "version": "5.2.0"}, "data": atomic}))
    cards = [c for item in read_source(path) if isinstance(item, CardsOnly) for c in item.cards]
    assert len(cards) == len(atomic)
    by_name = {c.name: c for c in cards}
    werewolf = by_name["Harvesttide Infiltrator // Harvesttide Assailant"]
    assert [f.name for f in werewolf.faces] == ["Harvesttide Infiltrator", "Harvesttide Assailant"]
    assert werewolf.oracle_id == card_named(sample, werewolf.name).oracle_id
    assert by_name["Black Lotus"].legalities["vintage"] == "restricted"
