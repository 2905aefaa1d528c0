"""What a store is built from: the corpus, named by its version and a digest of the ingest that made
that version — never by where the database lies. A SQLite file copied or moved, or a PostgreSQL dump
restored under another name or on another host, holds the same ingest runs, so its stores are its
own at once; another database that happens to reach the same version number has another digest."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

import orjson

from ..catalog.repository import first_ingest_of, newest_ingest_version


@dataclass(frozen=True)
class CorpusId:
    version: int
    digest: str

    def label(self) -> str:
        """The name a built file carries for the corpus it was built from (the card index's version)."""
        return f"v{self.version}:{self.digest}"

    def __str__(self) -> str:
        return f"corpus version {self.version} ({self.digest or 'empty'})"


def corpus_id(version: int | None = None) -> CorpusId:
    """The corpus this database holds now (or the one of `version`): its version and the digest of
    the ingest run that made that version (later runs that changed nothing keep both)."""

    if version is None:
        version = newest_ingest_version()
    made = first_ingest_of(version)
    if made is None:
        return CorpusId(version, "")
    number, finished, sources, data_date, summary = made
    text = orjson.dumps([number, finished.isoformat(), sources, data_date, summary], option=orjson.OPT_SORT_KEYS)
    return CorpusId(version, hashlib.sha256(text).hexdigest()[:16])
