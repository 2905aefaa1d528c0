"""Scryfall's bulk files and catalogs, written by the ingesting process after each ingest (never by a
web request): gzip-compressed JSON with an index the API serves, published through the database as
one tar (`stores.files`, like the indexes), so every machine on the database serves the same files
without running the pass; each machine unpacks its copy once under $TOLARIA_DATA_DIR/stores."""

from __future__ import annotations

import contextlib
import datetime as dt
import gzip
import hashlib
import os
import queue
import re
import shutil
import tarfile
import threading
import uuid
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import orjson

from tolaria.cards import Card, Corpus, Printing

if TYPE_CHECKING:
    from tolaria.site.stores.derive import Run

from django.conf import settings

from tolaria.rules.explain import rulebook
from tolaria.site.scryfall import card_object

from ..stores import files
from . import _cards_data as data
from ._bulk_store import NAME, current, shared
from .cards import manifest_first_pages, ruling_objects

__all__ = ["NAME", "current", "shared"]  # the published files' handle, kept in _bulk_store

BULK_NAMESPACE = uuid.UUID("0d6c7e8a-51f5-4f0e-9a3c-2f1e6b7c9d41")
KINDS = {
    "oracle_cards": ("Oracle Cards", "One card object for each card, in the printing that stands for it."),
    "unique_artwork": ("Unique Artwork", "One card object for each illustration of a card."),
    "default_cards": ("Default Cards", "Every printing, in English (or the printing's only language)."),
    "all_cards": (
        "All Cards",
        "Every printing in every language the data holds (MTGJSON's foreignData: each printing's"
        " printings in other languages, after it).",
    ),
    "rulings": ("Rulings", "Every ruling, with the oracle id of its card."),
}


FORMAT = 6  # 6: the manifest's first page in each language beside the files; 5: all_cards holds the printings in other languages; 4: extras (tokens, emblems); 3: `size` is the bytes written (was one more), the catalogs by the CR; 2: published through the database (before: written to each machine's data dir)


def bulk_id(kind: str) -> str:
    return str(uuid.uuid5(BULK_NAMESPACE, kind))


class _Compressor:
    """A gzip file written by a thread of its own: zlib lets go of the GIL while it deflates, so on a second
    core the compression of one file runs beside the building of the next card objects (it was a third of
    the bulk step's time, in the building thread). Made by a ``_Build``, which closes it (and joins its
    thread) whatever happens."""

    CHUNK = 1 << 20

    def __init__(self, path: Path):
        self.path = path
        self._file = gzip.open(path, "wb", compresslevel=6)  # noqa: SIM115  (its thread writes it; close() closes it)
        self._pending: list[bytes] = []
        self._size = 0
        self._queue: queue.Queue[bytes | None] = queue.Queue(maxsize=8)
        self._failure: BaseException | None = None
        self._closed = False
        self._thread = threading.Thread(target=self._drain, name=f"gzip {path.name}", daemon=True)
        try:
            self._thread.start()
        except BaseException:
            self._file.close()
            raise

    def _drain(self) -> None:
        try:
            while (chunk := self._queue.get()) is not None:
                self._file.write(chunk)
        except BaseException as exc:  # kept for close(), which raises it in the building thread
            self._failure = exc
            while self._queue.get() is not None:  # let the producer finish instead of blocking on a full queue
                pass

    def write(self, data: bytes) -> int:
        if self._failure is not None:  # stop building objects no file will hold
            raise self._failure
        self._pending.append(data)
        self._size += len(data)
        if self._size >= self.CHUNK:
            self._queue.put(b"".join(self._pending))
            self._pending, self._size = [], 0
        return len(data)

    def close(self, *, complete: bool = True) -> None:
        """Finish the file (what is pending written first when ``complete``, dropped otherwise), join its
        thread, close it; raise the thread's failure. A second call does nothing."""
        if self._closed:
            return
        self._closed = True
        try:
            if self._pending and complete:
                self._queue.put(b"".join(self._pending))
            self._pending = []
            self._queue.put(None)
            self._thread.join()
        finally:
            self._file.close()
        if self._failure is not None:
            raise self._failure


