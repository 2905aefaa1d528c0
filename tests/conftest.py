import os
from pathlib import Path

# Tests build the knowledge index lexically; the tests of ranking by meaning embed what they need.
os.environ.setdefault("TOLARIA_EMBED_AT_INGEST", "0")
# Indexes load in the requesting thread: on the test's own connection, inside its transaction.
os.environ.setdefault("TOLARIA_STORES_INLINE", "1")

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection

import _sample_db as sample_db
from tolaria.cards import load_sample
from tolaria.site.catalog import repository
from tolaria.site.stores import ensure_loaded, runtime
from tolaria.site.stores.corpus_cache import forget_all

ROOT = Path(__file__).resolve().parent.parent
SHARED = Path(os.environ.get("TOLARIA_SHARED", ROOT.parent / "shared"))


@pytest.fixture(scope="session")
def sample():
    return load_sample()


@pytest.fixture(scope="session")
def shared_data() -> Path:
    data = SHARED / "data"
    if not data.exists():
        pytest.fail(f"the full data is expected at {data} (set TOLARIA_SHARED)")
    return data


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker):
    """The test database holds the embedded sample, loaded once per session (tests roll back to it); on
    SQLite built once per run and copied by the other workers (tests/_sample_db.py)."""
    with django_db_blocker.unblock():
        runtime.reset()
        if connection.vendor != "sqlite":
            ensure_loaded()
            return
        sample_db.load_into(connection, ensure_loaded)
        ContentType.objects.clear_cache()
        runtime.reset()
        forget_all()
        said = ensure_loaded()  # a copy from another worker: every store current, nothing built here
        if said != f"Database ready: {repository.card_count():,} cards.":
            pytest.fail(f"the sample database copied for this run is not ready: {said}")


@pytest.fixture(autouse=True)
def _no_api_rate_limit(settings):
    """The suite sends far more requests than a client may; the rate-limit tests set their own limit."""
    settings.TOLARIA_API_RATE_LIMIT = (0, 60)


@pytest.fixture(autouse=True)
def _fresh_corpus_caches():
    """A worker's caches of card data hold what a test wrote in its transaction: each test starts empty."""
    forget_all()


def pytest_configure(config):
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_Scheduling(), "tolaria-schedule")


class _Scheduling:
    """`--dist loadfile` with the contract tests as one unit and the long files first (tests/_schedule.py)."""

    @pytest.hookimpl(tryfirst=True)
    def pytest_xdist_make_scheduler(self, config, log):
        if config.getvalue("dist") != "loadfile":
            return None
        from _schedule import LongestFirst  # noqa: PLC0415  (imports xdist, present only when it runs)

        return LongestFirst(config, log)
