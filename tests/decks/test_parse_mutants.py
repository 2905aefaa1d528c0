"""Assertions a mutation run of decks/_parse.py (make mutation, issue 27) found missing: which CSV
header names which tool, and what a broken .dek file says. The full exports name every tool by many
columns at once, so each rule of the detection is tested here on the fewest columns it rests on."""

from __future__ import annotations

import pytest

from tolaria import decks
from tolaria.decks import MAX_QUANTITY


@pytest.mark.parametrize(
    ("header", "kind"),
    [
        # Moxfield's collection export opens with Count,Tradelist Count,Name,Edition (no Card Number)
        ('"Count","Tradelist Count","Name","Edition","Condition","Language","Foil","Tags"', "csv_moxfield"),
        ("Tradelist Count,Name", "csv_moxfield"),
        ("Count,Name,Collector Number", "csv_moxfield"),
        ("Count,Card Name", "csv_moxfield"),
        # Deckbox: Tradelist Count with Card Number
        ("Count,Tradelist Count,Name,Edition,Card Number", "csv_deckbox"),
        # Archidekt writes Quantity, Finish and Edition Code; any one of them names it
        ("Quantity,Name", "csv_archidekt"),
        ("Name,Finish", "csv_archidekt"),
        ("Card,Edition Code", "csv_archidekt"),
        # ManaBox: its own id column
        ("Name,Set code,Set name,Collector number,Foil,Quantity,ManaBox ID", "csv_manabox"),
        # a spreadsheet saved with ";" (European Excel) is the same CSV
        ("Quantity;Name;Finish", "csv_archidekt"),
        ("Count;Tradelist Count;Name;Card Number", "csv_deckbox"),
    ],
)
def test_a_csv_header_names_its_tool(header, kind):
    assert decks.detect_format(header + "\n") == kind


@pytest.mark.parametrize(
    "header",
    [
        "Count,Edition",  # no name column: not a card list
        "Name,Edition",  # a name, but no column any tool is known by
        "Lightning Bolt",  # no delimiter at all
    ],
)
def test_a_line_no_tool_writes_is_not_a_csv_header(header):
    assert not decks.detect_format(header + "\n").startswith("csv_")


def test_a_semicolon_csv_is_read_by_its_columns():
    parsed = decks.parse_decklist("Quantity;Name;Edition Code\n2;Lightning Bolt;M10\n")
    assert parsed.kind == "csv_archidekt" and parsed.errors == []
    assert [(ln.quantity, ln.name, ln.set_code) for ln in parsed.lines] == [(2, "Lightning Bolt", "m10")]


# --------------------------------------------------------------------------------------------
# MTGO .dek: each broken card element is its own error, in words, with its place among the cards


def test_a_dek_with_a_dtd_is_refused_in_words():
    dek = '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x "Bolt">]><Deck><Cards Quantity="1" Name="&x;" /></Deck>'
    parsed = decks.parse_decklist(dek)
    assert parsed.lines == [] and parsed.kind == "mtgo_dek"
    assert parsed.errors == ["The .dek file declares XML entities or a DTD, which a deck file never needs; not read."]


def test_a_dek_that_is_not_xml_says_so():
    parsed = decks.parse_decklist('<Deck><Cards Quantity="1" Name="Lightning Bolt"></Deck>')
    assert parsed.lines == []
    (error,) = parsed.errors
    assert error.startswith("The .dek file is not valid XML: ") and error.endswith(".")


def test_each_broken_dek_card_is_one_error_and_the_others_are_kept():
    dek = (
        "<Deck>"
        '<Cards Quantity="two" Name="Shock" />'
        '<Cards Quantity="1" Name="  " />'
        f'<Cards Quantity="{MAX_QUANTITY + 1}" Name="Mountain" />'
        '<Cards Quantity="0" Name="Forest" />'
        '<Cards Name=" Lightning Bolt " CatID=" 123 " />'
        '<Cards Quantity="4" Sideboard="TRUE" Name="Pyroblast" />'
        "</Deck>"
    )
    parsed = decks.parse_decklist(dek)
    assert parsed.errors == [
        "Card 1: quantity 'two' is not a number.",
        "Card 2: no Name attribute.",
        f"Card 3: {MAX_QUANTITY + 1} is not a quantity between 1 and {MAX_QUANTITY}.",
        f"Card 4: 0 is not a quantity between 1 and {MAX_QUANTITY}.",
    ]
    got = [(ln.line_number, ln.quantity, ln.name, ln.zone, ln.cat_id) for ln in parsed.lines]
    # no Quantity attribute is one card; Sideboard is read whatever its case
    assert got == [(5, 1, "Lightning Bolt", "main", "123"), (6, 4, "Pyroblast", "sideboard", "")]
    assert parsed.mtgo_sideboard


# --------------------------------------------------------------------------------------------
# CSV rows: every column read by its name, every row that cannot be read an error with its line

