"""How `make test`, test-pg and test-full share their tests between two pytest-xdist workers.

`--dist loadfile` as pytest-xdist has it, with two changes that alter no test, only which worker runs
a file and when:

- the contract tests (tests/contract) are one unit: their session-scoped server (`tolaria serve`,
  which loads the sample on its first start) starts once per run, on one worker, instead of once on
  each worker that happened to get a contract file;
- the units known to take long start first (longest first), so that no worker is left running a long
  file alone at the end; xdist's own order is by number of tests, which put the slowest files (a few
  long tests each) last.

SECONDS holds each long file's time (setup + call + teardown summed from `--durations`, 2026-12-03,
load 10 on 2 cores: only the order matters); a file not listed counts a tenth of a second a test.
A stale figure costs time, never a check.
"""

from __future__ import annotations

from xdist.scheduler import LoadFileScheduling

# one unit for every file under these folders (their session fixtures are built once)
ONE_UNIT = ("tests/contract/",)

SECONDS = {
    "tests/contract/": 500,
    "tests/site/test_hostile_input.py": 329,
    "tests/site/test_stores.py": 303,
    "tests/api/test_scryfall_docs.py": 137,
    "tests/collections/test_collections_authz.py": 102,
    "tests/api/test_extras_api.py": 90,
    "tests/site/test_atomic_publication.py": 69,
    "tests/search/test_properties.py": 56,
    "tests/site/test_store_identity.py": 56,
    "tests/site/test_hostile_heavy.py": 54,
    "tests/knowledge/test_knowledge_player_questions.py": 48,
    "tests/search/test_search_languages.py": 46,
    "tests/accounts/test_accounts.py": 36,
    "tests/cards/test_draw_fresh_sample.py": 34,
    "tests/accounts/test_throttle_and_tokens.py": 30,
    "tests/api/test_http.py": 29,
}
PER_TEST = 0.1


def unit_of(nodeid: str) -> str:
    path = nodeid.split("::", 1)[0]
    return next((folder for folder in ONE_UNIT if path.startswith(folder)), path)


class LongestFirst(LoadFileScheduling):
    """`--dist loadfile` with the contract tests as one unit and the longest units first."""

    _ordered = False

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)

    def _assign_work_unit(self, node) -> None:
        if not self._ordered:  # the first hand-out: the queue is full, none of it given yet
            units = sorted(self.workqueue.items(), key=lambda item: -weight(item[0], len(item[1])))
            self.workqueue.clear()
            self.workqueue.update(units)
            self._ordered = True
        super()._assign_work_unit(node)


def weight(unit: str, tests: int) -> float:
    return SECONDS.get(unit, PER_TEST * tests)
