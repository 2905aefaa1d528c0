"""How big a decklist may be, checked before any parsing (a paste or upload is refused at once, in words)."""

from __future__ import annotations

MAX_LINES = 2_000  # a cube of 1,500 distinct cards still fits; a 100,000-line paste does not
MAX_BYTES = 256 * 1024


class DecklistTooLarge(ValueError):
    """The decklist is over a limit; the message says which and by how much."""


def check_size(text: str) -> None:
    lines = text.count("\n") + 1
    if lines > MAX_LINES:
        raise DecklistTooLarge(
            f"This decklist has {lines:,} lines; an import is at most {MAX_LINES:,} lines. Split it into smaller imports."
        )
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) * 4 > MAX_BYTES else len(text)
    if size > MAX_BYTES:
        raise DecklistTooLarge(
            f"This decklist is {size // 1024:,} KB; an import is at most {MAX_BYTES // 1024:,} KB. "
            "Split it into smaller imports."
        )
