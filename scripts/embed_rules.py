"""Write the MiniLM vectors of the shipped CR's rules and glossary entries into the package
(src/tolaria/data/knowledge/rules-<CR date>-<model>.npz, float16, keyed by content hash).

Run once per new CR (a few minutes on two idle cores; under load, longer):

    python scripts/embed_rules.py [--cache var/knowledge-rules-minilm.npz]

``--cache`` is an EmbeddingStore of earlier MiniLM vectors (texts whose hash it holds are not embedded
again). Older files of the same model are removed: the package ships one CR's vectors.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

import numpy as np  # noqa: E402

from tolaria.knowledge import Embedder, EmbeddingStore, documents_from  # noqa: E402
from tolaria.knowledge._embed import SHIPPED, shipped_rules_path  # noqa: E402
from tolaria.rules import shipped_rulebook  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cache", help="an EmbeddingStore (.npz) of MiniLM vectors computed before")
    args = ap.parse_args(argv)
    book = shipped_rulebook()
    docs = [d for d in documents_from(book) if d.kind in ("rule", "glossary")]
    embedder = Embedder()
    store = EmbeddingStore.load(args.cache) if args.cache else EmbeddingStore()
    started = time.perf_counter()
    vectors = store.vectors_for([(d.content_hash, d.embedding_text) for d in docs], embedder, progress=True)
    shipped = EmbeddingStore(model_id=embedder.model_id)
    shipped.add([d.content_hash for d in docs], vectors)
    path = shipped_rules_path(book.effective_date.strftime("%Y%m%d"), embedder.model_id)
    for old in SHIPPED.glob(f"rules-*-{embedder.model_id}.npz") if SHIPPED.is_dir() else ():
        if old != path:
            old.unlink()
    shipped.save(path, dtype=np.float16, compress=True)
    print(f"{len(docs):,} vectors in {time.perf_counter() - started:.0f} s -> {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
