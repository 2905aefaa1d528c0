"""The knowledge index of the site: rules, glossary, rulings and cards, ranked by words and meaning.

Two models (chosen by the figures of benchmarks/bench_answers.py): the rules and glossary are ranked by
meaning with MiniLM, whose vectors ship with the package (they change only with a new CR); the rulings
and cards are embedded with the static model, which takes about a minute for the full data where MiniLM
took hours. Built by the after-ingest pass (with the static embeddings unless TOLARIA_EMBED_AT_INGEST=0 or
the model package is missing — cached by text and checkpointed, so unchanged texts are never embedded
twice and an interrupted run resumes), published through the database as one tar of its directory,
loaded by every worker through `runtime`. `tolaria knowledge embed` publishes it again with
embeddings when an ingest left them out. Serving never embeds.

Questions are answered by ``Answerer`` (rules first, then rulings and cards), one per loaded index.
"""

from __future__ import annotations

import functools
import os
import shutil
import tarfile
from importlib import resources
from pathlib import Path

from django.conf import settings

from tolaria.cards import Corpus
from tolaria.knowledge import Answerer, Answers, Hit, KnowledgeIndex, document_embedder, documents_from, suggest_syntax
from tolaria.rules import shipped_rulebook, shipped_rules_file

from . import digests, files, runtime

NAME = "knowledge_index"


def cache_path(model_id: str = "") -> Path:
    """The embedding cache of ``model_id`` (one file per model: a cache never mixes two)."""
    return Path(settings.DATA_DIR) / (f"embeddings-cache-{model_id}.npz" if model_id else "embeddings-cache.npz")


def embed_at_ingest() -> bool:
    return os.environ.get("TOLARIA_EMBED_AT_INGEST", "1").lower() not in ("off", "0", "no", "false")


@functools.cache
def _rulebook():
    return shipped_rulebook()


def _load(path: Path, item: files.Published) -> KnowledgeIndex:
    return KnowledgeIndex.load(files.unpacked(path, "meta.json"), embedder="auto")


shared = runtime.handle(NAME, _load)


def inputs_digest(corpus: Corpus, *, embed: bool | None = None) -> str:
    """A digest of all the index is built of: its documents (the rules, the glossary, each card's text
    and rulings), the code and shipped vectors that rank them, and whether it embeds (the published
    index built without embeddings is never taken for one an embedding build would make)."""
    embed = embed_at_ingest() if embed is None else embed
    if embed and not has_embeddings():
        return ""  # a lexical index published: an embedding build is wanted, whatever its documents
    documents = documents_from(_rulebook(), corpus.cards)
    code = digests.code_digest(
        ["tolaria.knowledge", "tolaria.rules"],
        [shipped_rules_file(), *Path(str(resources.files("tolaria") / "data" / "knowledge")).glob("*")],
    )
    return digests.digest_of([code, embed, *([d.id, d.kind, d.title, d.text, d.ref] for d in documents)])


def build(corpus: Corpus, version: int, *, embed: bool | None = None, progress: bool = False) -> KnowledgeIndex:
    """Build the knowledge index (embeddings when wanted and possible), publish it, hold it here."""
    embed = embed_at_ingest() if embed is None else embed
    documents = documents_from(_rulebook(), corpus.cards)
    embedder, reason = document_embedder() if embed else (None, None)
    if embedder is not None:
        cache = cache_path(embedder.model_id)
        index = KnowledgeIndex.build(documents, embedder=embedder, cache=cache, progress=progress, batch_size=512)
    else:
        index = KnowledgeIndex.build(documents, embedder=None)
        if reason:
            index._unavailable_reason = reason
    folder = files.cache_dir() / f".{NAME}-build"
    index.save(folder)
    tar_path = folder.with_suffix(".tar")
    with tarfile.open(tar_path, "w") as tar:
        for child in sorted(folder.rglob("*")):
            tar.add(child, arcname=str(child.relative_to(folder)), recursive=False)
    item = files.publish(NAME, version, tar_path, {"semantic": index.vectors is not None})
    unpacked = files.cached_path(item).with_suffix("")
    if unpacked.exists():  # the same file unpacked before: identical content
        shutil.rmtree(folder)
    else:
        os.replace(folder, unpacked)
    shared.install(index, item)
    return index


def has_embeddings() -> bool:
    """Whether the newest published knowledge index ranks by meaning."""
    item = files.newest(NAME)
    return bool(item and item.meta.get("semantic"))


def current() -> KnowledgeIndex:
    return shared.get()


_answerer: list[Answerer] = []  # the answerer of the index loaded last (one per worker)


def answerer() -> Answerer:
    """The ``Answerer`` over the current index (built once per index: its rules BM25, the shipped vectors)."""
    index = current()
    if not _answerer or _answerer[0].index is not index:
        _answerer[:] = [Answerer(index)]
    return _answerer[0]


def answer(query: str, **kwargs) -> Answers:
    """A question's answers: the rules that answer it first, then the rulings and cards that illustrate it."""
    return answerer().answer(query, **kwargs)


def search_knowledge(query: str, limit: int = 10, kinds=None) -> list[Hit]:
    """The best documents for a plain-words query, across kinds (or the kinds given)."""
    if not query.strip():
        return []
    return current().search(query, k=limit, kinds=kinds)


def search_page(query: str, per_kind: dict[str, int] | None = None) -> dict[str, list[Hit]]:
    """The first page of a knowledge search, grouped by kind (rules, glossary, rulings, cards; or the
    kinds of `per_kind`, with their numbers of hits)."""
    if not query.strip():
        return {}
    return current().search_page(query, per_kind)


def meaning_status() -> str | None:
    """None when ranking by meaning is on; otherwise the sentence saying why it is not."""
    return current().unavailable_reason


def syntax_for(query: str) -> str | None:
    """The Scryfall-syntax query that comes closest to a plain-words query, when one exists."""
    return suggest_syntax(query)


def related_rules(number: str, k: int = 6) -> list[dict]:
    """Other rules about the same thing as rule `number` (ranked by meaning when it is on, else by
    words), leaving out the rule's own subrules and the rules above it."""
    book = _rulebook()
    rule = book.get(number)
    if rule is None:
        return []
    text = " ".join(r.text for r in book.subtree(number)[:4])
    query = f"{rule.title} {text}".strip()[:1000]
    own = {r.number for r in book.subtree(number)}
    above = set()
    parent = rule.parent
    while parent:
        above.add(parent)
        parent = book.rule(parent).parent if parent in book else None
    related = []
    for hit in current().search(query, k=k + len(own) + 10, kinds=["rule"]):
        ref = hit.document.ref
        if ref in own or ref in above:
            continue
        target = book.get(ref)
        related.append({"number": ref, "title": hit.document.title, "text": target.text if target else ""})
        if len(related) >= k:
            break
    return related
