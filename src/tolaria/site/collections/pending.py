"""A card a logged-out user asked to save, kept in the session and saved when the login it asked for
succeeds, so the click is not lost. The save view remembers it; the site's login signal
(tolaria.site.web.pending) takes it out of the session and completes it."""

from __future__ import annotations

from django.contrib import messages

from . import saved
from . import services as svc

SESSION_KEY = "tolaria_pending_action"


def remember_save(request, card: str, printing: str = "", list_id: str | None = None) -> None:
    request.session[SESSION_KEY] = {"action": "save", "card": card, "printing": printing, "list": list_id}


def complete_save(request, user, action: dict) -> None:
    """Save the card a remembered action names, and say so (or say why not). A card the list holds
    already is not added again: the player, now logged in, is told where it is."""
    held = saved.already_saved(user, action.get("card", ""), action.get("list"))
    if held is not None:
        target, copies = held
        messages.info(
            request,
            f"That card is already in “{target.name}” ({copies} {'copy' if copies == 1 else 'copies'}): nothing was added.",
            fail_silently=True,
        )
        return
    try:
        target, item = svc.save_card(
            user, action.get("card", ""), printing_id=action.get("printing") or "", list_id=action.get("list")
        )
    except svc.CollectionError as exc:
        messages.error(request, f"The card you asked to save was not saved: {exc}", fail_silently=True)
        return
    messages.success(
        request, f"Saved {item.card_name} to “{target.name}” ({item.quantity} there now).", fail_silently=True
    )
