"""What a login and a logout say, and the action a logged-out user asked for (save this card:
tolaria.site.collections.pending keeps it in the session), completed when the login it asked for
succeeds, so the click is not lost."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from tolaria.site.collections.pending import SESSION_KEY, complete_save


@receiver(user_logged_in, dispatch_uid="tolaria.web.pending")
def complete_pending(sender, request, user, **kwargs) -> None:
    if request is None or not hasattr(request, "session"):
        return
    action = request.session.pop(SESSION_KEY, None)
    if not request.path.rstrip("/").endswith("signup"):  # sign up says welcome itself
        messages.success(request, f"You are logged in as {user.get_username()}.", fail_silently=True)
    if not action or action.get("action") != "save":
        return
    complete_save(request, user, action)


@receiver(user_logged_out, dispatch_uid="tolaria.web.logged_out")
def say_logged_out(sender, request, user, **kwargs) -> None:
    # the message lives in its cookie, so it outlives the session logging out empties
    if request is not None:
        messages.info(request, "You are logged out.", fail_silently=True)
