"""A deck written in the formats other tools read (tolaria.decks writes them), and the public decks."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from dataclasses import dataclass

import orjson

from tolaria import decks
from tolaria.site.catalog import repository
from tolaria.site.stores.corpus_cache import CorpusCache

from ..models import (
    PUBLIC,
    Deck,
)
from .cards import CollectionError, printings_by_preference, set_codes
from .decks import deck_entries

EXPORT_FORMATS = {
    "text": ("Plain text", "text/plain; charset=utf-8", ".txt"),
    "arena": ("MTG Arena", "text/plain; charset=utf-8", "-arena.txt"),
    "mtgo": ("MTGO (.dek)", "application/xml; charset=utf-8", ".dek"),
    "mtgo_txt": ("MTGO (.txt)", "text/plain; charset=utf-8", "-mtgo.txt"),
    "moxfield": ("Moxfield", "text/plain; charset=utf-8", "-moxfield.txt"),
    "archidekt": ("Archidekt", "text/plain; charset=utf-8", "-archidekt.txt"),
    "csv_moxfield": ("Moxfield CSV", "text/csv; charset=utf-8", "-moxfield.csv"),
    "csv_archidekt": ("Archidekt CSV", "text/csv; charset=utf-8", "-archidekt.csv"),
    "csv_deckbox": ("Deckbox CSV", "text/csv; charset=utf-8", "-deckbox.csv"),
    "csv_manabox": ("ManaBox CSV", "text/csv; charset=utf-8", "-manabox.csv"),
}

_EXPORT_KIND = {"mtgo": "mtgo_dek", "mtgo_txt": "mtgo"}  # the site's export names -> decks' format keys


@dataclass(frozen=True, slots=True)
class DeckExport:
    text: str
    content_type: str
    filename: str
    left_out: list[str]  # what the format has no place for, in words ([]: every row is in the file)


def export_deck(deck: Deck, kind: str) -> tuple[str, str, str]:
    """(text, content type, file name) of the deck in `kind` (a key of EXPORT_FORMATS)."""
    done = deck_export(deck, kind)
    return done.text, done.content_type, done.filename


# The exports a worker wrote, by what they were written from (revision_key): a deck exported again unchanged
# (a tool polling it, the same file downloaded twice) is not written again; any change to a row or an
# unresolved line, its name or the corpus version is another key. Least recently used out first.
_EXPORTS = CorpusCache(size=48)


def deck_export(deck: Deck, kind: str) -> DeckExport:
    """The deck in `kind`, every row in it: the lines an import could not place (unresolved) and rows of
    cards the data no longer has are written back by the name pasted; `left_out` says what the format has
    no place for (a maybeboard in Arena, MTGO .txt, ManaBox). Written once per revision of the deck."""
    if kind not in EXPORT_FORMATS:
        raise CollectionError("Export formats are " + ", ".join(EXPORT_FORMATS) + ".")
    rows, waiting = list(deck.cards.all()), list(deck.unresolved.all())
    key = (revision_key(deck, rows, waiting), kind)
    return _EXPORTS.get_many([key], lambda _: {key: _written(deck, kind, rows, waiting)})[key]


def revision_key(deck: Deck, rows=None, waiting=None) -> str:
    """A digest of everything a deck's export is written from: every field of its rows and unresolved lines,
    its name and format, and the corpus version (the cards' data). Equal keys, equal files."""
    rows = list(deck.cards.all()) if rows is None else rows
    waiting = list(deck.unresolved.all()) if waiting is None else waiting
    fields = [[getattr(o, f.attname) for f in o._meta.concrete_fields] for o in (*rows, *waiting)]
    head = [deck.pk, deck.name, deck.format, repository.corpus_version(), len(rows)]
    return hashlib.blake2b(orjson.dumps([head, fields], default=str), digest_size=16).hexdigest()


def _written(deck: Deck, kind: str, rows, waiting) -> DeckExport:
    entries = _every_row(deck, rows, waiting)
    if kind == "mtgo":
        entries = _with_mtgo_ids(entries)
    slug = "".join(ch if ch.isalnum() else "-" for ch in deck.name).strip("-") or "deck"
    _, content_type, suffix = EXPORT_FORMATS[kind]
    core_kind = _EXPORT_KIND.get(kind, kind)
    text = decks.export_deck(entries, core_kind, set_names=_set_names(entries), set_codes=set_codes())
    return DeckExport(text, content_type, f"{slug}{suffix}", decks.left_out(entries, core_kind))


def _every_row(deck: Deck, rows=None, waiting_lines=None) -> list[decks.Entry]:
    """The deck's rows as entries, then what names no card of the data: rows whose card a later data lost
    (by the name kept beside them) and the import's unresolved lines (as pasted)."""
    rows = list(deck.cards.all()) if rows is None else rows
    waiting_lines = list(deck.unresolved.all()) if waiting_lines is None else waiting_lines
    known = deck_entries(deck, rows)
    kept = {e.card.oracle_id for e in known}
    lost = [
        decks.unresolved_entry(
            r.card_name,
            r.quantity,
            r.zone,
            set_code=r.set_code,
            collector_number=r.collector_number,
            finish=r.finish,
            tags=tuple(r.tags),
        )
        for r in rows
        if r.oracle_id not in kept
    ]
    waiting = [
        decks.unresolved_entry(
            u.name,
            u.quantity,
            u.zone if u.zone in decks.ZONES else decks.MAIN,
            set_code=u.set_code,
            collector_number=u.collector_number,
            finish=u.finish,
            tags=tuple(u.tags),
        )
        for u in waiting_lines
    ]
    return known + lost + waiting


def _with_mtgo_ids(entries: list[decks.Entry]) -> list[decks.Entry]:
    """MTGO cannot read a .dek line without a CatID (Draftmancer#346, dr4ft#1454): a row whose printing
    has no MTGO id (or that names no printing) takes the MTGO id of another printing of the card, the
    most preferred that has one (the default printing first; the foil id for a foil row where MTGO has
    one). A row of a card MTGO never had keeps none."""
    missing = [e for e in entries if not decks.cat_id_of(e) and not e.unresolved]
    if not missing:
        return entries
    by_card = printings_by_preference((e.card.oracle_id for e in missing), on_mtgo=True)
    out = []
    for e in entries:
        if not decks.cat_id_of(e) and not e.unresolved:
            ids = [p.identifiers or {} for p in by_card.get(e.card.oracle_id, [])]
            foil = [i["mtgo_foil_id"] for i in ids if i.get("mtgo_foil_id")] if e.finish == decks.FOIL else []
            plain = [i["mtgo_id"] for i in ids if i.get("mtgo_id")]
            found = (foil or plain or [""])[0]
            if found:
                e = dataclasses.replace(e, cat_id=str(found))
        out.append(e)
    return out


LEFT_OUT_HEADER = "X-Tolaria-Left-Out"


def left_out_header(notes: list[str]) -> str:
    """`left_out` as one header value (printable ASCII: a card name may be anything)."""
    return re.sub(r"[^\x20-\x7e]", "?", " ".join(notes))[:2000]


def export_left_out(view) -> list[tuple[str, str]]:
    """(format label, what it leaves out) for the deck page, from its DeckView (rows and unresolved lines)."""
    entries = list(view.entries) + [
        decks.unresolved_entry(u.name, u.quantity, u.zone) for u in view.unresolved if u.zone == decks.MAYBEBOARD
    ]
    out = []
    for kind, (label, _, _) in EXPORT_FORMATS.items():
        out += [(label, note) for note in decks.left_out(entries, _EXPORT_KIND.get(kind, kind))]
    return out


def _set_names(entries) -> dict[str, str]:
    codes = {e.printing.set_code for e in entries if e.printing is not None}
    return repository.set_titles(codes)


def public_decks(limit: int = 50):
    return Deck.objects.filter(visibility=PUBLIC).select_related("owner")[:limit]
