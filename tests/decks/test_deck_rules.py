"""Deck validation, statistics and decklist formats over real sample cards (no database)."""

import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from tolaria import decks
from tolaria.cards import Card, Face
from tolaria.decks import Entry


def codes(validation):
    return [p.code for p in validation.problems]


def burn_deck(entry, bolts=4, mountains=56):
    return [entry("Lightning Bolt", bolts), entry("Mountain", mountains)]


def test_sixty_card_modern_deck_is_legal(entry):
    v = decks.validate(burn_deck(entry), "modern")
    assert v.legal, v.problems
    assert v.summary == "This deck is legal in Modern."


def test_too_small_deck_says_how_many(entry):
    v = decks.validate(burn_deck(entry, mountains=40), "modern")
    assert codes(v) == ["size"]
    assert "at least 60" in v.problems[0].message and "has 44" in v.problems[0].message


def test_fifth_copy_is_a_problem_but_basic_lands_are_not(entry):
    v = decks.validate(burn_deck(entry, bolts=5, mountains=60), "modern")
    assert codes(v) == ["copies"]
    assert "Lightning Bolt" in v.problems[0].message and "5" in v.problems[0].message


def test_any_number_clause(entry, cards):
    petitioners = cards["Persistent Petitioners"]
    assert decks.copy_allowance(petitioners, 4) is None
    deck = [Entry(petitioners, 20), entry("Island", 40)]
    assert "copies" not in codes(decks.validate(deck, "legacy"))


def test_seven_dwarves_up_to_seven():
    dwarves = Card(
        "x",
        "Seven Dwarves",
        "normal",
        [
            Face(
                "Seven Dwarves",
                "{1}{R}",
                "Creature — Dwarf",
                "Seven Dwarves gets +1/+1 for each other creature named Seven Dwarves you control.\n"
                "A deck can have up to seven cards named Seven Dwarves.",
                types=("Creature",),
                subtypes=("Dwarf",),
            )
        ],
        legalities={"legacy": "legal"},
    )
    assert decks.copy_allowance(dwarves, 4) == 7
    assert decks.copy_allowance(dwarves, 1) == 7
    mountain = Card(
        "m",
        "Mountain",
        "normal",
        [Face("Mountain", "", "Basic Land — Mountain", supertypes=("Basic",), types=("Land",))],
        legalities={"legacy": "legal"},
    )
    assert "copies" not in codes(decks.validate([Entry(dwarves, 7), Entry(mountain, 53)], "legacy"))
    assert "copies" in codes(decks.validate([Entry(dwarves, 8), Entry(mountain, 52)], "legacy"))


def test_sideboard_at_most_fifteen(entry):
    deck = burn_deck(entry) + [entry("Llanowar Elves", 4, "sideboard"), entry("Forest", 12, "sideboard")]
    v = decks.validate(deck, "legacy")
    assert codes(v) == ["sideboard"] and "16" in v.problems[0].message


def test_banned_card_named(entry):
    v = decks.validate(burn_deck(entry, mountains=55) + [entry("Black Lotus")], "legacy")
    assert codes(v) == ["banned"]
    assert v.problems[0].message == "Black Lotus is banned in Legacy."


def test_restricted_means_one_copy_in_vintage(entry):
    assert decks.validate(burn_deck(entry, mountains=55) + [entry("Black Lotus")], "vintage").legal
    v = decks.validate(burn_deck(entry, mountains=54) + [entry("Black Lotus", 2)], "vintage")
    assert codes(v) == ["restricted"] and "restricted in Vintage" in v.problems[0].message


def test_not_legal_card(entry):
    v = decks.validate(burn_deck(entry, mountains=55) + [entry("Atraxa, Praetors' Voice")], "modern")
    assert "Atraxa, Praetors' Voice is not legal in Modern." in [p.message for p in v.problems]


def commander_deck(entry, commander, filler="Forest", others=()):
    rows = [entry(commander, 1, "commander")] + [entry(n) for n in others]
    rows.append(entry(filler, 99 - len(others)))
    return rows


def test_commander_deck_of_one_hundred_is_legal(entry):
    v = decks.validate(
        commander_deck(entry, "Atraxa, Praetors' Voice", others=["Llanowar Elves", "Sol Ring"]), "commander"
    )
    assert v.legal, v.problems
    assert v.summary == "This deck is legal in Commander."


