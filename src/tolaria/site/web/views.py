"""The pages: home, card, search (+ syntax help and builder), rules (contents, rule, glossary, search)."""

from __future__ import annotations

import logging
import random
import urllib.parse

import orjson
from django.core.exceptions import BadRequest
from django.db.models import Count
from django.http import Http404, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET

from tolaria.cards import LANG_CODES, LANG_NAMES, default_printing
from tolaria.search import PAGE_SIZE, SearchRequest, facts_of, gap_warnings, missing_price_reason
from tolaria.search import search as search_index  # the page below is named search
from tolaria.site.card_links import card_url
from tolaria.site.catalog import models as m
from tolaria.site.catalog.repository import stats
from tolaria.site.stores.card_index import current_index
from tolaria.site.stores.corpus_cache import CorpusCache

from . import presenters as p
from .images import image_source

log = logging.getLogger(__name__)
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


def _reverse(name: str, fallback: str, query: str = "") -> str:
    try:
        url = reverse(name)
    except NoReverseMatch:
        return fallback
    return url + query


# --- home ------------------------------------------------------------------------------------------


@require_GET
def home(request):
    counts = stats()
    last = m.IngestRun.objects.only("sources").first()
    ctx = {
        "stats": counts,
        "counts": {k: f"{v:,}" for k, v in counts.items() if isinstance(v, int)},
        # the embedded sample is a few thousand cards, not every Magic card: say so
        "is_sample": last is not None and "sample" in last.sources,
        "rulebook": p.rulebook(),
    }
    return render(request, "web/home.html", ctx)


@require_GET
def random_card(request):
    ids = list(m.Printing.objects.values_list("id", flat=True)[:1])
    if not ids:
        return redirect("web:home")
    count = m.Printing.objects.count()
    row = m.Printing.objects.only("set_code", "collector_number", "card__name").select_related("card")[
        random.randrange(count)
    ]
    return HttpResponseRedirect(p.printing_url(row, row.card.name))


# --- card ------------------------------------------------------------------------------------------


@require_GET
def card_by_id(request, oracle_id: str):
    row = default_printing_row(oracle_id)
    if row is None:
        raise Http404("No card with this id.")
    return HttpResponseRedirect(p.printing_url(row, row.card.name))


def default_printing_row(oracle_id: str):
    """The card's default printing (tolaria.cards.default_printing, the rule search and the API use)."""
    printings = [r.to_domain() for r in m.Printing.objects.filter(card_id=oracle_id).only("data")]
    sets = {s.code: s.to_domain() for s in m.CardSet.objects.filter(code__in={x.set_code for x in printings})}
    chosen = default_printing(printings, sets)
    if chosen is None:
        return None
    return (
        m.Printing.objects.select_related("card").only("set_code", "collector_number", "card__name").get(pk=chosen.id)
    )


