"""The errors a user can fix: a bad file, query, rules text or address. Every front end (the CLI, the
site, the API) reports a `TolariaError` as its one-line message instead of a traceback; the core's
own errors subclass these, so a front end catches the base class, never a list of names."""

from __future__ import annotations


class TolariaError(Exception):
    """A problem with what the user gave, told in one line: what, and where."""


class InputError(TolariaError, ValueError):
    """Input that cannot be read: a data file, a rules text, a query, a mana cost, a model file."""


class DownloadError(TolariaError, RuntimeError):
    """An address that could not be fetched, or did not hold what was expected."""
