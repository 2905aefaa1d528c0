"""Issue 28, item 6: every request bounded. The heaviest inputs the limits allow, and inputs over them,
on every route: an import of 2,000 lines of names no card has (or a 2,000-card .dek) becomes a job and the
request does none of its work; an over-long address or parameter is refused before any route reads it;
every /api/ answer of 400 or more is the API's error object. 0 x 5xx, on SQLite here and on PostgreSQL in
`make test-pg`. (What the inputs cost is in BENCHMARKS.md's operations section: a behaviour here, not a
timing.)"""

from __future__ import annotations

import orjson
import pytest
from django.contrib.auth import get_user_model
from django.core.files.uploadedfile import SimpleUploadedFile
from test_hostile_input import _api_params, _assert_no_5xx, _paths

from tolaria import decks
from tolaria.search import MAX_QUERY_LENGTH
from tolaria.site.accounts.models import ApiToken
from tolaria.site.api.http import MAX_PARAMETER
from tolaria.site.catalog.services import card_names
from tolaria.site.collections.models import Deck, ImportJob
from tolaria.site.web.views import search as search_page

pytestmark = pytest.mark.django_db

UNKNOWN_LINES = "".join(f"1 Zzqx Nonesuch {i}\n" for i in range(decks.MAX_LINES - 1))
BIG_DEK = (
    '<?xml version="1.0" encoding="utf-8"?>\n<Deck>\n'
    + "".join(  # two a line: 1,999 cards in 1,003 lines, under the 2,000-line limit
        f'<Cards CatID="{i}" Quantity="1" Sideboard="false" Name="Qqzx {i}" />' + ("\n" if i % 2 else " ")
        for i in range(1999)
    )
    + "\n"
    + "</Deck>\n"
)
ONE_LONG_LINE = "1 " + "x" * (decks.MAX_BYTES - 10)
HEAVY = {"unknown-lines": UNKNOWN_LINES, "dek": BIG_DEK}


@pytest.fixture
def fuzzer():
    user = get_user_model().objects.create_user("heavy", password="a long passphrase 1")
    _, secret = ApiToken.issue(user, "heavy")
    deck = Deck.objects.create(owner=user, name="Heavy deck", format="commander")
    return {"user": user, "deck": deck, "auth": {"Authorization": f"Bearer {secret}"}}


def _error_object(response, what: str) -> None:
    assert response["Content-Type"].startswith("application/json"), f"{what}: {response['Content-Type']}"
    body = orjson.loads(response.content)
    assert body["object"] == "error" and body["status"] == response.status_code and body["details"], what


@pytest.mark.parametrize("kind", list(HEAVY))
def test_the_heaviest_import_the_limits_allow_becomes_a_job(client, fuzzer, kind, django_capture_on_commit_callbacks):
    deck, text = fuzzer["deck"], HEAVY[kind]
    with django_capture_on_commit_callbacks() as started:
        api = client.post(
            f"/api/decks/{deck.token}/import",
            orjson.dumps({"text": text}),
            content_type="application/json",
            headers=fuzzer["auth"],
        )
    assert api.status_code == 202, api.content[:300]
    assert api.json()["state"] == "queued" and api.json()["total"] > 1000 and len(started) == 1
    client.force_login(fuzzer["user"])
    with django_capture_on_commit_callbacks():
        page = client.post(f"/decks/{deck.token}/import/", {"decklist": text})
        upload = client.post(f"/decks/{deck.token}/import/", {"file": SimpleUploadedFile("big.dek", text.encode())})
    assert page.status_code == 302 and upload.status_code == 302
    # the requests did none of the import's work: no row, no unresolved line, three jobs waiting
    assert not deck.cards.exists() and not deck.unresolved.exists()
    assert ImportJob.objects.filter(deck=deck, state=ImportJob.QUEUED).count() == 3


def test_a_list_over_the_limits_is_refused_before_it_is_read(client, fuzzer):
    deck = fuzzer["deck"]
    for text in (UNKNOWN_LINES + "1 Sol Ring\n1 Forest\n", ONE_LONG_LINE + "xxxxxxxxxxxxxxxx"):
        api = client.post(
            f"/api/decks/{deck.token}/import",
            orjson.dumps({"text": text}),
            content_type="application/json",
            headers=fuzzer["auth"],
        )
        assert api.status_code == 413
        _error_object(api, "an import over the limits")
    assert not ImportJob.objects.exists() and not deck.cards.exists()


def test_every_api_route_refuses_an_over_long_parameter_in_its_error_object(client, fuzzer):
    value = "x" * (MAX_PARAMETER + 1)
    params = {name: value for name in _api_params()}
    for path in _paths("hostile", fuzzer_owner(fuzzer)):
        if not path.startswith("/api/"):
            continue
        answer = client.get(path, params, headers=fuzzer["auth"])
        assert answer.status_code == 414, (path, answer.status_code)
        _error_object(answer, f"GET {path} with a parameter of {len(value):,} characters")


def fuzzer_owner(fuzzer) -> dict:
    """The shape test_hostile_input's _paths wants: a real card id and a real int for typed pieces."""
    return {"oracle_id": next(iter(card_names().values())), "deck": fuzzer["deck"]}


@pytest.mark.parametrize("value", ["\x00", "x" * 5000, "9" * 5000, "-1", "<b>", "' OR 1=1 --"])
def test_every_api_error_is_the_error_object(client, fuzzer, value):
    """Whatever an /api/ route is sent, an answer of 400 or more is the API's error object, never a page."""
    params = {name: value for name in _api_params()}
    body = orjson.dumps(params)
    for path in _paths(value, fuzzer_owner(fuzzer)):
        if not path.startswith("/api/"):
            continue
        for answer, what in (
            (client.get(path, params, headers=fuzzer["auth"]), f"GET {path!r}"),
            (client.post(path, body, content_type="application/json", headers=fuzzer["auth"]), f"POST {path!r}"),
            (client.patch(path, body, content_type="application/json", headers=fuzzer["auth"]), f"PATCH {path!r}"),
        ):
            _assert_no_5xx(answer, what)
            if answer.status_code >= 400:
                _error_object(answer, f"{what} with {value[:20]!r}")


WORDS = "does trample damage go through a deathtouch blocker when the attacker has first strike "


def test_an_over_long_search_is_refused_before_any_work(client, monkeypatch):
    """The search page with 5,000 characters of words read them as a question and searched the cards
    (4-34 s on the full data) before its 400: the length is checked first now, and nothing is read."""

    def no_work(*args, **kwargs):
        raise AssertionError("an over-long query was read")

    monkeypatch.setattr(search_page.knowledge_index, "answer", no_work)
    monkeypatch.setattr(search_page, "search_index", no_work)
    words = (WORDS * 60)[:5000]
    for params in ({"q": words}, {"q": words, "cards": "all"}, {"q": words[:4000] + "?"}, {"q": "x" * 1001}):
        answer = client.get("/search", params)
        assert answer.status_code == 400, params["q"][:40]
        assert f"queries are limited to {MAX_QUERY_LENGTH} characters" in answer.content.decode()


def test_a_search_at_the_length_limit_is_answered(client):
    words = (WORDS * 20)[:MAX_QUERY_LENGTH].rstrip()
    assert client.get("/search", {"q": words}).status_code == 200
