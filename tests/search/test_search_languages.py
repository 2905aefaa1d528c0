"""Searching the printings in other languages, as Scryfall's guide says (https://scryfall.com/docs/syntax,
"Languages"): lang: finds printings in a language (codes as https://scryfall.com/docs/api/languages,
also the languages' names), lang:any every language, in: a card ever printed in it, new:language the
first printing in each; the API's include_multilingual searches every language. A name search without
them searches the English names first, and the printed names in other languages only when no English
printing answers (Blitzschlag is Lightning Bolt's German name): a plain English word ("terror") finds
the cards whose English name holds it, never a card only because of a printed name in another language
(Diregraf Colossus is "Colosso do Cemitério do Terror" in Portuguese)."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from search_helpers import both_lingual

from tolaria.cards import LANG_CODES, Corpus
from tolaria.search import build_index, search


def _names(sample, result) -> list[str]:
    return [sample.cards[o].name for o in result.oracle_ids]


def _langs(index, result) -> set[str]:
    lingual = index.lingual()
    row = {pid: i for i, pid in enumerate(lingual.printing_ids)}
    out = set()
    for pid in result.printing_ids:
        i = row[pid]
        out.add("en" if i < index.n_printings else _code(index, i - index.n_printings))
    return out


def _code(index, foreign_row: int) -> str:
    return LANG_CODES[int(index.foreign_lang[foreign_row])]


def test_a_printed_name_finds_the_card_in_that_language(sample, sample_index):
    result = search(sample_index, "Blitzschlag")
    assert _names(sample, result) == ["Lightning Bolt"]
    assert _langs(sample_index, result) == {"de"}  # answered by the German printing, the one searched for


def test_a_printed_name_still_finds_its_card_when_english_finds_nothing(sample, sample_index):
    foudre = search(sample_index, "foudre")  # no English name holds it: Lightning Bolt's French "Foudre"
    assert _names(sample, foudre) == ["Lightning Bolt"]
    assert _langs(sample_index, foudre) == {"fr"}
    result = search(sample_index, "Colosso do Cemitério", unique="prints")
    assert _names(sample, result) == ["Diregraf Colossus"]
    assert _langs(sample_index, result) == {"pt"}


@pytest.mark.parametrize(("word", "translated"), [("terror", "Diregraf Colossus"), ("labyrinth", "Maze of Ith")])
def test_an_english_word_does_not_find_a_card_by_a_printed_name_in_another_language(
    sample, sample_index, word, translated
):
    names = _names(sample, search(sample_index, word))
    assert names, f"an English card name holds {word!r} in the sample"
    assert translated not in names
    assert all(word in n.lower() for n in names)
    # asked for every language, the printed name answers too (the API's include_multilingual)
    assert translated in _names(sample, search(sample_index, word, multilingual=True))


def test_an_english_name_answers_in_english(sample, sample_index):
    result = search(sample_index, "lightning bolt", unique="prints")
    assert _langs(sample_index, result) == {"en"}
    everything = search(sample_index, "lightning bolt", unique="prints", multilingual=True)
    assert everything.total == result.total + 10  # the ten other languages of its STA printing
    assert _langs(sample_index, everything) >= {"en", "de", "ja", "zhs"}


def test_lang_answers_the_printings_in_that_language(sample, sample_index):
    japanese = search(sample_index, "lang:ja", unique="prints")
    assert japanese.total == sum(1 for p in sample.printings.values() for t in p.translations if t.lang == "ja")
    assert _langs(sample_index, japanese) == {"ja"}
    assert search(sample_index, "lang:japanese", unique="prints").total == japanese.total
    assert search(sample_index, "language:jp", unique="prints").total == japanese.total  # the printed code
    bolt = search(sample_index, "lightning bolt lang:de", unique="prints")
    assert bolt.total == 1 and _langs(sample_index, bolt) == {"de"}


def test_lang_any_and_lang_en(sample, sample_index):
    every = search(sample_index, "lang:any", unique="prints")
    english = search(sample_index, "lang:en", unique="prints")
    foreign = sum(len(p.translations) for p in sample.printings.values())
    assert every.total == english.total + foreign
    assert _langs(sample_index, english) == {"en"}
    # one result per card: the English printing stands for it
    cards = search(sample_index, "lang:any")
    assert cards.total == search(sample_index, "lang:en").total
    assert _langs(sample_index, cards) == {"en"}


def test_in_language_finds_cards_ever_printed_in_it(sample, sample_index):
    result = search(sample_index, "in:ko")
    korean = {p.oracle_id for p in sample.printings.values() if any(t.lang == "ko" for t in p.translations)}
    assert set(result.oracle_ids) == korean
    assert _langs(sample_index, result) == {"en"}  # in: asks about the card, answered in English


def test_new_language_is_the_first_printing_in_each_language(sample, sample_index):
    result = search(sample_index, '!"Lightning Bolt" new:language', unique="prints")
    assert _langs(sample_index, result) == {"en", "es", "fr", "de", "it", "pt", "ja", "ko", "ru", "zhs", "zht"}


def test_an_unknown_language_is_a_warning(sample_index):
    result = search(sample_index, "lang:klingon t:goblin")
    assert any("unknown language 'klingon'" in w for w in result.warnings)


def test_prints_sort_by_name_then_preference(sample, sample_index):
    result = search(sample_index, "lang:de (t:goblin or bolt)", unique="prints")
    names = _names(sample, result)
    assert names == sorted(names, key=str.casefold) or names == sorted(names)


QUERIES = [
    "Blitzschlag",
    "foudre",
    "稲妻",
    "lightning",
    "lang:ja",
    "lang:de t:instant",
    "-lang:en",
    "lang:any c:r",
    "lang:en or lang:zhs",
    "-(lang:ja or lang:fr) bolt",
    "in:ru",
    "new:language",
    "new:language lang:ko",
    "name:/^blitz/",
    "t:goblin",
    "o:draw lang:pt",
    "-name:bolt lang:ja",
]


@pytest.mark.parametrize("query", QUERIES)
@pytest.mark.parametrize("multilingual", [False, True])
def test_the_index_answers_as_the_per_card_predicates(sample_index, sample_ref, query, multilingual):
    got, want = both_lingual(sample_index, sample_ref, query, multilingual=multilingual)
    assert got == want


ATOMS = ["lang:ja", "lang:any", "lang:en", "-lang:de", "Blitzschlag", "bolt", "in:ko", "new:language", "c:r", "t:elf"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(ATOMS), min_size=1, max_size=3), st.booleans(), st.booleans())
def test_generated_language_queries(sample_index, sample_ref, atoms, use_or, multilingual):
    query = " or ".join(atoms) if use_or else " ".join(atoms)
    got, want = both_lingual(sample_index, sample_ref, query, multilingual=multilingual)
    assert got == want


def test_a_printing_read_in_another_language_is_found_by_its_own(tiny):
    # a Scryfall all-cards file holds printings in other languages as card objects of their own
    # (lang: ja): they are printings of the corpus, found by lang: and in: as the translations are

    english = next(iter(tiny.printings.values()))
    japanese = dataclasses.replace(english, id="00000000-0000-4000-8000-00000000000a", lang="ja")
    corpus = Corpus(cards=dict(tiny.cards), printings={**tiny.printings, japanese.id: japanese}, sets=tiny.sets)
    index = build_index(corpus)
    assert search(index, "lang:ja", unique="prints").printing_ids == [japanese.id]
    assert japanese.id not in search(index, "lang:en", unique="prints").printing_ids
    assert search(index, "in:ja").oracle_ids == [english.oracle_id]


def test_the_explanation_names_the_language(sample_index):
    assert search(sample_index, "lang:ja").explanation == "cards printed in Japanese"
    assert search(sample_index, "lang:zhs").explanation == "cards printed in Chinese Simplified"
    assert search(sample_index, "lang:any t:goblin").explanation.startswith("cards printed in any language")
