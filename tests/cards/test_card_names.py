"""Card names folded one way (tolaria.cards.fold_name) and the name table: exact and fuzzy lookups.

Expectations come from Scryfall's documentation of /cards/named ("card names are case-insensitive and
punctuation is optional"; fuzzy: "misspellings and partial words", ``jac bele`` is Jace Beleren, a
name that fits several cards is ambiguous) and from the issue's examples; every name is a real card
of the embedded sample.
"""

import pytest

from tolaria.cards import NameTable, compact_name, fold_name, load_sample


@pytest.fixture(scope="module")
def names():
    return NameTable.of_cards(load_sample().cards.values())


@pytest.mark.parametrize(
    ("typed", "folded"),
    [
        ("Juzám Djinn", "juzam djinn"),
        ("JUZAM DJINN", "juzam djinn"),
        ("Oath of Lim-Dûl", "oath of lim dul"),
        ("Æther Vial", "aether vial"),  # the printed spelling of Aether Vial
        ("AEther Vial", "aether vial"),
        ("Fire // Ice", "fire ice"),
        ("Fire/Ice", "fire ice"),
        ("Commit /// Memory", "commit memory"),
        ("Jace, Vryn's Prodigy", "jace vryns prodigy"),
        ("Jace, Vryn’s Prodigy", "jace vryns prodigy"),  # a curly apostrophe
        ("  Lightning   Bolt ", "lightning bolt"),
        ("Kiki-Jiki, Mirror Breaker", "kiki jiki mirror breaker"),
        ("_____", "_____"),  # the Unhinged card named by blanks keeps its name
    ],
)
def test_fold_name(typed, folded):
    assert fold_name(typed) == folded


def test_compact_name_meets_hyphens_left_out():
    assert compact_name("Kiki-Jiki") == compact_name("KikiJiki") == "kikijiki"


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("Juzam Djinn", "Juzám Djinn"),
        ("juzám djinn", "Juzám Djinn"),
        ("jotun grunt", "Jötun Grunt"),
        ("Oath of Lim-Dul", "Oath of Lim-Dûl"),
        ("oath of lim dul", "Oath of Lim-Dûl"),
        ("Oath of Limdul", "Oath of Lim-Dûl"),  # the hyphen left out
        ("Fire // Ice", "Fire // Ice"),
        ("Fire/Ice", "Fire // Ice"),
        ("fire /// ice", "Fire // Ice"),
        ("Fire", "Fire // Ice"),  # a face's name
        ("ice", "Fire // Ice"),
        ("Insectile Aberration", "Delver of Secrets // Insectile Aberration"),
        ("Petty Theft", "Brazen Borrower // Petty Theft"),
        ("jace vryns prodigy", "Jace, Vryn's Prodigy // Jace, Telepath Unbound"),
        ("LIGHTNING BOLT", "Lightning Bolt"),
    ],
)
def test_exact(names, typed, name):
    assert names.name_of(names.exact(typed)) == name


@pytest.mark.parametrize("typed", ["Lightning Bol", "Juzam", "", "  ", "//", "Fire Ice Fire"])
def test_exact_is_exact(names, typed):
    assert names.exact(typed) is None


def test_a_card_named_like_a_face_comes_first():
    table = NameTable([("a", "Stomp", ["Stomp"]), ("b", "Bonecrusher Giant // Stomp", ["Bonecrusher Giant", "Stomp"])])
    assert table.cards_named("stomp") == ("a", "b") and table.exact("stomp") == "a"


def test_spaces_left_out_only_when_no_card_has_them():
    # both are real cards (Wasteland; Unhinged's Waste Land): each answers its own spelling
    table = NameTable([("w", "Wasteland", ["Wasteland"]), ("u", "Waste Land", ["Waste Land"])])
    assert table.exact("wasteland") == "w" and table.exact("Waste Land") == "u" and table.exact("waste-land") == "u"


@pytest.mark.parametrize(
    ("typed", "name"),
    [
        ("light bolt", "Lightning Bolt"),  # the example
        ("jac bele", "Jace Beleren"),  # Scryfall's documented example
        ("lightnin blt", "Lightning Bolt"),
        ("Harvestide Infiltrater", "Harvesttide Infiltrator // Harvesttide Assailant"),
        ("harv inf", "Harvesttide Infiltrator // Harvesttide Assailant"),
        ("kiki jiki", "Kiki-Jiki, Mirror Breaker"),  # the card the words begin, not Reflection of Kiki-Jiki
        ("lovestruck", "Lovestruck Beast // Heart's Desire"),
        ("insectile", "Delver of Secrets // Insectile Aberration"),
        ("Juzam Djinn", "Juzám Djinn"),
    ],
)
def test_fuzzy_finds(names, typed, name):
    match = names.fuzzy(typed)
    assert match.status == "found" and match.name == name and names.name_of(match.key) == name


@pytest.mark.parametrize(
    ("typed", "among"),
    [
        ("jace", {"Jace Beleren", "Jace, the Mind Sculptor", "Jace's Archivist"}),
        ("lightning", {"Lightning Bolt", "Lightning Helix", "Lightning Blow"}),
        ("brazen", {"Brazen Wolves", "Brazen Borrower // Petty Theft"}),
    ],
)
def test_fuzzy_ambiguous(names, typed, among):
    match = names.fuzzy(typed)
    assert match.status == "ambiguous" and match.key is None and not match
    assert among <= set(match.candidates)


def test_fuzzy_none(names):
    match = names.fuzzy("qqqqzzzzxxxx")
    assert match.status == "none" and match.key is None and match.candidates == ()
    # close to a name, but not closely enough to be taken for it
    near = names.fuzzy("snow covered isl")
    assert near.status == "none" and "Snow-Covered Plains" in near.candidates


def test_suggestions(names):
    assert names.suggestions("Harvestide Infiltrater") == ["Harvesttide Infiltrator // Harvesttide Assailant"]
    assert "Lightning Bolt" in names.suggestions("Lightnin Bolt")
    assert names.suggestions("") == []


def test_a_text_longer_than_any_name_is_no_name_at_once(names, monkeypatch):
    """Issue 28 (every request bounded): /api/cards/named?fuzzy= with 4,000 characters of words compared them
    with every name for seconds. More words than any name has fit no name word by word, and a text over 7/3
    of the longest name is within a ratio of 60 of none: both are answered "none" without the comparisons."""
    from tolaria.cards import _names  # noqa: PLC0415  (the module's comparisons, to see they are not run)

    def never(*args, **kwargs):
        raise AssertionError("compared a text no name can be")

    words = "does trample damage go through a deathtouch blocker when the attacker has first strike "
    monkeypatch.setattr(_names, "_by_similarity", never)
    monkeypatch.setattr(_names, "_by_words", never)
    match = names.fuzzy((words * 50)[:4000])
    assert match.status == "none" and match.candidates == ()
    monkeypatch.undo()
    assert names.fuzzy("lightnin bolt").name == "Lightning Bolt"  # a near miss still goes through them
    assert names.fuzzy("light bolt").name == "Lightning Bolt"
