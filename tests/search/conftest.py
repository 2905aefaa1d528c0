"""Fixtures: a tiny hand-built corpus of real cards, and the shipped sample with its index."""

from __future__ import annotations

import pytest
from search_helpers import TINY_FACETS, tiny_corpus

from tolaria.cards import load_sample
from tolaria.search import build_index
from tolaria.search._reference import Reference


@pytest.fixture(scope="session")
def tiny():
    return tiny_corpus()


@pytest.fixture(scope="session")
def tiny_index(tiny):
    return build_index(tiny, TINY_FACETS)


@pytest.fixture(scope="session")
def tiny_ref(tiny):
    return Reference(tiny, TINY_FACETS)


@pytest.fixture(scope="session")
def sample():
    return load_sample()


@pytest.fixture(scope="session")
def sample_index(sample):
    return build_index(sample)


@pytest.fixture(scope="session")
def sample_ref(sample):
    return Reference(sample)
