"""The search page (cards, or answers to a question in words), its syntax help and the query builder."""

from __future__ import annotations

import dataclasses
import urllib.parse

from django.http import HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET

from tolaria.knowledge import by_fit, is_question
from tolaria.search import (
    KEYWORDS,
    MAX_QUERY_LENGTH,
    PAGE_SIZE,
    QuerySyntaxError,
    QueryTooLong,
    SearchRequest,
    facts_of,
    gap_warnings,
)
from tolaria.search import search as search_index  # the page below is named search
from tolaria.site.catalog.repository import printing_address
from tolaria.site.collections.services import search_lists
from tolaria.site.stores import knowledge_index
from tolaria.site.stores.card_index import current_index

from .. import presenters as p
from ._shared import query_int, result_rows, suggest_cards

VIEWS = ("grid", "checklist", "text")

ORDERS = [
    ("name", "Name"),
    ("released", "Release date"),
    ("set", "Set / number"),
    ("rarity", "Rarity"),
    ("color", "Color"),
    ("usd", "Price USD"),
    ("eur", "Price EUR"),
    ("tix", "Price tix"),
    ("cmc", "Mana value"),
    ("power", "Power"),
    ("toughness", "Toughness"),
    ("edhrec", "EDHREC rank"),
    ("artist", "Artist"),
]


def _answer_page(request, q: str, ctx: dict, answers):
    """A question or a sentence: its answers take the main column (rules first, the sentence that
    answers highlighted); cards follow only when the words also make a card search that finds some.
    Cards asked for in words ("green creature that makes mana", "cards like Llanowar Elves") come
    first, by meaning, with the closest card search syntax in a box the player can edit."""
    ctx.update(
        answers=answers,
        answer_groups=p.answer_groups(answers),
        meaning_status=knowledge_index.meaning_status(),
        data_dated=facts_of(current_index()).dated(),
    )
    if answers.suggestion and answers.suggestion != q:
        ctx.update(
            syntax_suggestion=answers.suggestion,
            syntax_url="/search?" + urllib.parse.urlencode({"q": answers.suggestion}),
        )
    # cards asked for in words: what the closest syntax finds; a question: what its own words find
    searched = answers.suggestion if answers.card_request and answers.suggestion else q
    try:
        result = search_index(
            current_index(),
            SearchRequest(
                searched,
                order=ctx["order"],
                direction=ctx["direction"],
                page_size=FIT_POOL if answers.card_request else 24,
                user_lists=search_lists(request.user, searched),
            ),
        )
    except (QuerySyntaxError, QueryTooLong):
        result = None  # the question is no card search ("?", "and", ":" read as syntax): answers only
    if result is not None and answers.card_request:
        result = _by_fit(result, q, 24)
    if result is not None and result.total:
        ctx.update(
            result=result,
            searched=searched,
            rows=result_rows(result, full_text=False),
            cards_url="/search?" + urllib.parse.urlencode({"q": searched, "cards": "all", "redirect": "no"}),
        )
    return render(request, "web/answers.html", ctx)


# cards asked for in words: the first this many the search finds (in the player's order) are ranked by fit
FIT_POOL = 600


def _by_fit(result, words: str, size: int):
    """The cards a request in words finds, those that best fit the words first (a wrath before a card that
    only mentions one: tolaria.knowledge.Answerer.card_fit), then the rest in the order the player chose."""
    printing_of = dict(zip(result.oracle_ids, result.printing_ids))
    ordered = by_fit(result.oracle_ids, knowledge_index.answerer().card_fit(words))[:size]
    return dataclasses.replace(
        result,
        oracle_ids=ordered,
        printing_ids=[printing_of[o] for o in ordered],
        page_size=size,
        has_more=result.total > size,
    )


