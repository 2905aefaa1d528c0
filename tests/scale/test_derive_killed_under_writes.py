"""Issue 28: a `tolaria derive` killed mid-way while the site takes its users' writes, on PostgreSQL and
on SQLite (where it once failed on "database is locked" and left `tolaria stats` saying all was current).

One server (two workers) over the embedded sample, three users saving cards to their lists, adding cards
to their decks and editing a list's notes through the API, and readers on search, card and home pages,
all the time. A new card's ingest dies before its after-ingest pass (every store is then behind); the
`tolaria derive` that catches up is killed at the tags, after it published the card index; `tolaria
stats` must name exactly the stores it left behind; a second `tolaria derive` completes; every write the
site acknowledged is there, the new card is found everywhere, and no request failed meanwhile.

Costs about 8 minutes per database at load 15-17 on 2 cores (16 min 46 s for both, 2026-12-03): the
sample's first ingest, two derives and the probe card's ingest each."""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from itertools import count
from pathlib import Path

import pytest

from .conftest import REPORT, _die_with_parent, get, run_tolaria, tolaria_env
from .test_many_machines import ROOT, search_names, shows_everywhere, stores_status, wait_until

pytestmark = pytest.mark.scale

# what the writers save and the readers ask for: cards of the embedded sample
CARDS = ["Lightning Bolt", "Llanowar Elves", "Sol Ring", "Goblin Guide", "Counterspell", "Giant Growth"]
READS = [
    "/search?q=" + urllib.parse.quote("t:elf"),
    "/api/cards/search?q=" + urllib.parse.quote("o:draw"),
    "/api/cards/named?exact=" + urllib.parse.quote("Llanowar Elves"),
    "/api/search?q=trample",
    "/",
]
KILLED_AT = "tags"  # after the card index (published) and the home figures, before the tags are stored
LEFT_BEHIND = ["knowledge index", "scryfall bulk files", "similar cards", "tag facets", "tags"]
USERS = 3

ACCOUNTS = r"""
import json, sys
from tolaria.cli._site import setup_django
setup_django()
from django.contrib.auth import get_user_model
from tolaria.site.accounts.models import ApiToken
secrets = []
for name in sys.argv[1:]:
    user = get_user_model().objects.create_user(name, password="Winter2026!writes")
    secrets.append(ApiToken.issue(user, "scale writes")[1])
print(json.dumps(secrets))
"""


def probe_file(folder: Path) -> tuple[Path, str]:
    """A Scryfall card file holding one new card (a real card object of the fixtures, renamed)."""
    cards = json.loads((ROOT / "tests" / "fixtures" / "scryfall" / "cards.json").read_text())
    base = next(c for c in cards if c["layout"] == "normal" and "card_faces" not in c and c.get("oracle_text"))
    card = copy.deepcopy(base)
    card.update(id=str(uuid.uuid4()), oracle_id=str(uuid.uuid4()), name="Scale Probe Under Writes")
    card.update(collector_number="9101")
    path = folder / "probe-under-writes.json"
    path.write_text(json.dumps([card]))
    return path, card["name"]


