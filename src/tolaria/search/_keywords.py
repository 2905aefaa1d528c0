"""KEYWORDS: the search keywords for the help page, from the family registry."""

from __future__ import annotations

from dataclasses import dataclass

from ._fields import FAMILIES

HELP_ORDER = [
    "name",
    "o",
    "fo",
    "t",
    "m",
    "mv",
    "c",
    "id",
    "pow",
    "tou",
    "pt",
    "loy",
    "def",
    "kw",
    "r",
    "s",
    "st",
    "b",
    "cn",
    "f",
    "banned",
    "restricted",
    "is",
    "has",
    "usd",
    "eur",
    "tix",
    "cheapest",
    "a",
    "ft",
    "wm",
    "border",
    "frame",
    "stamp",
    "game",
    "year",
    "date",
    "lang",
    "new",
    "in",
    "prints",
    "sets",
    "artists",
    "produces",
    "devotion",
    "rule",
    "tag",
    "theme",
    "pred",
    "unique",
    "order",
    "dir",
    "prefer",
    "include",
    "display",
]


@dataclass(frozen=True)
class Keyword:
    name: str  # canonical keyword
    aliases: tuple[str, ...]
    description: str  # one line
    example: str  # a query that uses it


def _rank(family) -> int:
    name = family.names[0]
    return HELP_ORDER.index(name) if name in HELP_ORDER else len(HELP_ORDER)


KEYWORDS: list[Keyword] = [
    Keyword(f.names[0], tuple(f.names[1:]), f.description, f.example)
    for f in sorted((f for f in FAMILIES if f.names), key=_rank)
]
