"""Query tree -> condition tree (families bound to their values), warnings and query metadata."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Union

import numpy as np

from ._ast import And, Exact, Name, Node, Not, Or, Term
from ._context import SearchContext
from ._fields import Family, Ignored, lookup
from ._fields.meta import MetaFamily
from ._fields.text import ExactName, NameFamily

if TYPE_CHECKING:
    from tolaria.cards import Card, Printing

    from ._index import CardIndex

# the condition tree: families bound to their values under and/or/not; a Described leaf only in a
# tree compiled for explaining without an index (lenient)
Cond = Union["CAnd", "COr", "CNot", Family, "Described"]


@dataclass
class Compiled:
    root: Cond | None  # condition tree; None when every term was ignored
    warnings: list[str] = field(default_factory=list)
    meta: dict[str, str] = field(default_factory=dict)
    only_meta: bool = False


class CAnd:
    __slots__ = ("children",)

    def __init__(self, children: Sequence[Cond]) -> None:
        self.children = children


class COr:
    __slots__ = ("children",)

    def __init__(self, children: Sequence[Cond]) -> None:
        self.children = children


class CNot:
    __slots__ = ("child",)

    def __init__(self, child: Cond) -> None:
        self.child = child


class Described:
    """(explain without an index) a known keyword whose value could not be checked: shown as typed."""

    def __init__(self, family: type[Family], op: str, value: str) -> None:
        self.text = family.explain_unchecked(op, value)

    def explain(self) -> str:
        return self.text


def compile_query(tree: Node, ctx: SearchContext, *, lenient: bool = False) -> Compiled:
    """The query's tree as conditions a card is checked against, the settings its metadata keywords
    give (order:, unique:, …) and a warning for each term left out. lenient (explain without an index):
    a term whose value only the corpus could check is shown as typed instead."""
    query = _Compiling(ctx, lenient=lenient)
    out = query.out
    out.root = query.condition(tree)
    out.only_meta = not query.saw_condition
    if out.root is None and query.saw_condition:
        out.warnings.append("all of the terms of the query were ignored")
    return out


class _Compiling:
    """One query being compiled: what it has found so far."""

    def __init__(self, ctx: SearchContext, *, lenient: bool) -> None:
        self.ctx = ctx
        self.lenient = lenient
        self.out = Compiled(None)
        self.saw_condition = False  # a term that is no metadata keyword (even one left out)

    def condition(self, node: Node) -> Cond | None:
        """The condition of one node of the tree; None when nothing of it is left to check."""
        if isinstance(node, And):
            kids = self._conditions(node.children)
            return None if not kids else kids[0] if len(kids) == 1 else CAnd(kids)
        if isinstance(node, Or):
            kids = self._conditions(node.children)
            return None if not kids else kids[0] if len(kids) == 1 else COr(kids)
        if isinstance(node, Not):
            kid = self.condition(node.child)
            return None if kid is None else CNot(kid)
        if isinstance(node, Name):
            self.saw_condition = True
            return self._family(NameFamily, "name", ":", node.value, node.kind)
        if isinstance(node, Exact):
            self.saw_condition = True
            return self._family(ExactName, "!", ":", node.value, "text")
        assert isinstance(node, Term)
        return self._term(node)

    def _conditions(self, nodes: Iterable[Node]) -> list[Cond]:
        return [k for k in (self.condition(c) for c in nodes) if k is not None]

    def _term(self, node: Term) -> Cond | None:
        """A keyword term: a condition, or a metadata keyword's setting (then None)."""
        family = lookup(node.keyword)
        if family is None:
            self.out.warnings.append(f"unknown keyword {node.keyword!r}: the term {node} was ignored")
            self.saw_condition = True
            return None
        if family.metadata:
            try:
                inst = family(node.keyword, node.op, node.value, node.kind, self.ctx)
            except Ignored as err:
                self.out.warnings.append(f"{err}: the term was ignored")
                return None
            assert isinstance(inst, MetaFamily)  # the metadata families are MetaFamily's
            self.out.meta[family.names[0]] = inst.setting
            return None
        self.saw_condition = True
        return self._family(family, node.keyword, node.op, node.value, node.kind)

    def _family(self, family: type[Family], keyword: str, op: str, value: str, kind: str) -> Family | Described | None:
        try:
            return family(keyword, op, value, kind, self.ctx)
        except Ignored as err:
            if self.lenient and family.needs_corpus and op in family.ops:
                return Described(family, op, value)
            self.out.warnings.append(f"{err}: the term was ignored")
            return None


