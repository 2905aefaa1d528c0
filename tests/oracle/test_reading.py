"""The structural reading of oracle text (tolaria.oracle): texts are real Oracle wording (Scryfall/MTGJSON)."""

from tolaria.rules import shipped_reader


def read(text, name="Card", type_line="Creature"):
    return shipped_reader().read(text, names=[name], type_line=type_line)


def kinds(reading):
    return [a.kind for a in reading.abilities]


def test_keyword_line_with_parameters():
    r = read("Flying, first strike\nWard—Pay 2 life.\nEquip {2}")
    assert kinds(r) == ["keyword", "keyword", "keyword"]
    items = [(k.name.text, k.parameter.text if k.parameter else None) for a in r.abilities for k in a.keywords]
    assert items == [("Flying", None), ("first strike", None), ("Ward", "—Pay 2 life"), ("Equip", "{2}")]


def test_escape_cost_keeps_its_comma():
    r = read(
        "Escape—{2}{B}, Exile four other cards from your graveyard. (You may cast this card from your graveyard for its escape cost.)"
    )
    (a,) = r.abilities
    assert a.kind == "keyword" and a.keywords[0].parameter.text == "—{2}{B}, Exile four other cards from your graveyard"
    assert r.reminders and r.in_reminder(r.reminders[0].start, r.reminders[0].end)


def test_triggered_with_intervening_if_and_activated_cost():
    text = "When Goblin Foo enters the battlefield, if you control a Goblin, draw a card.\n{2}, {T}, Sacrifice Goblin Foo: It deals 2 damage to any target."
    r = read(text, "Goblin Foo")
    t, a = r.abilities
    assert (t.kind, t.trigger.text, t.condition.text, t.effect.text) == (
        "triggered",
        "When Goblin Foo enters the battlefield",
        "if you control a Goblin",
        "draw a card.",
    )
    assert (a.kind, a.cost.text) == ("activated", "{2}, {T}, Sacrifice Goblin Foo")
    assert [p.text for p in r.self_refs] == ["Goblin Foo", "Goblin Foo"]


def test_modes_chapters_loyalty_levels():
    r = read("Choose one —\n• Destroy target artifact.\n• Destroy target enchantment.", type_line="Instant")
    assert kinds(r) == ["spell"] and [m.effect.text for m in r.abilities[0].modes] == [
        "Destroy target artifact.",
        "Destroy target enchantment.",
    ]
    saga = read(
        "(As this Saga enters and after your draw step, add a lore counter.)\nI — Create a 1/1 token.\nII, III — Draw a card."
    )
    assert kinds(saga) == ["reminder", "chapter", "chapter"] and saga.abilities[2].section == "II, III"
    pw = read("+1: Untap target land.\n−2: Destroy target creature.", type_line="Legendary Planeswalker — Kiora")
    assert [(a.kind, a.cost.text) for a in pw.abilities] == [("loyalty", "+1"), ("loyalty", "−2")]
    lv = read("Level up {2}\nLEVEL 1-3\n2/3\nFlying\nLEVEL 4+\n4/4\nFirst strike")
    assert [(a.kind, a.section) for a in lv.abilities] == [
        ("keyword", None),
        ("level", "LEVEL 1-3"),
        ("keyword", "LEVEL 1-3"),
        ("level", "LEVEL 4+"),
        ("keyword", "LEVEL 4+"),
    ]
    cls = read("{1}{W}: Level 2\nCreatures you control get +1/+1.", type_line="Enchantment — Class")
    assert [(a.kind, a.section) for a in cls.abilities] == [("activated", "Level 2"), ("static", "Level 2")]


def test_grants_negations_and_self_references():
    r = read('Enchanted land has "{T}: Add {G}."\nThis spell can\'t be countered.', type_line="Enchantment — Aura")
    assert [g.text for g in r.grants] == ['"{T}: Add {G}."']
    assert [n.text for n in r.negations] == ["can't be countered"]
    # "This spell" opens its sentence (capital T), as on Carnage Tyrant: still the card naming itself
    assert [p.text for p in r.self_refs] == ["This spell"]
    r = read("When this creature enters, draw a card.\nSacrifice this creature: Add {C}.")
    assert [p.text for p in r.self_refs] == ["this creature", "this creature"]


def test_alchemy_name_and_short_name():
    r = read("Whenever Blood Artist or another creature dies, target player loses 1 life.", "A-Blood Artist")
    assert [p.text for p in r.self_refs] == ["Blood Artist"]
    r = read("Zada, Hedron Grinder can't block. Whenever Zada attacks, draw a card.", "Zada, Hedron Grinder")
    assert [p.text for p in r.self_refs] == ["Zada, Hedron Grinder", "Zada"]


def test_ability_word_label():
    r = read("Landfall — Whenever a land enters the battlefield under your control, you gain 1 life.")
    (a,) = r.abilities
    assert (a.kind, a.label.text, a.trigger.text) == (
        "triggered",
        "Landfall",
        "Whenever a land enters the battlefield under your control",
    )
    assert a.as_dict()["label"]["text"] == "Landfall"


