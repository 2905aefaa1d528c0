"""Publication is atomic: until a worker holds the new version of a store it serves the previous one,
whose files stay on the machine (a worker of the same machine that had not loaded the new bulk files
answered 404 "Nothing is written yet" on /api/catalog/* and /api/bulk-data/*/download)."""

import pytest

from tolaria.site.api import _bulk
from tolaria.site.stores import derive as passes

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
