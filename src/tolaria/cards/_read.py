"""Read any supported data file, telling its format by its content, as a stream of batches.

Formats: MTGJSON AllPrintings, a per-set file, a tar of per-set files, AtomicCards, AllPrices /
AllPricesToday; Scryfall bulk card files (oracle, default, all cards), rulings, and API list
responses. Each is streamed; errors name the file, the record number and the field.
"""

from __future__ import annotations

import io
import lzma
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

import ijson

from ._derive import MeldsSeen, meld_backs
from ._files import ByteStream, DataFileError, is_tar, open_binary, tar_members
from ._legalities import FileLegalities
from ._model import Card, Corpus, PricePoint, Ruling
from ._mtgjson import (
    MTGJSON_SHAPES,
    SCRYFALL_SHAPES,
    SetBatch,
    SourceMeta,
    atomic_cards,
    check_shapes,
    prices_from_mtgjson,
    set_batch,
    token_batch,
)
from ._scryfall import NOT_CARDS, scryfall_card, scryfall_ruling, scryfall_set

if TYPE_CHECKING:
    from _typeshed import WriteableBuffer

SCRYFALL_BATCH = 2000


@dataclass(slots=True)
class RulingsBatch:
    rulings: dict[str, list[Ruling]]  # oracle_id -> rulings (replacing what is stored)
    records: int


@dataclass(slots=True)
class PriceBatch:
    points: list[PricePoint]
    key: str  # "mtgjson_uuid" or "scryfall_id": what PricePoint.printing_id holds
    records: int


@dataclass(slots=True)
class CardsOnly:
    """Oracle cards without printings (AtomicCards)."""

    cards: list[Card]
    records: int


Item = SourceMeta | SetBatch | RulingsBatch | PriceBatch | CardsOnly


class _ReadState(TypedDict):
    """What a reader carries through one file: the records read so far, the meld cards seen."""

    record: int
    melds: NotRequired[MeldsSeen]


@dataclass(slots=True)
class _Shape:
    kind: str
    meta: dict[str, Any] = field(default_factory=dict)


_STREAM_ERRORS = (
    ijson.JSONError,
    ijson.IncompleteJSONError,
    EOFError,
    lzma.LZMAError,
    zlib.error,
    OSError,
    UnicodeDecodeError,
)


def _peek_shape(stream: ByteStream, source: str) -> _Shape:
    """Look at the first events of a JSON document to tell which format it is."""
    events = ijson.parse(stream)
    try:
        _prefix, event, _value = next(events)
        if event == "start_array":
            return _array_shape(events)
        if event != "start_map":
            return _Shape("unknown")
        return _object_shape(events)
    except StopIteration:
        raise DataFileError(source, "the file is empty or ends before its first record", record=0) from None
    except _STREAM_ERRORS as exc:
        raise DataFileError(source, f"not a JSON file this reader knows ({exc})", record=0) from None


def _array_shape(events: Iterator[tuple[str, str, Any]]) -> _Shape:
    """A document that is an array: Scryfall's bulk cards or rulings, told by the first item's `object`."""
    for prefix, event, value in events:
        if prefix == "item.object":
            return _Shape({"card": "scryfall-cards", "ruling": "scryfall-rulings"}.get(value, "unknown"))
        if event == "end_array":
            return _Shape("scryfall-cards")
    return _Shape("unknown")


def _object_shape(events: Iterator[tuple[str, str, Any]]) -> _Shape:
    """A document that is an object: a Scryfall list (`object: list`, or a `data` array), or an MTGJSON
    file (its `meta`, then `data`)."""
    meta: dict[str, Any] = {}
    for prefix, event, value in events:
        if prefix == "object" and value == "list":
            return _Shape("scryfall-list")
        if prefix.startswith("meta.") and event in ("string", "number"):
            meta[prefix[5:]] = value
        if prefix == "data" and event == "start_array":
            return _Shape("scryfall-list", meta)
        if prefix == "data" and event == "map_key":
            return _mtgjson_shape(events, value, meta)
    return _Shape("unknown", meta)


