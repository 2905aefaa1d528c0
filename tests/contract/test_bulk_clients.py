"""Bulk files as the clients that read Scryfall's bulk data download them, over real HTTP (requests,
as both clients use it). mtgtools and mtg-ssm are on the package index but pull in ZODB and Pillow,
or pin requests-cache 0.9: instead of installing them, each test runs the client's own download and
decode steps, a few lines copied in shape from its source (named in each test)."""

import gzip
import io
import json

import requests


def _bulk(base: str, kind: str) -> dict:
    listing = requests.get(base + "/api/bulk-data", timeout=60).json()["data"]
    return next(bulk for bulk in listing if bulk["type"] == kind)


def test_mtgtools_scryfall_bulk_update_reads_the_jsonl_file(tolaria_server):
    # mtgtools 0.9.72, mtgtools/MtgDB.py MtgDB.scryfall_bulk_update: the jsonl_download_uri of the
    # wanted type, through util/api_requests.py download_scryfall_bulk_data_gzip (requests.get(url,
    # headers).content) and parse_scryfall_jsonl_gzip (gzip.GzipFile over those bytes, one json.loads
    # per line): the body must be a gzip file after requests has undone any Content-Encoding
    headers = {"User-Agent": "mtgtools/0.9.72", "Accept": "application/json;q=0.9,*/*;q=0.8"}
    bulk = _bulk(tolaria_server, "default_cards")
    res = requests.get(bulk["jsonl_download_uri"], headers=headers, timeout=120)
    res.raise_for_status()
    cards = []
    with gzip.GzipFile(fileobj=io.BytesIO(res.content), mode="rb") as gz_file:
        for line in gz_file:
            line = line.decode("utf-8").strip()
            if line:
                cards.append(json.loads(line))
    assert cards and all(card["object"] == "card" for card in cards)
    assert res.headers["Content-Type"] == "application/gzip" and "Content-Encoding" not in res.headers
    assert res.headers["Content-Disposition"].endswith('.jsonl.gz"')


def test_mtg_ssm_scryfetch_reads_the_json_array(tolaria_server):
    # mtg-ssm 2.8.2, mtg_ssm/scryfall/fetcher.py scryfetch: the download_uri of default_cards through
    # _fetch_endpoint (a requests session's get(endpoint).content) decoded at once as a list of cards
    # (msgspec.json.decode(..., type=list[ScryCard])): the body must be JSON once requests has undone
    # the Content-Encoding, as Scryfall's download_uri serves it
    bulk = _bulk(tolaria_server, "default_cards")
    response = requests.get(bulk["download_uri"], timeout=120)
    response.raise_for_status()
    cards = json.loads(response.content)
    assert isinstance(cards, list) and cards and cards[0]["object"] == "card"
    assert response.headers["Content-Type"] == "application/json"
    assert response.headers["Content-Encoding"] == "gzip" and bulk["content_encoding"] == "gzip"
    assert len(cards) == len(_lines(tolaria_server))


def _lines(base: str) -> list[str]:
    raw = requests.get(_bulk(base, "default_cards")["jsonl_download_uri"], timeout=120).content
    return [line for line in gzip.decompress(raw).decode().splitlines() if line.strip()]
