"""The bulk files' writer (tolaria.site.api._bulk._write): the JSON array and the JSON lines hold the same
objects in the same order whatever the chunking of the compressing threads, and a compression that fails
leaves no file in place of the last one."""

from __future__ import annotations

import gzip
import json
import threading

import orjson
import pytest

from tolaria.site.api import _bulk


def _objects(n: int) -> list[dict]:
    return [{"object": "card", "name": f"Card {i}", "oracle_text": "Flying\n" * (i % 7)} for i in range(n)]


@pytest.mark.parametrize("chunk", [1, 64, 1 << 20])
def test_array_and_lines_hold_the_same_objects(tmp_path, monkeypatch, chunk):
    monkeypatch.setattr(_bulk._Compressor, "CHUNK", chunk)
    objects = _objects(500)
    array, lines = tmp_path / "a.json.gz", tmp_path / "a.jsonl.gz"

    size, compressed, lines_size = _bulk._write(array, lines, (orjson.dumps(o) for o in objects))

    decoded = gzip.decompress(array.read_bytes())
    assert json.loads(decoded) == objects
    assert size == len(decoded)
    assert compressed == array.stat().st_size
    assert [json.loads(line) for line in gzip.decompress(lines.read_bytes()).splitlines()] == objects
    assert lines_size == lines.stat().st_size


def test_an_empty_file_is_an_empty_array(tmp_path):
    array, lines = tmp_path / "e.json.gz", tmp_path / "e.jsonl.gz"
    _bulk._write(array, lines, iter(()))
    assert json.loads(gzip.decompress(array.read_bytes())) == []
    assert gzip.decompress(lines.read_bytes()) == b""


def test_a_failing_compression_raises_and_keeps_the_previous_file(tmp_path, monkeypatch):
    array, lines = tmp_path / "f.json.gz", tmp_path / "f.jsonl.gz"
    array.write_bytes(b"previous")
    monkeypatch.setattr(_bulk._Compressor, "CHUNK", 1)

    class BrokenFile:
        def write(self, data: bytes) -> int:
            raise OSError("No space left on device")

        def close(self) -> None:
            pass

    monkeypatch.setattr(_bulk.gzip, "open", lambda *a, **k: BrokenFile())
    with pytest.raises(OSError, match="No space left"):
        _bulk._write(array, lines, (orjson.dumps(o) for o in _objects(50)))
    assert array.read_bytes() == b"previous"
    assert not lines.exists()


def test_an_object_that_fails_to_build_stops_the_threads(tmp_path):
    def texts():
        yield b"{}"
        raise ValueError("a card object could not be built")

    with pytest.raises(ValueError, match="could not be built"):
        _bulk._write(tmp_path / "g.json.gz", tmp_path / "g.jsonl.gz", texts())
    assert not (tmp_path / "g.json.gz").exists()
    assert not [t for t in threading.enumerate() if t.name.startswith("gzip g.")]
