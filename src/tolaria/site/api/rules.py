"""/api/rules/… and /api/glossary/…: the Comprehensive Rules shipped with the site."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router
from rapidfuzz import fuzz, process

from tolaria.rules import GlossaryEntry, Rule, RuleBook
from tolaria.rules.explain import rulebook

from ._objects import error, json_response

router = Router(tags=["rules"])
glossary_router = Router(tags=["rules"])


def rule_dict(rule: Rule) -> dict:
    return {
        "number": rule.number,
        "level": rule.level,
        "title": rule.title,
        "text": rule.text,
        "examples": list(rule.examples),
        "references": [{"start": r.start, "end": r.end, "target": r.target} for r in rule.references],
    }


def rule_title(book: RuleBook, rule: Rule) -> str:
    """The rule's title, or its nearest titled ancestor's."""
    current: Rule | None = rule
    while current is not None:
        if current.title:
            return current.title
        current = book.get(current.parent) if current.parent else None
    return ""


def rule_object(book: RuleBook, number: str) -> dict:
    rule = book.rule(number)
    prev, nxt = book.previous(rule.number), book.next(rule.number)
    return {
        "object": "rule",
        "number": rule.number,
        "level": rule.level,
        "title": rule_title(book, rule),
        "text": rule.text,
        "examples": list(rule.examples),
        "parent": rule.parent,
        "previous": prev.number if prev else None,
        "next": nxt.number if nxt else None,
        "rules": [rule_dict(r) for r in book.subtree(rule.number)],
        "effective_date": book.effective_date.isoformat(),
    }


def glossary_dict(entry: GlossaryEntry) -> dict:
    return {
        "object": "glossary_entry",
        "term": entry.term,
        "definition": entry.definition,
        "see_rules": list(entry.see_rules),
        "see_also": list(entry.see_also),
        "obsolete": entry.obsolete,
        "references": [{"start": r.start, "end": r.end, "target": r.target} for r in entry.references],
    }


def close_terms(book: RuleBook, term: str, limit: int = 5) -> list[str]:
    terms = [e.term for e in book.glossary.values()]
    return [t for t, score, _ in process.extract(term, terms, scorer=fuzz.WRatio, limit=limit) if score >= 50]


@router.get("/", response=dict, summary="Contents of the Comprehensive Rules: sections and their rules")
def contents(request: HttpRequest):
    book = rulebook()
    sections = []
    for rule in book.rules.values():
        if rule.level == "section":
            sections.append(
                {
                    "number": rule.number,
                    "title": rule.title,
                    "rules": [{"number": c.number, "title": c.title} for c in book.children(rule.number)],
                }
            )
    return json_response(
        {
            "object": "rules_contents",
            "effective_date": book.effective_date.isoformat(),
            "title": book.title,
            "sections": sections,
        }
    )


@router.get("/{number}", response={200: dict, 404: dict}, summary="One rule with its subrules, previous and next")
def rule(request: HttpRequest, number: str):
    book = rulebook()
    if number not in book:
        nearest = [r.number for r in book.nearest(number)]
        return error(404, "not_found", f"There is no rule {number}. Nearest: {', '.join(nearest)}.", nearest=nearest)
    return json_response(rule_object(book, number))


@glossary_router.get("/{term}", response={200: dict, 404: dict}, summary="A glossary entry of the Comprehensive Rules")
def glossary(request: HttpRequest, term: str):
    book = rulebook()
    entry = book.glossary_entry(term)
    if entry is None:
        close = close_terms(book, term)
        hint = f" Close terms: {', '.join(close)}." if close else ""
        return error(404, "not_found", f"No glossary entry for {term!r}.{hint}", close_terms=close)
    return json_response(glossary_dict(entry))
