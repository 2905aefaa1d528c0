import json

from tolaria.tags import CardTag, tag_card
from tolaria.tags._eval import gold_card


def by_id(card):
    return {t.id: t for t in tag_card(card)}


def test_attributes_from_card_data(card):
    tags = by_id(card("Reaper King"))
    assert {
        "cost:hybrid",
        "mv:7plus",
        "supertype:legendary",
        "type:artifact",
        "type:creature",
        "kind:scarecrow",
        "ci:w",
        "ci:u",
        "ci:b",
        "ci:r",
        "ci:g",
        "ci:multicolor",
    } <= set(tags)
    assert all(t.kind == "attribute" for i, t in tags.items() if i.startswith(("cost:", "mv:", "ci:", "type:")))
    assert tags["cost:hybrid"].evidence[0].field == "mana_cost"
    assert {"cost:phyrexian"} <= set(by_id(card("Gitaxian Probe")))
    assert {"cost:colorless-specific"} <= set(by_id(card("Thought-Knot Seer")))
    assert {"cost:x"} <= set(by_id(card("Walking Ballista")))
    assert {"cost:snow", "supertype:snow"} <= set(by_id(card("Arcum's Astrolabe")))
    assert {"cost:none", "mv:0"} <= set(by_id(card("Ancestral Vision")))
    assert "ci:colorless" in by_id(card("Vorrac Battlehorns"))


def test_creature_kinds_and_classes(card):
    tags = by_id(card("Fleetfoot Dancer"))
    assert tags["kind:elf"].group == "Creature kinds"
    assert tags["class:druid"].group == "Classes and roles"
    assert "kind:giant" in by_id(card("Crush Underfoot"))  # kindred/tribal spells have creature types
    assert "subtype:equipment" in by_id(card("Vorrac Battlehorns"))


def test_themes_rest_on_facts_the_card_has(gold_by_name):
    for card in gold_by_name.values():
        tags = by_id(card)
        for t in tags.values():
            if t.kind != "inferred":
                continue
            assert t.evidence, (card.name, t.id)
            for ev in t.evidence:
                assert ev.source in ("facts", "text")
                for fact in ev.facts:
                    assert fact in tags, (card.name, t.id, fact)


def test_themes_on_real_cards(card):
    assert {"theme:spellslinger", "theme:tokens"} <= set(by_id(card("Young Pyromancer")))
    assert {"theme:landfall", "theme:tokens", "theme:plus-one-counters"} <= set(by_id(card("Avenger of Zendikar")))
    assert {"theme:day-night", "theme:werewolves"} <= set(by_id(card("Brutal Cathar // Moonrage Brute")))
    assert {"theme:lifegain"} <= set(by_id(card("Fleetfoot Dancer")))
    assert by_id(card("Fleetfoot Dancer"))["theme:lifegain"].evidence[0].facts == ("keyword:lifelink",)


def test_tribal_from_the_text_not_from_token_making(card):
    assert "tribal:elf" in by_id(card("Elvish Archdruid"))
    assert "tribal:goblin" in by_id(card("Goblin Rabblemaster"))
    # Aether Mutation makes Saprolings; it does not care about them
    assert "tribal:saproling" not in by_id(card("Aether Mutation"))


def test_gold_expected_attributes_and_themes_are_found(gold_entries, gold_by_name):
    missing = [
        (e["name"], t)
        for e in gold_entries
        for t in e.get("expected_also", ())
        if t not in by_id(gold_by_name[e["name"]])
    ]
    assert not missing


def test_cardtag_is_json_serialisable_with_the_documented_keys(card):
    tags = tag_card(card("Vorrac Battlehorns"))
    for t in tags:
        assert isinstance(t, CardTag)
        d = t.to_dict()
        assert set(d) == {"id", "label", "group", "kind", "evidence", "confidence", "abilities"}
        json.dumps(d)
    extracted = next(t for t in tags if t.id == "evasion:single-blocker").to_dict()
    assert extracted["evidence"] == [
        {"source": "text", "face": 0, "start": 34, "end": 76, "text": "can't be blocked by more than one creature"}
    ]
    assert extracted["confidence"] is None


# --- themes from the structure (issue 12); oracle texts as MTGJSON 5.2.0 prints them


def _real(name, type_line, text):
    return gold_card({"name": name, "faces": [{"name": name, "type_line": type_line, "oracle_text": text}]})


def _theme_ids(c):
    return {t.id for t in tag_card(c)}


def test_a_lands_own_mana_is_no_ramp():
    forest = _real("Svyelunite Temple", "Land", "Svyelunite Temple enters the battlefield tapped.\n{T}: Add {U}.")
    assert "theme:ramp" not in _theme_ids(forest)
    elves = _real("Llanowar Elves", "Creature — Elf Druid", "{T}: Add {G}.")
    ramp = next(t for t in tag_card(elves) if t.id == "theme:ramp")
    assert ramp.abilities == [{"face": 0, "index": 0, "kind": "activated", "text": "{T}: Add {G}."}]


def test_self_sacrifice_and_negation_are_no_sacrifice_theme():
    elder = _real(
        "Sakura-Tribe Elder",
        "Creature — Snake Shaman",
        "Sacrifice Sakura-Tribe Elder: Search your library for a basic land card, put that card onto the battlefield tapped, then shuffle.",
    )
    assert "theme:sacrifice" not in _theme_ids(elder)
    sigarda = _real(
        "Sigarda, Host of Herons",
        "Legendary Creature — Angel",
        "Flying, hexproof\nSpells and abilities your opponents control can't cause you to sacrifice permanents.",
    )
    assert "theme:sacrifice" not in _theme_ids(sigarda)
    seer = _real("Viscera Seer", "Creature — Vampire Wizard", "Sacrifice a creature: Scry 1.")
    assert "theme:sacrifice" in _theme_ids(seer)


