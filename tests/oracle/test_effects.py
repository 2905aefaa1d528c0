"""Effects read with what they act on (tolaria.oracle.effects), on real Oracle wording (MTGJSON 5.2.0+20220425)."""

from tolaria.oracle import effects
from tolaria.rules import shipped_reader


def read(text, name, type_line="Instant"):
    return [(e.kind, e.target.text) for e in effects(shipped_reader().read(text, names=[name], type_line=type_line))]


def test_damage_and_whom_it_is_dealt_to():
    assert read("Lightning Bolt deals 3 damage to any target.", "Lightning Bolt") == [("damage", "any target")]
    assert read("Lava Spike deals 3 damage to target player or planeswalker.", "Lava Spike", "Sorcery") == [
        ("damage", "target player or planeswalker")
    ]
    fireball = "Fireball deals X damage divided evenly, rounded down, among any number of targets."
    assert read(fireball, "Fireball", "Sorcery") == [("damage", "any number of targets")]


def test_conditions_preventions_and_redirections_do_nothing():
    cheetah = "Whenever Horned Cheetah deals damage, you gain that much life."
    assert read(cheetah, "Horned Cheetah", "Creature") == []
    jade = (
        "{1}: The next time a source of your choice would deal damage to target creature this turn, that source "
        "deals that damage to you instead."
    )
    assert read(jade, "Jade Monolith", "Artifact") == []
    assert read("Destroy target creature that was dealt damage this turn.", "You Are Already Dead") == [
        ("destroy", "target creature that was dealt damage this turn")
    ]


def test_destroy_exile_counter_edict_and_shrink():
    assert read("Destroy all creatures. They can't be regenerated.", "Wrath of God", "Sorcery") == [
        ("destroy", "all creatures")
    ]
    assert read("Counter target spell.", "Counterspell") == [("counter", "target spell")]
    assert read("Put a +1/+1 counter on target creature.", "Grow") == []  # the noun, not the action
    assert read("Exile target artifact card from a graveyard.", "Relic Ward") == [
        ("exile", "target artifact card from a graveyard")
    ]
    edict = effects(shipped_reader().read("Each player sacrifices a creature.", names=["Innocent Blood"]))
    assert [(e.kind, e.subject) for e in edict] == [("edict", "Each player")]
    shrink = effects(shipped_reader().read("Target creature gets -2/-2 until end of turn.", names=["Disfigure"]))
    assert [(e.kind, e.subject) for e in shrink] == [("shrink", "Target creature")]


def test_returning_a_permanent_to_its_owners_hand_is_read_with_what_it_returns():
    assert read("Return target nonland permanent to its owner's hand.", "Banish into Fable") == [
        ("bounce", "target nonland permanent")
    ]
    assert read("Return all creatures to their owners' hands.", "Evacuation") == [("bounce", "all creatures")]
    sweepers = "When Hoverguard Sweepers enters the battlefield, you may return up to two target creatures to their owners' hands."
    assert read(sweepers, "Hoverguard Sweepers", "Creature") == [("bounce", "up to two target creatures")]
    # a card returned from a graveyard goes to "your hand": no permanent leaves the battlefield
    assert read("Return target creature card from your graveyard to your hand.", "Raise Dead", "Sorcery") == []


def test_an_effect_after_a_trigger_that_uses_the_same_verb_is_read():
    """A trigger condition's verb no longer swallows the effect's (issue 26, audit draw 770301: Satyr
    Firedancer's damage to a target creature was never read; Quarantine Field's "quest counter" hid its exile)."""
    firedancer = (
        "Whenever an instant or sorcery spell you control deals damage to an opponent, Satyr Firedancer deals that "
        "much damage to target creature that player controls."
    )
    assert read(firedancer, "Satyr Firedancer", "Enchantment Creature — Satyr") == [
        ("damage", "target creature that player controls")
    ]
    field = (
        "When Quarantine Field enters the battlefield, for each quest counter on it, exile up to one target nonland "
        "permanent an opponent controls until Quarantine Field leaves the battlefield."
    )
    assert read(field, "Quarantine Field", "Enchantment") == [
        ("exile", "up to one target nonland permanent an opponent controls")
    ]


def test_a_fight_and_control_taken_with_what_they_act_on():
    """Practice draw 77040402: "fight that creature" (701.14) and "You control enchanted creature" / "gain
    control of target creature" are effects with their object; "can't fight" is none."""
    assert read("Target creature you control fights target creature you don't control.", "Prey Upon", "Sorcery") == [
        ("fight", "target creature you don't control")
    ]
    assert read("Enchant creature\nYou control enchanted creature.", "Mind Control", "Enchantment — Aura") == [
        ("control", "enchanted creature")
    ]
    threaten = effects(
        shipped_reader().read("Gain control of target creature until end of turn.", names=["Foo"], type_line="Sorcery")
    )
    assert [(e.kind, e.target.text) for e in threaten] == [("control", "target creature")]
    assert "until end of turn" in threaten[0].subject


def test_damage_divided_among_a_count_of_targets_reads_the_whole_count():
    """Practice draw 77120702 (Gang of Devils): "among one, two, or three targets" is one object phrase (a list of
    counts), not "one"; a comma before a new clause still ends it."""
    devils = "When Gang of Devils dies, it deals 3 damage divided as you choose among one, two, or three targets."
    assert read(devils, "Gang of Devils", "Creature — Devil") == [("damage", "one, two, or three targets")]
    assert read("Shock deals 2 damage to target creature, then you draw a card.", "Shock") == [
        ("damage", "target creature")
    ]
