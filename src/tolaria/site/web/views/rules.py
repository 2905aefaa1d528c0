"""The Comprehensive Rules: contents, one rule, the glossary, a search, the changes between two editions."""

from __future__ import annotations

import urllib.parse

from django.core.exceptions import BadRequest
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from tolaria.rules import Rule, diff_rulebooks, normalize_term, parse_rules
from tolaria.search import SearchRequest, search
from tolaria.site.catalog.editions import NotADate, edition, edition_date, stored_dates, stored_texts
from tolaria.site.stores import knowledge_index
from tolaria.site.stores.card_index import current_index

from .. import presenters as p
from ._shared import query_int, result_rows


@require_GET
def rules_index(request):
    book = p.rulebook()
    sections = []
    for r in book.rules.values():
        if r.level == "section":
            sections.append({"rule": r, "children": []})
        elif r.level == "rule" and sections:
            sections[-1]["children"].append(r)
    return render(request, "web/rules_index.html", {"book": book, "sections": sections})


@require_GET
def rule_page(request, number: str):
    try:
        book = edition(request.GET.get("edition"))
    except NotADate as exc:
        raise BadRequest(str(exc)) from None
    except LookupError as exc:
        raise Http404(str(exc)) from None
    rule = book.get(number)
    if rule is None:
        return render(
            request, "web/rule_missing.html", {"number": number, "nearest": book.nearest(number, 8)}, status=404
        )
    subtree = [p.rule_dict(r) for r in book.subtree(rule.number)]
    page = query_int(request.GET.get("page"), 1)
    result = search(current_index(), SearchRequest(f"rule:{rule.number}", page=page, page_size=60))
    total, has_more, cards = result.total, result.has_more, result_rows(result)
    parents: list[Rule] = []
    cur = rule.parent
    while cur:
        pr = book.get(cur)
        if pr is None:
            break
        parents.insert(0, pr)
        cur = pr.parent
    ctx = {
        "rule": rule,
        "subtree": subtree,
        "prev": book.previous(rule.number),
        "next": _next_beyond(book, rule.number, {r["number"] for r in subtree}),
        "edition": book.effective_date,
        "older_edition": book is not p.rulebook(),
        "related": knowledge_index.related_rules(rule.number),
        "parents": parents,
        "cards": cards,
        "total": total,
        "page": page,
        "has_more": has_more,
        "prev_page": page - 1 if page > 1 else 0,
        "next_page": page + 1 if has_more else 0,
    }
    return render(request, "web/rule.html", ctx)


@require_GET
def glossary_index(request):
    book = p.rulebook()
    entries = sorted(book.glossary.values(), key=lambda e: e.term.lower())
    letters: dict[str, list] = {}
    for e in entries:
        letters.setdefault(e.term[:1].upper(), []).append(e)
    return render(request, "web/glossary.html", {"letters": letters, "book": book})


@require_GET
def glossary_entry(request, term: str):
    book = p.rulebook()
    entry = book.glossary_entry(urllib.parse.unquote(term))
    if entry is None:
        raise Http404("No such glossary entry.")
    rules = [book.get(n) for n in entry.see_rules]
    return render(
        request,
        "web/glossary_entry.html",
        {
            "entry": entry,
            "definition": p.linked_rule_text(entry.definition, entry.references or None),
            "rules": [r for r in rules if r is not None],
        },
    )


@require_GET
def rules_search(request):
    q = request.GET.get("q", "").strip()
    book = p.rulebook()
    rules, entries = [], []
    if q:
        if q.rstrip(".") in book:
            return redirect("web:rule", number=q.rstrip("."))

        words = normalize_term(q).split()
        rules = [{"rule": r, "excerpt": p.highlight(r.text or r.title, words)} for r in book.search(q, limit=100)]
        entries = [
            {"entry": e, "excerpt": p.highlight(e.definition, words)}
            for e in book.glossary.values()
            if all(w in normalize_term(f"{e.term} {e.definition}") for w in words)
        ][:30]
    return render(request, "web/rules_search.html", {"q": q, "rules": rules, "entries": entries})


@require_GET
def rules_changes(request):
    """What changed between two stored editions of the Comprehensive Rules (tolaria rules ingest)."""
    editions = stored_dates()
    ctx: dict = {"editions": editions}
    old, new = request.GET.get("from", ""), request.GET.get("to", "")
    if len(editions) >= 2 and not (old and new):
        old, new = str(editions[-2]), str(editions[-1])
    ctx.update(old=old, new=new)
    if old and new:
        try:
            old, new = edition_date(old).isoformat(), edition_date(new).isoformat()
        except NotADate as exc:
            ctx.update(error=str(exc), old="", new="")
            return render(request, "web/rules_changes.html", ctx, status=400)
        texts = stored_texts([old, new])
        if old not in texts or new not in texts:
            raise Http404("Both editions must be stored (tolaria rules ingest).")
        diff = diff_rulebooks(parse_rules(texts[old]), parse_rules(texts[new]))
        ctx["diff"] = diff
    return render(request, "web/rules_changes.html", ctx)


def _next_beyond(book, number: str, on_page: set[str]):
    """The next rule not already shown on this page (its subrules are all on it)."""
    nxt = book.next(number)
    while nxt is not None and nxt.number in on_page:
        nxt = book.next(nxt.number)
    return nxt
