import xml.etree.ElementTree as ET

from tolaria import decks
from tolaria.decks import charts


def test_charts_are_svg_with_numbers(sample):
    by_name = {c.name: c for c in sample.cards.values()}

    def entry(name, quantity):
        return decks.Entry(by_name[name], quantity)

    s = decks.statistics([entry("Lightning Bolt", 4), entry("Krenko, Mob Boss", 2), entry("Mountain", 20)])
    curve = charts.mana_curve(s)
    root = ET.fromstring(curve)
    assert root.tag.endswith("svg")
    assert "1: 4" in curve and "4: 2" in curve
    ET.fromstring(charts.color_balance(s))
    assert "Land: 20" in charts.type_breakdown(s)
