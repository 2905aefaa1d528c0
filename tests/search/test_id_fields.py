"""oracleid: and illustrationid: (Scryfall's keywords; ids from tests/fixtures/scryfall/cards.json)."""

from tolaria.search import search

# Dryad Arbor (tsr 277 in the fixture): its oracle id and the illustration id of that printing
ARBOR_ORACLE = "e996cd67-739c-40f4-b276-0042acf26c71"
ARBOR_ART = "80a2053e-3199-4ff4-968c-a3d30b419afa"


def test_oracleid_finds_every_printing_of_the_card(sample, sample_index):
    r = search(sample_index, f"oracleid:{ARBOR_ORACLE}", unique="prints")
    expected = {p.id for p in sample.printings.values() if p.oracle_id == ARBOR_ORACLE}
    assert len(expected) > 1 and set(r.printing_ids) == expected
    assert search(sample_index, f"oracleid:{ARBOR_ORACLE.upper()}").total == 1
    assert search(sample_index, f'-oracleid:{ARBOR_ORACLE} !"Dryad Arbor"').total == 0


def test_illustrationid_finds_the_printings_with_that_art(sample, sample_index):
    r = search(sample_index, f"illustrationid:{ARBOR_ART}", unique="prints")
    expected = {p.id for p in sample.printings.values() if p.illustration_id == ARBOR_ART}
    assert expected and set(r.printing_ids) == expected
    assert search(sample_index, "illustrationid:00000000-0000-0000-0000-000000000000").total == 0
