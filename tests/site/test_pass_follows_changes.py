"""The after-ingest pass's cost follows what changed (issue 29 item 1): an ingest that changes
nothing changes no version and runs no step (and says so)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import lzma
import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tolaria.cards import sample_paths
from tolaria.site.catalog import models as m
from tolaria.site.catalog.repository import corpus_version, load_corpus
from tolaria.site.stores import derive as passes
from tolaria.site.stores import digests, files, ingest_and_derive
from tolaria.site.stores import links as link_store
from tolaria.site.stores import tags as tag_store

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


def _one_set_with(tmp_path, change) -> tuple[Path, str]:
    """The sample's ONE file with every record of its first card changed by `change`; the card's id."""
    path = [p for p in sample_paths() if "ONE" in p.name][0]
    with lzma.open(path, "rb") as f:
        doc = json.load(f)
    oracle_id = doc["data"]["cards"][0]["identifiers"]["scryfallOracleId"]
    for record in doc["data"]["cards"]:
        if record["identifiers"].get("scryfallOracleId") == oracle_id:
            change(record)
    changed = tmp_path / "ONE.json"
    changed.write_text(json.dumps(doc))
    return changed, oracle_id


def _stored_tags() -> set[tuple[str, str, str, str]]:
    return set(m.CardTag.objects.values_list("card_id", "tag_id", "kind", "data"))


def test_a_card_whose_text_changed_is_the_only_one_linked_and_tagged_again(tmp_path):
    """Links and tags are made again of the cards whose reading changed, the others' kept: the result is
    what linking and tagging every card gives. The knowledge index and similar cards read the card's
    text: built again."""

    def errata(record):
        record["text"] = (record.get("text") or "") + "\nWhen this creature dies, draw a card."

    path, oracle_id = _one_set_with(tmp_path, errata)
    cards = m.OracleCard.objects.filter(extra=False).count()
    summary = ingest_and_derive([path])

    assert summary.cards.changed == 1
    notes = summary.derived_seconds.notes
    assert notes["links"] == notes["tags"] == f"1 of {cards:,} cards read again"
    assert {"links", "card index", "tags", "knowledge index", "similar cards"} <= set(summary.derived_seconds)
    assert passes.stale() == []

    corpus = load_corpus()
    assert "draw a card" in corpus.cards[oracle_id].oracle_text
    whole = {
        (oid, tag.id, tag.kind, orjson.dumps(tag.to_dict()).decode())
        for oid, card_tags in tag_store.tag_corpus(corpus).items()
        for tag in card_tags
    }
    assert _stored_tags() == whole
    every_card = {}
    for oid, card in corpus.cards.items():
        rules = dict.fromkeys(link_store._link(card), 1.0)
        if rules:
            every_card[oid] = rules
    assert link_store.rules_facet(corpus) == every_card


def test_a_change_no_step_reads_builds_the_card_index_and_carries_the_rest(tmp_path):
    """A card's legalities change (as a day's data does): a new corpus version, so the card index and
    the bulk files are built for it; the links, tags, knowledge index and similar cards read nothing
    that changed, so they are carried to the new version as they are (their published files too)."""

    def banned(record):
        record["legalities"] = {**record.get("legalities", {}), "vintage": "Banned"}

    path, _oracle_id = _one_set_with(tmp_path, banned)
    version = corpus_version()
    tags_before = _stored_tags()
    knowledge_before = files.newest("knowledge_index")

    summary = ingest_and_derive([path])

    assert summary.cards.changed == 1 and corpus_version() == version + 1
    skipped = summary.derived_seconds.skipped
    assert set(skipped) == {"links", "tags", "knowledge index", "similar cards"}
    assert {"card index", "scryfall bulk files"} <= set(summary.derived_seconds)
    assert passes.stale() == []
    assert _stored_tags() == tags_before
    knowledge_now = files.newest("knowledge_index")
    assert (knowledge_now.id, knowledge_now.sha256) == (knowledge_before.id, knowledge_before.sha256)
    assert knowledge_now.version == version + 1
    assert any(line.startswith("skipped, their inputs unchanged: links") for line in summary.lines())


def test_what_the_card_digest_leaves_out_is_read_by_no_per_card_step(sample):
    """The fields a card's reading digest leaves out (stores.digests.UNREAD) change neither its links
    nor its tags: a card whose legalities, EDHREC rank, rulings, flags or makers changed is rightly
    not read again."""
    cards = list(sample.cards.values())[:300]
    changed = [
        dataclasses.replace(
            card,
            legalities={"vintage": "banned", "standard": "legal"},
            rulings=[],
            edhrec_rank=1,
            reserved=not card.reserved,
            game_changer=not card.game_changer,
            can_be_commander=not card.can_be_commander,
            can_be_oathbreaker=not card.can_be_oathbreaker,
            can_be_brawl_commander=not card.can_be_brawl_commander,
            made_by=("Some Card",),
        )
        for card in cards
    ]
    assert set(digests.UNREAD) == {
        "legalities",
        "rulings",
        "edhrec_rank",
        "reserved",
        "game_changer",
        "can_be_commander",
        "can_be_oathbreaker",
        "can_be_brawl_commander",
        "made_by",
    }
    assert [digests.card_digest(c, "code") for c in cards] == [digests.card_digest(c, "code") for c in changed]

    def tagged(some):
        return [[t.to_dict() for t in tags] for tags in tag_store.tag_cards({c.oracle_id: c for c in some}).values()]

    assert tagged(cards) == tagged(changed)
    assert [link_store._link(c) for c in cards] == [link_store._link(c) for c in changed]
    # what a step reads does change the digest
    assert digests.card_digest(cards[0], "code") != digests.card_digest(
        dataclasses.replace(cards[0], name=cards[0].name + "!"), "code"
    )
    assert digests.card_digest(cards[0], "code") != digests.card_digest(cards[0], "new code")


def test_the_corpus_is_read_in_the_order_of_its_keys():
    """PostgreSQL returns an updated row where it now lies: a corpus read without an order came in
    another order after a day's update, and the steps that digest it in order were built again."""
    corpus = load_corpus()
    assert list(corpus.cards) == sorted(corpus.cards) and list(corpus.extras) == sorted(corpus.extras)
    assert list(corpus.printings) == sorted(corpus.printings)
    assert list(corpus.sets) == sorted(corpus.sets)
