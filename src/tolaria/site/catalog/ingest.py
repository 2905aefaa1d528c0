"""Ingest data files into the database: read everything first, then write in one transaction.

Reading can fail on any record of any file (truncated, corrupt, wrongly shaped); since nothing is
written until every file has been read, and the writes share one transaction, a failure leaves
the previous data exactly as it was. Unchanged rows are compared by their JSON text and not
written, so re-ingesting the same file changes nothing.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import orjson
from django.db import connection, transaction
from tqdm import tqdm

from tolaria.cards import (
    Card,
    CardSet,
    CardsOnly,
    FileLegalities,
    PriceBatch,
    PricePoint,
    Printing,
    Ruling,
    RulingsBatch,
    SetBatch,
    SourceMeta,
    read_source,
)

from . import models as m
from .models import dumps

BATCH = 2000


@dataclass
class Counts:
    added: int = 0
    changed: int = 0
    removed: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"added": self.added, "changed": self.changed, "removed": self.removed}


@dataclass
class IngestSummary:
    sources: list[str]
    records: int = 0  # card records (one per face of each printing)
    extra_records: int = 0  # token and emblem records (MTGJSON's set `tokens`)
    seconds: float = 0.0  # reading and writing
    read_seconds: float = 0.0  # reading the files
    data_date: str = ""
    version: int = 0
    cards: Counts = field(default_factory=Counts)
    printings: Counts = field(default_factory=Counts)
    foreign_printings: Counts = field(default_factory=Counts)  # printings in other languages (foreignData)
    rulings: Counts = field(default_factory=Counts)
    sets: Counts = field(default_factory=Counts)
    price_points: Counts = field(default_factory=Counts)
    unmatched_prices: int = 0
    derived_seconds: dict[str, float] = field(default_factory=dict)  # tags, indexes: built after the writes

    @property
    def changed_anything(self) -> bool:
        return any(
            c.added or c.changed or c.removed
            for c in (self.cards, self.printings, self.foreign_printings, self.rulings, self.sets, self.price_points)
        )

    def as_dict(self) -> dict:
        return {
            "sources": self.sources,
            "records": self.records,
            "extra_records": self.extra_records,
            "seconds": round(self.seconds, 2),
            "read_seconds": round(self.read_seconds, 2),
            "write_seconds": round(self.seconds - self.read_seconds, 2),
            "data_date": self.data_date,
            "version": self.version,
            "cards": self.cards.as_dict(),
            "printings": self.printings.as_dict(),
            "foreign_printings": self.foreign_printings.as_dict(),
            "rulings": self.rulings.as_dict(),
            "sets": self.sets.as_dict(),
            "price_points": self.price_points.as_dict(),
            "unmatched_prices": self.unmatched_prices,
            "derived_seconds": dict(self.derived_seconds),
            "derived_skipped": dict(getattr(self.derived_seconds, "skipped", {})),
            "derived_notes": dict(getattr(self.derived_seconds, "notes", {})),
        }

    def lines(self) -> list[str]:
        out = [
            f"Read {self.records:,} records from {len(self.sources)} file(s) in {self.seconds:.1f} s"
            f" ({self.records / max(self.seconds, 1e-9):,.0f} records/s)"
            + (f", and {self.extra_records:,} records of tokens and emblems" if self.extra_records else "")
            + f" (read {self.read_seconds:.1f} s, written {self.seconds - self.read_seconds:.1f} s)."
        ]
        for name in ("cards", "printings", "foreign_printings", "rulings", "sets", "price_points"):
            c: Counts = getattr(self, name)
            out.append(f"{name.replace('_', ' ')}: {c.added:,} added, {c.changed:,} changed, {c.removed:,} removed")
        if self.unmatched_prices:
            out.append(f"{self.unmatched_prices:,} price points name printings that are not loaded; skipped")
        out.append(f"corpus version {self.version}" + ("" if self.changed_anything else " (nothing changed)"))
        if not self.changed_anything and not self.derived_seconds:
            out.append("Nothing changed: every store is current, no step was run.")
        notes = getattr(self.derived_seconds, "notes", {})
        skipped = getattr(self.derived_seconds, "skipped", {})
        if self.derived_seconds:
            out.append(
                "then built: "
                + ", ".join(
                    f"{step} {s:.1f} s" + (f" ({notes[step]})" if step in notes else "")
                    for step, s in self.derived_seconds.items()
                )
                + f" ({sum(self.derived_seconds.values()) + sum(skipped.values()):.1f} s in all)"
            )
        if skipped:
            out.append(
                "skipped, their inputs unchanged: " + ", ".join(f"{step} ({s:.1f} s)" for step, s in skipped.items())
            )
        return out


@dataclass
class _Read:
    """Everything read from the files, before any write."""

    cards: dict[str, Card] = field(default_factory=dict)
    printings: dict[str, Printing] = field(default_factory=dict)
    sets: dict[str, CardSet] = field(default_factory=dict)
    rulings: dict[str, list[Ruling]] = field(default_factory=dict)  # from rulings files
    price_points: list[tuple[str, PricePoint]] = field(default_factory=list)  # (key kind, point)
    scoped_sets: set[str] = field(default_factory=set)  # sets whose printings the files list completely
    data_date: str = ""
    records: int = 0
    extra_records: int = 0  # the records of tokens and emblems (MTGJSON's set `tokens`), apart from the cards'


def _progress(total_hint: int | None, *, enabled: bool):
    return tqdm(
        total=total_hint,
        unit=" records",
        unit_scale=True,
        disable=not enabled,
        file=sys.stderr,
        dynamic_ncols=True,
        mininterval=0.5,
    )


def read_files(paths: Sequence[str | Path], *, progress: bool = False, today: str | None = None) -> _Read:
    today = today or dt.date.today().isoformat()
    read = _Read()
    with _progress(None, enabled=progress) as bar:
        for path in paths:
            bar.set_description(Path(path).name)
            judged = FileLegalities()
            for item in read_source(path):
                _collect(read, item, today, judged)
                records = getattr(item, "records", 0)
                read.records += records
                read.extra_records += getattr(item, "extra_records", 0)
                bar.update(records + getattr(item, "extra_records", 0))
            judged.close()
    return read


def _collect(read: _Read, item, today: str, judged: FileLegalities) -> None:
    if isinstance(item, SourceMeta):
        read.data_date = max(read.data_date, item.date[:10])
    elif isinstance(item, SetBatch):
        read.sets[item.card_set.code] = item.card_set
        if item.complete:
            read.scoped_sets.add(item.card_set.code)
        for card in item.cards:
            previous = read.cards.get(card.oracle_id)
            if card.is_extra and previous is not None:  # a token made in several sets: every set's makers
                card.made_by = tuple(dict.fromkeys([*previous.made_by, *card.made_by]))
            judged.add(card)
            read.cards[card.oracle_id] = card
        for printing in item.printings:
            read.printings[printing.id] = printing
            if printing.prices is not None:
                printing.prices_date = today
                read.price_points.append(("scryfall_id", PricePoint(printing.id, today, printing.prices)))
    elif isinstance(item, RulingsBatch):
        read.rulings.update(item.rulings)
    elif isinstance(item, PriceBatch):
        read.price_points.extend((item.key, point) for point in item.points)
    elif isinstance(item, CardsOnly):
        for card in item.cards:
            judged.add(card)
            read.cards[card.oracle_id] = card


def ingest(
    paths: Sequence[str | Path], *, progress: bool = False, today: str | None = None, after_write=None
) -> IngestSummary:
    """Read the files and store what they hold; return what changed. Raises DataFileError untouched."""
    started = time.perf_counter()
    read = read_files(paths, progress=progress, today=today)
    summary = IngestSummary(
        sources=[str(p) for p in paths],
        read_seconds=time.perf_counter() - started,
        records=read.records,
        extra_records=read.extra_records,
        data_date=read.data_date,
    )
    with transaction.atomic():
        _write_sets(read, summary)
        _write_cards(read, summary)
        _write_printings(read, summary)
        _write_foreign_printings(read, summary)
        _write_rulings(read, summary)
        _write_prices(read, summary)
        _remove_missing(read, summary)
        last = m.IngestRun.objects.first()
        version = (last.version if last else 0) + (1 if summary.changed_anything else 0)
        summary.version = version
        summary.seconds = time.perf_counter() - started
        m.IngestRun.objects.create(
            version=version,
            sources="\n".join(summary.sources),
            data_date=read.data_date or (last.data_date if last else ""),
            summary=summary.as_dict(),
        )
        if after_write is not None:
            after_write(summary)
    summary.seconds = time.perf_counter() - started
    return summary


def _chunks(items: Sequence, size: int = BATCH) -> Iterable[Sequence]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def insert_rows(model, objects: Sequence) -> None:
    """Insert many rows with one prepared statement (executemany): several times faster than
    bulk_create for the hundred thousand rows of a full ingest, on SQLite and PostgreSQL alike."""
    if not objects:
        return
    fields = [
        f
        for f in model._meta.concrete_fields
        if not (f.primary_key and f.get_default() is None and getattr(objects[0], f.attname) is None)
    ]
    table = connection.ops.quote_name(model._meta.db_table)
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    marks = ", ".join(["%s"] * len(fields))
    rows = [[f.get_db_prep_save(getattr(obj, f.attname), connection) for f in fields] for obj in objects]
    with connection.cursor() as cursor:
        for chunk in _chunks(rows, 5000):
            cursor.executemany(f"INSERT INTO {table} ({columns}) VALUES ({marks})", chunk)


def _existing(model, keys: Iterable[str], key_field: str = "pk") -> dict[str, str]:
    """The stored JSON text of the rows with these keys."""
    found: dict[str, str] = {}
    keys = list(keys)
    for chunk in _chunks(keys, 900):  # SQLite's default variable limit is 999 in old builds
        for key, data in model.objects.filter(**{f"{key_field}__in": chunk}).values_list(key_field, "data"):
            found[key] = data
    return found


def _upsert(model, rows: dict[str, tuple[str, dict]], counts: Counts, update_fields: list[str]) -> None:
    """rows: key -> (json text, other column values). Insert new keys, update changed ones."""
    stored = _existing(model, rows)
    new, changed = [], []
    for key, (data, columns) in rows.items():
        if key not in stored:
            new.append(model(pk=key, data=data, **columns))
        elif stored[key] != data:
            changed.append(model(pk=key, data=data, **columns))
    insert_rows(model, new)
    for chunk in _chunks(changed):
        model.objects.bulk_update(chunk, ["data", *update_fields])
    counts.added += len(new)
    counts.changed += len(changed)


def _write_sets(read: _Read, summary: IngestSummary) -> None:
    rows = {
        code: (dumps(s), {"name": s.name, "set_type": s.set_type, "released_at": s.released_at})
        for code, s in read.sets.items()
    }
    _upsert(m.CardSet, rows, summary.sets, ["name", "set_type", "released_at"])


def _card_json(card: Card) -> str:
    """rulings have their own table; a token's makers are a set (every file that makes it names them in
    an order of its own, and a token made in several sets gathers them in the order the files were
    read): stored sorted, so the same makers read in another order change nothing"""
    return dumps(dataclasses.replace(card, rulings=[], made_by=tuple(sorted(card.made_by))))


def _write_cards(read: _Read, summary: IngestSummary) -> None:
    rows = {oid: (_card_json(card), {"name": card.name, "extra": card.is_extra}) for oid, card in read.cards.items()}
    _upsert(m.OracleCard, rows, summary.cards, ["name", "extra"])


def _write_printings(read: _Read, summary: IngestSummary) -> None:
    rows = {}
    for pid, p in read.printings.items():
        rows[pid] = (
            _printing_json(p),
            {
                "card_id": p.oracle_id,
                "set_code": p.set_code,
                "collector_number": p.collector_number,
                "released_at": p.released_at,
            },
        )
    # keep the latest stored price on a printing when this file carries none
    stored = _existing(m.Printing, rows)

    for pid, (_data, columns) in list(rows.items()):
        p = read.printings[pid]
        if p.prices is None and pid in stored:
            old = orjson.loads(stored[pid])
            if old.get("prices") is not None:
                p.prices_date = old.get("prices_date")
                rows[pid] = (dumps({**orjson.loads(_printing_json(p)), "prices": old["prices"]}), columns)
    _upsert(m.Printing, rows, summary.printings, ["card_id", "set_code", "collector_number", "released_at"])
    # one row per uuid: a uuid two printings of this read name goes to the later one (the later file's)
    owner = {u: pid for pid, p in read.printings.items() for u in p.mtgjson_uuids}
    uuids = [m.MtgjsonUuid(uuid=u, printing_id=pid) for u, pid in owner.items()]
    known = set()
    for chunk in _chunks([u.uuid for u in uuids], 900):
        known.update(m.MtgjsonUuid.objects.filter(uuid__in=chunk).values_list("uuid", flat=True))
    insert_rows(m.MtgjsonUuid, [u for u in uuids if u.uuid not in known])
    _write_external_ids(read)


def _printing_json(p: Printing) -> str:
    return dumps(dataclasses.replace(p, translations=()))  # the languages have their own table


def _write_foreign_printings(read: _Read, summary: IngestSummary) -> None:
    """The printings in other languages of each printing read: new and changed ones written, the
    ones a printing's file no longer lists removed (an unchanged file changes nothing)."""
    rows = {
        t.id: (dumps(t), {"printing_id": pid, "lang": t.lang, "name": t.name[:300]})
        for pid, p in read.printings.items()
        for t in p.translations
    }
    _upsert(m.ForeignPrinting, rows, summary.foreign_printings, ["printing_id", "lang", "name"])
    stale = []
    for chunk in _chunks(list(read.printings), 900):
        stale += [
            fid
            for fid in m.ForeignPrinting.objects.filter(printing_id__in=chunk).values_list("id", flat=True)
            if fid not in rows
        ]
    for chunk in _chunks(stale, 900):
        summary.foreign_printings.removed += m.ForeignPrinting.objects.filter(pk__in=chunk).delete()[0]


