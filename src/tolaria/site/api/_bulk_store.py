"""The published Scryfall bulk files as this process holds them (the handle every worker loads them
through), apart from the code that writes them (_bulk): the routes that read them — the bulk-data
listing, the catalogs, the manifest's first pages — import this without importing the writer."""

from __future__ import annotations

from pathlib import Path

import orjson

from ..stores import files, runtime

NAME = "scryfall_bulk"


def _load(path: Path, item: files.Published) -> tuple[Path, dict]:
    folder = files.unpacked(path, "index.json")
    return folder, orjson.loads((folder / "index.json").read_bytes())


shared = runtime.handle(NAME, _load)


def current() -> tuple[Path, dict] | None:
    """The folder of the newest published bulk files and their index (None: none published yet)."""
    try:
        return shared.get()
    except runtime.IndexUnavailable:
        return None
