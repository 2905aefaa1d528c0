from tolaria.knowledge import highlight, segments_to_html, tokenize


def test_tokens_fold_case_quotes_plurals_and_hyphens():
    assert tokenize("Creatures’ ABILITIES") == ["creature", "ability"]
    assert tokenize("double-faced cards") == ["double", "faced", "card"]
    assert tokenize("creature’s") == tokenize("creature's") == ["creature"]
    assert tokenize("the creature dies") == tokenize("creatures died") == ["creature", "die"]


def test_rule_numbers_stay_whole():
    assert "702.19b" in tokenize("as described in rule 702.19b.")


def test_highlight_marks_matching_words_only():
    segments = highlight("A creature with trample assigns excess damage.", "Trample damage")
    marked = [s for s, m in segments if m]
    assert marked == ["trample", "damage"]
    assert "".join(s for s, _ in segments) == "A creature with trample assigns excess damage."


def test_highlight_html_escapes_text():
    html = segments_to_html(highlight("<b>Trample</b> & more", "trample"))
    assert html == "&lt;b&gt;<mark>Trample</mark>&lt;/b&gt; &amp; more"


def test_long_text_excerpt_starts_near_the_match():
    text = "filler words " * 60 + "the trample rule " + "tail " * 60
    segments = highlight(text, "trample", width=120)
    assert segments[0] == ("…", False) and segments[-1] == ("…", False)
    assert ("trample", True) in segments
    assert sum(len(s) for s, _ in segments) < 140