def eval_card(node: Cond, card: Card, printing: Printing, english: Printing | None = None) -> bool:
    """The per-card evaluation: each family's plain predicate. ``english``: for a printing in another
    language, the English printing it translates, which the families that are not ``lingual`` read."""
    if isinstance(node, CAnd):
        return all(eval_card(c, card, printing, english) for c in node.children)
    if isinstance(node, COr):
        return any(eval_card(c, card, printing, english) for c in node.children)
    if isinstance(node, CNot):
        return not eval_card(node.child, card, printing, english)
    leaf = _evaluable(node)
    return bool(leaf.matches(card, printing if english is None or leaf.lingual else english))


def _evaluable(node: Family | Described) -> Family:
    """A leaf of a tree compiled for evaluation: a family (Described leaves are for explaining only)."""
    assert isinstance(node, Family), node
    return node


def cost(node: Cond) -> int:
    if isinstance(node, (CAnd, COr)):
        return max(cost(c) for c in node.children)
    if isinstance(node, CNot):
        return cost(node.child)
    return _evaluable(node).cost


def eval_mask(node: Cond, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
    """The vectorized evaluation: a boolean array over the index's printings.

    ``within`` is a hint (the printings still possible): the answer is exact inside it, and may be
    anything outside it. An AND evaluates its cheap terms first and hands their result to the costly ones
    (text search), so that they check fewer candidates.
    """
    if isinstance(node, CAnd):
        children = sorted(node.children, key=cost)
        m = eval_mask(children[0], index, within).copy()
        for c in children[1:]:
            m &= eval_mask(c, index, m)
        return m
    if isinstance(node, COr):
        m = eval_mask(node.children[0], index, within).copy()
        for c in node.children[1:]:
            m |= eval_mask(c, index, within)
        return m
    if isinstance(node, CNot):
        return ~eval_mask(node.child, index, within)
    leaf = _evaluable(node)
    m = leaf.mask(index, within) if leaf.uses_within else leaf.mask(index)
    assert m.dtype == bool and m.shape == (index.n_printings,), (node, m.dtype, m.shape)
    return m


def eval_lingual(node: Cond, index: CardIndex) -> tuple[np.ndarray, np.ndarray]:
    """The vectorized evaluation over the printings in every language: (a mask over the index's
    English printings, as eval_mask's; a mask over its printings in other languages). A ``lingual``
    family answers the printings in other languages itself; any other answers each as it answers the
    English printing it translates."""
    if isinstance(node, (CAnd, COr)):
        pairs = [eval_lingual(c, index) for c in node.children]
        en, fo = pairs[0][0].copy(), pairs[0][1].copy()
        for e, f in pairs[1:]:
            if isinstance(node, CAnd):
                en &= e
                fo &= f
            else:
                en |= e
                fo |= f
        return en, fo
    if isinstance(node, CNot):
        en, fo = eval_lingual(node.child, index)
        return ~en, ~fo
    leaf = _evaluable(node)
    en = leaf.mask(index)
    if leaf.lingual:  # handed its positive English answer, not to search it again
        fo = leaf.foreign_mask(index, ~en if leaf.negated else en)
    else:
        fo = en[index.foreign_parent]
    assert fo.dtype == bool and fo.shape == (index.n_foreign,), (node, fo.dtype, fo.shape)
    return en, fo


def has_family(node: Cond | None, family: type[Family]) -> bool:
    """Whether a term of this family is in the tree."""
    return any_leaf(node, lambda leaf: isinstance(leaf, family))


def any_leaf(node: Cond | None, test: Callable[[Family | Described], bool]) -> bool:
    if isinstance(node, (CAnd, COr)):
        return any(any_leaf(c, test) for c in node.children)
    if isinstance(node, CNot):
        return any_leaf(node.child, test)
    return node is not None and test(node)


def asks_languages(node: Cond | None) -> bool:
    """Whether the query asks about languages (lang:, new:language): then it searches the printings
    in every language, and every one that matches is an answer."""
    return any_leaf(node, lambda leaf: bool(getattr(leaf, "asks_languages", False)))


def explain_node(node: Cond) -> str:
    if isinstance(node, CAnd):
        return " and ".join(explain_node(c) for c in node.children)
    if isinstance(node, COr):
        return "(" + " or ".join(explain_node(c) for c in node.children) + ")"
    if isinstance(node, CNot):
        inner = explain_node(node.child)
        return "not " + (inner if inner.startswith("(") or not isinstance(node.child, (CAnd, CNot)) else f"({inner})")
    return node.explain()
