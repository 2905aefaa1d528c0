"""Issue 28 item 8: a CSV cell that begins with "=", "+", "-" or "@" is neutralised in every export of the
site (OWASP's CSV-injection rule), not only in a deck's: a list's CSV and the card search's format=csv
hold card names such as "+2 Mace" (AFR), which a spreadsheet would run as a formula."""

import csv
import io
from types import SimpleNamespace

from tolaria import decks
from tolaria.site.api import cards as cards_api
from tolaria.site.collections.services import lists

FORMULA = ("=", "+", "-", "@")


def _cells(text: str) -> list[str]:
    return [cell for row in csv.reader(io.StringIO(text)) for cell in row]


def test_a_lists_csv_writes_a_name_that_starts_as_a_formula_as_text(monkeypatch):
    rows = [
        SimpleNamespace(quantity=2, name="+2 Mace", printing=None, finish="nonfoil"),
        SimpleNamespace(quantity=1, name="@Hacker =cmd|' /C calc'!A0", printing=None, finish="foil"),
    ]
    monkeypatch.setattr(lists, "list_rows", lambda card_list: (rows, None))
    exported = lists.list_csv(None)
    assert not any(cell.startswith(FORMULA) for cell in _cells(exported)), exported
    assert "'+2 Mace" in _cells(exported) and "0" in _cells(exported)  # a Tradelist Count of 0 stays 0
    # Tolaria's own import reads the names back as they were
    assert [line.name for line in decks.parse_decklist(exported).lines] == [r.name for r in rows]


def test_the_card_searchs_csv_writes_a_name_that_starts_as_a_formula_as_text():
    card = {"name": "+2 Mace", "set": "afr", "collector_number": "1", "mana_cost": "{1}{W}", "cmc": 2.0}
    text = cards_api._csv([card]).content.decode()
    header, row = list(csv.reader(io.StringIO(text)))
    assert header == list(cards_api.CSV_FIELDS)
    assert row == ["'+2 Mace", "afr", "1", "", "", "{1}{W}", "2.0", "", "", ""]  # a field the card lacks: empty
