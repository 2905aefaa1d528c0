import pytest

from tolaria.rules import Linker, shipped_rulebook


@pytest.fixture(scope="session")
def linker():
    return Linker(shipped_rulebook())
