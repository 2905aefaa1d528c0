"""Printings in other languages, read from MTGJSON's foreignData (https://mtgjson.com/data-models/foreign-data/:
language, name, faceName, type, text, flavorText, multiverseId; newer files also identifiers.scryfallId
and identifiers.multiverseId), under Scryfall's language codes (https://scryfall.com/docs/api/languages)."""

import json
import uuid

import pytest

from tolaria.cards import LANGUAGES, DataFileError, Printing
from tolaria.cards._mtgjson import FOREIGN_NAMESPACE, set_batch
from tolaria.cards._read import read_source

BEARS = {
    "name": "Grizzly Bears",
    "uuid": "u1",
    "identifiers": {"scryfallOracleId": "o1", "scryfallId": "s1"},
    "layout": "normal",
    "type": "Creature — Bear",
    "types": ["Creature"],
    "number": "1",
    "rarity": "common",
    "flavorText": "Don't try to outrun one of Dominaria's grizzlies.",
}
SET = {"code": "4ED", "name": "Fourth Edition", "releaseDate": "1995-04-01", "type": "core"}
GERMAN = {
    "language": "German",
    "name": "Grizzlybären",
    "type": "Kreatur — Bär",
    "flavorText": "Versuch nicht, einem Grizzly davonzulaufen.",
    "multiverseId": 148413,
}


def _batch(*cards):
    return set_batch({**SET, "cards": list(cards)}, "test.json")


def test_every_language_of_the_data_has_scryfalls_code():
    # the sixteen languages of MTGJSON 5.2.0's foreignData, and Scryfall's code for each
    assert {name: LANGUAGES[name] for name in ("Japanese", "Portuguese (Brazil)", "Chinese Simplified")} == {
        "Japanese": "ja",
        "Portuguese (Brazil)": "pt",
        "Chinese Simplified": "zhs",
    }
    assert LANGUAGES["Chinese Traditional"] == "zht" and LANGUAGES["Korean"] == "ko"
    assert [LANGUAGES[n] for n in ("Phyrexian", "Sanskrit", "Latin", "Hebrew", "Arabic", "Ancient Greek")] == [
        "ph",
        "sa",
        "la",
        "he",
        "ar",
        "grc",
    ]


def test_a_printing_carries_its_printings_in_other_languages():
    french = {"language": "French", "name": "Ours grizzly", "type": "Créature : ours", "multiverseId": 148900}
    printing = _batch({**BEARS, "foreignData": [french, GERMAN]}).printings[0]
    assert printing.lang == "en"
    # in Scryfall's order of its languages (fr before de), whatever the file's order
    assert [t.lang for t in printing.translations] == ["fr", "de"]
    german = printing.translations[1]
    assert german.name == "Grizzlybären"
    assert german.faces[0].type_line == "Kreatur — Bär"
    assert german.faces[0].flavor_text == "Versuch nicht, einem Grizzly davonzulaufen."
    assert german.multiverse_ids == (148413,)


def test_the_id_is_derived_from_the_printing_and_language_when_the_file_has_none():
    first = _batch({**BEARS, "foreignData": [GERMAN]}).printings[0].translations[0]
    again = _batch({**BEARS, "foreignData": [GERMAN]}).printings[0].translations[0]
    assert first.id == again.id == str(uuid.uuid5(FOREIGN_NAMESPACE, "s1:de"))
    assert uuid.UUID(first.id).version == 5  # never one of Scryfall's (uuid4) ids


def test_the_files_scryfall_id_and_multiverse_id_are_read_when_present():
    newer = {"language": "German", "name": "Grizzlybären", "identifiers": {"scryfallId": "de-1", "multiverseId": "7"}}
    german = _batch({**BEARS, "foreignData": [newer]}).printings[0].translations[0]
    assert (german.id, german.multiverse_ids) == ("de-1", (7,))


def test_a_multi_face_printing_has_each_faces_printed_name():
    fire = {**BEARS, "name": "Fire // Ice", "faceName": "Fire", "layout": "split", "side": "a", "uuid": "f1"}
    ice = {**fire, "faceName": "Ice", "side": "b", "uuid": "f2"}
    fire["foreignData"] = [{"language": "Japanese", "name": "火 // 氷", "faceName": "火", "multiverseId": 1}]
    ice["foreignData"] = [{"language": "Japanese", "name": "火 // 氷", "faceName": "氷", "multiverseId": 1}]
    japanese = _batch(fire, ice).printings[0].translations[0]
    assert japanese.name == "火 // 氷"
    assert [f.name for f in japanese.faces] == ["火", "氷"]
    assert japanese.multiverse_ids == (1,)  # the faces share one


def test_in_language_is_the_printing_as_printed_in_it():
    english = _batch({**BEARS, "foreignData": [GERMAN]}).printings[0]
    german = english.in_language(english.translations[0])
    assert (german.lang, german.set_code, german.collector_number, german.rarity) == ("de", "4ed", "1", "common")
    assert german.id != english.id and german.english_id == "s1"
    assert german.printed_name == "Grizzlybären"
    assert german.flavor_texts == ("Versuch nicht, einem Grizzly davonzulaufen.",)
    assert german.multiverse_ids == (148413,) and not german.translations


def test_translations_survive_the_json_round_trip():
    english = _batch({**BEARS, "foreignData": [GERMAN]}).printings[0]
    again = Printing.from_dict(json.loads(json.dumps(english.to_dict())))
    assert again == english
    german = english.in_language(english.translations[0])
    assert Printing.from_dict(json.loads(json.dumps(german.to_dict()))) == german


def test_an_unknown_language_is_left_out():
    printing = _batch({**BEARS, "foreignData": [{**GERMAN, "language": "Klingon"}]}).printings[0]
    assert printing.translations == ()


@pytest.mark.parametrize("entry", ["Grizzlybären", {"name": "Grizzlybären"}, {**GERMAN, "name": 3}])
def test_a_wrongly_shaped_entry_is_named(tmp_path, entry):
    path = tmp_path / "4ED.json"
    path.write_text(
        json.dumps({"meta": {"version": "5.2.0"}, "data": {**SET, "cards": [{**BEARS, "foreignData": [entry]}]}})
    )
    with pytest.raises(DataFileError) as caught:
        list(read_source(path))
    assert caught.value.field == "foreignData"


def test_the_sample_keeps_the_languages_of_its_named_cards(sample):
    bolts = [
        p for p in sample.printings.values() if sample.cards[p.oracle_id].name == "Lightning Bolt" and p.translations
    ]
    assert len(bolts) == 1  # one printing of each named card keeps its foreignData (scripts/make_sample.py)
    names = {t.lang: t.name for t in bolts[0].translations}
    assert names["de"] == "Blitzschlag" and names["ja"] == "稲妻" and names["fr"] == "Foudre"
    assert sum(len(p.translations) for p in sample.printings.values()) > 2000
