"""Players' words for what the rules call otherwise: "ETB" is "enters the battlefield", "sac" is "sacrifice".

The words and what they mean are those of the MTG Wiki's "List of Magic slang"
(mtg.wiki/page/List_of_Magic_slang); what each becomes is the Comprehensive Rules' own wording, so the rules'
words, terms and meaning find the rule. The CR's glossary names its own obsolete and informal terms
("Converted Mana Cost", "Summoning Sickness Rule"): ``TermIndex`` reads those.

Only words with one sense are here: a spell "fizzles" when its targets are illegal (608.2b), but players also
say mana "fizzles" between steps (500.5), so "fizzle" is left to the words and meaning of the question.
"""

from __future__ import annotations

import re

_SLANG = (
    (r"etb(?:s|'?d|'?ing)?", "enters the battlefield"),
    (r"ltb(?:s|'?d)?", "leaves the battlefield"),
    (r"cmc", "mana value"),  # converted mana cost, the CR's obsolete term for mana value
    (r"(?:blink|flicker)(?:s|ed|ing)?", "exile and return to the battlefield"),
    (r"bounce(?:s|d)?", "return to its owner's hand"),
    # decking: losing by running out of cards in the library (121.4)
    (
        r"deck(?:ed|s)? (?:out|myself|yourself|themselves)|decking|decked|run(?:s|ning)? out of cards",
        "draw from a library with no cards",
    ),
    (r"summoning sick", "summoning sickness"),
    (r"chump[- ]?block(?:s|ed|ing)?", "block"),
    (r"board ?wipes?|wraths?|sweepers?", "destroy all creatures"),
    (r"sac(?:s|'?d|'?ing)?", "sacrifice"),
    (r"gy|yard", "graveyard"),
    (r"p/t", "power and toughness"),
    (r"opp", "opponent"),
    # not slang, the CR's own equation: "Each planeswalker has a number of loyalty abilities" (306.5d)
    (r"planeswalker(?:'s|s'|s)? abilit(?:y|ies)", "planeswalker loyalty abilities"),
)
_PATTERNS = tuple((re.compile(rf"(?<![\w/])(?:{words})(?![\w/])", re.I), rules) for words, rules in _SLANG)


def in_rules_words(text: str) -> str:
    """``text`` with players' words put as the rules put them ("Does ETB trigger on a token?" -> "Does enters
    the battlefield trigger on a token?")."""
    for pattern, rules in _PATTERNS:
        text = pattern.sub(rules, text)
    return text