class _Build:
    """A context manager owning every compressing file (and so every thread) of one bulk-file build: on
    leaving it, however, each one is closed and its thread joined; on a failure the files not yet put in
    place are deleted, and so is the build's folder (``out``) when given, so nothing partial is left to
    publish. The failure raised is the one that stopped the build, never a second one from a thread."""

    def __init__(self, out: Path | None = None):
        self.out = out
        self._compressors: list[_Compressor] = []

    def __enter__(self) -> _Build:
        return self

    def compressor(self, path: Path) -> _Compressor:
        made = _Compressor(path)
        self._compressors.append(made)
        return made

    def bulk_file(self, array: Path, lines: Path) -> _BulkFile:
        return _BulkFile(array, lines, self)

    def __exit__(self, kind, failure, traceback) -> None:
        try:
            if failure is None:
                self._close_all()
                return
        except BaseException:
            self._discard()
            raise
        self._discard()

    def _close_all(self) -> None:
        """Close every file still open (one the build left open is written out, not put in place); the
        first failure is raised once all are closed."""
        first: BaseException | None = None
        for made in self._compressors:
            try:
                made.close()
            except BaseException as exc:
                first = first or exc
        if first is not None:
            raise first

    def _discard(self) -> None:
        for made in self._compressors:
            with contextlib.suppress(BaseException):
                made.close(complete=False)
            made.path.unlink(missing_ok=True)
        if self.out is not None:
            shutil.rmtree(self.out, ignore_errors=True)


class _BulkFile:
    """One bulk file written twice, gzip-compressed: a JSON array (download_uri) and JSON lines
    (jsonl_download_uri) of the same serialized objects. Each goes to a temporary name and replaces
    the file only once both are complete."""

    def __init__(self, array: Path, lines: Path, build: _Build):
        self.array, self.lines = array, lines
        self._tmp_array, self._tmp_lines = array.with_suffix(".tmp"), lines.with_suffix(".tmp")
        self._fa, self._fl = build.compressor(self._tmp_array), build.compressor(self._tmp_lines)
        self._count = 0
        self.size = self._fa.write(b"[")  # the bytes of the JSON array (Scryfall's `size`: the file served, decoded)

    def add(self, text: bytes) -> None:
        self.size += self._fa.write(b",\n" if self._count else b"\n")
        self.size += self._fa.write(text)
        self._fl.write(text + b"\n")
        self._count += 1

    def close(self) -> tuple[int, int, int]:
        """Finish both files and put them in place; (array size, its compressed size, JSON lines
        compressed size)."""
        self.size += self._fa.write(b"\n]\n")
        try:
            self._fa.close()
        finally:
            self._fl.close()
        os.replace(self._tmp_array, self.array)
        os.replace(self._tmp_lines, self.lines)
        return self.size, self.array.stat().st_size, self.lines.stat().st_size


def _write(array: Path, lines: Path, texts: Iterable[bytes], build: _Build | None = None) -> tuple[int, int, int]:
    """A bulk file of these serialized objects (see _BulkFile), in ``build`` (or a build of its own)."""
    if build is None:
        with _Build() as own:
            return _write(array, lines, texts, own)
    bulk = build.bulk_file(array, lines)
    for text in texts:
        bulk.add(text)
    return bulk.close()


def _preferred(printings: list[Printing], default_of) -> Printing:
    pid = default_of(printings[0].oracle_id)
    return next((p for p in printings if p.id == pid), printings[0])


def _unique_artwork(printings: list[Printing], default_id: str) -> list[Printing]:
    """One printing per illustration, the default printing's first."""
    seen: dict[str, Printing] = {}
    for p in sorted(printings, key=lambda p: p.id != default_id):
        seen.setdefault(p.illustration_id or p.id, p)
    return list(seen.values())


def _write_card_files(
    files_of: dict[str, _BulkFile], corpus: Corpus, by_card: dict[str, list[Printing]], build, default_of
) -> None:
    """The four files of card objects in one pass over the cards: a printing's object is built and
    serialized once, whichever files hold it (every English printing is in three or four)."""
    for oid, card in corpus.cards.items():
        printings = by_card.get(oid, [])
        if not printings:
            continue
        texts = {p.id: build(card, p) for p in printings}
        files_of["oracle_cards"].add(texts[_preferred(printings, default_of).id])
        for p in _unique_artwork(printings, default_of(oid)):
            files_of["unique_artwork"].add(texts[p.id])
        for p in printings:
            files_of["default_cards"].add(texts[p.id])
            files_of["all_cards"].add(texts[p.id])
            for foreign in p.in_languages():  # Scryfall's all cards: every language, each a card object of its own
                files_of["all_cards"].add(build(card, foreign))


def _ruling_texts(corpus: Corpus) -> Iterator[bytes]:
    for card in corpus.cards.values():
        yield from (orjson.dumps(r) for r in ruling_objects(card))


def store_format() -> str:
    """The format the after-ingest pass records for this store (a build of another one is stale). The
    card objects hold image addresses: files built under another image base are stale too. The base is
    recorded by a digest: the column holds 40 characters, and an image base is an address of any length."""

    base = hashlib.sha256((settings.TOLARIA_IMAGE_BASE or "off").encode()).hexdigest()[:12]
    return f"scryfall bulk v{FORMAT} images {base}"