# issue 26: the intervening "if" (CR 603.4: "a triggered ability may read 'When/Whenever/At [trigger event],
# if [condition], [effect]'") is the "if" right after a trigger condition, wherever the ability is written;
# a sentence that opens with "If" is not one (Blightsteel Colossus's replacement effect, CR 614.1a).
def test_sentence_initial_if_is_no_intervening_if():
    text = (
        "Trample, infect, indestructible\nIf Blightsteel Colossus would be put into a graveyard from anywhere, "
        "reveal Blightsteel Colossus and shuffle it into its owner's library instead."
    )
    r = read(text, "Blightsteel Colossus")
    assert r.intervening_ifs == ()
    assert not r.intervening_if_at(text.index("If"))


def test_intervening_if_after_a_name_with_a_comma_or_a_list():
    # Regna, the Redeemer (oracle): the comma of the name ends no trigger condition
    text = "Flying\nAt the beginning of each end step, if your team gained life this turn, create two 1/1 white Warrior creature tokens."
    regna = read(text, "Regna, the Redeemer")
    assert [p.text for p in regna.intervening_ifs] == ["if your team gained life this turn"]
    targ = read(
        "Pack tactics — Whenever Targ Nar, Demon-Fang Gnoll attacks, if you attacked with creatures with total "
        "power 6 or greater this combat, creatures you control get +1/+0 until end of turn.",
        "Targ Nar, Demon-Fang Gnoll",
    )
    (a,) = targ.abilities
    assert a.trigger.text == "Whenever Targ Nar, Demon-Fang Gnoll attacks"
    assert a.condition.text == "if you attacked with creatures with total power 6 or greater this combat"
    # Harsh Mentor (oracle): "an artifact, creature, or land" is one list inside the trigger condition
    mentor = read(
        "Whenever an opponent activates an ability of an artifact, creature, or land on the battlefield, if it "
        "isn't a mana ability, Harsh Mentor deals 2 damage to that player.",
        "Harsh Mentor",
    )
    assert mentor.abilities[0].condition.text == "if it isn't a mana ability"


def test_intervening_if_in_reminder_and_quoted_and_delayed_triggers():
    # Persist's reminder text (CR 702.79a), a quoted ability, a delayed trigger inside a spell's effect
    text = "Persist (When this creature dies, if it had no -1/-1 counters on it, return it to the battlefield under its owner's control with a -1/-1 counter on it.)"
    assert [p.text for p in read(text).intervening_ifs] == ["if it had no -1/-1 counters on it"]
    quoted = (
        'Enchanted creature has "At the beginning of your upkeep, if you control no Islands, sacrifice this creature."'
    )
    assert [p.text for p in read(quoted).intervening_ifs] == ["if you control no Islands"]
    delayed = "Exile target card. At the beginning of the next end step, if you haven't cast the card, return it."
    assert [p.text for p in read(delayed, type_line="Sorcery").intervening_ifs] == ["if you haven't cast the card"]


def test_keyword_lines_with_a_dash_a_named_partner_or_a_controller():
    proto = read("Prototype {3}{R}{R} — 2/2 (You may cast this spell with different mana cost, color, and size.)")
    assert [(k.name.text, k.parameter.text) for k in proto.abilities[0].keywords] == [("Prototype", "{3}{R}{R} — 2/2")]
    assert proto.abilities[0].label is None
    regna = read(
        "Partner with Krav, the Unredeemed (When this creature enters the battlefield, …)", "Regna, the Redeemer"
    )
    assert [(k.name.text, k.parameter.text) for k in regna.abilities[0].keywords] == [
        ("Partner", "with Krav, the Unredeemed")
    ]
    suspend = read("Suspend 4—{1}{B} (Rather than cast this card from your hand, pay {1}{B}.)")
    assert suspend.abilities[0].keywords[0].parameter.text == "4—{1}{B}"
    assert read("Enchant creature you control").abilities[0].kind == "keyword"
    # a keyword alone before the dash is a label: "Companion — Each creature card in your starting deck …"
    companion = read("Companion — Each creature card in your starting deck has mana value 3 or greater.")
    assert companion.abilities[0].label.text == "Companion"


def test_a_loyalty_cost_in_brackets_is_a_loyalty_ability():
    """The card data writes loyalty costs in brackets ("[+1]: Add {R}{R}.", Chandra, Torch of Defiance in fresh
    draw 2026120332): each such line is a loyalty ability with its cost and effect, as "+1:" is."""
    r = read(
        "[+1]: Add {R}{R}.\n[−3]: Foo deals 4 damage to target creature.\n−X: Draw X cards.",
        "Foo",
        "Legendary Planeswalker — Foo",
    )
    assert kinds(r) == ["loyalty", "loyalty", "loyalty"]
    assert [a.cost.text for a in r.abilities] == ["[+1]", "[−3]", "−X"]
    assert r.abilities[0].effect.text.strip() == "Add {R}{R}."


def test_a_name_with_a_regnal_numeral_answers_to_the_name_without_it():
    """Practice draw 77120704 (King Darien XLVIII): the card says "Sacrifice King Darien", itself."""
    text = "{3}{G}{W}: Put a +1/+1 counter on King Darien.\nSacrifice King Darien: Draw a card."
    reading = shipped_reader().read(text, names=["King Darien XLVIII"])
    assert [p.text for p in reading.self_refs] == ["King Darien", "King Darien"]
