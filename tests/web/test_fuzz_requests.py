"""Nothing a user types produces a 500: random and mutated queries through the page and the API."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

pytestmark = pytest.mark.django_db

PIECES = [
    "t:creature",
    "o:",
    "c>=",
    "id<=",
    "mv=",
    "pow>tou",
    "(",
    ")",
    "-",
    "or",
    '"',
    "/",
    "!",
    "{2}{W}",
    "f:modern",
    "is:",
    "in:list/",
    "rule:702.19",
    "tag:",
    "pred>=0.8:removal",
    "usd<",
    "order:",
    "unique:prints",
    "~",
    " ",
]
queries = st.one_of(
    st.text(max_size=80),
    st.lists(st.sampled_from(PIECES), max_size=8).map("".join),
    st.lists(st.sampled_from(PIECES), max_size=8).map(" ".join),
)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(q=queries)
def test_the_search_page_and_api_answer_every_query(client, q):
    q = q.replace("\x00", "")  # a NUL cannot travel in a URL's query string
    page = client.get("/search", {"q": q, "redirect": "no"})
    assert page.status_code in (200, 302, 400), (q, page.status_code)
    api = client.get("/api/cards/search", {"q": q})
    assert api.status_code in (200, 400, 404), (q, api.status_code)
    assert client.get("/api/search", {"q": q}).status_code in (200, 400), q
