"""A named card read as a judge reads it (tolaria.knowledge._cards, through tolaria.oracle). The expected
rules are those of the shipped CR (MagicCompRules-20260227.txt): 613.1f "Layer 6: Ability-adding effects
... ability-removing effects"; 613.4b "characteristic-defining abilities ... set power and/or toughness";
613.7e "An Aura, Equipment, or Fortification receives a new timestamp each time it becomes attached";
614.12 "replacement effects modify how a permanent enters the battlefield" (a clone); 615.12 damage that
"can't be prevented"; 603.4 the intervening "if"; 603.6c leaves-the-battlefield abilities; 704.5j the legend
rule; 715.3/715.4 Adventures; 712.11c casting a face of a modal double-faced card; 903.10a commander damage."""

import pytest

from tolaria.knowledge import Answerer, Document, KnowledgeIndex, documents_from
from tolaria.knowledge._cards import asked_abilities, card_rules, question_rules, rules_for

WARHAMMER = (
    "Loxodon Warhammer",
    "Artifact — Equipment\nEquipped creature gets +3/+0 and has trample and lifelink.\nEquip {3}",
)
FROG = (
    "Turn to Frog",
    "Instant\nUntil end of turn, target creature loses all abilities and becomes a blue Frog with base power and toughness 1/1.",
)
BEAST = (
    "Questing Beast",
    "Legendary Creature — Beast\nVigilance, deathtouch, haste\nQuesting Beast can't be blocked by creatures with power 2 or"
    " less.\nCombat damage that would be dealt by creatures you control can't be prevented.",
)
GIANT = (
    "Bonecrusher Giant // Stomp",
    "Creature — Giant // Instant — Adventure\nWhenever Bonecrusher Giant becomes the target of a spell, Bonecrusher Giant"
    " deals 2 damage to that spell's controller.\n//\nDamage can't be prevented this turn. Stomp deals 2 damage to any target.",
)
CLONE = ("Clone", "Creature — Shapeshifter\nYou may have Clone enter as a copy of any creature on the battlefield.")
CHUPACABRA = (
    "Ravenous Chupacabra",
    "Creature — Beast Horror\nWhen Ravenous Chupacabra enters the battlefield, destroy target creature an opponent controls.",
)
INTERVENING = (
    "Felidar Sovereign",
    "Creature — Cat Beast\nVigilance, lifelink\nAt the beginning of your upkeep, if you have 40 or more life, you win the game.",
)


def numbers(card):
    return {n for _, n in card_rules(*card)}


def test_each_ability_brings_the_rules_that_govern_it():
    assert {"613.1f", "613.4c", "613.7e"} <= numbers(WARHAMMER)
    assert {"613.1f", "613.4b", "613.1e"} <= numbers(FROG)
    assert "615.12" in numbers(BEAST) and "704.5j" in numbers(BEAST) and "903.10a" in numbers(BEAST)
    assert {"715.3", "715.4", "615.12", "603.2"} <= numbers(GIANT)
    assert {"707.2", "614.12"} <= numbers(CLONE)


def test_an_intervening_if_brings_603_4_and_only_then():
    assert "603.4" in numbers(INTERVENING)
    assert "603.4" not in numbers(CHUPACABRA)
    assert {"603.2", "603.6a"} <= numbers(CHUPACABRA)


def test_the_question_words_choose_among_a_cards_rules():
    asked = rules_for([BEAST], "Can its damage be prevented?")
    unasked = rules_for([BEAST], "Is it legendary?")
    assert asked["615.12"] > unasked["615.12"]
    assert unasked["704.5j"] > asked["704.5j"]


def test_two_effects_at_once_reach_the_rules_that_order_them():
    rules = rules_for([WARHAMMER, FROG], "Does it keep trample and lifelink?")
    assert {"613.1f", "613.7e", "613.7", "613.8"} <= set(rules)
    assert rules["613.1f"] >= rules["613.1e"] and rules["613.7e"] >= rules["613.7"]


