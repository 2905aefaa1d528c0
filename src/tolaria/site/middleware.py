"""Requests refused before any view sees them.

A NUL byte has no place in a card name, a query or a form field, and PostgreSQL cannot store or even
compare one (psycopg raises on it), so a request carrying one anywhere a view might read — the path,
the query string, a cookie, a form field or a JSON string — answers 400 with a message that says
where it was, on every backend alike.
"""

from __future__ import annotations

from urllib.parse import unquote_to_bytes

import orjson
from django.conf import settings
from django.http import HttpResponse, JsonResponse

NUL = b"\x00"
_JSON_NUL = b"\\u0000"


def _where_is_a_nul(request) -> str | None:
    if "\x00" in request.path:
        return "the address"
    if NUL in unquote_to_bytes(request.META.get("QUERY_STRING", "")):
        return "the query string"
    if any("\x00" in k or "\x00" in v for k, v in request.COOKIES.items()):
        return "a cookie"
    if request.method in ("POST", "PUT", "PATCH", "DELETE"):
        return _nul_in_body(request)
    return None


def _nul_in_body(request) -> str | None:
    content_type = request.META.get("CONTENT_TYPE", "")
    if _content_length(request) > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        # too large to hold: Django's own parsing (which refuses NUL) refuses it, and the page or the API
        # says so in words (web.views.errors.bad_request, api.http)
        return None
    if content_type.startswith("multipart/"):
        # uploaded files may be binary: only the fields are checked, the files by their importer. The
        # body is read first so the view (ninja reads request.body) can still read it after POST is parsed.
        request.body  # noqa: B018 — caches the stream
        return "a form field" if any("\x00" in k or "\x00" in v for k, v in request.POST.items()) else None
    body = request.body
    if NUL in body:
        return "the request body"
    if _JSON_NUL in body:  # whatever the content type says: the API reads any body as JSON
        return "a JSON string" if "\x00" in _json_strings(body) else None
    if content_type.startswith("application/x-www-form-urlencoded") and NUL in unquote_to_bytes(body):
        return "a form field"
    return None


def _content_length(request) -> int:
    try:
        return int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


def _json_strings(body: bytes) -> str:
    try:
        data = orjson.loads(body)
    except orjson.JSONDecodeError:
        return ""  # not JSON after all: the view reports that
    parts: list[str] = []
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            parts.append(item)
        elif isinstance(item, dict):
            parts.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return "".join(parts)


def too_large(request) -> str:
    """Why a request over DATA_UPLOAD_MAX_MEMORY_SIZE was refused, in words (nothing of it was read)."""
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_048_576
    size = _content_length(request) / 1_048_576
    sent = f"The request is {size:.1f} MB; the site" if size else "The request is too large: the site"
    return f"{sent} takes at most {limit:.1f} MB in one request, so nothing of it was saved."


def _refusal(request, where: str) -> HttpResponse:
    details = f"The request has a NUL byte (\\0) in {where}; remove it and try again."
    if request.path.startswith("/api/"):
        return JsonResponse({"object": "error", "code": "bad_request", "status": 400, "details": details}, status=400)
    return HttpResponse(details, status=400, content_type="text/plain; charset=utf-8")


class RefuseNulBytes:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        where = _where_is_a_nul(request)
        if where is not None:
            return _refusal(request, where)
        return self.get_response(request)


class AnswerHead:
    """RFC 9110 9.3.2: HEAD is GET without the content, and a general-purpose server answers both.
    The views and the API's routes are written for GET (ninja answers 405 to a HEAD), so a HEAD is
    answered as its GET, with the GET's headers and no body."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.method != "HEAD":
            return self.get_response(request)
        request.method = "GET"
        try:
            response = self.get_response(request)
        finally:
            request.method = "HEAD"
        if response.streaming:
            response.streaming_content = []
        else:
            response["Content-Length"] = str(len(response.content))
            response.content = b""
        return response