@require_GET
def card_page(request, set_code: str, number: str, slug: str = ""):
    row = m.Printing.objects.filter(set_code=set_code.lower(), collector_number=number).select_related("card").first()
    if row is None:
        raise Http404("No such printing.")
    card = row.card.to_domain([r.to_domain() for r in row.card.ruling_rows.all()])
    if slug != p.card_slug(card.name):
        return HttpResponseRedirect(p.printing_url(row, card.name))
    printing = row.to_domain()
    # every printing of the card and the sets they are in: two queries (plain dicts: basic lands have hundreds)
    others = sorted(
        (orjson.loads(d) for d in m.Printing.objects.filter(card_id=card.oracle_id).values_list("data", flat=True)),
        key=lambda x: (x["released_at"], x["set_code"], x["collector_number"]),
        reverse=True,
    )
    set_rows = {
        code: orjson.loads(data)
        for code, data in m.CardSet.objects.filter(code__in={o["set_code"] for o in others}).values_list("code", "data")
    }
    sets = {code: row["name"] for code, row in set_rows.items()}
    printings = []
    for o in others:
        usd = (o.get("prices") or {}).get("usd")
        printings.append(
            {
                "url": card_url(card.name, o["set_code"], o["collector_number"]),
                "set_code": o["set_code"].upper(),
                "set_name": sets.get(o["set_code"], o["set_code"].upper()),
                "number": o["collector_number"],
                "rarity": o.get("rarity", ""),
                "released_at": o["released_at"],
                "price": p.money(usd, "usd") if usd is not None else "",
                "current": o["id"] == printing.id,
                "symbol": p.set_symbol(
                    o["set_code"], set_rows.get(o["set_code"], {}).get("keyrune_code", ""), o.get("rarity", "")
                ),
            }
        )
    languages = _languages(card, printing, {o["id"]: o for o in others}, sets)
    points = list(
        m.PricePoint.objects.filter(printing_id=printing.id).order_by("date").values_list("date", "usd", "eur")
    )
    explained = p.explained(card)
    faces = []
    for i, face in enumerate(card.faces):
        flavor = printing.flavor_texts[i] if i < len(printing.flavor_texts) else ""
        faces.append(
            {
                "face": face,
                "segments": explained[i] if i < len(explained) else [{"html": p.text_html(face.oracle_text)}],
                "mana": p.mana_html(face.mana_cost),
                "flavor": p.text_html(flavor) if flavor else "",
                "index": i,
            }
        )
    from tolaria.site.stores import similar as similar_store
    from tolaria.site.stores import tags as tag_store

    tag_groups, predicted = p.tag_groups(tag_store.card_tags(card.oracle_id))
    similar = [
        {**item, "url": card_url(oracle_id=item["oracle_id"])} for item in similar_store.similar_to(card.oracle_id)
    ]
    here = request.get_full_path()
    facts = facts_of(current_index())
    # the card's own legalities name every format its data judges; the others read "Unknown"
    legalities = p.legality_rows(card.legalities, set(card.legalities))
    ctx = {
        "card": card,
        "printing": printing,
        "faces": faces,
        "set_name": sets.get(printing.set_code, printing.set_code.upper()),
        "set_symbol": p.set_symbol(
            printing.set_code, set_rows.get(printing.set_code, {}).get("keyrune_code", ""), printing.rarity
        ),
        "flippable": card.layout in p.TRANSFORMING and len(card.faces) > 1,
        "prices": p.price_list(printing.prices),
        "price_unknown": missing_price_reason(facts),
        "data_date": facts.data_date,
        "unknown_formats": [r["format"] for r in legalities if r["status"] == "unknown"],
        "data_dated": facts.dated(),
        "chart": p.price_chart(points),
        "legalities": legalities,
        "printings": printings,
        "printing_rows": p.printing_rows_html(printings),
        "languages": languages,
        "tag_groups": tag_groups,
        "predicted": predicted,
        "predicted_available": tag_store.predicted_available(),
        "similar": similar,
        "similar_status": similar_store.status(),
        "save_url": _reverse("collections:save_card", "/accounts/login/?next=" + urllib.parse.quote(here)),
        "deck_url": _reverse(
            "collections:start_deck",
            "/accounts/login/?next=" + urllib.parse.quote(here),
            "?" + urllib.parse.urlencode({"card": card.oracle_id}),
        ),
        "login_url": "/accounts/login/?next=" + urllib.parse.quote(here),
        "mana_value": f"{card.mana_value:g}",
    }
    return render(request, "web/card.html", ctx)


def _languages(card, printing, prints: dict[str, dict], sets: dict[str, str]) -> list[dict]:
    """The card's printed names by language (MTGJSON foreignData): this printing's own where it was
    printed in the language, else the newest printing's that was; each with a search for the card's
    printings in that language."""
    rows = m.ForeignPrinting.objects.filter(printing__card_id=card.oracle_id).values_list("printing_id", "lang", "name")
    chosen: dict[str, tuple[tuple, str, str]] = {}
    for pid, lang, name in rows:
        o = prints.get(pid)
        if o is None or not name:
            continue
        rank = (pid == printing.id, o["released_at"], o["set_code"], o["collector_number"])
        if lang not in chosen or rank > chosen[lang][0]:
            chosen[lang] = (rank, name, pid)
    out = []
    for lang in sorted(chosen, key=LANG_CODES.index):
        _, name, pid = chosen[lang]
        o = prints[pid]
        out.append(
            {
                "lang": lang,
                "html_lang": p.html_lang(lang),
                "language": LANG_NAMES[lang],
                "name": name,
                "where": "" if pid == printing.id else f"{sets.get(o['set_code'], o['set_code'].upper())}",
                "search": "/search?" + urllib.parse.urlencode({"q": f'!"{card.name}" lang:{lang}', "unique": "prints"}),
            }
        )
    return out


# --- search ----------------------------------------------------------------------------------------


