"""The differential test on the full data (make test-full): every benchmark query, both evaluations."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from search_helpers import bench_queries, both

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz"

pytestmark = [pytest.mark.full, pytest.mark.skipif(not DATA.exists(), reason="full data not present")]


@pytest.fixture(scope="module")
def full(request):
    if "full" not in (request.config.getoption("-m") or "") and not os.environ.get("TOLARIA_FULL"):
        pytest.skip("full data tests run with -m full (or TOLARIA_FULL=1)")
    from tolaria.cards import read_mtgjson
    from tolaria.search import build_index
    from tolaria.search._reference import Reference

    corpus = read_mtgjson(DATA)
    return build_index(corpus), Reference(corpus)


@pytest.mark.parametrize("query", bench_queries())
def test_full_differential(full, query):
    index, ref = full
    got, want = both(index, ref, query)
    assert got == want
