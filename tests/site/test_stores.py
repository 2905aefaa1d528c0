"""The after-ingest pass and its stores: versions recorded per store, an interrupted pass seen as
stale and finished by the next ingest (also one that changes nothing) or `derive`; the indexes
published through the database and loaded from it on another machine; a worker with no index
answers 503 with Retry-After."""

from __future__ import annotations

import gzip

import pytest
from django.test import override_settings

import tolaria.search
import tolaria.search._index as search_index
from tolaria import cli
from tolaria.cards import sample_paths
from tolaria.search import build_index, search
from tolaria.site.api import _bulk
from tolaria.site.catalog import models as m
from tolaria.site.catalog.repository import corpus_version
from tolaria.site.stores import derive as passes
from tolaria.site.stores import files, ingest_and_derive, runtime, tags
from tolaria.site.stores.card_index import current_index, run_search
from tolaria.site.stores.models import CardDerived, StoreBuild, StoredIndex

pytestmark = pytest.mark.django_db


def test_after_the_sample_ingest_every_store_is_current():
    rows = passes.status()
    assert [r["store"] for r in rows] == [
        "links",
        "card index",
        "home figures",
        "tags",
        "tag facets",
        "knowledge index",
        "similar cards",
        "scryfall bulk files",
    ]
    assert all(r["built_from"] == corpus_version() and not r["stale"] for r in rows)


def _interrupt_after(step: str) -> None:
    """What an ingest killed after `step` leaves: the later stores one version behind."""
    names = [s.name for s in passes.STEPS]
    behind = names[names.index(step) + 1 :]
    StoreBuild.objects.filter(name__in=behind).update(version=corpus_version() - 1)


def test_an_interrupted_pass_is_stale_and_derive_finishes_only_what_is_missing():
    _interrupt_after("tags")
    assert passes.stale() == ["tag facets", "knowledge index", "similar cards", "scryfall bulk files"]
    seconds = passes.derive()
    assert set(seconds) >= {"tag facets", "knowledge index", "scryfall bulk files"}
    assert not {"tags", "card index"} & set(seconds)
    assert passes.stale() == []
    assert current_index().n_cards > 0


def test_an_ingest_that_changes_nothing_still_finishes_an_interrupted_pass():
    _interrupt_after("links")
    summary = ingest_and_derive(sample_paths())
    assert not summary.changed_anything
    # the card index is built for the new corpus; the tags, whose inputs (the cards' readings and the
    # code) are those they were built from, are carried to it, not built again
    assert {"card index", "knowledge index"} <= set(summary.derived_seconds)
    assert "tags" in summary.derived_seconds.skipped
    assert passes.stale() == []


def test_adding_a_step_is_one_unit(monkeypatch):
    built = []
    monkeypatch.setattr(
        passes, "STEPS", [*passes.STEPS, passes.Step("bulk files", lambda run: built.append(run.version))]
    )
    assert passes.stale() == ["bulk files"]
    passes.derive()
    assert built == [corpus_version()] and passes.stale() == []


def test_a_published_index_is_downloaded_by_another_machine(tmp_path):
    item = files.newest("card_index")
    assert item is not None and item.version == corpus_version()
    here = files.fetch(item).read_bytes()
    with override_settings(DATA_DIR=tmp_path):  # another machine: an empty data dir
        there = files.fetch(item)
        assert there.parent == tmp_path / "stores" and there.read_bytes() == here


def test_a_damaged_stored_index_is_refused(tmp_path):
    item = files.newest("card_index")
    StoredIndex.objects.filter(id=item.id).update(sha256="0" * 64)
    damaged = files.newest("card_index")
    with override_settings(DATA_DIR=tmp_path), pytest.raises(files.MissingIndex):
        files.fetch(damaged)


@pytest.fixture
def no_index_anywhere():
    """A worker on a database where no index was ever published."""
    StoredIndex.objects.all().delete()
    runtime.reset()
    yield
    runtime.reset()  # the session's index is published again once this test's transaction rolls back


@pytest.mark.parametrize(
    "path", ["/search?q=t%3Aelf", "/api/cards/search?q=t%3Aelf", "/api/search?q=trample", "/tags/keyword:flying"]
)
def test_a_worker_with_no_index_answers_503_with_retry_after(client, no_index_anywhere, path):
    response = client.get(path)
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    body = response.content.decode()
    assert "not available yet" in body and "tolaria derive" in body
    if path.startswith("/api/"):
        assert response.json()["status"] == 503


