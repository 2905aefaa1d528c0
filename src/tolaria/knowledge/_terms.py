"""The Comprehensive Rules' own vocabulary: which words of a question name a rules term, and which rules
that term points at.

A term is a glossary entry ("Trample", "Legend Rule", "Mana Value") or the heading of a numbered rule
("702.19. Trample", "704. State-Based Actions"). The glossary says where a term is defined ("See rule
702.19"); a heading *is* its rule. Terms are matched on the stems of ``_text`` so "blocked", "blockers"
and "block" meet, longest term first ("first strike" before "strike"), and a word is used by one term
only. Where the stemmer merges two terms ("Equip" and "Equipment", "Poisonous" and "Poisoned", "Enchant"
and "Enchantment"), the word the player wrote picks the one it spells; another form of it ("equipped")
names them all.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ._documents import Document
from ._text import STOPWORDS, index_stem, light_tokenize, stem, text_words, tokenize

MAX_TERM_WORDS = 5
_RULE_REF = re.compile(r"\brules? (\d{3}(?:\.\d+[a-z]?)?)")
# "702. Keyword Abilities" and "702.19. Keyword Abilities — Trample"; a numbered rule without a heading
# of its own is titled with its parent's ("302.1. Creatures") and names no term.
_HEADING = re.compile(r"^(\d{3})\. (.+)$|^(\d{3}\.\d+)\. .* — (.+)$")
# "See Landwalk." (another glossary entry, not a rule) and "An obsolete term for mana value."
_REDIRECT = re.compile(
    r"\bSee (?!rules? )([A-Z][^.,;“”]*?)(?=[.,;]|$)|\bobsolete term for (?:an? |the )?([a-z][\w -]*?)\."
)
# Headings too general to say what a question is about ("General", "Rules", "Definitions") are not terms.
_GENERAL = {"general", "definition", "rule", "summary", "introduction"}
_ARTICLES = frozenset({"the", "a", "an"})


@dataclass
class Term:
    name: str
    words: tuple[str, ...] = ()
    rules: set[str] = field(default_factory=set)  # rule numbers the term points at
    glossary: set[int] = field(default_factory=set)  # document indexes of its glossary entries
    weight: float = 1.0  # 0..1: how specific the term is (rare words weigh more than "creature")
    same_as: Term | None = None  # the entry a redirect points to ("Deal: See Damage.")
    lead: str = ""  # the function word the name starts with, which the words must have too ("as" though)


def rule_refs(text: str) -> list[str]:
    """Rule numbers a text refers to ("See rule 702.19" -> ["702.19"])."""
    return _RULE_REF.findall(text or "")


def _key(words: Sequence[str]) -> tuple[str, ...]:
    return tuple(words)


def _lead(name: str) -> str:
    """The function word a term's name starts with when it carries the sense: "as" of "As Though", "at" of
    "At End of Turn", "in" of "In Response To" (not an article: "The Monarch" is "monarch")."""
    first = next(iter(text_words(name)), "")
    return first if first in STOPWORDS and first not in _ARTICLES else ""


def _before(every: Sequence[str], n: int) -> str:
    """The word before position ``n``, articles skipped ("at the end of turn")."""
    n -= 1
    while n >= 0 and every[n] in _ARTICLES:
        n -= 1
    return every[n] if n >= 0 else ""


class TermIndex:
    """Rules terms by their stems, built from the rule and glossary documents."""

    def __init__(self, documents: Sequence[Document]):
        self._terms: dict[tuple[str, ...], Term] = {}  # by stems: every term spelled with them, as one
        self._spelled: dict[tuple[str, ...], dict[tuple[str, ...], Term]] = {}  # stems -> light stems -> term
        df: dict[str, int] = {}
        n_docs = 0
        entries: list[tuple[Term, str]] = []  # each glossary entry's term and its text
        for i, doc in enumerate(documents):
            if doc.kind not in ("rule", "glossary"):
                continue
            n_docs += 1
            for word in set(tokenize(doc.text)):
                df[word] = df.get(word, 0) + 1
            if doc.kind == "glossary":
                for term in self._term(doc.title):
                    term.glossary.add(i)
                    term.rules.update(rule_refs(doc.text))
                    entries.append((term, doc.text))
            elif doc.kind == "rule":
                m = _HEADING.match(doc.title)
                if m and doc.ref in (m.group(1), m.group(3)):
                    for term in self._term(m.group(2) or m.group(4)):
                        term.rules.add(doc.ref)
        self._follow_redirects(entries)
        # players say "summoning sickness" for the glossary's "Summoning Sickness Rule", "an Adventure" or "a
        # split card" for the cards of "715. Adventurer Cards" and "709. Split Cards", and "hybrid mana" for
        # "Hybrid Mana Symbols"
        for key, term in list(self._terms.items()):
            if key[:-1] in self._terms:
                continue
            if (
                (len(key) > 2 and key[-1] == "rule")
                or (len(key) > 1 and term.name.endswith(" Cards"))
                or (len(key) > 2 and key[-2:] == ("mana", "symbol"))
            ):
                self._terms[key[:-1]] = term
                self._spelled[key[:-1]] = {light[:-1]: t for light, t in self._spelled[key].items()}
        top = math.log(max(n_docs, 2))
        for term in {id(t): t for t in self._all_terms()}.values():
            rarest = max(math.log(max(n_docs, 2) / max(df.get(w, 0), 1)) for w in term.words)
            term.weight = min(max(rarest / top, 0.05), 1.0)

    def _follow_redirects(self, entries: Sequence[tuple[Term, str]]) -> None:
        """A glossary entry that names no rule but another entry ("Islandwalk: See Landwalk.", "Converted Mana
        Cost (Obsolete): An obsolete term for mana value.") points where that entry points."""
        for _ in range(2):  # "Swampwalk" -> "Landwalk" -> 702.14, however the entries are ordered
            for term, text in entries:
                if term.rules:
                    continue
                for found in _REDIRECT.finditer(text):
                    target = self._lookup(found.group(1) or found.group(2))
                    if target is not None and target is not term:
                        term.rules.update(target.rules)
                        term.glossary.update(target.glossary)
                        term.same_as = target.same_as or target

    def _term(self, name: str) -> tuple[Term, ...]:
        """The terms a glossary entry or heading of this name adds to: the one of its stems and the one
        of its spelling (the same term unless the stemmer merges it with another spelling)."""
        words = tokenize(name)
        if not words or len(words) > MAX_TERM_WORDS or (len(words) == 1 and words[0] in _GENERAL):
            return ()
        lead = _lead(name)
        merged = self._terms.setdefault(_key(words), Term(name, tuple(words), lead=lead))
        spellings = self._spelled.setdefault(_key(words), {})
        own = spellings.setdefault(_key(light_tokenize(name)), Term(name, tuple(words), lead=lead))
        return (merged, own)

    def _all_terms(self) -> list[Term]:
        return [*self._terms.values(), *(t for spellings in self._spelled.values() for t in spellings.values())]

    def _lookup(self, name: str) -> Term | None:
        return self._match(tokenize(name), light_tokenize(name))

    def _match(self, stems: Sequence[str], lights: Sequence[str]) -> Term | None:
        """The term of these words: the one they spell when the stems hold several, else the stems' term."""
        merged = self._terms.get(_key(stems))
        spellings = self._spelled.get(_key(stems), {})
        if merged is None or len(spellings) < 2:
            return merged
        return spellings.get(_key(lights), merged)

    def words(self) -> frozenset[str]:
        """Every word (stem) of every term."""
        return frozenset(w for key in self._terms for w in key)

    def __len__(self) -> int:
        return len(self._terms)

    def find(self, text: str) -> list[Term]:
        """The terms named in ``text``, longest match first, each word used once, in text order."""
        every = text_words(text)  # stop words too: what stands before a match
        at = [n for n, w in enumerate(every) if w not in STOPWORDS]
        words, lights = [index_stem(every[n]) for n in at], [stem(every[n]) for n in at]  # as tokenize, light_tokenize
        found: list[Term] = []
        i = 0
        while i < len(words):
            for n in range(min(MAX_TERM_WORDS, len(words) - i), 0, -1):
                term = self._match(words[i : i + n], lights[i : i + n])
                if term is not None and term.lead and _before(every, at[i]) != term.lead:
                    term = None  # "even though" is not "as though", "until end of turn" not "at end of turn"
                if term is not None:
                    if term not in found:
                        found.append(term)
                    i += n
                    break
            else:
                i += 1
        return found

    def rules_of(self, terms: Iterable[Term]) -> dict[str, int]:
        """Rule number -> how many of ``terms`` point at it."""
        out: dict[str, int] = {}
        for term in terms:
            for number in term.rules:
                out[number] = out.get(number, 0) + 1
        return out
