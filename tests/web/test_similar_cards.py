"""Similar cards are computed once per corpus version (a step of the after-ingest pass), shared
through the database and only looked up by the card page and /api/cards/{id}/similar."""

import re

import numpy as np
import pytest

from tolaria.knowledge import _similar
from tolaria.site.catalog.services import find_card
from tolaria.site.stores import derive as passes
from tolaria.site.stores import files, knowledge_index, runtime, similar
from tolaria.site.stores.models import StoredIndex

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_computing(monkeypatch):
    """Fail any request that would compute similar cards rather than look them up."""

    def refuse(*args, **kwargs):
        raise AssertionError("similar cards computed during a request")

    monkeypatch.setattr(_similar, "similar_cards", refuse)
    monkeypatch.setattr(_similar, "similar_table", refuse)
    monkeypatch.setattr(similar, "similar_table", refuse)


def test_the_pass_publishes_the_table_for_the_corpus_version():
    assert "similar cards" in [s.name for s in passes.STEPS]
    assert "similar cards" not in passes.stale()
    item = files.newest(similar.NAME)
    assert item is not None and item.version == passes.corpus_version()
    # the tests build the knowledge index lexically: the table is by tags, and says so
    assert item.meta["basis"] == "tags" and item.meta["cards"] > 1000
    assert similar.status().startswith("Found by shared tags only")


def test_card_page_lists_similar_cards_sorted_by_their_own_score(client, no_computing):
    elves, _ = find_card("Llanowar Elves")
    page = client.get(f"/card/{elves.oracle_id}", follow=True).content.decode()
    section = page.split('id="similar-h"', 1)[1].split("</section>", 1)[0]
    items = re.findall(
        r'<li><a href="([^"]+)">([^<]+)</a> <span class="muted small">score ([\d.]+): ([^<]+)</span>', section
    )
    assert len(items) == 8, section
    scores = [float(s) for _, _, s, _ in items]
    assert scores == sorted(scores, reverse=True)
    assert all("shares tags: " in reason for *_, reason in items)
    assert all(name != "Llanowar Elves" for _, name, _, _ in items)
    assert all(url.startswith("/card/") for url, *_ in items)
    assert "Found by shared tags only" in section


def test_the_api_looks_up_the_same_table(client, no_computing):
    elves, _ = find_card("Llanowar Elves")
    body = client.get(f"/api/cards/{elves.oracle_id}/similar", {"limit": 50}).json()
    assert len(body["data"]) == similar.K  # at most the neighbours the table keeps
    assert [d["name"] for d in body["data"][:8]] == [d["name"] for d in similar.similar_to(elves.oracle_id)]
    assert body["warnings"] and body["warnings"][0].startswith("Found by shared tags only")
    unknown = client.get("/api/cards/00000000-0000-0000-0000-000000000000/similar")
    assert unknown.status_code == 404 and unknown.json()["object"] == "error"  # no such card


def test_another_machine_loads_the_table_from_the_database():
    elves, _ = find_card("Llanowar Elves")
    before = similar.similar_to(elves.oracle_id)
    for path in files.cache_dir().glob(f"{similar.NAME}-*"):
        path.unlink()
    runtime.reset()  # a fresh worker: nothing held, nothing on disk
    assert similar.similar_to(elves.oracle_id) == before and before


def test_with_card_vectors_the_table_is_by_meaning_and_tags(monkeypatch):
    index = knowledge_index.current()
    names = index.card_names()
    ids = sorted(names)
    rng = np.random.default_rng(1)
    vectors = rng.normal(size=(len(ids), 8)).astype(np.float32)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    monkeypatch.setattr(index, "card_vectors", lambda: (ids, vectors))
    table = similar.build(passes.corpus_version())
    assert table.basis == "meaning and tags" and similar.status() is None
    assert StoredIndex.objects.filter(name=similar.NAME).order_by("-id").first().meta["basis"] == "meaning and tags"
    first = similar.similar_to(ids[0], k=3)
    assert len(first) == 3 and all("similar text (" in item["reason"] for item in first)