def test_commander_deck_must_be_exactly_one_hundred(entry):
    deck = commander_deck(entry, "Atraxa, Praetors' Voice") + [entry("Island")]
    v = decks.validate(deck, "commander")
    assert codes(v) == ["size"] and "exactly 100" in v.problems[0].message and "101" in v.problems[0].message


def test_commander_singleton(entry):
    deck = [entry("Atraxa, Praetors' Voice", 1, "commander"), entry("Llanowar Elves", 2), entry("Forest", 97)]
    v = decks.validate(deck, "commander")
    assert codes(v) == ["copies"] and "singleton" in v.problems[0].message


def test_color_identity(entry):
    v = decks.validate(
        commander_deck(entry, "Krenko, Mob Boss", filler="Mountain", others=["Llanowar Elves"]), "commander"
    )
    assert codes(v) == ["identity"]
    assert "Llanowar Elves" in v.problems[0].message and "(R)" in v.problems[0].message


def test_commander_must_be_able_to_command(entry):
    v = decks.validate(commander_deck(entry, "Lightning Bolt", filler="Mountain"), "commander")
    assert "commander" in codes(v)
    assert any("cannot be a commander" in p.message for p in v.problems)


def test_missing_commander(entry):
    v = decks.validate([entry("Forest", 100)], "commander")
    assert any(p.code == "commander" and "needs a commander" in p.message for p in v.problems)


def test_partners(entry, cards):
    ok = [
        entry("Thrasios, Triton Hero", 1, "commander"),
        entry("Rograkh, Son of Rohgahh", 1, "commander"),
        entry("Forest", 98),
    ]
    assert "pair" not in codes(decks.validate(ok, "commander"))
    bad = [
        entry("Thrasios, Triton Hero", 1, "commander"),
        entry("Krenko, Mob Boss", 1, "commander"),
        entry("Forest", 98),
    ]
    v = decks.validate(bad, "commander")
    assert "pair" in codes(v)
    assert (
        decks.pair_reason(cards["Regna, the Redeemer"], cards["Thrasios, Triton Hero"]) is None
    )  # Partner with ≠ Partner
    assert decks.partner_with(cards["Regna, the Redeemer"]) == "Krav, the Unredeemed"


def test_partner_with_pairs_only_its_named_partner():
    def legend(name, text):
        return Card(
            name,
            name,
            "normal",
            [Face(name, "{1}", "Legendary Creature — Human", text, supertypes=("Legendary",), types=("Creature",))],
            can_be_commander=True,
        )

    a = legend("Pir, Imaginative Rascal", "Partner with Toothy, Imaginary Friend (When this creature enters, ...)")
    b = legend("Toothy, Imaginary Friend", "Partner with Pir, Imaginative Rascal (When this creature enters, ...)")
    c = legend("Someone Else", "Partner with Nobody")
    assert decks.pair_reason(a, b) == "partner with"
    assert decks.pair_reason(a, c) is None
    f1, f2 = (
        legend("F1", "Friends forever (You can have two commanders if both have friends forever.)"),
        legend("F2", "Friends forever"),
    )
    assert decks.pair_reason(f1, f2) == "friends forever"
    bg = Card(
        "bg",
        "Cloakwood Hermit",
        "normal",
        [
            Face(
                "Cloakwood Hermit",
                "{2}{G}",
                "Legendary Enchantment — Background",
                supertypes=("Legendary",),
                types=("Enchantment",),
                subtypes=("Background",),
            )
        ],
    )
    chooser = legend("Chooser", "Choose a Background (You can have a Background as a second commander.)")
    assert decks.pair_reason(chooser, bg) == "background"
    assert decks.commander_reason(bg, chooser) is None
    assert decks.commander_reason(bg) is not None


def test_can_be_your_commander_text():
    walker = Card(
        "w",
        "Some Walker",
        "normal",
        [
            Face(
                "Some Walker",
                "{3}",
                "Legendary Planeswalker — Test",
                "Some Walker can be your commander.",
                supertypes=("Legendary",),
                types=("Planeswalker",),
            )
        ],
    )
    assert decks.commander_reason(walker) is None


