"""Index files shared through the database: published in chunks with the corpus version they were
built from, downloaded by any machine that does not hold them yet, kept in the data dir as a cache.

On PostgreSQL each publication sends a NOTIFY on CHANNEL (delivered when its transaction commits),
so workers listening start loading at once; everyone else finds it by polling `newest()`.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.db import connection, transaction

from . import locks
from .identity import CorpusId, corpus_id
from .models import StoredIndex, StoredIndexChunk

CHANNEL = "tolaria_stores"
CHUNK_BYTES = 8 << 20
KEEP = 2  # the newest two of each name: a worker still downloading the older one can finish


@dataclass(frozen=True)
class Published:
    id: int
    name: str
    version: int
    sha256: str
    meta: dict


def cache_dir() -> Path:
    path = Path(settings.DATA_DIR) / "stores"
    path.mkdir(parents=True, exist_ok=True)
    return path


def cached_path(item: Published) -> Path:
    """Named by id and digest: a row id SQLite hands out again (after a rollback) never names
    another file's copy."""
    return cache_dir() / f"{item.name}-{item.id}-{item.sha256[:16]}.bin"


def newest(name: str) -> Published | None:
    row = StoredIndex.objects.filter(name=name).order_by("-id").first()
    return _published(row) if row else None


def _published(row: StoredIndex) -> Published:
    return Published(id=row.id, name=row.name, version=row.version, sha256=row.sha256, meta=row.meta)


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while block := fh.read(CHUNK_BYTES):
            digest.update(block)
    return digest.hexdigest()


def publish(name: str, version: int, path: Path, meta: dict | None = None) -> Published:
    """Store the file at `path` as the newest `name` built from corpus `version` (its digest recorded
    in `meta["corpus"]`); the file moves into the local cache (this machine need not download it
    again). One transaction: workers see the whole file or the previous one, never a part."""

    digest = _sha256(path)
    meta = {**(meta or {}), "corpus": corpus_id(version).digest}

    def store() -> Published:
        with transaction.atomic():
            row = StoredIndex.objects.create(
                name=name, version=version, size=path.stat().st_size, sha256=digest, meta=meta
            )
            with open(path, "rb") as fh:
                seq = 0
                while block := fh.read(CHUNK_BYTES):
                    StoredIndexChunk.objects.create(index=row, seq=seq, data=block)
                    seq += 1
            keep = list(StoredIndex.objects.filter(name=name).order_by("-id").values_list("id", flat=True)[:KEEP])
            StoredIndex.objects.filter(name=name).exclude(id__in=keep).delete()
            notify(f"{name}:{row.id}:{version}")
            return _published(row)

    item = locks.retrying(store, what=f"publishing {name}")
    os.replace(path, cached_path(item))
    return item


def relabel(name: str, current: CorpusId) -> Published | None:
    """Name the newest published `name` of the corpus `current` (its content unchanged: a store carried
    to a new corpus whose inputs it shares). The same row and file: workers that hold it keep it."""
    row = StoredIndex.objects.filter(name=name).order_by("-id").first()
    if row is None:
        return None
    row.version = current.version
    row.meta = {**row.meta, "corpus": current.digest}
    row.save(update_fields=["version", "meta"])
    return _published(row)


def notify(payload: str) -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, payload])


class MissingIndex(Exception):
    """A published index whose chunks are gone (replaced meanwhile) or do not match its digest."""


def fetch(item: Published) -> Path:
    """The local copy of a published index, downloaded first when this machine lacks it."""
    path = cached_path(item)
    if path.exists():
        return path
    fd, tmp_name = tempfile.mkstemp(dir=cache_dir(), prefix=f".{item.name}-", suffix=".part")
    tmp = Path(tmp_name)
    try:
        digest = hashlib.sha256()
        with os.fdopen(fd, "wb") as out:
            chunks = StoredIndexChunk.objects.filter(index_id=item.id).order_by("seq").values_list("data", flat=True)
            for data in chunks.iterator(chunk_size=1):
                block = bytes(data)
                digest.update(block)
                out.write(block)
        if digest.hexdigest() != item.sha256:
            raise MissingIndex(f"stored {item.name} #{item.id} is incomplete (replaced while downloading?)")
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)
    return path


def unpacked(path: Path, marker: str) -> Path:
    """The tar file at `path` unpacked into the folder beside it (its name without the suffix), once per
    machine; `marker` is a file the tar holds, there once the folder is whole. Each process unpacks into
    a folder of its own and renames it into place, so workers of one machine that load the same index
    at once never see, write into or delete each other's half-unpacked files; the first rename wins."""
    folder = path.with_suffix("")
    if (folder / marker).exists():
        return folder
    tmp = Path(tempfile.mkdtemp(dir=folder.parent, prefix=f"{folder.name}.unpack-"))
    try:
        with tarfile.open(path) as tar:
            tar.extractall(tmp, filter="data")
        if folder.exists() and not (folder / marker).exists():
            shutil.rmtree(folder, ignore_errors=True)  # left by a process killed before the renames were atomic
        try:
            os.replace(tmp, folder)
        except OSError:
            if not (folder / marker).exists():  # not another worker's whole folder: a real failure
                raise
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return folder


def _cached_id(path: Path, name: str) -> int | None:
    """The published id in a cached copy's name (`<name>-<id>-<digest>.bin`, or its unpacked dir)."""
    rest = path.name.split(".", 1)[0].removeprefix(f"{name}-")
    number = rest.split("-", 1)[0]
    return int(number) if number.isdigit() else None


def forget_older(keep: Published) -> None:
    """Remove this machine's cached copies of `keep.name` older than `keep` and the one before it.
    The one before stays: the other workers of this machine still serve from it (a bulk file opened
    per request, a catalog read) until each has loaded `keep`, so a publication never leaves them a
    404 meanwhile; the copy after that goes with the next publication."""
    copies: dict[int | None, list[Path]] = {}
    for path in cache_dir().glob(f"{keep.name}-*"):
        copies.setdefault(_cached_id(path, keep.name), []).append(path)
    older = sorted(i for i in copies if i is not None and i < keep.id)
    # the one before is a publication the database holds: a copy of one it never committed (a pass
    # rolled back) is no worker's previous version
    held = set(StoredIndex.objects.filter(name=keep.name, id__in=older).values_list("id", flat=True))
    kept = {keep.id, *[i for i in older if i in held][-1:]}
    for number, paths in copies.items():
        if number in kept or number is None or number > keep.id:
            continue
        for path in paths:
            if path.is_dir():
                shutil.rmtree(path, ignore_errors=True)
            else:
                path.unlink(missing_ok=True)
