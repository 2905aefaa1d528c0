"""A file of the right format with a field of the wrong shape is named by record and field, never an
'unexpected error' from deep inside a reader."""

import json

import pytest

from tolaria.cards import DataFileError
from tolaria.cards._read import read_source

CARD = {
    "name": "Grizzly Bears",
    "uuid": "u1",
    "identifiers": {"scryfallOracleId": "o1", "scryfallId": "s1"},
    "layout": "normal",
    "type": "Creature — Bear",
    "types": ["Creature"],
    "colors": ["G"],
    "manaValue": 2,
    "setCode": "LEA",
    "number": "1",
    "rarity": "common",
    "legalities": {"vintage": "Legal"},
}
SET = {"code": "LEA", "name": "Limited Edition Alpha", "releaseDate": "1993-08-05", "type": "core"}
SCRYFALL = {
    "object": "card",
    "id": "00000000-0000-0000-0000-000000000001",
    "oracle_id": "00000000-0000-0000-0000-000000000000",
    "name": "Grizzly Bears",
    "layout": "normal",
    "set": "lea",
    "collector_number": "1",
}


def _set_file(**card_fields):
    return {"meta": {"version": "5.2.0"}, "data": {**SET, "cards": [{**CARD, **card_fields}]}}


CASES = [
    ("mtgjson legalities as a list", _set_file(legalities=[]), "legalities", "expected an object, found list"),
    ("mtgjson colors as a string", _set_file(colors="G"), "colors", "expected a list, found str"),
    ("mtgjson mana value as text", _set_file(manaValue="two"), "manaValue", "expected a number, found str"),
    ("mtgjson identifiers as a string", _set_file(identifiers="s1"), "identifiers", "expected an object"),
    ("atomic faces that are numbers", {"meta": {}, "data": {"Grizzly Bears": [1, 2]}}, "Grizzly Bears", "face object"),
    ("scryfall legalities as a string", [{**SCRYFALL, "legalities": "legal"}], "legalities", "expected an object"),
    ("scryfall faces as an object", [{**SCRYFALL, "card_faces": {"name": "x"}}], "card_faces", "expected a list"),
]


@pytest.mark.parametrize("data, field, message", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_a_field_of_the_wrong_shape_is_named_with_its_record(tmp_path, data, field, message):
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(data))
    with pytest.raises(DataFileError) as caught:
        for _ in read_source(path):
            pass
    text = str(caught.value)
    assert f"field '{field}'" in text and "record 1" in text and message in text, text