def _mtgjson_shape(events: Iterator[tuple[str, str, Any]], key: str, meta: dict[str, Any]) -> _Shape:
    """MTGJSON's `data`, told by its first key (`key`) and what follows it: a set's fields, AllPrintings'
    sets, AtomicCards' card names (each an array) or AllPrices' printings (paper, mtgo)."""
    for prefix, event, value in events:
        if prefix == "data" and event == "map_key" and key in ("cards", "code", "baseSetSize"):
            return _Shape("mtgjson-set", meta)
        if prefix == f"data.{key}" and event == "start_array":
            return _Shape("mtgjson-atomic", meta)
        if prefix == f"data.{key}" and event == "map_key":
            if value in ("paper", "mtgo"):
                return _Shape("mtgjson-prices", meta)
            if value in ("baseSetSize", "cards", "code", "name", "booster", "block"):
                return _Shape("mtgjson-allprintings", meta)
        if prefix == "data" and event == "map_key" and key in ("cards", "code", "baseSetSize", "block"):
            return _Shape("mtgjson-set", meta)
    return _Shape("mtgjson-set" if key in ("baseSetSize", "block", "booster", "cards", "code") else "unknown", meta)


def detect_format(path: str | Path) -> str:
    path = Path(path)
    if is_tar(path):
        return "mtgjson-set-tar"
    with open_binary(path) as stream:
        return _peek_shape(stream, str(path)).kind


def read_source(path: str | Path) -> Iterator[Item]:
    """Stream the batches of one data file (or of every JSON member of a tar)."""
    path = Path(path)
    if not path.exists():
        raise DataFileError(str(path), "no such file")
    try:
        if is_tar(path):
            for name, member in tar_members(path):
                yield from _read_stream(member, f"{path}:{name}")
            return
    except _STREAM_ERRORS as exc:
        raise DataFileError(str(path), f"the archive is damaged or truncated ({exc})") from None
    with open_binary(path) as stream:
        yield from _read_stream(stream, str(path))


def _read_stream(stream: ByteStream, source: str) -> Iterator[Item]:
    # ijson needs to read the head twice: once to tell the format, once to parse; buffer the head.
    head = stream.read(1 << 16)
    try:
        shape = _peek_shape(io.BytesIO(head), source)
    except DataFileError:
        if len(head) < (1 << 16):
            raise
        shape = _Shape("unknown")
    if shape.kind == "unknown":
        raise DataFileError(
            source,
            "not a format Tolaria reads (MTGJSON AllPrintings, set file, AtomicCards, "
            "AllPrices, or Scryfall cards / rulings)",
            record=0,
        )
    full = _Chain(head, stream)
    reader = _READERS[shape.kind]
    state: _ReadState = {"record": 0}
    try:
        yield SourceMeta(
            kind=shape.kind, date=str(shape.meta.get("date", "")), version=str(shape.meta.get("version", ""))
        )
        yield from reader(full, source, state)
    except DataFileError:
        raise
    except _STREAM_ERRORS as exc:
        raise DataFileError(source, f"the file is truncated or corrupt ({exc})", record=state["record"] + 1) from None


class _Chain(io.RawIOBase):
    """A readable stream of some buffered bytes followed by the rest of another stream."""

    def __init__(self, head: bytes, rest: ByteStream):
        self._head = io.BytesIO(head)
        self._rest = rest

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: WriteableBuffer) -> int:
        view = memoryview(buffer)
        data = self._head.read(len(view)) or self._rest.read(len(view))
        view[: len(data)] = data
        return len(data)


