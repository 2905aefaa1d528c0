"""Opening data files: plain, .gz, .xz, .bz2, or a tar of JSON files, always streamed.

Compression is told by the file's first bytes, not its name, so a renamed file still opens.
"""

from __future__ import annotations

import bz2
import gzip
import io
import lzma
import tarfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Literal, Protocol

from tolaria.errors import InputError

# gzip.open, lzma.open, bz2.open and open, as this module calls them
_Opener = Callable[[Path, Literal["rb"]], io.BufferedIOBase]

_MAGIC: dict[bytes, _Opener] = {
    b"\x1f\x8b": gzip.open,
    b"\xfd7zXZ\x00": lzma.open,
    b"BZh": bz2.open,
}


class DataFileError(InputError):
    """A data file that cannot be read: says which file, which record and which field."""

    def __init__(self, source: str, message: str, *, record: int | None = None, field: str | None = None):
        self.source, self.record, self.field = source, record, field
        where = source
        if record is not None:
            where += f", record {record}"
        if field:
            where += f", field {field!r}"
        super().__init__(f"{where}: {message}")


def _decompressor(path: Path) -> _Opener:
    with open(path, "rb") as raw:
        head = raw.read(6)
    for magic, opener in _MAGIC.items():
        if head.startswith(magic):
            return opener
    return open


@contextmanager
def open_binary(path: str | Path) -> Iterator[io.BufferedIOBase]:
    """Open a possibly compressed file for streaming reads."""
    path = Path(path)
    opener = _decompressor(path)
    with opener(path, "rb") as stream:
        yield stream


def is_tar(path: str | Path) -> bool:
    with open_binary(path) as stream:
        head = stream.read(512)
    return len(head) == 512 and head[257:262] == b"ustar"


class ByteStream(Protocol):
    """What the readers need of a file: its bytes, a block at a time (a tar member, a gzip or xz stream)."""

    def read(self, size: int = -1, /) -> bytes: ...


def tar_members(path: str | Path) -> Iterator[tuple[str, ByteStream]]:
    """Yield (name, stream) for each .json file of a (compressed) tar, in archive order, streamed."""
    with open_binary(path) as stream, tarfile.open(fileobj=stream, mode="r|") as archive:
        for member in archive:
            if member.isfile() and member.name.endswith((".json", ".json.gz", ".json.xz")):
                handle = archive.extractfile(member)
                if handle is None:
                    continue
                if member.name.endswith(".json"):
                    yield member.name, handle
                else:
                    # a compressed member: decompress from memory (per-set files are small)
                    data = handle.read()
                    opener = gzip.open if member.name.endswith(".gz") else lzma.open
                    yield member.name, opener(io.BytesIO(data), "rb")
