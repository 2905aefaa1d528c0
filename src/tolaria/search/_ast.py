"""The query tree. ``str(node)`` is the canonical query text: parse(str(parse(q))) == parse(q)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

_BARE = re.compile(r'[^\s()"!/\-][^\s()"]*\Z')
_BARE_VALUE = re.compile(r'[^\s()"/][^\s()"]*\Z|[^\s()"]*\Z')
_RESERVED = re.compile(r"(?i:or|and)\Z")
_FIELDLIKE = re.compile(r"[A-Za-z_]+(<=|>=|!=|:|=|<|>)")


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _regex(text: str) -> str:
    return "/" + text + "/"


class Node:
    """A node of the query tree."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Term(Node):
    """``keyword op value``; ``kind`` says how the value was written: bare, quoted or regex."""

    keyword: str  # lower case, as typed (an alias is kept as typed)
    op: str  # one of : = != < <= > >=
    value: str
    kind: str = "text"  # text | regex (a quoted and a bare value mean the same)

    def __str__(self) -> str:
        if self.kind == "regex":
            value = _regex(self.value)
        elif (
            not self.value
            or not _BARE_VALUE.match(self.value)
            or self.value.startswith("/")
            # "o<" then "=" would print as the operator "<=" with no value
            or (self.op in ("<", ">") and self.value.startswith("="))
        ):
            value = _quote(self.value)
        else:
            value = self.value
        return f"{self.keyword}{self.op}{value}"


@dataclass(frozen=True, slots=True)
class Name(Node):
    """A bare word, a quoted phrase or a /regex/ without a keyword: the card name."""

    value: str
    kind: str = "text"  # text | regex

    def __str__(self) -> str:
        if self.kind == "regex":
            return _regex(self.value)
        if not _BARE.match(self.value) or _RESERVED.match(self.value) or _FIELDLIKE.match(self.value):
            return _quote(self.value)
        return self.value


@dataclass(frozen=True, slots=True)
class Exact(Node):
    """``!name``: the card whose name is exactly this."""

    value: str

    def __str__(self) -> str:
        if _BARE.match(self.value) and not self.value.startswith("/"):
            return "!" + self.value
        return "!" + _quote(self.value)


@dataclass(frozen=True, slots=True)
class Not(Node):
    child: Node

    def __str__(self) -> str:
        inner = str(self.child)
        if isinstance(self.child, (And, Or)):
            inner = f"({inner})"
        return "-" + inner


@dataclass(frozen=True, slots=True)
class And(Node):
    children: tuple[Node, ...]

    def __str__(self) -> str:
        return " ".join(f"({c})" if isinstance(c, (Or, And)) else str(c) for c in self.children)


@dataclass(frozen=True, slots=True)
class Or(Node):
    children: tuple[Node, ...]

    def __str__(self) -> str:
        return " or ".join(f"({c})" if isinstance(c, Or) else str(c) for c in self.children)


def make_and(children: Iterable[Node]) -> Node:
    flat: list[Node] = []
    for c in children:
        flat.extend(c.children if isinstance(c, And) else (c,))
    return flat[0] if len(flat) == 1 else And(tuple(flat))


def make_or(children: Iterable[Node]) -> Node:
    flat: list[Node] = []
    for c in children:
        flat.extend(c.children if isinstance(c, Or) else (c,))
    return flat[0] if len(flat) == 1 else Or(tuple(flat))


def walk(node: Node) -> Iterator[Node]:
    yield node
    if isinstance(node, (And, Or)):
        for c in node.children:
            yield from walk(c)
    elif isinstance(node, Not):
        yield from walk(node.child)