def test_weakening_aura_is_not_voltron():
    weakness = _real("Weakness", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets -2/-1.")
    assert "theme:voltron" not in _theme_ids(weakness)
    rancor = _real("Rancor", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets +2/+0 and has trample.")
    assert "theme:voltron" in _theme_ids(rancor)


def test_token_for_an_opponent_makes_no_tribe():
    pongify = _real(
        "Pongify",
        "Instant",
        "Destroy target creature. It can't be regenerated. Its controller creates a 3/3 green Ape creature token.",
    )
    assert not [t for t in _theme_ids(pongify) if t.startswith("tribal:")]


def test_a_tokens_name_and_what_a_copy_becomes_make_no_tribe_but_counting_a_type_does():
    sheep = _real(
        "Flock of Rabid Sheep",
        "Sorcery",
        "Flip X coins. For each flip you win, create a 2/2 green Sheep creature token named Rabid Sheep.",
    )
    gift = _real(
        "God-Pharaoh's Gift",
        "Artifact",
        "At the beginning of combat on your turn, you may exile a creature card from your graveyard. If you do, "
        "create a token that's a copy of that card, except it's a 4/4 black Zombie. It gains haste until end of turn.",
    )
    ranks = _real(
        "Endless Ranks of the Dead",
        "Enchantment",
        "At the beginning of your upkeep, create X 2/2 black Zombie creature tokens, where X is half the number "
        "of Zombies you control, rounded down.",
    )
    assert not [t for t in _theme_ids(sheep) | _theme_ids(gift) if t.startswith("tribal:")]
    assert "tribal:zombie" in _theme_ids(ranks)


def test_inferred_themes_name_their_abilities():
    seer = _real("Viscera Seer", "Creature — Vampire Wizard", "Sacrifice a creature: Scry 1.")
    sac = next(t for t in tag_card(seer) if t.id == "theme:sacrifice")
    assert [a["kind"] for a in sac.abilities] == ["activated"]


def test_a_type_the_card_sets_is_no_tribe_a_type_it_cares_about_is():
    idol = _real(
        "Guardian Idol",
        "Artifact",
        "Guardian Idol enters the battlefield tapped.\n{T}: Add {C}.\n"
        "{2}: Guardian Idol becomes a 2/2 Golem artifact creature until end of turn.",
    )
    packbeast = _real(
        "Stonework Packbeast",
        "Artifact Creature — Beast",
        "Stonework Packbeast is also a Cleric, Rogue, Warrior, and Wizard.\n{2}: Add one mana of any color.",
    )
    assert not [t for t in _theme_ids(idol) | _theme_ids(packbeast) if t.startswith("tribal:")]
    chieftain = _real(
        "Goblin Chieftain", "Creature — Goblin", "Haste\nOther Goblin creatures you control get +1/+1 and have haste."
    )
    dragon = _real(
        "Dragon Hunt",
        "Sorcery",
        "Search your library for a Dragon card, reveal it, put it into your hand, then shuffle.",
    )
    pitchfork = _real(
        "Sharpened Pitchfork", "Artifact — Equipment", "As long as equipped creature is a Human, it gets +1/+1."
    )
    assert "tribal:goblin" in _theme_ids(chieftain)
    assert "tribal:dragon" in _theme_ids(dragon)
    assert "tribal:human" in _theme_ids(pitchfork)


def test_a_discard_the_card_pays_with_itself_is_no_discard_theme():
    otawara = _real(
        "Otawara, Soaring City",
        "Legendary Land",
        "{T}: Add {U}.\nChannel — {3}{U}, Discard Otawara: Return target artifact, creature, enchantment, or "
        "planeswalker you control to its owner's hand. This ability costs {1} less to activate for each legendary "
        "creature you control.",
    )
    assert "action:discard" in _theme_ids(otawara)  # the card is discarded: the keyword action is done
    assert "theme:discard" not in _theme_ids(otawara)
    outlet = _real(
        "Wild Mongrel",
        "Creature — Dog",
        "Discard a card: Wild Mongrel gets +1/+1 and becomes the color of your choice until end of turn.",
    )
    assert "theme:discard" in _theme_ids(outlet)


def test_a_casting_restriction_is_no_spellslinger():
    hymn = _real("Hymn of the Wilds", "Enchantment", "You can't cast instant or sorcery spells.")
    thalia = _real(
        "Thalia, Guardian of Thraben",
        "Legendary Creature — Human Soldier",
        "First strike\nNoncreature spells cost {1} more to cast.",
    )
    assert "theme:spellslinger" not in _theme_ids(hymn) | _theme_ids(thalia)
    guttersnipe = _real(
        "Guttersnipe",
        "Creature — Goblin Shaman",
        "Whenever you cast an instant or sorcery spell, Guttersnipe deals 2 damage to each opponent.",
    )
    assert "theme:spellslinger" in _theme_ids(guttersnipe)


def test_staples_get_the_themes_a_deck_builder_gives():
    """Issue 26 item 4 / issue 30: burn is burn and removal, a wrath a board wipe, Counterspell a
    counterspell, Llanowar Elves ramp, Divination card draw."""
    cards = {
        "Lightning Bolt": ("Instant", "Lightning Bolt deals 3 damage to any target."),
        "Lava Spike": ("Sorcery — Arcane", "Lava Spike deals 3 damage to target player or planeswalker."),
        "Wrath of God": ("Sorcery", "Destroy all creatures. They can't be regenerated."),
        "Day of Judgment": ("Sorcery", "Destroy all creatures."),
        "Damnation": ("Sorcery", "Destroy all creatures. They can't be regenerated."),
        "Counterspell": ("Instant", "Counter target spell."),
        "Llanowar Elves": ("Creature — Elf Druid", "{T}: Add {G}."),
        "Divination": ("Sorcery", "Draw two cards."),
        "Doom Blade": ("Instant", "Destroy target nonblack creature."),
    }
    expected = {
        "Lightning Bolt": {"theme:burn", "theme:removal"},
        "Lava Spike": {"theme:burn", "theme:removal"},
        "Wrath of God": {"theme:board-wipe"},
        "Day of Judgment": {"theme:board-wipe"},
        "Damnation": {"theme:board-wipe"},
        "Counterspell": {"theme:counterspell"},
        "Llanowar Elves": {"theme:ramp"},
        "Divination": {"theme:card-draw"},
        "Doom Blade": {"theme:removal"},
    }
    for name, (type_line, text) in cards.items():
        themes = {t for t in _theme_ids(_real(name, type_line, text)) if t.startswith("theme:")}
        assert themes == expected[name], name
    bolt = {t.id: t for t in tag_card(_real("Lightning Bolt", *cards["Lightning Bolt"]))}
    assert bolt["effect:damage"].kind == "extracted" and bolt["effect:damage"].evidence[0].text == "deals 3 damage"
    assert [a["kind"] for a in bolt["theme:burn"].abilities] == ["spell"]


def test_a_drawback_a_flicker_or_a_graveyard_card_is_no_removal():
    djinn = _real(
        "Nettletooth Djinn",
        "Creature — Djinn",
        "At the beginning of your upkeep, Nettletooth Djinn deals 1 damage to you.",
    )
    shift = _real(
        "Cloudshift",
        "Instant",
        "Exile target creature you control, then return that card to the battlefield under your control.",
    )
    welder = _real(
        "Myr Welder", "Artifact Creature — Myr", "Imprint — {T}: Exile target artifact card from a graveyard."
    )
    rain = _real("Stone Rain", "Sorcery", "Destroy target land.")
    for c in (djinn, shift, welder, rain):
        assert not {"theme:burn", "theme:removal", "theme:board-wipe"} & _theme_ids(c), c.name


def test_bounce_and_untargeted_destruction_are_removal_an_edict_is_no_sacrifice_theme():
    """Fresh draw 2026120312 (issue 26): Banish into Fable's bounce is removal, Dispense Justice's edict is
    removal and no sacrifice outlet; the last stop's untargeted "destroy that creature" / "destroy all
    artifacts" are removal, "return all creatures" a board wipe, and a flicker or one's own bounce is none."""
    banish = _real(
        "Banish into Fable",
        "Instant",
        "When you cast this spell from your hand, copy it if you control an artifact, then copy it if you control "
        "an enchantment. You may choose new targets for the copies.\nReturn target nonland permanent to its "
        "owner's hand. You create a 2/2 white Knight creature token with vigilance.",
    )
    assert {"theme:removal", "theme:artifacts", "theme:enchantments", "theme:tokens"} <= _theme_ids(banish)
    justice = _real(
        "Dispense Justice",
        "Instant",
        "Target player sacrifices an attacking creature.\nMetalcraft — That player sacrifices two attacking "
        "creatures instead if you control three or more artifacts.",
    )
    assert "theme:removal" in _theme_ids(justice) and "theme:sacrifice" not in _theme_ids(justice)
    cockatrice = _real(
        "Thorn Thallid Cousin",
        "Creature — Fungus",
        "Whenever Thorn Thallid Cousin blocks or becomes blocked by a creature, destroy that creature at end of combat.",
    )
    shatterstorm = _real("Shatterstorm", "Sorcery", "Destroy all artifacts. They can't be regenerated.")
    evacuation = _real("Evacuation", "Instant", "Return all creatures to their owners' hands.")
    assert "theme:removal" in _theme_ids(cockatrice) and "theme:removal" in _theme_ids(shatterstorm)
    assert "theme:board-wipe" in _theme_ids(evacuation)
    own = _real("Stampede Driver Cousin", "Instant", "Return target creature you control to its owner's hand.")
    self_bounce = _real(
        "Gilded Drake Cousin", "Creature — Drake", "{U}: Return Gilded Drake Cousin to its owner's hand."
    )
    for c in (own, self_bounce):
        assert not {"theme:removal", "theme:board-wipe"} & _theme_ids(c), c.name


def test_a_draw_the_card_gives_to_its_controllers_permanent_is_card_draw():
    """Quicksmith Spy (fresh draw 2026120312): the artifact it gives "{T}: Draw a card" draws for its
    controller; an ability given to an opponent's creature is no card draw of the card's."""
    spy = _real(
        "Quicksmith Spy",
        "Creature — Human Artificer",
        'When Quicksmith Spy enters the battlefield, target artifact you control gains "{T}: Draw a card" for '
        "as long as you control Quicksmith Spy.",
    )
    assert {"theme:card-draw", "theme:artifacts"} <= _theme_ids(spy)
    gift = _real(
        "Gift Cousin",
        "Enchantment",
        'Creatures your opponents control have "{T}: Draw a card."',
    )
    assert "theme:card-draw" not in _theme_ids(gift)


def test_an_edict_in_a_granted_ability_is_no_sacrifice_theme_a_reward_for_sacrificing_is():
    demon = _real(
        "Demon of Wailing Agonies",
        "Creature — Demon",
        "Flying\nLieutenant — As long as you control your commander, Demon of Wailing Agonies gets +2/+2 and has "
        '"Whenever Demon of Wailing Agonies deals combat damage to a player, that player sacrifices a creature."',
    )
    assert "theme:sacrifice" not in _theme_ids(demon)
    devil = _real(
        "Mayhem Devil",
        "Creature — Devil",
        "Whenever a player sacrifices a permanent, Mayhem Devil deals 1 damage to any target.",
    )
    assert "theme:sacrifice" in _theme_ids(devil)


def test_a_permanent_the_card_needs_and_lifelink_it_gives_are_its_themes():
    """Blood-Cursed Knight (audit draw 770301): "As long as you control an enchantment" needs enchantments
    as "if you control an enchantment" does; the lifelink it then has gains life (the README's lifegain:
    lifelink included), given to the card itself or to a creature of its controller's."""
    knight = _real(
        "Blood-Cursed Knight",
        "Creature — Vampire Knight",
        "As long as you control an enchantment, Blood-Cursed Knight gets +1/+1 and has lifelink. (Damage dealt by "
        "this creature also causes you to gain that much life.)",
    )
    assert {"theme:enchantments", "theme:lifegain"} <= _theme_ids(knight)
    serpent = _real(
        "Steelclad Serpent",
        "Artifact Creature — Serpent",
        "Steelclad Serpent can't attack unless you control another artifact.",
    )
    assert "theme:artifacts" in _theme_ids(serpent)
    collar = _real(
        "Basilisk Collar", "Artifact — Equipment", "Equipped creature has deathtouch and lifelink.\nEquip {2}"
    )
    assert "theme:lifegain" in _theme_ids(collar)
    assert "theme:lifegain" not in _theme_ids(_real("Noxious Groodion", "Creature — Beast", "Deathtouch"))


def test_a_reward_for_auras_and_equipment_on_ones_creatures_is_voltron():
    """Heir of the Ancient Fang (fresh draw 2026120312, gold_themes "fresh"): a modified creature (CR 700.9:
    equipped, enchanted by its controller's Aura, or with a counter) is what the card rewards; so is the card
    being equipped, or growing for each Aura attached to it. A hoser of enchanted creatures, a negation or a
    protection from modified creatures rewards nothing."""
    heir = _real(
        "Heir of the Ancient Fang",
        "Creature — Snake Samurai",
        "Heir of the Ancient Fang enters the battlefield with a +1/+1 counter on it if you control a modified "
        "creature. (Equipment, Auras you control, and counters are modifications.)",
    )
    assert {"theme:voltron", "theme:plus-one-counters"} <= _theme_ids(heir)
    veteran = _real(
        "Armory Veteran", "Creature — Human Soldier", "As long as Armory Veteran is equipped, it has menace."
    )
    assert "theme:voltron" in _theme_ids(veteran)
    wombat = _real(
        "Rabid Wombat", "Creature — Wombat", "Vigilance\nRabid Wombat gets +2/+2 for each Aura attached to it."
    )
    assert "theme:voltron" in _theme_ids(wombat)
    serenity = _real("Song of Serenity", "Enchantment", "Creatures that are enchanted can't attack or block.")
    elemental = _real(
        "Time Elemental",
        "Creature — Elemental",
        "{2}{U}{U}, {T}: Return target permanent that isn't enchanted to its owner's hand.",
    )
    louvaq = _real("Louvaq, the Aberrant", "Creature — Horror", "Protection from modified creatures")
    assert not {"theme:voltron"} & (_theme_ids(serenity) | _theme_ids(elemental) | _theme_ids(louvaq))


def test_damage_to_them_the_player_the_sentence_names_is_burn():
    """Blazing Salvo (fresh draw 2026120312, gold "fresh": burn decided): "that creature's controller has
    Blazing Salvo deal 5 damage to them": "them" is the player named before it; damage divided "among them"
    (objects) is not."""
    salvo = _real(
        "Blazing Salvo",
        "Instant",
        "Blazing Salvo deals 3 damage to target creature unless that creature's controller has Blazing Salvo deal 5 "
        "damage to them.",
    )
    assert {"theme:burn", "theme:removal"} <= _theme_ids(salvo)
    smashing = _real(
        "Shatterskull Smashing",
        "Sorcery",
        "Shatterskull Smashing deals X damage divided as you choose among up to two target creatures and/or "
        "planeswalkers. If X is 6 or more, Shatterskull Smashing deals twice X damage divided as you choose among them instead.",
    )
    assert "theme:burn" not in _theme_ids(smashing)


def test_testing_that_one_card_of_a_kind_is_in_the_graveyard_is_no_graveyard_theme():
    """Ramunap Hydra (fresh draw 2026120312, gold "fresh": no graveyard theme, written before the tagger
    ran): "as long as there is a Desert card in your graveyard" tests for one card; counting the graveyard
    (threshold's "seven or more cards") or a creature card's keywords there (Kathril) still works with it."""
    hydra = _real(
        "Ramunap Hydra",
        "Creature — Snake Hydra",
        "Vigilance, reach, trample\nRamunap Hydra gets +1/+1 as long as you control a Desert.\nRamunap Hydra gets "
        "+1/+1 as long as there is a Desert card in your graveyard.",
    )
    assert "theme:graveyard" not in _theme_ids(hydra)
    mage = _real(
        "Windwright Mage",
        "Artifact Creature — Human Wizard",
        "Windwright Mage has flying as long as an artifact card is in your graveyard.",
    )
    assert "theme:graveyard" not in _theme_ids(mage)
    kathril = _real(
        "Kathril, Aspect Warper",
        "Legendary Creature — Nightmare Insect",
        "When Kathril, Aspect Warper enters the battlefield, put a flying counter on any creature you control if a "
        "creature card in your graveyard has flying.",
    )
    assert "theme:graveyard" in _theme_ids(kathril)
    threshold = _real(
        "Werebear",
        "Creature — Human Bear Druid",
        "{T}: Add {G}.\nThreshold — Werebear gets +3/+3 as long as seven or more cards are in your graveyard.",
    )
    assert "theme:graveyard" in _theme_ids(threshold)


def test_countering_the_target_spell_named_before_is_a_counterspell():
    """Mages' Contest (audit draw 770301): "You and target spell's controller bid life. … If you win the
    bidding, counter that spell." counters the target spell; a spell a trigger names is no target."""
    contest = _real(
        "Mages' Contest",
        "Instant",
        "You and target spell's controller bid life. You start the bidding with a bid of 1. In turn order, each "
        "player may top the high bid. The bidding ends if the high bid stands. The high bidder loses life equal to "
        "the high bid. If you win the bidding, counter that spell.",
    )
    assert "theme:counterspell" in _theme_ids(contest)
    force = _real(
        "Lunar Force", "Enchantment", "When an opponent casts a spell, sacrifice Lunar Force and counter that spell."
    )
    assert "theme:counterspell" not in _theme_ids(force)


def test_the_leads_classes_of_fresh_draw_2026120322():
    """Nissa, Genesis Mage untaps lands and puts land cards onto the battlefield (ramp); Lantern Scout gives
    its controller's creatures lifelink (lifegain); Carrion Rats lets any player exile a card from their own
    graveyard (their choice, no graveyard theme); Desolation makes each player who tapped a land for mana
    sacrifice one (an edict, no sacrifice theme); Mindsparker punishes an opponent's instants and sorceries
    (no spellslinger)."""
    nissa = _real(
        "Nissa, Genesis Mage",
        "Legendary Planeswalker — Nissa",
        "[+2]: Untap up to two target creatures and up to two target lands.\n[−3]: Target creature gets +5/+5 until "
        "end of turn.\n[−10]: Look at the top ten cards of your library. You may put any number of creature and/or land "
        "cards from among them onto the battlefield. Put the rest on the bottom of your library in a random order.",
    )
    assert "theme:ramp" in _theme_ids(nissa)
    scout = _real(
        "Lantern Scout",
        "Creature — Human Scout Ally",
        "Rally — Whenever Lantern Scout or another Ally enters the battlefield under your control, creatures you "
        "control gain lifelink until end of turn.",
    )
    assert "theme:lifegain" in _theme_ids(scout)
    rats = _real(
        "Carrion Rats",
        "Creature — Rat",
        "Whenever Carrion Rats attacks or blocks, any player may exile a card from their graveyard. If a player "
        "does, Carrion Rats assigns no combat damage this turn.",
    )
    assert "theme:graveyard" not in _theme_ids(rats)
    desolation = _real(
        "Desolation",
        "Enchantment",
        "At the beginning of each end step, each player who tapped a land for mana this turn sacrifices a land. "
        "Desolation deals 2 damage to each player who sacrificed a Plains this way.",
    )
    assert "theme:sacrifice" not in _theme_ids(desolation)
    mindsparker = _real(
        "Mindsparker",
        "Creature — Elemental",
        "First strike (This creature deals combat damage before creatures without first strike.)\nWhenever an "
        "opponent casts a white or blue instant or sorcery spell, Mindsparker deals 2 damage to that player.",
    )
    assert "theme:spellslinger" not in _theme_ids(mindsparker)
    assert "theme:spellslinger" in _theme_ids(
        _real(
            "Guttersnipe",
            "Creature — Goblin Shaman",
            "Whenever you cast an instant or sorcery spell, Guttersnipe deals 2 damage to each opponent.",
        )
    )


def test_a_graveyard_a_card_is_kept_out_of_or_hated_is_no_graveyard_theme():
    """Fresh draw 2026120324 (Spell Shrivel, Endless Detour; README, fourth stop): "exile it instead of
    putting it into its owner's graveyard" keeps the card out; exiling a card from a graveyard any player's
    may be, or putting it into its owner's library, is graveyard hate; "Desert card in your graveyard" as the
    second of two alternatives is a one-card test. Returning from a graveyard, a cost from one's own, casting
    the copies, and cards the card keeps using once exiled stay the theme."""
    for name, text in (
        (
            "Spell Shrivel",
            "Counter target spell unless its controller pays {4}. If that spell is countered this way, exile it instead of putting it into its owner's graveyard.",
        ),
        (
            "Endless Detour",
            "The owner of target spell, nonland permanent, or card in a graveyard puts it on the top or bottom of their library.",
        ),
        ("Cremate", "Exile target card from a graveyard.\nDraw a card."),
        (
            "Memory Lapse",
            "Counter target spell. If that spell is countered this way, put it on top of its owner's library instead "
            "of into that player's graveyard.",
        ),
        (
            "Rest in Peace",
            "When Rest in Peace enters the battlefield, exile all graveyards.\nIf a card or token would be put into a "
            "graveyard from anywhere, exile it instead.",
        ),
        (
            "Crypt Incursion",
            "Exile all creature cards from target player's graveyard. You gain 3 life for each card exiled this way.",
        ),
        (
            "Wretched Camel",
            "When Wretched Camel dies, if you control a Desert or there is a Desert card in your graveyard, target player discards a card.",
        ),
    ):
        assert "theme:graveyard" not in _theme_ids(_real(name, "Instant", text)), name
    for name, text in (
        ("Raise Dead", "Return target creature card from your graveyard to your hand."),
        (
            "Flawless Forgery",
            "Exile target instant or sorcery card from an opponent's graveyard. Copy it. You may cast the copy without "
            "paying its mana cost.",
        ),
        (
            "Myr Welder",
            "Imprint — {T}: Exile target artifact card from a graveyard.\nMyr Welder has all activated abilities of all cards exiled with it.",
        ),
        (
            "Treasure Cruise",
            "Delve (Each card you exile from your graveyard while casting this spell pays for {1}.)\nDraw three cards.",
        ),
        (
            "Spelltwine",
            "Exile target instant or sorcery card from your graveyard and target instant or sorcery card from an opponent's graveyard. Copy those cards. Cast the copies if able without paying their mana costs. Exile Spelltwine.",
        ),
    ):
        assert "theme:graveyard" in _theme_ids(_real(name, "Sorcery", text)), name


def test_a_non_type_clause_names_no_tribe():
    """Fresh draw 2026120324 (Wildborn Preserver): "another non-Human creature" leaves Humans out."""
    preserver = _real(
        "Wildborn Preserver",
        "Creature — Elf Archer",
        "Flash\nReach\nWhenever another non-Human creature enters the battlefield under your control, you may pay "
        "{X}. When you do, put X +1/+1 counters on Wildborn Preserver.",
    )
    assert not {t for t in _theme_ids(preserver) if t.startswith("tribal:")}
    cockatrice = _real(
        "Cockatrice",
        "Creature — Cockatrice",
        "Flying\nWhenever Cockatrice blocks or becomes blocked by a non-Wall creature, destroy that creature at end of combat.",
    )
    assert "tribal:wall" not in _theme_ids(cockatrice)
    assert "tribal:human" in _theme_ids(
        _real(
            "Champion of the Parish",
            "Creature — Human Soldier",
            "Whenever another Human enters the battlefield under your control, put a +1/+1 counter on Champion of the Parish.",
        )
    )


def test_damage_to_a_player_and_each_creature_they_control_is_burn_and_a_board_wipe_not_removal():
    """Fresh draw 2026120324 (Radiating Lightning; README, fourth stop): the creatures are not targeted, every
    one on that side is dealt damage: a one-sided board wipe; the target player is burn. A second amount of
    damage the same verb deals is an effect of its own ("… and 2 damage to you": no burn from it)."""
    bolt = _theme_ids(
        _real(
            "Radiating Lightning",
            "Instant",
            "Radiating Lightning deals 3 damage to target player and 1 damage to each creature that player controls.",
        )
    )
    assert {"theme:burn", "theme:board-wipe"} <= bolt and "theme:removal" not in bolt
    fury = _theme_ids(
        _real(
            "Chandra's Fury",
            "Instant",
            "Chandra's Fury deals 4 damage to target player or planeswalker and 1 damage to each creature that player or that planeswalker's controller controls.",
        )
    )
    assert {"theme:burn", "theme:board-wipe", "theme:removal"} <= fury  # a target planeswalker: removal
    shock = _theme_ids(
        _real("Two-Way Shock", "Instant", "Two-Way Shock deals 2 damage to target creature and 2 damage to you.")
    )
    assert "theme:removal" in shock and "theme:burn" not in shock


def test_lifelink_as_one_of_a_choice_of_keywords_is_given():
    """The 10 cards issue 26's third stop left: "gains your choice of flying, vigilance, or lifelink", "your
    choice of deathtouch or lifelink", "lifelink if it's black" give lifelink (grants:lifelink, lifegain)."""
    for name, text in (
        (
            "Butcher of the Horde",
            "Flying\nSacrifice another creature: Butcher of the Horde gains your choice of vigilance, lifelink, or haste until end of turn.",
        ),
        (
            "Alchemist's Gift",
            "Target creature gets +1/+1 and gains your choice of deathtouch or lifelink until end of turn.",
        ),
        (
            "Scion of Draco",
            "Flying\nEach creature you control has vigilance if it's white, hexproof if it's blue, lifelink if it's black, first strike if it's red, and trample if it's green.",
        ),
    ):
        ids = _theme_ids(_real(name, "Creature — Demon", text))
        assert {"grants:lifelink", "theme:lifegain"} <= ids, name
    assert "grants:vigilance" in _theme_ids(
        _real(
            "Butcher of the Horde",
            "Creature — Demon",
            "Sacrifice another creature: Butcher of the Horde gains your choice of vigilance, lifelink, or haste until end of turn.",
        )
    )


def test_a_combat_trick_is_an_instant_speed_pump_combat_keyword_or_untap():
    """Fresh draws 2026120324 and 770301 (Rally the Forces, Adamant Will, Enshrouding Mist, Bladebrand,
    Leeching Bite; README, fourth stop): an instant, or a flash card's enters trigger, that until end of turn
    makes a creature bigger, gives it a combat keyword or unblockability, or untaps it. Not a permanent's
    activated pump, a static anthem, a fog, or a sorcery."""
    for name, text in (
        ("Rally the Forces", "Attacking creatures get +1/+0 and gain first strike until end of turn."),
        ("Adamant Will", "Target creature gets +2/+2 and gains indestructible until end of turn."),
        ("Bladebrand", "Target creature gains deathtouch until end of turn.\nDraw a card."),
        (
            "Leeching Bite",
            "Target creature gets +1/+1 until end of turn. Another target creature gets -1/-1 until end of turn.",
        ),
        ("Sudden Spinnerets", "Target creature gets +1/+3 until end of turn. Put a reach counter on it. Untap it."),
        (
            "Serpentine Ambush",
            "Until end of turn, target creature becomes a blue Serpent with base power and toughness 5/5.",
        ),
        (
            "Return of the Wildspeaker",
            "Choose one —\n• Draw cards equal to the greatest power among non-Human creatures you control.\n• Non-Human creatures you control get +3/+3 until end of turn.",
        ),
    ):
        assert "theme:combat-trick" in _theme_ids(_real(name, "Instant", text)), name
    battle_cry = _real(
        "Battle Cry",
        "Instant",
        "Untap all white creatures you control.\nWhenever a creature blocks this turn, it gets +0/+1 until end of turn.",
    )
    assert "theme:combat-trick" in _theme_ids(battle_cry)
    ambusher = _real(
        "Ambush Trick",
        "Creature — Elf",
        "Flash\nWhen Ambush Trick enters the battlefield, target creature gets +2/+2 until end of turn.",
    )
    assert "theme:combat-trick" in _theme_ids(ambusher)
    for name, type_line, text in (
        ("Loch Korrigan", "Creature — Spirit", "{U/B}: Loch Korrigan gets +1/+1 until end of turn."),
        ("Sulfur Elemental", "Creature — Elemental", "Flash\nSplit second\nWhite creatures get +1/-1."),
        ("Fog", "Instant", "Prevent all combat damage that would be dealt this turn."),
        ("Brute Sorcery", "Sorcery", "Target creature gets +3/+3 until end of turn."),
        ("Mardu Hateblade", "Creature — Human Warrior", "{B}: Mardu Hateblade gains deathtouch until end of turn."),
    ):
        assert "theme:combat-trick" not in _theme_ids(_real(name, type_line, text)), name


def test_tokens_and_cards_another_player_gets_are_no_theme_of_the_cards():
    """Fresh draw 2026120332 (Declaration in Stone, Necromentia; README, issue 26's fifth stop): the Clues the
    exiled creature's controller investigates and the Zombies a target opponent creates are that player's, a
    drawback, no tokens or card draw of the card's controller; "you", "target player" and "each player" still
    count, and so does a token the card's controller creates after naming an opponent."""
    declaration = _theme_ids(
        _real(
            "Declaration in Stone",
            "Sorcery",
            "Exile target creature and all other creatures its controller controls with the same name as that "
            "creature. That player investigates for each nontoken creature exiled this way.",
        )
    )
    assert "action:investigate" in declaration
    assert not {"theme:tokens", "theme:card-draw"} & declaration
    necromentia = _theme_ids(
        _real(
            "Necromentia",
            "Sorcery",
            "Choose a card name other than a basic land card name. Search target opponent's graveyard, hand, and "
            "library for any number of cards with that name and exile them. That player shuffles, then creates a "
            "2/2 black Zombie creature token for each card exiled from their hand this way.",
        )
    )
    assert "theme:tokens" not in necromentia
    pongify = _theme_ids(
        _real(
            "Pongify",
            "Instant",
            "Destroy target creature. It can't be regenerated. Its controller creates a 3/3 green Ape creature token.",
        )
    )
    assert "theme:tokens" not in pongify and "theme:removal" in pongify
    for text in (
        "Target player draws three cards.",
        "Each player draws a card.",
        "Target opponent loses 2 life. You create a 1/1 black Rat creature token.",
        "Whenever an opponent casts a spell, you draw a card.",
    ):
        ids = _theme_ids(_real("Foo", "Sorcery", text))
        assert {"theme:card-draw", "theme:tokens"} & ids, text


def test_instants_and_sorceries_another_player_casts_are_no_spellslinger():
    """Fresh draw 2026120332 (Spellshift): its controller reveals until an instant or sorcery card and may cast
    it: that player's spell, no reward for the card's controller's instants and sorceries."""
    spellshift = _theme_ids(
        _real(
            "Spellshift",
            "Instant",
            "Counter target instant or sorcery spell. Its controller reveals cards from the top of their library "
            "until they reveal an instant or sorcery card. That player may cast that card without paying its mana "
            "cost. Then the player shuffles.",
        )
    )
    assert "theme:spellslinger" not in spellshift and "theme:counterspell" in spellshift
    assert "theme:spellslinger" in _theme_ids(
        _real(
            "Foo",
            "Creature — Wizard",
            "Whenever you cast an instant or sorcery spell, Foo gets +1/+1 until end of turn.",
        )
    )


def test_an_extra_land_drop_and_a_loyalty_ability_that_adds_mana_are_ramp():
    """Fresh draw 2026120332 (Escape to the Wilds, Chandra, Torch of Defiance): "You may play an additional land
    this turn" (305.2) and "[+1]: Add {R}{R}." (the card data writes loyalty costs in brackets; the reading
    reads them as loyalty abilities) are ramp."""
    escape = _theme_ids(
        _real(
            "Escape to the Wilds",
            "Sorcery",
            "Exile the top five cards of your library. You may play cards exiled this way until the end of your next "
            "turn.\nYou may play an additional land this turn.",
        )
    )
    assert "theme:ramp" in escape and "theme:card-draw" not in escape
    chandra = _real(
        "Chandra, Torch of Defiance",
        "Legendary Planeswalker — Chandra",
        "[+1]: Exile the top card of your library. You may cast that card. If you don't, Chandra, Torch of Defiance "
        "deals 2 damage to each opponent.\n[+1]: Add {R}{R}.\n[−3]: Chandra, Torch of Defiance deals 4 damage to "
        "target creature.",
    )
    ids = _theme_ids(chandra)
    assert {"theme:ramp", "theme:burn", "theme:removal"} <= ids
    assert "theme:ramp" not in _theme_ids(
        _real("Foo", "Legendary Planeswalker — Foo", "[+1]: Draw a card.\n[−2]: Foo deals 2 damage to any target.")
    )


def test_an_ability_given_to_a_token_or_an_opponents_emblem_speaks_for_its_owner():
    """Fresh draw 2026120332 (Sedgemoor Witch, Chandra, Awakened Inferno): a Pest token "with “When this creature
    dies, you gain 1 life.”" gains its controller life (lifegain); an emblem each opponent gets "with “… this
    emblem deals 1 damage to you.”" deals that opponent damage (burn)."""
    witch = _theme_ids(
        _real(
            "Sedgemoor Witch",
            "Creature — Human Warlock",
            "Menace\nMagecraft — Whenever you cast or copy an instant or sorcery spell, create a 1/1 black and green "
            'Pest creature token with "When this creature dies, you gain 1 life."',
        )
    )
    assert {"theme:lifegain", "theme:tokens", "theme:spellslinger"} <= witch
    inferno = _theme_ids(
        _real(
            "Chandra, Awakened Inferno",
            "Legendary Planeswalker — Chandra",
            "This spell can't be countered.\n[+2]: Each opponent gets an emblem with \"At the beginning of your "
            'upkeep, this emblem deals 1 damage to you."\n[−3]: Chandra, Awakened Inferno deals 3 damage to each '
            "non-Elemental creature.",
        )
    )
    assert {"theme:burn", "theme:board-wipe"} <= inferno
    assert "tribal:elemental" not in inferno
    gift = _theme_ids(
        _real("Foo", "Sorcery", 'Target opponent creates a 1/1 token with "When this creature dies, you gain 1 life."')
    )
    assert "theme:lifegain" not in gift


def test_a_creature_another_player_has_get_minus_n_is_removal_and_proliferate_grows_counters():
    """Fresh draw 2026120332 (Death Match): "that creature's controller may have target creature of their choice
    get -3/-3" shrinks a target creature: removal (one target, no board wipe). Proliferate (701.34) gives one more
    of each counter already there: +1/+1 counters (the other draw of the stop)."""
    match = _theme_ids(
        _real(
            "Death Match",
            "Enchantment",
            "Whenever a creature enters the battlefield, that creature's controller may have target creature of "
            "their choice get -3/-3 until end of turn.",
        )
    )
    assert "theme:removal" in match and "theme:board-wipe" not in match
    assert "theme:plus-one-counters" in _theme_ids(
        _real(
            "Foo",
            "Instant",
            "Proliferate. (Choose any number of permanents and/or players, then give each another counter of each kind already there.)",
        )
    )


def test_a_pump_ability_given_until_end_of_turn_is_a_combat_trick():
    """The combat-trick counter's last instants (issue 26's fourth stop): Dragonrage and Shade's Breath give
    their creatures "{R}: This creature gets +1/+0 until end of turn." until end of turn."""
    rage = _theme_ids(
        _real(
            "Dragonrage",
            "Instant",
            "Add {R} for each attacking creature you control. Until end of turn, attacking creatures you control "
            'gain "{R}: This creature gets +1/+0 until end of turn."',
        )
    )
    assert "theme:combat-trick" in rage
    anthem = _theme_ids(
        _real("Foo", "Enchantment", 'Creatures you control have "{R}: This creature gets +1/+0 until end of turn."')
    )
    assert "theme:combat-trick" not in anthem


def test_a_creature_fought_or_taken_for_good_is_removal():
    """Practice draw 77040402 (Kraul Harpooner, Mind Control; README, fifth stop): fighting a target creature
    (or the one named before, "that creature") and taking an opponent's permanent for good ("You control
    enchanted creature", "Gain control of target creature") remove it; a Threaten (until end of turn) and a
    fight between one's own creature and itself do not."""
    harpooner = _theme_ids(
        _real(
            "Kraul Harpooner",
            "Creature — Insect Warrior",
            "Reach\nUndergrowth — When Kraul Harpooner enters the battlefield, choose up to one target creature with "
            "flying you don't control. Kraul Harpooner gets +X/+0 until end of turn, where X is the number of creature "
            "cards in your graveyard, then you may have Kraul Harpooner fight that creature.",
        )
    )
    assert {"theme:removal", "theme:graveyard"} <= harpooner
    prey = _theme_ids(
        _real("Prey Upon", "Sorcery", "Target creature you control fights target creature you don't control.")
    )
    assert "theme:removal" in prey
    mind = _theme_ids(_real("Mind Control", "Enchantment — Aura", "Enchant creature\nYou control enchanted creature."))
    assert "theme:removal" in mind and "theme:voltron" not in mind
    assert "theme:removal" in _theme_ids(_real("Foo", "Sorcery", "Gain control of target creature."))
    threaten = _theme_ids(
        _real(
            "Threaten",
            "Sorcery",
            "Untap target creature and gain control of it until end of turn. That creature gains haste until end of turn.",
        )
    )
    assert "theme:removal" not in threaten
    will = _theme_ids(
        _real(
            "Domineering Will",
            "Instant",
            "Target player gains control of up to three target nonattacking creatures until end of turn. Untap "
            "those creatures. They block this turn if able.",
        )
    )
    assert "theme:removal" not in will and "theme:combat-trick" in will


def test_cards_put_into_an_opponents_graveyard_are_no_graveyard_theme():
    """Practice draw 77040402 (Nihilith): "Whenever a card is put into an opponent's graveyard from anywhere" is
    their graveyard filled, no resource of its controller's."""
    nihilith = _theme_ids(
        _real(
            "Nihilith",
            "Creature — Horror",
            "Fear\nWhenever a card is put into an opponent's graveyard from anywhere, if Nihilith is suspended, you may "
            "remove a time counter from Nihilith.",
        )
    )
    assert "theme:graveyard" not in nihilith and "theme:evasion" in nihilith
    assert "theme:graveyard" in _theme_ids(
        _real("Foo", "Sorcery", "Return target creature card from your graveyard to your hand.")
    )


def test_that_player_is_the_player_named_before_it_in_its_own_sentence_too():
    """Issue 26, sixth stop (an earlier branch's lost fix, redone): "that player" stands for the last player named
    before it, in the same sentence as well (a trigger's "Whenever an opponent casts a spell, that player …", "At
    the beginning of each opponent's end step, that player …") and the player a creature deals damage to (the
    defending player, an opponent); "a player" and "each player" alone still include the card's controller."""
    for name, text in (
        (
            "Bloodvial Purveyor",
            "Flying, trample\nWhenever an opponent casts a spell, that player creates a Blood token.",
        ),
        ("Forced Fruition", "Whenever an opponent casts a spell, that player draws seven cards."),
        (
            "Goblin Spymaster",
            "At the beginning of each opponent's end step, that player creates a 1/1 red Goblin creature token.",
        ),
        (
            "Varchild, Betrayer of Kjeldor",
            "Whenever Varchild, Betrayer of Kjeldor deals combat damage to a player, that player creates that many "
            "1/1 red Survivor creature tokens.",
        ),
    ):
        ids = _theme_ids(_real(name, "Enchantment", text))
        assert not {"theme:tokens", "theme:card-draw"} & ids, name
    for text in (
        "At the beginning of each player's draw step, that player draws an additional card.",
        "Whenever a player casts a spell, that player may draw a card.",
        "Target player draws a card. That player creates a 1/1 white Soldier creature token.",
    ):
        ids = _theme_ids(_real("Foo", "Enchantment", text))
        assert {"theme:tokens", "theme:card-draw"} & ids, text


def test_a_type_a_protection_keeps_away_is_no_tribe():
    """Fresh draw 2026120442 (Nath's Buffoon): "Protection from Elves" (702.16) opposes Elves; the card cares
    about no Elf (README, sixth stop), as a "non-<type>" clause excludes one. A type named elsewhere still is."""
    assert not [
        t
        for t in _theme_ids(_real("Nath's Buffoon", "Creature — Goblin Rogue", "Protection from Elves"))
        if t.startswith("tribal:")
    ]
    given = _theme_ids(
        _real(
            "Foo",
            "Instant",
            "Target creature gains protection from Goblins and from Dragons until end of turn. Elves you control get "
            "+1/+1 until end of turn.",
        )
    )
    assert "tribal:elf" in given and not {"tribal:goblin", "tribal:dragon"} & given


def test_damage_in_an_ability_the_card_gives_is_its_role():
    """Fresh draw 2026120442 (Noxious Field): the enchanted land's quoted "{T}: This land deals 1 damage to each
    creature and each player." is a board wipe and burn whoever holds it; a target's damage in an Equipment's
    quoted ability is removal and burn (the equipped creature is its controller's)."""
    field = _theme_ids(
        _real(
            "Noxious Field",
            "Enchantment — Aura",
            'Enchant land\nEnchanted land has "{T}: This land deals 1 damage to each creature and each player."',
        )
    )
    assert {"theme:board-wipe", "theme:burn"} <= field and "theme:removal" not in field
    longbow = _theme_ids(
        _real(
            "Viridian Longbow",
            "Artifact — Equipment",
            'Equipped creature has "{T}: This creature deals 1 damage to any target."\nEquip {3}',
        )
    )
    assert {"theme:removal", "theme:burn"} <= longbow
    emblem = _theme_ids(
        _real(
            "Foo",
            "Sorcery",
            'Target opponent gets an emblem with "At the beginning of your upkeep, this emblem deals 1 damage to '
            'each creature you control."',
        )
    )
    assert "theme:board-wipe" not in emblem


def test_a_token_the_card_makes_speaks_for_its_controller_artifacts_and_mana():
    """Fresh draw 2026120442 (Karn, Scion of Urza; Prosperous Pirates): the Construct's quoted "+1/+1 for each
    artifact you control" counts its controller's artifacts (theme:artifacts); Treasures (a predefined token whose
    definition adds mana, 111.10a) and Eldrazi Scions with "Sacrifice this creature: Add {C}." are mana beyond a
    land's own (theme:ramp); a Treasure an opponent creates is theirs, and a Clue no mana."""
    karn = _theme_ids(
        _real(
            "Karn, Scion of Urza",
            "Legendary Planeswalker — Karn",
            '[−2]: Create a 0/0 colorless Construct artifact creature token with "This creature gets +1/+1 for each '
            'artifact you control."',
        )
    )
    assert {"theme:artifacts", "theme:tokens"} <= karn
    pirates = _theme_ids(
        _real(
            "Prosperous Pirates",
            "Creature — Human Pirate",
            "When Prosperous Pirates enters the battlefield, create two Treasure tokens. (They're artifacts with "
            '"{T}, Sacrifice this artifact: Add one mana of any color.")',
        )
    )
    assert "theme:ramp" in pirates
    hulk = _theme_ids(
        _real(
            "Birthing Hulk",
            "Creature — Eldrazi Dinosaur",
            "When Birthing Hulk enters the battlefield, create two 1/1 colorless Eldrazi Scion creature tokens. They "
            'have "Sacrifice this creature: Add {C}."',
        )
    )
    assert "theme:ramp" in hulk
    for text in (
        "Whenever an opponent casts a spell, that player creates a Treasure token.",
        "When Foo enters the battlefield, investigate.",
        "Create a Clue token.",
    ):
        assert "theme:ramp" not in _theme_ids(_real("Foo", "Enchantment", text)), text
    # an order to the card's controller after a trigger that names an opponent ("create", the verb's base form)
    revel = "Whenever a creature an opponent controls dies, create a Treasure token."
    assert {"theme:ramp", "theme:tokens"} <= _theme_ids(_real("Revel in Riches", "Enchantment", revel))


def test_an_artifact_sacrificed_as_a_cost_and_a_reward_for_discarding_are_themes():
    """Practice draw 77120702: Forge Armor's "As an additional cost to cast this spell, sacrifice an artifact" needs
    artifacts (theme:artifacts); an upkeep's "you may sacrifice an artifact. If you don't, …" is a drawback
    (Yawgmoth Demon, gold set: no theme:artifacts). Horror of the Broken Lands' "Whenever you cycle or discard
    another card" rewards discarding (theme:discard); Gang of Devils' damage divided among one, two, or three
    targets is removal and burn."""
    forge = _theme_ids(
        _real(
            "Forge Armor",
            "Instant",
            "As an additional cost to cast this spell, sacrifice an artifact.\nPut X +1/+1 counters on target creature, "
            "where X is the sacrificed artifact's mana value.",
        )
    )
    assert {"theme:artifacts", "theme:sacrifice", "theme:plus-one-counters"} <= forge
    assert "theme:artifacts" in _theme_ids(_real("Ironworks", "Artifact", "Sacrifice an artifact: Add {C}{C}."))
    demon = _theme_ids(
        _real(
            "Yawgmoth Demon",
            "Creature — Phyrexian Demon",
            "Flying\nAt the beginning of your upkeep, you may sacrifice an artifact. If you don't, tap Yawgmoth Demon "
            "and it deals 2 damage to you.",
        )
    )
    assert "theme:artifacts" not in demon
    horror = _theme_ids(
        _real(
            "Horror of the Broken Lands",
            "Creature — Horror",
            "Whenever you cycle or discard another card, Horror of the Broken Lands gets +2/+1 until end of turn.\n"
            "Cycling {B} ({B}, Discard this card: Draw a card.)",
        )
    )
    assert "theme:discard" in horror
    assert "theme:discard" not in _theme_ids(_real("Foo", "Creature — Bird", "Cycling {2}"))
    devils = _theme_ids(
        _real(
            "Gang of Devils",
            "Creature — Devil",
            "When Gang of Devils dies, it deals 3 damage divided as you choose among one, two, or three targets.",
        )
    )
    assert {"theme:removal", "theme:burn"} <= devils


def test_control_taken_for_a_while_is_no_removal():
    """Issue 26, sixth stop (an earlier branch's lost fix, redone): a control change with a duration that ends
    ("until end of turn", "until the end of your next turn", "until end of combat") gives the permanent back, a
    Threaten, no removal; "for as long as ~ remains on the battlefield" keeps it while the card stays (Sower of
    Temptation), removal as Control Magic is."""
    for text in (
        "Gain control of target creature until end of turn. Untap that creature. It gains haste until end of turn.",
        "Gain control of target creature an opponent controls until the end of your next turn.",
        "Until end of turn, gain control of target creature.",
        "Gain control of target creature until end of combat.",
    ):
        assert "theme:removal" not in _theme_ids(_real("Foo", "Sorcery", text)), text
    sower = (
        "Flying\nWhen Sower of Temptation enters the battlefield, gain control of target creature for as long as Sower "
        "of Temptation remains on the battlefield."
    )
    assert "theme:removal" in _theme_ids(_real("Sower of Temptation", "Creature — Faerie Wizard", sower))


def test_an_aura_giving_a_keyword_that_helps_and_a_legend_sacrificing_itself():
    """Practice draw 77120704: Floating Shield's "Enchanted creature has protection from the chosen color" makes its
    creature better (voltron), an Aura giving defender does not; King Darien XLVIII's "Sacrifice King Darien" is the
    card sacrificing itself (no theme:sacrifice)."""
    shield = _real(
        "Floating Shield",
        "Enchantment — Aura",
        "Enchant creature\nAs Floating Shield enters the battlefield, choose a color.\nEnchanted creature has protection "
        "from the chosen color. This effect doesn't remove Floating Shield.",
    )
    assert "theme:voltron" in _theme_ids(shield)
    wall = _real("Foo", "Enchantment — Aura", "Enchant creature\nEnchanted creature has defender.")
    assert "theme:voltron" not in _theme_ids(wall)
    darien = _real(
        "King Darien XLVIII",
        "Legendary Creature — Human Soldier",
        "Other creatures you control get +1/+1.\n{3}{G}{W}: Put a +1/+1 counter on King Darien and create a 1/1 white "
        "Soldier creature token.\nSacrifice King Darien: Creature tokens you control gain hexproof and indestructible "
        "until end of turn.",
    )
    assert "theme:sacrifice" not in _theme_ids(darien)


def test_a_keywords_reminder_that_returns_a_card_from_your_graveyard_is_its_theme():
    """Fresh draw 2026120742 (Kami of the Tended Garden): soulshift's reminder (702.46a) spells out the keyword:
    it returns a Spirit card from your graveyard to your hand (theme:graveyard) and cares about Spirits
    (tribal:spirit). Another reminder (cycling's discard and draw) stays no theme, as README says."""
    kami = _theme_ids(
        _real(
            "Kami of the Tended Garden",
            "Creature — Spirit",
            "At the beginning of your upkeep, sacrifice Kami of the Tended Garden unless you pay {G}.\nSoulshift 3 "
            "(When this creature dies, you may return target Spirit card with mana value 3 or less from your "
            "graveyard to your hand.)",
        )
    )
    assert {"theme:graveyard", "tribal:spirit"} <= kami
    cycler = _theme_ids(_real("Foo", "Creature — Elf", "Cycling {2} ({2}, Discard this card: Draw a card.)"))
    assert not {"theme:card-draw", "theme:discard", "theme:graveyard"} & cycler


def test_splice_onto_arcane_is_no_spellslinger_splice_onto_instants_is():
    """Fresh draw 2026120742 (Horobi's Whisper): splice's quality says what it rewards casting (702.47a); Arcane
    spells are no instants and sorceries as such. "Splice onto instant or sorcery" is spellslinger by its words."""
    horobi = _theme_ids(
        _real(
            "Horobi's Whisper",
            "Instant — Arcane",
            "If you control a Swamp, destroy target nonblack creature.\nSplice onto Arcane—Exile four cards from your "
            "graveyard. (As you cast an Arcane spell, you may reveal this card from your hand and pay its splice "
            "cost. If you do, add this card's effects to that spell.)",
        )
    )
    assert "theme:spellslinger" not in horobi and {"theme:graveyard", "theme:removal"} <= horobi
    fall = _theme_ids(
        _real(
            "Foo",
            "Instant",
            "Splice onto instant or sorcery {1}{R} (As you cast an instant or sorcery spell, you may reveal this card "
            "from your hand and pay its splice cost. If you do, add this card's effects to that spell.)\nFoo deals 5 "
            "damage to target creature.",
        )
    )
    assert "theme:spellslinger" in fall


def test_a_triggered_mana_ability_is_ramp():
    """Practice draw 77120802 (Leyline of Abundance): "Whenever you tap a creature for mana, add an additional {G}" is
    a triggered mana ability (605.1b): mana beyond a land's own, ramp; "that player adds" after "a player" is each
    player's, the controller's too; after "an opponent" it is theirs."""
    leyline = _theme_ids(
        _real(
            "Leyline of Abundance",
            "Enchantment",
            "If Leyline of Abundance is in your opening hand, you may begin the game with it on the battlefield.\n"
            "Whenever you tap a creature for mana, add an additional {G}.\n{6}{G}{G}: Put a +1/+1 counter on each "
            "creature you control.",
        )
    )
    assert {"theme:ramp", "theme:plus-one-counters"} <= leyline
    heartbeat = "Whenever a player taps a land for mana, that player adds one mana of any type that land produced."
    assert "theme:ramp" in _theme_ids(_real("Heartbeat of Spring", "Enchantment", heartbeat))
    theirs = heartbeat.replace("a player", "an opponent")
    assert "theme:ramp" not in _theme_ids(_real("Foo", "Enchantment", theirs))


def test_a_reward_for_a_modified_creature_described_between_is_voltron():
    """Practice draw 77120802 (Goro-Goro, Disciple of Ryusei): "Activate only if you control an attacking modified
    creature" rewards Equipment, Auras and counters (voltron, as Heir of the Ancient Fang in gold), a word between."""
    goro = _theme_ids(
        _real(
            "Goro-Goro, Disciple of Ryusei",
            "Legendary Creature — Goblin Samurai",
            "{R}: Creatures you control gain haste until end of turn.\n{3}{R}{R}: Create a 5/5 red Dragon Spirit "
            "creature token with flying. Activate only if you control an attacking modified creature.",
        )
    )
    assert {"theme:tokens", "theme:voltron"} <= goro


def test_a_token_a_keywords_reminder_creates_names_no_tribe():
    """The keyword-reminder tribe (soulshift's "target Spirit card") is the type of an object the keyword acts on;
    a token the reminder creates ("Afterlife 1 (… create a 1/1 white and black Spirit creature token …)") or what a
    copy becomes names none, as in rules text."""
    afterlife = _theme_ids(
        _real(
            "Foo",
            "Creature — Human Cleric",
            "Afterlife 1 (When this creature dies, create a 1/1 white and black Spirit creature token with flying.)",
        )
    )
    assert not [t for t in afterlife if t.startswith("tribal:")]
    champion = _theme_ids(
        _real(
            "Foo",
            "Creature — Faerie Rogue",
            "Champion a Faerie (When this enters the battlefield, sacrifice it unless you exile another Faerie you "
            "control. When this leaves the battlefield, that card returns to the battlefield under its owner's control.)",
        )
    )
    assert "tribal:faerie" in champion


def test_a_ritual_is_ramp():
    """Practice draw 77120804 (Liturgy of Blood): a spell's own sentence that adds mana is a ritual, ramp by README's
    definition ("Add {B}{B}{B}.", Dark Ritual; "Destroy target creature. Add {B}{B}{B}.")."""
    assert "theme:ramp" in _theme_ids(_real("Dark Ritual", "Instant", "Add {B}{B}{B}."))
    liturgy = _theme_ids(_real("Liturgy of Blood", "Sorcery", "Destroy target creature. Add {B}{B}{B}."))
    assert {"theme:ramp", "theme:removal"} <= liturgy


def test_a_type_other_than_one_named_is_no_tribe():
    """Practice draw 77120804 (Unnatural Selection): "a creature type other than Wall" leaves Wall out, as "non-Wall"
    does (README, fourth stop)."""
    selection = _theme_ids(
        _real(
            "Unnatural Selection",
            "Enchantment",
            "{1}: Choose a creature type other than Wall. Target creature becomes that type until end of turn.",
        )
    )
    assert not [t for t in selection if t.startswith("tribal:")]


def test_graveyard_hate_over_two_sentences_and_dying_are_no_graveyard_theme():
    """Practice draw 77120804: a card chosen in a graveyard and exiled by the next sentence is hate (Surgical
    Extraction); "a nontoken permanent is put into your graveyard from the battlefield" is a permanent dying (700.4),
    no card used there (Jinxed Ring). Returning a card from your graveyard still is the theme."""
    surgical = _real(
        "Surgical Extraction",
        "Instant",
        "Choose target card in a graveyard other than a basic land card. Search its owner's graveyard, hand, and library "
        "for any number of cards with the same name as that card and exile them. Then that player shuffles.",
    )
    assert "theme:graveyard" not in _theme_ids(surgical)
    ring = _real(
        "Jinxed Ring",
        "Artifact",
        "Whenever a nontoken permanent is put into your graveyard from the battlefield, Jinxed Ring deals 1 damage to "
        "you.\nSacrifice a creature: Target opponent gains control of Jinxed Ring.",
    )
    assert "theme:graveyard" not in _theme_ids(ring)
    assert "theme:graveyard" in _theme_ids(
        _real("Foo", "Sorcery", "Return target creature card from your graveyard to your hand.")
    )