@require_GET
def search(request):
    q = request.GET.get("q", "").strip()
    view = request.GET.get("as", "grid")
    view = view if view in VIEWS else "grid"
    order = request.GET.get("order", "name")
    direction = request.GET.get("dir", "auto")
    direction = direction if direction in ("auto", "asc", "desc") else "auto"
    unique = request.GET.get("unique", "cards")
    unique = unique if unique in ("cards", "prints", "art") else "cards"
    page = query_int(request.GET.get("page"), 1)
    ctx = {
        "query": q,
        "view": view,
        "order": order,
        "direction": direction,
        "unique": unique,
        "page": page,
        "orders": ORDERS,
        "views": VIEWS,
    }
    if not q:
        return render(request, "web/search.html", ctx)
    if len(q) > MAX_QUERY_LENGTH:  # refused before any work: no answers read, no index searched
        ctx["error"] = {"message": str(QueryTooLong(len(q)))}
        return render(request, "web/search.html", ctx, status=400)

    plain = p.is_plain_words(q)
    answers = None
    if page == 1 and request.GET.get("cards") != "all" and (is_question(q) or plain and len(q.split()) >= 3):
        answers = knowledge_index.answer(q)
        if answers.question or answers.card_request:  # a question, or cards asked for in words
            return _answer_page(request, q, ctx, answers)
    groups = p.knowledge_groups(q, answers) if plain and page == 1 else []
    hits = [h for g in groups for h in g["hits"]]
    ctx.update(hits=hits, knowledge_groups=groups)
    try:
        index = current_index()
        searched = SearchRequest(
            q, unique=unique, order=order, direction=direction, page=page, user_lists=search_lists(request.user, q)
        )
        result = search_index(index, searched)
    except QuerySyntaxError as e:
        ctx["error"] = {
            "message": e.message,
            "query": e.query,
            "position": e.position,
            "caret": e.caret,
            "expected": ", ".join(e.expected),
            "pad": " " * e.position,
        }
        return render(request, "web/search.html", ctx, status=400)
    except QueryTooLong as e:
        ctx["error"] = {"message": str(e)}
        return render(request, "web/search.html", ctx, status=400)
    facts = facts_of(index)
    result.warnings.extend(w for w in gap_warnings(q, facts) if w not in result.warnings)
    ctx["data_dated"] = facts.dated()
    exact_knowledge = any(h.title.lower().split(" ", 1)[-1] == q.lower() or h.ref.lower() == q.lower() for h in hits)
    if result.total == 1 and page == 1 and not exact_knowledge and request.GET.get("redirect") != "no":
        address = printing_address(result.printing_ids[0])  # another language: its English printing's page
        if address is not None:
            return HttpResponseRedirect(p.printing_url(address, address.name))
    ctx.update(
        result=result,
        rows=result_rows(result, full_text=view == "text"),
        suggestions=[] if result.total else suggest_cards(q),
    )
    if plain:
        ctx["meaning_status"] = knowledge_index.meaning_status()
        syntax = knowledge_index.syntax_for(q)
        if syntax and syntax != q:
            ctx.update(syntax_suggestion=syntax, syntax_url="/search?" + urllib.parse.urlencode({"q": syntax}))
    if plain and not result.total:
        words = q.split()
        ctx["text_search"] = f'o:"{q}"' if len(words) > 1 else f"o:{q}"
        ctx["text_search_url"] = "/search?" + urllib.parse.urlencode({"q": ctx["text_search"]})
    pages = max(1, -(-result.total // PAGE_SIZE))
    ctx.update(
        pages=pages,
        first=(page - 1) * PAGE_SIZE + 1 if result.total else 0,
        last=min(result.total, page * PAGE_SIZE),
        prev_url=_page_url(request, page - 1) if page > 1 else "",
        next_url=_page_url(request, page + 1) if result.has_more else "",
        view_urls=[(v, _page_url(request, 1, **{"as": v})) for v in VIEWS],
    )
    return render(request, "web/search.html", ctx)


def _page_url(request, page: int, **changes) -> str:
    params = request.GET.copy()
    params["page"] = str(page)
    for k, v in changes.items():
        params[k] = v
    if params.get("page") == "1":
        del params["page"]
    return "/search?" + params.urlencode()


@require_GET
def syntax(request):
    keywords = [
        {
            "name": k.name,
            "aliases": k.aliases,
            "description": k.description,
            "example": k.example,
            "url": "/search?" + urllib.parse.urlencode({"q": k.example}) if k.example else "",
        }
        for k in KEYWORDS
    ]
    return render(
        request,
        "web/syntax.html",
        {
            "keywords": keywords,
            "colors": [("w", "White"), ("u", "Blue"), ("b", "Black"), ("r", "Red"), ("g", "Green"), ("c", "Colorless")],
            "formats": p.FORMATS,
        },
    )


@require_GET
def build_query(request):
    """The query builder without JavaScript: compose the query from its fields, then search."""
    q = p.compose_query(request.GET)
    if not q:
        return redirect("web:syntax")
    return HttpResponseRedirect("/search?" + urllib.parse.urlencode({"q": q}))
