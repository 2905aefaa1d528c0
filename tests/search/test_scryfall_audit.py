"""The search against Scryfall's syntax guide (scryfall.com/docs/syntax), family by family.

Each case says where its expectation comes from: the guide's own words, the Comprehensive Rules, or
the card itself (its printed text, cost or stats as MTGJSON records them). Cards the embedded sample
lacks come from tests/search/data/audit-cards.json.xz (scripts/make_audit_cards.py: real MTGJSON
records). Both evaluations (per-card predicates and the index) must agree on every case.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from search_helpers import both, names

from tolaria.cards import NameTable, read_corpus
from tolaria.search import build_index, search
from tolaria.search._fields.printing import SCRYFALL_SET_TYPES
from tolaria.search._reference import Reference

AUDIT_CARDS = Path(__file__).with_name("data") / "audit-cards.json.xz"
KAROOS = {"Coral Atoll", "Dormant Volcano", "Everglades", "Jungle Basin", "Karoo"}


@pytest.fixture(scope="module")
def audit():
    corpus = read_corpus(AUDIT_CARDS)
    return corpus, build_index(corpus), Reference(corpus)


def found(setup, query):
    corpus, index, ref = setup
    fast, slow = both(index, ref, query)
    assert fast == slow, query
    return fast


AUDIT_CASES = [
    # Little Girl's power is ".5" (a half): not 5
    ("pow>=4", set()),
    ("pow=.5", {"Little Girl"}),
    ("pow<1 pow>0", {"Little Girl"}),
    ("tou=.5", {"Little Girl"}),
    # guide: "is:bounceland (alias karoo)"; Visions' karoos return "an untapped Island you control"
    ("is:karoo", KAROOS),
    ("is:bounceland", KAROOS),
    # guide: is:shadowland; Port Town and Choked Estuary: "you may reveal a Plains or Island card"
    ("is:shadowland", {"Port Town", "Choked Estuary"}),
    # CR 709.4b: "The mana cost of a split card is the combined mana costs of its two halves"
    ("m={7}{U}{U}{U}", {"Commit // Memory"}),
    ("m>={4}{U}{U} m>={3}{U}", {"Commit // Memory"}),
    ("m={3}{U}", set()),
    # guide: "modal effects with is:modal"; Austere Command says "Choose two —"; Contagion Clasp's
    # "choose any number of permanents" is proliferate's reminder text, not a mode
    ("is:modal", {"Austere Command"}),
    ('fo:"choose any number"', {"Contagion Clasp"}),
    # guide: "!fire — the card Fire": Start // Fire has a half named Fire
    ("!fire", {"Start // Fire"}),
    # names: case-insensitive, punctuation optional (Scryfall's /cards/named)
    ('!"lim dul\'s vault"', {"Lim-Dûl's Vault"}),
    ('!"Æther Vial"', {"Aether Vial"}),
    ('!"AEther Vial"', {"Aether Vial"}),
    ('!"Commit /// Memory"', {"Commit // Memory"}),
    # two real cards spelled alike: each spelling finds its own card
    ("!wasteland", {"Wasteland"}),
    ('!"waste land"', {"Waste Land"}),
]


@pytest.mark.parametrize(("query", "expected"), AUDIT_CASES)
def test_audit_cards(audit, query, expected):
    assert names(audit[0], found(audit, query)) == expected


def test_colorshifted_is_the_planar_chaos_printing(audit):
    # guide: is:colorshifted; Brute Force's Planar Chaos printing has the colorshifted frame effect
    corpus = audit[0]
    hits = found(audit, "is:colorshifted")
    assert {corpus.printings[p].set_code for p in hits} == {"plc"}
    assert hits == found(audit, "frame:colorshifted")
    assert len(found(audit, '!"brute force"')) > len(hits)


def test_fuzzy_name_of_the_issue(audit):
    table = NameTable.of_cards(audit[0].cards.values())
    assert table.fuzzy("aust com").name == "Austere Command"


@pytest.fixture(scope="module")
def sample_setup(sample, sample_index, sample_ref):
    return sample, sample_index, sample_ref


SAMPLE_CASES = [
    # the issue: an adventurer's costs are its faces' costs, not their sum (Brazen Borrower {1}{U}{U},
    # Petty Theft {1}{U}; Lovestruck Beast {2}{G}, Heart's Desire {G})
    ('m={1}{U}{U} "brazen borrower"', {"Brazen Borrower // Petty Theft"}),
    ("m:{G}{G} lovestruck", set()),
    ("m={2}{G} lovestruck", {"Lovestruck Beast // Heart's Desire"}),
    # a modal double-faced card's back face has its own cost (Tibalt, Cosmic Impostor {5}{B}{R})
    ("m={5}{B}{R} valki", {"Valki, God of Lies // Tibalt, Cosmic Impostor"}),
    ("m={1}{B} valki", {"Valki, God of Lies // Tibalt, Cosmic Impostor"}),
    ("m!={1}{B} valki", set()),
    # split cards: combined (CR 709.4b); Fire // Ice is {1}{R} // {1}{U}
    ('m={2}{R}{U} "fire // ice"', {"Fire // Ice"}),
    # the issue: Sylvan Library's "choose two cards in your hand" is not a mode
    ('is:modal "sylvan library"', set()),
    # modes without a dash (CR 700.2): "choose one or more. Each mode must target a different player."
    # and "Choose three. You may choose the same mode more than once.", each before its bullets
    ('is:modal "vindictive lich"', {"Vindictive Lich"}),
    ('is:modal "wretched confluence"', {"Wretched Confluence"}),
]


@pytest.mark.parametrize(("query", "expected"), SAMPLE_CASES)
def test_sample_cards(sample_setup, query, expected):
    assert names(sample_setup[0], found(sample_setup, query)) == expected


def _prints(setup, query):
    corpus = setup[0]
    return {(corpus.printings[p].set_code, corpus.printings[p].collector_number) for p in found(setup, query)}


def test_new_rarity_is_a_reprint_at_a_new_rarity(sample_setup):
    # guide: "new:rarity to find reprint cards printed at a new rarity for the first time". Lightning
    # Bolt: common from Alpha (1993); first rare the 1998 Junior Grand Prix promo, first uncommon
    # Modern Masters 2015 (its printings as MTGJSON lists them)
    assert _prints(sample_setup, '!"lightning bolt" new:rarity') == {("jgp", "1"), ("mm2", "122")}


def test_old_and_new_frames(sample_setup):
    # guide: "is:new — the 2015 holofoil-stamp frame", "is:old — the 1993 or 1997 variant of the classic frame"
    old = _prints(sample_setup, '!"lightning bolt" is:old')
    assert ("lea", "161") in old and ("m10", "146") not in old
    new = _prints(sample_setup, '!"lightning bolt" is:new')
    assert ("a25", "141") in new and ("lea", "161") not in new


@pytest.mark.parametrize(
    ("query", "same_as"),
    [
        # guide: "is:bikeland (alias cycleland, bicycleland)", "is:canopyland (alias canland)"
        ("is:bicycleland", "is:bikeland"),
        ("is:cycleland", "is:bikeland"),
        ("is:canland", "is:canopyland"),
        ("is:battleland", "is:tangoland"),
        # guide: "-not: is the same as is:"
        ("-not:reprint", "is:reprint"),
    ],
)
def test_aliases(sample_setup, query, same_as):
    assert found(sample_setup, query) == found(sample_setup, same_as)


@pytest.mark.parametrize(
    "query",
    [
        # guide: "is:unique — cards that have only been in a single set", "paperprints=1", "papersets=1",
        # "illustrations>1", is:masterpiece, is:duelcommander, and the promo kinds is:buyabox …
        "is:unique",
        "paperprints=1",
        "papersets=1",
        "illustrations>1",
        "is:masterpiece",
        "is:duelcommander",
        "is:buyabox",
        "is:intro_pack",
        "is:gameday",
        "is:league",
        "is:release",
        "is:giftbox",
        "is:planeswalker_deck",
    ],
)
def test_guide_keywords_are_known(sample_index, query):
    assert not search(sample_index, query).warnings


def test_unique_and_counts(sample_setup):
    corpus = sample_setup[0]
    unique = names(corpus, found(sample_setup, "is:unique"))
    assert "Lightning Bolt" not in unique and unique == names(corpus, found(sample_setup, "sets=1"))
    # Lightning Bolt has been illustrated many times (Alpha's, Magic 2010's, Masters 25's, promos…)
    bolt_arts = names(corpus, found(sample_setup, '!"lightning bolt" illustrations>5'))
    assert bolt_arts == {"Lightning Bolt"}


def test_scryfall_regex_shorthands(sample_setup):
    # scryfall.com/docs/regular-expressions: \spp "+X/+X", \smm "-X/-X", \spt "X/X", \sm any mana symbol;
    # Giant Growth: "Target creature gets +3/+3 until end of turn."
    corpus = sample_setup[0]
    assert "Giant Growth" in names(corpus, found(sample_setup, r"t:instant o:/\spp/"))
    assert "Giant Growth" not in names(corpus, found(sample_setup, r"o:/\smm/"))
    # Llanowar Elves: "{T}: Add {G}."
    assert "Llanowar Elves" in names(corpus, found(sample_setup, r"o:/^\sm: add \sm\.$/"))
    # Grizzly Bears has no text; its 2/2 is not in its rules text
    assert "Grizzly Bears" not in names(corpus, found(sample_setup, r"o:/\spt/"))


def test_in_booster_and_set_types(sample_setup):
    corpus = sample_setup[0]
    # guide: "t:legendary -in:booster — legendary cards that have never been printed in a booster set"
    never = found(sample_setup, "-in:booster")
    assert never and all(not corpus.printings[pid].booster for pid in never)
    # guide: "in: also supports these set types, … -in:core"; Lightning Bolt was in core sets
    assert "Lightning Bolt" in names(corpus, found(sample_setup, "in:core"))
    assert "Lightning Bolt" not in names(corpus, found(sample_setup, "-in:core"))


@pytest.mark.parametrize(("query", "warning"), [("cube:vintage", "cube lists"), ("art:squirrel", "art tags")])
def test_guide_keywords_without_data_say_so(sample_index, query, warning):
    result = search(sample_index, query)
    assert result.total == 0 and any(warning in w and "unavailable" in w for w in result.warnings)


def test_order_spoiled_is_known(sample_index):
    assert not search(sample_index, "t:goblin order:spoiled").warnings


def test_set_type_series_and_promo_kinds(sample_setup):
    # guide: "series of products (st:masters, st:unset, st:portal …) or categories of promo cards
    # (st:fnm, st:judge_gift …)"; MTGJSON records the promo kind as a printing's promoTypes
    corpus = sample_setup[0]
    fnm = found(sample_setup, "st:fnm")
    assert fnm and all("fnm" in corpus.printings[p].promo_types for p in fnm)
    assert found(sample_setup, "st:judge_gift") == found(sample_setup, "st:judgegift")
    portal = found(sample_setup, "st:portal")
    sets = {code.lower(): s for code, s in corpus.sets.items()}
    portal_sets = {sets[corpus.printings[p].set_code].name for p in portal}
    assert "Portal Second Age" in portal_sets and all(n.startswith("Portal") for n in portal_sets)
    assert "Lightning Bolt" in names(corpus, found(sample_setup, "in:judge_gift"))


def test_every_scryfall_set_type_is_known_even_without_a_set(sample_index, sample_setup):
    """Scryfall's set types (https://scryfall.com/docs/api/sets, "Set Types") are all st: words: one no
    set of the sample has (alchemy, treasure_chest, minigame, eternal) finds nothing without a
    warning; a word that is not a set type (multiplayer) is named unknown; st:fromthevault is
    st:from_the_vault. MTGJSON's set `type` uses Scryfall's words, so a set's type is its set_type."""

    assert len(SCRYFALL_SET_TYPES) == 24
    for set_type in ("alchemy", "treasure_chest", "minigame", "eternal"):
        result = search(sample_index, f"st:{set_type}")
        assert result.total == 0 and not result.warnings, set_type
        assert not search(sample_index, f"in:{set_type}").warnings, set_type
    warned = search(sample_index, "st:multiplayer").warnings
    assert warned and "unknown set type 'multiplayer'" in warned[0]
    corpus = sample_setup[0]
    vault = found(sample_setup, "st:from_the_vault")
    assert vault and vault == found(sample_setup, "st:fromthevault")
    assert {corpus.sets[corpus.printings[p].set_code].set_type for p in vault} == {"from_the_vault"}
    assert {s.set_type for s in corpus.sets.values()} <= set(SCRYFALL_SET_TYPES)