# Scryfall's lookup routes by kind; the mtgo route also answers a foil's own MTGO id
EXTERNAL_KINDS = {
    "mtgo_id": "mtgo",
    "mtgo_foil_id": "mtgo",
    "arena_id": "arena",
    "tcgplayer_id": "tcgplayer",
    "tcgplayer_etched_id": "tcgplayer",
    "cardmarket_id": "cardmarket",
}


def external_ids_of(p) -> set[tuple[str, str]]:
    """(kind, value) pairs a printing is found by in another catalogue."""
    pairs = {("multiverse", str(mid)) for mid in p.multiverse_ids}
    # a printing in another language is found through its English printing (the route then picks it)
    pairs |= {("multiverse", str(mid)) for t in p.translations for mid in t.multiverse_ids}
    for name, kind in EXTERNAL_KINDS.items():
        if p.identifiers.get(name) is not None:
            pairs.add((kind, str(p.identifiers[name])))
    return pairs


def _write_external_ids(read: _Read) -> None:
    """Make the stored ids of each printing read match what the file says (new ones in, stale ones out)."""
    wanted = {pid: external_ids_of(p) for pid, p in read.printings.items()}
    stored: dict[str, set[tuple[str, str]]] = {}
    for chunk in _chunks(list(wanted), 900):
        for pid, kind, value in m.ExternalId.objects.filter(printing_id__in=chunk).values_list(
            "printing_id", "kind", "value"
        ):
            stored.setdefault(pid, set()).add((kind, value))
    stale = [pid for pid, pairs in stored.items() if pairs - wanted[pid]]
    for chunk in _chunks(stale, 900):
        m.ExternalId.objects.filter(printing_id__in=chunk).delete()
    rows = []
    for pid, pairs in wanted.items():
        have = set() if pid in stale else stored.get(pid, set())
        rows += [m.ExternalId(kind=k, value=v, printing_id=pid) for k, v in sorted(pairs - have)]
    insert_rows(m.ExternalId, rows)


