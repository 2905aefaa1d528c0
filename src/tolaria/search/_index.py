"""The columnar in-memory card index: numpy arrays over printings (and cards), built once, saved to one file."""

from __future__ import annotations

import gc
import hashlib
import math
import mmap
import pickle
import struct
import time
from collections.abc import Mapping, Sequence, Set
from pathlib import Path
from typing import TYPE_CHECKING, Any, overload

import numpy as np

from tolaria.cards import LANG_CODES, Corpus, printing_preference

from ._context import SearchContext
from ._fields.colors import POP

if TYPE_CHECKING:
    import os

    from _typeshed import SupportsRichComparison

    from tolaria.cards import CardSet, Translation

    from ._reference import Facets

from ._fields import FAMILIES
from ._fields._base import Columns
from ._fields.facets import FacetFamily
from ._fields.stats import stat_value
from ._fields.text import ExactName
from ._reference import Reference, printing_sort_key
from ._text import fold

# 2: oracleid and illustrationid columns; 3: extras (tokens, emblems) and their mask; 4: printings in
# other languages (foreign_parent, foreign_lang, foreign_ids, the printed names); 5: the commander flag
# leaves out melded back faces
FORMAT_VERSION = 5
# the file: MAGIC, the pickle's length and the number of buffers (two little-endian u64), each buffer's
# offset and length (u64 pairs), the pickle, then each contiguous numpy array's bytes out of band
# (pickle protocol 5), at offsets aligned to ALIGN: loaded as views of the memory-mapped file
MAGIC = b"TOLARIA-CARD-INDEX-MAPPED\n"
ALIGN = 64
_COLOR_ORDER = {0: 0}


