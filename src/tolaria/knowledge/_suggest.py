"""Plain words to Scryfall syntax, best effort: "red creatures with haste" -> ``c:r t:creature kw:haste``.

Simple rules over a vocabulary: colors, card types, keyword abilities (from the rule book's 702.x
headings when ``tolaria.rules`` is importable, else a short built-in list) and the verbs of oracle
text. Words before a clause opener ("that", "which", "when", …) describe the card; words after it
describe what its text does and become ``o:`` terms.
"""

from __future__ import annotations

import functools
import re

from tolaria.rules import shipped_rulebook

from ._text import STOPWORDS, stem

COLORS = {
    "white": "w",
    "blue": "u",
    "black": "b",
    "red": "r",
    "green": "g",
    "colorless": "c",
    "multicolor": "m",
    "multicolored": "m",
    "gold": "m",
}
CARD_TYPES = {
    "creature",
    "instant",
    "sorcery",
    "artifact",
    "enchantment",
    "land",
    "planeswalker",
    "battle",
    "kindred",
    "legendary",
    "basic",
    "snow",
    "equipment",
    "aura",
    "vehicle",
    "saga",
    "token",
}
SUBJECTS = {
    "creature",
    "card",
    "spell",
    "permanent",
    "player",
    "opponent",
    "you",
    "it",
    "another",
    "target",
    "one",
    "any",
}
VERBS = {
    "draw",
    "die",
    "discard",
    "sacrifice",
    "destroy",
    "exile",
    "counter",
    "create",
    "gain",
    "lose",
    "return",
    "search",
    "tap",
    "untap",
    "attack",
    "block",
    "enter",
    "leave",
    "cast",
    "copy",
    "mill",
    "scry",
    "surveil",
    "fight",
    "deal",
    "prevent",
    "reveal",
    "shuffle",
    "transform",
    "proliferate",
    "investigate",
    "add",
}
# oracle text writes these forms
_ORACLE_FORM = {"die": "dies", "enter": "enters", "leave": "leaves", "deal": "deals"}
OPENERS = {"that", "which", "who", "when", "whenever", "where", "to", "if"}
_FALLBACK_KEYWORDS = {
    "deathtouch",
    "defender",
    "double strike",
    "first strike",
    "flash",
    "flying",
    "haste",
    "hexproof",
    "indestructible",
    "lifelink",
    "menace",
    "reach",
    "trample",
    "vigilance",
    "ward",
    "prowess",
    "protection",
}
_MV = re.compile(
    r"\b(?:mana value|mv|cmc|costs?|costing)\s*(?:of\s*)?(\d+)\s*(or less|or fewer|or more|or greater|and under|and up)?"
)


@functools.cache
def keyword_vocabulary() -> frozenset[str]:
    """Keyword ability names, lower case (the 702.x headings of the shipped rules, if available)."""
    try:
        book = shipped_rulebook()
        names = {
            r.title.lower()
            for n, r in book.rules.items()
            if n.startswith("702.") and getattr(r, "level", "") == "numbered" and r.title
        }
        return frozenset(names | _FALLBACK_KEYWORDS)
    except (OSError, ValueError):  # no shipped rules file, or one that cannot be read
        return frozenset(_FALLBACK_KEYWORDS)


def _looks_like_syntax(query: str) -> bool:
    return bool(re.search(r"\w[:=<>!]|[()]", query))


# Players' words for kinds of cards, as the MTG Wiki's "List of Magic slang" (mtg.wiki/page/List_of_Magic_slang)
# defines them: each to Tolaria's tag for it (tag:, theme:; see tolaria.tags) or, where it has none, to the
# words oracle text uses for it; and to what such a card's text says, for ranking cards by their words and
# meaning ("white board wipes" means white cards that destroy all creatures). Longer phrases first: "mass
# removal" is a sweeper, "removal" alone is not.
_PHRASES = (
    (
        r"(?:makes?|making|produces?|producing|adds?|adding|taps? for|tapping for) (?:\w+ )?mana",
        'o:"add {"',
        "add mana",
    ),
    (r"mana (?:dorks?|creatures?)", 't:creature o:"add {"', "creature {T}: add mana"),
    (r"mana rocks?", 't:artifact o:"add {"', "artifact {T}: add mana"),
    (r"board ?wipes?|wraths?|sweepers?|mass removal", "tag:sweeper", "destroy all creatures"),
    (r"counter ?spells?", "tag:counterspell", "counter target spell"),
    (r"combat tricks?", "tag:combat-tricks", "target creature gets +3/+3 until end of turn"),
    (r"removal", "tag:removal", "destroy target creature"),
    (r"ramp", "tag:ramp", "search your library for a basic land card and put it onto the battlefield"),
    (r"tutors?", 'o:"search your library"', "search your library for a card and put it into your hand"),
    (r"bounce", 'o:"owner\'s hand"', "return target permanent to its owner's hand"),
    (r"burn", 'o:"damage to"', "deals 3 damage to any target"),
    (r"cantrips?", 'o:"draw a card"', "draw a card"),
    (r"token (?:makers?|generators?|producers?)", "theme:tokens", "create a creature token"),
    (r"life ?gain", "theme:lifegain", "you gain life"),
    (r"mill", "theme:mill", "mills cards"),
)
_PLAYER_WORDS = tuple((re.compile(rf"\b(?:{words})\b"), syntax, oracle) for words, syntax, oracle in _PHRASES)


