"""Facets from outside the card data: rule:, tag:, theme:, pred:.

The index builder takes ``facets``: facet name -> oracle_id -> {term: weight}. Without the facet the
keyword answers with a warning "... is unavailable" and is ignored.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, ClassVar

import numpy as np

from .._text import fold
from ._base import OP_WORDS, Family, Ignored, compare, number, register

if TYPE_CHECKING:
    from collections.abc import Mapping, Sequence

    from tolaria.cards import Card, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns


class FacetFamily(Family):
    topic = "facets"
    facet = ""
    ops: ClassVar[tuple[str, ...]] = (":", "=", "!=")
    default_threshold = 0.0  # a term matches when its weight is above this (strictly, for 0)

    def prepare(self) -> None:
        if not self.ctx.has_facet(self.facet):
            raise Ignored(f"{self.keyword}: {self.facet} data is unavailable")
        self.term = fold(self.value)
        self.threshold_op, self.threshold = (">", 0.0)

    def term_matches(self, term: str) -> bool:
        """A tag id ("theme:lifegain") matches its whole self or its name after the group prefix
        ("lifegain"), so `theme:lifegain` and `tag:theme:lifegain` find the same cards."""
        folded = fold(term)
        return folded == self.term or folded.partition(":")[2] == self.term

    def weight_ok(self, w: float) -> bool:
        return bool(compare(w, self.threshold_op, self.threshold))

    def holds(self, card: Card, printing: Printing) -> bool:
        terms = self.ctx.reference.facets[self.facet].get(card.oracle_id, {})
        return any(self.term_matches(t) and self.weight_ok(w) for t, w in terms.items())

    def card_holds(self, index: CardIndex) -> np.ndarray:
        table = index.cols["facet_" + self.facet]
        m = np.zeros(index.n_cards, bool)
        for term in index.cols["facet_terms_" + self.facet].get(self.term[:3], ()):
            if self.term_matches(term):
                ids, weights = table[term]
                m[ids[compare(weights, self.threshold_op, self.threshold)]] = True
        return m

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        data = ref.facets.get(cls.facet)
        if data is None:
            return
        cls.build_columns(data, [c.oracle_id for c in cards], cols)

    @classmethod
    def build_columns(cls, data: Mapping[str, Mapping[str, float]], oracle_ids: Sequence[str], cols: Columns) -> None:
        """The facet's columns (term -> card rows and weights, and the terms by their first letters)
        for the cards in row order `oracle_ids`."""
        pos = {oid: i for i, oid in enumerate(oracle_ids)}
        table: dict[str, tuple[list[int], list[float]]] = {}
        for oid, terms in data.items():
            i = pos.get(oid)
            if i is None:
                continue
            for t, w in terms.items():
                ids, ws = table.setdefault(t, ([], []))
                ids.append(i)
                ws.append(float(w))
        cols["facet_" + cls.facet] = {
            t: (np.asarray(i, np.int32), np.asarray(w, np.float64)) for t, (i, w) in table.items()
        }
        prefixes: dict[str, list[str]] = {}
        for t in table:
            folded = fold(t)
            for key in {folded[:3], folded.partition(":")[2][:3]} - {""}:  # the whole id and its name part
                prefixes.setdefault(key, []).append(t)
        cols["facet_terms_" + cls.facet] = prefixes

    def explain_holds(self) -> str:
        what = {"tag": "tagged", "theme": "with the theme"}.get(self.facet, self.facet)
        return f"{what} {self.value!r}"


@register
class RuleFamily(FacetFamily):
    names = ("rule",)
    description = "Cards whose text links to this Comprehensive Rules number or its subrules (rule:702.19)."
    example = "rule:702.19"
    facet = "rule"

    def prepare(self) -> None:
        super().prepare()
        if not re.fullmatch(r"\d{1,3}(\.\d+[a-z]?)?\.?", self.term):
            raise self.unknown("rule number")
        self.term = self.term.rstrip(".")

    def term_matches(self, term: str) -> bool:
        t = fold(term).rstrip(".")
        if not t.startswith(self.term):
            return False
        rest = t[len(self.term) :]
        return rest == "" or not rest[0].isdigit()

    def card_holds(self, index: CardIndex) -> np.ndarray:
        table = index.cols["facet_" + self.facet]
        m = np.zeros(index.n_cards, bool)
        for term in index.cols["facet_terms_" + self.facet].get(self.term[:3], ()):
            if self.term_matches(term):
                ids, weights = table[term]
                m[ids[weights > 0]] = True
        return m

    def explain_holds(self) -> str:
        return f"whose text links to rule {self.term}"

    def explain_negated(self) -> str:
        return f"whose text does not link to rule {self.term}"


@register
class TagFamily(FacetFamily):
    names = ("tag", "otag", "oracletag", "function")
    description = "Ability tags: what the card's text does (tag:removal)."
    example = "tag:removal"
    facet = "tag"


@register
class ThemeFamily(FacetFamily):
    names = ("theme",)
    description = "Inferred themes: what the card is about (theme:tokens)."
    example = "theme:graveyard"
    facet = "theme"


@register
class PredFamily(FacetFamily):
    names = ("pred", "predicted")
    description = "Predicted tags (a model's guess): pred:removal (confidence >= 0.5) or pred>=0.8:removal."
    example = "pred>=0.8:removal"
    facet = "pred"
    ops = (":", "=", "!=", "<", "<=", ">", ">=")

    def prepare(self) -> None:
        if not self.ctx.has_facet(self.facet):
            raise Ignored(f"{self.keyword}: predicted tags are unavailable")
        threshold, sep, term = self.value.partition(":")
        if self.op in (":", "=", "!=") or not sep:
            if self.op not in (":", "=", "!="):
                raise self.unknown("threshold:tag")
            self.term = fold(self.value)
            self.threshold_op, self.threshold = (">=", 0.5)
            return
        t = number(threshold)
        if t is None or not term:
            raise self.unknown("threshold:tag")
        self.term = fold(term)
        self.threshold_op, self.threshold = (self.op, t)
        self.op = ":"

    def explain_holds(self) -> str:
        return f"predicted {self.term!r} with a confidence that {OP_WORDS[self.threshold_op]} {self.threshold:g}"


@register
class UnavailableFamily(Family):
    """Keywords of Scryfall's guide whose data Tolaria does not have: a clear warning, not "unknown keyword"."""

    names = ("cube", "art", "atag", "arttag")
    description = (
        "Cube lists (cube:) and art tags (art:, atag:) are in Scryfall's syntax; their data is not in Tolaria's."
    )
    example = "cube:vintage"
    topic = "facets"
    what = {"cube": "cube lists", "art": "art tags", "atag": "art tags", "arttag": "art tags"}

    def prepare(self) -> None:
        raise Ignored(f"{self.keyword}: {self.what[self.keyword]} are unavailable")
