"""Card search: Scryfall syntax -> tree -> evaluation over an in-memory columnar index.

    index = build_index(corpus, facets)    # or CardIndex.load(path); index.save(path) writes one file
    result = search(index, "t:creature o:trample c:g mv<=3")
    result = find_cards(index, SearchRequest("t:elf", order="usd", page=2))  # none: a QueryError (NoMatch)
    explain("t:creature o:trample mv<=3")  # "cards that are creatures and whose oracle text contains ..."

How it is built: ``grammar.lark`` (lark, LALR) -> ``_ast`` nodes (``str(node)`` is the canonical query)
-> ``_compile`` binds each term to its field family (``_fields/``: one class per family, registered by
keyword and alias) -> evaluated either by each family's ``matches(card, printing)`` (the plain
specification, over ``Reference``) or by its vectorized ``mask(index)`` (numpy over ``CardIndex``).
Tests hold the two equal. Text search narrows candidates with a trigram index before the exact
substring check or the RE2 regex.
"""

from ._ast import Node
from ._errors import MAX_QUERY_LENGTH, NoMatch, QueryError, QuerySyntaxError, QueryTooLong
from ._facts import DataFacts, facts_of, gap_warnings, missing_format_reason, missing_price_reason
from ._index import FORMAT_VERSION, CardIndex, build_index
from ._keywords import KEYWORDS, Keyword
from ._parser import parse
from ._request import PAGE_SIZE, SearchRequest
from ._search import SearchResult, explain, find_cards, search

__all__ = [
    "FORMAT_VERSION",
    "KEYWORDS",
    "MAX_QUERY_LENGTH",
    "PAGE_SIZE",
    "CardIndex",
    "DataFacts",
    "Keyword",
    "NoMatch",
    "Node",
    "QueryError",
    "QuerySyntaxError",
    "QueryTooLong",
    "SearchRequest",
    "SearchResult",
    "build_index",
    "explain",
    "facts_of",
    "find_cards",
    "gap_warnings",
    "missing_format_reason",
    "missing_price_reason",
    "parse",
    "search",
]
