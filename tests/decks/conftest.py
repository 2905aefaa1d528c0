import pytest

from tolaria.decks import Entry


@pytest.fixture(scope="session")
def cards(sample):
    """Sample cards by name."""
    return {c.name: c for c in sample.cards.values()}


@pytest.fixture
def entry(cards):
    def make(name, quantity=1, zone="main"):
        return Entry(cards[name], quantity, zone)

    return make