def in_oracle_words(query: str) -> str:
    """``query`` with players' words for kinds of cards put as oracle text words them ("white board wipes"
    -> "white destroy all creatures"), for ranking cards by their words and meaning."""
    text = " ".join(query.lower().replace("\u2019", "'").split())
    for phrase, _, oracle in _PLAYER_WORDS:
        text = phrase.sub(oracle, text, count=1)
    return text


# a kind of card named by players' words alone ("board wipes", "black tutors") asks for cards
CARD_WORDS = (
    r"board ?wipes?|wraths?|sweepers?|mass removal|counter ?spells|combat tricks?|removal|ramp|tutors?|burn"
    r"|cantrips?|mana rocks?|mana dorks?|token (?:makers?|generators?|producers?)"
)


def suggest_syntax(query: str) -> str | None:
    """The closest Scryfall-syntax query for plain words, or None when nothing maps (or it is syntax already)."""
    text = " ".join(query.lower().replace("\u2019", "'").split())
    if not text or _looks_like_syntax(text):
        return None
    parts: list[str] = []
    mv = _MV.search(text)
    if mv:
        op = {
            "or less": "<=",
            "or fewer": "<=",
            "and under": "<=",
            "or more": ">=",
            "or greater": ">=",
            "and up": ">=",
        }.get(mv.group(2) or "", "=")
        parts.append(f"mv{op}{mv.group(1)}")
        text = (text[: mv.start()] + text[mv.end() :]).strip()
    for phrase, syntax, _ in _PLAYER_WORDS:  # what players say for what oracle text says
        found = phrase.search(text)
        if found:
            parts.append(syntax)
            text = (text[: found.start()] + " " + text[found.end() :]).strip()
    keywords = keyword_vocabulary()
    words = re.findall(r"[a-z][a-z'-]*", text)
    colors: list[str] = []
    types: list[str] = []
    kws: list[str] = []
    oracle: list[str] = []
    in_clause = False
    i = 0
    while i < len(words):
        w = words[i]
        two = f"{w} {words[i + 1]}" if i + 1 < len(words) else ""
        if two in keywords:
            kws.append(two)
            i += 2
            continue
        s = stem(w)
        if w in OPENERS:
            in_clause = True
        elif not in_clause and w in COLORS:
            colors.append(COLORS[w])
        elif not in_clause and s in CARD_TYPES:
            types.append(s)
        elif w in keywords or s in keywords:
            kws.append(w if w in keywords else s)
        elif s in VERBS or w in VERBS:
            # "destroy all creatures" at the start, or after "that" with all/each ("cards that destroy
            # all creatures"): one oracle phrase, as the cards word it
            sweeping = in_clause and words[i - 1] in OPENERS and words[i + 1 : i + 2] in (["all"], ["each"])
            if not oracle and (i == 0 and not in_clause or sweeping):
                # "destroy all creatures": a short verb phrase is one oracle phrase
                rest = [x for x in words[i:] if x not in OPENERS]
                if len(rest) <= 4:
                    oracle.append(" ".join(rest))
                    break
            in_clause = True
            oracle.append(_ORACLE_FORM.get(stem(w), stem(w)) if s in VERBS else w)
        elif (
            in_clause
            and s not in SUBJECTS
            and w not in STOPWORDS
            and s not in STOPWORDS
            and w not in ("with", "a", "an")
        ):
            oracle.append(s)
        i += 1
    out = []
    if colors:
        out.append("c:" + "".join(dict.fromkeys(colors)))
    out += [f"t:{t}" for t in dict.fromkeys(types)]
    out += [f'kw:"{k}"' if " " in k else f"kw:{k}" for k in dict.fromkeys(kws)]
    out += [f'o:"{o}"' for o in dict.fromkeys(oracle)]
    out += [p for p in parts if p.startswith("mv")]
    out += [p for p in parts if not p.startswith("mv")]
    if not out:
        return None
    return " ".join(out)
