"""Commands over search, rules, tags and knowledge, kept apart from the data commands in cli.py."""

from __future__ import annotations


def register(sub, command, CommandError, django_setup, migrate) -> None:  # noqa: N803
    pass