def test_an_index_format_upgrade_is_stale_and_rebuilt_by_the_next_derive(monkeypatch):
    """A stored card index of an older format than the code's looks current by corpus version alone
    (and a worker could not load it): its store names the format it was built in, so it is stale."""

    assert StoreBuild.objects.get(name="card index").format == f"card index v{search_index.FORMAT_VERSION}"
    # the code's format moves on: in the module that writes and reads the index and in the name the
    # package exports (what the stores compare)
    newer = search_index.FORMAT_VERSION + 1
    monkeypatch.setattr(search_index, "FORMAT_VERSION", newer)
    monkeypatch.setattr(tolaria.search, "FORMAT_VERSION", newer)
    assert passes.stale() == ["card index", "tag facets"]
    row = next(r for r in passes.status() if r["store"] == "card index")
    assert row["built_from"] == corpus_version() and row["stale"] and row["old_format"]
    seconds = passes.derive()
    assert set(seconds) - {"load corpus"} == {"card index", "tag facets"}
    assert passes.stale() == []
    assert StoreBuild.objects.get(name="card index").format == f"card index v{search_index.FORMAT_VERSION}"
    runtime.reset()  # a worker loads the rebuilt index: of the code's format now
    assert current_index().n_cards > 0


def test_stats_names_a_store_of_an_older_format_stale(capsys, monkeypatch):
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)
    StoreBuild.objects.filter(name="knowledge index").update(format="")  # built before stores named formats
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    line = next(li for li in out.splitlines() if li.startswith("store knowledge index:"))
    assert "older format" in line and "STALE" in line
    assert "STALE" not in next(li for li in out.splitlines() if li.startswith("store card index:"))


def test_the_bulk_files_are_served_by_a_machine_that_did_not_write_them(client, tmp_path):
    """The bulk files are published through the database like the indexes: another machine (an empty
    data dir, nothing loaded) downloads and serves them without running the pass."""

    item = files.newest(_bulk.NAME)
    assert item is not None and item.version == corpus_version()
    here = client.get("/api/bulk-data/rulings/download")
    mine = gzip.decompress(b"".join(here.streaming_content))
    try:
        with override_settings(DATA_DIR=tmp_path):
            _bulk.shared.reset()
            assert not list(tmp_path.glob("stores/scryfall_bulk*"))
            there = client.get("/api/bulk-data/rulings/download")
            assert there.status_code == 200 and gzip.decompress(b"".join(there.streaming_content)) == mine
            assert (tmp_path / "stores" / files.cached_path(item).with_suffix("").name / "index.json").exists()
            assert client.get("/api/catalog/card-names").json()["total_values"] > 0
    finally:
        _bulk.shared.reset()


@pytest.mark.parametrize(
    "image_base", ["off", "https://cards.scryfall.io", "https://images.mirror.example/" + "x" * 200]
)
def test_every_store_format_fits_its_column(image_base):
    """PostgreSQL refuses a value longer than the column (SQLite stores it): an image base of any length
    still gives a bulk files format that fits."""
    width = StoreBuild._meta.get_field("format").max_length
    with override_settings(TOLARIA_IMAGE_BASE=image_base):
        for step in passes.STEPS:
            assert len(step.current_format()) <= width, (step.name, step.current_format())


def test_the_card_index_is_published_before_the_tags_and_again_with_them():
    """Issue 28 item 4: a new card reaches search as soon as its cards are written. The card index is
    built before the tags, with the tags stored so far; the "tag facets" step publishes it again with
    the tags of this corpus, and publishes nothing when they are the same."""
    names = [s.name for s in passes.STEPS]
    assert names.index("card index") < names.index("tags") < names.index("tag facets")
    assert names[-1] == "scryfall bulk files"  # the slowest, last: it holds nothing else back

    # one card as if the previous pass had not tagged it (no tags, nor the digest of a tagged reading):
    # the first index lacks its tags
    bolt = m.OracleCard.objects.get(name="Lightning Bolt").oracle_id
    m.CardTag.objects.filter(card_id=bolt).delete()
    CardDerived.objects.filter(step="tags", card_id=bolt).delete()
    before = files.newest("card_index").id
    passes.derive(only=["card index"])
    first = files.newest("card_index")
    assert first.id != before and first.meta["tags"] == tags.facets_digest(tags.stored_facets())
    assert "Lightning Bolt" not in _names("tag:removal")
    passes.derive(only=["tags", "tag facets"])
    second = files.newest("card_index")
    assert second.id != first.id and second.meta["tags"] == tags.facets_digest(tags.stored_facets())
    assert "Lightning Bolt" in _names("tag:removal")
    passes.derive(only=["tag facets"])  # the same tags: nothing published
    assert files.newest("card_index").id == second.id


def test_an_index_with_new_tag_facets_answers_as_one_built_with_them(sample):
    """with_facets reuses every other column: its answers are those of an index built whole."""
    facets = tags.stored_facets()
    whole = build_index(sample, facets, version="x")
    reused = build_index(sample, {}, version="x").with_facets(facets)
    for q in ["tag:removal", "theme:tokens", "pred>=0.5:ramp", "function:removal t:instant", "-tag:removal c:r"]:
        assert search(reused, q).oracle_ids == search(whole, q).oracle_ids, q
    assert reused.facet_names == whole.facet_names


def _names(query: str) -> list[str]:
    index = current_index()
    names = dict(zip(index.oracle_ids, index.names))
    return [names[o] for o in run_search(query, page_size=500).oracle_ids]
