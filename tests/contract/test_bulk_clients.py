"""Bulk files as the clients that read Scryfall's bulk data download them, over real HTTP: mtgtools and
mtg-ssm themselves (installed by `make install` without the dependencies their bulk-data code does not
reach: ZODB, Pillow; mtg-ssm's pins of requests-cache 0.9 and typing_extensions 4.8 would downgrade
those of the other clients), their own functions run with Scryfall's addresses pointed at the server."""

import gzip
import importlib
import json
import sys

import pytest
import requests
from mtgtools import __version__
from mtgtools.PCardList import PCardList
from mtgtools.PSetList import PSetList
from mtgtools.util import api_requests


def _bulk(base: str, kind: str) -> dict:
    listing = requests.get(base + "/api/bulk-data", timeout=60).json()["data"]
    return next(bulk for bulk in listing if bulk["type"] == kind)


def test_mtgtools_scryfall_bulk_update_reads_the_jsonl_file(tolaria_server, monkeypatch):
    # mtgtools 0.9.72, MtgDB.scryfall_bulk_update's steps without its ZODB database: the sets
    # (process_scryfall_sets), the bulk-data list, the jsonl_download_uri of the wanted type
    # (download_scryfall_bulk_data_gzip: requests' .content, gunzipped by parse_scryfall_jsonl_gzip with
    # gzip.GzipFile: the body must be a gzip file once requests has undone any Content-Encoding), and
    # every card object made into a PCard of its set (process_cards_bulk)
    monkeypatch.setattr(api_requests, "scryfall_sets_url", tolaria_server + "/api/sets")
    monkeypatch.setattr(api_requests, "scryfall_bulk_data_url", tolaria_server + "/api/bulk-data")
    headers = {"User-Agent": f"mtgtools/{__version__}", "Accept": "application/json;q=0.9,*/*;q=0.8"}
    sets, cards = PSetList(), PCardList()
    api_requests.process_scryfall_sets(sets, headers)
    bulk = next(b for b in api_requests.get_scryfall_card_bulks(headers)["data"] if b["type"] == "default_cards")
    data = api_requests.parse_scryfall_jsonl_gzip(
        api_requests.download_scryfall_bulk_data_gzip(bulk["jsonl_download_uri"], headers)
    )
    api_requests.process_cards_bulk(sets, cards, data, verbose=False)
    assert len(cards) == len(data) == len(_lines(tolaria_server)) > 0
    assert all(card.name and card.set for card in cards)
    assert sum(len(s) for s in sets) == len(cards)  # every card in a set the sets endpoint listed

    res = requests.get(bulk["jsonl_download_uri"], headers=headers, timeout=120)
    assert res.headers["Content-Type"] == "application/gzip" and "Content-Encoding" not in res.headers
    assert res.headers["Content-Disposition"].endswith('.jsonl.gz"')


@pytest.fixture
def mtg_ssm(tmp_path, monkeypatch, tolaria_server):
    """mtg-ssm's fetcher and its command line, reading from the server: its endpoints pointed there, its
    requests-cache session (made at import, in the user's cache dir) replaced by a plain one."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    fetcher = importlib.import_module("mtg_ssm.scryfall.fetcher")
    monkeypatch.setattr(fetcher, "SESSION", requests.Session())
    for name, path in (
        ("BULK_DATA_ENDPOINT", "bulk-data"),
        ("SETS_ENDPOINT", "sets"),
        ("MIGRATIONS_ENDPOINT", "migrations"),
    ):
        monkeypatch.setattr(fetcher, name, f"{tolaria_server}/api/{path}")
    return fetcher


def test_mtg_ssm_scryfetch_reads_the_json_array(tolaria_server, mtg_ssm):
    # mtg-ssm 2.8.2, mtg_ssm/scryfall/fetcher.py scryfetch: the bulk-data list, every page of sets and
    # migrations, and the download_uri of default_cards decoded at once into its typed card objects
    # (msgspec.json.decode(..., type=list[ScryCard]): a field of another type or an unknown layout, rarity
    # or set type fails): the body must be JSON once requests has undone the Content-Encoding, as
    # Scryfall's download_uri serves it
    data = mtg_ssm.scryfetch()
    assert data.cards and data.sets and len(data.cards) == len(_lines(tolaria_server))
    assert {card.set for card in data.cards} <= {s.code for s in data.sets}
    bulk = _bulk(tolaria_server, "default_cards")
    response = requests.get(bulk["download_uri"], timeout=120)
    assert isinstance(json.loads(response.content), list)
    assert response.headers["Content-Type"] == "application/json"
    assert response.headers["Content-Encoding"] == "gzip" and bulk["content_encoding"] == "gzip"


def test_mtg_ssm_creates_a_collection_spreadsheet(tmp_path, mtg_ssm, monkeypatch):
    # `mtg-ssm create collection.csv` (mtg_ssm.ssm.main, its default filters): one row per printing
    ssm = importlib.import_module("mtg_ssm.ssm")  # imports the fetcher: after the fixture's cache dir
    out = tmp_path / "collection.csv"
    monkeypatch.setattr(sys, "argv", ["mtg-ssm", "create", str(out)])
    ssm.main()
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0].startswith("set,name,collector_number,scryfall_id") and len(rows) > 100


def _lines(base: str) -> list[str]:
    raw = requests.get(_bulk(base, "default_cards")["jsonl_download_uri"], timeout=120).content
    return [line for line in gzip.decompress(raw).decode().splitlines() if line.strip()]
