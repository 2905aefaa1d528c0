"""A server warms before its workers accept connections: every store a request reads (the card index with
its name lookups, the knowledge index with its answerer and the query model, similar cards, the bulk files
and whatever else is published) is loaded in the serving process, so the workers fork holding them and
their first request of each kind is as fast as their tenth.

In two parts (FIRST, then the rest): what a search, a card page and /api/cards/named read is loaded before
the port listens; the first workers serve those while the serving process warms the rest, then workers
forked holding everything take their place (server.serve). A restored backup with a fresh data dir
answers within seconds instead of after the whole warm-up (58-62 s on the full data under load).

A store not published yet is left to the workers' usual loading (they answer 503 until it arrives):
warming never waits on another process's work."""

from __future__ import annotations

import contextlib
import io
import logging
import sys
import time
from collections.abc import Callable, Iterator
from urllib.parse import urlsplit

from tolaria.rules import explain, shipped_reader, shipped_rulebook

from ..catalog import repository
from ..catalog import services as catalog
from . import card_index, figures, knowledge_index, runtime, similar, tags

log = logging.getLogger(__name__)


def _card_index() -> None:
    index = card_index.current_index()
    card_index.card_positions(index)  # the name and position lookups of the index, built once per index
    card_index.autocomplete("lightning")
    card_index.run_search("t:creature", page_size=1)  # a lone term: parsed without the grammar
    card_index.run_search("t:creature o:trample", page_size=1)  # the grammar's parser (lark), built once


def _knowledge() -> None:
    knowledge_index.answer("Does deathtouch work with trample?")  # the answerer and the model that reads queries
    shipped_reader()  # the oracle reader a question naming a card reads the card's text with (a search's words)
    knowledge_index.search_page("flying")


def _similar() -> None:
    similar.current()


def _facts() -> None:
    shipped_rulebook()
    explain.linker()  # a card's rules structure (/api/cards/named, a card page): the linker of the shipped rules
    catalog.name_table()  # exact and fuzzy names, once per corpus version
    catalog.card_names()
    tags.predicted_model()
    figures.corpus_figures()


# Each asked once at boot through Django's own handler (a page of each kind and an API route of each family,
# none of them heavy): what a first request imports and builds besides the stores (the URLconf and every
# view module, the API's schemas, the compiled templates, the URL resolver's tables, the set glyphs) is then
# in the serving process the workers fork from, instead of in each worker's first request of each kind.
PAGES = (
    "/",
    "/search?q=t%3Acreature+o%3Atrample",
    "/search?q=flying",
    "/search?q=lightning+bolt",  # an exact name: a redirect to the card's page, asked next
    "/random",
    "/rules/702.19",
    "/rules/search?q=trample",
    "/rules/glossary/trample",
    "/tags/keyword:flying",
    "/tags/",  # every tag's count, once per corpus version (0.9 s of CPU on the full data)
    "/decks/public/",
    "/search/syntax",
    "/api/cards/named?fuzzy=lightning",
    "/api/cards/search?q=t%3Acreature+o%3Atrample",
    "/api/cards/autocomplete?q=ligh",
    "/api/cards/random",
    "/api/answers?q=does+deathtouch+work+with+trample",
    "/api/search?q=flying",
    "/api/rules/702.19",
    "/api/sets",
    "/api/catalog/card-names",
    "/api/cards/manifest",  # its first page, kept per corpus version in the cache the workers share
)
# What a first search, card page and /api/cards/named read (none of them the knowledge index): asked before the
# port listens; the workers forked then serve them while the serving process warms the rest (FIRST below)
FIRST_PAGES = (
    "/",
    "/search?q=t%3Acreature+o%3Atrample",
    "/random",  # and the card page it names
    "/api/cards/named?fuzzy=lightning",
    "/api/cards/search?q=t%3Acreature+o%3Atrample",
    "/api/cards/autocomplete?q=ligh",
    "/api/cards/random",
)
# Asked again by each worker after the fork, before it accepts a connection (gunicorn's post_worker_init): a
# forked worker first writes to the pages it shares with the serving process (reference counts of the modules,
# functions and tables every request touches: thousands of copy-on-write faults) and opens its own database
# connection, which made its first request of each kind 10-50 ms of CPU slower than its tenth (issue 28 item 3)
WORKER_PAGES = (
    "/",
    "/search?q=t%3Aelf+o%3Aflying",
    "/search?q=flying+creature",  # plain words: the knowledge search beside the cards
    "/random",  # and the card page it names
    "/rules/702.19",
    "/api/cards/named?exact=Lightning+Bolt",
    "/api/cards/search?q=t%3Aelf",
    "/api/answers?q=does+deathtouch+work+with+trample",
)
# the worker pages that read no store the first workers leave to the serving process (the knowledge index)
FIRST_WORKER_PAGES = (
    "/",
    "/search?q=t%3Aelf+o%3Aflying",
    "/random",
    "/api/cards/named?exact=Lightning+Bolt",
    "/api/cards/search?q=t%3Aelf",
)
WARM_ADDRESS = "192.0.2.1"  # TEST-NET-1: the boot's own requests count against no real client's API budget


def _pages() -> None:
    # the manifest's first page in each language of the data: published with the bulk files of the corpus
    # (each took 0.1-0.8 s of CPU to compute on the full data), so asking reads the file into the page
    # cache; before those files are published, each is computed and written to the shared cache once per
    # corpus version (a restart finds them there)
    langs = repository.printing_languages()
    _ask_all([*PAGES, *(f"/api/cards/manifest?lang={lang}" for lang in langs if lang.isalpha())])


