import pytest

from tolaria.knowledge import suggest_syntax
from tolaria.knowledge._suggest import in_oracle_words


@pytest.mark.parametrize(
    ("words", "syntax"),
    [
        ("cards that draw when a creature dies", 'o:"draw" o:"dies"'),
        ("red creatures with haste", "c:r t:creature kw:haste"),
        ("Green creatures with mana value 3 or less", "c:g t:creature mv<=3"),
        ("legendary creatures with flying and first strike", 't:legendary t:creature kw:flying kw:"first strike"'),
        ("destroy all creatures", 'o:"destroy all creatures"'),
        ("white enchantments that gain life", 'c:w t:enchantment o:"gain" o:"life"'),
    ],
)
def test_plain_words_map_to_syntax(words, syntax):
    assert suggest_syntax(words) == syntax


@pytest.mark.parametrize("query", ["t:creature o:draw", "c>=rg", "", "hello world", "the of and"])
def test_no_suggestion_for_syntax_or_nothing_known(query):
    assert suggest_syntax(query) is None


def test_keywords_come_from_the_rulebook():
    # "ninjutsu" is not in the built-in list: it comes from rule 702.49's heading
    assert suggest_syntax("blue creatures with ninjutsu") == "c:u t:creature kw:ninjutsu"


def test_what_players_say_for_what_oracle_text_says():
    assert suggest_syntax("green creature that makes mana") == 'c:g t:creature o:"add {"'
    assert suggest_syntax("a green creature that taps for mana") == 'c:g t:creature o:"add {"'
    assert suggest_syntax("cards that destroy all creatures") == 'o:"destroy all creatures"'
    assert suggest_syntax("blue instants that counter a spell") == 'c:u t:instant o:"counter"'  # "counter target spell"


@pytest.mark.parametrize(
    ("words", "syntax"),
    [
        # each word as the MTG Wiki's "List of Magic slang" (mtg.wiki/page/List_of_Magic_slang) defines it:
        # a board wipe / wrath / sweeper / mass removal destroys (nearly) every creature: Tolaria's sweeper tag
        ("white board wipes", "c:w tag:sweeper"),
        ("mass removal", "tag:sweeper"),
        ("black removal spells", "c:b tag:removal"),
        ("blue counterspells", "c:u tag:counterspell"),
        ("cards that counter spells", "tag:counterspell"),
        ("green ramp spells", "c:g tag:ramp"),
        ("combat tricks", "tag:combat-tricks"),
        # no tag of Tolaria's says these; the oracle text does
        ("black tutors", 'c:b o:"search your library"'),  # a tutor searches its owner's library for a card
        ("blue bounce spells", 'c:u o:"owner\'s hand"'),  # bounce: return a permanent to its owner's hand
        ("red burn spells", 'c:r o:"damage to"'),  # burn: direct damage
        ("cantrips", 'o:"draw a card"'),  # a cantrip draws a card besides its effect
        ("mana rocks", 't:artifact o:"add {"'),  # a mana rock is an artifact that taps for mana
        ("token makers", "theme:tokens"),
        ("lifegain creatures", "t:creature theme:lifegain"),
    ],
)
def test_players_words_for_kinds_of_cards(words, syntax):
    assert suggest_syntax(words) == syntax


def test_players_words_put_as_oracle_text_words_them():
    assert in_oracle_words("White board wipes") == "white destroy all creatures"
    assert in_oracle_words("black tutors") == "black search your library for a card and put it into your hand"
    assert in_oracle_words("cards that draw when a creature dies") == "cards that draw when a creature dies"
