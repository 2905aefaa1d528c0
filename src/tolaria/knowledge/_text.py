"""Text normalisation for Magic text: the tokens the lexical ranker indexes and the excerpts hits show.

Lower case, curly quotes and dashes folded, possessives dropped, hyphenated words split, plural ``s``
and a few irregular forms the rules use often (dies/died → die) — the light stem (``stem``, readable:
the syntax suggestions write it back) — and then the Snowball English stemmer, so the forms of a verb
meet ("activated", "activating" and "activate"; "equipped" and "equip"), which the light stem alone
missed. Game words that Snowball would merge with another game word keep their light stem
("planeswalker" is not "planeswalk", "defender" not "defending"). Rule numbers (``702.19b``) stay
whole so a query for a number finds the rule.

Players ask in sentences ("Does it still deal damage if I have to ...?"), so the words that only make a
sentence a question (question words, auxiliaries, pronouns) are stop words too, and "does"/"goes"
stem to "do"/"go" (not "doe"). Words that carry rules meaning
even though common ("no", "not", "each", "all", "any", "other", "first", ...) are kept.
"""

from __future__ import annotations

import html
import re
import unicodedata
from functools import lru_cache

import Stemmer
from bm25s.stopwords import STOPWORDS_EN

_FOLD = str.maketrans(
    {
        "\u2018": "'",
        "\u2019": "'",
        "\u201c": '"',
        "\u201d": '"',
        "\u2014": " ",
        "\u2013": " ",
        "\u2212": "-",
        "\u00e6": "ae",
        "\u00c6": "ae",
    }
)
_TOKEN = re.compile(r"\d{3}\.\d+[a-z]?|\d+|[a-z]+(?:'[a-z]+)?")
# Words kept although common English: they carry meaning in rules text.
_KEEP = {"all", "each", "not", "no", "any", "other", "another", "under", "over", "up", "down", "off", "first", "only"}
# Words that only make a sentence a question or a statement about the asker; none is rules vocabulary.
_SENTENCE_WORDS = set(
    """
    what whats how when where who whom whose which why whether
    do does did doing done can could would should shall may might must need needs
    has have had having am were been being get gets got getting
    i im ive me my mine myself you your yours yourself we us our ours he him his she her hers
    they them its itself theirs those
    so than too very just also really still even ever only about like want wants wanted
    happen happens happened happening work works working way thing things
    mtg magic gathering question questions please thanks know
    """.split()  # noqa: SIM905 (a word list reads better as words)
)
STOPWORDS = frozenset(w for w in STOPWORDS_EN if w not in _KEEP) | {"s", "t"} | frozenset(_SENTENCE_WORDS - _KEEP)
_IRREGULAR = {
    "dies": "die",
    "died": "die",
    "dying": "die",
    "lives": "life",
    "draws": "draw",
    "drew": "draw",
    "drawn": "draw",
    "dealt": "deal",
    "copies": "copy",
    "enters": "enter",
    "entered": "enter",
    "entering": "enter",
    "attacking": "attack",
    "attacked": "attack",
    "attacks": "attack",
    "attacker": "attack",
    "attackers": "attack",
    "blocking": "block",
    "blocked": "block",
    "blocks": "block",
    "blocker": "block",
    "blockers": "block",
    "countered": "counter",
    "sacrificed": "sacrifice",
    "destroyed": "destroy",
    "exiled": "exile",
    "tapped": "tap",
    "untapped": "untap",
    "discarded": "discard",
    "milled": "mill",
    "returned": "return",
    "cast": "cast",
    "casting": "cast",
    "gained": "gain",
    "gaining": "gain",
    "lost": "lose",
    "losing": "lose",
    "wins": "win",
    "won": "win",
    "does": "do",
    "goes": "go",
    "has": "have",
    "was": "be",
}
_NO_PLURAL = ("ss", "us", "is", "ous")
# game words Snowball would merge with another game word: "planeswalker" with the keyword action
# "planeswalk" (701.31, Planechase), "defender" with "defending player"
_OWN_STEM = frozenset({"planeswalker", "defender"})
_SNOWBALL = Stemmer.Stemmer("english")


def fold(text: str) -> str:
    """Lower case with curly quotes, dashes and ligatures folded to plain ASCII-ish text."""
    if text.isascii():  # most text: nothing to fold but case
        return text.lower()
    text = unicodedata.normalize("NFKC", text).translate(_FOLD).lower()
    return "".join(c for c in unicodedata.normalize("NFKD", text) if not unicodedata.combining(c))


