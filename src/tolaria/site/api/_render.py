"""How a route answers its JSON: indented when the client asks for `pretty` (a parameter of every
Scryfall route, scryfall.com/docs/api); Scryfall's boolean parameters."""

from __future__ import annotations

from typing import Any

import orjson
from django.http import HttpRequest, HttpResponse

from ._objects import json_response


def flag(value: str | None) -> bool:
    """Scryfall's boolean parameters: true/1/yes; absent or empty (as some clients send them) is false."""
    return (value or "").strip().lower() in ("1", "true", "yes", "on")


def respond(request: HttpRequest, body: Any, status: int = 200) -> HttpResponse:
    """JSON, indented when the client asks for `pretty`."""
    if flag(request.GET.get("pretty")):
        return HttpResponse(
            orjson.dumps(body, option=orjson.OPT_INDENT_2), status=status, content_type="application/json"
        )
    return json_response(body, status)
