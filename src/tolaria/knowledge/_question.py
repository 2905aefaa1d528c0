"""Is this a question (or a sentence) for the knowledge search, or a card name / card search syntax?

Players type "If my creature with deathtouch and trample is blocked, how much damage has to go to the
blocker?" into the same box as ``t:creature o:trample`` and "Lightning Bolt". A question mark, a question
word at the start, or a sentence of several words with sentence glue ("the", "if", "my", ...) makes a
question, even when it also holds ":" or "/" ("Trample + Deathtouch: I was told ..."). Card syntax is a
``field:value`` or ``field>=value`` term with a field the card search knows, or a bare operator word;
a short phrase with neither is plain words (a card name, a keyword) and is not a question.
"""

from __future__ import annotations

import re

from ._text import fold

# The card search's field names (Scryfall's syntax guide); "o:trample" is syntax, "Trample:" is not.
SEARCH_FIELDS = frozenset(
    """
    a art artist artists atag arttag banned block border c cheapest cmc co collector color commander
    cube date devotion e edition f flavor format frame fo ft function game has id identity in is
    keyword kw l lang language legal loy loyalty m mana manavalue mv name new not number o old oracle
    otag oracleid order pow power powtou prefer produces pt r rarity restricted s set sort st t tix
    tou toughness type unique usd eur view watermark wm year
    """.split()  # noqa: SIM905 (a word list reads better as words)
)
_QUESTION_WORDS = frozenset(
    """
    what whats how when where who which why whether does do did can could would should shall will is are
    am was were if may might must has have had
    """.split()  # noqa: SIM905 (a word list reads better as words)
)
_GLUE = frozenset(
    """
    the a an if my your his her their its i you we they he she it is are was were to of and or but
    when then than that this these those with without from into onto does do did can could would
    should will has have had be been being get gets there here what which who how why
    """.split()  # noqa: SIM905 (a word list reads better as words)
)
_SYNTAX_TERM = re.compile(r"(?:^|[\s(])-?([a-z]+)(?::|!=|<=|>=|<|>|=)(?=\S)")
# a whole term with its value (quoted, a /regex/ or a bare word), cut out before the words are read
_SYNTAX_TERM_WITH_VALUE = re.compile(
    r"(?:^|(?<=[\s(]))-?([a-z]+)(?::|!=|<=|>=|<|>|=)(?:\"[^\"]*\"?|/(?:[^/\\]|\\.)*/?|[^\s()]+)"
)
# the card search's own operators, which read as sentence glue only between words of prose
_OPERATORS = frozenset({"or", "and", "not"})
_WORD = re.compile(r"[a-z0-9']+")


def syntax_fields(text: str) -> list[str]:
    """The card search fields ``text`` uses (``t:creature o:trample`` -> ``["t", "o"]``)."""
    return [m.group(1) for m in _SYNTAX_TERM.finditer(fold(text)) if m.group(1) in SEARCH_FIELDS]


def is_question(text: str) -> bool:
    """Whether ``text`` reads as a question or a sentence rather than a card name or card search syntax."""
    folded = fold(text or "").strip()
    if not _WORD.search(folded):
        return False
    if folded.endswith("?"):
        return True
    words = _prose_words(folded)
    if words and words[0] in _QUESTION_WORDS and len(words) >= 3:
        return True
    return _reads_as_sentence(words) or _states_a_rule(words)


def _prose_words(folded: str) -> list[str]:
    """The words of ``folded`` outside its card search terms: ``is:split or t:land`` has none, since its
    "is" is a field and its "or" an operator, not the start of a question."""
    if not syntax_fields(folded):
        return _WORD.findall(folded)
    prose = _SYNTAX_TERM_WITH_VALUE.sub(lambda m: " " if m.group(1) in SEARCH_FIELDS else m.group(0), folded)
    return [w for w in _WORD.findall(prose) if w not in _OPERATORS]


# a verb said not to happen makes a statement about the rules ("Flashback doesn't give sorceries flash")
_NEGATION = re.compile(r"n't$|^(?:cannot|never)$")


def _states_a_rule(words: list[str]) -> bool:
    return len(words) >= 4 and any(_NEGATION.search(w) for w in words)


def _reads_as_sentence(words: list[str]) -> bool:
    glue = sum(w in _GLUE for w in words)
    return len(words) >= 6 and glue >= 2 or len(words) >= 4 and glue >= 2 and glue * 3 >= len(words)


# a sentence ends at ".", "!" or "?" before a space (not inside "X=4.5" or "e.g." followed by a lower-case word)
_SENTENCE_END = re.compile(r"(?<=[.!?])[\"”)\]]*\s+(?=[\"“(\[]?[A-Z0-9])")


def asking_part(text: str) -> str:
    """The sentences of a player's question that ask (those ending in "?"), when the question also tells a
    story around them: "... Cast Enlarge targeting your menace creature. Attack with both. Does the opponent
    have to block ... with both of their creatures?" asks the last sentence. "" when every sentence asks, or
    none does (a statement, "Is this right?" alone says what is asked no better than the story)."""
    return " ".join(asking_sentences(text))


def asking_sentences(text: str) -> tuple[str, ...]:
    """The asking sentences of ``asking_part``, each apart; () when there are none to tell from a story."""
    parts = [p.strip() for p in _SENTENCE_END.split((text or "").strip()) if p.strip()]
    asking = [p for p in parts if p.rstrip('"”)]').endswith("?") and len(_WORD.findall(fold(p))) > _BARE_ASK]
    if not asking or len(asking) == len(parts):
        return ()
    return tuple(asking)


_BARE_ASK = 4  # "Is this right?", "Who's right here?", "What's that all about?": no words of the rules
