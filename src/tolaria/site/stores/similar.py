"""Similar cards, computed once per corpus version: a step of the after-ingest pass (after the
knowledge index, whose card vectors it reads) computes every card's nearest cards by meaning and
shared tags (`tolaria.knowledge.similar_table`), publishes the table through the database like the
other stores, and every worker loads it through `runtime`. A card page or /api/cards/{id}/similar
only looks its card up.

Without embeddings (a lexical knowledge index: the sample as shipped, or TOLARIA_EMBED_AT_INGEST=0)
the table is built from the tags alone and says so; `tolaria knowledge embed` builds it again by
meaning.
"""

from __future__ import annotations

from pathlib import Path

from tolaria.knowledge import SimilarTable, similar_table

from ..catalog import repository
from . import digests, files, knowledge_index, runtime

NAME = "similar_cards"
K = 20  # neighbours kept per card (the card page shows 8, the API up to K)
STEP = "similar cards"

BASIS_NOTE = {
    "meaning and tags": "",
    "meaning": "",
    "tags": "Found by shared tags only: ranking by meaning is off (no embeddings were computed for this data).",
}


def _load(path: Path, item: files.Published) -> SimilarTable:
    return SimilarTable.load(path)


shared = runtime.handle(NAME, _load)


def code() -> str:
    """The code the table is computed with."""
    return digests.code_digest(["tolaria.knowledge"])


def card_tags() -> tuple[dict[str, list[str]], dict[str, str]]:
    """Oracle id -> the ids of its tags that say what the card does (attributes left out: every
    creature shares "creature"), and each tag's label."""

    return repository.tag_ids_and_labels()


def build(version: int) -> SimilarTable | None:
    """Compute the table from the knowledge index this process holds (its card vectors, when it has
    embeddings) and the stored tags; publish it for every machine and hold it here. None (nothing
    published) when there is neither."""

    index = knowledge_index.current()
    titles = index.card_names()
    ids = sorted(titles)
    vectors = None
    card_vectors = index.card_vectors()
    if card_vectors is not None:
        rows = {oracle_id: i for i, oracle_id in enumerate(card_vectors[0])}
        ids = [i for i in ids if i in rows]
        vectors = card_vectors[1][[rows[i] for i in ids]]
    tags, labels = card_tags()
    if vectors is None and not any(tags.get(i) for i in ids):
        return None
    table = similar_table(ids, [titles[i] for i in ids], vectors, tags, labels=labels, k=K)
    tmp = files.cache_dir() / f".{NAME}-build.npz"
    table.save(tmp)
    item = files.publish(NAME, version, tmp, {"cards": len(table), "basis": table.basis})
    shared.install(table, item)
    return table


def current() -> SimilarTable | None:
    """The worker's table; None while none is published or loaded yet."""
    try:
        return shared.get()
    except runtime.IndexUnavailable:
        return None


def similar_to(oracle_id: str, k: int = 8) -> list[dict]:
    """Cards whose text means much the same and that share tags (the card and its reprints left
    out), sorted by their own score, best first: a lookup in the precomputed table."""
    table = current()
    if table is None:
        return []
    return [
        {"oracle_id": other, "name": name, "score": round(score, 3), "reason": reason}
        for other, name, score, reason in table.lookup(oracle_id, k)
    ]


def status() -> str | None:
    """None when similar cards are found by meaning; otherwise the sentence saying what they are
    found by, or why there are none."""
    table = current()
    if table is None:
        return "Similar cards have not been computed for this data yet (`tolaria derive` computes them)."
    return BASIS_NOTE.get(table.basis) or None
