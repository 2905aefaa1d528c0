import datetime
import re

import pytest

from tolaria.rules import RulesParseError, diff_rulebooks, find_references, parse_rules


def _body_lines(raw: str) -> list[str]:
    lines = raw.lstrip("\ufeff").replace("\r\n", "\n").split("\n")
    start = lines.index("Credits") + 1  # end of the contents
    end = lines.index("Glossary", start)
    return lines[start:end]


def test_every_numbered_line_is_a_rule(raw_text, book):
    numbers = []
    for line in _body_lines(raw_text):
        m = re.match(r"^(\d{3}\.\d+[a-z]?|\d{3}|\d)\.? ", line)
        if m:
            numbers.append(m.group(1))
    assert len(numbers) > 3000
    missing = [n for n in numbers if n not in book.rules]
    assert missing == []
    assert len(book.rules) == len(set(numbers))


def test_glossary_count_matches_blocks(raw_text, book):
    lines = raw_text.lstrip("\ufeff").replace("\r\n", "\n").split("\n")
    start = lines.index("Glossary", lines.index("Credits") + 1) + 1
    end = lines.index("Credits", start)
    blocks = [b for b in "\n".join(lines[start:end]).split("\n\n") if b.strip()]
    assert len(book.glossary) == len(blocks) > 700


def test_header_contents_credits(book):
    assert book.effective_date == datetime.date(2026, 2, 27)
    assert book.contents[0] == "1. Game Concepts" and book.contents[-1] == "Credits"
    assert "Richard Garfield" in book.credits


def test_rule_shape(book):
    r = book.rule("702.19")
    assert (r.level, r.title, r.text, r.parent) == ("numbered", "Trample", "", "702")
    assert [c.number for c in book.children("702.19")][:2] == ["702.19a", "702.19b"]
    assert book.rule("702").title == "Keyword Abilities" and book.rule("702").level == "rule"
    assert book.rule("7").level == "section" and book.rule("7.").number == "7"
    sub = book.rule("702.19b")
    assert sub.level == "subrule" and sub.title == "" and sub.text.startswith("The controller of an attacking")
    assert [x.number for x in book.subtree("702.19")] == ["702.19"] + [f"702.19{c}" for c in "abcdefg"]
    assert book.next("702.19").number == "702.19a" and book.previous("702.19a").number == "702.19"
    assert book.previous("1") is None
    with pytest.raises(KeyError):
        book.rule("702.999")


def test_examples_are_separate(book):
    r = book.rule("101.2")
    assert r.examples and r.examples[0].startswith("If one effect reads")
    assert "Example" not in r.text and "Example: If one effect" in r.full_text


def test_quirky_lines_of_the_real_file(book):
    assert book.rule("119.1d").parent == "119.1"  # written "119.1d." with a dot
    assert book.rule("606.5").level == "numbered"  # written "606.5 " without a dot
    assert "Eighth Edition" in book.rule("205.4c").text  # indented continuation line


def test_nearest_for_a_404(book):
    near = [r.number for r in book.nearest("702.19z", n=3)]
    assert all(n.startswith("702.19") for n in near) and len(near) == 3
    assert len(book.nearest("999.9")) == 5


def test_references(book):
    refs = book.rule("702.19a").references
    assert [r.target for r in refs] == ["510"]
    t = book.rule("702.19a").text
    assert t[refs[0].start : refs[0].end] == "510"
    text = "See rules 119.9\u201310, rule 613.1f, rules 702.19b and 702.19c, and section 7. As in 101.4a."
    got = [(text[r.start : r.end], r.target) for r in find_references(text)]
    assert got == [
        ("119.9", "119.9"),
        ("10", "119.10"),
        ("613.1f", "613.1f"),
        ("702.19b", "702.19b"),
        ("702.19c", "702.19c"),
        ("7", "7"),
        ("101.4a", "101.4a"),
    ]
    assert "601.2h" in [r.target for r in find_references("rules 601.2f\u2013h")]


