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


def test_a_partial_name_is_taken_as_the_named_endpoints_fuzzy_lookup_takes_it(capsys):
    """Scryfall's api/cards/named?fuzzy= finds "light bolt" (issue 14); so does the CLI, and says so."""
    assert cli.main(["card", "light bolt"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0] == "Lightning Bolt  {R}" and "taken for Lightning Bolt" in err


def test_a_name_several_cards_fit_is_refused_with_the_names(capsys):
    assert cli.main(["card", "bolt"]) == 2
    err = capsys.readouterr().err
    assert "Lightning Bolt" in err and "Flame-Blessed Bolt" in err
