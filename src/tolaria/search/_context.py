"""SearchContext: everything a family may consult besides its own term.

While a family reads its value (``prepare``) it may look up the corpus's sets, its formats, which
facets exist and the searching user's lists. The per-card predicate (``matches``) also reads the
corpus as objects — a card's printings, facet data, a memo — from the Reference it was compiled
against. The index's context and the context without a corpus (``explain`` alone) have no Reference.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Set
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tolaria.cards import CardSet

    from ._reference import Reference


class SearchContext:
    __slots__ = ("_reference", "facets", "formats", "sets", "user_lists")

    def __init__(
        self,
        *,
        sets: Mapping[str, CardSet],
        formats: Collection[str] | None,
        facets: Collection[str] | None,
        user_lists: Mapping[str, Set[str]] | None = None,
        reference: Reference | None = None,
    ) -> None:
        self.sets = sets  # by lower-case set code
        self.formats = formats  # None: any format name is taken at its word
        self.facets = facets  # names of the facets present (rule, tag, theme, pred); None: any
        self.user_lists = user_lists  # list name -> oracle ids; None: nobody is logged in
        self._reference = reference

    @classmethod
    def without_corpus(cls) -> SearchContext:
        """For explaining a query with no index at hand: no set is known, every format and facet is."""
        return cls(sets={}, formats=None, facets=None)

    def knows_format(self, name: str) -> bool:
        return self.formats is None or name in self.formats

    def has_facet(self, name: str) -> bool:
        return self.facets is None or name in self.facets

    @property
    def reference(self) -> Reference:
        """The corpus as objects, for the per-card predicates; only a Reference's context has it."""
        if self._reference is None:
            raise RuntimeError("the per-card predicates need a query compiled against a Reference's context")
        return self._reference

    @property
    def has_reference(self) -> bool:
        return self._reference is not None
