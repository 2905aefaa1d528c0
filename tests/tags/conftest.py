from pathlib import Path

import pytest

from tolaria.tags._eval import gold_card, load_gold

GOLD = Path(__file__).resolve().parent / "data" / "gold.json"


@pytest.fixture(scope="session")
def gold_entries():
    return load_gold(GOLD)


@pytest.fixture(scope="session")
def gold_by_name(gold_entries):
    return {e["name"]: gold_card(e) for e in gold_entries}


@pytest.fixture(scope="session")
def card(gold_by_name):
    """A real card from the gold set by name."""
    return lambda name: gold_by_name[name]
