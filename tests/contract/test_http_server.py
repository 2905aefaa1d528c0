"""What only the real server (gunicorn in front of Django) decides: the length of a request line it
accepts, and HEAD's empty body."""

import json
import urllib.error
import urllib.parse
import urllib.request


def _get(url: str, method: str = "GET"):
    try:
        with urllib.request.urlopen(urllib.request.Request(url, method=method), timeout=30) as r:
            return r.status, r.headers, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.headers, e.read()


def test_a_query_of_scryfalls_longest_answers_json_not_gunicorns_414(tolaria_server):
    """Scryfall takes q up to 1,000 characters; 464 characters outside ASCII are 4,150 bytes of request
    line once percent-encoded, past gunicorn's default limit of 4,094 (its 414 page is HTML)."""
    query = 'o:"' + "∞" * 460 + '"'
    url = f"{tolaria_server}/api/cards/search?" + urllib.parse.urlencode({"q": query})
    assert len(url) > 4094
    status, headers, body = _get(url)
    assert headers["Content-Type"].startswith("application/json"), (status, body[:200])
    assert json.loads(body)["object"] == "error" and status == 404  # no card has that text


def test_head_has_the_headers_of_get_and_no_body(tolaria_server):
    url = f"{tolaria_server}/api/sets"
    status, headers, body = _get(url, "HEAD")
    assert status == 200 and body == b""
    assert headers["Content-Type"].startswith("application/json") and headers["ETag"]