CSV_ROWS = "\n".join(
    [
        "Quantity,Name,Edition Code,Collector Number,Finish,Board,Categories,Scryfall ID",
        f"{MAX_QUANTITY},Relentless Rats,m11,110,Normal,Mainboard,,",
        "1,Sol Ring,Commander Legends,472,Etched Foil,Maybeboard,Ramp,0afa0e33-4804-4b00-b625-c2d6b61090fc",
        "1,Lurrus of the Dream-Den,iko,226,etched-foil,Companion,,",
        "1,Kenrith the Returned King,eld,303,Foil,main,Commander,",
        f"{MAX_QUANTITY + 1},Shadowborn Apostle,m14,113,,,,",
        "x,Island,,,,,,",
        ",,,,,,,",
        ",,m10,,,,,",
    ]
)


def test_csv_columns_are_read_by_their_names():
    parsed = decks.parse_decklist(CSV_ROWS)
    assert parsed.kind == "csv_archidekt"
    got = [
        (
            ln.quantity,
            ln.name,
            ln.zone,
            ln.set_code,
            ln.set_name,
            ln.collector_number,
            ln.finish,
            ln.tags,
            ln.scryfall_id,
            ln.line_number,
        )
        for ln in parsed.lines
    ]
    assert got == [
        (MAX_QUANTITY, "Relentless Rats", "main", "m11", "", "110", "", (), "", 2),
        # a set's name where the code belongs is kept as the name; the Maybeboard column is the zone
        (
            1,
            "Sol Ring",
            "maybeboard",
            "",
            "Commander Legends",
            "472",
            "etched",
            ("Ramp",),
            "0afa0e33-4804-4b00-b625-c2d6b61090fc",
            3,
        ),
        # the companion is played from the sideboard
        (1, "Lurrus of the Dream-Den", "sideboard", "iko", "", "226", "etched", (), "", 4),
        # a Commander category makes the card the commander, and is no tag
        (1, "Kenrith the Returned King", "commander", "eld", "", "303", "foil", (), "", 5),
    ]
    assert parsed.errors == [
        f"Line 6: '{MAX_QUANTITY + 1}' is not a quantity between 1 and {MAX_QUANTITY} (Shadowborn Apostle).",
        f"Line 7: 'x' is not a quantity between 1 and {MAX_QUANTITY} (Island).",
        "Line 9: no card name.",  # line 8 is empty cells only: nothing was written there
    ]


def test_a_set_code_of_six_letters_is_a_code_and_seven_a_name():
    header = "Count,Name,Edition,Collector Number\n"
    parsed = decks.parse_decklist(header + "1,Island,pmagic,1\n1,Forest,ptkdfes,2\n1,Swamp,,3\n")
    got = [(ln.name, ln.set_code, ln.set_name) for ln in parsed.lines]
    assert got == [("Island", "pmagic", ""), ("Forest", "", "ptkdfes"), ("Swamp", "", "")]


def test_parse_csv_without_a_kind_detects_it():
    parsed = decks.parse_csv("Name,Set code,Quantity,ManaBox ID\nShock,m19,4,1\n")
    assert parsed.kind == "csv_manabox"
    assert [(ln.quantity, ln.name, ln.set_code) for ln in parsed.lines] == [(4, "Shock", "m19")]
    assert decks.parse_csv("Name\nShock\n").kind == "csv_moxfield"  # the default when no tool is named


def test_split_quantity_reads_what_a_player_types():
    """The deck editor's add box (split_quantity): no test of tests/decks reached it before."""
    assert decks.split_quantity("4 bolt") == (4, "bolt")
    assert decks.split_quantity("  12x   Lightning   Bolt ") == (12, "Lightning Bolt")
    assert decks.split_quantity("2X Shock") == (2, "Shock")
    assert decks.split_quantity("Sol Ring") == (1, "Sol Ring")
    assert decks.split_quantity("Sol Ring", default=0) == (0, "Sol Ring")
    assert decks.split_quantity("") == (1, "")


# --------------------------------------------------------------------------------------------
# Text lists: comments and the blank line before an unlabelled sideboard


def test_comment_lines_are_not_cards():
    parsed = decks.parse_decklist("// Burn, by a player\n# mainboard\n4 Lightning Bolt\n// 20 lands\n20 Mountain\n")
    assert parsed.errors == []
    assert [(ln.quantity, ln.name, ln.line_number) for ln in parsed.lines] == [
        (4, "Lightning Bolt", 3),
        (20, "Mountain", 5),
    ]


def test_an_arena_list_without_headings_has_its_sideboard_after_the_blank_line():
    parsed = decks.parse_decklist("4 Lightning Bolt (M10) 146\n20 Mountain (M10) 242\n\n2 Shock (M19) 156\n")
    assert parsed.kind == "arena"
    assert [(ln.name, ln.zone) for ln in parsed.lines] == [
        ("Lightning Bolt", "main"),
        ("Mountain", "main"),
        ("Shock", "sideboard"),
    ]
    assert parsed.mtgo_sideboard
