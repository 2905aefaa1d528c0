"""What a card page reads from the database, in two queries at most: one for the printing asked for
(its id, its card and its price points), one for everything of its card (the card, its rulings, every
printing, the printed names in other languages, the tags). The card's part is kept in the worker's
CorpusCache (emptied when the corpus version moves on), so a page of a card seen before costs one
query. The sets come from the worker's card index (it holds every set of its corpus); only sets it
does not know yet (an index behind the database) are read.
"""

from __future__ import annotations

from dataclasses import dataclass

import orjson
from django.db import connection

from tolaria.cards import Card, Ruling

from ..catalog import models as m
from .card_index import current_index, set_lookup
from .corpus_cache import CorpusCache


@dataclass(frozen=True)
class CardData:
    """A card's part of its pages: the same for each of its printings."""

    card: Card
    printings: list[dict]  # Printing.to_dict() of each printing, newest first
    sets: dict[str, dict]  # set code -> {"name", "keyrune_code"} of the sets they are in
    foreign: list[tuple[str, str, str]]  # (printing id, language, printed name)
    tags: list[dict]  # the stored tags as the API returns them


@dataclass(frozen=True)
class PageData:
    printing_id: str
    card: CardData
    price_points: list[tuple[str, float | None, float | None]]  # (date, usd, eur), oldest first


_CARDS = CorpusCache(size=2000)


def forget() -> None:
    """Forget the cards read so far (tests)."""
    _CARDS.forget()


def page_data(set_code: str, number: str) -> PageData | None:
    """The printing numbered `number` in the set and its card, or None when there is no such printing."""
    rows = list(
        m.Printing.objects.filter(set_code=set_code, collector_number=number)
        .order_by("id", "price_points__date")
        .values_list("id", "card_id", "price_points__date", "price_points__usd", "price_points__eur")
    )
    if not rows:
        return None
    printing_id, oracle_id = rows[0][0], rows[0][1]
    points = [(date, usd, eur) for pid, _, date, usd, eur in rows if pid == printing_id and date is not None]
    card = _CARDS.get_many([oracle_id], _load_cards).get(oracle_id)
    if card is None:  # the printing was written after its card was read: read the card again
        card = _load_cards([oracle_id])[oracle_id]
    return PageData(printing_id=printing_id, card=card, price_points=points)


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _card_query() -> str:
    """Every row of one card, as (kind, key, a, b, c, n): one statement on SQLite and PostgreSQL."""
    card, ruling, printing = _table(m.OracleCard), _table(m.Ruling), _table(m.Printing)
    foreign, tag = _table(m.ForeignPrinting), _table(m.CardTag)
    text = "CAST(NULL AS TEXT)"
    return f"""
        SELECT 'c' AS kind, oracle_id AS k, data AS a, {text} AS b, {text} AS c, CAST(NULL AS INTEGER) AS n
          FROM {card} WHERE oracle_id = %s
        UNION ALL
        SELECT 'r', {text}, date, source, text, position FROM {ruling} WHERE card_id = %s
        UNION ALL
        SELECT 'p', id, data, {text}, {text}, NULL FROM {printing} WHERE card_id = %s
        UNION ALL
        SELECT 'f', f.printing_id, f.lang, f.name, {text}, NULL
          FROM {foreign} f JOIN {printing} p ON f.printing_id = p.id WHERE p.card_id = %s
        UNION ALL
        SELECT 't', {text}, data, {text}, {text}, id FROM {tag} WHERE card_id = %s
    """


def _load_cards(oracle_ids: list) -> dict:
    out = {}
    for oracle_id in oracle_ids:
        with connection.cursor() as cursor:
            cursor.execute(_card_query(), [oracle_id] * 5)
            rows = cursor.fetchall()
        data = None
        rulings: list[tuple[int, Ruling]] = []
        printings: list[dict] = []
        foreign: list[tuple[str, str, str]] = []
        tags: list[tuple[int, dict]] = []
        for kind, key, a, b, c, n in rows:
            if kind == "c":
                data = a
            elif kind == "r":
                rulings.append((n, Ruling(date=a, source=b, text=c)))
            elif kind == "p":
                printings.append(orjson.loads(a))
            elif kind == "f":
                foreign.append((key, a, b))
            else:
                tags.append((n, orjson.loads(a)))
        if data is None:
            continue
        card = Card.from_dict(orjson.loads(data))
        card.rulings = [r for _, r in sorted(rulings, key=lambda x: x[0])]
        printings.sort(key=lambda x: (x["released_at"], x["set_code"], x["collector_number"]), reverse=True)
        out[oracle_id] = CardData(
            card=card,
            printings=printings,
            sets=_sets({x["set_code"] for x in printings}),
            foreign=foreign,
            tags=[t for _, t in sorted(tags, key=lambda x: x[0])],
        )
    return out


def _sets(codes: set[str]) -> dict[str, dict]:
    """Name and keyrune code of each set: from the worker's card index, the rest from the database."""
    known = set_lookup(current_index())
    found = {code: known[code] for code in codes if code in known}
    missing = codes - set(found)
    if missing:
        for code, data in m.CardSet.objects.filter(code__in=missing).values_list("code", "data"):
            d = orjson.loads(data)
            found[code] = {"name": d.get("name", ""), "keyrune_code": d.get("keyrune_code", "")}
    return found