def derive_step(run: Run) -> None:
    """The after-ingest pass's step (tolaria.site.stores.derive): Scryfall's bulk files and catalogs for
    /api/bulk-data and /api/catalog (issue 14)."""
    write_all(run.corpus, run.version)


def write_all(corpus: Corpus, version: int) -> dict:
    """Write every bulk file and the catalogs, publish them for every machine and hold them in this
    process; return the index written beside them."""

    out = files.cache_dir() / f".{NAME}-build"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    sets = {code: (s.name, s.set_type) for code, s in corpus.sets.items()}
    catalogs = build_catalogs(corpus)  # the cards of the game only: no token's name is a card name
    corpus = corpus.with_extras()  # Scryfall's bulk files hold the tokens and emblems too
    by_card: dict[str, list[Printing]] = {}
    for p in corpus.printings.values():
        by_card.setdefault(p.oracle_id, []).append(p)
    for printings in by_card.values():
        printings.sort(key=lambda p: (p.released_at, p.set_code, p.collector_number))

    def build_object(card: Card, p: Printing) -> bytes:
        return orjson.dumps(card_object(None, card, p, sets.get(p.set_code)))

    now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
    paths = {
        kind: (
            out / f"{kind.replace('_', '-')}-v{version}.json.gz",
            out / f"{kind.replace('_', '-')}-v{version}.jsonl.gz",
        )
        for kind in KINDS
    }
    tar_path = out.with_suffix(".tar")
    with _Build(out) as build:  # a failure anywhere below: every thread joined, the folder gone, nothing published
        card_files = {kind: build.bulk_file(*paths[kind]) for kind in KINDS if kind != "rulings"}
        _write_card_files(card_files, corpus, by_card, build_object, data.default_printing_id)
        written = {kind: bulk.close() for kind, bulk in card_files.items()}
        written["rulings"] = _write(*paths["rulings"], _ruling_texts(corpus), build)
        index = _index_of(paths, written, version, now)
        index["manifest"] = _write_manifest(out, version)
        (out / f"catalogs-v{version}.json").write_bytes(orjson.dumps(catalogs))
        (out / "index.json").write_bytes(orjson.dumps(index))
        try:
            with tarfile.open(tar_path, "w") as tar:
                for child in sorted(out.iterdir()):
                    tar.add(child, arcname=child.name, recursive=False)
            item = files.publish(NAME, version, tar_path, {"files": len(index["files"])})
        finally:
            tar_path.unlink(missing_ok=True)  # publish() moved it into the cache; a failure leaves none
    unpacked = files.cached_path(item).with_suffix("")
    if unpacked.exists():  # the same file unpacked before: identical content
        shutil.rmtree(out)
    else:
        os.replace(out, unpacked)
    shared.install((unpacked, index), item)
    return index


def _write_manifest(out: Path, version: int) -> dict[str, dict]:
    """/api/cards/manifest's first page in each language, a file each: what the index says of them (the
    file and the manifest's number of pages in that language). A server with a fresh data dir reads
    them with the bulk files it downloads; it computed each at its start before (the 17 languages of the
    full data: half of the start of a restored backup)."""
    said = {}
    for key, page in manifest_first_pages():
        name = f"manifest-{key}-v{version}.json.gz"
        (out / name).write_bytes(gzip.compress(orjson.dumps(page), compresslevel=6))
        said[key] = {"file": name, "last": page["last"]}
    return said


def _index_of(
    paths: dict[str, tuple[Path, Path]], written: dict[str, tuple[int, int, int]], version: int, now: str
) -> dict:
    """The index written beside the bulk files: each file's names and sizes."""
    entries = []
    for kind in KINDS:
        array, lines = paths[kind]
        size, compressed, lines_size = written[kind]
        entries.append(
            {
                "type": kind,
                "file": array.name,
                "jsonl_file": lines.name,
                "size": size,
                "compressed_size": compressed,
                "jsonl_compressed_size": lines_size,
                "updated_at": now,
            }
        )
    return {"version": version, "updated_at": now, "files": entries, "catalogs": f"catalogs-v{version}.json"}


def download_headers(name: str, content_type: str) -> dict[str, str]:
    """The headers of a bulk file's download, as Scryfall serves its two kinds: `download_uri` a JSON
    array sent gzip-compressed on the wire (Content-Type application/json, Content-Encoding gzip: a
    client's HTTP library hands it JSON — mtg-ssm, scrython, scryfall-sdk), `jsonl_download_uri` a
    gzip file of JSON lines (Content-Type application/gzip, no Content-Encoding: the client gunzips it
    itself — mtgtools reads it with gzip.GzipFile, and failed with BadGzipFile when the wire was
    decoded for it)."""
    if content_type == "application/gzip":
        return {"Content-Disposition": f'attachment; filename="{name}"'}
    return {"Content-Encoding": "gzip", "Content-Disposition": f'attachment; filename="{name.removesuffix(".gz")}"'}


