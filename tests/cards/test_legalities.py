"""A card's legalities as the data judges them (tolaria.cards._legalities), on the embedded sample.

Expectations from the MTGJSON records themselves (AllPrintings 5.2.0+20220425): Sol Ring's 2ED, 3ED,
LEA and LEB records list "oldschool": "Restricted", its C21 record lists no Old School; no record of
that file names Oathbreaker (the 2023 DMU/BRO/ONE set files do); Lightning Bolt's records list no
Standard."""

from dataclasses import replace

from tolaria.cards import FileLegalities


def card_named(sample, name):
    return next(c for c in sample.cards.values() if c.name == name)


def test_a_format_judged_per_printing_counts_for_the_card(sample):
    assert card_named(sample, "Sol Ring").legalities["oldschool"] == "restricted"


def test_a_format_the_file_judges_and_the_card_does_not_list_is_not_legal(sample):
    assert card_named(sample, "Lightning Bolt").legalities["standard"] == "not_legal"


def test_a_format_the_cards_file_never_mentions_is_left_out(sample):
    ashiok = card_named(sample, "Ashiok, Nightmare Weaver")  # a card of AllPrintings 2022 alone
    assert "oathbreaker" not in ashiok.legalities and ashiok.legalities["modern"] == "legal"
    from_2023 = card_named(sample, "Sheoldred, the Apocalypse")  # DMU's set file knows Oathbreaker
    assert "oathbreaker" in from_2023.legalities


def test_printings_of_one_file_join_and_a_later_file_replaces(sample):
    bolt = card_named(sample, "Lightning Bolt")
    first = FileLegalities()
    first.add(replace(bolt, legalities={"oldschool": "legal", "modern": "legal"}))
    reprint = replace(bolt, legalities={"modern": "legal", "standard": "legal"})
    first.add(reprint)
    first.close()
    assert reprint.legalities == {"oldschool": "legal", "modern": "legal", "standard": "legal"}
    later = FileLegalities()
    rotated = replace(bolt, legalities={"modern": "legal"})
    later.add(rotated)
    later.add(replace(card_named(sample, "Opt"), legalities={"standard": "legal"}))
    later.close()
    assert rotated.legalities == {"modern": "legal", "standard": "not_legal"}  # not joined with the first file
