"""Ranked search over the Comprehensive Rules, the glossary, rulings and cards (lexical + by meaning).

No Django here. Ranking by meaning needs the optional ``ai`` extra (onnxruntime, tokenizers, the
model packages); without it everything works lexically and ``KnowledgeIndex.semantic_available``
is False with ``unavailable_reason`` saying why.
"""

from ._answer import Answerer, Answers, best_sentence, by_fit
from ._documents import KINDS, Document, card_documents, documents_from, glossary_documents, rule_documents
from ._embed import (
    DIMENSIONS,
    UNAVAILABLE,
    Embedder,
    EmbeddingStore,
    SemanticUnavailable,
    StaticEmbedder,
    document_embedder,
    load_embedder,
    locate_model,
)
from ._evaluate import evaluate, load_questions
from ._index import DEFAULT_FUSION, FORMAT_VERSION, PAGE, Fusion, Hit, KnowledgeIndex, group_by_kind
from ._question import is_question, syntax_fields
from ._similar import SimilarTable, similar_cards, similar_table
from ._suggest import suggest_syntax
from ._text import highlight, segments_to_html, tokenize

__all__ = [
    "FORMAT_VERSION",
    "document_embedder",
    "PAGE",
    "DEFAULT_FUSION",
    "Answerer",
    "by_fit",
    "Answers",
    "DIMENSIONS",
    "KINDS",
    "UNAVAILABLE",
    "Document",
    "Embedder",
    "EmbeddingStore",
    "Fusion",
    "Hit",
    "KnowledgeIndex",
    "SemanticUnavailable",
    "SimilarTable",
    "StaticEmbedder",
    "best_sentence",
    "card_documents",
    "documents_from",
    "evaluate",
    "glossary_documents",
    "group_by_kind",
    "highlight",
    "is_question",
    "load_embedder",
    "load_questions",
    "locate_model",
    "rule_documents",
    "segments_to_html",
    "similar_cards",
    "similar_table",
    "suggest_syntax",
    "syntax_fields",
    "tokenize",
]
