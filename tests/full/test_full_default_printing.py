"""The default printing of the 50 most printed cards of the full data (make test-full).

Each expectation was written by hand from the rule in tolaria.cards._default (English, paper, a main
set before other products before The List / Mystery Booster / Secret Lair before promos; then no promo,
no special frame or full art; then the newest; then the lowest collector number), reading each card's
printings in the MTGJSON files (set type, release date, flags) before the code was run on them.
"""

from collections import Counter

import pytest

from tolaria.cards import default_printing

pytestmark = pytest.mark.full

# name -> (set code, collector number) the rule chooses; why, where it is not the newest printing
EXPECTED = {
    "Forest": ("one", "276"),  # ONE 266 and 271 are full art
    "Swamp": ("one", "274"),
    "Island": ("one", "273"),
    "Mountain": ("one", "275"),
    "Plains": ("one", "272"),
    "Counterspell": ("mh2", "267"),  # PHED is a Secret Lair deck (parent SLD); SLD itself next
    "Disenchant": ("bro", "6"),
    "Swords to Plowshares": ("ncc", "211"),
    "Giant Growth": ("bro", "183"),
    "Evolving Wilds": ("bro", "261"),
    "Llanowar Elves": ("m19", "314"),  # MB1 is Mystery Booster, GNT a box set
    "Serra Angel": ("jmp", "132"),
    "Dark Ritual": ("a25", "82"),  # STA masterpiece, PMEI promo, MB1 Mystery Booster
    "Wrath of God": ("2xm", "39"),  # SLD, The List
    "Sol Ring": ("ncc", "379"),
    "Lightning Bolt": ("jmp", "342"),  # SLD 675, The List, STA (masterpiece) are newer
    "Terramorphic Expanse": ("one", "261"),
    "Fireball": ("ima", "128"),  # The List, MB1
    "Birds of Paradise": ("cn2", "176"),  # SLD twice, MB1, GK2 (a box set)
    "Duress": ("one", "92"),
    "Air Elemental": ("m20", "44"),  # The List
    "Pacifism": ("jmp", "125"),
    "Shivan Dragon": ("m20", "335"),
    "Stone Rain": ("9ed", "221"),  # STA masterpiece, The List
    "Giant Spider": ("m19", "183"),  # MB1
    "Unsummon": ("m20", "78"),
    "Circle of Protection: Red": ("9ed", "11"),
    "Sengir Vampire": ("jmp", "275"),
    "Gravedigger": ("m20", "103"),  # MB1
    "Negate": ("dmu", "58"),
    "Shatter": ("rix", "114"),  # MB1
    "Shock": ("m21", "159"),  # STA masterpiece
    "Brainstorm": ("afc", "79"),
    "Earthquake": ("cm2", "95"),
    "Nevinyrral's Disk": ("mh2", "298"),
    "Rampant Growth": ("ncc", "304"),
    "Armageddon": ("a25", "5"),
    "City of Brass": ("mma", "221"),  # MD1 is an event deck (box)
    "Command Tower": ("ncc", "395"),
    "Drudge Skeletons": ("m10", "95"),  # duel decks and box sets are newer
    "Hurricane": ("10e", "270"),  # MB1, Salvat 2011 (box)
    "Lure": ("ima", "175"),  # MB1
    "Mind Rot": ("m21", "115"),
    "Nightmare": ("ori", "282"),  # The List, Welcome Decks (starter)
    "Raise Dead": ("cn2", "146"),  # Welcome Deck 2017 (starter)
    "Bog Wraith": ("m10", "86"),
    "Cultivate": ("ncc", "285"),
    "Fog": ("ema", "167"),  # MB1
    "Howling Mine": ("c16", "257"),  # The List, SLD
    "Mahamoti Djinn": ("uma", "64"),  # MB1
}


@pytest.fixture(scope="module")
def corpus(full_corpus):
    # read_corpus(AllPrintings, the set files), read once for the session (tests/full/conftest.py)
    return full_corpus


def test_default_printing_of_the_50_most_printed_cards(corpus):
    counts = Counter(p.oracle_id for p in corpus.printings.values())
    top = sorted(counts, key=lambda oid: (-counts[oid], corpus.cards[oid].name))[:50]
    chosen = {}
    for oid in top:
        p = default_printing(corpus.printings_of(oid), corpus.sets)
        chosen[corpus.cards[oid].name] = (p.set_code, p.collector_number)
    for name, where in chosen.items():
        print(f"{name}: {where[0].upper()} {where[1]}")
    assert sorted(chosen) == sorted(EXPECTED), "the 50 most printed cards are not the ones listed"
    wrong = {name: (got, EXPECTED[name]) for name, got in chosen.items() if got != EXPECTED[name]}
    assert not wrong, f"chosen vs expected: {wrong}"
