"""Type-changing effects, costs paid with the card itself, and casting restrictions, read from real Oracle
wording (MTGJSON 5.2.0+20220425)."""

from tolaria.oracle import cast_restrictions, cost_items, self_costs, type_changes
from tolaria.rules import shipped_reader


def read(text, name="Card", type_line="Creature"):
    return shipped_reader().read(text, names=[name], type_line=type_line)


def changed(text, name="Card", type_line="Creature"):
    return [(c.types.text, c.test) for c in type_changes(read(text, name, type_line))]


def test_a_self_animation_sets_its_types():
    text = "{T}: Add {C}.\n{2}: Guardian Idol becomes a 2/2 Golem artifact creature until end of turn."
    assert changed(text, "Guardian Idol", "Artifact") == [("Golem", False)]
    assert changed(
        "{4}{R}{G}: Atarka Monument becomes a 4/4 red and green Dragon artifact creature with flying until end of turn.",
        "Atarka Monument",
    ) == [("Dragon", False)]


def test_a_type_list_is_read_whole():
    text = "Stonework Packbeast is also a Cleric, Rogue, Warrior, and Wizard."
    assert changed(text, "Stonework Packbeast") == [("Cleric, Rogue, Warrior, and Wizard", False)]


def test_types_given_to_other_objects_are_set_too():
    assert changed("Enchanted land is a 3/3 black Ooze creature. It's still a land.", "Corrupted Zendikon") == [
        ("Ooze", False)
    ]
    ghoul = "Enchanted creature gets -1/-1 and is a black Zombie in addition to its other colors and types."
    assert changed(ghoul, "Ghoulflesh") == [("Zombie", False)]
    allosaurus = (
        "{4}{G}{G}: Until end of turn, each Elf creature you control has base power and toughness 5/5 and "
        "becomes a Dinosaur in addition to its other creature types."
    )
    assert changed(allosaurus, "Allosaurus Shepherd") == [("Dinosaur", False)]  # the Elves stay cared about


def test_the_card_testing_itself_is_read_a_test_of_another_object_is_not():
    figure = (
        "{R/W}{R/W}{R/W}: If Figure of Destiny is a Spirit, it becomes a Kithkin Spirit Warrior with base power "
        "and toughness 4/4."
    )
    assert changed(figure, "Figure of Destiny") == [("Spirit", True), ("Kithkin Spirit Warrior", False)]
    assert changed("As long as equipped creature is a Human, it gets +1/+1.", "Sharpened Pitchfork") == []
    recruit = "Return target creature card from your graveyard to your hand. If it's a Zombie card, draw a card."
    assert changed(recruit, "Cemetery Recruitment", "Sorcery") == []
    assert changed("Whenever Battering Ram becomes blocked by a Wall, destroy that Wall.", "Battering Ram") == []


def test_a_cost_paid_with_the_card_itself():
    otawara = (
        "Otawara, Soaring City enters the battlefield tapped.\n{T}: Add {U}.\nChannel — {3}{U}, Discard Otawara: "
        "Return target artifact, creature, enchantment, or planeswalker you control to its owner's hand."
    )
    r = read(otawara, "Otawara, Soaring City", "Legendary Land")
    assert [p.text for p in self_costs(r)] == ["Discard Otawara"]
    assert [p.text for p in cost_items(r)] == ["{T}", "{3}{U}", "Discard Otawara"]
    outlet = read("Discard a card: Target creature gets +1/+1 until end of turn.", "Outlet")
    assert self_costs(outlet) == ()


def test_casting_restrictions():
    r = read("Players can't cast noncreature spells this turn. Exile Calamity's Wake.", "Calamity's Wake", "Instant")
    assert [p.text for p in cast_restrictions(r)] == ["Players can't cast noncreature spells this turn"]
    thalia = read("First strike\nNoncreature spells cost {1} more to cast.", "Thalia, Guardian of Thraben")
    assert [p.text for p in cast_restrictions(thalia)] == ["Noncreature spells cost {1} more to cast"]
    baral = read("Instant and sorcery spells you cast cost {1} less to cast.", "Baral")
    assert cast_restrictions(baral) == ()