def _write_rulings(read: _Read, summary: IngestSummary) -> None:
    wanted: dict[str, list[Ruling]] = {oid: card.rulings for oid, card in read.cards.items()}
    for oid, rulings in read.rulings.items():
        wanted[oid] = rulings
    stored: dict[str, list[tuple[str, str, str]]] = {}
    for chunk in _chunks(list(wanted), 900):
        for oid, date, source, text in (
            m.Ruling.objects.filter(card_id__in=chunk)
            .order_by("card_id", "position")
            .values_list("card_id", "date", "source", "text")
        ):
            stored.setdefault(oid, []).append((date, source, text))
    known_cards = set(read.cards)
    missing = [oid for oid in read.rulings if oid not in known_cards]
    for chunk in _chunks(missing, 900):
        known_cards.update(m.OracleCard.objects.filter(pk__in=chunk).values_list("pk", flat=True))
    to_delete: list[str] = []
    to_add: list[m.Ruling] = []
    for oid, rulings in wanted.items():
        if oid not in known_cards:
            continue
        new = [(r.date, r.source, r.text) for r in rulings]
        old = stored.get(oid, [])
        if new == old:
            continue
        old_set, new_set = set(old), set(new)
        summary.rulings.added += len(new_set - old_set)
        summary.rulings.removed += len(old_set - new_set)
        if old:
            to_delete.append(oid)
        to_add.extend(m.Ruling(card_id=oid, position=i, date=d, source=s, text=t) for i, (d, s, t) in enumerate(new))
    for chunk in _chunks(to_delete, 900):
        m.Ruling.objects.filter(card_id__in=chunk).delete()
    insert_rows(m.Ruling, to_add)


