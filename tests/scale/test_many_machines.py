"""Two `tolaria serve` machines (data dirs of their own) on one PostgreSQL database, and a third
process that ingests: the new cards reach both servers' search, card pages and knowledge search
while a bounded load sees no 5xx; an ingest killed at any of its steps leaves the site serving its
last coherent state, and the next `tolaria derive` finishes what it left."""

from __future__ import annotations

import copy
import http.cookiejar
import json
import re
import threading
import time
import urllib.parse
import urllib.request
import uuid
from concurrent.futures import ThreadPoolExecutor
from itertools import cycle
from pathlib import Path

import pytest

from .conftest import REPORT, get, run_tolaria, tolaria_env

pytestmark = pytest.mark.scale

ROOT = Path(__file__).resolve().parents[2]
SET_FILES = "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz"
ATRAXA = "Atraxa, Grand Unifier"  # ONE 196, in the ONE set file
OLD_CARD = "Llanowar Elves"  # in the embedded sample


# The embedded sample without its ONE file: ONE (where Atraxa, Grand Unifier was printed) then comes
# with the set files, over a base that is quick to ingest.
BASE = sorted(p for p in (ROOT / "src" / "tolaria" / "data" / "sample").glob("*.json.xz") if "-ONE-" not in p.name)


@pytest.fixture(scope="module")
def site(scale_db, data_dirs, servers):
    """The base ingested by one process, then two servers that never ingested anything."""
    assert len(BASE) == 3
    init = run_tolaria(["ingest", *map(str, BASE)], tolaria_env(scale_db, data_dirs("ingester")))
    assert init.returncode == 0, init.stdout + init.stderr
    # the test is one client (one address) polling and loading both servers: with the API's limit
    # counted in the one Redis it would be throttled itself
    return [
        servers(tolaria_env(scale_db, data_dirs(f"machine{n}"), TOLARIA_API_RATE_REQUESTS="0"), workers=2)
        for n in (1, 2)
    ]


def report(line: str) -> None:
    """Figures of the check, printed at the end of the run (the CI log)."""
    REPORT.append(line)


def quoted(query: str) -> str:
    return urllib.parse.quote(query)


def search_names(server, query: str) -> tuple[int, list[str]]:
    status, _, body = get(f"{server.url}/api/cards/search?q={quoted(query)}")
    return status, [c["name"] for c in json.loads(body).get("data", [])] if status == 200 else []


def knowledge_titles(server, query: str) -> tuple[int, list[str]]:
    status, _, body = get(f"{server.url}/api/search?q={quoted(query)}")
    return status, [h["title"] for h in json.loads(body).get("data", [])] if status == 200 else []


def shows_everywhere(server, name: str) -> bool:
    """The card in search, on its page and in the knowledge search of this server."""
    status, names = search_names(server, f'!"{name}"')
    if status != 200 or name not in names:
        return False
    status, _, body = get(f"{server.url}/api/cards/named?exact={quoted(name)}")
    if status != 200:
        return False
    oracle_id = json.loads(body)["oracle_id"]
    status, _, page = get(f"{server.url}/card/{oracle_id}")
    if status != 200 or name not in page.decode():
        return False
    status, titles = knowledge_titles(server, name)
    return status == 200 and name in titles


def wait_until(predicate, timeout: float) -> float | None:
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        if predicate():
            return time.monotonic() - started
        time.sleep(0.5)
    return None


class Load:
    """A bounded load on every server from 8 connections: pages, searches and API calls."""

    def __init__(self, servers, requests: int = 400, connections: int = 8):
        paths = [
            f"/search?q={quoted('t:elf')}",
            f"/api/cards/search?q={quoted('o:draw')}",
            f"/api/cards/named?exact={quoted(OLD_CARD)}",
            f"/api/search?q={quoted('trample')}",
            "/",
            f"/search?q={quoted('atraxa')}",
        ]
        self.urls = [s.url + p for p in paths for s in servers]
        self.requests, self.connections = requests, connections
        self.statuses: list[tuple[int, str]] = []
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _one(self, url: str) -> tuple[int, str]:
        try:
            return get(url, timeout=60)[0], url
        except OSError as exc:
            return 0, f"{url}: {exc!r}"

    def _run(self) -> None:
        urls = cycle(self.urls)
        with ThreadPoolExecutor(self.connections) as pool:
            self.statuses = list(pool.map(self._one, [next(urls) for _ in range(self.requests)]))

    def __enter__(self) -> Load:
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._thread.join()

    def failures(self) -> list[tuple[int, str]]:
        return [s for s in self.statuses if s[0] >= 500 or s[0] == 0]


def test_a_new_set_reaches_both_servers_under_load(site, scale_db, data_dirs, shared_data):
    for server in site:
        assert not shows_everywhere(server, ATRAXA)
    with Load(site) as load:
        started = time.monotonic()
        ingest = run_tolaria(
            ["ingest", str(shared_data / "mtgjson" / SET_FILES)], tolaria_env(scale_db, data_dirs("ingest"))
        )
        assert ingest.returncode == 0, ingest.stdout + ingest.stderr
        ingest_seconds = time.monotonic() - started
        after = [wait_until(lambda s=s: shows_everywhere(s, ATRAXA), 120) for s in site]
    assert all(t is not None for t in after), f"not on every server after 120 s: {after}"
    report(
        f"{SET_FILES} over the sample: ingest and derived pass {ingest_seconds:.1f} s; then "
        f"{ATRAXA} in search, page and knowledge search on server 1 after {after[0]:.1f} s, "
        f"on server 2 after {after[1]:.1f} s; load: {len(load.statuses)} requests, 8 connections"
    )
    assert len(load.statuses) == 400
    assert not load.failures(), load.failures()[:10]