def _answer_page(request, q: str, ctx: dict, answers):
    """A question or a sentence: its answers take the main column (rules first, the sentence that
    answers highlighted); cards follow only when the words also make a card search that finds some.
    Cards asked for in words ("green creature that makes mana", "cards like Llanowar Elves") come
    first, by meaning, with the closest card search syntax in a box the player can edit."""
    from tolaria.search import QuerySyntaxError, QueryTooLong
    from tolaria.site.collections.services import search_lists
    from tolaria.site.stores import knowledge_index

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
            current_index(), SearchRequest(searched, page_size=24, user_lists=search_lists(request.user, searched))
        )
    except (QuerySyntaxError, QueryTooLong):
        result = None  # the question is no card search ("?", "and", ":" read as syntax): answers only
    if result is not None and result.total:
        ctx.update(
            result=result,
            searched=searched,
            rows=_result_rows(result, full_text=False),
            cards_url="/search?" + urllib.parse.urlencode({"q": searched, "cards": "all", "redirect": "no"}),
        )
    return render(request, "web/answers.html", ctx)


def _int(value, default: int, lo: int = 1, hi: int = 10**6) -> int:
    try:
        return max(lo, min(hi, int(value)))
    except (TypeError, ValueError):
        return default


@require_GET
def search(request):
    from tolaria.search import QuerySyntaxError, QueryTooLong
    from tolaria.site.collections.services import search_lists

    q = request.GET.get("q", "").strip()
    view = request.GET.get("as", "grid")
    view = view if view in VIEWS else "grid"
    order = request.GET.get("order", "name")
    direction = request.GET.get("dir", "auto")
    direction = direction if direction in ("auto", "asc", "desc") else "auto"
    unique = request.GET.get("unique", "cards")
    unique = unique if unique in ("cards", "prints", "art") else "cards"
    page = _int(request.GET.get("page"), 1)
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
    from tolaria.knowledge import is_question

    plain = p.is_plain_words(q)
    answers = None
    if page == 1 and request.GET.get("cards") != "all" and (is_question(q) or plain and len(q.split()) >= 3):
        from tolaria.site.stores import knowledge_index

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
        only = result.printing_ids[0]  # a printing in another language opens its English printing's page
        english = m.ForeignPrinting.objects.filter(pk=only).values_list("printing_id", flat=True).first()
        row = (
            m.Printing.objects.select_related("card")
            .only("set_code", "collector_number", "card__name")
            .get(pk=english or only)
        )
        return HttpResponseRedirect(p.printing_url(row, row.card.name))
    ctx.update(
        result=result,
        rows=_result_rows(result, full_text=view == "text"),
        suggestions=[] if result.total else _suggest(q),
    )
    if plain:
        from tolaria.site.stores import knowledge_index

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


def _suggest(q: str, limit: int = 5) -> list[dict]:
    """Fuzzy name matches for an empty result."""
    from tolaria.site.catalog.services import suggest_names

    return [
        {"name": name, "url": "/search?" + urllib.parse.urlencode({"q": f'!"{name}"'})}
        for name in suggest_names(q, limit)
    ]


def _page_url(request, page: int, **changes) -> str:
    params = request.GET.copy()
    params["page"] = str(page)
    for k, v in changes.items():
        params[k] = v
    if params.get("page") == "1":
        del params["page"]
    return "/search?" + params.urlencode()


_ROWS = CorpusCache()


def _result_rows(result, full_text: bool = False) -> list[dict]:
    """The page's cards as rows (plain dicts): from the worker's cache, the rest in three queries."""
    keys = [(pid, oid, full_text) for pid, oid in zip(result.printing_ids, result.oracle_ids)]
    found = _ROWS.get_many(keys, _build_rows)
    return [found[k] for k in keys if k in found]


def _build_rows(keys: list) -> dict:
    cards = {
        oid: orjson.loads(d)
        for oid, d in m.OracleCard.objects.filter(pk__in={k[1] for k in keys}).values_list("oracle_id", "data")
    }
    wanted = {k[0] for k in keys}
    prints = {pid: orjson.loads(d) for pid, d in m.Printing.objects.filter(pk__in=wanted).values_list("id", "data")}
    # printings in other languages (a lang: search, a printed name): their English printing's row, named as printed
    for fid, lang, name, d in m.ForeignPrinting.objects.filter(pk__in=wanted - set(prints)).values_list(
        "id", "lang", "name", "printing__data"
    ):
        prints[fid] = {**orjson.loads(d), "lang": lang, "printed": name}
    sets = dict(m.CardSet.objects.filter(code__in={x["set_code"] for x in prints.values()}).values_list("code", "name"))
    rows = {}
    for key in keys:
        pid, oid, full_text = key
        c, pr = cards.get(oid), prints.get(pid)
        if c is None or pr is None:
            continue
        faces = c.get("faces") or []
        usd = (pr.get("prices") or {}).get("usd")
        row = {
            "name": c["name"],
            "mana": p.mana_html(c.get("mana_cost", "")),
            "url": card_url(c["name"], pr["set_code"], pr["collector_number"]),
            "type_line": " // ".join(f.get("type_line", "") for f in faces if f.get("type_line")),
            "set_code": pr["set_code"].upper(),
            "set_name": sets.get(pr["set_code"], ""),
            "number": pr["collector_number"],
            "rarity": pr.get("rarity", ""),
            "price": p.money(usd, "usd") if usd is not None else "",
            "printed": pr.get("printed", ""),
            "lang": pr.get("lang", "en"),
            "html_lang": p.html_lang(pr.get("lang", "en")),
            "lang_name": LANG_NAMES.get(pr.get("lang", "en"), ""),
            "image": image_source(c, {**pr, "id": pid}),  # the printing's own image (a foreign one's too)
        }
        if full_text:
            row["faces"] = [
                {
                    "name": f.get("name", ""),
                    "mana": p.mana_html(f.get("mana_cost", "")),
                    "type_line": f.get("type_line", ""),
                    "text": p.text_html(f.get("oracle_text", "")),
                    "pt": f"{f['power']}/{f['toughness']}" if f.get("power") is not None else "",
                    "loyalty": f.get("loyalty"),
                    "defense": f.get("defense"),
                }
                for f in faces
            ]
        rows[key] = row
    return rows


