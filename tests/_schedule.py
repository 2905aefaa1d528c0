"""How `make test`, test-pg and test-full share their tests between two pytest-xdist workers.

`--dist loadfile` as pytest-xdist has it, with two changes that alter no test, only which worker runs
a file and when:

- the contract tests (tests/contract) are one unit: their session-scoped server (`tolaria serve`,
  which loads the sample on its first start) starts once per run, on one worker, instead of once on
  each worker that happened to get a contract file;
- the units known to take long start first (longest first), so that no worker is left running a long
  file alone at the end; xdist's own order is by number of tests, which put the slowest files (a few
  long tests each) last;
- the tests of a file in SPLIT are units of their own (the hostile-value drive: one long test per
  value, no fixture above a function's), so both workers share them;
- while the run's sample database is being built by one worker (tests/_sample_db.py: the first to
  need it builds it, the others wait for its copy), the other workers are handed the tests of the
  core packages first, which need no database, instead of waiting.

SECONDS holds each long unit's time (setup + call + teardown summed from `--durations`, 2026-12-08,
load 2-6 on 2 cores, the sample database copied: only the order matters); a unit not listed counts a
tenth of a second a test, a test of a SPLIT file its file's figure. A stale figure costs time, never a
check.
"""

from __future__ import annotations

from xdist.scheduler import LoadFileScheduling

import _sample_db as sample_db

# one unit for every file under these folders (their session fixtures are built once)
ONE_UNIT = ("tests/contract/",)
# files whose every test is a unit of its own
SPLIT = ("tests/site/test_hostile_input.py",)
# the tests of the core packages (mostly Django-free: no test database), run while the sample database is
# built; those of their files that use the site's database are left out (one missed waits, nothing more)
NO_DATABASE = tuple(
    f"tests/{folder}/" for folder in ("cards", "search", "rules", "oracle", "knowledge", "tags", "decks")
)
USE_DATABASE = {
    "tests/cards/test_default_printing.py",
    "tests/knowledge/test_site_meaning.py",
    "tests/knowledge/test_search_answers.py",
    "tests/decks/test_typed_printings.py",
}

SECONDS = {
    "tests/contract/": 100,
    "tests/site/test_stores.py": 75,
    "tests/site/test_pass_follows_changes.py": 72,
    "tests/api/test_scryfall_docs.py": 46,
    "tests/collections/test_big_deck.py": 34,
    "tests/collections/test_collections_authz.py": 28,
    "tests/search/test_search_languages.py": 26,
    "tests/search/test_properties.py": 25,
    "tests/api/test_extras_api.py": 19,
    "tests/site/test_atomic_publication.py": 14,
    "tests/tags/test_facets.py": 11,
    "tests/accounts/test_accounts.py": 11,
    "tests/site/test_hostile_input.py": 10,  # a SPLIT file: each of its tests
    "tests/site/test_serve.py": 10,
    "tests/site/test_hostile_heavy.py": 10,
    "tests/knowledge/test_knowledge_player_questions.py": 10,
    "tests/knowledge/test_knowledge_answer.py": 9,
    "tests/site/test_store_identity.py": 8,
    "tests/search/test_scryfall_audit.py": 8,
    "tests/cards/test_draw_fresh_sample.py": 8,
    "tests/accounts/test_throttle_and_tokens.py": 8,
}
PER_TEST = 0.1


def unit_of(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    if path in SPLIT:
        return nodeid
    return next((folder for folder in ONE_UNIT if path.startswith(folder)), path)


class LongestFirst(LoadFileScheduling):
    """`--dist loadfile` with the contract tests as one unit, the SPLIT files split, the longest units first,
    and the core's tests for whoever would wait for the sample database."""

    _ordered = False
    _builder = None  # the node handed the first unit that needs the database
    _sample_ready = False

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)

    def _assign_work_unit(self, node) -> None:
        if not self._ordered:  # the first hand-out: the queue is full, none of it given yet
            units = sorted(self.workqueue.items(), key=lambda item: -weight(item[0], len(item[1])))
            self.workqueue.clear()
            self.workqueue.update(units)
            self._ordered = True
        if self._builder is not None and node is not self._builder and not self._sample_built():
            waiting = next((unit for unit in self.workqueue if needs_no_database(unit)), None)
            if waiting is not None:  # this node would wait for the sample database: a test of the core first
                self.workqueue.move_to_end(waiting, last=False)
        if self._builder is None and not needs_no_database(next(iter(self.workqueue))):
            self._builder = node
        super()._assign_work_unit(node)

    def _sample_built(self) -> bool:
        self._sample_ready = self._sample_ready or sample_db.cached_path().exists()
        return self._sample_ready


def needs_no_database(unit: str) -> bool:
    return unit.startswith(NO_DATABASE) and unit.split("::", 1)[0] not in USE_DATABASE


def weight(unit: str, tests: int) -> float:
    path = unit.split("::", 1)[0]
    if path in SPLIT:
        return SECONDS.get(path, PER_TEST)
    return SECONDS.get(unit, PER_TEST * tests)
