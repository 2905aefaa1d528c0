"""Names in the search fold as everywhere (tolaria.cards.fold_name): ``!"…"`` and ``name:`` over the sample.

Expectations: Scryfall's rule that card names are case-insensitive with punctuation optional, and
the issue's examples (``!"Juzam Djinn"`` finds Juzám Djinn; Fire/Ice and Commit /// Memory find the
split card). Both evaluations (per-card predicates and the index) must agree.
"""

from __future__ import annotations

import pytest
from search_helpers import both, names

from tolaria.search import search
from tolaria.search._parser import _lark, _ToTree, parse

CASES = [
    ('!"Juzam Djinn"', {"Juzám Djinn"}),
    ('!"JUZÁM DJINN"', {"Juzám Djinn"}),
    ("!fire", {"Fire // Ice"}),
    ('!"Fire/Ice"', {"Fire // Ice"}),
    ('!"Fire /// Ice"', {"Fire // Ice"}),
    ('!"oath of lim-dul"', {"Oath of Lim-Dûl"}),
    ('!"Oath of Limdul"', {"Oath of Lim-Dûl"}),
    ("!kikijiki", set()),  # a name, not a prefix: no card is named Kiki-Jiki alone
    ('!"jace vryns prodigy"', {"Jace, Vryn's Prodigy // Jace, Telepath Unbound"}),
    ('!"Petty Theft"', {"Brazen Borrower // Petty Theft"}),
    ("name:lim-dul", {"Oath of Lim-Dûl"}),
    ("name:lim-dûl", {"Oath of Lim-Dûl"}),
    ('name:"lim dul"', {"Oath of Lim-Dûl"}),
    ("name:vryns", {"Jace, Vryn's Prodigy // Jace, Telepath Unbound"}),
    ("name:juzam", {"Juzám Djinn"}),
    ('name:"fire/ice"', {"Fire // Ice"}),
    ('"fire // ice"', {"Fire // Ice"}),
    ("jotun", {"Jötun Grunt"}),
]


@pytest.mark.parametrize(("query", "expected"), CASES)
def test_names_fold_one_way(sample_index, sample_ref, sample, query, expected):
    fast, slow = both(sample_index, sample_ref, query)
    assert fast == slow
    assert names(sample, fast) == expected


def test_a_name_of_punctuation_only_is_ignored_with_a_warning(sample_index):
    result = search(sample_index, "name:'")
    assert result.total == 0 and any("punctuation" in w for w in result.warnings)


@pytest.mark.parametrize("query", ["!fire", ' !"Fire // Ice"  ', r'!"a\"b"', "!lim-dul's", "!fire!", '!"x"'])
def test_an_exact_name_alone_parses_as_the_grammar_does(query):
    assert parse(query) == _ToTree().transform(_lark().parse(query))
