"""The catalog's selectors: every read of its tables, answered as domain objects (tolaria.cards), so no
other app decodes the JSON a row stores. (Its one writer is `ingest.py`.)"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import orjson
from django.db import connection
from django.db.models import Count

from tolaria.cards import LANG_CODES, Card, CardSet, Corpus, Printing, Ruling, Translation, default_printing

from . import models as m


def corpus_version() -> int:
    run = m.IngestRun.objects.only("version").first()
    return run.version if run else 0


def version_made_at(version: int):
    """When the ingest that made this corpus version finished (None before any)."""
    made = m.IngestRun.objects.filter(version=version).order_by("id").only("finished_at").first()
    return made.finished_at if made else None


def card_id_of(some_id: str) -> str | None:
    """The oracle id of a card named by its oracle id or by the id of one of its printings."""
    if m.OracleCard.objects.filter(pk=some_id).exists():
        return some_id
    return m.Printing.objects.filter(pk=some_id).values_list("card_id", flat=True).first()


def data_date() -> str:
    run = m.IngestRun.objects.exclude(data_date="").only("data_date").first()
    return run.data_date if run else ""


def load_corpus() -> Corpus:
    """The whole corpus, for building the search index and the tags."""
    rulings: dict[str, list[Ruling]] = {}
    for oid, date, source, text in m.Ruling.objects.order_by("card_id", "position").values_list(
        "card_id", "date", "source", "text"
    ):
        rulings.setdefault(oid, []).append(Ruling(date=date, text=text, source=source))
    corpus = Corpus(data_date=data_date())
    # in the order of their keys: PostgreSQL returns an updated row where it now lies, so an unordered
    # read gave the same corpus in another order after a day's update, and the steps that digest the
    # corpus in order (the knowledge index, similar cards) were built again for nothing
    for oid, data in m.OracleCard.objects.order_by("pk").values_list("oracle_id", "data").iterator(chunk_size=5000):
        card = Card.from_dict(orjson.loads(data))
        card.rulings = rulings.get(oid, [])
        corpus.add_card(card)  # tokens and emblems go to corpus.extras
    translations = _translations()
    for data in m.Printing.objects.order_by("pk").values_list("data", flat=True).iterator(chunk_size=5000):
        printing = Printing.from_dict(orjson.loads(data))
        printing.translations = translations.get(printing.id, ())
        corpus.add_printing(printing)
    for code, data in m.CardSet.objects.order_by("pk").values_list("code", "data"):
        corpus.sets[code] = CardSet(**orjson.loads(data))
    return corpus


def _translations() -> dict[str, tuple[Translation, ...]]:
    """Printing id -> its printings in other languages (in LANG_CODES order)."""
    found: dict[str, list[Translation]] = {}
    rows = m.ForeignPrinting.objects.order_by("pk").values_list("printing_id", "data")
    for pid, data in rows.iterator(chunk_size=5000):
        found.setdefault(pid, []).append(Translation.from_dict(orjson.loads(data)))
    return {pid: tuple(sorted(ts, key=lambda t: LANG_CODES.index(t.lang))) for pid, ts in found.items()}


CHUNK = 900  # ids a query names at most (SQLite's limit on a statement's variables is 999)


def load_cards(oracle_ids: Iterable[str]) -> dict[str, Card]:
    """The cards with these oracle ids (without their rulings: `card()` reads those)."""
    wanted = sorted(set(oracle_ids))
    out: dict[str, Card] = {}
    for start in range(0, len(wanted), CHUNK):
        rows = m.OracleCard.objects.filter(pk__in=wanted[start : start + CHUNK]).values_list("oracle_id", "data")
        out.update((oid, Card.from_dict(orjson.loads(data))) for oid, data in rows)
    return out


def extra_cards() -> dict[str, Card]:
    """The tokens, emblems and other extras, by oracle id."""
    rows = m.OracleCard.objects.filter(extra=True).values_list("oracle_id", "data")
    return {oid: Card.from_dict(orjson.loads(data)) for oid, data in rows}


def load_printings(ids: Iterable[str | None], *, other_languages: bool) -> dict[str, Printing]:
    """The printings with these ids. other_languages: also the printings in another language (a search
    answers them: Printing.in_language); without it only English printings are found, as a list or a
    deck holds them (its rows point at an English printing)."""
    wanted = {pid for pid in ids if pid}
    out: dict[str, Printing] = {}
    for pid, data in m.Printing.objects.filter(pk__in=wanted).values_list("id", "data"):
        out[pid] = Printing.from_dict(orjson.loads(data))
    rest = wanted - set(out)
    if rest and other_languages:
        rows = m.ForeignPrinting.objects.filter(pk__in=rest).values_list("id", "data", "printing__data")
        for fid, data, english in rows:
            out[fid] = Printing.from_dict(orjson.loads(english)).in_language(Translation.from_dict(orjson.loads(data)))
    return out


def set_names(codes: Iterable[str]) -> dict[str, tuple[str, str]]:
    """code -> (name, set type) of these sets."""
    rows = m.CardSet.objects.filter(code__in=set(codes)).values_list("code", "name", "set_type")
    return {code: (name, set_type) for code, name, set_type in rows}


def printing_languages() -> list[str]:
    """The languages (Scryfall's codes) the data has printings in besides English."""
    return sorted(set(m.ForeignPrinting.objects.values_list("lang", flat=True).distinct()))


def foreign_printing(english_id: str, lang: str) -> Printing | None:
    """An English printing in another language, by Scryfall's lang code."""
    row = m.ForeignPrinting.objects.filter(printing_id=english_id, lang=lang).values_list("id", flat=True).first()
    return load_printings([row], other_languages=True).get(row) if row else None


def card(oracle_id: str) -> Card | None:
    row = m.OracleCard.objects.filter(pk=oracle_id).first()
    if row is None:
        return None
    return row.to_domain([r.to_domain() for r in row.ruling_rows.all()])


def printings_of(oracle_id: str) -> list[Printing]:
    rows = m.Printing.objects.filter(card_id=oracle_id).values_list("data", flat=True)
    return sorted(
        (Printing.from_dict(orjson.loads(d)) for d in rows),
        key=lambda p: (p.released_at, p.set_code, p.collector_number),
        reverse=True,
    )


def stats() -> dict:
    return {
        "cards": m.OracleCard.objects.filter(extra=False).count(),
        "printings": m.Printing.objects.filter(card__extra=False).count(),
        "extras": m.OracleCard.objects.filter(extra=True).count(),  # tokens, emblems, … (never counted as cards)
        "printing_records": m.MtgjsonUuid.objects.filter(printing__card__extra=False).count(),
        "extra_printings": m.Printing.objects.filter(card__extra=True).count(),
        "foreign_printings": m.ForeignPrinting.objects.count(),  # printings in other languages
        "extra_records": m.MtgjsonUuid.objects.filter(printing__card__extra=True).count(),
        "rulings": m.Ruling.objects.count(),
        "price_points": m.PricePoint.objects.count(),
        "sets": m.CardSet.objects.count(),
        "data_date": data_date(),
        "corpus_version": corpus_version(),
    }


# --- what the lists, the decks and their importers ask -----------------------------------------------


def printing_prices(oracle_ids: Iterable[str]) -> dict[str, dict[str, dict]]:
    """Oracle id -> printing id -> its latest prices as stored (Printing.prices' fields, by name)."""
    rows = m.Printing.objects.filter(card_id__in=set(oracle_ids)).values_list("id", "card_id", "data")
    by_card: dict[str, dict[str, dict]] = {}
    for pid, oid, data in rows:
        by_card.setdefault(oid, {})[pid] = orjson.loads(data).get("prices") or {}
    return by_card


def is_printing_of(printing_id: str, oracle_id: str) -> bool:
    return m.Printing.objects.filter(pk=printing_id, card_id=oracle_id).exists()


def all_sets() -> list[CardSet]:
    return [row.to_domain() for row in m.CardSet.objects.all()]


def arena_set_codes() -> set[str]:
    """The sets with a printing on MTG Arena (a printing with an Arena id)."""
    rows = m.ExternalId.objects.filter(kind="arena").values_list("printing__set_code", flat=True).distinct()
    return set(rows)


def set_titles(codes: Iterable[str]) -> dict[str, str]:
    """code -> name of these sets."""
    wanted = set(codes)
    return dict(m.CardSet.objects.filter(code__in=wanted).values_list("code", "name")) if wanted else {}


def sets_by_code(codes: Iterable[str]) -> dict[str, CardSet]:
    return {s.code: s.to_domain() for s in m.CardSet.objects.filter(code__in=set(codes))}


def printings_of_cards(oracle_ids: Iterable[str]) -> dict[str, list[Printing]]:
    """Oracle id -> its (English) printings, in no order."""
    by_card: dict[str, list[Printing]] = {}
    for oid, data in m.Printing.objects.filter(card_id__in=set(oracle_ids)).values_list("card_id", "data"):
        by_card.setdefault(oid, []).append(Printing.from_dict(orjson.loads(data)))
    return by_card


def printings_on_mtgo(oracle_ids: Iterable[str]) -> dict[str, list[Printing]]:
    """Oracle id -> those of its printings MTGO knows (an MTGO id of its own or of its foil), in no order:
    a .dek's CatIDs come from these. The cards' printings are read and those without an MTGO id left out
    before they are built: PostgreSQL planned the query through every MTGO id of the data instead (53,513
    of them; 1 s for a 1,999-card deck under load, where reading its 4,607 printings took 0.3 s)."""
    by_card: dict[str, list[Printing]] = {}
    rows = m.Printing.objects.filter(card_id__in=set(oracle_ids)).values_list("card_id", "data")
    for oid, data in rows:
        raw = orjson.loads(data)
        ids = raw.get("identifiers") or {}
        if ids.get("mtgo_id") is not None or ids.get("mtgo_foil_id") is not None:
            by_card.setdefault(oid, []).append(Printing.from_dict(raw))
    return by_card


def printings_with_mtgo_ids(values: Iterable[str], oracle_ids: Iterable[str]) -> list[tuple[str, str, str, dict]]:
    """(printing id, oracle id, the MTGO id, the printing's identifiers) of these cards' printings
    that MTGO knows by one of these ids (its own or its foil's)."""
    rows = m.ExternalId.objects.filter(kind="mtgo", value__in=set(values), printing__card_id__in=set(oracle_ids))
    return [
        (pid, oid, value, orjson.loads(data).get("identifiers") or {})
        for pid, oid, value, data in rows.values_list("printing_id", "printing__card_id", "value", "printing__data")
    ]


def printings_in_sets(oracle_ids: Iterable[str], codes: Iterable[str]) -> list[tuple[str, str, str, str]]:
    """(printing id, oracle id, set code, collector number) of these cards' printings in these sets."""
    rows = m.Printing.objects.filter(card_id__in=set(oracle_ids), set_code__in=set(codes))
    return list(rows.values_list("id", "card_id", "set_code", "collector_number"))


def first_printing_in_set(oracle_id: str, code: str, number: str = "") -> str:
    """The card's printing in the set (with that collector number, when one is given; else the
    first by number), or ""."""
    found = m.Printing.objects.filter(card_id=oracle_id, set_code=code)
    if number:
        found = found.filter(collector_number=number)
    return found.order_by("collector_number").values_list("id", flat=True).first() or ""


# --- what the pages ask -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PrintingAddress:
    """What a card page's address is made of (tolaria.site.card_links.card_url)."""

    set_code: str
    collector_number: str
    name: str  # the card's


def _address_of(printing_id: str) -> PrintingAddress | None:
    row = m.Printing.objects.filter(pk=printing_id).values_list("set_code", "collector_number", "card__name").first()
    return PrintingAddress(*row) if row else None


def printing_address(printing_id: str) -> PrintingAddress | None:
    """The page of a printing; a printing in another language opens its English printing's page."""
    english = m.ForeignPrinting.objects.filter(pk=printing_id).values_list("printing_id", flat=True).first()
    return _address_of(english or printing_id)


def default_printing_address(oracle_id: str) -> PrintingAddress | None:
    """The page of the card's default printing (tolaria.cards.default_printing, as search and the API)."""
    printings = printings_of_cards([oracle_id]).get(oracle_id, [])
    chosen = default_printing(printings, sets_by_code(p.set_code for p in printings))
    return _address_of(chosen.id) if chosen is not None else None


def random_printing_address(rng: random.Random) -> PrintingAddress | None:
    """Any printing's page, each as likely; None when there is none."""
    count = m.Printing.objects.count()
    if not count:
        return None
    row = m.Printing.objects.order_by("pk").values_list("set_code", "collector_number", "card__name")[
        rng.randrange(count)
    ]
    return PrintingAddress(*row)


def ingested_from_sample() -> bool:
    """Whether the last ingest read the embedded sample (a few thousand cards, not every card)."""
    return "sample" in last_ingest_sources()


def last_ingest_sources() -> str:
    """The files the last ingest read ("" before any)."""
    last = m.IngestRun.objects.only("sources").first()
    return last.sources if last else ""


def newest_ingest_version() -> int:
    """The corpus version the last ingest left (0 before any)."""
    newest = m.IngestRun.objects.only("version").first()
    return newest.version if newest else 0


def first_ingest_of(version: int) -> tuple | None:
    """(version, finished at, sources, data date, summary) of the ingest run that made `version`."""
    return (
        m.IngestRun.objects.filter(version=version)
        .order_by("id")
        .values_list("version", "finished_at", "sources", "data_date", "summary")
        .first()
    )


def tag_counts() -> dict[str, int]:
    """Tag id -> how many cards carry it."""
    rows = m.CardTag.objects.values_list("tag_id").annotate(n=Count("card_id", distinct=True))
    return dict(rows.values_list("tag_id", "n"))


def tag_is_stored(tag_id: str) -> bool:
    return m.CardTag.objects.filter(tag_id=tag_id).exists()


def has_ingested() -> bool:
    """Whether any ingest ever ran on this database."""
    return m.IngestRun.objects.exists()


def card_count() -> int:
    """The cards (tokens, emblems and other extras not counted)."""
    return m.OracleCard.objects.filter(extra=False).count()


# --- what the API's card routes ask -----------------------------------------------------------------


def card_and_printing(some_id: str) -> tuple[str, str | None] | None:
    """(oracle id, printing id or None) for a printing id (English or another language's) or an oracle id."""
    row = m.Printing.objects.filter(pk=some_id).values_list("card_id", flat=True).first()
    if row:
        return row, some_id
    row = m.ForeignPrinting.objects.filter(pk=some_id).values_list("printing__card_id", flat=True).first()
    if row:  # a printing in another language
        return row, some_id
    if m.OracleCard.objects.filter(pk=some_id).exists():
        return some_id, None
    return None


def printing_in_set(oracle_id: str, code: str) -> str | None:
    """The card's printing in the set with the lowest collector number (as numbers sort: 9 before 10)."""
    rows = m.Printing.objects.filter(card_id=oracle_id, set_code=code.lower()).values_list("id", "collector_number")
    ranked = sorted(rows, key=lambda r: (len(r[1]), r[1]))
    return ranked[0][0] if ranked else None


def printing_numbered(code: str, number: str) -> tuple[str, str] | None:
    """(printing id, oracle id) of the English printing numbered `number` in the set (lower case)."""
    return m.Printing.objects.filter(set_code=code, collector_number=number).values_list("id", "card_id").first()


def printings_numbered(code: str, number: str) -> list[Printing]:
    """The English printings numbered `number` in the set (any case), in no order."""
    rows = m.Printing.objects.filter(set_code=code.lower(), collector_number=number).values_list("data", flat=True)
    return [Printing.from_dict(orjson.loads(d)) for d in rows]


def printing_with_illustration(illustration_id: str) -> tuple[str, str] | None:
    """(printing id, oracle id) of the first printing (by id) with this illustration."""
    # the id sits in the printing's JSON; the match is then checked on the decoded printing
    rows = m.Printing.objects.filter(data__contains=illustration_id).order_by("id").values_list("id", "card_id")
    for pid, oid in rows:
        p = load_printings([pid], other_languages=True).get(pid)
        if p and p.illustration_id == illustration_id:
            return pid, oid
    return None


def printing_by_external_id(kind: str, value: str) -> tuple[str, str] | None:
    """(printing id, oracle id) of the printing another catalogue (ExternalId.kind) knows by `value`: a
    multiverse id of one of its printings in another language answers that printing."""
    row = (
        m.ExternalId.objects.filter(kind=kind, value=value)
        .order_by("printing_id")
        .values_list("printing_id", "printing__card_id", "printing__data")
        .first()
    )
    if row is None:
        return None
    pid, oid, raw = row
    if kind == "multiverse" and value.isdigit() and int(value) not in (orjson.loads(raw).get("multiverse_ids") or ()):
        # the id of one of the printing's printings in another language: answer that one
        for fid, fdata in m.ForeignPrinting.objects.filter(printing_id=pid).values_list("id", "data"):
            if int(value) in (orjson.loads(fdata).get("multiverse_ids") or ()):
                return fid, oid
    return pid, oid


def has_printings_in(lang: str) -> bool:
    """Whether the data has printings in this language other than English (Scryfall's code)."""
    return m.ForeignPrinting.objects.filter(lang=lang).exists()


class ManifestRows:
    """Every printing newest first (English ones, or with `lang` those in that other language) as
    (printing id, oracle id, language, card name, set code, collector number), read a slice at a time."""

    def __init__(self, lang: str | None = None) -> None:
        self.lang = lang
        if lang is None:
            self._rows = m.Printing.objects.order_by("-released_at", "set_code", "collector_number", "id")
        else:
            self._rows = m.ForeignPrinting.objects.filter(lang=lang).order_by(
                "-printing__released_at", "printing__set_code", "printing__collector_number", "id"
            )

    def count(self) -> int:
        return self._rows.count()

    def __getitem__(self, part: slice) -> list[tuple[str, str, str, str, str, str]]:
        if self.lang is None:
            values = self._rows.values_list("id", "card_id", "card__name", "set_code", "collector_number", "data")
            return [
                (pid, oid, orjson.loads(raw).get("lang", "en"), name, code, number)
                for pid, oid, name, code, number, raw in values[part]
            ]
        fields = ("id", "printing__card_id", "printing__card__name", "printing__set_code", "printing__collector_number")
        lang = self.lang
        return [
            (pid, oid, lang, name, code, number)
            for pid, oid, name, code, number in self._rows.values_list(*fields)[part]
        ]


# --- what the API's set routes ask ------------------------------------------------------------------


def sets_newest_first() -> list[CardSet]:
    """Every set, newest first (ties by code)."""
    return [row.to_domain() for row in m.CardSet.objects.order_by("-released_at", "code")]


def printings_per_set() -> dict[str, int]:
    """Set code -> how many (English) printings the data has in it."""
    return dict(m.Printing.objects.values("set_code").annotate(n=Count("id")).values_list("set_code", "n"))


# --- a page of search results -----------------------------------------------------------------------


def result_rows_data(pairs: Iterable[tuple[str, str]]) -> tuple[dict[str, dict], dict[str, dict], dict[str, str]]:
    """For (printing id, oracle id) pairs, as stored (no domain object built: a page of results shows a
    few fields), in three queries (four when one is a printing in another language): (oracle id -> the
    card's dict, printing id -> the printing's dict, set code -> set name). A printing in another
    language is its English printing's dict with its `lang` and `printed` name."""
    pairs = list(pairs)
    rows = m.OracleCard.objects.filter(pk__in={oid for _, oid in pairs}).values_list("oracle_id", "data")
    cards = {oid: orjson.loads(d) for oid, d in rows}
    wanted = {pid for pid, _ in pairs}
    prints = {pid: orjson.loads(d) for pid, d in m.Printing.objects.filter(pk__in=wanted).values_list("id", "data")}
    # printings in other languages (a lang: search, a printed name): their English printing's row, named as printed
    for fid, lang, name, d in m.ForeignPrinting.objects.filter(pk__in=wanted - set(prints)).values_list(
        "id", "lang", "name", "printing__data"
    ):
        prints[fid] = {**orjson.loads(d), "lang": lang, "printed": name}
    sets = dict(m.CardSet.objects.filter(code__in={x["set_code"] for x in prints.values()}).values_list("code", "name"))
    return cards, prints, sets


# --- the tags store's rows (tolaria.site.stores.tags; services.replace_card_tags writes them) --------


def stored_tag_dicts() -> Iterator[tuple[str, dict]]:
    """(oracle id, the tag as stored: tolaria.tags.CardTag.to_dict()) of every stored tag."""
    for card_id, data in m.CardTag.objects.values_list("card_id", "data").iterator(chunk_size=10000):
        yield card_id, orjson.loads(data)


def stored_tag_weights() -> Iterator[tuple[str, str, str, float | None]]:
    """(oracle id, tag id, kind, confidence) of every stored tag, in the order stored: only a predicted
    tag's JSON is read, for its confidence (None for the other kinds)."""
    rows = m.CardTag.objects.order_by("id").values_list("card_id", "tag_id", "kind", "data")
    for card_id, tag_id, kind, data in rows.iterator(chunk_size=10000):
        yield card_id, tag_id, kind, orjson.loads(data).get("confidence") if kind == "predicted" else None


def tags_of_card(oracle_id: str) -> list[dict]:
    """The stored tags of one card (id, label, group, kind, evidence, confidence)."""
    rows = m.CardTag.objects.filter(card_id=oracle_id).values_list("data", flat=True)
    return [orjson.loads(data) for data in rows]


def tag_ids_and_labels() -> tuple[dict[str, list[str]], dict[str, str]]:
    """Oracle id -> the ids of its tags that say what the card does (attributes left out: every
    creature shares "creature"), and each tag's label."""
    tags: dict[str, list[str]] = {}
    labels: dict[str, str] = {}
    rows = m.CardTag.objects.exclude(kind="attribute").values_list("card_id", "tag_id", "data")
    for card_id, tag_id, data in rows.iterator(chunk_size=5000):
        tags.setdefault(card_id, []).append(tag_id)
        if tag_id not in labels:
            labels[tag_id] = orjson.loads(data).get("label") or tag_id
    return tags, labels


# --- a card page: two queries ---------------------------------------------------------------------


def printing_with_price_points(set_code: str, number: str) -> tuple[str, str, list[tuple]] | None:
    """(printing id, oracle id, [(date, usd, eur), oldest first]) of the printing numbered `number` in
    the set (lower case), in one query; None when there is none."""
    rows = list(
        m.Printing.objects.filter(set_code=set_code, collector_number=number)
        .order_by("id", "price_points__date")
        .values_list("id", "card_id", "price_points__date", "price_points__usd", "price_points__eur")
    )
    if not rows:
        return None
    printing_id, oracle_id = rows[0][0], rows[0][1]
    points = [(date, usd, eur) for pid, _, date, usd, eur in rows if pid == printing_id and date is not None]
    return printing_id, oracle_id, points


@dataclass(frozen=True)
class CardRows:
    card: Card  # with its rulings, in order
    printings: list[dict]  # each printing as stored (Printing.to_dict()), in no order
    foreign: list[tuple[str, str, str]]  # (English printing id, language, printed name)
    tags: list[dict]  # each stored tag (the API's tag object), in the order stored


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


def _card_rows_sql() -> str:
    """Every row of one card as (kind, key, a, b, c, n): one statement on SQLite and PostgreSQL."""
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


def card_page_rows(oracle_id: str) -> CardRows | None:
    """Everything a card page shows of its card, in one query: the card, its rulings, every printing,
    the printed names in other languages and the stored tags. None when there is no such card."""
    with connection.cursor() as cursor:
        cursor.execute(_card_rows_sql(), [oracle_id] * 5)
        rows = cursor.fetchall()
    data = None
    rulings: list[tuple[int, Ruling]] = []
    printings: list[str] = []
    foreign: list[tuple[str, str, str]] = []
    tags: list[tuple[int, str]] = []
    for kind, key, a, b, c, n in rows:
        if kind == "c":
            data = a
        elif kind == "r":
            rulings.append((n, Ruling(date=a, source=b, text=c)))
        elif kind == "p":
            printings.append(a)
        elif kind == "f":
            foreign.append((key, a, b))
        else:
            tags.append((n, a))
    if data is None:
        return None
    card = Card.from_dict(orjson.loads(data))
    card.rulings = [r for _, r in sorted(rulings, key=lambda x: x[0])]
    return CardRows(
        card=card,
        printings=[orjson.loads(d) for d in printings],
        foreign=foreign,
        tags=[orjson.loads(t) for _, t in sorted(tags, key=lambda x: x[0])],
    )