# --- one cache for every machine: password guesses counted across servers ---------------------


class Browser:
    """One client of one server: its cookies (the CSRF token), the address its proxy reports."""

    def __init__(self, server, address: str):
        self.server, self.address = server, address
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def log_in(self, username: str, password: str) -> str:
        """The log-in page's answer to one attempt (its text: errors, or the page after log-in)."""
        url = f"{self.server.url}/accounts/login/"
        headers = {"X-Forwarded-For": self.address}
        with self.opener.open(urllib.request.Request(url, headers=headers), timeout=30) as page:
            form = page.read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form).group(1)
        data = urllib.parse.urlencode({"csrfmiddlewaretoken": token, "username": username, "password": password})
        request = urllib.request.Request(url, data=data.encode(), headers={**headers, "Referer": url})
        with self.opener.open(request, timeout=30) as answer:
            assert answer.status == 200
            return answer.read().decode()


ACCOUNT_LOCKED = "Too many failed password attempts for this account"
ADDRESS_LOCKED = "Too many failed password attempts from your address"
WRONG = "Please enter a correct username and password"  # Django's own message


def _address() -> str:
    """A client address of this run alone: Redis keeps counts across test runs."""
    return f"10.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250}.{uuid.uuid4().int % 250 + 1}"


def test_guesses_at_one_account_count_on_every_server(site):
    one, two = site
    username = f"victim-{uuid.uuid4().hex[:8]}"
    # four wrong passwords on server 1, each from another address: no lock yet
    for _ in range(4):
        assert WRONG in Browser(one, _address()).log_in(username, "wrong")
    # the fifth, on server 2 (which never saw the first four), is the one that locks the account
    fifth = Browser(two, _address()).log_in(username, "wrong")
    assert ACCOUNT_LOCKED in fifth, fifth[:2000]
    # and server 1 refuses the next attempt as well, from yet another address
    assert ACCOUNT_LOCKED in Browser(one, _address()).log_in(username, "wrong")


def test_guesses_from_one_address_count_on_every_server(site):
    address = _address()
    browsers = [Browser(server, address) for server in site]
    # 20 wrong passwords for 20 accounts, alternating between the servers: 10 seen by each
    for n in range(20):
        browsers[n % 2].log_in(f"sprayed-{uuid.uuid4().hex[:8]}", "Winter2026!")
    for browser in browsers:
        assert ADDRESS_LOCKED in browser.log_in(f"sprayed-{uuid.uuid4().hex[:8]}", "Winter2026!")


# --- ingests killed at each step ----------------------------------------------------------------

# the ingest's own steps (read, write) and then the derive steps in the order stores/derive.py runs them
STEPS = ["read", "write", "links", "card index", "home figures", "tags", "tag facets", "knowledge index"]


def probe_file(folder: Path, step: str) -> tuple[Path, str]:
    """A Scryfall card file holding one new card (a real card object, renamed), for one kill."""
    cards = json.loads((ROOT / "tests" / "fixtures" / "scryfall" / "cards.json").read_text())
    base = next(c for c in cards if c["layout"] == "normal" and "card_faces" not in c and c.get("oracle_text"))
    card = copy.deepcopy(base)
    name = f"Scale Probe {step.title()}"
    number = str(9001 + STEPS.index(step))  # a page address of its own (set and number)
    card.update(id=str(uuid.uuid4()), oracle_id=str(uuid.uuid4()), name=name, collector_number=number)
    path = folder / f"probe-{step.replace(' ', '-')}.json"
    path.write_text(json.dumps([card]))
    return path, name


def stores_status(env) -> dict[str, dict]:
    stats = run_tolaria(["stats", "--json"], env)
    assert stats.returncode == 0, stats.stderr
    return {row["store"]: row for row in json.loads(stats.stdout)["stores"]}


@pytest.mark.parametrize("step", STEPS)
def test_an_ingest_killed_at_a_step_is_repaired_by_derive(site, scale_db, data_dirs, step):
    folder = data_dirs("killed")
    env = tolaria_env(scale_db, folder)
    path, name = probe_file(folder, step)
    killed = run_tolaria(["ingest", str(path)], {**env, "TOLARIA_TEST_DIE_AT": step})
    assert killed.returncode == -9, killed.stdout + killed.stderr

    committed = step not in ("read", "write")
    stores = stores_status(env)
    stale = sorted(s for s, row in stores.items() if row["stale"])
    # the steps after the last kill point (similar cards, the Scryfall bulk files) are behind as well
    expected_stale = sorted([*STEPS[STEPS.index(step) :], "similar cards", "scryfall bulk files"]) if committed else []
    assert stale == expected_stale, stores

    for server in site:  # the last coherent state: old cards found everywhere, no 5xx
        status, names = search_names(server, f'!"{OLD_CARD}"')
        assert status == 200 and names == [OLD_CARD]
        status, titles = knowledge_titles(server, "trample")
        assert status == 200 and titles
        status, names = search_names(server, f'!"{name}"')
        if STEPS.index(step) > STEPS.index("card index"):
            # the new card index was published before the kill: a server may not have loaded it yet
            assert (status, names) in ((200, [name]), (404, [])), (status, names)
        else:  # the cards served are the last built index's, which lacks the new card (404: no cards)
            assert (status, names) == (404, []), (status, names)

    repair = run_tolaria(["derive"], env)
    assert repair.returncode == 0, repair.stdout + repair.stderr
    assert not any(row["stale"] for row in stores_status(env).values())
    for server in site:
        if committed:
            assert wait_until(lambda s=server: shows_everywhere(s, name), 60) is not None, name
        else:
            assert search_names(server, f'!"{name}"') == (404, [])
