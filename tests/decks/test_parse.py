"""The decklist reader on the edge cases an audit of issue 15 found (each test written before its fix):
set names where a tool writes no set code, the bytes of an upload, sections, broken CSV quoting, Arena's
rebalanced cards, Archidekt labels, the .dek CatID, and how a format is named to the user."""

from __future__ import annotations

import csv
import dataclasses
import gzip
import io

from tolaria import decks
from tolaria.cards import CardSet

# Deckbox's widely written header, without Edition Code: `Edition` is the set's name
# (SpeedProg/magic_assistant, DeckBoxImportTest: `1,0,Ashes of the Abhorrent,Ixalan,2,…`)
DECKBOX_HEADER = (
    "Count,Tradelist Count,Name,Edition,Card Number,Condition,Language,Foil,Signed,"
    "Artist Proof,Altered Art,Misprint,Promo,Textless,My Price"
)
CODES = decks.set_codes([CardSet("xln", "Ixalan"), CardSet("dds", "Duel Decks: Mind vs. Might")])


def test_deckbox_set_names_become_the_datas_codes():
    text = "\n".join(
        [
            DECKBOX_HEADER,
            "1,0,Ashes of the Abhorrent,Ixalan,2,Near Mint,Russian,,,,,,,,0",
            "1,0,Lightning Bolt,Duel Decks: Mind vs. Might,33,Near Mint,English,foil,,,,,,,0",
        ]
    )
    parsed = decks.parse_decklist(text, set_codes=CODES)
    assert parsed.kind == "csv_deckbox" and parsed.errors == [] and parsed.warnings == []
    got = [(ln.name, ln.set_code, ln.set_name, ln.collector_number, ln.finish) for ln in parsed.lines]
    assert got == [
        ("Ashes of the Abhorrent", "xln", "Ixalan", "2", ""),
        ("Lightning Bolt", "dds", "Duel Decks: Mind vs. Might", "33", "foil"),
    ]


def test_a_set_name_the_data_lacks_warns_and_keeps_the_name_as_pasted():
    text = DECKBOX_HEADER + "\n1,0,Ashes of the Abhorrent,Ixalan Deluxe,2,Near Mint,English,,,,,,,,0\n"
    parsed = decks.parse_decklist(text, set_codes=CODES)
    (line,) = parsed.lines
    assert (line.set_code, line.set_name, line.collector_number) == ("", "Ixalan Deluxe", "2")
    assert len(parsed.warnings) == 1
    assert "Line 2" in parsed.warnings[0] and "Ixalan Deluxe" in parsed.warnings[0]


def test_without_the_set_list_the_name_is_carried_for_the_caller():
    text = DECKBOX_HEADER + "\n1,0,Ashes of the Abhorrent,Ixalan,2,Near Mint,English,,,,,,,,0\n"
    (line,) = decks.parse_decklist(text).lines
    assert (line.set_code, line.set_name, line.collector_number) == ("", "Ixalan", "2")
    assert CODES.code_of_name(line.set_name) == ("xln", "")
    assert CODES.code_of_name("ixalan") == ("xln", "")  # case and punctuation as names are folded
    assert CODES.code_of_name("Nowhere")[0] == "" and "Nowhere" in CODES.code_of_name("Nowhere")[1]


# --------------------------------------------------------------------------------------------
# The bytes of an upload: Windows tools save UTF-16 with a BOM or cp1252; a wrong file is binary

ARENA_AETHER = "Deck\r\n4 Æther Web (M10) 170\r\n2 Lightning Bolt\r\n"


def _names(text: str) -> list[tuple[int, str]]:
    return [(ln.quantity, ln.name) for ln in decks.parse_decklist(text).lines]


def test_every_text_encoding_of_an_upload_reads_the_same():
    expected = [(4, "Æther Web"), (2, "Lightning Bolt")]
    for data in (
        ARENA_AETHER.encode("utf-8"),
        b"\xef\xbb\xbf" + ARENA_AETHER.encode("utf-8"),
        b"\xff\xfe" + ARENA_AETHER.encode("utf-16-le"),
        b"\xfe\xff" + ARENA_AETHER.encode("utf-16-be"),
        ARENA_AETHER.encode("cp1252"),  # "Æ" is the single byte 0xC6, not UTF-8
    ):
        text = decks.decode_decklist(data)
        assert _names(text) == expected, data[:12]