_PRICE_FIELDS = ["usd", "usd_foil", "usd_etched", "eur", "eur_foil", "tix"]


def _points_by_printing_and_date(
    read: _Read, by_uuid: dict[str, str], summary: IngestSummary
) -> dict[tuple[str, str], PricePoint]:
    """The price points read, one per printing and date (MTGJSON's uuids told as printings; a point of no
    known printing counted as unmatched): two face records of one printing keep the first value of each field."""
    points: dict[tuple[str, str], PricePoint] = {}
    for kind, point in read.price_points:
        printing_id = by_uuid.get(point.printing_id) if kind == "mtgjson_uuid" else point.printing_id
        if printing_id is None:
            summary.unmatched_prices += 1
            continue
        key = (printing_id, point.date)
        merged = points.get(key)
        if merged is None:
            points[key] = PricePoint(printing_id, point.date, point.prices)
            continue
        for name in _PRICE_FIELDS:
            if getattr(merged.prices, name) is None:
                setattr(merged.prices, name, getattr(point.prices, name))
    return points


def _write_prices(read: _Read, summary: IngestSummary) -> None:
    if not read.price_points:
        return
    uuids = [p.printing_id for kind, p in read.price_points if kind == "mtgjson_uuid"]
    by_uuid: dict[str, str] = {}
    for chunk in _chunks(uuids, 900):
        by_uuid.update(m.MtgjsonUuid.objects.filter(uuid__in=chunk).values_list("uuid", "printing_id"))
    points = _points_by_printing_and_date(read, by_uuid, summary)
    known_printings = set()
    for chunk in _chunks(list({pid for pid, _ in points}), 900):
        known_printings.update(m.Printing.objects.filter(pk__in=chunk).values_list("pk", flat=True))
    stored = set()
    for chunk in _chunks(list(known_printings), 900):
        stored.update(m.PricePoint.objects.filter(printing_id__in=chunk).values_list("printing_id", "date"))
    rows = []
    for (pid, date), point in points.items():
        if pid not in known_printings:
            summary.unmatched_prices += 1
            continue
        if (pid, date) in stored:
            continue
        rows.append(m.PricePoint(printing_id=pid, date=date, **{f: getattr(point.prices, f) for f in _PRICE_FIELDS}))
    insert_rows(m.PricePoint, rows)
    summary.price_points.added += len(rows)
    _latest_prices_onto_printings(points, known_printings, summary)


