"""Text search internals: folding, trigram narrowing and regex narrowing never lose a match."""

from __future__ import annotations

import pytest
import re2
from hypothesis import given, settings
from hypothesis import strategies as st
from search_helpers import both

from tolaria.search._text import (
    TextColumn,
    _shorthands_as_literals,
    compile_regex,
    expand_shorthands,
    fold,
    required_literals,
)


def test_fold_accents_case_and_ligatures():
    assert fold("Lim-Dûl's Vault") == "lim-dul's vault"
    assert fold("Æther Vial") == "aether vial"
    assert fold("Urza’s Saga") == "urza's saga"


@pytest.mark.parametrize(
    "pattern,expected",
    [
        ("draw (a|two|three) cards?", ["draw ", " card"]),
        ("^{T}: Add", [": add"]),
        ("a|b", []),
        ("deals \\d+ damage", ["deals ", " damage"]),
        ("sac(rifice)? a creature", ["sac", " a creature"]),
        ("[abc]+ foo", [" foo"]),
        ("^.{0,10}$", []),
        ("\\x41bcd", []),
        ("\\Qdraw a\\E card", []),
        ("abc{2}def", ["ab", "def"][1:]),
        # an inline flag group is no atom: its quantifier applies to the "a" before it (found by
        # test_regex_narrowing_property: "aa(?s)?" matches "a")
        ("aaa(?s)?bcd", ["aa", "bcd"][1:]),
        ("flying(?i) creature", ["flying creature"]),
    ],
)
def test_required_literals(pattern, expected):
    assert required_literals(pattern) == expected


@pytest.mark.parametrize(
    "pattern,expected",
    [
        ("\\spt", ["/"]),
        ("a \\spp token", ["a ", "/", " token"]),
        ("\\spt?", []),
        ("\\smm*", []),
        ("(\\spt)", []),
        ("\\spt|x", []),
        ("\\sm", []),
    ],
)
def test_a_power_toughness_shorthand_holds_its_slash(pattern, expected):
    """\\spt, \\spp and \\smm match X/X: their "/" narrows a regex with no run of three characters (through
    TextColumn.short) unless the shorthand may be absent or stands in a group."""
    assert required_literals(_shorthands_as_literals(expand_shorthands(pattern)), min_length=1) == expected


def test_a_regex_without_three_letters_scans_only_the_documents_with_its_character():
    docs = ["3/3 flying", "draw a card", "gets +1/+1", "", "no slash here"] * 40
    col = TextColumn([fold(d) for d in docs], docs)
    rx = compile_regex("\\spt")
    assert col.regex(rx).tolist() == [bool(rx.search(d)) for d in docs]
    # narrowed to the 80 documents holding "/" (under half): joined apart, not the whole column
    assert not hasattr(col, "_joined")


def test_trigram_column_matches_brute_force():
    docs = ["lightning bolt deals 3 damage", "counter target spell", "draw a card", "", "ab", "aether vial"]
    col = TextColumn(docs)
    for needle in ("deals", "a", "card", "target spell", "zzz", "ab", "aether", " ", "bolt deals 3"):
        assert col.contains(needle).tolist() == [needle in d for d in docs], needle
    for pattern in ("^draw", "d.*s", "card$", "a|z", "[0-9]"):
        rx = compile_regex(pattern)
        assert col.regex(rx).tolist() == [bool(rx.search(d)) for d in docs], pattern


def test_needles_of_one_or_two_characters_are_answered_by_the_index():
    # a Japanese printed name is often two characters (稲妻, Lightning Bolt), a face one (火, Fire)
    docs = ["稲妻", "火 氷", "稲妻の嵐", "", "a", "ab", "ba", "xa", "稲"]
    col = TextColumn(docs)
    for needle in ("稲", "稲妻", "火", "氷", "a", "ab", "b", "xa", "ax", "z", " ", "妻の"):
        assert col.short(needle) is not None or len(needle) > 2
        assert col.contains(needle).tolist() == [needle in d for d in docs], needle


REGEXES = [
    "o:/^{T}: Add/",
    "o:/draw (a|two|three) cards?/",
    "o:/deals \\d+ damage to any target/",
    "o:/counter target (spell|ability)/",
    "o:/^flying$/",
    "o:/sacrifice (a|an|another) creature/",
    "o:/\\+1\\/\\+1 counter/",
    "name:/^[a-c].*s$/",
    "/\\bbolt\\b/",
    "t:/—.*elf/",
    "o:/you may pay \\{[0-9]+\\}/",
    "fo:/\\(.*\\)/",
    "o:/^.{0,10}$/",
    "o:/~ deals/",
    "a:/^j.* a/",
    "ft:/urza.s/",
    "o:/(?i)DESTROY target/",
    "o:/\\spt/",
    "o:/gets \\spp/",
    "o:/\\smm until/",
    "o:/\\spt?x/",
    "o:/(\\spt|flying)/",
]


@pytest.mark.parametrize("query", REGEXES)
def test_regex_both_evaluations_agree_on_sample(sample_index, sample_ref, query):
    got, want = both(sample_index, sample_ref, query)
    assert got == want


REGEX_PIECES = [
    "a",
    "de",
    "al",
    " ",
    "s",
    "\\d",
    ".",
    "[a-f]",
    "(draw|deal)",
    "{T}",
    "^",
    "$",
    "?",
    "*",
    "+",
    "{0,3}",
    "{2}",
    "\\+",
    "\\/",
    "card",
    "target",
    "|",
    "(",
    ")",
    "\\b",
    "~",
    "\\A",
    "\\z",
    "\\n",
    "[^a]",
    "(?s)",
    "\\s",
    "[\\s\\S]",
    "\\x41",
    "\\x{64}",
    "\\pL",
    "\\Qa.b\\E",
    "\\141",
    "\\spt",
    "\\spp",
    "\\smm",
    "/",
]


def test_regex_narrowing_property(sample):
    texts = [c.oracle_text for c in list(sample.cards.values())[:600]]
    col = TextColumn([fold(t) for t in texts], texts)

    @settings(max_examples=200, deadline=None)
    @given(st.lists(st.sampled_from(REGEX_PIECES), min_size=1, max_size=8))
    def check(pieces):
        pattern = "".join(pieces)
        try:
            rx = compile_regex(pattern)
        except re2.error:
            return
        assert col.regex(rx).tolist() == [bool(rx.search(t)) for t in texts], pattern

    check()