def test_a_binary_file_is_refused_in_words():
    data = gzip.compress(b"4 Lightning Bolt\n" * 50, mtime=0)
    try:
        decks.decode_decklist(data)
    except decks.DecklistUnreadable as exc:
        assert "not a text decklist" in str(exc)
    else:
        raise AssertionError("binary data was decoded as a decklist")
    # the same bytes decoded carelessly (errors="replace") are refused by the reader, not read as 40 rows
    parsed = decks.parse_decklist(data.decode("utf-8", errors="replace"))
    assert parsed.lines == [] and len(parsed.errors) == 1 and "not a text decklist" in parsed.errors[0]
    assert parsed.label == ""  # no format is claimed for it
    utf16 = (b"\xff\xfe" + ARENA_AETHER.encode("utf-16-le")).decode("utf-8", errors="replace")
    assert decks.parse_decklist(utf16).lines == []


# --------------------------------------------------------------------------------------------
# Sections: a commander section is a block; a blank line after it returns to the main deck
# (Arena's Commander block is followed by the deck with or without a `Deck` line, as in
# arcavios/scooze#64: `Commander` / `1 Sharuum the Hegemon` / blank / `4 Swamp` …; Moxfield's
# text puts commanders in a section of their own, taw/magic-search-engine#348)


def _zones(text: str) -> list[tuple[str, str]]:
    return [(ln.name, ln.zone) for ln in decks.parse_decklist(text).lines]


def test_a_blank_line_ends_a_commander_section():
    text = "COMMANDER:\n1 Ghired, Conclave Exile\n\n1 Command Tower\n1 Sol Ring\n"
    assert _zones(text) == [
        ("Ghired, Conclave Exile", "commander"),
        ("Command Tower", "main"),
        ("Sol Ring", "main"),
    ]
    arena = "Commander\n1 Sharuum the Hegemon\n\n4 Swamp\n3 Plains\n"
    assert _zones(arena) == [("Sharuum the Hegemon", "commander"), ("Swamp", "main"), ("Plains", "main")]
    partners = "Commander\n1 Tymna the Weaver\n1 Thrasios, Triton Hero\n\nDeck\n1 Sol Ring\n"
    assert [z for _, z in _zones(partners)] == ["commander", "commander", "main"]


def test_blank_lines_keep_their_meaning_in_the_other_formats():
    # MTGO: a blank line before the sideboard (magefree/mage#4243)
    assert _zones("4 Opt\n\n2 Negate\n") == [("Opt", "main"), ("Negate", "sideboard")]
    # Arena sections with blank lines between them; the sideboard stays the sideboard after a blank
    arena = "Commander\n1 Krenko, Mob Boss\n\nDeck\n1 Sol Ring\n\nSideboard\n1 Negate\n\n1 Duress\n"
    assert [z for _, z in _zones(arena)] == ["commander", "main", "sideboard", "sideboard"]
    mox = "1 Sol Ring\n\nSIDEBOARD:\n1 Negate\n\nMAYBEBOARD:\n1 Black Lotus\n"
    assert [z for _, z in _zones(mox)] == ["main", "sideboard", "maybeboard"]


# --------------------------------------------------------------------------------------------
# CSV quoting: an opening quote never closed would swallow every following row into one name


def test_an_unclosed_quote_is_one_error_and_the_other_rows_are_kept():
    parsed = decks.parse_decklist('Count,Name\n1,"Opt\n2,Shock\n3,"Kongming, ""Sleeping Dragon"""\n')
    assert [(ln.quantity, ln.name, ln.line_number) for ln in parsed.lines] == [
        (2, "Shock", 3),
        (3, 'Kongming, "Sleeping Dragon"', 4),
    ]
    assert len(parsed.errors) == 1
    assert parsed.errors[0].startswith("Line 2:") and "quote" in parsed.errors[0] and '1,"Opt' in parsed.errors[0]


def test_a_quoted_csv_reads_as_before():
    text = '"Count","Tradelist Count","Name","Edition"\r\n"4","0","Lightning Bolt","m10"\r\n"1","0","Fire // Ice","mh2"\r\n'
    parsed = decks.parse_decklist(text)
    assert parsed.errors == []
    assert [(ln.quantity, ln.name, ln.set_code, ln.line_number) for ln in parsed.lines] == [
        (4, "Lightning Bolt", "m10", 2),
        (1, "Fire // Ice", "mh2", 3),
    ]