def test_companion_condition(entry):
    lurrus = entry("Lurrus of the Dream-Den", 1, "sideboard")
    cheap = [entry("Llanowar Elves", 4), entry("Forest", 56)]
    assert decks.validate(cheap + [lurrus], "vintage").legal
    expensive = [entry("Atraxa, Praetors' Voice", 1), entry("Forest", 59)]
    v = decks.validate(expensive + [lurrus], "vintage")
    assert codes(v) == ["companion"] and "mana value 2 or less" in v.problems[0].message


def test_commander_format_has_no_sideboard_but_a_companion(entry):
    deck = commander_deck(entry, "Atraxa, Praetors' Voice") + [entry("Llanowar Elves", 1, "sideboard")]
    assert "sideboard" in codes(decks.validate(deck, "commander"))


def test_maybeboard_is_not_part_of_the_deck(entry):
    deck = burn_deck(entry) + [entry("Black Lotus", 3, "maybeboard")]
    assert decks.validate(deck, "legacy").legal


def test_casual_has_no_rules(entry):
    assert decks.validate([entry("Black Lotus", 9)], "").legal


# -- statistics ---------------------------------------------------------------------------


def test_statistics(entry):
    deck = [
        entry("Lightning Bolt", 4),
        entry("Llanowar Elves", 4),
        entry("Krenko, Mob Boss", 2),
        entry("Mountain", 10),
        entry("Forest", 10),
        entry("Sol Ring", 1, "maybeboard"),
    ]
    s = decks.statistics(deck, {deck[0].card.oracle_id: 1.5, deck[3].card.oracle_id: 0.1})
    assert s.cards == 30
    assert s.curve[1] == 8 and s.curve[4] == 2 and s.curve[0] == 0
    assert s.pips["R"] == 4 + 2 * 2 and s.pips["G"] == 4
    assert s.produced["R"] == 10 and s.produced["G"] == 10 + 4
    assert s.types == {"Creature": 6, "Instant": 4, "Land": 20}
    assert s.price_total == 7.0
    assert s.unpriced_cards == 4 + 2 + 10


# -- decklists ----------------------------------------------------------------------------


def test_parse_plain_text_with_blank_line_sideboard():
    p = decks.parse_decklist("4 Lightning Bolt\n4x Llanowar Elves\nSol Ring\n\n2 Black Lotus\nSB: 1 Forest\n")
    assert [(l.quantity, l.name, l.zone) for l in p.lines] == [
        (4, "Lightning Bolt", "main"),
        (4, "Llanowar Elves", "main"),
        (1, "Sol Ring", "main"),
        (2, "Black Lotus", "sideboard"),
        (1, "Forest", "sideboard"),
    ]
    assert not p.errors


def test_parse_arena():
    text = (
        "About\nName Bolt Tribal\n\nCommander\n1 Krenko, Mob Boss (M13) 139\n\nCompanion\n1 Lurrus of the Dream-Den (IKO) 226\n\n"
        "Deck\n4 Lightning Bolt (M10) 146\n20 Mountain (ZNR) 275 *F*\n\nSideboard\n1 Lurrus of the Dream-Den (IKO) 226\n2 Sol Ring\n"
    )
    p = decks.parse_decklist(text)
    assert p.name == "Bolt Tribal" and p.kind == "arena"
    got = [(l.quantity, l.name, l.zone, l.set_code, l.collector_number) for l in p.lines]
    assert got == [
        (1, "Krenko, Mob Boss", "commander", "m13", "139"),
        (4, "Lightning Bolt", "main", "m10", "146"),
        (20, "Mountain", "main", "znr", "275"),
        (1, "Lurrus of the Dream-Den", "sideboard", "iko", "226"),
        (2, "Sol Ring", "sideboard", "", ""),
    ]


def test_parse_mtgo_dek():
    text = (
        '<?xml version="1.0" encoding="utf-8"?><Deck><Cards CatID="1" Quantity="4" Sideboard="false" Name="Lightning Bolt"/>'
        '<Cards CatID="2" Quantity="2" Sideboard="true" Name="Black Lotus"/></Deck>'
    )
    p = decks.parse_decklist(text)
    assert p.kind == "mtgo_dek"
    assert [(l.quantity, l.name, l.zone) for l in p.lines] == [
        (4, "Lightning Bolt", "main"),
        (2, "Black Lotus", "sideboard"),
    ]
    assert decks.parse_decklist("<Deck><Cards").errors


