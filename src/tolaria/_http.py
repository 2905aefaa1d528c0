"""What every download of the core sends: one User-Agent, as Scryfall and MTGJSON ask of API clients."""

from __future__ import annotations

import urllib.request

from tolaria import __version__

USER_AGENT = f"Tolaria/{__version__} (+https://github.com/tolaria-mtg/tolaria)"


def request(url: str, headers: dict[str, str] | None = None) -> urllib.request.Request:
    return urllib.request.Request(url, headers={"User-Agent": USER_AGENT, "Accept": "*/*", **(headers or {})})