@pytest.fixture(scope="module")
def answerer(rulebook):
    cards = [
        WARHAMMER,
        FROG,
        BEAST,
        GIANT,
        CHUPACABRA,
        ("Fog", "Instant\nPrevent all combat damage that would be dealt this turn."),
        (
            "Teferi's Protection",
            "Instant\nUntil your next turn, your life total can't change. All permanents you control phase out.",
        ),
        ("X", "Legendary Creature — Letter\nX can't block."),
        (
            "Trepanation Blade",
            "Artifact — Equipment\nWhenever equipped creature attacks, defending player reveals cards from the top of"
            " their library until they reveal a land card.\nEquip {2}",
        ),
    ]
    docs = [Document(f"card:{n}", "card", title, text, str(n)) for n, (title, text) in enumerate(cards)]
    return Answerer(KnowledgeIndex.build(documents_from(rulebook) + docs, embedder=None))


def test_possessives_and_faces_name_cards(answerer):
    a = answerer.answer("Can Questing Beast's damage be prevented by Fog?", mode="lexical")
    assert a.named_cards == ["Questing Beast", "Fog"]
    assert "615.12" in [h.document.ref for h in a.rules[:4]]
    a = answerer.answer("Can I cast the adventure half of Bonecrusher Giant from exile?", mode="lexical")
    assert a.named_cards == ["Bonecrusher Giant // Stomp"]
    # the faces of "Who // What // When // Where // Why" are words of any sentence
    assert answerer.answer("Fine. When does it die? What happens?", mode="lexical").named_cards == []
    assert any(h.document.ref.startswith("715.") for h in a.rules[:3])


def test_a_possessive_in_a_cards_own_name_names_it(answerer):
    a = answerer.answer("I cast Teferi's Protection. Does my token come back at the end step?", mode="lexical")
    assert a.named_cards == ["Teferi's Protection"]


def test_a_letter_names_no_card(answerer):
    assert answerer.answer("What's the deal with X spells? Can I cast one for X=0?", mode="lexical").named_cards == []


def test_no_word_of_a_cards_name_is_a_rules_term(answerer):
    a = answerer.answer("If I block Ravenous Chupacabra with two creatures, what happens?", mode="lexical")
    assert "Ravenous" not in a.terms
    assert not any(h.document.ref.startswith("702.156") for h in a.rules)


def test_dies_is_not_rolling_a_die(answerer):
    a = answerer.answer("What happens when my creature dies?", mode="lexical")
    assert not any(h.document.ref.startswith("706") for h in a.rules)
    assert any(
        h.document.ref.startswith("706") for h in answerer.answer("What if I roll a die twice?", mode="lexical").rules
    )


def test_an_equipped_creature_hit_by_turn_to_frog_reaches_the_layers(answerer):
    a = answerer.answer(
        "My creature equipped with Loxodon Warhammer gets hit by Turn to Frog. Does it keep trample and lifelink?",
        mode="lexical",
    )
    refs = [h.document.ref for h in a.rules[:5]]
    assert "613.1f" in refs and "613.7e" in refs


DOUBLING = (
    "Doubling Season",
    "Enchantment\nIf an effect would create one or more tokens under your control, it creates twice that many of"
    " those tokens instead.\nIf an effect would put one or more counters on a permanent you control, it puts twice"
    " that many of those counters on that permanent instead.",
)
OUTLANDER = ("Vedalken Outlander", "Artifact Creature — Vedalken Scout\nProtection from red")
ALLURE = (
    "Deadly Allure",
    "Sorcery\nTarget creature gains deathtouch until end of turn and must be blocked this turn if able.\nFlashback {G}",
)
TWISTED = ("Twisted Image", "Instant\nSwitch target creature's power and toughness until end of turn.\nDraw a card.")


def test_the_question_words_choose_among_a_cards_abilities():
    chosen = asked_abilities(
        *DOUBLING, "Does it double the brick counters I put on my artifact each time I activate it during my upkeep?"
    )
    assert len(chosen) == 1 and "counters" in chosen[0]
    # a question of a few words of its own is about the whole card
    assert len(asked_abilities(*DOUBLING, "Does it double counters?")) == 2
    assert len(asked_abilities(*DOUBLING, "What happens when I have two of them and cast a spell with storm?")) == 2
    # a keyword line is short and names its rule: it joins whatever the question says
    assert asked_abilities(*OUTLANDER, "Could a Pyroclasm deal damage to it?") == ["Protection from red"]


