"""Publication is atomic: until a worker holds the new version of a store it serves the previous one,
whose files stay on the machine (a worker of the same machine that had not loaded the new bulk files
answered 404 "Nothing is written yet" on /api/catalog/* and /api/bulk-data/*/download)."""

import pytest

from tolaria.site.api import _bulk
from tolaria.site.stores import derive as passes
from tolaria.site.stores import files

pytestmark = pytest.mark.django_db


def test_a_worker_still_holding_the_previous_bulk_files_serves_them(client):
    handle = _bulk.shared
    before_value, before_item = handle.get(), handle.item
    folder, index = before_value
    passes.derive(only=["scryfall bulk files"])  # another publication, installed in this process
    assert handle.item.id != before_item.id
    assert all((folder / entry["file"]).exists() for entry in index["files"])
    handle.install(before_value, before_item)  # as a worker that has not loaded the new one yet
    handle._checked = float("inf")  # (and does not look for it during this test)
    assert client.get("/api/bulk-data/rulings/download").status_code == 200
    assert client.get("/api/catalog/card-names").status_code == 200
    handle.poke()


def _served(client) -> dict:
    """What a visitor gets of the bulk files and catalogs now: each answer's status and body."""
    answers = {}
    for path in ("/api/catalog/card-names", "/api/bulk-data/rulings/download", "/api/bulk-data/default_cards/download"):
        response = client.get(path)
        body = b"".join(response.streaming_content) if response.streaming else response.content
        answers[path] = (response.status_code, body)
    return answers


def test_while_new_bulk_files_are_built_the_previous_ones_are_served(client, monkeypatch):
    """Issue 28 item 4, in the middle of a build: the new card files already written into the build's
    folder, the rulings being written, /api/catalog/* and /api/bulk-data/*/download answer the previous
    version (the same bytes, 200, never 404 "Nothing is written yet"); once published, the new one."""
    before = _served(client)
    assert {status for status, _ in before.values()} == {200}
    real_catalogs, real_rulings = _bulk.build_catalogs, _bulk._ruling_texts
    build = files.cache_dir() / f".{_bulk.NAME}-build"
    during = []

    def catalogs_of_the_new_version(corpus):
        return {**real_catalogs(corpus), "card-names": ["A Card Of The New Version"]}

    def rulings_with_visitors(corpus):
        assert sorted(p.name for p in build.glob("default-cards-*"))  # the new card files are written
        during.append(_served(client))
        yield from real_rulings(corpus)

    monkeypatch.setattr(_bulk, "build_catalogs", catalogs_of_the_new_version)
    monkeypatch.setattr(_bulk, "_ruling_texts", rulings_with_visitors)
    try:
        passes.derive(only=["scryfall bulk files"])
        assert during == [before]
        after = client.get("/api/catalog/card-names").json()
        assert after["data"] == ["A Card Of The New Version"]
    finally:
        # this publication is rolled back with the test (SQLite hands its id out again): the process must
        # not go on holding it
        _bulk.shared.reset()
