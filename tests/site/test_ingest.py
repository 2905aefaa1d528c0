"""Ingest into the database: one transaction, faults leave the data exactly as it was, re-ingest
is a no-op, newer data updates, price files append dated points. Runs on SQLite and PostgreSQL."""

import json
import lzma

import pytest

from tolaria.cards import DataFileError, sample_paths
from tolaria.site.catalog import models as m
from tolaria.site.catalog.ingest import ingest

pytestmark = pytest.mark.django_db

FIXTURES = __import__("pathlib").Path(__file__).resolve().parents[1] / "fixtures"


def snapshot():
    """Everything stored, as comparable values."""
    return {
        "cards": sorted(m.OracleCard.objects.values_list("oracle_id", "data")),
        "printings": sorted(m.Printing.objects.values_list("id", "data")),
        "foreign_printings": sorted(m.ForeignPrinting.objects.values_list("id", "printing_id", "lang", "data")),
        "external_ids": sorted(m.ExternalId.objects.values_list("printing_id", "kind", "value")),
        "rulings": sorted(m.Ruling.objects.values_list("card_id", "position", "text")),
        "prices": sorted(m.PricePoint.objects.values_list("printing_id", "date", "usd")),
        "sets": sorted(m.CardSet.objects.values_list("code", "data")),
        "runs": list(m.IngestRun.objects.values_list("version", flat=True)),
    }


@pytest.fixture
def one_set(tmp_path):
    """The sample's real ONE per-set file, decompressed, as a document to edit."""
    path = [p for p in sample_paths() if "ONE" in p.name][0]
    with lzma.open(path, "rb") as f:
        return json.load(f)


def write(tmp_path, doc, name="ONE.json"):
    path = tmp_path / name
    path.write_text(json.dumps(doc))
    return path


def test_the_sample_is_loaded_with_its_counts():
    assert m.OracleCard.objects.count() == 3000
    assert m.Printing.objects.count() > 11000
    assert m.Ruling.objects.exists()
    assert m.IngestRun.objects.first().data_date == "2023-05-15"


def test_reingesting_the_same_file_changes_nothing(tmp_path, one_set):
    path = write(tmp_path, one_set)
    before = snapshot()
    summary = ingest([path])
    assert not summary.changed_anything
    after = snapshot()
    assert after.pop("runs")[1:] == before.pop("runs")  # a run is recorded, the version stays
    assert after == before


def test_the_summary_says_how_long_reading_and_writing_took(tmp_path, one_set):
    """`tolaria ingest` prints each step's time: reading the files and writing them here, the
    after-ingest steps on the line after."""
    summary = ingest([write(tmp_path, one_set)])
    summary.derived_seconds = {"card index": 1.5, "tags": 2.0}
    d = summary.as_dict()
    assert 0 < d["read_seconds"] <= d["seconds"] and d["write_seconds"] >= 0
    assert abs(d["read_seconds"] + d["write_seconds"] - d["seconds"]) <= 0.02  # each rounded to 0.01 s
    lines = summary.lines()
    assert f"(read {summary.read_seconds:.1f} s, written {summary.seconds - summary.read_seconds:.1f} s)" in lines[0]
    assert lines[-1] == "then built: card index 1.5 s, tags 2.0 s (3.5 s in all)"


def test_a_newer_file_updates_cards_and_removes_what_it_no_longer_lists(tmp_path, one_set):
    doc = json.loads(json.dumps(one_set))
    changed = doc["data"]["cards"][0]
    changed["text"] = (changed.get("text") or "") + "\nErrata: this card is tested."
    dropped = doc["data"]["cards"].pop()
    version = m.IngestRun.objects.first().version
    summary = ingest([write(tmp_path, doc)])
    assert summary.cards.changed >= 1
    assert summary.printings.removed == 1
    oracle_id = changed["identifiers"]["scryfallOracleId"]
    assert "Errata: this card is tested." in m.OracleCard.objects.get(pk=oracle_id).data
    assert not m.Printing.objects.filter(pk=dropped["identifiers"]["scryfallId"]).exists()
    assert m.IngestRun.objects.first().version == version + 1


@pytest.mark.parametrize("fault", ["truncated", "corrupt", "wrong_shape", "not_cards", "missing_file"])
def test_a_bad_file_leaves_the_data_exactly_as_it_was(tmp_path, one_set, fault):
    doc = json.loads(json.dumps(one_set))
    doc["data"]["cards"][0]["text"] = "This change must never be stored."
    good = write(tmp_path, doc, "good.json")  # a good file first in the same ingest: all or nothing
    text = json.dumps(doc)
    bad = tmp_path / "bad.json"
    if fault == "truncated":
        bad.write_text(text[: len(text) * 2 // 3])
    elif fault == "corrupt":
        bad.write_text(text.replace('"layout"', '"layout" "oops"', 1))
    elif fault == "wrong_shape":
        doc["data"]["cards"][3]["identifiers"] = None
        del doc["data"]["cards"][3]["uuid"]
        bad.write_text(json.dumps(doc))
    elif fault == "not_cards":
        bad.write_text('{"meta": {}, "data": {"hello": 1}}')
    before = snapshot()
    with pytest.raises(DataFileError) as error:
        ingest([good, bad])
    assert "bad.json" in str(error.value)
    if fault in ("truncated", "wrong_shape"):
        assert "record" in str(error.value)
    if fault == "wrong_shape":
        assert "record 4" in str(error.value) and "'uuid'" in str(error.value)
    assert snapshot() == before


def test_each_ingest_with_prices_appends_one_dated_point_per_printing(tmp_path):
    cards = json.loads((FIXTURES / "scryfall" / "cards.json").read_text())
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(cards))
    first = ingest([path], today="2026-11-01")
    priced = m.PricePoint.objects.filter(date="2026-11-01").count()
    assert priced == first.price_points.added > 10
    again = ingest([path], today="2026-11-01")
    assert again.price_points.added == 0
    for card in cards:
        if card.get("prices", {}).get("usd"):
            card["prices"]["usd"] = str(float(card["prices"]["usd"]) + 1)
    path.write_text(json.dumps(cards))
    ingest([path], today="2026-11-02")
    bolt = m.Printing.objects.get(pk=next(c["id"] for c in cards if c["name"] == "Lightning Bolt"))
    history = list(bolt.price_points.order_by("date").values_list("date", "usd"))
    assert [d for d, _ in history] == ["2026-11-01", "2026-11-02"]
    assert history[1][1] == history[0][1] + 1
    assert json.loads(bolt.data)["prices"]["usd"] == history[1][1]


def test_mtgjson_price_file_finds_its_printings_by_uuid(tmp_path):
    prices = json.loads((FIXTURES / "mtgjson" / "AllPricesToday-sample.json").read_text())
    printing = m.Printing.objects.first()
    uuid = json.loads(printing.data)["mtgjson_uuids"][0]
    entry = next(iter(prices["data"].values()))
    path = tmp_path / "AllPricesToday.json"
    path.write_text(json.dumps({"meta": {"date": "2026-05-22", "version": "5.2.2"}, "data": {uuid: entry}}))
    summary = ingest([path])
    assert summary.price_points.added == 1
    point = m.PricePoint.objects.get(printing=printing)
    assert point.date == "2026-05-22" and point.eur == 3.07 and point.usd_foil == 12.63
