"""The after-ingest pass's cost follows what changed (issue 29 item 1): an ingest that changes
nothing changes no version and runs no step (and says so)."""

from __future__ import annotations

import json
import lzma
from pathlib import Path

import pytest

from tolaria.site.catalog import models as m
from tolaria.site.catalog.repository import corpus_version
from tolaria.site.stores import derive as passes
from tolaria.site.stores import ingest_and_derive

pytestmark = pytest.mark.django_db

TOKENS = Path(__file__).resolve().parents[1] / "fixtures" / "mtgjson" / "DMU-tokens.json.xz"


def _tokens_doc() -> dict:
    with lzma.open(TOKENS, "rb") as f:
        return json.load(f)


def test_the_same_makers_in_another_order_change_nothing_and_run_no_step(tmp_path):
    """MTGJSON lists a token's makers (relatedCards.reverseRelated) in an order of its own per file, and
    a token made in several sets gathers them in the order the files were read: the full data's
    AllPrintings + DMU/BRO/ONE, then the DMU/BRO/ONE file alone, gave 15 tokens (Angel, Bird, Soldier, …)
    the same makers in another order, which bumped the corpus version and re-ran every step."""
    ingest_and_derive([TOKENS])
    version = corpus_version()
    doc = _tokens_doc()
    for token in doc["data"]["tokens"]:
        token["relatedCards"]["reverseRelated"].reverse()
    path = tmp_path / "DMU.json"
    path.write_text(json.dumps(doc))
    runs = m.IngestRun.objects.count()

    summary = ingest_and_derive([path])

    assert not summary.changed_anything
    assert corpus_version() == version and m.IngestRun.objects.count() == runs + 1  # a run recorded, no new version
    assert summary.derived_seconds == {}  # no step run, not even the corpus loaded
    assert passes.stale() == []
    assert "Nothing changed: every store is current, no step was run." in summary.lines()
