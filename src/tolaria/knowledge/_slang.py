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
from dataclasses import dataclass

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
    # the CR's own: "Previously, the battlefield was called the 'in-play zone.'" (403.5)
    (r"in[- ]play(?! zone)", "on the battlefield"),
    (r"(?:leaves|leave|left|leaving) play", "leaves the battlefield"),
    (r"into play", "onto the battlefield"),
    (r"from play", "from the battlefield"),
    # not slang, the CR's own equation: "Each planeswalker has a number of loyalty abilities" (306.5d)
    (r"planeswalker(?:'s|s'|s)? abilit(?:y|ies)", "planeswalker loyalty abilities"),
)
# one pass over the text, each phrase a group of its own: what is read, and where, is the player's own text
_PATTERN = re.compile("|".join(rf"(?<![\w/])(?P<s{n}>{words})(?![\w/])" for n, (words, _) in enumerate(_SLANG)), re.I)


@dataclass(frozen=True)
class Reading:
    """Players' words as a question wrote them, and the rules' words they were read as."""

    words: str
    rules_words: str


def read_in_rules_words(text: str) -> tuple[str, list[Reading]]:
    """``text`` with players' words put as the rules put them, and what was read so, in the order written
    ("Does ETB trigger?" -> "Does enters the battlefield trigger?", [ETB -> enters the battlefield])."""
    readings: list[Reading] = []

    def rules_words(m: re.Match[str]) -> str:
        reading = Reading(m.group(), _SLANG[int(str(m.lastgroup)[1:])][1])
        if reading not in readings:
            readings.append(reading)
        return reading.rules_words

    return _PATTERN.sub(rules_words, text), readings
