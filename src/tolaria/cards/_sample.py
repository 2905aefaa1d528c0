"""The sample of real cards that ships inside the package (built by scripts/make_sample.py)."""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

from ._model import Corpus
from ._read import read_corpus


def sample_paths() -> list[Path]:
    """The sample's data files, in the order they are ingested (older data first)."""
    folder = Path(str(resources.files("tolaria") / "data" / "sample"))
    return sorted(folder.glob("*.json.xz"))


@functools.cache
def _load() -> Corpus:
    return read_corpus(*sample_paths())


def load_sample() -> Corpus:
    """The embedded sample as a Corpus (read once per process; treat it as read-only)."""
    return _load()