def _first_pages() -> None:
    _ask_all(list(FIRST_PAGES))


def _ask_all(asked: list[str]) -> None:
    """Each address through Django's handler, and the page a redirect names (a card's)."""
    from django.core.handlers.wsgi import WSGIHandler  # noqa: PLC0415  after Django's setup (the CLI imports this module first)

    handler = WSGIHandler()
    limit = 2 * len(asked)
    seen: set[str] = set()
    with _connection_kept():
        while asked:
            path = asked.pop(0)
            if path in seen or len(seen) >= limit:
                continue
            seen.add(path)
            status, location = _ask(handler, path)
            if status in (301, 302) and location.startswith("/"):
                asked.insert(0, location)  # the page a redirect names (a card's)


@contextlib.contextmanager
def _connection_kept() -> Iterator[None]:
    """The boot's requests share the serving process's database connection, as Django's test client's do:
    a request's start and end close an old connection (close_old_connections), and inside a transaction
    (a test's) that closes the connection the transaction holds. serve() closes every connection before
    the workers fork in any case."""
    from django.core import signals  # noqa: PLC0415  after Django's setup (the CLI imports this module first)
    from django.db import close_old_connections  # noqa: PLC0415  after Django's setup (the CLI imports this module first)

    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def _ask(handler, url: str) -> tuple[int, str]:
    """GET `url` through the WSGI handler, as gunicorn would; (status, the Location of a redirect)."""
    parts = urlsplit(url)
    environ = {
        "REQUEST_METHOD": "GET",
        "PATH_INFO": parts.path,
        "QUERY_STRING": parts.query,
        "SERVER_NAME": "127.0.0.1",
        "SERVER_PORT": "80",
        "SERVER_PROTOCOL": "HTTP/1.1",
        "HTTP_HOST": "127.0.0.1",
        "REMOTE_ADDR": WARM_ADDRESS,
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": "http",
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": False,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    said: list[tuple[str, list[tuple[str, str]]]] = []

    def start_response(status: str, headers: list[tuple[str, str]], exc_info=None):
        said.append((status, headers))

    response = handler(environ, start_response)
    try:
        for _ in response:
            pass
    finally:
        getattr(response, "close", lambda: None)()
    status_line, headers = said[-1] if said else ("0", [])
    status = int(status_line.split()[0])
    if status >= 500:
        log.warning("warming %s answered %s", url, status)
    where = urlsplit(next((v for k, v in headers if k.lower() == "location"), ""))
    return status, where.path + (f"?{where.query}" if where.query else "")


def warm_worker(*, first: bool = False) -> str:
    """In a worker just forked, before it accepts a connection: each of WORKER_PAGES (FIRST_WORKER_PAGES in
    the workers started before the serving process warmed the rest) and the page a redirect names, through
    its own handler. A failure is logged and the worker serves all the same."""
    from django.core.handlers.wsgi import WSGIHandler  # noqa: PLC0415  after Django's setup (the CLI imports this module first)

    started = time.perf_counter()
    try:
        handler = WSGIHandler()
        for path in FIRST_WORKER_PAGES if first else WORKER_PAGES:
            status, location = _ask(handler, path)
            if status in (301, 302) and location.startswith("/"):
                _ask(handler, location)
    except Exception as exc:  # a head start only
        log.exception("warming the worker failed")
        return f"worker warm-up failed ({exc})"
    return f"worker warm {time.perf_counter() - started:.1f} s"


WARMERS: list[tuple[str, Callable[[], None]]] = [
    ("card index", _card_index),
    ("rules, facts and models", _facts),
    ("first pages", _first_pages),
    ("knowledge index", _knowledge),
    ("similar cards", _similar),
    ("pages", _pages),
]
# what a search, a card page and /api/cards/named need: loaded before the port listens, so a restored backup
# with a fresh data dir answers them within seconds; the rest (the knowledge index and its answerer, similar
# cards, every other page, the bulk files: 30-50 s of a full-data start under load) is warmed by the serving
# process after its first workers started, whose successors then fork holding it (server.serve)
FIRST = ("card index", "rules, facts and models", "first pages")
# the stores the first workers leave to the serving process: none loads its own copy meanwhile
LEFT_TO_THE_SERVER = ("knowledge_index",)


def warm(part: str = "all") -> list[str]:
    """Load what requests read, in this process ("first": FIRST; "rest": the others and every published
    store; "all": both); one phrase per part (what was loaded or why not)."""
    said = []
    for name, load in WARMERS:
        if (part == "first" and name not in FIRST) or (part == "rest" and name in FIRST):
            continue
        started = time.perf_counter()
        try:
            load()
        except runtime.IndexUnavailable as exc:
            said.append(f"{name}: not yet ({exc})")
            continue
        except Exception as exc:  # warming is a head start: a failure is said and the server starts all the same
            log.exception("warming %s failed", name)
            said.append(f"{name}: failed ({exc})")
            continue
        said.append(f"{name} {time.perf_counter() - started:.1f} s")
    if part == "first":
        return said
    for name, handle in runtime.HANDLES.items():  # the stores of the apps above (the API's bulk files)
        if handle.value is None:
            try:
                handle.get()
            except runtime.IndexUnavailable:
                said.append(f"{name}: not yet")
    return said
