"""Set codes as the tools write them (tolaria.decks._sets): derived from MTGJSON's set fields where the
data can say, a short hand list with sources otherwise, and a code the data lacks kept as written."""

from __future__ import annotations

from tolaria import decks
from tolaria.cards import CardSet
from tolaria.decks import MAIN, Entry


def test_mtgo_codes_become_aliases_and_arena_writes_them_only_for_arena_sets():
    sets = [
        CardSet("dom", "Dominaria", mtgo_code="dar"),
        CardSet("7ed", "Seventh Edition", mtgo_code="7e"),
        CardSet("con", "Conflux", mtgo_code="con"),
        CardSet("evg", "Duel Decks: Elves vs. Goblins"),
        CardSet("dd1", "Duel Decks: Elves vs. Goblins (MTGJSON)", mtgo_code="evg"),  # collides with a real code
        CardSet("ymid", "Alchemy: Innistrad", set_type="alchemy", digital=True),
    ]
    codes = decks.set_codes(sets, arena_sets={"dom", "ymid"})
    assert codes.resolve("DAR") == ("dom", "") and codes.arena_code("dom") == "dar"
    assert codes.resolve("7E") == ("7ed", "") and codes.arena_code("7ed") == "7ed"  # 7ED is not on Arena
    assert codes.resolve("evg") == ("evg", "")  # a set's own code wins over another set's MTGO code
    assert codes.resolve("CONF") == ("con", "") and codes.arena_code("con") == "conf"
    assert codes.resolve("YMID") == ("ymid", "") and codes.resolve("Y22") == ("ymid", "")
    assert codes.arena_code("ymid") == "ymid"


def test_a_code_the_data_lacks_says_why():
    codes = decks.set_codes([CardSet("dom", "Dominaria", mtgo_code="dar")])
    assert codes.resolve("ymid") == ("", f"Tolaria's data ({decks.DATA_NOTE}) has no set YMID")
    code, why = codes.resolve("y22")  # an alias whose set the data lacks
    assert code == "" and why.startswith("Y22 is Arena's code for YMID, a set Tolaria's data")


def test_a_pasted_printing_the_data_lacks_is_written_back_by_every_format_that_carries_printings(sample):
    opt = next(c for c in sample.cards.values() if c.name == "Opt")
    deck = [Entry(opt, 1, MAIN, set_code="ymid", collector_number="12")]
    for kind in ("arena", "moxfield", "archidekt", "csv_moxfield", "csv_archidekt", "csv_deckbox", "csv_manabox"):
        back = decks.parse_decklist(decks.export_deck(deck, kind))
        assert [(ln.name, ln.set_code, ln.collector_number) for ln in back.lines] == [("Opt", "ymid", "12")], kind


def test_cat_id_is_the_printings_mtgo_id_and_the_foil_id_for_a_foil_row(sample):
    sol = next(p for p in sample.printings.values() if p.set_code == "c13" and p.collector_number == "259")
    card = sample.cards[sol.oracle_id]
    # MTGJSON identifiers of C13 Sol Ring: mtgoId 51096, mtgoFoilId 51097
    assert decks.cat_id_of(Entry(card, 1, MAIN, sol)) == "51096"
    assert decks.cat_id_of(Entry(card, 1, MAIN, sol, "foil")) == "51097"
    assert decks.cat_id_of(Entry(card, 1, MAIN, sol, cat_id="123")) == "123"  # a .dek's own CatID kept
    assert decks.cat_id_of(Entry(card, 1, MAIN)) == ""
