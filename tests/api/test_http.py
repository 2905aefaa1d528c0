"""Every /api/ route answers as Scryfall clients expect: the error object (never HTML), CORS on public
reads, the corpus version as validator (304), Cache-Control, compression, a rate limit with 429."""

import datetime as dt
import gzip
import types

import orjson
import pytest
from django.core.cache import cache
from django.utils.http import http_date

from tolaria.site.api import http as api_http
from tolaria.site.catalog import models as m

pytestmark = pytest.mark.django_db

ERROR_KEYS = {"object", "code", "status", "details"}


def assert_error(r, status, code):
    assert r.status_code == status
    assert r["Content-Type"].startswith("application/json"), r["Content-Type"]
    body = orjson.loads(r.content)
    assert set(body) >= ERROR_KEYS, body
    assert (body["object"], body["status"], body["code"]) == ("error", status, code), body
    assert body["details"]
    return body


@pytest.mark.parametrize("path", ["/api/nope", "/api/cards/foo/bar/baz/qux", "/api/sets/xyz/extra/more", "/api/"])
def test_unknown_route_is_the_error_object(client, path):
    assert_error(client.get(path), 404, "not_found")


def test_wrong_method_is_the_error_object(client):
    body = assert_error(client.delete("/api/cards/search?q=bolt"), 405, "method_not_allowed")
    assert "GET" in body["details"]


def test_missing_parameter_is_a_400_error_object_not_ninja_422(client):
    body = assert_error(client.get("/api/cards/search"), 400, "bad_request")
    assert "q" in body["details"]


def test_invalid_parameter_is_a_400_error_object(client):
    assert_error(client.get("/api/cards/search", {"q": "bolt", "page": "x"}), 400, "bad_request")


def test_lists_and_decks_answer_the_error_object(client):
    assert_error(client.get("/api/decks/999999"), 404, "not_found")
    r = client.post("/api/lists", data=b"{}", content_type="application/json")
    assert r["Content-Type"].startswith("application/json")
    assert orjson.loads(r.content)["object"] == "error"


def test_public_reads_carry_cors_and_private_ones_do_not(client):
    r = client.get("/api/sets")
    assert r["Access-Control-Allow-Origin"] == "*"
    pre = client.options("/api/cards/search", HTTP_ORIGIN="https://example.org")
    assert pre.status_code == 204 and pre["Access-Control-Allow-Origin"] == "*"
    assert not client.get("/api/decks/1").has_header("Access-Control-Allow-Origin")