class CardIndex:
    """Everything a search needs, as arrays: ``n_printings`` rows (one per printing), ``card_of`` maps a
    printing to its card row; ``cols`` holds each family's columns; ``version`` names the corpus."""

    version: str
    data_date: str
    printing_ids: list[str]
    oracle_ids: list[str]
    names: list[str]
    card_of: np.ndarray
    cols: Columns
    order: dict[str, np.ndarray]
    prefer_default: np.ndarray
    promo: np.ndarray
    art_id: np.ndarray
    extra: np.ndarray  # per printing: a token, emblem or other extra (found only with include:extras)
    # the printings in other languages (MTGJSON foreignData): rows of their own after the English
    # printings, each answering most terms as the English printing it translates (foreign_parent, a
    # row); foreign_lang is an index into tolaria.cards.LANG_CODES
    foreign_parent: np.ndarray
    foreign_lang: np.ndarray
    foreign_ids: np.ndarray  # bytes (ASCII uuids): a quarter of the memory of str objects, and loaded at once
    sets: dict[str, CardSet]
    formats: list[str]
    facet_names: list[str]
    build_seconds: float
    grouped = True  # a card's rows are together, its preferred printing first (LingualRows: not)

    def __init__(self, state: dict[str, Any]) -> None:  # the attributes above, as saved
        self.__dict__.update(state)
        self.n_printings = len(self.printing_ids)
        self.n_cards = len(self.oracle_ids)
        self.n_foreign = len(self.foreign_ids)

    def context(self, user_lists: Mapping[str, Set[str]] | None = None) -> SearchContext:
        """The context a query is compiled in for this index; ``user_lists``: the searching user's lists."""
        return SearchContext(
            sets=self.sets, formats=self.formats, facets=frozenset(self.facet_names), user_lists=user_lists
        )

    def save(self, path: str | os.PathLike[str]) -> int:
        """Write the index to one file; return its size in bytes. Its arrays are written out of band,
        so that ``load`` maps them from the file instead of copying them (see MAGIC)."""
        path = Path(path)
        tmp = path.with_suffix(path.suffix + ".tmp")
        buffers: list[pickle.PickleBuffer] = []
        body = pickle.dumps(
            {"format": FORMAT_VERSION, "state": self._state()}, protocol=5, buffer_callback=buffers.append
        )
        raws = [b.raw() for b in buffers]
        table_end = len(MAGIC) + 16 + 16 * len(raws)
        offset = _aligned(table_end + len(body))
        places: list[tuple[int, int]] = []
        for raw in raws:
            places.append((offset, raw.nbytes))
            offset = _aligned(offset + raw.nbytes)
        with open(tmp, "wb") as fh:
            fh.write(MAGIC + struct.pack("<QQ", len(body), len(raws)))
            fh.writelines(struct.pack("<QQ", start, size) for start, size in places)
            fh.write(body)
            for (start, _), raw in zip(places, raws, strict=True):
                fh.write(b"\0" * (start - fh.tell()))
                fh.write(raw)
        tmp.replace(path)
        return path.stat().st_size

    def _state(self) -> dict[str, Any]:
        return {
            k: v
            for k, v in self.__dict__.items()
            if k not in ("n_printings", "n_cards", "n_foreign") and not k.startswith("_")
        }

    def with_facets(self, facets: Facets) -> CardIndex:
        """The same index with these facets (facet name -> oracle_id -> {term: weight}) in place of its
        own of those names: every other column shared, not rebuilt. The after-ingest pass publishes the
        card index before the tags are computed and then again with them (tags take longer than cards)."""
        cols = dict(self.cols)
        for family in FAMILIES:
            if isinstance(family, type) and issubclass(family, FacetFamily) and family.facet in facets:
                for key in ("facet_" + family.facet, "facet_terms_" + family.facet):
                    cols.pop(key, None)
                family.build_columns(facets[family.facet], self.oracle_ids, cols)
        state = self._state()
        state["cols"] = cols
        state["facet_names"] = sorted(set(self.facet_names) | set(facets))
        return CardIndex(state)

    def lingual(self) -> LingualRows:
        """The rows of the printings in every language (built once per loaded index)."""
        view: LingualRows | None = self.__dict__.get("_lingual")
        if view is None:
            view = self.__dict__["_lingual"] = LingualRows(self)
        return view

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> CardIndex:
        """The index saved at ``path``. Its arrays are read-only views of the memory-mapped file: pages
        of the page cache, shared by every worker of the machine that maps the same file (also after a
        reload of a new version), and read from disk only when a query touches them."""
        gc_was_enabled = gc.isenabled()
        gc.disable()  # millions of small objects: collection passes during the load cost more than the load
        try:
            data = _read(Path(path))
        finally:
            if gc_was_enabled:
                gc.enable()
        if data.get("format") != FORMAT_VERSION:
            raise ValueError(f"{path}: index format {data.get('format')} is not {FORMAT_VERSION}; rebuild it")
        return cls(data["state"])

    def __repr__(self) -> str:
        return f"<CardIndex {self.version} {self.n_cards} cards {self.n_printings} printings>"


def _aligned(offset: int) -> int:
    return -(-offset // ALIGN) * ALIGN


def _read(path: Path) -> dict[str, Any]:
    """The saved dict of an index file: mapped (MAGIC), or a plain pickle (an index saved before)."""
    with open(path, "rb") as fh:
        if fh.read(len(MAGIC)) != MAGIC:
            fh.seek(0)
            plain: dict[str, Any] = pickle.load(fh)
            return plain
        mapped = mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ)  # stays mapped after the file closes
    view = memoryview(mapped)
    length, count = struct.unpack_from("<QQ", mapped, len(MAGIC))
    places = [struct.unpack_from("<QQ", mapped, len(MAGIC) + 16 + 16 * i) for i in range(count)]
    start = len(MAGIC) + 16 + 16 * count
    state: dict[str, Any] = pickle.loads(
        view[start : start + length], buffers=[view[offset : offset + size] for offset, size in places]
    )
    return state


