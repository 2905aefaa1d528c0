"""Nothing a user can send answers 5xx: every URL pattern of the site and every parameter the API
documents, driven with hostile values (NUL bytes, numbers too large for the database, bad dates,
non-numeric ids, markup, long strings), logged out and logged in, by GET, POST and a JSON body.

The URL patterns and the API's parameters are read from the running site, so a new page or endpoint
is fuzzed without editing this file. `make test-pg` runs the same test on PostgreSQL, where a NUL
byte in a string is an error of the database itself.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path
from urllib.parse import quote

import orjson
import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import URLPattern, URLResolver, get_resolver
from django.urls.converters import IntConverter
from django.urls.resolvers import RegexPattern, RoutePattern
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tolaria.site.accounts.models import ApiToken
from tolaria.site.api.api import api
from tolaria.site.catalog import models as m
from tolaria.site.collections.models import CardList, Deck

pytestmark = pytest.mark.django_db

HOSTILE = [
    "\x00",
    "a\x00b",
    "-1",
    "0",
    "99999999999999999999999999",
    "1e309",
    "NaN",
    "2022-13-45",
    "bogus",
    "' OR 1=1 --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "🂡 Æther",
    "[]",
    "{}",
    "x" * 5000,
    "9" * 5000,  # over the 4,300 digits int() reads (a rule number, a quantity, an id)
]
# decklists for the import routes' fields: a quantity of 5,000 digits (text and CSV) and one CSV field
# over csv.field_size_limit() (131,072 characters); too long to put in every parameter of every route
HOSTILE_DECKLISTS = [
    f"{'9' * 5000} Sol Ring\n1 Forest",
    f"Count,Name\n{'9' * 5000},Sol Ring\n1,Forest",
    f"Count,Name,Tags\n1,Sol Ring,{'x' * 131_073}\n1,Forest,",
]
DECKLIST_FIELDS = ["decklist", "text", "name"]
# Parameter names the pages read (grep request.GET / request.POST in site/); the API's come from its
# OpenAPI document at test time.
PAGE_PARAMS = [
    "q",
    "page",
    "cards",  # /search?cards=all: a question's words as a card search, past the answers
    "order",
    "dir",
    "unique",
    "as",
    "view",
    "edition",
    "from",
    "to",
    "next",
    "list",
    "list_id",
    "name",
    "card",
    "oracle_id",
    "printing",
    "finish",  # a deck row's or a list item's finish (nonfoil, foil, etched)
    "again",  # "Add another copy": save a card its list holds already
    "version",  # format=image: which of Scryfall's image sizes
    "face",  # format=image: the front or the back of a double-faced card
    "undo",  # the deck editor's "Undo" after a typed line added a card
    "quantity",
    "zone",
    "visibility",
    "notes",
    "text",
    "format",
    "commander",
    "deck",
    "username",
    "password",
    "password1",
    "password2",
    "old_password",
    "new_password1",
    "new_password2",
    "email",
    "redirect",
    "as_commander",
    "decklist",
    "description",
    "download",
    "group",
    "row",  # the deck page: open the page of the zone that holds this row
    "commander_page",  # the deck page: the page of each zone (and of the lines not found)
    "main_page",
    "sideboard_page",
    "maybeboard_page",
    "unresolved_page",
    "new_list",
    "pretty",
    # the search builder's form (web/presenters.compose_query)
    "oracle",
    "type",
    *(f"color_{c}" for c in "wubrgc"),
    "color_op",
    "mv",
    "mv_op",
    "rarity",
    "set",
]
# an uploaded file (a deck import): the field name the views read from request.FILES
FILE_FIELDS = ["file"]
SITE = Path(__file__).resolve().parents[2] / "src" / "tolaria" / "site"
_READ = re.compile(
    r"\b(?:GET|POST|FILES)(?:\.get|\.getlist|\.pop)?\(\s*[\"'](\w+)[\"']|\b(?:GET|POST|FILES)\[[\"'](\w+)[\"']\]"
)


def _walk(patterns, prefix: list | None = None):
    prefix = prefix or []
    for p in patterns:
        if isinstance(p, URLResolver):
            yield from _walk(p.url_patterns, [*prefix, p.pattern])
        elif isinstance(p, URLPattern):
            yield [*prefix, p.pattern]


def _fill(pattern, value: str, real_id: str, real_int: str) -> str | None:
    """One concrete path for a pattern piece, with `value` in each of its parameters."""
    if isinstance(pattern, RoutePattern):
        route = str(pattern)

        def sub(match: re.Match) -> str:
            name = match.group(2)
            converter = pattern.converters.get(name)
            if isinstance(converter, IntConverter):
                return real_int if not value.isdigit() else value
            return quote(value, safe="")

        return re.sub(r"<(?:(\w+):)?(\w+)>", sub, route)
    if isinstance(pattern, RegexPattern):
        regex = pattern.regex.pattern
        if "(?P<" not in regex:
            return regex.lstrip("^").rstrip("$").replace("\\", "")
        # a named group with a strict pattern (a UUID): the real id, the only value it accepts
        filled = re.sub(r"\(\?P<\w+>[^)]*\)", real_id, regex)
        return re.sub(r"[\^$?]|/\?", "", filled).replace("\\", "")
    return None


def _routes() -> list[list]:
    return [r for r in _walk(get_resolver().url_patterns) if not str(r[0]).startswith("admin/")]


@functools.cache
def _api_params() -> list[str]:
    schema = api.get_openapi_schema()
    names = set()
    for methods in schema.get("paths", {}).values():
        for op in methods.values():
            for param in op.get("parameters", []):
                names.add(param["name"])
    return sorted(names)


@pytest.fixture
def owner(client):
    user = get_user_model().objects.create_user("fuzzer", password="a long passphrase 1")
    card = m.OracleCard.objects.order_by("name").first()
    card_list = CardList.objects.create(owner=user, name="Fuzzed list")
    deck = Deck.objects.create(owner=user, name="Fuzzed deck", format="commander")
    return {"user": user, "oracle_id": card.oracle_id, "list": card_list, "deck": deck}


def _paths(value: str, owner) -> list[str]:
    paths = []
    for route in _routes():
        pieces = [_fill(p, value, owner["oracle_id"], str(owner["deck"].pk)) for p in route]
        if None not in pieces:
            paths.append("/" + "".join(pieces))
    return paths


def _assert_no_5xx(response, what: str) -> None:
    assert response.status_code < 500, f"{what} answered {response.status_code}: {response.content[:300]!r}"


def _drive_every_url(client, owner, value: str, *, logged_in: bool) -> None:
    if logged_in:
        client.force_login(owner["user"])
    params = {name: value for name in PAGE_PARAMS + _api_params()}
    for path in _paths(value, owner):
        _assert_no_5xx(client.get(path), f"GET {path!r}")
        _assert_no_5xx(client.get(path, params), f"GET {path!r} with every parameter = {value!r}")
        _assert_no_5xx(client.post(path, params), f"POST {path!r} with every field = {value!r}")
        files = {
            name: SimpleUploadedFile("hostile.dek", value.encode("utf-8", "surrogatepass")) for name in FILE_FIELDS
        }
        _assert_no_5xx(client.post(path, {**params, **files}), f"POST {path!r} with a file of {value!r}")
        body = orjson.dumps({name: value for name in params})
        _assert_no_5xx(client.post(path, body, content_type="application/json"), f"POST JSON {path!r} with {value!r}")
        # the API reads a body as JSON whatever its content type says
        _assert_no_5xx(client.post(path, body, content_type="text/plain"), f"POST JSON as text {path!r} with {value!r}")
    client.logout()


values = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=30))


# make test (and make test-pg, where a NUL byte is an error of the database itself) sends the named
# values only, one test each (pytest-xdist shares them between its workers; tests/_schedule.py). The
# four Hypothesis drew here once (max_examples=4, derandomized: always the same four) were ("\x00",
# logged out), ("", logged out), ("-1", logged in), which make test-full's 80 below draw too, and a NUL
# among astral characters, named here so that make test-pg still sends it to PostgreSQL
NAMED = [
    pytest.param("\x00", True, id="nul-logged-in"),
    pytest.param("a\x00b", False, id="nul-inside-logged-out"),
    pytest.param("99999999999999999999999999", True, id="26-digits-logged-in"),
    pytest.param("2022-13-45", False, id="no-such-date-logged-out"),
    pytest.param("bogus", True, id="a-word-for-an-id-logged-in"),  # a list or deck named by a word where an id may be
    pytest.param("9" * 5000, True, id="5000-digits-logged-in"),
    pytest.param("\U000cb64e\x00\U000b2d33\x8f\xf9", False, id="nul-among-astral-logged-out"),
]


@pytest.mark.parametrize(("value", "logged_in"), NAMED)
def test_every_url_pattern_with_a_hostile_value_in_its_path_and_query(client, owner, value, logged_in):
    _drive_every_url(client, owner, value, logged_in=logged_in)


@pytest.mark.full
@settings(max_examples=80, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(value=values, logged_in=st.booleans())
def test_every_url_pattern_with_many_more_hostile_values(client, owner, value, logged_in):
    _drive_every_url(client, owner, value, logged_in=logged_in)


@pytest.mark.parametrize("decklist", HOSTILE_DECKLISTS, ids=["text-quantity", "csv-quantity", "csv-field"])
def test_every_url_pattern_with_a_hostile_decklist(client, owner, decklist):
    """Every route that takes a decklist (pasted, uploaded, sent as JSON, typed in an add box), and every
    other one, answers a hostile decklist in words."""

    client.force_login(owner["user"])
    _, secret = ApiToken.issue(owner["user"], "fuzz")
    api = {"Authorization": f"Bearer {secret}"}  # the API's writes by token (its session checks CSRF)
    fields = {name: decklist for name in DECKLIST_FIELDS}
    body = orjson.dumps(fields)
    for token in (owner["deck"].token, owner["list"].token):  # every route's token: the fuzzer's own
        for path in _paths(token, owner):
            _assert_no_5xx(client.post(path, fields), f"POST {path!r} with a decklist of {decklist[:40]!r}…")
            upload = {"file": SimpleUploadedFile("hostile.csv", decklist.encode())}
            _assert_no_5xx(client.post(path, upload), f"POST {path!r} with a file of {decklist[:40]!r}…")
            answer = client.post(path, body, content_type="application/json", headers=api)
            _assert_no_5xx(answer, f"POST JSON {path!r} with a decklist of {decklist[:40]!r}…")


def test_a_nul_byte_is_refused_with_a_message_that_says_so(client):
    page = client.get("/search", {"q": "t:elf\x00"})
    assert page.status_code == 400
    assert b"NUL" in page.content
    api = client.get("/api/cards/search", {"q": "bolt\x00"})
    assert api.status_code == 400
    assert b"NUL" in api.content
    assert api["Content-Type"].startswith("application/json")


def test_every_parameter_the_site_reads_is_fuzzed():
    """A name read from request.GET, POST or FILES anywhere in the site is in the lists above (so a
    new form field is driven with hostile values too)."""
    read = set()
    for source in SITE.rglob("*.py"):
        for match in _READ.finditer(source.read_text(encoding="utf-8")):
            read.add(match.group(1) or match.group(2))
    assert read, "the scan found no parameter at all: the pattern no longer matches the views"
    fuzzed = set(PAGE_PARAMS) | set(FILE_FIELDS) | set(_api_params())
    assert sorted(read - fuzzed) == []