@require_GET
def syntax(request):
    from tolaria.search import KEYWORDS

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


# --- rules -----------------------------------------------------------------------------------------


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
    from tolaria.site.catalog.editions import NotADate, edition
    from tolaria.site.stores import knowledge_index

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
    page = _int(request.GET.get("page"), 1)
    result = search_index(current_index(), SearchRequest(f"rule:{rule.number}", page=page, page_size=60))
    total, has_more, cards = result.total, result.has_more, _result_rows(result)
    parents = []
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
        from tolaria.rules import normalize_term

        words = normalize_term(q).split()
        rules = [{"rule": r, "excerpt": p.highlight(r.text or r.title, words)} for r in book.search(q, limit=100)]
        entries = [
            {"entry": e, "excerpt": p.highlight(e.definition, words)}
            for e in book.glossary.values()
            if all(w in normalize_term(f"{e.term} {e.definition}") for w in words)
        ][:30]
    return render(request, "web/rules_search.html", {"q": q, "rules": rules, "entries": entries})


# --- tags -------------------------------------------------------------------------------------------


@require_GET
def tags_index(request):
    from tolaria.tags import default_taxonomy

    taxonomy = default_taxonomy()
    counts = dict(
        m.CardTag.objects.values_list("tag_id").annotate(n=Count("card_id", distinct=True)).values_list("tag_id", "n")
    )
    groups: dict[str, list] = {}
    for tag_id, n in sorted(counts.items()):
        tag = _tag_def(taxonomy, tag_id)
        group = tag.group if tag else "Other tags"
        groups.setdefault(group, []).append(
            {"id": tag_id, "label": tag.label if tag else tag_id, "count": n, "kind": tag.kind if tag else ""}
        )
    ordered = [(g, groups[g]) for g in p.TAG_GROUPS if g in groups] + [
        (g, v) for g, v in groups.items() if g not in p.TAG_GROUPS
    ]
    return render(request, "web/tags_index.html", {"groups": ordered})


def _tag_def(taxonomy, tag_id: str):
    try:
        return taxonomy.get(tag_id)
    except KeyError:  # an id of no family the taxonomy knows
        return None


@require_GET
def tag_page(request, tag_id: str):
    from tolaria.search import QueryError
    from tolaria.tags import default_taxonomy

    tag = _tag_def(default_taxonomy(), tag_id)
    if tag is None and not m.CardTag.objects.filter(tag_id=tag_id).exists():
        raise Http404("No such tag.")
    page = _int(request.GET.get("page"), 1)
    try:
        result = search_index(current_index(), SearchRequest(f'tag:"{tag_id}"', page=page))
    except QueryError:
        raise Http404("No such tag.") from None
    ctx = {
        "tag": tag,
        "tag_id": tag_id,
        "result": result,
        "rows": _result_rows(result),
        "page": page,
        "kind_label": p.KIND_LABELS.get(tag.kind, tag.kind) if tag else "",
        "search_url": "/search?" + urllib.parse.urlencode({"q": f"tag:{tag_id}"}),
        "prev_url": f"?page={page - 1}" if page > 1 else "",
        "next_url": f"?page={page + 1}" if result.has_more else "",
    }
    return render(request, "web/tag.html", ctx)


# --- changes between editions of the rules ------------------------------------------------------------


