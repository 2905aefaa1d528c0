"""How big a decklist may be, checked before any parsing (a paste or upload is refused at once, in words)."""

from __future__ import annotations

MAX_LINES = 2_000  # lines naming cards: a cube of 1,500 distinct cards still fits; a 100,000-line paste does not
# beside them, section headings, blank lines and comments (a 1,999-row deck's own export has a few: Tolaria
# reads back every file it writes); the text is refused before parsing past both
MAX_OTHER_LINES = 100
MAX_BYTES = 256 * 1024


class DecklistTooLarge(ValueError):
    """The decklist is over a limit; the message says which and by how much."""


def check_size(text: str) -> None:
    """Refuse, before any parsing, a text over the byte limit or with more lines than MAX_LINES cards and
    MAX_OTHER_LINES others can fill (check_card_lines counts the cards once it is read)."""
    lines = text.count("\n") + 1
    if lines > MAX_LINES + MAX_OTHER_LINES:
        raise DecklistTooLarge(_too_many(lines, "lines"))
    size = len(text.encode("utf-8", "surrogatepass")) if len(text) * 4 > MAX_BYTES else len(text)
    if size > MAX_BYTES:
        raise DecklistTooLarge(
            f"This decklist is {size // 1024:,} KB; an import is at most {MAX_BYTES // 1024:,} KB. "
            "Split it into smaller imports."
        )


def check_card_lines(count: int) -> None:
    """Refuse a decklist read whose lines name more than MAX_LINES cards."""
    if count > MAX_LINES:
        raise DecklistTooLarge(_too_many(count, "lines naming cards"))


def _too_many(count: int, what: str) -> str:
    return (
        f"This decklist has {count:,} {what}; an import is at most {MAX_LINES:,} lines of cards "
        f"(and {MAX_OTHER_LINES} headings, blank lines or comments). Split it into smaller imports."
    )
