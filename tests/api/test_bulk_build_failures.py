"""A bulk-file build that fails anywhere (opening a file, compressing one, building an object, writing the
rulings, publishing) closes every compressing file and joins every thread, leaves no build folder, tar or
temporary file behind, and publishes nothing: the bulk files published before stay the newest, and the
process keeps serving them. Each failure is injected at one point of tolaria.site.api._bulk.write_all."""

from __future__ import annotations

import threading

import pytest

from tolaria.cards import Corpus
from tolaria.site.api import _bulk
from tolaria.site.catalog.repository import corpus_version, load_corpus
from tolaria.site.stores import files

pytestmark = pytest.mark.django_db


class Injected(Exception):
    """The failure a test injects."""


def _fail_at_the_nth_compressor(monkeypatch, n: int) -> None:
    made = {"count": 0}
    real = _bulk._Compressor.__init__

    def opening(self, path):
        made["count"] += 1
        if made["count"] == n:
            raise Injected(f"cannot open {path.name}")
        real(self, path)

    monkeypatch.setattr(_bulk._Compressor, "__init__", opening)


def _fail_compressing(monkeypatch, name_part: str) -> None:
    """The gzip file whose name holds `name_part` fails on its first write (a full disk, in its thread)."""
    real_open = _bulk.gzip.open

    def opening(path, *args, **kwargs):
        handle = real_open(path, *args, **kwargs)
        if name_part in str(path):

            class Full:
                def write(self, data: bytes) -> int:
                    raise Injected("No space left on device")

                def close(self) -> None:
                    handle.close()

            return Full()
        return handle

    monkeypatch.setattr(_bulk._Compressor, "CHUNK", 1)  # every write reaches the thread at once
    monkeypatch.setattr(_bulk.gzip, "open", opening)


def _fail_building_an_object(monkeypatch, after: int) -> None:
    built = {"count": 0}
    real = _bulk.card_object

    def building(*args, **kwargs):
        built["count"] += 1
        if built["count"] > after:
            raise Injected("a card object could not be built")
        return real(*args, **kwargs)

    monkeypatch.setattr(_bulk, "card_object", building)


def _fail_in_the_rulings(monkeypatch) -> None:
    """After the four card files are complete and in place in the build folder."""

    def rulings(corpus):
        yield b"{}"
        raise Injected("a ruling could not be written")

    monkeypatch.setattr(_bulk, "_ruling_texts", rulings)


def _fail_publishing(monkeypatch) -> None:
    def publish(*args, **kwargs):
        raise Injected("the database went away")

    monkeypatch.setattr(_bulk.files, "publish", publish)


FAILURES = {
    "opening the first file": lambda mp: _fail_at_the_nth_compressor(mp, 1),
    "opening the lines of the third file": lambda mp: _fail_at_the_nth_compressor(mp, 6),
    "opening the rulings": lambda mp: _fail_at_the_nth_compressor(mp, 9),
    "compressing all cards": lambda mp: _fail_compressing(mp, "all-cards"),
    "compressing the rulings' lines": lambda mp: _fail_compressing(mp, "rulings-v"),
    "building the first object": lambda mp: _fail_building_an_object(mp, 0),
    "building an object mid-way": lambda mp: _fail_building_an_object(mp, 40),
    "writing the rulings": _fail_in_the_rulings,
    "publishing": _fail_publishing,
}


def _gzip_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name.startswith("gzip ")]


@pytest.fixture(scope="module")
def corpus(django_db_setup, django_db_blocker) -> Corpus:
    """60 cards of the sample (with rulings among them) and a few tokens, with their printings: every
    file of the build has objects, and a build takes a fraction of a second."""
    with django_db_blocker.unblock():
        whole = load_corpus()
    ruled = [c for c in whole.cards.values() if c.rulings][:20]
    cards = {c.oracle_id: c for c in [*ruled, *list(whole.cards.values())[:40]]}
    extras = dict(list(whole.extras.items())[:3])
    return Corpus(
        cards=cards,
        printings={k: p for k, p in whole.printings.items() if p.oracle_id in cards},
        sets=whole.sets,
        data_date=whole.data_date,
        extras=extras,
        extra_printings={k: p for k, p in whole.extra_printings.items() if p.oracle_id in extras},
    )


@pytest.mark.parametrize("where", list(FAILURES))
def test_a_failed_build_joins_every_thread_and_publishes_nothing(where, corpus, monkeypatch):
    before = files.newest(_bulk.NAME)
    held = _bulk.shared.get()
    assert before is not None and not _gzip_threads()
    FAILURES[where](monkeypatch)

    with pytest.raises(Injected):
        _bulk.write_all(corpus, corpus_version())

    assert not _gzip_threads()
    assert files.newest(_bulk.NAME) == before
    assert _bulk.shared.get() == held and _bulk.shared.item == before
    build = files.cache_dir() / f".{_bulk.NAME}-build"
    assert not build.exists()
    assert not build.with_suffix(".tar").exists()
    assert (held[0] / "index.json").exists()  # the files served before are still there


def test_the_build_after_a_failed_one_publishes_whole_files(corpus, monkeypatch):
    """The injected failure leaves nothing a later build trips over."""
    with monkeypatch.context() as mp:
        _fail_compressing(mp, "default-cards")
        with pytest.raises(Injected):
            _bulk.write_all(corpus, corpus_version())
    try:
        index = _bulk.write_all(corpus, corpus_version())
        folder, held = _bulk.shared.get()
        assert held == index
        assert all((folder / e["file"]).exists() and (folder / e["jsonl_file"]).exists() for e in index["files"])
        assert not list(folder.glob("*.tmp"))
    finally:
        # this publication is rolled back with the test (and SQLite hands its id out again): the process
        # must not go on holding it
        _bulk.shared.reset()