def test_a_question_naming_no_card_is_brought_no_rules():
    assert rules_for([], "Do both triggers go on the stack when my opponent's creature dies?") == {}


def test_two_layered_cards_reach_the_layers_only_when_the_question_asks_about_characteristics():
    forced = rules_for([ALLURE, WARHAMMER], "Will my opponent be forced to block it with two creatures?")
    assert "613.8" not in forced and "613.7" not in forced
    kept = rules_for([ALLURE, FROG], "Does it keep deathtouch?")
    assert {"613.1", "613.7", "613.8"} <= set(kept)
    # cards and nothing else to ask ("Blood Moon + Urborg"): what they do together is the question
    assert "613.8" in rules_for([FROG, WARHAMMER], "+")


def test_switching_power_and_toughness_is_layer_7d():
    assert "613.4d" in numbers(TWISTED)


GRASP = ("Grasp of Darkness", "Instant\nTarget creature gets -4/-4 until end of turn.")
INCINERATE = (
    "Incinerate",
    "Instant\nIncinerate deals 3 damage to any target. A creature dealt damage this way can't be regenerated this turn.",
)


def test_a_creature_that_should_have_died_reaches_the_state_based_actions():
    # 704.5f (toughness 0 or less), 704.5g (lethal damage), 704.3 (when they are checked): CR 2026-02-27
    no_toughness = rules_for([GRASP], "I can see its P/T go to 7/0 for a brief moment, then it reverts to 11/4.")
    assert no_toughness["704.5f"] >= 0.8 and "704.3" in no_toughness and "704.5g" not in no_toughness
    lethal = rules_for(
        [INCINERATE], "Tarmogoyf was not destroyed: Incinerate went to the graveyard before the lethal damage check."
    )
    assert lethal["704.5g"] >= 0.8 and "704.3" in lethal
    # a toughness lowered is asked when the question is about dying; "11/4" or "+1/+0" leaves toughness
    assert "704.5f" in numbers(GRASP)
    assert rules_for([GRASP], "Does it die?")["704.5f"] > rules_for([GRASP], "Can it target my own creature?")["704.5f"]
    assert "704.5f" not in rules_for([WARHAMMER], "It is a 4/10 with the Warhammer, 11/4 with another one.")


BLOOD_MOON = ("Blood Moon", "Enchantment\nNonbasic lands are Mountains.")
URBORG = ("Urborg, Tomb of Yawgmoth", "Legendary Land\nEach land is a Swamp in addition to its other land types.")
SEAS = (
    "Spreading Seas",
    "Enchantment — Aura\nEnchant land\nWhen Spreading Seas enters the battlefield, draw a card.\nEnchanted land is an"
    " Island.",
)
FACTORY = (
    "Mishra's Factory",
    "Land\n{T}: Add {C}.\n{1}: Mishra's Factory becomes a 2/2 Assembly-Worker artifact creature until end of turn."
    " It's still a land.",
)
REMAND = (
    "Remand",
    "Instant\nCounter target spell. If that spell is countered this way, put it into its owner's hand instead of into"
    " that player's graveyard.\nDraw a card.",
)
REST_IN_PEACE = (
    "Rest in Peace",
    "Enchantment\nWhen Rest in Peace enters the battlefield, exile all graveyards.\nIf a card or token would be put"
    " into a graveyard from anywhere, exile it instead.",
)
ANGER = (
    "Anger of the Gods",
    "Sorcery\nAnger of the Gods deals 3 damage to each creature. If a creature dealt damage this way would die this"
    " turn, exile it instead.",
)


def test_setting_a_lands_type_is_305_7_and_adding_one_is_not():
    # 305.7: "If an effect sets a land's subtype to one or more of the basic land types, the land ... loses all
    # abilities generated from its rules text ... If a land gains one or more land types in addition to its own,
    # it keeps its land types and rules text"
    assert "305.7" in numbers(BLOOD_MOON) and "305.7" in numbers(SEAS)
    assert "305.7" not in numbers(URBORG) and "613.1d" in numbers(URBORG)


