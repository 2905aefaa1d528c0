"""Reading the card corpus back out of the database as domain objects."""

from __future__ import annotations

import orjson

from tolaria.cards import LANG_CODES, Card, CardSet, Corpus, Printing, Ruling, Translation

from . import models as m


def corpus_version() -> int:
    run = m.IngestRun.objects.only("version").first()
    return run.version if run else 0


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
    for oid, data in m.OracleCard.objects.values_list("oracle_id", "data").iterator(chunk_size=5000):
        card = Card.from_dict(orjson.loads(data))
        card.rulings = rulings.get(oid, [])
        corpus.add_card(card)  # tokens and emblems go to corpus.extras
    translations = _translations()
    for data in m.Printing.objects.values_list("data", flat=True).iterator(chunk_size=5000):
        printing = Printing.from_dict(orjson.loads(data))
        printing.translations = translations.get(printing.id, ())
        corpus.add_printing(printing)
    for code, data in m.CardSet.objects.values_list("code", "data"):
        corpus.sets[code] = CardSet(**orjson.loads(data))
    return corpus


def _translations() -> dict[str, tuple[Translation, ...]]:
    """Printing id -> its printings in other languages (in LANG_CODES order)."""
    found: dict[str, list[Translation]] = {}
    for pid, data in m.ForeignPrinting.objects.values_list("printing_id", "data").iterator(chunk_size=5000):
        found.setdefault(pid, []).append(Translation.from_dict(orjson.loads(data)))
    return {pid: tuple(sorted(ts, key=lambda t: LANG_CODES.index(t.lang))) for pid, ts in found.items()}


def printings_by_id(ids) -> dict[str, Printing]:
    """The printings with these ids, English or in another language (Printing.in_language)."""
    ids = set(ids)
    out: dict[str, Printing] = {}
    for pid, data in m.Printing.objects.filter(pk__in=ids).values_list("id", "data"):
        out[pid] = Printing.from_dict(orjson.loads(data))
    rest = ids - set(out)
    if rest:
        rows = m.ForeignPrinting.objects.filter(pk__in=rest).values_list("id", "data", "printing__data")
        for fid, data, english in rows:
            out[fid] = Printing.from_dict(orjson.loads(english)).in_language(Translation.from_dict(orjson.loads(data)))
    return out


def foreign_printing(english_id: str, lang: str) -> Printing | None:
    """An English printing in another language, by Scryfall's lang code."""
    row = m.ForeignPrinting.objects.filter(printing_id=english_id, lang=lang).values_list("id", flat=True).first()
    return printings_by_id([row]).get(row) if row else None


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
