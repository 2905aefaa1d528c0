"""An action a logged-out user asked for (save this card), kept in the session and completed when the
login it asked for succeeds, so the click is not lost."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

SESSION_KEY = "tolaria_pending_action"


def remember_save(request, card: str, printing: str = "", list_id: str | None = None) -> None:
    request.session[SESSION_KEY] = {"action": "save", "card": card, "printing": printing, "list": list_id}


@receiver(user_logged_in, dispatch_uid="tolaria.web.pending")
def complete_pending(sender, request, user, **kwargs) -> None:
    if request is None or not hasattr(request, "session"):
        return
    action = request.session.pop(SESSION_KEY, None)
    if not request.path.rstrip("/").endswith("signup"):  # sign up says welcome itself
        messages.success(request, f"You are logged in as {user.get_username()}.", fail_silently=True)
    if not action or action.get("action") != "save":
        return
    from tolaria.site.collections import services as svc

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


@receiver(user_logged_out, dispatch_uid="tolaria.web.logged_out")
def say_logged_out(sender, request, user, **kwargs) -> None:
    # the message lives in its cookie, so it outlives the session logging out empties
    if request is not None:
        messages.info(request, "You are logged out.", fail_silently=True)
