"""Oracle text prepared for extraction: offsets are kept, so every match is a span of the original text.

Reminder text (in parentheses), quoted abilities that a card grants to something else, and the card's
own name are blanked out (replaced by spaces or ``~`` of the same length), never removed.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

_REMINDER = re.compile(r"\([^()]*\)")
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")


def _blank(text: str, pattern: re.Pattern[str], fill: str = " ") -> str:
    return pattern.sub(lambda m: fill * len(m.group(0)), text)


def _name_patterns(card_name: str, face_name: str) -> list[str]:
    names = {face_name, card_name}
    # legendary short name: "Zada" for "Zada, Hedron Grinder"
    names |= {n.split(",")[0] for n in names if "," in n}
    return sorted((n for n in names if n), key=len, reverse=True)


def _mask_name(text: str, name: str) -> str:
    """Replace whole-word occurrences of ``name`` by ``~`` of the same length."""
    pos = text.find(name)
    if pos < 0:
        return text
    parts, last, n = [], 0, len(name)
    while pos >= 0:
        before = text[pos - 1] if pos else " "
        after = text[pos + n] if pos + n < len(text) else " "
        if not (before.isalnum() or before == "_") and not (after.isalnum() or after == "_"):
            parts.append(text[last:pos])
            parts.append("~" * n)
            last = pos + n
        pos = text.find(name, pos + 1)
    parts.append(text[last:])
    return "".join(parts)


@dataclass(frozen=True, slots=True)
class FaceText:
    index: int
    text: str  # the oracle text as printed
    plain: str  # reminder text blanked, own name replaced by ~
    rules: str  # plain, and quoted granted abilities blanked too
    named: str  # the text with only the own name replaced by ~ (reminder text kept)
    type_line: str
    low: str = ""  # ``rules`` in lower case: rules test it for a word before running their expression

    def lines(self, which: str = "rules") -> Iterator[tuple[int, str]]:
        """(start, line) for each line of the chosen text."""
        text: str = getattr(self, which)
        pos = 0
        for line in text.split("\n"):
            yield pos, line
            pos += len(line) + 1


def prepare(card_name: str, face_name: str, index: int, text: str, type_line: str) -> FaceText:
    named = text or ""
    for name in _name_patterns(card_name, face_name):
        named = _mask_name(named, name)
    plain = _blank(named, _REMINDER)
    rules = _blank(plain, _QUOTED)
    return FaceText(index, text or "", plain, rules, named=named, type_line=type_line or "", low=rules.lower())
