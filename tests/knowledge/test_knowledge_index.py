import numpy as np

from tolaria.knowledge import KnowledgeIndex, group_by_kind
from tolaria.knowledge._embed import EmbeddingStore


def test_lexical_search_finds_words_and_highlights(tiny_documents):
    index = KnowledgeIndex.build(tiny_documents, embedder=None)
    hits = index.search("trample")
    assert {h.document.id for h in hits[:2]} == {"rule:702.19", "glossary:trample"}
    assert all(h.lexical_rank is not None and h.semantic_rank is None for h in hits)
    assert any(m for h in hits for _, m in h.excerpt)
    assert "<mark>" in hits[0].excerpt_html


def test_kinds_filter_and_grouping(tiny_documents):
    index = KnowledgeIndex.build(tiny_documents, embedder=None)
    assert [h.document.kind for h in index.search("creature", kinds=["card"])] == ["card", "card"]
    assert [h.document.id for h in index.search("trample", kinds=["glossary", "ruling"])] == ["glossary:trample"]
    groups = group_by_kind(index.search("creature damage"))
    assert list(groups)[:4] == ["rule", "glossary", "ruling", "card"]
    assert groups["ruling"] and groups["ruling"][0].document.title == "Super-Duper Death Ray"


def test_empty_and_unknown_queries(tiny_documents):
    index = KnowledgeIndex.build(tiny_documents, embedder=None)
    assert index.search("") == [] and index.search("   ") == []
    assert index.search("zzzqqq") == []


def test_save_and_load_round_trip(tiny_documents, tmp_path, embedder):
    index = KnowledgeIndex.build(tiny_documents, embedder=embedder)
    index.save(tmp_path / "idx")
    loaded = KnowledgeIndex.load(tmp_path / "idx", embedder=embedder)
    assert loaded.semantic_available
    for q in ("trample", "a creature you control dies", "mana"):
        assert [(h.document.id, round(h.score, 6)) for h in loaded.search(q)] == [
            (h.document.id, round(h.score, 6)) for h in index.search(q)
        ]
    index.save(tmp_path / "idx")  # saving over an existing index replaces it
    assert len(KnowledgeIndex.load(tmp_path / "idx", embedder=None)) == len(tiny_documents)


def test_semantic_ranking_finds_meaning_without_shared_words(tiny_documents, embedder):
    index = KnowledgeIndex.build(tiny_documents, embedder=embedder)
    assert index.semantic_available and index.unavailable_reason is None
    top = index.search("my creature passes away and I get an extra card", mode="semantic")[0]
    assert top.document.title == "Grim Haruspex"
    fused = index.search("creature that can fly")
    assert fused[0].document.id == "rule:702.9" and fused[0].semantic_rank == 1


def test_embedding_cache_skips_unchanged_texts(tiny_documents, embedder, tmp_path):
    cache = tmp_path / "emb.npz"
    KnowledgeIndex.build(tiny_documents, embedder=embedder, cache=cache)

    class Refuses:
        model_id = embedder.model_id

        def embed(self, texts, batch_size=32, *, progress=False):
            raise AssertionError(f"re-embedded {texts}")

        def embed_query(self, text):
            return embedder.embed_query(text)

    index = KnowledgeIndex.build(tiny_documents, embedder=Refuses(), cache=cache)
    assert index.semantic_available


def test_a_loaded_index_holds_each_vector_once(tiny_documents, tmp_path, embedder):
    """The saved embeddings file is read, stacked in document order and let go: a worker serving the
    full data would otherwise hold every vector twice (76 MB more per worker)."""
    KnowledgeIndex.build(tiny_documents, embedder=embedder).save(tmp_path / "idx")
    loaded = KnowledgeIndex.load(tmp_path / "idx", embedder=embedder)
    matrices = [value for value in vars(loaded).values() if isinstance(value, np.ndarray) and value.ndim == 2]
    held = [value for value in vars(loaded).values() if isinstance(value, EmbeddingStore)]
    assert [m.shape for m in matrices] == [(len(tiny_documents), loaded.vectors.shape[1])]
    assert held == []
