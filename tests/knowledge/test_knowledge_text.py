from tolaria.knowledge import highlight, segments_to_html, tokenize
from tolaria.knowledge._text import number_words, stem


def test_tokens_fold_case_quotes_plurals_and_hyphens():
    assert tokenize("Creatures’ ABILITIES") == tokenize("creature ability") == ["creatur", "abil"]
    assert tokenize("double-faced cards") == ["doubl", "face", "card"]
    assert tokenize("creature’s") == tokenize("creature's") == tokenize("creature")
    assert tokenize("the creature dies") == tokenize("creatures died") == ["creatur", "die"]


def test_the_forms_of_a_verb_meet():
    assert tokenize("activated") == tokenize("activating") == tokenize("activate") == ["activ"]
    assert tokenize("equipped") == tokenize("equip")
    assert tokenize("it was countered") == tokenize("counter it")
    assert tokenize("copies") == tokenize("copying") == tokenize("copy")


def test_game_words_snowball_would_merge_stay_apart():
    assert tokenize("planeswalkers") == ["planeswalker"] != tokenize("planeswalk")
    assert tokenize("defender") != tokenize("defending player")[:1]


def test_the_light_stem_stays_readable():
    # the syntax suggestions write stems back into o:"..." terms
    assert [stem(w) for w in ("creatures", "destroys", "abilities", "dies")] == [
        "creature",
        "destroy",
        "ability",
        "die",
    ]


def test_rule_numbers_stay_whole():
    assert "702.19b" in tokenize("as described in rule 702.19b.")


def test_highlight_marks_matching_words_only():
    segments = highlight("A creature with trample assigns excess damage.", "Trample damage")
    marked = [s for s, m in segments if m]
    assert marked == ["trample", "damage"]
    assert "".join(s for s, _ in segments) == "A creature with trample assigns excess damage."


def test_a_function_word_is_marked_only_before_a_marked_word():
    # CR 121.4's sentence, asked "What happens if I draw from a library with no cards?"
    text = "A player who attempts to draw a card from a library with no cards in it loses the game"
    marked = [s for s, m in highlight(text, "What happens if I draw from a library with no cards?") if m]
    assert marked == ["draw", "card", "library", "no", "cards"]  # "from" alone says nothing; "no cards" does
    assert [s for s, m in highlight("Destroy all creatures.", "cards that destroy all creatures") if m] == [
        "Destroy",
        "all",
        "creatures",
    ]


def test_highlight_html_escapes_text():
    html = segments_to_html(highlight("<b>Trample</b> & more", "trample"))
    assert html == "&lt;b&gt;<mark>Trample</mark>&lt;/b&gt; &amp; more"


def test_long_text_excerpt_starts_near_the_match():
    text = "filler words " * 60 + "the trample rule " + "tail " * 60
    segments = highlight(text, "trample", width=120)
    assert segments[0] == ("…", False) and segments[-1] == ("…", False)
    assert ("trample", True) in segments
    assert sum(len(s) for s, _ in segments) < 140


def test_number_words_are_the_figures_standing_alone():
    assert number_words("Should you always have 7 cards? I'm at 20 life and 10 poison.") == ["seven", "twenty", "ten"]
    assert number_words("{2}, {T}: a 2/2 with a +1/+1 counter, see 613.7 and 702.19b") == []
    assert number_words("discard down to 7.") == ["seven"]
