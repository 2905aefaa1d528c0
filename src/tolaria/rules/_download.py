"""The current edition of the Comprehensive Rules, from Wizards' rules page: the page links the .txt."""

from __future__ import annotations

import re
import urllib.error
import urllib.parse
import urllib.request

from tolaria._http import request
from tolaria.errors import DownloadError

CR_LATEST_PAGE = "https://magic.wizards.com/en/rules"

_TXT_LINK = re.compile(r"""href\s*=\s*["']([^"']+?\.txt)(?:\?[^"']*)?["']""", re.IGNORECASE)


def latest_rules_url(page_url: str | None = None, timeout: float = 60.0) -> str:
    """The address of the current Comprehensive Rules .txt, read from Wizards' rules page."""
    page_url = page_url or CR_LATEST_PAGE
    try:
        with urllib.request.urlopen(request(page_url), timeout=timeout) as response:
            html = response.read().decode("utf-8", "replace")
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        raise DownloadError(f"could not read the rules page {page_url}: {exc}") from None
    links: list[str] = _TXT_LINK.findall(html)
    if not links:
        raise DownloadError(f"no link to a .txt file on {page_url}")
    # the page has linked other .txt files beside the rules; the rules' name says comprules
    preferred = [link for link in links if "comprules" in link.lower().replace("%20", "").replace(" ", "")]
    return urllib.parse.urljoin(page_url, (preferred or links)[0])


def fetch_rules_text(url: str, timeout: float = 120.0) -> str:
    try:
        with urllib.request.urlopen(request(url), timeout=timeout) as response:
            raw = response.read()
    except (urllib.error.URLError, TimeoutError, ConnectionError) as exc:
        raise DownloadError(f"could not download {url}: {exc}") from None
    return decode_rules(raw)


def decode_rules(raw: bytes) -> str:
    """Wizards has published the rules as UTF-8 (with or without BOM) and as Windows-1252."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("cp1252", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")
