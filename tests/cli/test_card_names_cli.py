"""`tolaria card NAME` folds names as the search and the API do (tolaria.cards.fold_name)."""

import pytest

from tolaria import cli

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_migrate(monkeypatch):
    # the test database is already migrated and loaded; the commands' own migrate is for real runs
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)


@pytest.mark.parametrize(
    ("typed", "head"),
    [
        ("Juzam Djinn", "Juzám Djinn  {2}{B}{B}"),  # the example: it failed before
        ("oath of lim-dul", "Oath of Lim-Dûl  {3}{B}"),
        ("Fire/Ice", "Fire  {1}{R}"),
        ("ice", "Fire  {1}{R}"),
    ],
)
def test_card_by_a_folded_name(capsys, typed, head):
    assert cli.main(["card", typed]) == 0
    assert capsys.readouterr().out.splitlines()[0] == head


def test_a_partial_name_is_suggested_not_taken(capsys):
    assert cli.main(["card", "light bolt"]) == 2
    assert "Lightning Bolt" in capsys.readouterr().err
