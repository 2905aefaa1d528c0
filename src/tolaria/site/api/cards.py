"""/api/cards/…: search, named, autocomplete, random, one card, its explained text (Scryfall-shaped)."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Query, Router

from tolaria.site.catalog import models as m
from tolaria.site.catalog.repository import card as load_card

from . import _cards_data as data
from ._objects import (
    absolute_with,
    card_object,
    card_objects,
    error,
    json_response,
    list_object,
    load_printings,
    set_names,
)

router = Router(tags=["cards"])

ERRORS = {400: dict, 404: dict}


def _failure(f: data.SearchFailure):
    return error(f.status, f.code, f.details, f.warnings, **f.extra)


@router.get(
    "/search",
    response={200: dict, **ERRORS},
    summary="Search cards with Scryfall syntax",
    description="Scryfall's list object of card objects, 175 a page; `next_page` is the next page's URL. "
    "A bad query answers 400 naming the position and what was expected; no match answers 404.",
)
def search_cards(
    request: HttpRequest,
    q: str = Query(..., description="a Scryfall-syntax query"),
    unique: str = "cards",
    order: str = "name",
    dir: str = "auto",
    page: int = 1,
):
    result = data.do_search(q, unique=unique, order=order, direction=dir, page=page, user=_searching_user(request))
    if isinstance(result, data.SearchFailure):
        return _failure(result)
    next_page = absolute_with(request, page=result.page + 1) if result.has_more else None
    body = list_object(request, result, next_page)
    return json_response(body)


def _searching_user(request: HttpRequest):
    """Whose lists in:list/NAME searches: a bearer token's user (401 for a bad one), else the session's."""
    from tolaria.site.accounts.api_auth import token_user

    user = token_user(request)
    if user is not None:
        return user
    return request.user if request.user.is_authenticated else None


@router.get("/named", response={200: dict, **ERRORS}, summary="One card by its exact or approximate name")
def named(request: HttpRequest, exact: str | None = None, fuzzy: str | None = None, set: str | None = None):
    if exact:
        oid, suggestions = data.exact_name(exact), []
        if oid is None:
            from tolaria.site.catalog.services import suggest_names

            suggestions = suggest_names(exact)
    elif fuzzy:
        oid, suggestions = data.fuzzy_name(fuzzy)
    else:
        return error(400, "bad_request", "give exact= or fuzzy= with a card name")
    if oid is None:
        name = exact or fuzzy
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        return error(404, "not_found", f"No card found named {name!r}.{hint}", suggestions=suggestions)
    return json_response(_one_card(request, oid, set_code=set))


@router.get("/autocomplete", response=dict, summary="Up to 20 card names for a partial name (Scryfall catalog)")
def autocomplete(request: HttpRequest, q: str = ""):
    names = data.autocomplete(q)
    return json_response({"object": "catalog", "total_values": len(names), "data": names})


@router.get("/random", response={200: dict, **ERRORS}, summary="A random card, optionally matching a query")
def random_card(request: HttpRequest, q: str | None = None):
    picked = data.random_card(q)
    if isinstance(picked, data.SearchFailure):
        return _failure(picked)
    pid, oid = picked
    return json_response(card_objects(request, [(pid, oid)])[0])


def _one_card(
    request: HttpRequest, oracle_id: str, printing_id: str | None = None, set_code: str | None = None
) -> dict:
    card = load_card(oracle_id)
    printing = None
    if printing_id:
        printing = load_printings([printing_id]).get(printing_id)
    elif set_code:
        row = (
            m.Printing.objects.filter(card_id=oracle_id, set_code=set_code.lower()).order_by("collector_number").first()
        )
        printing = row.to_domain() if row else None
    if printing is None:
        pid = data.default_printing_id(oracle_id)
        printing = load_printings([pid]).get(pid) if pid else None
    names = set_names([printing.set_code]) if printing else {}
    out = card_object(request, card, printing, names.get(printing.set_code, "") if printing else "")
    out["rulings"] = [{"published_at": r.date, "source": r.source, "comment": r.text} for r in card.rulings]
    out["tags"] = card_tags(oracle_id)
    from tolaria.site.explain import card_structure

    out["tolaria"] = {"structure": card_structure(card)}  # each face read as abilities (issue 12)
    return out


def card_tags(oracle_id: str) -> list[dict]:
    """The card's tags ({id, label, group, kind, evidence, confidence}), as the tags store holds them."""
    from tolaria.site.stores import tags as tag_store

    return tag_store.card_tags(oracle_id)


def _resolve(id: str) -> tuple[str, str | None] | None:
    """(oracle id, printing id or None) for a Scryfall printing id or an oracle id."""
    row = m.Printing.objects.filter(pk=id).values_list("card_id", flat=True).first()
    if row:
        return row, id
    if m.OracleCard.objects.filter(pk=id).exists():
        return id, None
    return None


def _not_found(id: str):
    return error(404, "not_found", f"No card found with the given ID or oracle ID {id!r}.")


@router.get(
    "/{id}",
    response={200: dict, 404: dict},
    summary="One card by Scryfall printing id or oracle id",
    description="The card object plus its rulings and tags.",
)
def card_by_id(request: HttpRequest, id: str):
    found = _resolve(id)
    if found is None:
        return _not_found(id)
    oracle_id, printing_id = found
    return json_response(_one_card(request, oracle_id, printing_id))


@router.get(
    "/{id}/explained",
    response={200: dict, 404: dict},
    summary="A card's text with every keyword and rules term explained",
    description="Per face, the oracle text as plain and linked segments; each link names its rule, title and the rule texts.",
)
def card_explained(request: HttpRequest, id: str):
    from tolaria.site.explain import explained_dict

    found = _resolve(id)
    if found is None:
        return _not_found(id)
    card = load_card(found[0])
    return json_response(explained_dict(card))
