"""`{% load collections_tags %}{% card_actions card %}`: the "Save this card" and "Start a deck with
this card" controls for a card page or a search result (works logged out: saving asks to log in)."""

from django import template

from tolaria.site.catalog.repository import load_cards

from ..models import CardList
from ..saved import holdings

register = template.Library()


@register.inclusion_tag("collections/_card_actions.html", takes_context=True)
def card_actions(context, card, printing_id: str = "", *, compact: bool = False):
    request = context.get("request")
    user = getattr(request, "user", None)
    lists = (
        list(CardList.objects.filter(owner=user).only("id", "name", "is_default"))
        if user is not None and user.is_authenticated
        else []
    )
    oracle_id = getattr(card, "oracle_id", card)

    return {
        "held": holdings(user, str(oracle_id)) if not compact else [],
        "oracle_id": oracle_id,
        "name": getattr(card, "name", ""),
        "printing_id": printing_id or "",
        "lists": lists,
        "user": user,
        "request": request,
        "compact": compact,
        "csrf_token": context.get("csrf_token"),
        "next": request.get_full_path() if request is not None else "/",
    }


@register.simple_tag(takes_context=True)
def saved_in(context, oracle_id: str) -> list:
    """`{% saved_in card.oracle_id as held %}`: the signed-in player's lists that hold the card, and how
    many copies each (collections.saved.Holding); nothing for a visitor."""

    request = context.get("request")
    return holdings(getattr(request, "user", None), str(oracle_id))


@register.filter
def with_cards(rows: list) -> list:
    """`{% for r in rows|with_cards %}`: rows that name their card by oracle id only (a list's) get the
    card itself (`r.card`, for its preview), all in one query."""
    wanted = {r.oracle_id for r in rows if getattr(r, "card", None) is None}
    cards = load_cards(wanted) if wanted else {}
    for r in rows:
        if getattr(r, "card", None) is None and r.oracle_id in cards:
            r.card = cards[r.oracle_id]
    return rows


@register.filter
def choices_for(choices: dict, oracle_id: str) -> list:
    """`printing_choices|choices_for:r.oracle_id`: the row editor's printings of one card."""
    return choices.get(oracle_id, []) if choices else []


_FINISHES = (("", "Nonfoil", "nonfoil"), ("foil", "Foil", "foil"), ("etched", "Etched", "etched"))


@register.filter
def finish_choices(options: list, row) -> list[tuple[str, str]]:
    """`options|finish_choices:r`: the finishes the row's select offers as (value, label): those its
    printing was made in, or, with no printing chosen, those any printing of the card was made in. The
    row's own finish stays offered even where the data does not list it, so saving the form keeps it;
    a card whose printings list no finish at all is offered all three."""
    printing = getattr(row, "printing", None)
    made = set(getattr(printing, "finishes", None) or ())
    if not printing:
        made = {f for _, _, finishes in options for f in finishes or ()}
    current = getattr(row, "finish", "") or ""
    return [(value, label) for value, label, name in _FINISHES if not made or name in made or value == current]
