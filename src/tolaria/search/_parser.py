"""Query text -> tree, with the lark grammar in grammar.lark."""

from __future__ import annotations

import functools
import re
from importlib import resources

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from ._ast import And, Exact, Name, Node, Not, Or, Term, make_and, make_or
from ._errors import MAX_QUERY_LENGTH, QuerySyntaxError, QueryTooLong

_TERMINAL_NAMES = {
    "_OR": "'or'",
    "_AND": "'and'",
    "NEG": "'-'",
    "FIELD": "a keyword such as t:",
    "EXACT": "!name",
    "QUOTED": 'a "quoted phrase"',
    "REGEX": "a /regex/",
    "VALUE": "a value",
    "WORD": "a word",
    "LPAR": "'('",
    "RPAR": "')'",
    "$END": "the end of the query",
}


@functools.cache
def _lark() -> Lark:
    text = resources.files(__package__).joinpath("grammar.lark").read_text(encoding="utf-8")
    return Lark(text, parser="lalr", lexer="contextual", propagate_positions=False, maybe_placeholders=False)


def _unquote(text: str) -> str:
    return re.sub(r"\\(.)", r"\1", text[1:-1])


class _ToTree(Transformer[Token, Node | None]):
    def or_expr(self, items: list[Node]) -> Node:
        return make_or(items)

    def and_expr(self, items: list[Node]) -> Node:
        return make_and(items)

    def neg(self, items: list[Node]) -> Node:
        return Not(items[-1])

    def group(self, items: list[Node]) -> Node:
        return items[0]

    def start(self, items: list[Node]) -> Node | None:
        return items[0] if items else None

    @v_args(inline=True)
    def term(self, field: Token, value: tuple[str, str]) -> Node:
        m = re.match(r"([A-Za-z_]+)(.*)", str(field))
        assert m is not None  # the grammar's FIELD token starts with a letter
        return Term(m.group(1).lower(), m.group(2), *value)

    @v_args(inline=True)
    def value(self, tok: Token) -> tuple[str, str]:
        if tok.type == "QUOTED":
            return (_unquote(tok), "text")
        if tok.type == "REGEX":
            return (tok[1:-1], "regex")
        return (str(tok), "text")

    @v_args(inline=True)
    def exact(self, tok: Token) -> Node:
        return _exact(str(tok))

    @v_args(inline=True)
    def name_regex(self, tok: Token) -> Node:
        return Name(tok[1:-1], "regex")

    @v_args(inline=True)
    def name_phrase(self, tok: Token) -> Node:
        return Name(_unquote(tok), "text")

    @v_args(inline=True)
    def name_word(self, tok: Token) -> Node:
        return Name(str(tok), "text")


def _exact(token: str) -> Exact:
    """The node of an EXACT token: ``!name`` or ``!"a name"``."""
    text = token[1:]
    return Exact(_unquote(text) if text.startswith('"') else text)


def _expected(err: UnexpectedInput) -> tuple[str, ...]:
    names = getattr(err, "expected", None) or getattr(err, "allowed", None) or ()
    return tuple(sorted({_TERMINAL_NAMES.get(n, n) for n in names}))


# the grammar's EXACT terminal, alone in the query
_ONLY_EXACT = re.compile(r'\s*(!"(?:[^"\\]|\\.)*"|![^\s()"]+)\s*')
# one FIELD and a plain VALUE, alone in the query ("is:fastland", "t:goblin", "mv<=3"): a value of
# letters, digits and - _ . + * is a VALUE token whatever follows, and never an `or`/`and`
_ONLY_TERM = re.compile(r"\s*([A-Za-z_]+)(<=|>=|!=|:|=|<|>)([A-Za-z0-9_.+*][A-Za-z0-9_.+*-]*)\s*")


def parse(query: str) -> Node:
    """Parse a query into its tree. Raise QueryTooLong or QuerySyntaxError (with position and caret)."""
    if not isinstance(query, str):
        raise TypeError("query must be a string")
    if len(query) > MAX_QUERY_LENGTH:
        raise QueryTooLong(len(query))
    if not query.strip():
        raise QuerySyntaxError("empty query", query, 0, ("a search term",))
    lone = _lone_term(query)
    if lone is not None:
        return lone
    try:
        tree = _lark().parse(query)
        result = _ToTree().transform(tree)
    except RecursionError:
        raise QuerySyntaxError("the query is nested too deeply", query, 0) from None
    except UnexpectedInput as err:
        raise _syntax_error(query, err) from None
    if result is None:
        raise QuerySyntaxError("empty query", query, 0, ("a search term",))
    if _depth(result) > MAX_DEPTH:
        raise QuerySyntaxError(f"the query is nested too deeply (more than {MAX_DEPTH} levels)", query, 0)
    return result


def _lone_term(query: str) -> Node | None:
    """The tree of a query that is one exact name or one plain term, read without the parser (the
    commonest queries: "!fire", then "t:goblin"); None for any other query."""
    only_exact = _ONLY_EXACT.fullmatch(query)
    if only_exact:  # the tree the grammar gives
        return _exact(only_exact.group(1))
    only_term = _ONLY_TERM.fullmatch(query)
    if only_term:  # the tree term() builds
        return Term(only_term.group(1).lower(), only_term.group(2), only_term.group(3))
    return None


def _syntax_error(query: str, err: UnexpectedInput) -> QuerySyntaxError:
    """The parser's complaint as the error a searcher reads: what went wrong, where, what was expected."""
    if isinstance(err, UnexpectedCharacters):
        pos: int = err.pos_in_stream or 0  # lark types it Optional; it is set for this error
        char = query[pos] if pos < len(query) else ""
        what = {'"': "unclosed quote", "/": "unclosed /regex/", ")": "unbalanced ')'"}.get(char, f"unexpected {char!r}")
        return QuerySyntaxError(what, query, pos, _expected(err))
    if isinstance(err, UnexpectedEOF):
        return QuerySyntaxError("unexpected end of query", query, len(query), _expected(err))
    if isinstance(err, UnexpectedToken):
        pos = err.token.start_pos if err.token.start_pos is not None else len(query)
        if err.token.type == "$END":
            pos = len(query)
            what = "unexpected end of query"
        else:
            what = f"unexpected {str(err.token)!r}"
        return QuerySyntaxError(what, query, pos, _expected(err))
    return QuerySyntaxError("invalid query", query, getattr(err, "pos_in_stream", 0) or 0)  # pragma: no cover


MAX_DEPTH = 50


def _depth(node: Node) -> int:
    deepest = 0
    stack = [(node, 1)]
    while stack:
        n, d = stack.pop()
        deepest = max(deepest, d)
        if isinstance(n, Not):
            stack.append((n.child, d + 1))
        elif isinstance(n, (And, Or)):
            stack.extend((c, d + 1) for c in n.children)
    return deepest
