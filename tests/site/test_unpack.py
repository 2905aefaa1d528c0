"""A published index is unpacked once per machine, by whichever worker loads it first: workers that
load it at the same moment each unpack into a folder of their own and the first rename wins, so none
reads, writes into or deletes another's half-unpacked files (stores/files.unpacked)."""

from __future__ import annotations

import io
import multiprocessing
import tarfile
from pathlib import Path

from tolaria.site.stores import files

MEMBERS = {f"part-{n}.bin": bytes([n]) * 200_000 for n in range(20)} | {"index.json": b'{"whole": true}'}


def _tar(path: Path) -> Path:
    with tarfile.open(path, "w") as tar:
        for name, data in MEMBERS.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            tar.addfile(info, io.BytesIO(data))
    return path


def _unpack_and_read(path: str, start, out) -> None:
    start.wait()
    folder = files.unpacked(Path(path), "index.json")
    out.put({name: (folder / name).read_bytes() == data for name, data in MEMBERS.items()})


def test_workers_unpacking_one_index_at_once_all_read_it_whole(tmp_path):
    path = _tar(tmp_path / "scryfall_bulk-7-abc.tar")
    context = multiprocessing.get_context("fork")
    start, out = context.Event(), context.Queue()
    workers = [context.Process(target=_unpack_and_read, args=(str(path), start, out)) for _ in range(4)]
    for w in workers:
        w.start()
    start.set()
    seen = [out.get(timeout=60) for _ in workers]
    for w in workers:
        w.join(timeout=60)
    assert [w.exitcode for w in workers] == [0, 0, 0, 0]
    assert all(all(whole.values()) for whole in seen)
    # one folder in place and no worker's own unpack folder left behind
    assert sorted(p.name for p in tmp_path.iterdir()) == ["scryfall_bulk-7-abc", "scryfall_bulk-7-abc.tar"]


def test_a_folder_left_half_unpacked_is_replaced(tmp_path):
    path = _tar(tmp_path / "knowledge-3-def.tar")
    stale = tmp_path / "knowledge-3-def"
    stale.mkdir()
    (stale / "part-0.bin").write_bytes(b"half")
    folder = files.unpacked(path, "index.json")
    assert (folder / "part-0.bin").read_bytes() == MEMBERS["part-0.bin"]
    assert files.unpacked(path, "index.json") == folder  # unpacked once: the second call reads it as it is
