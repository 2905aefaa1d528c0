"""`tolaria deck FILE`: a decklist read as the importer reads it, checked against a format, written in
another tool's format; exit codes a script can rely on."""

import io
import json

import pytest

from tolaria import cli, decks

pytestmark = pytest.mark.django_db

BURN = "4 Lightning Bolt\n56 Mountain\n\nSideboard\n2 Goblin Guide\n"


@pytest.fixture(autouse=True)
def no_migrate(monkeypatch):
    # the test database is already migrated and loaded; the commands' own migrate is for real runs
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)


@pytest.fixture
def decklist(tmp_path):
    def write(text: str | bytes, name: str = "deck.txt"):
        path = tmp_path / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode())
        return str(path)

    return write


def test_a_legal_deck_prints_its_zones_and_the_verdict(capsys, decklist):
    assert cli.main(["deck", decklist(BURN), "--format", "modern"]) == 0
    out = capsys.readouterr().out
    assert "Main deck (60)" in out and "  4 Lightning Bolt" in out and "  56 Mountain" in out
    assert "Sideboard (2)" in out and "  2 Goblin Guide" in out
    assert "This deck is legal in Modern." in out


def test_a_banned_card_makes_it_illegal_and_exits_1(capsys, decklist):
    assert cli.main(["deck", decklist("1 Black Lotus\n59 Mountain\n"), "--format", "modern"]) == 1
    out = capsys.readouterr().out
    assert "This deck is not legal in Modern" in out
    problem = next(line for line in out.splitlines() if line.startswith("  - "))
    assert "Black Lotus" in problem


def test_an_unknown_name_is_kept_with_suggestions_and_exits_1(capsys, decklist):
    assert cli.main(["deck", decklist("4 Lightning Bolts\n4 Lightnig Bolt\n")]) == 1
    out = capsys.readouterr().out
    assert "4 Lightning Bolt" in out  # a plural is the card (the importer's folding)
    assert "Line 2: no card named 'Lightnig Bolt'. Did you mean: Lightning Bolt" in out
    assert "(no such card in the data)" in out


def test_json_names_zones_unknown_lines_and_problems(capsys, decklist):
    assert (
        cli.main(["deck", decklist("1 Black Lotus\n1 Nonexistent Card Name\n"), "--format", "vintage", "--json"]) == 1
    )
    body = json.loads(capsys.readouterr().out)
    assert body["format_read"] == "plain"
    names = [row["name"] for row in body["zones"]["main"]]
    assert names == ["Black Lotus", "Nonexistent Card Name"]
    assert body["zones"]["main"][1]["oracle_id"] is None
    assert [u["line"] for u in body["unknown"]] == [2]
    legality = body["legality"]
    assert legality["format"] == "vintage" and legality["legal"] is False
    assert {p["code"] for p in legality["problems"]} >= {"size"}


def test_to_writes_the_deck_in_another_format_and_it_reads_back_the_same(capsys, decklist):
    assert cli.main(["deck", decklist(BURN), "--to", "mtgo_dek"]) == 0
    dek = capsys.readouterr().out
    assert dek.lstrip().startswith("<?xml") and 'Name="Lightning Bolt"' in dek
    back = decks.parse_decklist(dek)
    assert back.kind == "mtgo_dek"
    read = sorted((line.zone, line.quantity, line.name) for line in back.lines)
    assert read == [("main", 4, "Lightning Bolt"), ("main", 56, "Mountain"), ("sideboard", 2, "Goblin Guide")]


def test_to_keeps_unknown_lines_as_written(capsys, decklist):
    assert cli.main(["deck", decklist("2 Lightning Bolt (M11) 149\n1 Card Nobody Printed\n"), "--to", "moxfield"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "1 Card Nobody Printed" in out
    assert any(line.startswith("2 Lightning Bolt (M11) 149") for line in out)


def test_reads_stdin(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(b"Deck\n4 Counterspell\n"), encoding="utf-8"))
    assert cli.main(["deck", "-", "--json"]) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["zones"] == {
        "main": [{"quantity": 4, "name": "Counterspell", "oracle_id": body["zones"]["main"][0]["oracle_id"]}]
    }
    assert body["zones"]["main"][0]["oracle_id"]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["deck", "/nonexistent/deck.txt"], "no decklist file at /nonexistent/deck.txt"),
        (["deck", "DECK", "--format", "extended"], "no format 'extended'"),
    ],
)
def test_a_bad_command_line_is_one_line_and_exit_2(capsys, decklist, args, says):
    args = [decklist(BURN) if a == "DECK" else a for a in args]
    assert cli.main(args) == 2
    err = capsys.readouterr().err
    assert err.startswith("tolaria: ") and says in err and "Traceback" not in err


def test_a_binary_file_is_refused_with_a_reason(capsys, decklist):
    assert cli.main(["deck", decklist(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)), "deck.png")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tolaria: ") and "Traceback" not in err
