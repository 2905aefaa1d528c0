"""`{% load collections_tags %}{% card_actions card %}`: the "Save this card" and "Start a deck with
this card" controls for a card page or a search result (works logged out: saving asks to log in)."""

from django import template

from ..models import CardList

register = template.Library()


@register.inclusion_tag("collections/_card_actions.html", takes_context=True)
def card_actions(context, card, printing_id: str = "", compact: bool = False):
    request = context.get("request")
    user = getattr(request, "user", None)
    lists = (
        list(CardList.objects.filter(owner=user).only("id", "name", "is_default"))
        if user is not None and user.is_authenticated
        else []
    )
    oracle_id = getattr(card, "oracle_id", card)
    return {
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


@register.filter
def choices_for(choices: dict, oracle_id: str) -> list:
    """`printing_choices|choices_for:r.oracle_id`: the row editor's printings of one card."""
    return choices.get(oracle_id, []) if choices else []
