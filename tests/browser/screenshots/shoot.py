"""Screenshots of a running Tolaria at 1280 and 390 px, for looking at the pages as a player does.

    .venv/bin/python tests/browser/image_server.py 8591 &          # the test card image for every id
    TOLARIA_IMAGE_BASE=http://127.0.0.1:8591 .venv/bin/tolaria serve --port 8500 &
    .venv/bin/python tests/browser/screenshots/shoot.py http://127.0.0.1:8500 NAME=PATH ...

Each NAME=PATH is saved as tests/browser/screenshots/NAME-<width>.png (full page; with --top, the
first screen only)."""

from __future__ import annotations

import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).parent
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"]


def main(argv: list[str]) -> None:
    top = "--top" in argv
    argv = [a for a in argv if a != "--top"]
    base, shots = argv[0], [a.split("=", 1) for a in argv[1:]]
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=ARGS)
        for width in (1280, 390):
            context = browser.new_context(viewport={"width": width, "height": 844 if width < 600 else 900})
            page = context.new_page()
            for name, path in shots:
                page.goto(base + path)
                page.wait_for_load_state("networkidle")
                page.wait_for_timeout(300)
                out = HERE / f"{name}-{width}.png"
                page.screenshot(path=str(out), full_page=not top)
                print(out)
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
