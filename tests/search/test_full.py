"""The differential test on the full data (make test-full): every benchmark query, both evaluations."""

from __future__ import annotations

import pytest
from search_helpers import bench_queries, both

# Selected by `make test-full` (-m full); the shared_data fixture fails when the data is absent.
pytestmark = pytest.mark.full


@pytest.fixture(scope="module")
def full(shared_data):
    from tolaria.cards import read_mtgjson
    from tolaria.search import build_index
    from tolaria.search._reference import Reference

    corpus = read_mtgjson(
        shared_data / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz",
        shared_data / "mtgjson" / "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz",
    )
    return build_index(corpus), Reference(corpus)


@pytest.mark.parametrize("query", bench_queries())
def test_full_differential(full, query):
    index, ref = full
    got, want = both(index, ref, query)
    assert got == want


def test_full_differential_generated(full):
    from hypothesis import HealthCheck, given, settings
    from test_properties import queries

    index, ref = full

    @settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
    @given(queries())
    def check(query):
        got, want = both(index, ref, query)
        assert got == want

    check()
