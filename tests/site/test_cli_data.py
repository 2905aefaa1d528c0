"""The data commands: stats, card, init; errors are one line with exit code 2."""

import functools
import http.server
import json
import threading

import pytest

from tolaria import cli
from tolaria.cards import sample_paths

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_migrate(monkeypatch):
    # the test database is already migrated and loaded; the commands' own migrate is for real runs
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)


def test_stats_json_has_the_documented_keys(capsys):
    assert cli.main(["stats", "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert {"cards", "printings", "rulings", "price_points", "data_date"} <= set(figures)
    assert figures["cards"] == 3000 and figures["data_date"] == "2023-05-15"


def test_card_prints_every_face(capsys):
    assert cli.main(["card", "harvesttide infiltrator"]) == 0
    out = capsys.readouterr().out
    assert "Harvesttide Infiltrator  {2}{R}" in out and "Harvesttide Assailant" in out and "4/4" in out


def test_near_miss_suggests_and_exits_2(capsys):
    # "Harvestide Infiltrater" is now taken by the fuzzy lookup (tests/cli/test_card_names_cli.py)
    assert cli.main(["card", "Harvest Infiltrator Zorp"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Did you mean" in err and "Harvesttide Infiltrator" in err


def test_ingest_of_a_missing_file_is_one_line(capsys, tmp_path):
    assert cli.main(["ingest", str(tmp_path / "nope.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("tolaria: ") and "no such file" in err and "Traceback" not in err


def test_init_does_not_reload_the_sample(capsys):
    assert cli.main(["init"]) == 0
    assert "Database ready: 3,000 cards." in capsys.readouterr().out


def test_ingest_reads_an_address_through_the_download_code(capsys, tmp_path):
    """`tolaria ingest URL`: the file is downloaded (local HTTP server here) and ingested."""

    source = [p for p in sample_paths() if "ONE" in p.name][0]
    (tmp_path / "www").mkdir()
    (tmp_path / "www" / source.name).write_bytes(source.read_bytes())
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path / "www"))
    handler.log_message = lambda *a: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{server.server_port}/{source.name}"
        code = cli.main(["ingest", url, "--download-dir", str(tmp_path / "dl"), "--json"])
    finally:
        server.shutdown()
    assert code == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["records"] == 63 and (tmp_path / "dl" / source.name).exists()