def test_glossary(book):
    e = book.glossary_entry("Trample")
    assert e.see_rules == ["702.19"]
    assert book.glossary_entry("TOTEM ARMOR").obsolete
    assert book.glossary_entry("islandwalk").see_also == ["Landwalk"]
    # a term written with a curly apostrophe in the CR is found typed either way (glossary, "City’s Blessing")
    assert book.glossary_entry("city's blessing").term == "City\u2019s Blessing"
    assert book.glossary_entry("City\u2019s Blessing").see_rules == ["702.131"]
    # ability words have "no individual entries in the Comprehensive Rules" (CR 207.2c)
    assert book.glossary_entry("council\u2019s dilemma") is None
    assert book.glossary_entry("no such term") is None
    assert book.glossary_entry("you") is not None  # "You, Your"


def test_keyword_catalogs_come_from_the_rules(book):
    kw = book.keyword_abilities()
    assert kw["Trample"] == "702.19" and kw["Equip"] == "702.6" and kw["Daybound"] == kw["Nightbound"]
    assert book.keyword_actions()["Attach"] == "701.3"
    assert "Keyword Abilities" not in kw


@pytest.mark.parametrize(
    "transform",
    [
        lambda t: t,
        lambda t: t.lstrip("\ufeff"),
        lambda t: t.replace("\r\n", "\n"),
        lambda t: t.replace("\r\n", "\u2028"),
        lambda t: t.replace("\r\n", "\r"),
    ],
)
def test_encodings_parse_the_same(raw_text, book, transform):
    other = parse_rules(transform(raw_text))
    assert list(other.rules) == list(book.rules)
    assert other.rule("702.19b").text == book.rule("702.19b").text
    assert len(other.glossary) == len(book.glossary)


def test_nbsp_is_a_space(raw_text, book):
    other = parse_rules(raw_text.replace("702.19b The controller", "702.19b\u00a0The\u00a0controller"))
    assert other.rule("702.19b").text == book.rule("702.19b").text


MINI = """\ufeffMagic: The Gathering Comprehensive Rules\r
\r
These rules are effective as of February 27, 2026.\r
\r
Contents\r
\r
1. Game Concepts\r
Glossary\r
Credits\r
\r
1. Game Concepts\r
\r
100. General\r
\r
100.1. These rules apply.\r
\r
100.1a A subrule. See rule 100.1.\r
Example: An example.\r
\r
Glossary\r
\r
Ability\r
Text. See rule 100.1.\r
\r
Credits\r
\r
Someone\r
"""


def test_minimal_file():
    b = parse_rules(MINI)
    assert list(b.rules) == ["1", "100", "100.1", "100.1a"]
    assert b.rule("100.1a").examples == ["An example."]
    assert b.glossary_entry("ability").see_rules == ["100.1"]
    assert b.credits == "Someone"


@pytest.mark.parametrize(
    "bad, line, words",
    [
        (MINI.replace("100.1a A subrule", "Stray text"), 17, "rule number"),
        (MINI.replace("100.1a A subrule", "100.2a A subrule"), 17, "rule 100.2 before"),
        (MINI.replace("These rules are effective as of February 27, 2026.", "Nothing here."), 2, "effective"),
        (MINI.replace("\r\nGlossary\r\n\r\nAbility", "\r\n\r\nAbility"), 21, "rule number"),
    ],
)
def test_malformed_input_names_the_line(bad, line, words):
    with pytest.raises(RulesParseError) as exc:
        parse_rules(bad)
    assert exc.value.line == line
    assert f"line {line}" in str(exc.value) and words in str(exc.value)


def test_diff(raw_text, book):
    edited = raw_text.replace(
        "Multiple instances of trample on the same creature are redundant.",
        "Multiple instances of trample are redundant.",
    )
    edited = edited.replace("702.19g ", "702.19h Added rule.\r\n\r\n702.19g ", 1)
    new = parse_rules(edited)
    d = diff_rulebooks(book, new)
    assert [r.number for r in d.added] == ["702.19h"]
    assert [c.number for c in d.changed] == ["702.19g"]
    ops = d.changed[0].words
    assert ("delete", "on the same creature ") in ops or any(op == "delete" and "same" in w for op, w in ops)
    assert "".join(w for op, w in ops if op != "insert") == d.changed[0].old
    assert "".join(w for op, w in ops if op != "delete") == d.changed[0].new
    assert diff_rulebooks(book, book).empty
