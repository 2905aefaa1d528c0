"""The sentence that settles a question (tolaria.knowledge._sentence), on the shipped CR's own text: the
expected subrules are read from MagicCompRules-20260227.txt (702.2, 702.15, 702.19, 702.61, 306.4)."""

import pytest

from tolaria.knowledge import Answerer, KnowledgeIndex, documents_from
from tolaria.knowledge._evaluate import quoted_rule
from tolaria.knowledge._sentence import (
    _reading,
    answers_nothing,
    asked,
    asks_multiples,
    choose_sentence,
    is_removed_rule,
    never_answers,
    sentences,
    variant_name,
)
from tolaria.knowledge._text import tokenize


@pytest.fixture(scope="module")
def rules(rulebook):
    return {d.ref: d for d in documents_from(rulebook) if d.kind == "rule"}


@pytest.fixture(scope="module")
def answerer(rulebook):
    return Answerer(KnowledgeIndex.build(documents_from(rulebook), embedder=None))


def test_a_definition_line_is_never_the_answer():
    assert never_answers("702.2a Deathtouch is a static ability.")
    assert never_answers(
        "702.61a Split second is a static ability that functions only while the spell is on the stack."
    )
    assert not never_answers(
        "702.2c Any nonzero amount of combat damage assigned to a creature by a source with deathtouch is considered to be lethal damage."
    )


def test_a_redundancy_line_answers_only_a_question_about_multiples(rules):
    line = "702.15f Multiple instances of lifelink on the same object are redundant."
    assert never_answers(line) and not never_answers(line, multiples=True)
    assert choose_sentence(rules["702.15"].text, "Can you double lifelink?").startswith("702.15f")
    assert not choose_sentence(rules["702.15"].text, "Does lifelink work on a blocker?").startswith("702.15f")


def test_several_instances_asked_beside_another_term_still_quote_the_redundancy_line(rules):
    # "double" also names double strike (702.4): its rule's words meet 702.15b, yet the question asks about two
    # instances of lifelink
    double_strike = frozenset(tokenize(rules["702.4"].text))
    assert choose_sentence(rules["702.15"].text, "Can you double lifelink in Magic?", double_strike).startswith(
        "702.15f"
    )


def test_doing_a_thing_twice_is_no_question_about_two_instances(rules):
    # 702.20b: vigilance means attacking doesn't cause it to tap; 702.20c is its redundancy line
    quoted = choose_sentence(rules["702.20"].text, "Does vigilance let a creature attack twice?")
    assert not quoted.startswith("702.20c"), quoted
    assert choose_sentence(rules["702.80"].text, "Will my creature have wither twice?").startswith("702.80d")


def test_headings_cross_references_and_removed_rules_never_answer():
    assert never_answers("See rule 120.3.")
    assert never_answers("(See rule 704, “State-Based Actions.”)")
    assert never_answers("Combat Damage Step")
    assert is_removed_rule(
        "306.4. Previously, planeswalkers were subject to a “planeswalker uniqueness rule”. This rule has been removed and ..."
    )


def test_can_questions_are_answered_by_what_allows_or_forbids(rules):
    # 702.61a "Split second" means "... players can't cast other spells"; 702.61b players may activate mana abilities
    got = choose_sentence(rules["702.61"].text, "Can I respond to a spell with split second?")
    assert "can’t cast other spells" in got or got.startswith("702.61b")
    # 702.12b A permanent with indestructible can't be destroyed
    assert choose_sentence(rules["702.12"].text, "Can indestructible creatures be destroyed?").startswith("702.12b")
    # 702.19a: the ability has no effect when a creature with trample is blocking
    assert "no effect when a creature with trample is blocking" in choose_sentence(
        rules["702.19"].text, "Does trample work when blocking?"
    )


def test_a_two_things_question_quotes_where_they_meet(rules):
    # 702.2c: deathtouch damage is lethal damage "for the purposes of determining if excess damage is being dealt"
    context = frozenset(tokenize(rules["702.19"].text))
    assert choose_sentence(rules["702.2"].text, "Does deathtouch work with trample?", context).startswith("702.2c")


def test_an_answer_page_quotes_the_settling_subrule(answerer):
    a = answerer.answer("Does deathtouch work with trample?", mode="lexical")
    quoted = {h.document.ref: quoted_rule(h) for h in a.rules}
    assert quoted.get("702.2") == "702.2c"
    a = answerer.answer("Can I respond to a spell with split second?", mode="lexical")
    hit = next(h for h in a.rules if h.document.ref.startswith("702.61"))
    assert quoted_rule(hit) in ("702.61a", "702.61b")


def test_a_removed_rule_is_never_shown(answerer):
    a = answerer.answer(
        "Can I control two planeswalkers with the same planeswalker type? uniqueness rule", mode="lexical"
    )
    assert all(not is_removed_rule(h.document.text) for h in a.rules)
    assert "306.4" not in [h.document.ref for h in a.rules]


def test_a_line_saying_where_the_rules_apply_answers_only_a_question_about_another_zone(rules):
    # 702.90e "The infect rules function no matter what zone an object with infect deals damage from." says
    # where infect applies, not what it does to a planeswalker (702.90b-d do)
    line = "702.90e The infect rules function no matter what zone an object with infect deals damage from."
    assert never_answers(line) and not never_answers(line, zones=True)
    assert not choose_sentence(rules["702.90"].text, "Does infect affect Planeswalkers?").startswith("702.90e")
    assert choose_sentence(rules["702.15"].text, "Does lifelink work from the graveyard?").startswith("702.15d")