def stem(word: str) -> str:
    """The light stem of one folded word."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if "'" in word:  # possessives and contractions: creature's -> creature, can't -> can't
        head, _, tail = word.partition("'")
        if tail == "s":
            word = head
        else:
            return word
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 4 and word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if len(word) > 3 and word.endswith("s") and not word.endswith(_NO_PLURAL):
        return word[:-1]
    return word


@lru_cache(maxsize=1 << 16)
def index_stem(word: str) -> str:
    """The token of one folded word: its light stem, then Snowball's (numbers and contractions as they are)."""
    light = stem(word)
    if light in _OWN_STEM or not light.isalpha():
        return light
    stemmed: str = _SNOWBALL.stemWord(light)  # PyStemmer ships no types
    return stemmed


def tokenize(text: str, *, stopwords: bool = True) -> list[str]:
    """The lexical tokens of a text (what BM25 indexes and queries)."""
    return [index_stem(word) for word in _words(text, stopwords=stopwords)]


def light_tokenize(text: str) -> list[str]:
    """The light stems of the words ``tokenize`` keeps, one for one: "equipment" stays "equipment" where
    ``tokenize`` gives "equip", as for "equip"."""
    return [stem(word) for word in _words(text, stopwords=True)]


def text_words(text: str) -> list[str]:
    """The folded words of a text, stop words too, before any stemming."""
    return _words(text, stopwords=False)


def _words(text: str, *, stopwords: bool) -> list[str]:
    folded = fold(text).replace("-", " ").replace("/", " ")
    return [w for w in (m.group() for m in _TOKEN.finditer(folded)) if not (stopwords and w in STOPWORDS)]


_NUMBER_WORDS = dict(
    enumerate(
        """
        zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen
        seventeen eighteen nineteen twenty
        """.split()  # noqa: SIM905 (a word list reads better as words)
    )
) | {30: "thirty", 40: "forty", 50: "fifty"}
# a figure standing alone: not a mana symbol ({2}), a power and toughness (2/2, +1/+1) or a rule number (613.7)
_FIGURE = re.compile(r"(?<![\w/+{.-])(\d{1,2})(?![\w/}]|\.\d)")


def number_words(text: str) -> list[str]:
    """The words of the small numbers ``text`` writes in figures ("7 cards" -> ["seven"]): the rules write
    them in words ("seven cards", "twenty life", "ten or more poison counters")."""
    return [_NUMBER_WORDS[int(m)] for m in _FIGURE.findall(text) if int(m) in _NUMBER_WORDS]


# --- excerpts with highlighted matches ---------------------------------------------------------

_WORD = re.compile(r"[\w'\u2019]+(?:[.-][\w]+)*")
# words that rank ("no cards", "from a graveyard") but alone say nothing: marked only before a marked word
_FUNCTION_WORDS = (_KEEP - {"first"}) | {"from", "one"}


def highlight(text: str, query: str, *, width: int = 240) -> list[tuple[str, bool]]:
    """An excerpt of ``text`` around the first query match, as ``(segment, is_match)`` pairs.

    A word matches when its light stem is one of the query's stems; a function word ("no", "from", "all")
    only when the word after it matches too ("[no] [cards]", not "[from] the"). Without a match the excerpt
    is the start of the text.
    """
    wanted = set(tokenize(query))
    spans = []
    if wanted:
        words = [(m.start(), m.end(), _word_tokens(m.group())) for m in _WORD.finditer(text)]
        followed = False  # whether the next word of the text is marked
        for start, end, toks in reversed(words):
            marked = any(t in wanted for t in toks) and (followed or not all(t in _FUNCTION_WORDS for t in toks))
            if marked:
                spans.append((start, end))
            followed = marked
        spans.reverse()
    start = 0
    if spans and spans[0][0] > width // 3:
        start = text.rfind(" ", 0, spans[0][0] - width // 4) + 1
    end = len(text)
    if end - start > width:
        end = text.rfind(" ", start, start + width)
        if end <= start:
            end = start + width
    segments: list[tuple[str, bool]] = []
    pos = start
    if start > 0:
        segments.append(("…", False))
    for s, e in spans:
        if s < pos or e > end:
            continue
        if s > pos:
            segments.append((text[pos:s], False))
        segments.append((text[s:e], True))
        pos = e
    if pos < end:
        segments.append((text[pos:end], False))
    if end < len(text):
        segments.append(("…", False))
    return segments


@lru_cache(maxsize=1 << 16)
def _word_tokens(word: str) -> tuple[str, ...]:
    # excerpts tokenize the same words over and over: remember them
    return tuple(tokenize(word))


def segments_to_html(segments: list[tuple[str, bool]]) -> str:
    """Escaped HTML of highlighted segments, matches in ``<mark>``."""
    return "".join(f"<mark>{html.escape(s)}</mark>" if m else html.escape(s) for s, m in segments)
