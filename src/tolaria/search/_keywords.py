"""KEYWORDS: the search keywords for the help page, from the family registry, topic by topic."""

from __future__ import annotations

from dataclasses import dataclass

from ._fields import help_order


@dataclass(frozen=True)
class Keyword:
    name: str  # canonical keyword
    aliases: tuple[str, ...]
    description: str  # one line
    example: str  # a query that uses it


KEYWORDS: list[Keyword] = [Keyword(f.names[0], tuple(f.names[1:]), f.description, f.example) for f in help_order()]
