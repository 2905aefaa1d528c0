"""What the CLI, the pages and the API ask of the catalog: lookups by name; and its one writer besides
the ingest (`ingest.py`): the tags the after-ingest pass computes. (That pass, and the stores built
after an ingest, live in tolaria.site.stores: the catalog depends on nothing built from it.)"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

from django.db import transaction

from tolaria.cards import Card, NameTable
from tolaria.rules.explain import explanation_lines

from . import models as m
from .ingest import insert_rows
from .repository import card as load_card
from .repository import corpus_version

_DELETE_CHUNK = 900  # ids a query names at most (SQLite's limit on a statement's variables is 999)


def _name_tables() -> tuple[dict[str, str], dict[str, str]]:
    """(lower-cased card and face names -> oracle id, oracle id -> card name), read once per corpus
    version: a worker sees the names an ingest in another process added."""
    return _name_tables_of(corpus_version())


@functools.lru_cache(maxsize=1)
def _name_tables_of(version: int) -> tuple[dict[str, str], dict[str, str]]:
    names: dict[str, str] = {}
    by_id: dict[str, str] = {}
    for oid, name in m.OracleCard.objects.filter(extra=False).values_list("oracle_id", "name"):
        by_id[oid] = name
        names.setdefault(name.lower(), oid)
    # a face's name after every card's: "Bind" is the card Bind, not the face of Bind // Liberate
    for oid, name in by_id.items():
        if " // " in name:
            for face in name.split(" // "):
                names.setdefault(face.lower(), oid)
    return names, by_id


def replace_card_tags(
    tags: dict[str, list], *, only: Sequence[str] | None = None, then: Callable[[], None] | None = None
) -> None:
    """Store tags (oracle id -> its tolaria.tags.CardTag objects) in one transaction: in place of every
    stored tag, or with ``only`` in place of the tags of those cards (the cards tagged again and the cards
    gone; the others keep theirs). ``then`` runs inside the same transaction (the pass's record of what
    it tagged, so the two never disagree)."""
    rows = [
        m.CardTag(card_id=oracle_id, tag_id=tag.id, kind=tag.kind, data=m.dumps(tag.to_dict()))
        for oracle_id, card_tags in tags.items()
        for tag in card_tags
    ]
    with transaction.atomic():
        if only is None:
            m.CardTag.objects.all().delete()
        else:
            for start in range(0, len(only), _DELETE_CHUNK):
                m.CardTag.objects.filter(card_id__in=only[start : start + _DELETE_CHUNK]).delete()
        insert_rows(m.CardTag, rows)
        if then is not None:
            then()


def card_names() -> dict[str, str]:
    """Lower-cased card and face names -> oracle id."""
    return _name_tables()[0]


def name_table() -> NameTable[str]:
    """Card and face names, folded as everywhere (tolaria.cards.fold_name), to oracle ids; once per corpus version."""
    return _name_table_of(corpus_version())


@functools.lru_cache(maxsize=1)
def _name_table_of(version: int) -> NameTable[str]:
    rows = m.OracleCard.objects.filter(extra=False).values_list("oracle_id", "name")  # no token is a card name
    return NameTable((oid, name, name.split(" // ")) for oid, name in rows)


def set_name_table(code: str) -> NameTable[str]:
    """The names of the cards printed in one set, folded the same way (Scryfall's fuzzy name with `set`)."""
    return _set_name_table_of(corpus_version(), code.lower())


@functools.lru_cache(maxsize=32)
def _set_name_table_of(version: int, code: str) -> NameTable[str]:
    rows = m.OracleCard.objects.filter(printings__set_code=code).distinct().values_list("oracle_id", "name")
    return NameTable((oid, name, name.split(" // ")) for oid, name in rows)


def card_named(name: str) -> str | None:
    """Oracle id of the card (or face) with this name, case, accents and punctuation aside."""
    return name_table().exact(name)


def suggest_names(text: str, limit: int = 5) -> list[str]:
    """The card names closest to a near miss, best first."""
    return name_table().suggestions(text, limit)


def find_card(name: str) -> tuple[Card | None, list[str]]:
    """The card a person means by `name`: the exact name (folded), else Scryfall's fuzzy lookup as
    /api/cards/named?fuzzy= answers it ("light bolt" is Lightning Bolt); else None and the names it
    could be (several equally) or the closest ones."""
    oracle_id = card_named(name)
    if oracle_id:
        return load_card(oracle_id), []
    match = name_table().fuzzy(name)
    if match.status == "found" and match.key is not None:
        return load_card(match.key), []
    return None, list(match.candidates)[:5] or suggest_names(name)


def card_text(card: Card, *, explain: bool = False) -> str:
    lines: list[str] = []
    for index, face in enumerate(card.faces):
        if index:
            lines.append("//")
        head = face.name + (f"  {face.mana_cost}" if face.mana_cost else "")
        lines += [head, face.type_line]
        if face.oracle_text:
            lines.append(face.oracle_text)
        if face.power is not None:
            lines.append(f"{face.power}/{face.toughness}")
        if face.loyalty is not None:
            lines.append(f"Loyalty: {face.loyalty}")
        if face.defense is not None:
            lines.append(f"Defense: {face.defense}")
    lines.append("")
    lines.append(f"Mana value {card.mana_value:g} · color identity {''.join(card.color_identity) or 'colorless'}")
    legal = [f for f, s in sorted(card.legalities.items()) if s == "legal"]
    banned = [f for f, s in sorted(card.legalities.items()) if s in ("banned", "restricted")]
    lines.append("Legal in: " + (", ".join(legal) or "no format"))
    if banned:
        lines.append("Banned or restricted in: " + ", ".join(f"{f} ({card.legalities[f]})" for f in banned))
    if card.rulings:
        lines.append(f"Rulings ({len(card.rulings)}):")
        lines += [f"  {r.date}  {r.text}" for r in card.rulings]
    if explain:
        lines.append("")
        lines += explanation_lines(card)
    return "\n".join(lines)
