"""HTTP as Scryfall clients expect it on every /api/ route: the error object instead of any HTML page,
CORS on public reads, the corpus version as validator (ETag, Last-Modified, 304), Cache-Control,
compression, and a rate limit per client counted in the cache every worker shares."""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied, RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse
from django.middleware.gzip import GZipMiddleware
from django.utils.cache import patch_vary_headers
from django.utils.http import http_date, parse_http_date_safe

from tolaria.site.catalog.repository import corpus_version, version_made_at
from tolaria.site.middleware import too_large

from ._objects import error

PREFIX = "/api/"
# per-user data: never shared by caches, never readable from another origin
PRIVATE = ("/api/lists", "/api/decks")
UNCACHED = ("/api/cards/random",)
CODES = {
    400: "bad_request",
    401: "unauthorized",
    403: "forbidden",
    404: "not_found",
    405: "method_not_allowed",
    413: "payload_too_large",
    414: "uri_too_long",
    415: "unsupported_media_type",
    422: "bad_request",
    429: "too_many_requests",
}


def _public(path: str) -> bool:
    return not path.startswith(PRIVATE)


def _client(request: HttpRequest) -> str:
    """Who a request counts against: its token if it sends one, else its address."""
    header = request.headers.get("Authorization", "")
    if header.lower().startswith("bearer "):
        return "t:" + hashlib.sha256(header[7:].strip().encode()).hexdigest()[:24]
    return "a:" + (request.META.get("REMOTE_ADDR") or "unknown")


def rate_limit() -> tuple[int, int]:
    """(requests, seconds) from TOLARIA_API_RATE_LIMIT; 0 requests turns the limit off."""
    return getattr(settings, "TOLARIA_API_RATE_LIMIT", (600, 60))