def _latest_prices_onto_printings(points: dict[tuple[str, str], PricePoint], known: set[str], summary) -> None:
    """The search index reads a printing's current price from its JSON: keep the newest there."""

    newest: dict[str, PricePoint] = {}
    for (pid, date), point in points.items():
        if pid in known and (pid not in newest or date > newest[pid].date):
            newest[pid] = point
    for chunk in _chunks(list(newest), 900):
        updates = []
        for row in m.Printing.objects.filter(pk__in=chunk).only("id", "data"):
            data = orjson.loads(row.data)
            point = newest[row.pk]
            if data.get("prices_date") and data["prices_date"] > point.date:
                continue
            data["prices"] = {f: getattr(point.prices, f) for f in _PRICE_FIELDS}
            data["prices_date"] = point.date
            text = dumps(data)
            if text != row.data:
                row.data = text
                updates.append(row)
        m.Printing.objects.bulk_update(updates, ["data"])


def _remove_missing(read: _Read, summary: IngestSummary) -> None:
    """Printings of a set the files list in full but no longer hold are gone; so are cards left
    without any printing (only when the files carried printings)."""
    if not read.scoped_sets:
        return
    for chunk in _chunks(sorted(read.scoped_sets), 900):
        stale = (
            m.Printing.objects.filter(set_code__in=chunk).exclude(pk__in=list(read.printings))
            if len(read.printings) < 900
            else None
        )
        if stale is None:
            ids = set(m.Printing.objects.filter(set_code__in=chunk).values_list("pk", flat=True)) - set(read.printings)
            for id_chunk in _chunks(sorted(ids), 900):
                summary.printings.removed += (
                    m.Printing.objects.filter(pk__in=id_chunk).delete()[1].get("catalog.Printing", 0)
                )
        else:
            summary.printings.removed += stale.delete()[1].get("catalog.Printing", 0)
    orphans = m.OracleCard.objects.filter(printings__isnull=True)
    summary.cards.removed += orphans.delete()[1].get("catalog.OracleCard", 0)
