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
    assert [p.text for p in r.self_refs] == ["This spell"] or [p.text for p in r.self_refs] == []


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