def test_blood_moon_and_a_land_changing_itself_depend_on_each_other():
    # 613.8a: an effect depends on another if applying the other would change its existence (Urborg's ability
    # is lost under Blood Moon); Spreading Seas's effect and an animated Mishra's Factory stand on their own
    urborg = rules_for([BLOOD_MOON, URBORG], "Blood Moon + Urborg, Tomb of Yawgmoth")
    assert urborg["613.8"] >= 1.5 and urborg["613.8a"] >= 1.5 and urborg["305.7"] >= 1.5
    seas = rules_for([BLOOD_MOON, SEAS], "Blood Moon was still affecting it and it only tapped for red. What happens?")
    assert seas.get("613.8a", 0.0) < 1.5
    factory = rules_for([FACTORY, BLOOD_MOON], "When Blood Moon resolves, what happens to Mishra's Factory?")
    assert factory.get("613.8a", 0.0) < 1.5 and factory["305.7"] >= 0.8


def test_a_spell_replacing_its_own_effect_is_a_self_replacement_effect():
    # 614.15: "an effect of a resolving spell or ability that replace part or all of that spell or ability's own
    # effect(s) ... self-replacement effects are applied before other replacement effects"; a "would" sentence of a
    # spell makes a replacement effect for a later event instead
    assert "614.15" in numbers(REMAND)
    assert "614.15" not in numbers(ANGER) and "614.15" not in numbers(REST_IN_PEACE)
    rules = rules_for([REMAND, REST_IN_PEACE], "How does Remand interact with Rest in Peace? Where does the spell go?")
    assert rules["614.15"] >= 1.5 and "616.1a" in rules and "616.1" in rules
    assert rules_for([REMAND], "Can Remand counter a spell with split second?").get("614.15", 0.0) < 0.8


def test_the_question_words_alone_reach_the_interaction_rules():
    assert question_rules("Can you have multiple legendary creatures with the same name?") == {"704.5j": 0.8}
    assert "704.5j" not in question_rules("Is Questing Beast legendary?")
    assert "616.1" in question_rules("Two replacement effects apply: who chooses which one applies first?")
    assert "616.1" not in question_rules("Is Rest in Peace a replacement effect?")
    assert "613.7" in question_rules("Timestamps & Layers: what are they?")
    assert question_rules("Does deathtouch work with trample?") == {}


def test_a_question_about_two_legends_ranks_the_legend_rule_first(answerer):
    first = answerer.answer("Can You Have Two of the Same Legendary Creatures in Magic?").rules[0].document.ref
    assert first == "704.5j"


SHOCKLAND = (
    "Hallowed Fountain",
    "Land — Plains Island\n({T}: Add {W} or {U}.)\nAs Hallowed Fountain enters, you may pay 2 life. If you don't, it"
    " enters tapped.",
)


def test_a_land_entering_under_blood_moon_reaches_614_12():
    # 614.12: whether a replacement effect modifies how a permanent enters is checked with its characteristics
    # as it would exist on the battlefield (a Mountain with no other abilities, 305.7)
    rules = rules_for(
        [BLOOD_MOON, SHOCKLAND], "Should a shockland under Blood Moon still ask me to pay 2 life to come in untapped?"
    )
    assert rules["614.12"] >= 1.5 and rules["305.7"] >= 0.8
    assert "614.12" not in rules_for([BLOOD_MOON], "Does Blood Moon stop Urza's Saga's chapter abilities?")


BLADES = (
    "Trepanation Blade",
    "Artifact — Equipment\nWhenever equipped creature attacks, defending player reveals cards from the top of their"
    " library until they reveal a land card. The creature gets +1/+0 until end of turn for each card revealed this"
    " way. That player puts the revealed cards into their graveyard.\nEquip {2}",
)


def test_a_cards_trigger_happening_several_times_at_once_reaches_their_order():
    # 603.3b: each player puts the triggered abilities they control on the stack in any order they choose
    several = rules_for([BLADES], "He got two Trepanation Blades onto it. What happens when the Stalker attacks?")
    assert several["603.3b"] >= 0.8
    assert rules_for([BLADES], "What happens when the equipped creature attacks?").get("603.3b", 0.0) < 0.8
    assert rules_for([CLONE], "Can two Clones copy the same creature?").get("603.3b", 0.0) < 0.8  # no trigger