class _Expanded(dict[str, np.ndarray]):
    """A sort key over the rows of every language: the English printings' values, then each printing
    in another language with its English printing's (expanded when first asked for)."""

    def __init__(self, index: CardIndex) -> None:
        super().__init__()
        self.index = index

    def __missing__(self, key: str) -> np.ndarray:
        base = self.index.order[key]
        value = self[key] = np.concatenate([base, base[self.index.foreign_parent]])
        return value

    def __contains__(self, key: object) -> bool:
        return key in self.index.order


class _RowIds(Sequence[str]):
    """The printing id of each row of every language (decoded when asked for: a page's worth)."""

    def __init__(self, index: CardIndex) -> None:
        self.english, self.foreign = index.printing_ids, index.foreign_ids

    def __len__(self) -> int:
        return len(self.english) + len(self.foreign)

    @overload
    def __getitem__(self, row: int) -> str: ...
    @overload
    def __getitem__(self, row: slice) -> list[str]: ...
    def __getitem__(self, row: int | slice) -> str | list[str]:
        if isinstance(row, slice):
            return [self[i] for i in range(*row.indices(len(self)))]
        if row < 0:
            row += len(self)
        if row < len(self.english):
            return self.english[row]
        return bytes(self.foreign[row - len(self.english)]).decode("ascii")


class LingualRows:
    """The search's view of the index with the printings in other languages as rows after the English
    ones (row n_printings + i is foreign printing i): what dedupe, sort and pagination read."""

    def __init__(self, index: CardIndex) -> None:
        parent = index.foreign_parent
        self.n_printings = index.n_printings + index.n_foreign
        self.card_of = np.concatenate([index.card_of, index.card_of[parent]])
        # an English printing before any in another language; among those, the English one's order
        self.prefer_default = np.arange(self.n_printings, dtype=np.float64)
        self.promo = np.concatenate([index.promo, index.promo[parent]])
        self.art_id = np.concatenate([index.art_id, index.art_id[parent]])
        self.extra = np.concatenate([index.extra, index.extra[parent]])
        self.printing_ids = _RowIds(index)
        self.oracle_ids = index.oracle_ids
        self.order: dict[str, np.ndarray] = _Expanded(index)
        self.grouped = False  # a card's rows are not together: dedupe sorts