def _read_allprintings(stream: ByteStream, source: str, state: _ReadState) -> Iterator[Item]:
    melds = state.setdefault("melds", {})
    for _code, data in ijson.kvitems(stream, "data", use_float=True):
        batch = set_batch(data, source, first_record=state["record"] + 1, melds=melds)
        state["record"] += batch.records
        yield batch
        yield from _tokens(data, source)


def _read_set_file(stream: ByteStream, source: str, state: _ReadState) -> Iterator[Item]:
    for data in ijson.items(stream, "data", use_float=True):
        batch = set_batch(data, source, first_record=state["record"] + 1)
        state["record"] += batch.records
        yield batch
        yield from _tokens(data, source)


def _tokens(data: dict[str, Any], source: str) -> Iterator[Item]:
    """The set's tokens and emblems, as a batch of its token set (extras)."""
    batch = token_batch(data, source)
    if batch is not None:
        yield batch


def _read_atomic(stream: ByteStream, source: str, state: _ReadState) -> Iterator[Item]:
    cards: list[Card] = []
    for name, records in ijson.kvitems(stream, "data", use_float=True):
        state["record"] += 1
        if not isinstance(records, list) or not records:
            raise DataFileError(source, "expected a list of faces", record=state["record"], field=name)
        for face in records:
            if not isinstance(face, dict):
                raise DataFileError(
                    source, f"expected a face object, found {type(face).__name__}", record=state["record"], field=name
                )
            check_shapes(face, MTGJSON_SHAPES, source, state["record"])
        try:
            cards.append(atomic_cards(name, records))
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise DataFileError(source, f"cannot read this card ({exc})", record=state["record"], field=name) from exc
        if len(cards) >= SCRYFALL_BATCH:
            yield CardsOnly(cards, len(cards))
            cards = []
    if cards:
        yield CardsOnly(cards, len(cards))


def _read_mtgjson_prices(stream: ByteStream, source: str, state: _ReadState) -> Iterator[Item]:
    points: list[PricePoint] = []
    for uuid_, entry in ijson.kvitems(stream, "data", use_float=True):
        state["record"] += 1
        if not isinstance(entry, dict):
            raise DataFileError(source, "expected a price object", record=state["record"], field=uuid_)
        try:
            points.extend(prices_from_mtgjson(uuid_, entry))
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise DataFileError(
                source, f"cannot read these prices ({exc})", record=state["record"], field=uuid_
            ) from exc
        if len(points) >= SCRYFALL_BATCH * 5:
            yield PriceBatch(points, "mtgjson_uuid", len(points))
            points = []
    if points:
        yield PriceBatch(points, "mtgjson_uuid", len(points))


def _scryfall_cards(objects: Iterable[Any], source: str, state: _ReadState) -> Iterator[Item]:
    chunk: list[dict[str, Any]] = []
    for data in objects:
        state["record"] += 1
        if not isinstance(data, dict) or data.get("object") != "card":
            raise DataFileError(source, "expected a Scryfall card object", record=state["record"], field="object")
        if data.get("layout") in NOT_CARDS:
            continue
        for key in ("id", "name", "set"):
            if key not in data:
                raise DataFileError(source, "missing", record=state["record"], field=key)
        check_shapes(data, SCRYFALL_SHAPES, source, state["record"])
        chunk.append(data)
        if len(chunk) >= SCRYFALL_BATCH:
            yield from _scryfall_batches(chunk, source, state)
            chunk = []
    if chunk:
        yield from _scryfall_batches(chunk, source, state)


