"""Compressed and archived files, and bad input that must name file, record and field."""

import bz2
import gzip
import io
import json
import lzma
import tarfile

import pytest

from tolaria.cards import DataFileError, SetBatch, read_corpus, read_source, sample_paths


@pytest.fixture(scope="module")
def one_set_doc():
    """A real per-set file from the sample (ONE), as a Python object."""
    path = [p for p in sample_paths() if "ONE" in p.name][0]
    with lzma.open(path, "rb") as f:
        return json.load(f)


def write(path, doc, opener=open):
    with opener(path, "wb") as f:
        f.write(json.dumps(doc).encode())
    return path


@pytest.mark.parametrize("opener", [open, gzip.open, lzma.open, bz2.open], ids=["plain", "gz", "xz", "bz2"])
def test_every_compression_reads_the_same(tmp_path, one_set_doc, opener):
    path = write(tmp_path / "ONE.json.data", one_set_doc, opener)  # the name says nothing: content decides
    corpus = read_corpus(path)
    assert len(corpus.printings) == len({c["identifiers"]["scryfallId"] for c in one_set_doc["data"]["cards"]})
    assert set(corpus.sets) == {"one"}


def test_tar_xz_of_set_files(tmp_path, one_set_doc):
    buffer = io.BytesIO(json.dumps(one_set_doc).encode())
    archive = tmp_path / "sets.tar.xz"
    with tarfile.open(archive, "w:xz") as tar:
        info = tarfile.TarInfo("sets/ONE.json")
        info.size = len(buffer.getvalue())
        tar.addfile(info, buffer)
    batches = [b for b in read_source(archive) if isinstance(b, SetBatch)]
    assert [b.card_set.code for b in batches] == ["one"]


def test_truncated_file_names_the_file_and_record(tmp_path, one_set_doc):
    data = json.dumps(one_set_doc).encode()
    path = tmp_path / "ONE.json"
    path.write_bytes(data[: len(data) // 2])
    with pytest.raises(DataFileError, match=r"ONE\.json.*record \d+.*truncated or corrupt"):
        list(read_source(path))


def test_truncated_xz(tmp_path, one_set_doc):
    path = write(tmp_path / "ONE.json.xz", one_set_doc, lzma.open)
    path.write_bytes(path.read_bytes()[:-200])
    with pytest.raises(DataFileError, match="truncated or corrupt"):
        list(read_source(path))


def test_wrongly_shaped_record_names_record_and_field(tmp_path, one_set_doc):
    doc = json.loads(json.dumps(one_set_doc))
    del doc["data"]["cards"][5]["name"]
    path = write(tmp_path / "ONE.json", doc)
    with pytest.raises(DataFileError) as error:
        list(read_source(path))
    assert "record 6" in str(error.value) and "'name'" in str(error.value) and "ONE.json" in str(error.value)


def test_wrong_type_of_field(tmp_path, one_set_doc):
    doc = json.loads(json.dumps(one_set_doc))
    doc["data"]["cards"][0]["text"] = 42
    with pytest.raises(DataFileError, match=r"record 1, field 'text': expected text"):
        list(read_source(write(tmp_path / "ONE.json", doc)))


def test_not_a_card_file(tmp_path):
    path = tmp_path / "other.json"
    path.write_text('{"hello": [1, 2, 3]}')
    with pytest.raises(DataFileError, match="not a format Tolaria reads"):
        list(read_source(path))


def test_garbage_and_empty_files(tmp_path):
    garbage = tmp_path / "garbage.json"
    garbage.write_bytes(b"\x00\x01 definitely not json")
    with pytest.raises(DataFileError):
        list(read_source(garbage))
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    with pytest.raises(DataFileError, match="empty"):
        list(read_source(empty))
