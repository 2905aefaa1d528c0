"""The after-ingest pass's cost follows what changed (issue 29 item 1): an ingest that changes
nothing changes no version and runs no step (and says so)."""

from __future__ import annotations

import hashlib
import json
import lzma
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tolaria.cards import sample_paths
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


_READ_IN_ANOTHER_PROCESS = """
import hashlib, json, os, sys
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tolaria.site.settings")
import django
django.setup()
from tolaria.cards import sample_paths
from tolaria.site.catalog import ingest
from tolaria.site.catalog.models import dumps
read = ingest.read_files(sample_paths())
rows = {f"card:{oid}": ingest._card_json(card) for oid, card in read.cards.items()}
for pid, printing in read.printings.items():
    rows[f"printing:{pid}"] = ingest._printing_json(printing)
    rows.update({f"foreign:{t.id}": dumps(t) for t in printing.translations})
rows.update({f"set:{code}": dumps(s) for code, s in read.sets.items()})
json.dump({key: hashlib.sha256(text.encode()).hexdigest() for key, text in rows.items()}, sys.stdout)
"""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def test_the_sample_read_by_another_process_is_the_text_stored():
    """The same files give every row the same JSON text in every process: on the full data 842 cards
    changed between two ingests of the same files (and the corpus version with them) because a card's
    `not_legal` formats were added in the order of a set of strings, which each process's hash seed
    orders its own way. The sample stored by this process is read again by another with another hash
    seed: every card, printing, printing in another language and set is the text stored."""
    ours_seed = os.environ.get("PYTHONHASHSEED", "")
    seed = str(int(ours_seed) + 1) if ours_seed.isdigit() else "12345"  # another seed than this process's
    done = subprocess.run(
        [sys.executable, "-c", _READ_IN_ANOTHER_PROCESS],
        env={**os.environ, "PYTHONHASHSEED": seed},
        capture_output=True,
        text=True,
        check=True,
    )
    theirs = json.loads(done.stdout)
    ours = {f"card:{k}": _digest(d) for k, d in m.OracleCard.objects.values_list("oracle_id", "data")}
    ours |= {f"printing:{k}": _digest(d) for k, d in m.Printing.objects.values_list("id", "data")}
    ours |= {f"foreign:{k}": _digest(d) for k, d in m.ForeignPrinting.objects.values_list("id", "data")}
    ours |= {f"set:{k}": _digest(d) for k, d in m.CardSet.objects.values_list("code", "data")}
    assert theirs.keys() == ours.keys()
    differ = sorted(key for key in ours if ours[key] != theirs[key])
    assert differ == [], f"{len(differ)} rows read as another text, e.g. {differ[:3]}"


def test_the_sample_ingested_again_changes_nothing_and_runs_no_step():
    version = corpus_version()
    summary = ingest_and_derive(sample_paths())
    assert (summary.cards.changed, summary.printings.changed, summary.foreign_printings.changed) == (0, 0, 0)
    assert not summary.changed_anything and corpus_version() == version
    assert summary.derived_seconds == {}
    assert passes.stale() == []
