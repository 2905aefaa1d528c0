"""The Comprehensive Rules: parser, rule book, linker (oracle text -> rule spans), version diff.

Never imports Django. Private modules (`_parser`, `_linker`, `_diff`, `_model`) sit behind `__all__`.
Reads oracle text with tolaria.oracle (the layer below): ``shipped_reader()`` is its reader of the
shipped rules' keywords.
"""

import functools

from tolaria.oracle import Reader, reader_for

from ._diff import GlossaryChange, RuleChange, RulesDiff, diff_rulebooks, word_diff
from ._download import CR_LATEST_PAGE, decode_rules, fetch_rules_text, latest_rules_url
from ._linker import Coverage, Linker, Span, keyword_coverage
from ._model import GlossaryEntry, Rule, RuleBook, RuleRef, RulesParseError, normalize_term
from ._parser import find_references, load_rules, parse_rules, shipped_rulebook, shipped_rules_file


@functools.cache
def shipped_reader() -> Reader:
    """The oracle-text reader of the shipped rules' keywords: the one the linker of the shipped rules
    and the tagger share (tolaria.oracle.reader_for keeps one per edition)."""
    return reader_for(shipped_rulebook())


__all__ = [
    "CR_LATEST_PAGE",
    "Coverage",
    "GlossaryChange",
    "GlossaryEntry",
    "Linker",
    "Rule",
    "RuleBook",
    "RuleChange",
    "RuleRef",
    "RulesDiff",
    "RulesParseError",
    "Span",
    "decode_rules",
    "diff_rulebooks",
    "fetch_rules_text",
    "find_references",
    "keyword_coverage",
    "latest_rules_url",
    "load_rules",
    "normalize_term",
    "parse_rules",
    "shipped_reader",
    "shipped_rulebook",
    "shipped_rules_file",
    "word_diff",
]
