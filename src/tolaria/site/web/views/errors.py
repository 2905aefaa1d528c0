"""The styled error pages: 404 with a way forward, 400 (and 413 in words), 500."""

from __future__ import annotations

import logging
import urllib.parse

from django.core.exceptions import RequestDataTooBig
from django.http import HttpResponseServerError
from django.shortcuts import render
from django.template import loader
from django.urls import Resolver404, resolve
from django.views import defaults

from tolaria.site.middleware import too_large

from ._shared import suggest_cards

log = logging.getLogger(__name__)


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
            nearest=suggest_cards(guess, 8) if guess else [],
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
    if not isinstance(exception, RequestDataTooBig):
        return defaults.bad_request(request, exception)
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
    try:
        body = loader.get_template("500.html").render({})
    except Exception:  # the last resort must answer; the original error is already logged
        log.exception("the 500 page failed to render")
        body = "<h1>Server error</h1><p>Something went wrong on our side. <a href='/'>Home</a></p>"
    return HttpResponseServerError(body)