# --------------------------------------------------------------------------------------------
# Arena's rebalanced cards: Arena writes the A- name with the number of the card it rebalances
# (Draftmancer's `exportCardToMTGA` drops the `A-` of Scryfall's collector number `A-221`)


def test_an_arena_rebalanced_card_names_the_rebalanced_printing(cards):
    (line,) = decks.parse_decklist("Deck\n1 A-Teferi, Time Raveler (WAR) 221\n").lines
    assert (line.name, line.set_code, line.collector_number) == ("A-Teferi, Time Raveler", "war", "A-221")
    (kept,) = decks.parse_decklist("1 A-Teferi, Time Raveler (WAR) A-221 #Control\n").lines
    assert kept.collector_number == "A-221"  # a number written with its A- is kept as it is
    (plain,) = decks.parse_decklist("Deck\n1 Teferi, Time Raveler (WAR) 221\n").lines
    assert plain.collector_number == "221"  # the card before its rebalancing: untouched


def test_arena_export_writes_a_rebalanced_card_as_arena_does(cards, sample):
    teferi = cards["A-Teferi, Time Raveler"]
    printing = next(p for p in sample.printings.values() if p.oracle_id == teferi.oracle_id)
    assert (printing.set_code, printing.collector_number) == ("war", "A-221")
    entry = decks.Entry(teferi, 1, "main", printing)
    assert "1 A-Teferi, Time Raveler (WAR) 221\n" in decks.export_arena([entry])
    assert "1 A-Teferi, Time Raveler (WAR) A-221" in decks.export_moxfield([entry])


# --------------------------------------------------------------------------------------------
# Archidekt labels (`^Have,#37d67a^` after the categories, as Archidekt's export writes them:
# `1x Cultivate (m21) 177 [Ramp] ^Test,#2ccce4^`): kept as a tag of the row, written back


def test_an_archidekt_label_is_kept_and_written_back(cards):
    (line,) = decks.parse_decklist("1x Goblin Guide (zen) 126 *F* [Creature] ^Have,#37d67a^\n").lines
    assert line.name == "Goblin Guide" and line.tags == ("Creature", "^Have,#37d67a^")
    entry = decks.Entry(cards["Goblin Guide"], 1, "main", finish="foil", tags=line.tags)
    assert decks.export_archidekt([entry]) == "1x Goblin Guide *F* [Creature] ^Have,#37d67a^\n"
    # through a CSV's Tags column (comma-separated) the label stays one tag
    back = decks.parse_decklist(decks.export_csv([entry], "csv_moxfield"))
    assert back.lines[0].tags == ("Creature", "^Have,#37d67a^")


# --------------------------------------------------------------------------------------------
# How a format is named to the user, and Tolaria's own plain export read back as plain


def test_each_format_has_a_phrase_with_its_article():
    phrases = {kind: decks.ParsedList(kind=kind).phrase for kind in decks.FORMAT_LABELS}
    assert phrases["arena"] == "an MTG Arena list" and phrases["plain"] == "a plain list"
    assert phrases["mtgo_dek"] == "an MTGO .dek file" and phrases["csv_deckbox"] == "a Deckbox CSV file"
    assert all(" list list" not in p and not p.startswith("a MTG") for p in phrases.values())
    assert decks.ParsedList(kind="archidekt").noun == "Archidekt list"  # for "from this Archidekt list"


def test_tolarias_plain_export_reads_back_as_plain(entry):
    deck = [entry("Krenko, Mob Boss", 1, "commander"), entry("Lightning Bolt", 4), entry("Negate", 2, "sideboard")]
    text = decks.export_text(deck)
    parsed = decks.parse_decklist(text)
    assert parsed.kind == "plain", text
    assert [(ln.name, ln.zone) for ln in parsed.lines] == [
        ("Krenko, Mob Boss", "commander"),
        ("Lightning Bolt", "main"),
        ("Negate", "sideboard"),
    ]
    # Arena's export names every printing: with them, the same sections are Arena's
    assert decks.parse_decklist("Deck\n4 Lightning Bolt (M10) 146\n\nSideboard\n2 Negate (M20) 69\n").kind == "arena"
    assert decks.parse_decklist("About\nName Burn\n\nDeck\n4 Lightning Bolt\n").kind == "arena"


