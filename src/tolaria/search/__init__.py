"""Card search: Scryfall syntax -> tree -> evaluation over an in-memory columnar index.

index = build_index(corpus)            # or CardIndex.load(path)
result = search(index, "t:creature o:trample c:g mv<=3")
"""

from ._ast import Node
from ._errors import QueryError, QuerySyntaxError, QueryTooLong
from ._index import CardIndex, build_index
from ._keywords import KEYWORDS, Keyword
from ._parser import parse
from ._search import SearchResult, explain, search

__all__ = [
    "KEYWORDS",
    "CardIndex",
    "Keyword",
    "Node",
    "QueryError",
    "QuerySyntaxError",
    "QueryTooLong",
    "SearchResult",
    "build_index",
    "explain",
    "parse",
    "search",
]
