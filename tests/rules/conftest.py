import importlib.resources

import pytest

from tolaria.rules import Linker, shipped_rulebook


@pytest.fixture(scope="session")
def raw_text() -> str:
    data = importlib.resources.files("tolaria") / "data"
    path = sorted(p for p in data.iterdir() if p.name.startswith("MagicCompRules-"))[-1]
    return path.read_bytes().decode("utf-8")  # keeps the BOM and CRLF as shipped


@pytest.fixture(scope="session")
def book():
    return shipped_rulebook()


@pytest.fixture(scope="session")
def linker(book):
    return Linker(book)
