"""Downloading the current data files from their official addresses, resumably.

MTGJSON publishes fixed file names; Scryfall publishes a bulk-data index whose entries name the
current file. A broken download resumes from where it stopped (HTTP Range) on the next try.
"""

from __future__ import annotations

import json
import sys
import urllib.error
import urllib.request
from pathlib import Path

from tqdm import tqdm

from tolaria._http import USER_AGENT, request
from tolaria.errors import DownloadError

__all__ = ["USER_AGENT", "DownloadError", "download", "download_into", "download_mtgjson", "download_scryfall"]

MTGJSON_BASE = "https://mtgjson.com/api/v5/"
MTGJSON_FILES = ("AllPrintings.json.xz", "AllPricesToday.json.xz")
SCRYFALL_BULK_INDEX = "https://api.scryfall.com/bulk-data"
SCRYFALL_KINDS = ("default_cards", "rulings")


def download(url: str, dest: Path, *, progress: bool = True, timeout: float = 60.0, attempts: int = 3) -> Path:
    """Fetch url into dest; a partial dest.part from an earlier try is resumed, not restarted."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    part = dest.with_name(dest.name + ".part")
    last_error: Exception | None = None
    for _ in range(attempts):
        try:
            _fetch(url, part, progress=progress, timeout=timeout)
            part.replace(dest)
            return dest
        except (urllib.error.URLError, TimeoutError, ConnectionError, OSError) as exc:
            last_error = exc
    raise DownloadError(f"could not download {url}: {last_error}")


def download_into(url: str, folder: Path, *, progress: bool = True) -> Path:
    """Fetch url into folder, under the last part of its path (download.json when it has none)."""
    name = url.rstrip("/").rsplit("/", 1)[-1].split("?")[0] or "download.json"
    return download(url, Path(folder) / name, progress=progress)


def _fetch(url: str, part: Path, *, progress: bool, timeout: float) -> None:
    have = part.stat().st_size if part.exists() else 0
    headers = {"Range": f"bytes={have}-"} if have else {}
    try:
        response = urllib.request.urlopen(request(url, headers), timeout=timeout)
    except urllib.error.HTTPError as exc:
        if exc.code == 416 and have:  # the part is already whole
            return
        raise
    with response:
        resumed = response.status == 206
        if not resumed:
            have = 0
        length = response.headers.get("Content-Length")
        total = have + int(length) if length else None
        mode = "ab" if resumed else "wb"
        with (
            open(part, mode) as out,
            tqdm(
                total=total,
                initial=have,
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                desc=part.name.removesuffix(".part"),
                disable=not progress,
                file=sys.stderr,
            ) as bar,
        ):
            while chunk := response.read(1 << 16):
                out.write(chunk)
                bar.update(len(chunk))
        if total is not None and part.stat().st_size < total:
            raise ConnectionError(f"connection closed after {part.stat().st_size} of {total} bytes")


def scryfall_bulk_urls(
    index_url: str = SCRYFALL_BULK_INDEX, kinds: tuple[str, ...] = SCRYFALL_KINDS, timeout: float = 60.0
) -> dict[str, str]:
    """The current download address of each wanted Scryfall bulk file (download_uri, or the newer
    jsonl_download_uri when that is all an entry has)."""
    with urllib.request.urlopen(request(index_url, {"Accept": "application/json"}), timeout=timeout) as response:
        index = json.load(response)
    urls: dict[str, str] = {}
    for entry in index.get("data", []):
        if entry.get("type") in kinds:
            url = entry.get("download_uri") or entry.get("jsonl_download_uri")
            if url:
                urls[entry["type"]] = url
    missing = [k for k in kinds if k not in urls]
    if missing:
        raise DownloadError(f"the Scryfall bulk-data index lists no {', '.join(missing)}")
    return urls


def download_mtgjson(
    folder: Path, *, base: str = MTGJSON_BASE, files: tuple[str, ...] = MTGJSON_FILES, progress: bool = True
) -> list[Path]:
    return [download(base + name, Path(folder) / name, progress=progress) for name in files]


def download_scryfall(folder: Path, *, index_url: str = SCRYFALL_BULK_INDEX, progress: bool = True) -> list[Path]:
    paths = []
    for kind, url in scryfall_bulk_urls(index_url).items():
        name = url.rsplit("/", 1)[-1].split("?")[0] or f"{kind}.json"
        paths.append(download(url, Path(folder) / name, progress=progress))
    # cards before rulings, so the rulings find their cards
    return sorted(paths, key=lambda p: "rulings" in p.name)
