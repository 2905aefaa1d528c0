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
