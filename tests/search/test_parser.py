"""The grammar: parsing, canonical printing, errors with position and caret, explain()."""

from __future__ import annotations

import pytest

from tolaria.search import QuerySyntaxError, QueryTooLong, explain, parse
from tolaria.search._ast import And, Exact, Name, Not, Or, Term
from tolaria.search._parser import _lark, _ToTree


def test_implicit_and_or_and_negation():
    tree = parse("t:creature -o:flying or c:r")
    assert tree == Or((And((Term("t", ":", "creature"), Not(Term("o", ":", "flying")))), Term("c", ":", "r")))


def test_parentheses_group():
    tree = parse("(t:goblin or t:elf) c:r")
    assert tree == And((Or((Term("t", ":", "goblin"), Term("t", ":", "elf"))), Term("c", ":", "r")))


def test_words_phrases_exact_and_regex():
    assert parse("lightning bolt") == And((Name("lightning"), Name("bolt")))
    assert parse('"lightning bolt"') == Name("lightning bolt")
    assert parse('!"Lightning Bolt"') == Exact("Lightning Bolt")
    assert parse("!fire") == Exact("fire")
    assert parse("/^thr/") == Name("^thr", "regex")
    assert parse("o:/^{T}:/") == Term("o", ":", "^{T}:", "regex")


@pytest.mark.parametrize("op", [":", "=", "!=", "<", "<=", ">", ">="])
def test_operators(op):
    assert parse(f"mv{op}3") == Term("mv", op, "3")


def test_keyword_case_and_or_case():
    assert parse("T:Goblin OR O:Haste") == Or((Term("t", ":", "Goblin"), Term("o", ":", "Haste")))
    # "or" inside a word or a value is not the operator
    assert parse("orc t:or") == And((Name("orc"), Term("t", ":", "or")))


def test_explicit_and():
    assert parse("t:elf and c:g") == parse("t:elf c:g")


def test_value_with_colon_and_symbols():
    assert parse("pred>=0.8:removal") == Term("pred", ">=", "0.8:removal")
    assert parse("m:{2/W}{G/U}") == Term("m", ":", "{2/W}{G/U}")


@pytest.mark.parametrize(
    "query",
    [
        "t:creature o:trample c:g mv<=3 f:commander usd<1",
        "-(t:goblin or t:elf) -c:r",
        '!"Circle of Protection: Red"',
        'o:"\\"quoted\\""',
        'name:"or"',
        '"-foo"',
        "a --b",
        "o:/a\\/b/",
        '"t:goblin"',
        "((a or b) (c or d)) or e",
    ],
)
def test_print_parse_stable(query):
    tree = parse(query)
    assert parse(str(tree)) == tree
    assert str(parse(str(tree))) == str(tree)


@pytest.mark.parametrize(
    "query,position,fragment",
    [
        ("(t:goblin", 9, "')'"),
        ('o:"foo', 2, "quote"),
        ("t:", 2, "value"),
        ("a)", 1, ")"),
        ("-", 1, "end"),
        ("()", 1, ")"),
        ("o:/abc", 2, ""),
    ],
)
def test_syntax_errors_name_position_and_expected(query, position, fragment):
    with pytest.raises(QuerySyntaxError) as info:
        parse(query)
    err = info.value
    assert err.position == position
    assert fragment in (err.message + " " + " ".join(err.expected))
    assert err.caret.splitlines() == [query, " " * position + "^"]


def test_empty_query_is_an_error():
    with pytest.raises(QuerySyntaxError):
        parse("   ")


def test_too_long_query_refused():
    parse("a " * 499 + "b")  # 999 characters
    with pytest.raises(QueryTooLong) as info:
        parse("a" * 1001)
    assert "1000" in str(info.value) and "1001" in str(info.value)


def test_explain_plain_words():
    text = explain("t:creature o:trample mv<=3")
    assert text == "cards that are creatures and whose oracle text contains 'trample' and whose mana value is at most 3"


def test_explain_or_not_and_colors():
    text = explain("c:rg -t:land or f:edh")
    assert "red and green" in text and "not" in text and " or " in text and "commander" in text


def test_explain_metadata_only():
    assert explain("order:usd") == "all cards"


@pytest.mark.parametrize("query", ["(" * 499 + "a" + ")" * 499, "-" * 998 + "a", "-(" * 330 + "a" + ")" * 330])
def test_deep_nesting_is_a_syntax_error_not_a_crash(query):
    with pytest.raises(QuerySyntaxError) as info:
        parse(query)
    assert "nested" in str(info.value)


@pytest.mark.parametrize(
    "query",
    [
        "is:fastland",
        " t:goblin ",
        "mv<=3",
        "pow>=+1",
        "c!=r",
        "usd<0.5",
        "NOT:commander",
        "t:time-lord",
        "pow=*",
        "!fire",
        '!"Lightning Bolt"',
        'o:"draw a card"',
        "or:x",
        "name:/^a/",
        "t:goblin or",
    ],
)
def test_a_lone_term_parses_as_the_grammar_says(query):
    # a lone term or exact name skips the parser: the tree must be the grammar's own

    try:
        grammar = _ToTree().transform(_lark().parse(query))
    except Exception:  # the grammar refuses it: the fast path must refuse it too
        with pytest.raises(QuerySyntaxError):
            parse(query)
        return
    assert parse(query) == grammar
