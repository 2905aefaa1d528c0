"""/api/search: the knowledge search across rules, glossary entries, rulings and cards; /api/answers: a
question's answers as the search page shows them (the rules that answer it, then the rulings and cards
that illustrate it); and /api/cards/{id}/similar: cards that mean much the same."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router

from tolaria.knowledge import Hit
from tolaria.site.catalog.repository import card_id_of
from tolaria.site.stores import knowledge_index
from tolaria.site.stores import similar as similar_store

from ._objects import error, json_response
from ._schemas import ErrorOut

router = Router(tags=["knowledge"])
answers_router = Router(tags=["knowledge"])
similar_router = Router(tags=["knowledge"])
MAX_QUERY = 1000


def hit_object(hit: Hit) -> dict:
    doc = hit.document
    return {
        "object": "knowledge_hit",
        "kind": doc.kind,
        "id": doc.id,
        "title": doc.title,
        "ref": doc.ref,
        "score": round(float(hit.score), 5),
        "lexical_rank": hit.lexical_rank,
        "semantic_rank": hit.semantic_rank,
        "excerpt": [{"text": text, "match": bool(match)} for text, match in hit.excerpt],
        "excerpt_html": hit.excerpt_html,
        "excerpt_from": hit.excerpt_from or None,
    }


@router.get(
    "", response={200: dict, 400: dict}, summary="Rules, glossary, rulings and cards ranked by words and meaning"
)
def search(
    request: HttpRequest,
    q: str = Query(..., description="plain words or a question"),
    limit: int = 20,
    grouped: bool = False,  # noqa: FBT001, FBT002  a query parameter: django-ninja reads the signature
):
    if not q.strip():
        return error(400, "bad_request", "Give a query in q.")
    if len(q) > MAX_QUERY:
        return error(400, "bad_request", "Queries are limited to 1,000 characters.")
    limit = max(1, min(limit, 100))
    body: dict = {
        "object": "knowledge_results",
        "query": q,
        "ranking_by_meaning": knowledge_index.meaning_status() is None,
        "warnings": [w for w in [knowledge_index.meaning_status()] if w],
        "suggested_query": knowledge_index.syntax_for(q),
    }
    if grouped:
        body["groups"] = {kind: [hit_object(h) for h in hits] for kind, hits in knowledge_index.search_page(q).items()}
    else:
        body["data"] = [hit_object(h) for h in knowledge_index.search_knowledge(q, limit=limit)]
    return json_response(body)


def answers_object(answers) -> dict:
    """A question's answers (tolaria.knowledge.Answers) as /api/answers and `tolaria ask --json` give them."""
    status = knowledge_index.meaning_status()
    groups = {"rules": answers.rules, "rulings": answers.rulings, "cards": answers.cards}
    return {
        "object": "answers",
        "query": answers.query,
        "question": answers.question,
        "card_request": answers.card_request,
        "ranking_by_meaning": status is None,
        "warnings": [w for w in [status] if w],
        "terms": answers.terms,
        "named_cards": answers.named_cards,
        # players' words read as the rules' words ("ETB" as "enters the battlefield"), in the order written
        "read_as": [{"words": r.words, "rules_words": r.rules_words} for r in answers.readings],
        "suggested_query": answers.suggestion,
        "groups": {name: [hit_object(h) for h in hits] for name, hits in groups.items()},
    }


@answers_router.get(
    "",
    response={200: dict, 400: ErrorOut},
    summary="A rules question's answers: the rules first, then rulings and cards",
)
def answers(
    request: HttpRequest,
    q: str = Query(..., description="a question or a sentence, as a player writes it"),
    rules: int = 10,
    rulings: int = 5,
    cards: int = 5,
):
    if not q.strip():
        return error(400, "bad_request", "Give a question in q.")
    if len(q) > MAX_QUERY:
        return error(400, "bad_request", "Questions are limited to 1,000 characters.")
    found = knowledge_index.answer(
        q, rules=max(0, min(rules, 30)), rulings=max(0, min(rulings, 30)), cards=max(0, min(cards, 30))
    )
    return json_response(answers_object(found))


@similar_router.get(
    "/{oracle_id}/similar",
    response={200: dict, 404: ErrorOut},
    summary="Cards similar in meaning and tags (reprints excluded)",
)
def similar(request: HttpRequest, oracle_id: str, limit: int = 8):
    given = oracle_id
    oracle_id = card_id_of(oracle_id) or ""  # a printing's id names its card
    if not oracle_id:
        return error(404, "not_found", f"No card found with the given ID or oracle ID {given!r}.")
    items = similar_store.similar_to(oracle_id, k=max(1, min(limit, similar_store.K)))
    return json_response({"object": "list", "data": items, "warnings": [w for w in [similar_store.status()] if w]})