def _scryfall_batches(chunk: list[dict[str, Any]], source: str, state: _ReadState) -> Iterator[SetBatch]:
    by_set: dict[str, SetBatch] = {}
    parts = {
        d["oracle_id"]: [p["name"] for p in d.get("all_parts") or () if p.get("component") == "meld_part"]
        for d in chunk
        if d.get("layout") == "meld"
        and d.get("oracle_id")
        and any(p.get("component") == "meld_result" and p.get("name") == d["name"] for p in d.get("all_parts") or ())
    }
    cards_of_chunk: list[Card] = []
    for data in chunk:
        try:
            card, printing = scryfall_card(data)
            cards_of_chunk.append(card)
        except (KeyError, ValueError, TypeError, AttributeError) as exc:
            raise DataFileError(
                source, f"cannot read this card ({exc})", record=state["record"], field=data.get("name")
            ) from exc
        batch = by_set.get(data["set"])
        if batch is None:
            batch = by_set[data["set"]] = SetBatch(scryfall_set(data), [], [], 0, source, complete=False)
        batch.cards.append(card)
        batch.printings.append(printing)
        batch.records += 1
    meld_backs(cards_of_chunk, lambda card: parts.get(card.oracle_id, []), state.setdefault("melds", {}))
    yield from by_set.values()


def _read_scryfall_cards(stream: ByteStream, source: str, state: _ReadState) -> Iterator[Item]:
    yield from _scryfall_cards(ijson.items(stream, "item", use_float=True), source, state)


def _read_scryfall_list(stream: ByteStream, source: str, state: _ReadState) -> Iterator[Item]:
    yield from _scryfall_cards(ijson.items(stream, "data.item", use_float=True), source, state)


def _read_scryfall_rulings(stream: ByteStream, source: str, state: _ReadState) -> Iterator[Item]:
    rulings: dict[str, list[Ruling]] = {}
    count = 0
    for data in ijson.items(stream, "item"):
        state["record"] += 1
        if not isinstance(data, dict) or data.get("object") != "ruling":
            raise DataFileError(source, "expected a Scryfall ruling object", record=state["record"], field="object")
        for key in ("oracle_id", "published_at", "comment"):
            if key not in data:
                raise DataFileError(source, "missing", record=state["record"], field=key)
        oracle_id, ruling = scryfall_ruling(data)
        rulings.setdefault(oracle_id, []).append(ruling)
        count += 1
    yield RulingsBatch(rulings, count)


_READERS = {
    "mtgjson-allprintings": _read_allprintings,
    "mtgjson-set": _read_set_file,
    "mtgjson-atomic": _read_atomic,
    "mtgjson-prices": _read_mtgjson_prices,
    "scryfall-cards": _read_scryfall_cards,
    "scryfall-list": _read_scryfall_list,
    "scryfall-rulings": _read_scryfall_rulings,
}


def _add_set(corpus: Corpus, batch: SetBatch, judged: FileLegalities) -> None:
    """A set's cards and printings into the corpus: a card read again keeps the rulings it had, a token
    made in several sets names every set's makers."""
    corpus.sets[batch.card_set.code] = batch.card_set
    for card in batch.cards:
        previous = corpus.cards.get(card.oracle_id)
        if previous is not None and not card.rulings:
            card.rulings = previous.rulings
        extra = corpus.extras.get(card.oracle_id)
        if extra is not None:
            card.made_by = tuple(dict.fromkeys([*extra.made_by, *card.made_by]))
        judged.add(card)
        corpus.add_card(card)
    for printing in batch.printings:
        corpus.add_printing(printing)


def read_corpus(*paths: str | Path) -> Corpus:
    """Read card files into one in-memory Corpus (later files win), e.g. for tests and the index."""
    corpus = Corpus()
    for path in paths:
        judged = FileLegalities()
        for item in read_source(path):
            if isinstance(item, SourceMeta):
                corpus.data_date = max(corpus.data_date, item.date)
            elif isinstance(item, SetBatch):
                _add_set(corpus, item, judged)
            elif isinstance(item, RulingsBatch):
                for oracle_id, rulings in item.rulings.items():
                    if oracle_id in corpus.cards:
                        corpus.cards[oracle_id].rulings = rulings
            elif isinstance(item, CardsOnly):
                for card in item.cards:
                    judged.add(card)
                    corpus.cards[card.oracle_id] = card
        judged.close()
    return corpus
