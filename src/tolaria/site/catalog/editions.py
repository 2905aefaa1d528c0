"""Editions of the Comprehensive Rules: the one shipped with the package, and every edition stored
with `tolaria rules ingest`, so an older edition stays readable (`tolaria rules N --edition DATE`,
`/rules/N?edition=DATE`) and two can be compared (`/rules/changes`)."""

from __future__ import annotations

import datetime
import functools
from collections.abc import Iterable

from tolaria.rules import RuleBook, parse_rules, shipped_rulebook

from .models import RulesVersion


class NotADate(LookupError):
    """An edition was named by something that is not a date (YYYY-MM-DD)."""


def edition_date(text: str) -> datetime.date:
    """The effective date an edition is named by; NotADate says what was wrong."""
    try:
        return datetime.date.fromisoformat(text.strip())
    except ValueError:
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise NotADate(f"{shown!r} is not an edition's effective date (YYYY-MM-DD, e.g. 2026-02-27)") from None


def edition(date: str | None = None) -> RuleBook:
    """The shipped rules, or the stored edition effective on `date` (YYYY-MM-DD); LookupError if none."""
    if not date or date == shipped_rulebook().effective_date.isoformat():
        return shipped_rulebook()
    date = edition_date(date).isoformat()
    row = RulesVersion.objects.filter(effective_date=date).only("text", "ingested_at").first()
    if row is None:
        stored = ", ".join(str(d) for d in RulesVersion.objects.values_list("effective_date", flat=True)) or "none"
        raise LookupError(f"no stored edition effective {date} (stored: {stored}); add one with tolaria rules ingest")
    return _parsed(date, row.ingested_at.isoformat(), row.text)


@functools.lru_cache(maxsize=4)
def _parsed(date: str, stamp: str, text: str) -> RuleBook:  # stamp: a re-ingested edition is parsed again
    return parse_rules(text)


def store(text: str, source: str) -> tuple[RuleBook, str]:
    """Parse and store one edition; returns the book and "stored", "updated" or "unchanged"."""
    book = parse_rules(text)
    existing = RulesVersion.objects.filter(effective_date=book.effective_date).first()
    if existing is not None and existing.text == text:
        return book, "unchanged"
    RulesVersion.objects.update_or_create(effective_date=book.effective_date, defaults={"text": text, "source": source})
    return book, "updated" if existing is not None else "stored"


def stored_dates() -> list[datetime.date]:
    """The effective dates of the stored editions, oldest first."""
    return list(RulesVersion.objects.order_by("effective_date").values_list("effective_date", flat=True))


def stored_texts(dates: Iterable[str]) -> dict[str, str]:
    """Effective date (YYYY-MM-DD) -> the stored edition's text, for those of these dates stored."""
    rows = RulesVersion.objects.filter(effective_date__in=list(dates)).values_list("effective_date", "text")
    return {str(date): text for date, text in rows}
