"""The plain per-card evaluation context: the corpus as objects, with a few corpus-wide lookups.

Queries compiled against a Reference evaluate with each family's ``matches(card, printing)``: it is
the readable specification the vectorized index is tested against (and the benchmark baseline).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Hashable, Mapping
from typing import TYPE_CHECKING, TypeVar, cast

from ._compile import asks_languages, eval_card
from ._context import SearchContext

if TYPE_CHECKING:
    from tolaria.cards import Corpus, Printing

    from ._compile import Compiled

T = TypeVar("T")
# facet name (rule, tag, theme, pred) -> oracle id -> the card's terms of that facet, with their weights
Facets = Mapping[str, Mapping[str, Mapping[str, float]]]


def printing_sort_key(p: Printing) -> tuple[str, str, tuple[int, str], str]:
    return (p.released_at or "9999", p.set_code, _cn_key(p.collector_number), p.id)


def _cn_key(cn: str) -> tuple[int, str]:
    digits = "".join(ch for ch in cn if ch.isdigit())
    return (int(digits) if digits else 0, cn)


class Reference:
    def __init__(self, corpus: Corpus, facets: Facets | None = None) -> None:
        # the extras (tokens, emblems) are cards here too, as in the index, and a query finds them
        # only with include:extras (wants_extras), as Scryfall's search does
        self.extra_ids = frozenset(corpus.extras)
        if corpus.extras:
            corpus = corpus.with_extras()
        self.corpus = corpus
        self.cards = corpus.cards
        self.sets = {code.lower(): s for code, s in corpus.sets.items()}
        self.facets = {k: v for k, v in (facets or {}).items()}
        self.data_date = corpus.data_date
        self.order = {pid: i for i, pid in enumerate(corpus.printings)}
        by_card: defaultdict[str, list[Printing]] = defaultdict(list)
        for p in corpus.printings.values():
            by_card[p.oracle_id].append(p)
        self._prints = {k: sorted(v, key=printing_sort_key) for k, v in by_card.items()}
        self.formats = sorted({f for c in corpus.cards.values() for f in c.legalities})
        self._memo: dict[Hashable, object] = {}

    def prints_of(self, oracle_id: str) -> list[Printing]:
        return self._prints.get(oracle_id, [])

    def context(self) -> SearchContext:
        """The context a query is compiled in for the per-card predicates."""
        return SearchContext(sets=self.sets, formats=self.formats, facets=frozenset(self.facets), reference=self)

    def memo(self, key: Hashable, fn: Callable[[], T]) -> T:
        try:
            return cast(T, self._memo[key])  # the value under a key is the one its fn made
        except KeyError:
            value = self._memo[key] = fn()
            return value

    def evaluate(self, compiled: Compiled) -> set[str]:
        """Ids of the printings the compiled query matches, by the per-card predicates."""

        root = compiled.root
        hidden = frozenset() if wants_extras(compiled) else self.extra_ids
        if root is None:  # no condition (every term ignored, or metadata only): as search() answers
            if not compiled.only_meta:
                return set()
            return {pid for pid, p in self.corpus.printings.items() if p.oracle_id not in hidden}
        cards = self.cards
        out = set()
        for p in self.corpus.printings.values():
            card = cards.get(p.oracle_id)
            if card is not None and p.oracle_id not in hidden and eval_card(root, card, p):
                out.add(p.id)
        return out

    def evaluate_lingual(self, compiled: Compiled, *, multilingual: bool = False) -> set[str]:
        """Ids of the printings in every language the compiled query matches, by the per-card
        predicates, by the rule search() answers with (see _search.matching_lingual): with a lang:
        or new:language term, or multilingual, every matching printing; else the English ones that
        match, and only when none does, the printings in other languages that match."""

        root = compiled.root
        hidden = frozenset() if wants_extras(compiled) else self.extra_ids
        every = multilingual or asks_languages(root)
        english: set[str] = set()
        foreign: dict[str, set[str]] = {}
        for p in self.corpus.printings.values():
            card = self.cards.get(p.oracle_id)
            if card is None or p.oracle_id in hidden:
                continue
            for printing in (p, *p.in_languages()):
                parent = None if printing is p else p
                hit = compiled.only_meta if root is None else eval_card(root, card, printing, parent)
                if hit and printing is p:
                    english.add(p.id)
                elif hit:
                    foreign.setdefault(p.oracle_id, set()).add(printing.id)
        if every or not english:
            for ids in foreign.values():
                english |= ids
        return english


def wants_extras(compiled: Compiled) -> bool:
    """Whether a query searches the extras (tokens, emblems, art series cards) too: only with
    include:extras (Scryfall's syntax guide: "include:extras" includes extra cards such as tokens)."""
    return compiled.meta.get("include") == "extras"
