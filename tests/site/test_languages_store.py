"""Printings in other languages (MTGJSON foreignData) in the database: stored at ingest in a table of
their own, read back with their printings, changed and removed as the file says, and untouched by a
re-ingest of the same file. Runs on SQLite and PostgreSQL."""

import json
import lzma

import orjson
import pytest

from tolaria.cards import Translation, sample_paths
from tolaria.site.catalog import models as m
from tolaria.site.catalog.ingest import ingest
from tolaria.site.catalog.repository import load_corpus, load_printings

pytestmark = pytest.mark.django_db


@pytest.fixture
def one_set():
    path = [p for p in sample_paths() if "ONE" in p.name][0]
    with lzma.open(path, "rb") as f:
        return json.load(f)


def _atraxa(doc):
    return next(c for c in doc["data"]["cards"] if c["name"] == "Atraxa, Grand Unifier" and c.get("foreignData"))


def test_the_samples_languages_are_stored(sample):
    wanted = {t.id: (p.id, t) for p in sample.printings.values() for t in p.translations}
    stored = {
        fid: (pid, Translation.from_dict(orjson.loads(d)))
        for fid, pid, d in m.ForeignPrinting.objects.values_list("id", "printing_id", "data")
    }
    assert stored == wanted
    # the printing's own JSON does not carry them (every corpus load reads it)
    assert all('"translations":[]' in d for d in m.Printing.objects.values_list("data", flat=True)[:200])


def test_the_corpus_reads_them_back_with_their_printings(sample):
    corpus = load_corpus()
    for pid, p in sample.printings.items():
        if p.translations:
            assert corpus.printings[pid].translations == p.translations


def test_a_foreign_printing_is_read_by_its_id(sample):
    english = next(p for p in sample.printings.values() if p.set_code == "sta" and p.collector_number == "42")
    german = next(t for t in english.translations if t.lang == "de")
    found = load_printings([german.id, english.id], other_languages=True)
    assert set(load_printings([german.id, english.id], other_languages=False)) == {english.id}
    assert found[english.id].lang == "en"
    assert (found[german.id].lang, found[german.id].printed_name, found[german.id].english_id) == (
        "de",
        "Blitzschlag",
        english.id,
    )


def test_a_changed_and_a_dropped_language(tmp_path, one_set):
    atraxa = _atraxa(one_set)
    pid = atraxa["identifiers"]["scryfallId"]
    langs = {e["language"] for e in atraxa["foreignData"]}
    assert {"German", "Japanese"} <= langs
    atraxa["foreignData"] = [
        {**e, "name": "Atraxa, Große Vereinigerin (geändert)"} if e["language"] == "German" else e
        for e in atraxa["foreignData"]
        if e["language"] != "Japanese"
    ]
    path = tmp_path / "ONE.json"
    path.write_text(json.dumps(one_set))
    version = m.IngestRun.objects.first().version
    summary = ingest([path])
    assert (summary.foreign_printings.changed, summary.foreign_printings.removed) == (1, 1)
    assert summary.changed_anything and m.IngestRun.objects.first().version == version + 1
    stored = dict(m.ForeignPrinting.objects.filter(printing_id=pid).values_list("lang", "name"))
    assert "ja" not in stored and stored["de"] == "Atraxa, Große Vereinigerin (geändert)"
    again = ingest([path])
    assert not again.changed_anything