def read_index() -> dict | None:
    held = current()
    return held[1] if held else None


def path_of(name: str) -> Path | None:
    """The local path of one file the newest published index names (None: nothing published)."""
    held = current()
    return held[0] / name if held else None


# --- catalogs --------------------------------------------------------------------------------------

# catalog -> (the card types whose faces carry them, the kind of subtype CR 205.3g-q lists for it)
SUBTYPE_CATALOGS = {
    "artifact-types": (("Artifact",), "artifact"),
    "battle-types": (("Battle",), "battle"),
    "creature-types": (("Creature", "Kindred", "Tribal"), "creature"),
    "enchantment-types": (("Enchantment",), "enchantment"),
    "land-types": (("Land",), "land"),
    "planeswalker-types": (("Planeswalker",), "planeswalker"),
    "spell-types": (("Instant", "Sorcery"), "spell"),
}
_CHAPTERS = re.compile(r"^[IVX]+(?:, [IVX]+)*$")  # a Saga's chapter numbers (CR 714.2b), not a flavor word


def _straight(text: str) -> str:
    """Scryfall writes apostrophes straight (Urza's, Council's dilemma) where the CR curls them."""
    return text.replace("\u2019", "'")


def _rules_catalogs() -> dict[str, list[str]]:
    from tolaria.tags import load_vocabulary  # noqa: PLC0415  tolaria.tags (~200 ms) loads when the catalogs are built, not at Django's setup

    book = rulebook()
    return {
        "keyword-abilities": sorted(_straight(k) for k in book.keyword_abilities()),
        "keyword-actions": sorted(_straight(k) for k in book.keyword_actions()),
        "ability-words": sorted(_straight(w.name) for w in load_vocabulary().ability_words.values()),
    }


def build_catalogs(corpus: Corpus) -> dict[str, list[str]]:
    """Scryfall's catalogs: keyword abilities, actions and ability words from the rules, the rest from
    the cards: a subtype catalog holds the types of its kind (CR 205.3g-q) that cards carry."""
    from tolaria.tags import load_vocabulary  # noqa: PLC0415  tolaria.tags (~200 ms) loads when the catalogs are built, not at Django's setup

    rules_subtypes = load_vocabulary().subtypes
    kinds = {
        catalog: (set(types), {_straight(t) for t in rules_subtypes.get(kind, ())})
        for catalog, (types, kind) in SUBTYPE_CATALOGS.items()
    }
    values: dict[str, set[str]] = {
        k: set()
        for k in (
            "card-names",
            "artist-names",
            "word-bank",
            "supertypes",
            "card-types",
            "powers",
            "toughnesses",
            "loyalties",
            "watermarks",
            "flavor-words",
            *SUBTYPE_CATALOGS,
        )
    }
    for card in corpus.cards.values():
        values["card-names"].add(card.name)
        for face in card.faces:
            values["word-bank"].update(w for w in re.findall(r"[A-Za-z'][A-Za-z'-]*", face.name) if len(w) > 1)
            values["supertypes"].update(face.supertypes)
            values["card-types"].update(face.types)
            for catalog, (types, listed) in kinds.items():
                if types & set(face.types):
                    values[catalog].update(t for t in map(_straight, face.subtypes) if t in listed)
            for key, attr in (("powers", "power"), ("toughnesses", "toughness"), ("loyalties", "loyalty")):
                if getattr(face, attr) is not None:
                    values[key].add(getattr(face, attr))
            values["flavor-words"].update(re.findall(r"^([A-Z][\w' ,-]+?) \u2014 ", face.oracle_text, re.MULTILINE))
    for p in corpus.printings.values():
        values["artist-names"].update(a for a in p.artist.split(" & ") if a)
        if p.watermark:
            values["watermarks"].add(p.watermark)
    out = {k: sorted(v) for k, v in values.items()}
    rules = _rules_catalogs()
    # CR 207.2d: flavor words are not ability words (207.2c) nor in the CR at all (keywords)
    not_flavor = {w.lower() for k in ("ability-words", "keyword-abilities", "keyword-actions") for w in rules[k]}
    out["flavor-words"] = sorted(
        w for w in map(_straight, out["flavor-words"]) if w.lower() not in not_flavor and not _CHAPTERS.match(w)
    )
    out.update(rules)
    return out