def test_a_requirement_or_restriction_on_blocking_or_attacking_brings_509_1c_or_508_1d():
    # 509.1c "The defending player checks each creature they control to see whether it's affected by any
    # requirements (effects that say a creature must block, or that it must block if some condition is met)"
    enlarge = (
        "Enlarge",
        "Sorcery\nTarget creature gets +7/+7 and gains trample until end of turn. It must be blocked this turn if able.",
    )
    melee = (
        "Grand Melee",
        "Enchantment\nAll creatures attack each combat if able.\nAll creatures block each combat if able.",
    )
    assert "509.1c" in numbers(enlarge)
    assert {"508.1d", "509.1c"} <= numbers(melee)
    assert not {"508.1d", "509.1c"} & numbers(FROG)
    asked = rules_for([enlarge], "Does the opponent have to block the menace creature with both creatures?")
    assert asked["509.1c"] > rules_for([enlarge], "What is its power?")["509.1c"]


def test_waiting_for_a_later_moment_is_a_delayed_triggered_ability():
    # 603.7a "Delayed triggered abilities are created during the resolution of spells or abilities"
    denial = (
        "Arcane Denial",
        "Instant\nCounter target spell. Its controller may draw up to two cards at the beginning of the next turn's"
        " upkeep.\nYou draw a card at the beginning of the next turn's upkeep.",
    )
    assert {"603.7", "603.7a"} <= numbers(denial)
    assert "603.7a" not in numbers(INTERVENING)  # "At the beginning of your upkeep": a triggered ability of its own
    assert rules_for([denial], "When exactly do the draws happen, during the upkeep?")["603.7a"] == 0.8


def test_put_into_a_graveyard_from_anywhere_looks_back_in_time():
    emrakul = (
        "Emrakul, the Aeons Torn",
        "Legendary Creature — Eldrazi\nWhen Emrakul is put into a graveyard from anywhere, its owner shuffles their"
        " graveyard into their library.",
    )
    assert {"603.6c", "603.10a"} <= numbers(emrakul)


def test_a_creature_dying_asks_about_its_trigger():
    archfiend = (
        "Archfiend of the Dross",
        "Creature — Demon\nWhenever a creature an opponent controls dies, its controller loses 2 life.",
    )
    assert rules_for([archfiend], "Will my opponent lose any life from their flyers dying?")["603.10a"] == 0.8


def test_a_copy_with_an_exception_and_a_copied_spell_bring_their_copy_rules():
    # 707.9b "the modification becomes part of the copiable values"; 707.10 "a copy of a spell isn't cast"
    facetaker = (
        "Cephalid Facetaker",
        "Creature — Octopus Rogue\nAt the beginning of combat on your turn, you may have this creature become a copy of"
        " another target creature until end of turn, except it's 1/4 and has \"This creature can't be blocked.\"",
    )
    twincast = ("Twincast", "Instant\nCopy target instant or sorcery spell. You may choose new targets for the copy.")
    assert {"707.2", "707.9b"} <= numbers(facetaker)
    assert "707.9b" not in numbers(CLONE)
    assert "707.10" in numbers(twincast) and "707.10" not in numbers(CLONE)
    assert question_rules("Does copying a spell count as casting it for storm?")["707.10"] == 0.8
    assert "707.10" not in question_rules("Does my Clone copy the creature's counters?")


def test_a_card_named_in_the_plural_is_named(answerer):
    a = answerer.answer("Two Trepanation Blades are on one creature. What happens when it attacks?", mode="lexical")
    assert a.named_cards == ["Trepanation Blade"]
    assert answerer.answer("Can X block two creatures?", mode="lexical").named_cards == []  # "X" is a letter


def test_a_dies_trigger_brings_the_look_back_not_the_definition_of_dies():
    # "dies" names 700.4 as a term already; the card's trigger brings what governs it (603.6c, 603.10a)
    rules = numbers(
        ("Doomed Dissenter", "Creature — Human\nWhen Doomed Dissenter dies, create a 2/2 black Zombie token.")
    )
    assert {"603.6c", "603.10a"} <= rules and "700.4" not in rules