def _over_limit(request: HttpRequest) -> int:
    """Seconds to wait when the client has used up its window, else 0."""
    allowed, window = rate_limit()
    if allowed <= 0:
        return 0
    now = time.time()
    slot = int(now // window)
    key = f"api-rate:{_client(request)}:{slot}"
    if cache.add(key, 1, timeout=window + 1):
        count = 1
    else:
        try:
            count = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.set(key, 1, timeout=window + 1)
            count = 1
    if count <= allowed:
        return 0
    return max(1, int((slot + 1) * window - now + 0.999))


def _credentialed(request: HttpRequest) -> bool:
    """A request that may be answered for one caller alone (in:list searches the caller's lists):
    it sends a token, or a session cookie."""
    return "Authorization" in request.headers or settings.SESSION_COOKIE_NAME in request.COOKIES


def _cache_headers(response: HttpResponse, etag: str, last: int | None) -> HttpResponse:
    """The validators and freshness of a public read, on its 200 and on its 304 alike (RFC 9110 15.4.5)."""
    response["ETag"] = etag
    if last is not None:
        response["Last-Modified"] = http_date(last)
    response.setdefault("Cache-Control", f"public, max-age={getattr(settings, 'TOLARIA_API_MAX_AGE', 300)}")
    return response


def _validator(request: HttpRequest) -> tuple[str, int | None]:
    """(ETag, Last-Modified as a timestamp) of a public read: they change exactly when the corpus
    does. Last-Modified is when the data took its current version: the first ingest that made it
    (later ingests that changed nothing keep the version, and so the date)."""
    version = corpus_version()
    digest = hashlib.sha1(request.get_full_path().encode()).hexdigest()[:16]
    made = version_made_at(version)
    last = int(made.timestamp()) if made else None
    return f'W/"v{version}-{digest}"', last


def _not_modified(request: HttpRequest, etag: str, last: int | None) -> bool:
    """RFC 9110 13.2.2: If-None-Match decides when sent; else If-Modified-Since, against Last-Modified."""
    if_none_match = request.headers.get("If-None-Match")
    if if_none_match is not None:
        return etag in [t.strip() for t in if_none_match.split(",")] or if_none_match.strip() == "*"
    since = parse_http_date_safe(request.headers.get("If-Modified-Since", ""))
    return since is not None and last is not None and last <= since


def _not_html(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """An error answer that is not JSON (Django's 404 page, ninja's 405) becomes the error object."""
    if response.status_code < 400 or response.get("Content-Type", "").startswith("application/json"):
        return response
    status = response.status_code
    if status == 405:
        allowed = response.get("Allow", "")
        answers = f"; it answers {allowed}" if allowed else ""
        out = error(405, "method_not_allowed", f"This route does not answer {request.method}{answers}.")
        if allowed:
            out["Allow"] = allowed
        return out
    if status == 404:
        return error(404, "not_found", "There is no such route in the API. The routes are listed at /api/docs.")
    return error(status, CODES.get(status, "error" if status < 500 else "server_error"), response.reason_phrase)


def _cors(request: HttpRequest, response: HttpResponse) -> None:
    if _public(request.path):
        response["Access-Control-Allow-Origin"] = "*"
        response["Access-Control-Allow-Methods"] = "GET, HEAD, POST, OPTIONS"
        response["Access-Control-Allow-Headers"] = "Content-Type, Accept, If-None-Match, If-Modified-Since"
        response["Access-Control-Expose-Headers"] = "ETag, Last-Modified, Retry-After"
        response["Access-Control-Max-Age"] = "86400"


# the longest address part or parameter value read: four times the longest query a route takes (1,000
# characters: search, answers); a longer one is refused before any work, in the error object
MAX_PARAMETER = 4096


def _over_long(request: HttpRequest) -> str:
    """Why one of the request's parameters is too long to read, else "". (A path is bounded by the
    server's request line: gunicorn refuses one over 4,094 bytes; each route reads its own pieces.)"""
    for name, values in request.GET.lists():
        for value in values:
            if len(value) > MAX_PARAMETER or len(name) > MAX_PARAMETER:
                shown = name if len(name) <= 40 else name[:40] + "…"
                return (
                    f"The parameter {shown} is {max(len(value), len(name)):,} characters long; the API reads "
                    f"at most {MAX_PARAMETER:,} characters in one."
                )
    return ""


class ApiMiddleware:
    """Only /api/ paths; everything else passes through untouched."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response
        self.gzip = GZipMiddleware(get_response)

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if not request.path.startswith(PREFIX):
            return self.get_response(request)
        response = self._answer(request)
        _cors(request, response)
        patch_vary_headers(response, ("Accept-Encoding",))
        if response.get("Content-Type") == "application/gzip":  # a .gz file (a bulk file's JSON lines) as it is
            return response
        return self.gzip.process_response(request, response)

    def _answer(self, request: HttpRequest) -> HttpResponse:
        if request.method == "OPTIONS" and _public(request.path):
            return HttpResponse(status=204)
        wait = _over_limit(request)
        if wait:
            allowed, window = rate_limit()
            out = error(
                429,
                "too_many_requests",
                f"Too many requests: {allowed} per {window} s are allowed per client. Retry after {wait} s.",
            )
            out["Retry-After"] = str(wait)
            return out
        too_long = _over_long(request)
        if too_long:  # refused before any route reads it (a search of 100,000 characters, a name as long)
            return error(414, "uri_too_long", too_long)
        cacheable = request.method in ("GET", "HEAD") and _public(request.path) and request.path not in UNCACHED
        shared = cacheable and not _credentialed(request)
        etag, last = _validator(request) if shared else ("", None)
        if shared and _not_modified(request, etag, last):
            response = _cache_headers(HttpResponse(status=304), etag, last)
        else:
            response = _not_html(request, self.get_response(request))
            if shared and response.status_code == 200:
                _cache_headers(response, etag, last)
            elif cacheable and response.status_code == 200:
                # RFC 9111 3.5: a shared cache may serve a `public` answer given to a request with
                # Authorization; an answer for one caller is neither shared nor validated
                response.setdefault("Cache-Control", "private, no-cache")
            elif not _public(request.path) or request.path in UNCACHED:
                response.setdefault("Cache-Control", "no-store" if request.path in UNCACHED else "private, no-cache")
        if cacheable:
            patch_vary_headers(response, ("Authorization", "Cookie"))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not request.path.startswith(PREFIX):
            return None
        if isinstance(exception, Http404):
            return error(404, "not_found", "Not found. The routes are listed at /api/docs.")
        if isinstance(exception, RequestDataTooBig):
            return error(413, "payload_too_large", too_large(request))
        if isinstance(exception, PermissionDenied):
            return error(403, "forbidden", "You may not do this.")
        logging.getLogger("tolaria.api").exception("API request failed: %s", request.path)
        return error(500, "server_error", "The server failed to answer this request; the failure is logged.")