def test_etag_answers_304_until_the_corpus_changes(client):
    first = client.get("/api/sets")
    etag = first["ETag"]
    assert first.has_header("Last-Modified") and "max-age" in first["Cache-Control"]
    assert client.get("/api/sets", HTTP_IF_NONE_MATCH=etag).status_code == 304
    assert client.get("/api/sets?pretty=1", HTTP_IF_NONE_MATCH=etag).status_code == 200  # another resource
    run = m.IngestRun.objects.first()
    m.IngestRun.objects.create(version=run.version + 1, sources="test")
    assert client.get("/api/sets", HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_if_modified_since_alone_answers_304_until_the_corpus_changes(client):
    """RFC 9110 13.1.3 and 13.2.2: without If-None-Match, a resource not modified since the date sent
    is a 304; Last-Modified is when the data took its current version."""

    first = client.get("/api/sets")
    last = first["Last-Modified"]
    made = m.IngestRun.objects.filter(version=m.IngestRun.objects.first().version).order_by("id").first()
    assert last == http_date(int(made.finished_at.timestamp()))
    again = client.get("/api/sets", HTTP_IF_MODIFIED_SINCE=last)
    assert again.status_code == 304 and again["Last-Modified"] == last and again.has_header("ETag")
    hour_before = http_date(int(made.finished_at.timestamp()) - 3600)
    assert client.get("/api/sets", HTTP_IF_MODIFIED_SINCE=hour_before).status_code == 200
    assert client.get("/api/sets", HTTP_IF_MODIFIED_SINCE="not a date").status_code == 200
    # If-None-Match decides when both are sent: a stale tag is a 200 whatever the date
    stale = client.get("/api/sets", HTTP_IF_MODIFIED_SINCE=last, HTTP_IF_NONE_MATCH='W/"v0-x"')
    assert stale.status_code == 200
    later = made.finished_at + dt.timedelta(hours=1)
    # an ingest that changed nothing keeps the version, and so the date
    m.IngestRun.objects.filter(id=m.IngestRun.objects.create(version=made.version, sources="test").id).update(
        finished_at=later
    )
    assert client.get("/api/sets", HTTP_IF_MODIFIED_SINCE=last).status_code == 304
    # a new corpus version is modified since
    m.IngestRun.objects.filter(id=m.IngestRun.objects.create(version=made.version + 1, sources="test").id).update(
        finished_at=later
    )
    changed = client.get("/api/sets", HTTP_IF_MODIFIED_SINCE=last)
    assert changed.status_code == 200 and changed["Last-Modified"] == http_date(int(later.timestamp()))


def test_a_304_carries_the_headers_the_200_would(client):
    """RFC 9110 15.4.5: a 304 sends the Cache-Control, ETag, Vary (and the rest) its 200 would have."""
    first = client.get("/api/sets")
    again = client.get("/api/sets", HTTP_IF_NONE_MATCH=first["ETag"])
    assert again.status_code == 304
    for header in ("Cache-Control", "ETag", "Last-Modified", "Vary", "Access-Control-Allow-Origin"):
        assert again[header] == first[header], header


@pytest.mark.parametrize("path", ["/api/sets", "/api/cards/search?q=bolt", "/api/cards/named?exact=Lightning+Bolt"])
def test_head_answers_as_get_without_a_body_on_the_api(client, path):
    """RFC 9110 9.1: a general-purpose server supports GET and HEAD (the CORS header names HEAD)."""
    get = client.get(path)
    head = client.head(path)
    assert head.status_code == get.status_code == 200
    assert head.content == b""
    assert head["Content-Type"] == get["Content-Type"] and head["ETag"] == get["ETag"]


@pytest.mark.parametrize("path", ["/", "/search?q=bolt", "/rules/702.19", "/card/jmp/342/lightning-bolt"])
def test_head_answers_as_get_on_the_pages(client, path):
    get = client.get(path, follow=True)
    head = client.head(path, follow=True)
    assert head.status_code == get.status_code == 200
    assert head.content == b""


def test_random_is_never_cached(client):
    r = client.get("/api/cards/random")
    assert r["Cache-Control"] == "no-store" and not r.has_header("ETag")


def test_responses_are_compressed_when_asked(client):
    r = client.get("/api/sets", HTTP_ACCEPT_ENCODING="gzip")
    assert r["Content-Encoding"] == "gzip"
    assert orjson.loads(gzip.decompress(r.content))["object"] == "list"


def test_rate_limit_answers_429_with_retry_after_per_client(client, settings, monkeypatch):
    cache.clear()
    settings.TOLARIA_API_RATE_LIMIT = (3, 60)
    # the window is a fixed minute of the clock: the requests must not straddle one (they did at load 12)
    monkeypatch.setattr(api_http, "time", types.SimpleNamespace(time=lambda: 60 * 1_000_000 + 30.0))
    for _ in range(3):
        assert client.get("/api/sets").status_code == 200
    body = assert_error(client.get("/api/sets"), 429, "too_many_requests")
    assert "3 per 60" in body["details"]
    assert client.get("/api/sets")["Retry-After"] == "30"  # what is left of the pinned minute
    other = client.get("/api/sets", REMOTE_ADDR="10.0.0.9")  # another client has its own count
    assert other.status_code == 200
    cache.clear()


def test_docs_page_is_a_page_of_the_site(client):
    """Issue 30 item 6: /api/docs is readable on a phone (a viewport, no 1.5 MB script to wait for) and
    leads back to the site; Swagger UI, to try the routes, is at /api/docs/try."""
    page = client.get("/api/docs")
    assert page.status_code == 200 and page["Content-Type"].startswith("text/html")
    html = page.content.decode()
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in html
    assert '<a class="brand" href="/">Tolaria</a>' in html  # the site's header
    assert "swagger-ui-bundle.js" not in html and "cdn." not in html and "//unpkg" not in html
    assert '<code class="route-path">/api/cards/search</code>' in html
    assert '<code class="route-path">/api/cards/{id}</code>' in html
    assert '<a href="/api/docs/try">Swagger UI</a>' in html and '<a href="/api/openapi.json">' in html
    assert "<code>q</code>" in html  # a route's parameters


def test_swagger_ui_loads_only_tolarias_own_files_and_leads_back(client):
    page = client.get("/api/docs/try")
    assert page.status_code == 200
    html = page.content.decode()
    assert "cdn." not in html and "//unpkg" not in html
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert 'name="viewport"' in html and '<a href="/">Tolaria</a>' in html and 'href="/api/docs"' in html
    assert client.get("/static/ninja/swagger-ui-bundle.js").status_code == 200


def test_openapi_types_every_scryfall_object(client):
    doc = client.get("/api/openapi.json").json()
    schemas = doc["components"]["schemas"]
    for name in (
        "CardOut",
        "SetOut",
        "ScryfallListOut",
        "CatalogOut",
        "ErrorOut",
        "RulingOut",
        "CardSymbolOut",
        "BulkDataOut",
    ):
        assert name in schemas, name
    named = doc["paths"]["/api/cards/named"]["get"]["responses"]
    assert named["200"]["content"]["application/json"]["schema"]["$ref"].endswith("/CardOut")
    assert named["404"]["content"]["application/json"]["schema"]["$ref"].endswith("/ErrorOut")
