"""Players' words put as the rules put them. What each word means: the MTG Wiki's "List of Magic slang"
(mtg.wiki/page/List_of_Magic_slang); what it becomes: the Comprehensive Rules' wording."""

import pytest

from tolaria.knowledge._slang import Reading, read_in_rules_words


@pytest.mark.parametrize(
    ("words", "rules_words"),
    [
        ("Does ETB trigger on a token?", "Does enters the battlefield trigger on a token?"),
        ("my creature ETBs tapped", "my creature enters the battlefield tapped"),
        ("What does CMC mean?", "What does mana value mean?"),  # converted mana cost: obsolete for mana value
        ("Can I sac it in response?", "Can I sacrifice it in response?"),
        ("what happens if I get decked", "what happens if I get draw from a library with no cards"),
        ("If I blink my creature", "If I exile and return to the battlefield my creature"),
        ("chump block with a token", "block with a token"),
        ("return it from my gy", "return it from my graveyard"),
        ("What if I run out of cards?", "What if I draw from a library with no cards?"),  # decking
        # the CR's own: "Each planeswalker has a number of loyalty abilities" (306.5d)
        ("When can planeswalker abilities be activated?", "When can planeswalker loyalty abilities be activated?"),
        # the CR's own: the battlefield was called the "in-play zone"; "in play", "from play" and "into play"
        # on old cards refer to the battlefield (403.5)
        ("Is a card in play a permanent?", "Is a card on the battlefield a permanent?"),
        ("put it into play tapped", "put it onto the battlefield tapped"),
        (
            "when it leaves play or is removed from play",
            "when it leaves the battlefield or is removed from the battlefield",
        ),
    ],
)
def test_players_words_become_the_rules_words(words, rules_words):
    assert read_in_rules_words(words)[0] == rules_words


@pytest.mark.parametrize(
    "words",
    [
        "Does mana fizzle between phases?",  # "fizzle" has two senses: left alone
        "the sacred opponent's graveyard",  # the words inside other words stay
        "Boneyard Wurm",
        "the in-play zone",  # the CR's own name for it (403.5)
    ],
)
def test_other_words_stay(words):
    assert read_in_rules_words(words)[0] == words


def test_what_was_read_is_told_in_the_players_own_words_in_the_order_written():
    text, readings = read_in_rules_words("Can I sac an ETB creature in response? What if I sac two?")
    assert text == ("Can I sacrifice an enters the battlefield creature in response? What if I sacrifice two?")
    assert readings == [Reading("sac", "sacrifice"), Reading("ETB", "enters the battlefield")]


def test_nothing_read_when_no_players_words():
    assert read_in_rules_words("Does trample work when blocking?") == ("Does trample work when blocking?", [])