def corpus_version(corpus: Corpus) -> str:
    h = hashlib.sha1()
    h.update(corpus.data_date.encode())
    h.update(str(len(corpus.cards)).encode())
    h.update(str(len(corpus.printings)).encode())
    for pid in list(corpus.printings)[:: max(1, len(corpus.printings) // 997)]:
        h.update(pid.encode())
    return f"{corpus.data_date or 'undated'}-{h.hexdigest()[:12]}"


def _id_width(foreign: Sequence[tuple[int, Translation]]) -> int:
    return max((len(t.id) for _, t in foreign), default=36)


def _ranks(keys: Sequence[SupportsRichComparison]) -> np.ndarray:
    order = sorted(range(len(keys)), key=keys.__getitem__)
    ranks = np.empty(len(keys), np.int32)
    ranks[order] = np.arange(len(keys), dtype=np.int32)
    return ranks


def build_index(corpus: Corpus, facets: Facets | None = None, *, version: str | None = None) -> CardIndex:
    """Build the index of a Corpus. ``facets``: facet name -> oracle_id -> {term: weight} (rule, tag, theme, pred)."""
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _build_index(corpus, facets, version)
    finally:
        if gc_was_enabled:
            gc.enable()


def _build_index(corpus: Corpus, facets: Facets | None, version: str | None) -> CardIndex:
    t0 = time.perf_counter()

    # Rows in a useful order: cards by name; each card's printings together, the preferred one first.
    # Then "one result per card, sorted by name" needs no sort at all.
    # the extras (tokens, emblems) are rows too, masked out of a search unless it asks for them
    extras = getattr(corpus, "extras", None) or {}
    all_printings = [*corpus.printings.values(), *(getattr(corpus, "extra_printings", None) or {}).values()]
    cards = sorted([*corpus.cards.values(), *extras.values()], key=lambda c: (fold(c.name), c.name, c.oracle_id))
    card_pos = {c.oracle_id: i for i, c in enumerate(cards)}
    sets_lower = {code.lower(): s for code, s in corpus.sets.items()}
    printings = sorted(
        (p for p in all_printings if p.oracle_id in card_pos),  # printings of known cards only
        key=lambda p: (card_pos[p.oracle_id], printing_preference(p, sets_lower.get(p.set_code.lower()))),
    )
    corpus = Corpus(
        cards={c.oracle_id: c for c in cards},
        printings={p.id: p for p in printings},
        sets=corpus.sets,
        data_date=corpus.data_date,
    )
    ref = Reference(corpus, facets)
    cols: Columns = {}
    ExactName.build(ref, cards, cols)
    for family in FAMILIES:
        build = getattr(family, "build", None)
        if build is not None:
            build(ref, cards, cols)
    card_of = np.fromiter((card_pos[p.oracle_id] for p in printings), np.int32, len(printings))

    # sort keys
    sets = ref.sets
    order: dict[str, np.ndarray] = {}
    order["name"] = card_of.astype(np.float64)  # cards are in name order
    order["set"] = _ranks([printing_sort_key(p)[1:3] for p in printings])
    order["released"] = cols["released"]
    order["rarity"] = cols["rarity"].astype(np.float64)

    colors = cols["colors"]
    order["color"] = (POP[colors].astype(np.int64) * 64 + colors)[card_of].astype(np.float64)
    for cur in ("usd", "eur", "tix"):
        order[cur] = cols["price_" + cur]
    order["cmc"] = cols["mv"][card_of]
    order["power"] = np.fromiter((stat_value(c.front.power) for c in cards), float, len(cards))[card_of]
    order["toughness"] = np.fromiter((stat_value(c.front.toughness) for c in cards), float, len(cards))[card_of]
    order["edhrec"] = np.fromiter(
        (math.nan if c.edhrec_rank is None else c.edhrec_rank for c in cards), float, len(cards)
    )[card_of]
    order["artist"] = _ranks([fold(p.artist or "~") for p in printings]).astype(np.float64)
    order["review"] = order["color"] * 1e6 + order["cmc"] * 1e5 + order["name"] / 1e3
    # printings are sorted by preference within their card: the row number is the preference
    prefer_default = np.arange(len(printings), dtype=np.float64)
    promo = np.fromiter((p.promo for p in printings), bool, len(printings))
    extra = np.fromiter((p.oracle_id in extras for p in printings), bool, len(printings))
    illustration = [p.illustration_id or p.id for p in printings]
    art_vocab: dict[str, int] = {}
    art_id = np.fromiter((art_vocab.setdefault(a, len(art_vocab)) for a in illustration), np.int64, len(printings))
    # printings in other languages, in row order (each English printing's, in LANG_CODES order):
    # the order NameFamily.build and NewFamily.build read them in
    foreign = [(row, t) for row, p in enumerate(printings) for t in p.translations]
    lang_pos = {code: i for i, code in enumerate(LANG_CODES)}

    state = {
        "version": version or corpus_version(corpus),
        "data_date": corpus.data_date,
        "printing_ids": [p.id for p in printings],
        "oracle_ids": [c.oracle_id for c in cards],
        "names": [c.name for c in cards],
        "card_of": card_of,
        "cols": cols,
        "order": order,
        "prefer_default": prefer_default,
        "promo": promo,
        "art_id": art_id,
        "extra": extra,
        "foreign_parent": np.fromiter((row for row, _ in foreign), np.int32, len(foreign)),
        "foreign_lang": np.fromiter((lang_pos[t.lang] for _, t in foreign), np.int8, len(foreign)),
        "foreign_ids": np.array([t.id.encode("ascii") for _, t in foreign], dtype=f"S{_id_width(foreign)}"),
        "sets": sets,
        "formats": ref.formats,
        "facet_names": sorted(ref.facets),
        "build_seconds": 0.0,
    }
    index = CardIndex(state)
    index.build_seconds = time.perf_counter() - t0
    return index
