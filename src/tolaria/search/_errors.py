"""Errors a query can raise: each carries a message a player can read, and the search's warnings."""

from __future__ import annotations

from collections.abc import Sequence

from tolaria.errors import InputError

MAX_QUERY_LENGTH = 1000


class QueryError(InputError):
    """Base class of the errors a search query raises. ``warnings``: what the search said about the
    terms it read before it gave up (an ignored term, a price the data does not carry)."""

    def __init__(self, message: str, warnings: Sequence[str] = ()):
        super().__init__(message)
        self.warnings = list(warnings)


class NoMatch(QueryError):
    """A query that reads well and finds no card, or a page past the last one (Scryfall: a 404)."""


class QuerySyntaxError(QueryError):
    """A query that does not parse: where (0-based ``position``) and what was ``expected`` there."""

    def __init__(self, message: str, query: str, position: int, expected: tuple[str, ...] = ()):
        self.query = query
        self.position = max(0, min(position, len(query)))
        self.expected = tuple(expected)
        self.message = message
        super().__init__(f"{message} at position {self.position + 1}")

    @property
    def caret(self) -> str:
        """The query with a ``^`` under the position of the error."""
        return f"{self.query}\n{' ' * self.position}^"


class QueryTooLong(QueryError):
    """A query longer than MAX_QUERY_LENGTH characters."""

    def __init__(self, length: int, limit: int = MAX_QUERY_LENGTH):
        self.length = length
        self.limit = limit
        super().__init__(f"queries are limited to {limit} characters; this one has {length}")
