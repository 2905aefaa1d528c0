"""Screenshots of a deck's card preview (hover at 1280 px, tap at 390 px) and a card saved twice, on a
running Tolaria (see shoot.py for the servers): signs up a new player each run.

    .venv/bin/python tests/browser/screenshots/shoot_deck.py http://127.0.0.1:8500"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).parent
KRENKO = "68418069-f615-40ef-ae0d-764192acae00"


def main(base: str) -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox"])
        for width in (1280, 390):
            touch = width < 600
            context = browser.new_context(
                viewport={"width": width, "height": 844 if touch else 900}, has_touch=touch, is_mobile=touch
            )
            page = context.new_page()
            page.goto(base + "/accounts/signup/")
            page.fill("#id_username", f"shots{int(time.time())}{width}")
            page.fill("#id_password1", "a long enough secret 7")
            page.fill("#id_password2", "a long enough secret 7")
            page.locator("#id_password2").press("Enter")
            page.wait_for_load_state("networkidle")
            page.goto(base + f"/decks/new/?card={KRENKO}")
            page.get_by_role("button", name="Create deck").click()
            page.wait_for_url("**/decks/*/")
            for line in ("4 Lightning Bolt", "Sol Ring", "20 Mountain"):
                page.get_by_role("combobox", name="Card name").fill(line)
                page.get_by_role("combobox", name="Card name").press("Enter")
                page.wait_for_timeout(600)
            link = page.locator("a.card-link", has_text="Lightning Bolt")
            if touch:
                link.tap()
            else:
                link.hover()
            page.wait_for_timeout(500)
            page.screenshot(path=str(HERE / f"deck-preview-{width}.png"))
            print(HERE / f"deck-preview-{width}.png")
            context.close()
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1])
