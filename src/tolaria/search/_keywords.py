"""KEYWORDS: the search keywords for the help page, from the family registry."""

from __future__ import annotations

from dataclasses import dataclass

from ._fields import FAMILIES


@dataclass(frozen=True)
class Keyword:
    name: str
    aliases: tuple[str, ...]
    description: str
    example: str


KEYWORDS: list[Keyword] = [
    Keyword(f.names[0], tuple(f.names[1:]), f.description, f.example) for f in FAMILIES if f.names
]
