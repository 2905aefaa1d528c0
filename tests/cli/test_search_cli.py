"""`tolaria search`, `tolaria card --explain`, `tolaria stats`: output a user reads, exit codes."""

import json
import urllib.parse

import pytest

from tolaria import cli

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_migrate(monkeypatch):
    # the test database is already migrated and loaded; the commands' own migrate is for real runs
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)


def test_search_prints_a_table_with_explanation(capsys):
    assert cli.main(["search", "t:creature o:trample c:g mv<=3"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Searching cards ")
    header = next(line for line in out if line.startswith("Name"))
    assert "Mana cost" in header and "Type line" in header and "Set" in header and "Number" in header
    rows = out[out.index(header) + 2 : -1]
    assert rows and all("Creature" in r for r in rows)
    assert out[-1].startswith(f"{len(rows)} cards · page 1 of 1")


def test_search_json_is_the_scryfall_list(capsys):
    assert cli.main(["search", "t:goblin", "--order", "mv", "--dir", "desc", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["object"] == "list" and body["data"][0]["object"] == "card"
    cmcs = [c["cmc"] for c in body["data"]]
    assert cmcs == sorted(cmcs, reverse=True)


def test_search_unique_prints_and_page(capsys):
    assert cli.main(["search", '!"Lightning Bolt"', "--unique", "prints"]) == 0
    out = capsys.readouterr().out
    assert out.count("Lightning Bolt") > 10 and "printings" in out.splitlines()[-1]
    assert cli.main(["search", "t:creature", "--page", "2", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["data"] and (body["next_page"] is None or "page=3" in body["next_page"])


def test_syntax_error_shows_a_caret_and_exits_2(capsys):
    assert cli.main(["search", "t:creature (o:flying"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0].startswith("tolaria: ") and "position 21" in lines[0]
    assert lines[1].strip() == "t:creature (o:flying"
    assert lines[2].index("^") - lines[1].index("t") == len("t:creature (o:flying")
    assert "Traceback" not in captured.err


def test_search_without_results_says_so(capsys):
    assert cli.main(["search", "t:creature t:instant t:land"]) == 1
    assert "No cards match." in capsys.readouterr().out


def test_card_explain_lists_rules(capsys):
    assert cli.main(["card", "Fleetfoot Dancer", "--explain"]) == 0
    out = capsys.readouterr().out
    assert "Trample → CR 702.19 Trample" in out
    assert "    702.19a Trample is a static ability" in out
    assert "lifelink → CR 702.15 Lifelink" in out


def test_stats_json_keys(capsys):
    assert cli.main(["stats", "--json"]) == 0
    assert {"cards", "printings", "rulings", "price_points", "data_date"} <= set(json.loads(capsys.readouterr().out))


def test_unknown_card_is_one_line_with_a_suggestion(capsys):
    # a misspelling the fuzzy lookup resolves is taken (test_card_names_cli.py); a name it cannot is not
    assert cli.main(["card", "Harvest Infiltrator Zorp"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Harvesttide Infiltrator" in err


def test_search_json_writes_the_next_page_when_there_is_one(capsys):
    # more printings than a page holds (175): the list object says where the next page is, as the API's does
    assert cli.main(["search", "include:extras", "--unique", "prints", "--order", "mv", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["has_more"] is True and len(body["data"]) == 175
    address = urllib.parse.urlsplit(body["next_page"])
    assert address.path == "/api/cards/search"
    assert urllib.parse.parse_qs(address.query) == {
        "q": ["include:extras"],
        "unique": ["prints"],
        "order": ["mv"],
        "dir": ["auto"],
        "page": ["2"],
    }
    assert cli.main(["search", "include:extras", "--unique", "prints", "--order", "mv", "--page", "2", "--json"]) == 0
    second = json.loads(capsys.readouterr().out)
    assert {c["id"] for c in second["data"]}.isdisjoint(c["id"] for c in body["data"])


def test_search_json_without_a_match_is_the_error_object_and_exits_1(capsys):
    assert cli.main(["search", "t:creature t:instant t:land", "--json"]) == 1
    body = json.loads(capsys.readouterr().out)
    assert body["object"] == "error" and body["status"] == 404 and body["code"] == "not_found"


def test_search_json_with_bad_syntax_exits_2_and_names_the_position(capsys):
    assert cli.main(["search", "t:creature (o:flying", "--json"]) == 2
    body = json.loads(capsys.readouterr().out)
    assert body["status"] == 400 and body["position"] == 20 and "caret" not in body