def test_a_naming_sentence_is_never_the_answer(rules):
    # 704.5j: "If two or more legendary permanents with the same name are controlled by the same player, that
    # player chooses one of them, and the rest are put into their owners' graveyards. This is called the
    # “legend rule.”" — the second sentence names the first
    assert never_answers("This is called the “legend rule.”")
    quoted = choose_sentence(rules["704.5j"].text, "Is the legend rule still a thing? Two legendary creatures.")
    assert quoted.startswith("If two or more legendary permanents"), quoted


def test_an_example_is_quoted_by_its_conclusion(rules):
    # 603.10a's example: "... Someone casts a spell that destroys all artifacts, creatures, and enchantments. The
    # artifact's ability triggers twice, even though the artifact goes to its owner's graveyard at the same time as
    # the creatures."; 707.2's first example ends in a parenthesis after its conclusion
    example = next(line for line in rules["603.10a"].text.split("\n") if line.startswith("Example:"))
    assert choose_sentence(example, "my opponent plays Wrath of God, will I get the triggers?").startswith(
        "The artifact’s ability triggers twice"
    )
    staff = next(line for line in rules["707.2"].text.split("\n") if "Chimeric Staff" in line)
    assert choose_sentence(staff, "Clone copies a Chimeric Staff that became a creature: what is it?").startswith(
        "The Clone is an artifact, not a 5/5"
    )


def test_a_tie_goes_to_the_earlier_subrule(rules):
    # CR 810.8a "If either player on a team loses the game, the team loses the game." answers it; 810.8b (a
    # player who concedes) shares as many of its words and comes later
    got = choose_sentence(rules["810.8"].text, "If a player on a team loses, does the other player keep playing?")
    assert got.startswith("810.8a"), got


def test_a_tapped_creature_question_meets_the_untapped_rule(rules):
    # CR 509.1a "The chosen creatures must be untapped ..."; 509.1d (costs such as tapping permanents) does not
    # answer whether a tapped creature can block
    got = choose_sentence(rules["509.1"].text, "Can you block with a tapped creature?")
    assert got.startswith("509.1a") or "must be untapped" in got, got


def test_a_cross_reference_in_parentheses_is_a_sentence_of_its_own(rules):
    # CR 702.26n: "... once a player leaves the game. (See rules 800.4a and 800.4c.) If a phased-out permanent ...":
    # the cross-reference is a sentence of its own, never quoted, and not the start of the next one
    line = next(line for line in rules["702.26"].text.split("\n") if "(See rules 800.4a and 800.4c.)" in line)
    split = [s for s, _ in sentences(line)]
    assert "(See rules 800.4a and 800.4c.)" in split, split
    assert any(s.startswith("If a phased-out permanent phased out") for s in split), split
    assert never_answers("(See rules 800.4a and 800.4c.)")


@pytest.mark.parametrize(
    ("query", "several"),
    [
        ("Can you double lifelink in Magic?", True),
        ("Can you stack double strike?", True),
        ("Will my creature have wither twice?", True),
        ("Two instances of flanking: does each trigger?", True),
        # another keyword's name, or a count of the scene's objects, asks about no two instances of one ability
        ("Does double strike affect lifelink?", False),
        ("A creature with both trample and deathtouch is blocked by two creatures.", False),
        ("If one of two creatures in a mutate stack has flying, what does the Broodmoth see?", False),
        ("In the first instance only the enemy's creature should have died.", False),
        ("Can I respond with it while the spell is on the stack?", False),
    ],
)
def test_a_question_about_several_instances_of_one_ability(query, several):
    assert asks_multiples(query) is several


def test_a_subrule_that_is_only_a_redundancy_line_is_not_shown_as_an_answer(answerer, rules):
    # 702.4e "Multiple instances of double strike on the same creature are redundant." (MagicCompRules-20260227)
    assert answers_nothing(rules["702.4e"].text) and not answers_nothing(rules["702.4e"].text, multiples=True)
    assert not answers_nothing(rules["702.4b"].text)
    shown = answerer.answer("Does double strike affect lifelink?", rulings=0, cards=0).rules
    assert "702.4e" not in [h.document.ref for h in shown]
    for hit in shown:
        assert "redundant" not in "".join(t for t, _ in hit.excerpt), (hit.document.ref, hit.excerpt)
    stacked = answerer.answer("Can you stack double strike?", rulings=0, cards=0).rules
    assert any(quoted_rule(h) == "702.4e" for h in stacked), [(h.document.ref, quoted_rule(h)) for h in stacked]


def test_what_a_long_question_asks_is_read_in_its_asking_sentences():
    # the story "What happens ... when it attacked" is told; "Who chooses ...?" is asked: who chooses, not what happens
    story = "I wondered what happens when it attacks. So it attacked. Who chooses the order of the blockers?"
    intents = {p.pattern for p in asked("Who chooses the order of the blockers?")}
    assert {p.pattern for p in _reading(story)[3]} == intents
    assert {p.pattern for p in _reading("What happens when it attacks?")[3]} != intents


def test_a_variants_line_answers_only_a_question_naming_the_variant(rules):
    # 702.19b says how a trampler assigns its damage; 702.19c is trample over planeswalkers, a variant of trample
    text = rules["702.19"].text
    assert variant_name("702.19c Trample over planeswalkers is a variant of trample that modifies the rules.") == {
        "trampl",
        "over",
        "planeswalker",
    }
    assert variant_name("702.19b The controller of an attacking creature with trample first assigns damage.") is None
    said = choose_sentence(text, "If you have protection from their colors do they trample over?")
    assert not said.startswith("702.19c")
    assert choose_sentence(text, "How does trample over planeswalkers assign damage to a planeswalker?").startswith(
        "702.19c"
    )