@require_GET
def rules_changes(request):
    """What changed between two stored editions of the Comprehensive Rules (tolaria rules ingest)."""
    from tolaria.rules import diff_rulebooks, parse_rules

    editions = list(m.RulesVersion.objects.order_by("effective_date").values_list("effective_date", flat=True))
    ctx: dict = {"editions": editions}
    old, new = request.GET.get("from", ""), request.GET.get("to", "")
    if len(editions) >= 2 and not (old and new):
        old, new = str(editions[-2]), str(editions[-1])
    ctx.update(old=old, new=new)
    if old and new:
        from tolaria.site.catalog.editions import NotADate, edition_date

        try:
            old, new = edition_date(old).isoformat(), edition_date(new).isoformat()
        except NotADate as exc:
            ctx.update(error=str(exc), old="", new="")
            return render(request, "web/rules_changes.html", ctx, status=400)
        rows = {str(v.effective_date): v for v in m.RulesVersion.objects.filter(effective_date__in=[old, new])}
        if old not in rows or new not in rows:
            raise Http404("Both editions must be stored (tolaria rules ingest).")
        diff = diff_rulebooks(parse_rules(rows[old].text), parse_rules(rows[new].text))
        ctx["diff"] = diff
    return render(request, "web/rules_changes.html", ctx)


def _next_beyond(book, number: str, on_page: set[str]):
    """The next rule not already shown on this page (its subrules are all on it)."""
    nxt = book.next(number)
    while nxt is not None and nxt.number in on_page:
        nxt = book.next(nxt.number)
    return nxt


# --- errors ----------------------------------------------------------------------------------------

_HOME_LINKS = [
    {"url": "/", "label": "Home"},
    {"url": "/rules/", "label": "Rules"},
    {"url": "/random", "label": "A random card"},
]


def not_found(request, exception=None):
    """The styled 404 of every page (the API answers its own JSON errors): a way forward for each kind
    of address — the nearest card names for a card, the user's decks and lists for those."""
    path = request.path
    ctx = {"links": _HOME_LINKS}
    if path.startswith("/card/"):
        guess = _words_of_card_path(path)
        ctx.update(
            heading="No such card",
            reason="This card address does not match a card or printing in the data.",
            guess=guess,
            nearest=_suggest(guess, 8) if guess else [],
        )
    elif path.startswith("/decks/"):
        ctx.update(
            heading="No such deck",
            reason="The deck does not exist, or it is private to its owner.",
            links=[{"url": "/decks/", "label": "My decks"}, {"url": "/decks/public/", "label": "Public decks"}],
        )
    elif path.startswith("/lists/"):
        ctx.update(
            heading="No such list",
            reason="The list does not exist, or it is private to its owner.",
            links=[{"url": "/lists/", "label": "My lists"}, *_HOME_LINKS[:1]],
        )
    return render(request, "404.html", ctx, status=404)


def _words_of_card_path(path: str) -> str:
    """`/card/lea/161/lightnin-bolt` -> "lightnin bolt": the slug is the only part that names a card."""
    parts = [urllib.parse.unquote(x) for x in path.strip("/").split("/")[1:]]
    if len(parts) >= 3:
        return parts[2].replace("-", " ").strip()
    return ""


def bad_request(request, exception=None):
    """Django's 400 for what it refuses before a view answers. A body over DATA_UPLOAD_MAX_MEMORY_SIZE
    gets a 413 in words: the view's own `too_large` page where it has one (the deck import shows its
    form again), else this site's error page."""
    from django.core.exceptions import RequestDataTooBig
    from django.urls import Resolver404, resolve

    from tolaria.site.middleware import too_large

    if not isinstance(exception, RequestDataTooBig):
        from django.views.defaults import bad_request as default

        return default(request, exception)
    try:
        match = resolve(request.path_info)
    except Resolver404:
        match = None
    page = getattr(match.func, "too_large", None) if match else None
    answer = page(request, *match.args, **match.kwargs) if page is not None else None
    if answer is not None:
        return answer
    ctx = {"heading": "Too large to send", "reason": too_large(request), "links": _HOME_LINKS}
    return render(request, "413.html", ctx, status=413)


def server_error(request):
    """Rendered without the request's context: whatever failed (the database, the session) is not
    touched again, so the styled page itself cannot fail the same way."""
    from django.http import HttpResponseServerError
    from django.template import loader

    try:
        body = loader.get_template("500.html").render({})
    except Exception:  # the last resort must answer; the original error is already logged
        log.exception("the 500 page failed to render")
        body = "<h1>Server error</h1><p>Something went wrong on our side. <a href='/'>Home</a></p>"
    return HttpResponseServerError(body)