def call(url: str, method: str, secret: str, body: dict | None = None) -> tuple[int, dict]:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(
        url,
        data=data,
        method=method,
        headers={"Authorization": f"Bearer {secret}", "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read() or b"{}")
    except urllib.error.HTTPError as error:
        return error.code, {}
    except OSError:
        return 0, {}


class User:
    """One user writing all the time: a card saved to their list, a card added to their deck, the list's
    notes edited. Every write the site acknowledged is counted; those it did not are kept to show."""

    def __init__(self, server, secret: str, n: int):
        self.server, self.secret = server, secret
        status, made = call(f"{server.url}/api/lists", "POST", secret, {"name": f"Writes {n}"})
        assert status == 201, (status, server.output())
        self.list = made["token"]
        status, made = call(f"{server.url}/api/decks", "POST", secret, {"name": f"Edits {n}"})
        assert status == 201, (status, server.output())
        self.deck = made["token"]
        self.saved: Counter[str] = Counter()  # card name -> copies acknowledged in the list
        self.added: Counter[str] = Counter()  # card name -> copies acknowledged in the deck
        self.notes = ""
        self.failed: list[tuple[int, str]] = []
        self.times: list[float] = []  # when each acknowledged write answered (time.monotonic)

    def write(self, i: int) -> None:
        name = CARDS[i % len(CARDS)]
        for path, body, tally in (
            (f"/api/lists/{self.list}/cards", {"card": name}, self.saved),
            (f"/api/decks/{self.deck}/cards", {"card": name}, self.added),
        ):
            status, _ = call(self.server.url + path, "POST", self.secret, body)
            if status == 200:
                tally[name] += 1
                self.times.append(time.monotonic())
            else:
                self.failed.append((status, path))
        if i % 3 == 0:
            notes = f"edit {i}"
            status, _ = call(f"{self.server.url}/api/lists/{self.list}", "PATCH", self.secret, {"notes": notes})
            if status == 200:
                self.notes = notes
                self.times.append(time.monotonic())
            else:
                self.failed.append((status, "PATCH list"))

    def stored(self) -> tuple[Counter[str], Counter[str], str]:
        status, shown = call(f"{self.server.url}/api/lists/{self.list}", "GET", self.secret)
        assert status == 200
        saved = Counter({c["name"]: c["quantity"] for c in shown["cards"]})
        notes = shown["notes"]
        status, shown = call(f"{self.server.url}/api/decks/{self.deck}", "GET", self.secret)
        assert status == 200
        added: Counter[str] = Counter()
        for row in shown["cards"]:
            added[row["name"]] += row["quantity"]
        return saved, added, notes


class Traffic:
    """The users writing and four readers reading until stopped; every answer of the readers kept."""

    def __init__(self, server, users: list[User]):
        self.server, self.users = server, users
        self.stop = threading.Event()
        self.reads: list[tuple[int, str]] = []
        self._threads = [threading.Thread(target=self._writes, args=(u,), daemon=True) for u in users]
        self._threads.append(threading.Thread(target=self._read, daemon=True))

    def _writes(self, user: User) -> None:
        for i in count():
            if self.stop.is_set():
                return
            user.write(i)

    def _read(self) -> None:
        def one(path: str) -> tuple[int, str]:
            try:
                return get(self.server.url + path, timeout=60)[0], path
            except OSError as exc:
                return 0, f"{path}: {exc!r}"

        with ThreadPoolExecutor(4) as pool:
            while not self.stop.is_set():
                self.reads.extend(pool.map(one, READS * 2))

    def __enter__(self) -> Traffic:
        for thread in self._threads:
            thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        for thread in self._threads:
            thread.join(timeout=120)

    def writes_between(self, start: float, end: float) -> int:
        return sum(start <= t <= end for u in self.users for t in u.times)


def timed(args: list[str], env: dict[str, str]) -> tuple[subprocess.CompletedProcess, float, float]:
    start = time.monotonic()
    done = run_tolaria(args, env, timeout=900)
    return done, start, time.monotonic()


@pytest.fixture(scope="module", params=["postgresql", "sqlite"])
def database(request, scale_db, data_dirs) -> str:
    """The module's PostgreSQL database, or a SQLite file that the server and the commands share."""
    if request.param == "postgresql":
        return scale_db
    return f"sqlite:///{data_dirs('sqlite-database') / 'tolaria.sqlite3'}"


def test_a_derive_killed_while_the_site_writes_loses_nothing(database, data_dirs, servers):
    env = tolaria_env(database, data_dirs("operator"))
    init = run_tolaria(["init"], env, timeout=900)
    assert init.returncode == 0, init.stdout + init.stderr
    server = servers(tolaria_env(database, data_dirs("server"), TOLARIA_API_RATE_REQUESTS="0"), workers=2)
    made = subprocess.run(
        [sys.executable, "-c", ACCOUNTS, *(f"writer-{n}-{time.monotonic_ns()}" for n in range(USERS))],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=_die_with_parent,
    )
    assert made.returncode == 0, made.stderr
    users = [User(server, secret, n) for n, secret in enumerate(json.loads(made.stdout.splitlines()[-1]))]
    path, name = probe_file(data_dirs("probe"))

    with Traffic(server, users) as traffic:
        # a new card written, its after-ingest pass never run: every store is behind the corpus
        ingest = run_tolaria(["ingest", str(path)], {**env, "TOLARIA_TEST_DIE_AT": "links"}, timeout=900)
        assert ingest.returncode == -9, ingest.stdout + ingest.stderr
        assert all(row["stale"] for row in stores_status(env).values())

        killed, start, end = timed(["derive"], {**env, "TOLARIA_TEST_DIE_AT": KILLED_AT})
        assert killed.returncode == -9, killed.stdout + killed.stderr
        during_killed = traffic.writes_between(start, end)
        stores = stores_status(env)
        assert sorted(s for s, row in stores.items() if row["stale"]) == LEFT_BEHIND, stores
        for store in LEFT_BEHIND:  # and why: built from the corpus before the new card
            assert "corpus version" in stores[store]["reason"], stores[store]
        # what the killed derive published serves: the new card is found by search
        assert wait_until(lambda: search_names(server, f'!"{name}"') == (200, [name]), 60) is not None

        repair, start, end = timed(["derive"], env)
        assert repair.returncode == 0, repair.stdout + repair.stderr
        during_repair = traffic.writes_between(start, end)
        assert not [s for s, row in stores_status(env).items() if row["stale"]]
        assert wait_until(lambda: shows_everywhere(server, name), 60) is not None, name
        time.sleep(1)  # writes after the repair too

    for user in users:
        assert not user.failed, user.failed[:10]
        assert user.stored() == (user.saved, user.added, user.notes)
    failed_reads = [r for r in traffic.reads if r[0] >= 500 or r[0] == 0]
    assert not failed_reads, failed_reads[:10]
    assert during_killed and during_repair  # the site took writes while each derive ran
    server.stop()  # the other database's run starts a server of its own
    vendor = "PostgreSQL" if database.startswith("postgres") else "SQLite"
    writes = sum(len(u.times) for u in users)
    REPORT.append(
        f"{vendor}: derive killed at {KILLED_AT} after {during_killed} writes, repaired by a derive during "
        f"{during_repair} more; {writes} writes acknowledged and kept, {len(traffic.reads)} reads, none failed"
    )
