from tolaria.knowledge import documents_from
from tolaria.knowledge._terms import TermIndex, rule_refs


def test_rule_refs_read_see_rule():
    assert rule_refs("A keyword ability. See rule 702.19, “Trample,” and rules 510.1c.") == ["702.19", "510.1c"]


def test_terms_point_at_their_rules(rulebook):
    terms = TermIndex(documents_from(rulebook))
    found = {t.name: t for t in terms.find("Does first strike beat deathtouch and the legend rule?")}
    assert "702.7" in found["First Strike"].rules  # the glossary's "See rule 702.7"
    assert "702.2" in found["Deathtouch"].rules
    assert "704.5j" in found["Legend Rule"].rules
    assert "Strike" not in found  # the longest term takes the words


def test_specific_terms_weigh_more_than_general_ones(rulebook):
    terms = TermIndex(documents_from(rulebook))
    weight = {t.name: t.weight for t in terms.find("creature deathtouch")}
    assert weight["Deathtouch"] > 2 * weight["Creatures"]


def test_a_glossary_entry_that_names_another_entry_points_where_it_points(rulebook):
    # the CR's glossary: "Islandwalk: See Landwalk." and "Converted Mana Cost (Obsolete): An obsolete term for
    # mana value."; Landwalk is rule 702.14, Mana Value rule 202.3
    terms = TermIndex(documents_from(rulebook))
    found = {t.name: t for t in terms.find("islandwalk and converted mana cost")}
    assert found["Islandwalk"].rules == {"702.14"}
    assert found["Converted Mana Cost"].rules == {"202.3"}
    deal = next(t for t in terms.find("deal") if t.name == "Deal")  # "Deal: See Damage."
    damage = next(t for t in terms.find("damage") if t.name == "Damage")
    assert deal.same_as is damage and deal.rules == damage.rules


def test_the_word_a_player_wrote_picks_its_term_where_the_stems_meet(rulebook):
    # the CR's glossary: "Poisoned: Having one or more poison counters. See rule 122", "Poisonous: A keyword
    # ability ... See rule 702.70"; "Equipment: ... See rule 301 ... and rule 702.6", "Equip: A keyword
    # ability ..." (the same rules). The stemmer gives "poison" and "equip" for both of each pair.
    terms = TermIndex(documents_from(rulebook))
    assert [(t.name, t.rules) for t in terms.find("Can a planeswalker be poisoned?")][-1] == ("Poisoned", {"122"})
    assert [t.name for t in terms.find("poisonous")] == ["Poisonous"]
    assert [t.name for t in terms.find("Can an equipment equip itself?")] == ["Equipment", "Equip"]
    # another form of the stem names every term spelled with it, as before
    equipped = terms.find("the equipped creature")[0]
    assert equipped.rules == {"301", "702.6"}
    enchanted = terms.find("enchanted creature")[0]
    assert {"303", "702.5"} <= enchanted.rules


def test_a_kind_of_card_is_named_without_the_word_cards(rulebook):
    # "715. Adventurer Cards" and "709. Split Cards" are the CR's headings; players say "an Adventure" and
    # "split"; a longer term keeps its words ("split second", 702.61)
    terms = TermIndex(documents_from(rulebook))
    assert [(t.name, t.rules) for t in terms.find("What happens if an Adventure is countered?")][0] == (
        "Adventurer Cards",
        {"715"},
    )
    assert [t.name for t in terms.find("is split second a split")] == ["Split Second", "Split Cards"]


def test_a_kind_of_mana_symbol_is_named_as_that_mana(rulebook):
    # the CR's glossary: "Hybrid Mana Symbols", "Phyrexian Mana Symbol", "Snow Mana Symbol" (107.4, 107.4h)
    terms = TermIndex(documents_from(rulebook))
    found = {t.name: t.rules for t in terms.find("hybrid mana, phyrexian mana or snow mana")}
    assert found == {
        "Hybrid Mana Symbols": {"107.4"},
        "Phyrexian Mana Symbol": {"107.4"},
        "Snow Mana Symbol": {"107.4h"},
    }


def test_a_term_named_from_a_function_word_needs_that_word(rulebook):
    # the CR's glossary has "As Though" (609.4), "At End of Turn" (an obsolete term for the end step) and
    # "In Response To" (117.7); the stop words would leave "though", "end turn" and "response" alone
    terms = TermIndex(documents_from(rulebook))
    assert [t.name for t in terms.find("Does it still die even though it has indestructible?")] == [
        "Dies",
        "Indestructible",
    ]
    assert "At End of Turn" not in [t.name for t in terms.find("a +2/+2 until end of turn")]
    assert "At End of Turn" in [t.name for t in terms.find("triggers at the end of turn")]
    assert [t.name for t in terms.find("as though it had flash")] == ["As Though", "Flash"]
    assert [t.name for t in terms.find("the monarch")] == [t.name for t in terms.find("monarch")] == ["The Monarch"]
