"""Browser tests: a live Tolaria on a free port (the test database with the embedded sample) driven by
Debian's Chromium through Playwright. Run with `make test-browser` (pytest -m browser).

The server is started once per session with Django's LiveServerThread inside the session's database
(the sample is loaded once by tests/conftest.py; ensure_loaded() is a no-op then). pytest-django's own
`live_server` needs `transactional_db`, which empties the tables after every test — the sample would
have to be ingested again for each one.
"""

from __future__ import annotations

import copy
import os
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles.handlers import StaticFilesHandler
from django.db import connections
from django.test.testcases import LiveServerThread
from django.test.utils import override_settings

from tolaria.site.stores import ensure_loaded

from .image_server import ImageServer

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
SHOTS = Path(os.environ.get("TOLARIA_SHOTS", "/tmp/tolaria-shots"))
# Playwright's sync API keeps an event loop in the test thread; Django refuses database calls there unless told.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def image_server():
    """The site's card image host in these tests (tests/browser/image_server.py): the fixture image for
    every printing, a 404 for the ids in `.missing`, no answer for those in `.hanging`. Its port:
    TOLARIA_TEST_IMAGE_PORT, else a free one."""

    server = ImageServer(int(os.environ.get("TOLARIA_TEST_IMAGE_PORT", "0"))).start()
    yield server
    server.stop()


@pytest.fixture
def images(image_server):
    """The image host, with its 404s and hangs cleared after the test."""
    yield image_server
    image_server.missing.clear()
    image_server.hanging.clear()


# How long a page waits for a card image before it draws the card's frame (settings, ms)
IMAGE_TIMEOUT_MS = 1500


@pytest.fixture(scope="session")
def site_url(django_db_setup, django_db_blocker, image_server):
    # the pages' card images come from the local image host (the CSP lets the pages load them)
    csp = copy.deepcopy(settings.CONTENT_SECURITY_POLICY)
    csp["DIRECTIVES"]["img-src"] = ["'self'", "data:", image_server.url]
    images = override_settings(
        TOLARIA_IMAGE_BASE=image_server.url, TOLARIA_IMAGE_TIMEOUT_MS=IMAGE_TIMEOUT_MS, CONTENT_SECURITY_POLICY=csp
    )
    images.enable()
    with django_db_blocker.unblock():
        ensure_loaded()
        shared = {c.alias: c for c in connections.all() if c.vendor == "sqlite" and c.is_in_memory_db()}
        for conn in shared.values():
            conn.inc_thread_sharing()
        thread = LiveServerThread("127.0.0.1", StaticFilesHandler, connections_override=shared, port=0)
        thread.daemon = True
        thread.start()
        thread.is_ready.wait()
        if thread.error:
            raise thread.error
        try:
            yield f"http://127.0.0.1:{thread.port}"
        finally:
            thread.terminate()
            for conn in shared.values():
                conn.dec_thread_sharing()
            images.disable()


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"Chromium is expected at {CHROMIUM}: apt-get install -y chromium")
    from playwright.sync_api import sync_playwright  # noqa: PLC0415  only when a browser test runs (make test-browser)

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(params=[390, 1280], ids=["phone", "desktop"])
def page(request, site_url, browser, image_server):
    width = request.param
    context = browser.new_context(
        viewport={"width": width, "height": 844 if width < 600 else 900}, base_url=site_url, color_scheme="light"
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    external: list[str] = []
    inside = (site_url, image_server.url, "data:")
    page.on("request", lambda r: external.append(r.url) if not r.url.startswith(inside) else None)
    page.width = width
    yield page
    context.close()
    assert not external, f"requests outside the site: {external}"


@pytest.fixture
def shot(page, request):
    """shot("name"): a full-page screenshot to /tmp/tolaria-shots/<name>-<width>.png."""
    SHOTS.mkdir(parents=True, exist_ok=True)

    def take(name: str) -> Path:
        path = SHOTS / f"{name}-{page.width}.png"
        page.screenshot(path=str(path), full_page=True)
        return path

    return take


@pytest.fixture
def touch_page(site_url, browser):
    """A phone with a touch screen and no mouse: hover never happens, taps do."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, base_url=site_url, color_scheme="light", has_touch=True, is_mobile=True
    )
    page = context.new_page()
    page.set_default_timeout(15000)
    page.width = 390
    yield page
    context.close()
