"""`tolaria serve` as an operator meets it: a taken port said at once."""

import gc
import socket
import weakref

import pytest
from django.core import signals
from django.db import close_old_connections

from tolaria import cli
from tolaria.rules import explain, shipped_reader
from tolaria.search import _parser
from tolaria.site import server
from tolaria.site.catalog import repository
from tolaria.site.stores import card_index, knowledge_index, runtime, similar, warm


def test_a_port_in_use_is_one_line_naming_it_and_exits_at_once(capsys, monkeypatch):
    def no_slow_step(*args, **kwargs):
        raise AssertionError("serve went on past a taken port")

    # nothing slow runs before the port is checked (gunicorn retried a taken port for 19 s)
    monkeypatch.setattr(cli._site, "setup_django", no_slow_step)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert cli.main(["serve", "--host", "127.0.0.1", "--port", str(port)]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Serving" not in err
    assert err.count("\n") == 1 and f"port {port}" in err and "in use" in err


@pytest.mark.django_db
def test_what_a_first_answer_reads_is_loaded_before_the_port_listens_and_the_rest_beside_the_first_workers(
    monkeypatch,
):
    """`serve` warms in its own process in two parts (not a timing test: what was loaded when gunicorn's run
    began, and when the workers were started again). Before gunicorn listens: the card index with its name
    lookups, the query grammar, the rules linker (a search, a card page, /api/cards/named).
    Then, beside the first workers: the knowledge index with its answerer, similar cards, the bulk files,
    after which the workers are started again (gunicorn's HUP), to fork holding everything."""

    runtime.reset()  # as a fresh process: nothing loaded
    knowledge_index._answerer.clear()
    _parser._lark.cache_clear()
    explain.linker.cache_clear()
    shipped_reader.cache_clear()
    seen = {}

    def loaded() -> dict[str, bool]:
        return {
            "card index": card_index.shared.value is not None,
            "name lookups": card_index._cache["index"] is card_index.shared.value,
            # what a first request built besides the stores (a search's grammar, a card's rules and its reader)
            "query grammar": _parser._lark.cache_info().currsize == 1,
            "rules linker": explain.linker.cache_info().currsize == 1,
            "oracle reader": shipped_reader.cache_info().currsize == 1,
            "knowledge index": knowledge_index.shared.value is not None,
            "answerer": bool(knowledge_index._answerer),
            "similar cards": similar.shared.value is not None,
            "bulk files": runtime.HANDLES["scryfall_bulk"].value is not None,
        }

    def run(self):
        seen["listening"] = self.cfg.address
        seen["at the port"] = loaded()
        seen["beside the workers"] = self.options["when_ready"]

    monkeypatch.setattr(server._Gunicorn, "run", run)
    monkeypatch.setattr(server, "close_connections", lambda: None)
    monkeypatch.setattr("tolaria.site.accounts.keys.require_one_secret_key", lambda: None)
    sock = server.reserve_port("127.0.0.1", 0)
    server.serve(sock=sock, workers=1)
    assert seen["listening"]
    first = {"card index", "name lookups", "query grammar", "rules linker"}
    assert {name for name, done in seen["at the port"].items() if done} >= first
    assert not server.WARMED.is_set()

    started_again = []
    server.warm_the_rest(lambda: started_again.append(server.WARMED.is_set()))
    assert loaded() == dict.fromkeys(loaded(), True)
    assert started_again == [True]  # once, after everything was loaded
    server.WARMED.clear()


def test_the_first_workers_leave_the_knowledge_index_to_the_serving_process():
    """A worker forked before the serving process warmed the rest does not load the knowledge index
    itself (a copy in each worker, seconds of CPU each): it answers 503 with Retry-After for what reads
    it until the workers forked holding it take over; those load and reload it as ever."""
    runtime.reset()
    server.WARMED.clear()
    try:
        server.leave_to_the_server()
        with pytest.raises(runtime.IndexUnavailable, match="still warming"):
            knowledge_index.current()
        assert knowledge_index.shared.value is None
    finally:
        runtime.reset()
    server.WARMED.set()
    try:
        server.leave_to_the_server()
        assert knowledge_index.shared.held_back is None
    finally:
        server.WARMED.clear()


def test_the_stores_are_out_of_the_collectors_reach_when_the_workers_fork(monkeypatch):
    """gc.freeze before the fork: a worker's collections never write to the headers of the objects it
    shares with the serving process, so those pages stay shared (copy-on-write) between the workers."""
    frozen = {}

    def run(self):
        frozen["objects"] = gc.get_freeze_count()

    monkeypatch.setattr(server._Gunicorn, "run", run)
    monkeypatch.setattr(server, "close_connections", lambda: None)
    monkeypatch.setattr("tolaria.site.accounts.keys.require_one_secret_key", lambda: None)
    gc.unfreeze()
    try:
        server.serve(sock=server.reserve_port("127.0.0.1", 0), workers=1)
    finally:
        gc.unfreeze()  # this test process goes on with other tests
    assert frozen["objects"] > 100_000  # every store warmed, with its documents and lookups


@pytest.mark.django_db
def test_the_boot_asks_a_page_of_each_kind_through_the_handler(monkeypatch):
    """The pages warmer sends each of warm.PAGES (and the card page a redirect names) through Django's own
    handler in the serving process: the URLconf, the views, the API's schemas and the templates are built
    before the fork, so a worker's first request of each kind is as fast as its tenth. None answers 5xx."""
    asked = []
    real = warm._ask

    def ask(handler, url):
        status, location = real(handler, url)
        asked.append((url, status))
        return status, location

    monkeypatch.setattr(warm, "_ask", ask)
    warm._pages()
    assert {url for url, _ in asked} >= set(warm.PAGES)
    # the manifest's first page in every language of the data, kept in the shared cache for the workers
    langs = repository.printing_languages()
    assert langs and {f"/api/cards/manifest?lang={lang}" for lang in langs} <= {url for url, _ in asked}
    assert any(url.startswith("/card/") for url, _ in asked)  # the redirect of an exact name, followed
    assert all(status < 500 for _, status in asked), asked
    # the boot's requests kept the connection; the workers' requests close old ones again, as Django's do
    assert close_old_connections in _receivers(signals.request_started)
    assert close_old_connections in _receivers(signals.request_finished)


def _receivers(signal) -> list:
    """The functions connected to a Django signal (each entry: its lookup key, a weak reference, ...)."""
    return [entry[1]() if isinstance(entry[1], weakref.ref) else entry[1] for entry in signal.receivers]


@pytest.mark.django_db
def test_each_worker_asks_a_page_of_each_kind_before_it_accepts_a_connection(monkeypatch):
    """Issue 28 item 3: a forked worker's first request paid its copy-on-write faults and its own database
    connection (10-50 ms of CPU over its tenth). gunicorn's post_worker_init, run in the worker before it
    accepts, sends each of warm.WORKER_PAGES (and the card page a redirect names) through its handler; none
    answers 5xx (not a timing test: BENCHMARKS.md has the first request vs the tenth)."""
    options = {}
    monkeypatch.setattr(server._Gunicorn, "run", lambda self: options.update(self.options))
    monkeypatch.setattr(server, "close_connections", lambda: None)
    monkeypatch.setattr(server, "_freeze_for_fork", lambda: None)
    monkeypatch.setattr("tolaria.site.accounts.keys.require_one_secret_key", lambda: None)
    monkeypatch.setattr(warm, "warm", lambda part="all": [])  # the serving process's own warm-up: the tests above
    server.serve(sock=server.reserve_port("127.0.0.1", 0), workers=1)
    assert options["post_worker_init"] is server.warm_worker

    asked = []
    real = warm._ask

    def ask(handler, url):
        status, location = real(handler, url)
        asked.append((url, status))
        return status, location

    monkeypatch.setattr(warm, "_ask", ask)
    server.WARMED.set()  # a worker forked after the serving process warmed everything
    try:
        with warm._connection_kept():  # the test's transaction: a request's end would close its connection
            server.warm_worker()
    finally:
        server.WARMED.clear()
    assert [url for url, _ in asked if url in warm.WORKER_PAGES] == list(warm.WORKER_PAGES)
    assert any(url.startswith("/card/") for url, _ in asked)  # /random's card page, followed
    assert all(status < 500 for _, status in asked), asked

    # one of the first workers: the pages that read no store it leaves to the serving process
    asked.clear()
    with warm._connection_kept():
        server.warm_worker()
    assert [url for url, _ in asked if url in warm.FIRST_WORKER_PAGES] == list(warm.FIRST_WORKER_PAGES)
    assert not set(warm.FIRST_WORKER_PAGES) - set(warm.WORKER_PAGES)
    assert all(status < 500 for _, status in asked), asked
