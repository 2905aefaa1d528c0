"""Differential and property tests: the vectorized evaluation equals the per-card predicates; negation,
De Morgan and printing hold; the parser never raises anything but QuerySyntaxError / QueryTooLong."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from search_helpers import bench_queries, both

from tolaria.search import QuerySyntaxError, QueryTooLong, parse, search
from tolaria.search._ast import And, Not, Or, Term
from tolaria.search._compile import compile_query, eval_mask
from tolaria.search._fields import FAMILIES, lookup

# ----------------------------------------------------------------- query generation
# Every registered family's own example (so a new family is in these tests by being registered),
# and atoms more for what the examples leave out: other operators and values, negations, regexes,
# bare words, an unknown keyword and an unknown value.
MORE_ATOMS = [
    "t:creature",
    "t:instant",
    "t:land",
    "t:legendary",
    "t:elf",
    "t:wizard",
    "o:draw",
    'o:"draw a card"',
    "o:flying",
    "o:/^{T}:/",
    "o:~",
    "fo:counter",
    "c:r",
    "c:wu",
    "c=g",
    "c<=ub",
    "c>=2",
    "c:m",
    "c:c",
    "c!=g",
    "id:esper",
    "id<=rg",
    "id=c",
    "m:{G}",
    "m>{1}{U}",
    "m={U}{U}",
    "m:{W/U}",
    "mv=2",
    "mv<=1",
    "mv>=5",
    "mv:even",
    "pow>=3",
    "pow>tou",
    "tou=1",
    "pow=*",
    "pt>=6",
    "loy>=3",
    "r:common",
    "r>=rare",
    "r<uncommon",
    "s:lea",
    "s:m10",
    "e:dom",
    "st:core",
    "b:rav",
    "cn<=50",
    "a:avon",
    "a:rush",
    "ft:the",
    "wm:izzet",
    "year<=1995",
    "date>=2015-01-01",
    "date<ons",
    "usd<1",
    "cheapest:usd",
    "f:modern",
    "f:commander",
    "banned:legacy",
    "restricted:vintage",
    "is:split",
    "is:dfc",
    "is:permanent",
    "is:spell",
    "is:historic",
    "is:vanilla",
    "is:commander",
    "is:reprint",
    "is:firstprint",
    "is:dual",
    "is:fetchland",
    "not:reprint",
    "has:watermark",
    "has:flavor",
    "kw:flying",
    "kw:trample",
    "new:art",
    "in:lea",
    "prints>=3",
    "sets=1",
    "artists>=2",
    "produces:g",
    "produces:c",
    "devotion:rr",
    "game:paper",
    "lang:en",
    "border:black",
    "frame:2003",
    "bolt",
    "elves",
    '"of the"',
    "!tundra",
    "/^a.*a$/",
    "foo:bar",
    "c:purple",
    "unique:prints",
    "order:usd",
    "tag:removal",
    "tag!=burn",
    "theme:lifegain",
    "pred:removal",
    "pred<0.7:removal",
    "rule:702",
    "rule!=702.19",
    "kw!=flying",
    "in!=lea",
    "eur<1",
    "tix>0",
    "stamp:oval",
    "def>=3",
]
ATOMS = list(dict.fromkeys([f.example for f in FAMILIES if f.example] + MORE_ATOMS))


def _terms(node):
    if isinstance(node, (And, Or)):
        for child in node.children:
            yield from _terms(child)
    elif isinstance(node, Not):
        yield from _terms(node.child)
    elif isinstance(node, Term):
        yield node


def test_the_atoms_use_every_family():
    used = {lookup(term.keyword) for atom in ATOMS for term in _terms(parse(atom))}
    assert [f.__name__ for f in FAMILIES if f.names and f not in used] == []


def queries():
    atom = st.sampled_from(ATOMS)
    return st.recursive(
        atom,
        lambda inner: st.one_of(
            st.builds(lambda a, b: f"{a} {b}", inner, inner),
            st.builds(lambda a, b: f"{a} or {b}", inner, inner),
            st.builds(lambda a: f"-({a})", inner),
            st.builds(lambda a: f"({a})", inner),
        ),
        max_leaves=6,
    )


def _mask(index, query):
    compiled = compile_query(parse(query), index.context())
    if compiled.root is None:
        return None
    return eval_mask(compiled.root, index)


# ----------------------------------------------------------------- differential
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(queries())
def test_differential_generated_tiny(tiny_index, tiny_ref, query):
    got, want = both(tiny_index, tiny_ref, query)
    assert got == want


@pytest.mark.parametrize("query", bench_queries())
def test_differential_benchmark_queries_on_sample(sample_index, sample_ref, query):
    got, want = both(sample_index, sample_ref, query)
    assert got == want


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(queries())
def test_differential_generated_sample(sample_index, sample_ref, query):
    got, want = both(sample_index, sample_ref, query)
    assert got == want


# ----------------------------------------------------------------- algebra
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(queries(), queries())
def test_de_morgan(tiny_index, a, b):
    left = _mask(tiny_index, f"-(({a}) ({b}))")
    right = _mask(tiny_index, f"-({a}) or -({b})")
    if left is not None and right is not None and _mask(tiny_index, a) is not None and _mask(tiny_index, b) is not None:
        assert np.array_equal(left, right)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(queries())
def test_query_and_its_negation_partition_the_printings(tiny_index, q):
    pos = _mask(tiny_index, q)
    neg = _mask(tiny_index, f"-({q})")
    if pos is None:
        assert neg is None
        return
    assert not (pos & neg).any()
    assert (pos | neg).all()


def test_negation_partitions_the_sample(sample_index):
    for q in ("t:creature", "c:r", "o:draw", "f:modern", "is:reprint", "usd<1", "pow>tou", "a:avon"):
        pos, neg = _mask(sample_index, q), _mask(sample_index, f"-{q}")
        assert not (pos & neg).any() and (pos | neg).all(), q


# ----------------------------------------------------------------- printing
@settings(max_examples=300, deadline=None)
@given(queries())
def test_parse_print_parse_stable(query):
    tree = parse(query)
    assert parse(str(tree)) == tree


QUERY_CHARS = st.sampled_from(list("abcot:=<>!-()\"/ {}~*0123456789.orORand\\'") + ["é", "Æ", "\n", "\t"])


@settings(max_examples=300, deadline=None)
@given(st.text(QUERY_CHARS, max_size=40))
@example("O< =")  # printed "o<=", the operator <= with no value, until a value after < or > starting "=" was quoted
def test_printing_is_stable_on_whatever_parses(text):
    try:
        tree = parse(text)
    except QuerySyntaxError:
        return
    assert parse(str(tree)) == tree


# ----------------------------------------------------------------- fuzz
def _mutations():
    base = st.sampled_from(bench_queries())
    return st.builds(
        lambda q, i, s, cut: (q[:i] + s + q[i + cut :])[:1100],
        base,
        st.integers(0, 60),
        st.text(QUERY_CHARS, max_size=4),
        st.integers(0, 4),
    )


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.one_of(
        st.text(max_size=60), st.text(QUERY_CHARS, max_size=80), _mutations(), st.text(min_size=990, max_size=1010)
    )
)
def test_fuzz_only_query_errors(tiny_index, text):
    try:
        result = search(tiny_index, text)
    except (QuerySyntaxError, QueryTooLong) as err:
        assert str(err)
        if isinstance(err, QuerySyntaxError):
            assert 0 <= err.position <= len(text)
        return
    assert len(result.printing_ids) == min(result.total, result.page_size)  # the first page, whole
