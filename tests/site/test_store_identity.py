"""A store belongs to the corpus it was built from (its version and the digest of the ingest that made
it), never to where the database lies; `stats` says which store does not match and why, and `derive`
rebuilds exactly that one."""

from __future__ import annotations

import json

import pytest

from tolaria import cli
from tolaria.site.stores import derive as passes
from tolaria.site.stores import files
from tolaria.site.stores.card_index import current_index
from tolaria.site.stores.identity import corpus_id
from tolaria.site.stores.models import StoreBuild, StoredIndex

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_migrate(monkeypatch):
    monkeypatch.setattr(cli._site, "migrate", lambda verbosity=0: None)


def test_the_card_index_is_labelled_with_the_corpus_not_the_database(settings):
    current = corpus_id()
    assert current.digest and current_index().version == current.label()
    assert str(settings.DATABASES["default"]["NAME"]) not in current_index().version
    assert files.newest("card_index").meta["corpus"] == current.digest


def test_a_store_of_another_corpus_is_stale_said_why_and_rebuilt_alone(capsys):
    StoreBuild.objects.filter(name="similar cards").update(corpus="0123456789abcdef")
    assert cli.main(["stats", "--json"]) == 0
    rows = {r["store"]: r for r in json.loads(capsys.readouterr().out)["stores"]}
    assert [name for name, row in rows.items() if row["stale"]] == ["similar cards"]
    assert "another corpus" in rows["similar cards"]["reason"] and "0123456789abcdef" in rows["similar cards"]["reason"]
    assert cli.main(["stats"]) == 0
    out = capsys.readouterr().out
    assert "store similar cards: STALE, built from another corpus" in out and "store tags: current" in out
    assert cli.main(["derive"]) == 0
    out = capsys.readouterr().out
    assert "similar cards:" in out and "card index:" not in out and "tags:" not in out
    assert passes.stale() == []


def test_a_store_whose_published_file_is_gone_is_stale():
    StoredIndex.objects.filter(name="scryfall_bulk").delete()
    row = next(r for r in passes.status() if r["store"] == "scryfall bulk files")
    assert row["stale"] and row["reason"] == "its published file is missing"
    assert set(passes.derive()) - {"load corpus"} == {"scryfall bulk files"}