def test_the_reader_says_whether_the_sideboard_is_mtgos_unlabelled_one():
    """MTGO keeps a Commander deck's commander in the sideboard, unlabelled (a blank line in the .txt,
    Sideboard="true" in the .dek); a sideboard under a heading is a sideboard the user named."""
    assert decks.parse_decklist("99 Mountain\n\n1 Krenko, Mob Boss\n").mtgo_sideboard
    dek = '<Deck><Cards CatID="1" Quantity="1" Sideboard="true" Name="Krenko, Mob Boss" /></Deck>'
    assert decks.parse_decklist(dek).mtgo_sideboard
    assert not decks.parse_decklist("Deck\n99 Mountain\n\nSideboard\n1 Krenko, Mob Boss\n").mtgo_sideboard
    assert not decks.parse_decklist("99 Mountain\n").mtgo_sideboard


def test_a_dek_line_naming_no_known_card_still_carries_its_catid():
    """The site keeps such a line waiting under "Not found"; its CatID travels on the parsed line."""
    dek = '<Deck><Cards CatID="99999" Quantity="2" Sideboard="true" Name="Lim-Dûl the Unknown" Annotation="0" /></Deck>'
    (line,) = decks.parse_decklist(dek).lines
    assert (line.name, line.quantity, line.zone, line.cat_id) == ("Lim-Dûl the Unknown", 2, "sideboard", "99999")


def test_a_long_binary_file_is_called_binary_not_too_long():
    data = b"\x00\x01\n" * 3000  # 3,000 "lines": over the line limit, but no decklist at all
    parsed = decks.parse_decklist(data.decode("utf-8", errors="replace"))
    assert parsed.lines == [] and "not a text decklist" in parsed.errors[0]


# --------------------------------------------------------------------------------------------
# CSV cells a spreadsheet would run as formulas (OWASP's CSV-injection rule): an imported tag
# "=HYPERLINK(...)" is written as text in every CSV export, and read back as it was imported


def test_a_formula_in_a_csv_cell_is_written_as_text_and_read_back(cards):
    tag = '=HYPERLINK("http://example.com")'  # one tag: a Tags cell is comma-separated
    entry = decks.Entry(cards["Goblin Guide"], 1, "main", tags=(tag,))
    for kind in ("csv_moxfield", "csv_archidekt", "csv_deckbox"):
        exported = decks.export_csv([entry], kind)
        cells = [cell for row in csv.reader(io.StringIO(exported)) for cell in row]
        assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells), (kind, exported)
        assert "'=HYPERLINK" in exported
        (line,) = decks.parse_decklist(exported).lines
        assert line.tags == (tag,), kind


def test_a_name_a_spreadsheet_would_run_is_text_in_every_csv_export(cards):
    # a card whose name begins as a formula does ("+2 Mace", AFR; "-" and "@" as OWASP lists them), in each
    # of the four CSV formats (ManaBox's too), written with a leading apostrophe and read back as it was
    for start in ("+", "-", "=", "@"):
        card = dataclasses.replace(cards["Goblin Guide"], name=f"{start}2 Mace")
        for kind in ("csv_moxfield", "csv_archidekt", "csv_deckbox", "csv_manabox"):
            exported = decks.export_csv([decks.Entry(card, 1, "main")], kind)
            cells = [cell for row in csv.reader(io.StringIO(exported)) for cell in row]
            assert not any(cell.startswith(("=", "+", "-", "@")) for cell in cells), (kind, exported)
            assert f"'{start}2 Mace" in cells, (kind, exported)
            (line,) = decks.parse_decklist(exported).lines
            assert line.name == f"{start}2 Mace", kind


def test_a_card_name_starting_with_plus_survives_a_csv_round_trip():
    # "+2 Mace" is a real card name; in a spreadsheet it would be a formula
    (line,) = decks.parse_csv("Count,Name\n1,'+2 Mace\n").lines
    assert line.name == "+2 Mace"
    assert decks.parse_csv("Count,Name\n1,It's Showtime\n").lines[0].name == "It's Showtime"
