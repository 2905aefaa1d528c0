from pathlib import Path

import pytest

from tolaria.knowledge import is_question, syntax_fields
from tolaria.knowledge._evaluate import load_player_questions
from tolaria.knowledge._question import asking_part, asking_sentences

PLAYER_QUESTIONS = Path(__file__).parent / "data" / "player_questions.json"


@pytest.mark.parametrize(
    "text",
    [
        "If my creature with deathtouch and trample is blocked, how much damage has to go to the blocker?",
        "How does Defensive Formation work?",
        "Trample + Deathtouch: I was told that a creature would only need to be assigned one damage",
        "do +1/+1 and -1/-1 counters cancel out",
        "Targets are checked for legality twice: upon casting and upon resolution.",
        "what happens when a creature with protection from red blocks",
        "Flashback doesn't give sorceries flash",  # a player's statement (player_questions.json, q147)
        "does o:trample work the same way with deathtouch",  # syntax inside a question
        "is there a rule for what happens if my commander t:legend is exiled",
    ],
)
def test_questions_and_sentences_are_questions(text):
    assert is_question(text)


@pytest.mark.parametrize(
    "text",
    [
        "t:creature o:trample",
        "Lightning Bolt",
        "trample",
        "c>=2 mv<3 t:elf",
        "o:/draw a card/",
        "first strike",
        "",
        "Don't Move",  # a card
        't:creature -o:"can\'t block"',
        # "is" and "or" here are a field and an operator, not a question word and sentence glue
        "is:split or t:land or t:artifact",
        "t:creature or t:land or t:artifact or t:enchantment",
        "is:commander and c:g and not t:elf",
        'o:"when this creature dies" or o:"when it dies"',
    ],
)
def test_card_names_keywords_and_syntax_are_not_questions(text):
    assert not is_question(text)


def test_syntax_fields_are_the_card_search_fields_only():
    assert syntax_fields("t:creature o:trample mv<=3") == ["t", "o", "mv"]
    assert syntax_fields("Trample: does it work?") == []


def test_players_questions_read_as_questions():
    # written by players (tests/knowledge/data/player_questions.json); a bare "Blood Moon + Urborg" may not
    questions = load_player_questions(PLAYER_QUESTIONS)
    missed = [q["query"] for q in questions if not is_question(q["query"])]
    assert len(missed) <= len(questions) // 20, missed


def test_the_asking_part_of_a_long_question_is_its_sentences_that_ask():
    story = "Control a menace creature. Cast Enlarge on it. Attack with both. Does the opponent have to block it?"
    assert asking_part(story) == "Does the opponent have to block it?"
    assert asking_sentences(
        "I cast X=4.5 spells. Can I? Which one of them applies first? Who chooses their order then?"
    ) == (
        "Which one of them applies first?",
        "Who chooses their order then?",
    )
    assert asking_part("Can you block with a tapped creature?") == ""  # the whole question asks
    assert asking_part("My creature died. Is this right?") == ""  # says what is asked no better than the story
    assert asking_part("Trample and deathtouch work together.") == ""
