"""The API's answers: JSON bodies (the Scryfall objects of tolaria.site.scryfall) as HTTP responses."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

import orjson
from django.http import HttpRequest, HttpResponse

from tolaria.search import QueryError
from tolaria.site.scryfall import error_object, query_error_object


def json_response(data: Any, status: int = 200) -> HttpResponse:
    # orjson: a page of 175 card objects serialises several times faster than with the json module
    return HttpResponse(orjson.dumps(data), status=status, content_type="application/json")


def error(status: int, code: str, details: str, warnings: Sequence[str] | None = None, **extra: Any) -> HttpResponse:
    """Scryfall's error object."""
    return json_response(error_object(status, code, details, warnings or (), **extra), status)


def query_error(exc: QueryError) -> HttpResponse:
    """A search that cannot answer (tolaria.search.find_cards): 400, or 404 for no card."""
    body = query_error_object(exc)
    return json_response(body, body["status"])


def absolute_with(request: HttpRequest, **params: Any) -> str:
    """The request's own absolute URL with some query parameters replaced (for next_page)."""
    query = request.GET.copy()
    for key, value in params.items():
        query[key] = str(value)
    return request.build_absolute_uri(request.path + "?" + urlencode(list(query.items())))
