"""Where a player's card is saved: the lists that hold it and how many, and whether a save would add a
second copy to a list that has the card already (issue 30 item 4: a second save says so instead of
adding silently; the player can still add another copy)."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Sum
from django.urls import reverse

from .models import CardList, ListItem


@dataclass(frozen=True, slots=True)
class Holding:
    list_id: int
    name: str
    url: str
    quantity: int
    is_default: bool


def holdings(user, oracle_id: str) -> list[Holding]:
    """The user's lists that hold the card (any printing), with how many copies each, default list first."""
    if user is None or not getattr(user, "is_authenticated", False) or not oracle_id:
        return []
    rows = (
        ListItem.objects.filter(card_list__owner=user, oracle_id=oracle_id)
        .values("card_list_id", "card_list__name", "card_list__token", "card_list__is_default")
        .annotate(copies=Sum("quantity"))
        .order_by("-card_list__is_default", "card_list__name")
    )
    return [
        Holding(
            r["card_list_id"],
            r["card_list__name"],
            reverse("collections:list_detail", args=[r["card_list__token"]]),
            int(r["copies"] or 0),
            bool(r["card_list__is_default"]),
        )
        for r in rows
    ]


def names_an_id(value) -> bool:
    """Whether a `list` value can be a list's id (else it is its token): a word, or a number past any
    id (the database refuses one over 2**63), is never looked up as an id."""
    text = str(value)
    return text.isascii() and text.isdigit() and len(text) <= 18


def already_saved(user, oracle_id: str, list_id: str | None = None, new_list: str = "") -> tuple[CardList, int] | None:
    """The list a save would go to (the chosen one, else the default) and how many copies of the card it
    holds already, when it holds any; None when the save adds the card's first copy there."""
    if new_list and new_list.strip():
        return None
    lists = CardList.objects.filter(owner=user)
    if list_id not in (None, ""):
        target = lists.filter(pk=list_id).first() if names_an_id(list_id) else None
        target = target or lists.filter(token=str(list_id)).first()
    else:
        target = lists.filter(is_default=True).first()
    if target is None:
        return None
    copies = target.items.filter(oracle_id=oracle_id).aggregate(n=Sum("quantity"))["n"] or 0
    return (target, int(copies)) if copies else None
