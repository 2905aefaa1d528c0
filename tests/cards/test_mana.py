import pytest

from tolaria.cards import ManaCostError, cost_colors, identity_from_text, mana_value, parse_mana_cost


def test_issue_example_cost_parses_into_its_symbols():
    symbols = parse_mana_cost("{2}{G/U}{G/P}{X}{S}{C}")
    assert [str(s) for s in symbols] == ["{2}", "{G/U}", "{G/P}", "{X}", "{S}", "{C}"]
    assert [s.mana_value for s in symbols] == [2, 1, 1, 0, 1, 1]
    assert mana_value("{2}{G/U}{G/P}{X}{S}{C}") == 6


@pytest.mark.parametrize(
    ("cost", "value"),
    [
        ("", 0),
        ("{0}", 0),
        ("{15}", 15),
        ("{2/W}{2/W}{2/W}", 6),
        ("{X}{X}{R}", 1),
        ("{W/U/P}", 1),
        ("{HW}", 0.5),
        ("{B/G}{B/G}", 2),
    ],
)
def test_mana_value_follows_rule_202_3(cost, value):
    assert mana_value(cost) == value


def test_symbol_kinds():
    hybrid, phyrexian, snow, colorless, twobrid = parse_mana_cost("{G/U}{G/P}{S}{C}{2/W}")
    assert hybrid.is_hybrid and not hybrid.is_phyrexian and hybrid.colors == ("U", "G")
    assert phyrexian.is_phyrexian and not phyrexian.is_hybrid and phyrexian.colors == ("G",)
    assert snow.is_snow and snow.colors == ()
    assert colorless.is_colorless_specific and colorless.colors == ()
    assert twobrid.is_hybrid and twobrid.mana_value == 2


def test_colors_are_in_wubrg_order():
    assert cost_colors("{G}{W}{U/R}") == ("W", "U", "R", "G")


def test_bad_cost_names_the_problem():
    with pytest.raises(ManaCostError, match="unexpected 'G' "):
        parse_mana_cost("{2}G")


def test_identity_counts_rules_text_symbols_but_not_reminder_text():
    assert identity_from_text("{T}: Add {G} or {W}.") == ("W", "G")
    assert identity_from_text("Extort (Whenever you cast a spell, you may pay {W/B}.)") == ()
