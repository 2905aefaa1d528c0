"""A deck written in the formats other tools read (tolaria.decks writes them), and the public decks."""

from __future__ import annotations

import dataclasses

from tolaria import decks
from tolaria.site.catalog import repository

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


def export_deck(deck: Deck, kind: str) -> tuple[str, str, str]:
    """(text, content type, file name) of the deck in `kind` (a key of EXPORT_FORMATS)."""
    if kind not in EXPORT_FORMATS:
        raise CollectionError("Export formats are " + ", ".join(EXPORT_FORMATS) + ".")
    entries = deck_entries(deck)
    if kind == "mtgo":
        entries = _with_mtgo_ids(entries)
    slug = "".join(ch if ch.isalnum() else "-" for ch in deck.name).strip("-") or "deck"
    _, content_type, suffix = EXPORT_FORMATS[kind]
    text = decks.export_deck(
        entries, _EXPORT_KIND.get(kind, kind), set_names=_set_names(entries), set_codes=set_codes()
    )
    return text, content_type, f"{slug}{suffix}"


def _with_mtgo_ids(entries: list[decks.Entry]) -> list[decks.Entry]:
    """MTGO cannot read a .dek line without a CatID (Draftmancer#346, dr4ft#1454): a row whose printing
    has no MTGO id (or that names no printing) takes the MTGO id of another printing of the card, the
    most preferred that has one (the default printing first; the foil id for a foil row where MTGO has
    one). A row of a card MTGO never had keeps none."""
    missing = [e for e in entries if not decks.cat_id_of(e)]
    if not missing:
        return entries
    by_card = printings_by_preference(e.card.oracle_id for e in missing)
    out = []
    for e in entries:
        if not decks.cat_id_of(e):
            ids = [p.identifiers or {} for p in by_card.get(e.card.oracle_id, [])]
            foil = [i["mtgo_foil_id"] for i in ids if i.get("mtgo_foil_id")] if e.finish == decks.FOIL else []
            plain = [i["mtgo_id"] for i in ids if i.get("mtgo_id")]
            found = (foil or plain or [""])[0]
            if found:
                e = dataclasses.replace(e, cat_id=str(found))
        out.append(e)
    return out


def _set_names(entries) -> dict[str, str]:
    codes = {e.printing.set_code for e in entries if e.printing is not None}
    return repository.set_titles(codes)


def public_decks(limit: int = 50):
    return Deck.objects.filter(visibility=PUBLIC).select_related("owner")[:limit]
