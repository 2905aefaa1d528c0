"""The full data, read once per session (per pytest-xdist worker) and shared by the modules that check
it: each used to read the 237 MB AllPrintings again (the reader's pass takes ~25 s on 2 cores, the
plain JSON parse ~9 s). Nothing here changes what is read: the same calls on the same files, kept.

The tests only read these objects; none of them may change one (the next test would see it).
"""

from __future__ import annotations

import json
import lzma
import tarfile
from pathlib import Path
from typing import Any

import pytest

from tolaria.cards import Corpus, SetBatch, read_corpus, read_source

ALLPRINTINGS = "AllPrintings-5.2.0+20220425.json.xz"
SET_FILES = "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz"


@pytest.fixture(scope="session")
def full_files(shared_data: Path) -> tuple[Path, Path]:
    """AllPrintings, then the tar of the three 2023 set files (later files win)."""
    return shared_data / "mtgjson" / ALLPRINTINGS, shared_data / "mtgjson" / SET_FILES


@pytest.fixture(scope="session")
def full_corpus(full_files) -> Corpus:
    """`read_corpus(AllPrintings, set files)`: the in-memory corpus of the full data."""
    return read_corpus(*full_files)


@pytest.fixture(scope="session")
def full_batches(full_files) -> tuple[SetBatch, ...]:
    """Every set batch `read_source` gives for the two files, in the order it gives them."""
    return tuple(item for path in full_files for item in read_source(path) if isinstance(item, SetBatch))


@pytest.fixture(scope="session")
def full_raw(full_files) -> dict[str, Any]:
    """The files' JSON as the standard library parses it, independently of the reader:
    "allprintings" is AllPrintings' `data` (set code -> set), "set_files" each set file's `data`."""
    allprintings, set_files = full_files
    with lzma.open(allprintings, "rb") as f:
        data = json.load(f)["data"]
    members = []
    with tarfile.open(set_files) as archive:
        for member in archive:
            if member.isfile():
                members.append(json.load(archive.extractfile(member))["data"])
    return {"allprintings": data, "set_files": members}
