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