def test_parse_errors_are_reported():
    p = decks.parse_decklist("4 Lightning Bolt\n0 Sol Ring\n")
    assert len(p.lines) == 1 and "Line 2" in p.errors[0]


def test_exports_round_trip(entry, sample):
    bolt_printing = next(p for p in sample.printings_of(entry("Lightning Bolt").card.oracle_id))
    deck = [
        entry("Krenko, Mob Boss", 1, "commander"),
        replace(entry("Lightning Bolt", 4), printing=bolt_printing),
        entry("Mountain", 20),
        entry("Lurrus of the Dream-Den", 1, "sideboard"),
    ]
    text = decks.export_text(deck)
    assert "4 Lightning Bolt" in text
    arena = decks.export_arena(deck)
    assert f"4 Lightning Bolt ({bolt_printing.set_code.upper()}) {bolt_printing.collector_number}" in arena
    assert arena.startswith("Commander\n1 Krenko, Mob Boss")
    assert "Companion\n1 Lurrus of the Dream-Den" in arena and "Sideboard\n1 Lurrus of the Dream-Den" in arena
    dek = decks.export_mtgo(deck)
    root = ET.fromstring(dek.split("\n", 1)[1])
    assert root.tag == "Deck"
    bolt = [c for c in root.iter("Cards") if c.get("Name") == "Lightning Bolt"][0]
    assert bolt.get("Quantity") == "4" and bolt.get("Sideboard") == "false"
    for exported in (text, arena, dek):
        back = decks.parse_decklist(exported)
        assert {(l.name, l.zone, l.quantity) for l in back.lines} >= {
            ("Lightning Bolt", "main", 4),
            ("Mountain", "main", 20),
            ("Lurrus of the Dream-Den", "sideboard", 1),
        }


def test_colour_sources_count_what_the_deck_can_really_make(entry):
    """Issue 15: Command Tower and Arcane Signet were counted as blue and black sources in a red-green-white
    deck. Their text adds "one mana of any color in your commander's color identity" (rule 903.4f)."""
    krenko = [entry("Krenko, Mob Boss", 1, "commander")]  # mono-red
    s = decks.statistics(krenko + [entry("Command Tower"), entry("Arcane Signet"), entry("Sol Ring")])
    assert s.produced == {"W": 0, "U": 0, "B": 0, "R": 2, "G": 0, "C": 1}
    no_commander = decks.statistics([entry("Command Tower"), entry("Mountain")])
    assert no_commander.produced["R"] == 1 and sum(no_commander.produced.values()) == 1


def test_name_lookup_folds_names_as_every_tool_writes_them():
    """Names as pasted from other tools (issue 15): accents, Æ, MTGO's one slash, Arena's three slashes."""
    index = decks.NameIndex(
        {
            "Æther Vial": "vial",
            "Lim-Dûl's Vault": "vault",
            "Commit // Memory": "commit",
            "Commit": "commit",
            "Fire // Ice": "fire",
            "Fire": "fire",
        }
    )
    assert (
        index.find("Aether Vial") == "vial"
        and index.find("Æther Vial") == "vial"
        and index.find("aether vial") == "vial"
    )
    assert index.find("Lim-Dul's Vault") == "vault" and index.find("Lim-Dûl's Vault") == "vault"
    assert index.find("Commit /// Memory") == "commit" and index.find("Commit/Memory") == "commit"
    assert index.find("Fire/Ice") == "fire" and index.find("Fire // Ice") == "fire"
    assert index.find("Lightning Bolt") is None


def test_size_limits_are_checked_before_reading():
    with pytest.raises(decks.DecklistTooLarge, match="100,000 lines"):
        decks.parse_decklist("1 Forest\n" * 99_999 + "1 Forest")
    with pytest.raises(decks.DecklistTooLarge, match="KB"):
        decks.parse_decklist("1 " + "x" * (decks.MAX_BYTES + 1))


def test_dek_with_entities_is_refused_in_words():
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;">'
        '<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;">]><Deck><Cards Quantity="1" Sideboard="false" Name="&lol3;"/></Deck>'
    )
    parsed = decks.parse_decklist(bomb)
    assert parsed.lines == [] and "entities" in parsed.errors[0]
