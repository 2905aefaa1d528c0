"""Card names folded one way, and the table that answers a name with its card.

Every place that takes a card name from a person (the search's ``!"…"`` and ``name:``, the named
endpoint, ``tolaria card``, decklist import) folds it with :func:`fold_name` and looks it up in a
:class:`NameTable` built once per corpus, so that a name found in one place is found in all of them.

Scryfall's rule for names is ours: "card names are case-insensitive and punctuation is optional"
(api/cards/named). So ``Juzam Djinn`` is Juzám Djinn, ``lim dul's vault`` and ``Lim-Dul's Vault`` are
Lim-Dûl's Vault, ``AEther Vial`` is Aether Vial, and ``Fire/Ice``, ``Fire // Ice`` and ``Fire /// Ice``
are Fire // Ice.
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Generic, Literal, TypeVar

from rapidfuzz import fuzz, process
from rapidfuzz.distance import OSA

from ._model import Card

# letters the decomposition below does not take apart
_LETTERS = str.maketrans({"æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ß": "ss", "ø": "o", "Ø": "o", "ł": "l"})
# marks inside a word that people leave out ("Urzas", "BFM", "Borrowing 100000 Arrows")
_DROPPED = re.compile(r"['’‘`´.,\"“”®™]+")
# everything else that is not a letter, digit or underscore separates words: hyphens, slashes, colons
_SEPARATOR = re.compile(r"[^\w]+")


def fold_name(name: str) -> str:
    """A card name as names are compared: lower case, accents off, Æ as ae, apostrophes and periods
    dropped, hyphens, split separators and other punctuation as one space.

    >>> fold_name("Lim-Dûl's Vault"), fold_name("Commit /// Memory"), fold_name("Æther Vial")
    ('lim duls vault', 'commit memory', 'aether vial')
    """
    text = name.translate(_LETTERS)
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    text = _DROPPED.sub("", text.lower())
    return " ".join(_SEPARATOR.sub(" ", text).split())


def compact_name(name: str) -> str:
    """The folded name without spaces: ``Limduls Vault`` and ``Lim-Dul's Vault`` meet here."""
    return fold_name(name).replace(" ", "")


K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class NameMatch(Generic[K]):
    """The answer to a name: one card (``found``), several that the name fits equally (``ambiguous``,
    with their names as ``candidates``), or none (``none``, with the closest names as ``candidates``)."""

    status: Literal["found", "ambiguous", "none"]
    key: K | None = None
    name: str | None = None
    candidates: tuple[str, ...] = field(default=())

    def __bool__(self) -> bool:
        return self.status == "found"


class NameTable(Generic[K]):
    """Names of a corpus, folded, to the cards that bear them (a card by its full name and by each face's name).

    ``entries`` are ``(key, card name, face names)``; the key is whatever the caller identifies a card
    by (an oracle id, a row of the search index). Built once per corpus; lookups are dictionary reads.
    """

    def __init__(self, entries: Iterable[tuple[K, str, Sequence[str]]]):
        self._display: dict[K, str] = {}
        full: dict[str, list[K]] = {}
        face: dict[str, list[K]] = {}
        for key, name, faces in entries:
            self._display.setdefault(key, name)
            _add(full, fold_name(name), key)
            for face_name in faces:
                if face_name and face_name != name:
                    _add(face, fold_name(face_name), key)
        # a card's own name before a face of another card that happens to be spelled the same
        self._by_name: dict[str, tuple[K, ...]] = {}
        for folded in full.keys() | face.keys():
            self._by_name[folded] = tuple(dict.fromkeys(full.get(folded, []) + face.get(folded, [])))
        self._by_compact: dict[str, tuple[K, ...]] = {}
        for folded, keys in sorted(self._by_name.items(), key=lambda kv: kv[0] not in full):
            self._by_compact.setdefault(folded.replace(" ", ""), keys)

    @cached_property
    def _folded(self) -> list[str]:
        return sorted(self._by_name)

    @cached_property
    def _longest(self) -> tuple[int, int]:
        """(the most words, the most characters) of any folded name: a longer text can fit none."""
        return max((len(n.split()) for n in self._folded), default=0), max(map(len, self._folded), default=0)

    @cached_property
    def _words(self) -> _WordIndex:
        # built on the first fuzzy lookup: a table used only for exact names stays two dictionaries
        return _WordIndex(self._folded)

    def __len__(self) -> int:
        return len(self._display)

    @staticmethod
    def of_cards(cards: Iterable[Card]) -> NameTable[str]:
        """The table of ``tolaria.cards.Card`` objects, keyed by oracle id."""
        return NameTable((c.oracle_id, c.name, [f.name for f in c.faces]) for c in cards)

    def name_of(self, key: K) -> str:
        return self._display[key]

    def cards_named(self, name: str) -> tuple[K, ...]:
        """Every card whose name or one of whose faces' names is ``name`` once folded (the card's own
        name first); when the spelling differs only by spaces or hyphens left out, the cards of that."""
        folded = fold_name(name)
        if not folded:
            return ()
        found = self._by_name.get(folded)
        if found is None:
            found = self._by_compact.get(folded.replace(" ", ""), ())
        return found

    def exact(self, name: str) -> K | None:
        """The card named ``name`` (case and punctuation aside), or None."""
        found = self.cards_named(name)
        return found[0] if found else None

    def fuzzy(self, name: str, *, limit: int = 10) -> NameMatch[K]:
        return fuzzy_lookup(self, name, limit=limit)

    def word_matches(self, name: str, *, limit: int = 60) -> list[K]:
        """Every card in whose name each typed word starts a word, in the typed order (``light bol``:
        Lightning Bolt, Lightning Bolt's namesakes), fewest words left over first; unranked otherwise,
        for the caller to order (the deck editor ranks them by format and popularity)."""
        words = fold_name(name).split()
        if not words:
            return []
        index = self._words
        prefixed = [index.starting_with(w) for w in words]
        if not all(prefixed):
            return []
        found: dict[K, tuple[int, str]] = {}
        for pos in set.intersection(*(index.names_holding(m) for m in prefixed)):
            folded = self._folded[pos]
            if _in_order(folded.split(), prefixed) is None:
                continue
            for key in self._by_name[folded]:
                found.setdefault(key, (len(folded.split()) - len(words), folded))
        return sorted(found, key=lambda k: found[k])[:limit]

    def suggestions(self, name: str, limit: int = 5) -> list[str]:
        """The card names closest to a near miss, best first (the card itself when the name fits one)."""
        match = fuzzy_lookup(self, name, limit=limit)
        return [match.name] if match.name else list(match.candidates)[:limit]


def _add(table: dict[str, list[K]], key: str, value: K) -> None:
    if key:
        table.setdefault(key, []).append(value)


class _WordIndex:
    """The distinct words of the folded names, sorted, each with the names (positions) that hold it."""

    def __init__(self, folded_names: list[str]):
        holders: dict[str, list[int]] = {}
        for i, n in enumerate(folded_names):
            for w in set(n.split()):
                holders.setdefault(w, []).append(i)
        self.vocab = sorted(holders)
        self.holders = [holders[w] for w in self.vocab]

    def starting_with(self, prefix: str) -> dict[str, int]:
        """Words that start with ``prefix``, each at distance 0."""
        lo = bisect.bisect_left(self.vocab, prefix)
        hi = bisect.bisect_left(self.vocab, prefix + "\U0010ffff")
        return dict.fromkeys(self.vocab[lo:hi], 0)

    def near(self, typed: str, most: int) -> dict[str, int]:
        """Words whose start is within ``most`` edits of ``typed`` (a letter wrong, missing, extra or
        two swapped), each with its distance. The first letter is taken as typed: it is rarely the
        wrong one, and it keeps this to a twentieth of the words."""
        lo = bisect.bisect_left(self.vocab, typed[0])
        hi = bisect.bisect_left(self.vocab, typed[0] + "\U0010ffff")
        words = self.vocab[lo:hi]
        found: dict[str, int] = {}
        n = len(typed)
        for cut in (n - 1, n, n + 1):
            starts = [w[:cut] for w in words]
            for _start, d, i in process.extract(typed, starts, scorer=OSA.distance, score_cutoff=most, limit=None):
                if d < found.get(words[i], most + 1):
                    found[words[i]] = int(d)
        return found

    def names_holding(self, words: Iterable[str]) -> set[int]:
        out: set[int] = set()
        for w in words:
            out.update(self.holders[bisect.bisect_left(self.vocab, w)])
        return out


# how well a name fits the typed words, lower better: (typos, a word left over, the first word not
# matched, minus the whole string's similarity, the name's length)
_Rank = tuple[int, bool, bool, float, int]


def _typos_allowed(word: str) -> int:
    """Edits forgiven in one typed word: none in the shortest, one in 3-4 letters, two from 5."""
    return 0 if len(word) < 3 else 1 if len(word) < 5 else 2


def fuzzy_lookup(table: NameTable[K], name: str, *, limit: int = 10) -> NameMatch[K]:
    """Scryfall's ``fuzzy``: the card the name identifies without doubt, else ambiguous or none.

    Scryfall's documentation: misspellings and partial words are allowed (``jac bele`` is Jace
    Beleren); a card is returned when the string "unambiguously identified a unique name", otherwise
    the answer says that several cards matched or none did. In that spirit, in this order:

    1. the exact name, folded (:meth:`NameTable.cards_named`);
    2. the names in which every typed word starts a word, in the typed order (``aust com`` is
       Austere Command, ``light bolt`` Lightning Bolt);
    3. failing any, the same with a few letters wrong in each typed word (``bliid scrivener``);
    4. failing any, a name close to the whole string (``lightnin bolt``).

    In 2 and 3 the fewest typos win; one card among them is the answer; several are told apart only
    when exactly one of them has no word left over (``plate arm``: Plate Armor, not A-Plate Armor);
    otherwise the answer is ``ambiguous`` with the cards as candidates, shortest names first.
    """
    keys = table.cards_named(name)
    if keys:
        return NameMatch("found", keys[0], table.name_of(keys[0]))
    words = fold_name(name).split()
    if not words:
        return NameMatch("none")
    most_words, most_letters = table._longest
    typed = " ".join(words)
    found = None
    # each typed word takes a word of the name of its own (_in_order): more words than any name has fit none
    if len(words) <= most_words:
        index = table._words
        prefixed = [index.starting_with(w) for w in words]
        found = _by_words(table, words, prefixed, limit)
        if found is None and any(_typos_allowed(w) for w in words):
            near = [index.near(w, _typos_allowed(w)) if _typos_allowed(w) else m for w, m in zip(words, prefixed)]
            found = _by_words(table, words, near, limit)
    # a ratio of 60 (_by_similarity's cutoff) needs 2·common/(len(typed) + len(name)) >= 0.6: a text over
    # 7/3 of the longest name is that close to none (4,000 characters were seconds of comparisons for nothing)
    if found is None and 3 * len(typed) <= 7 * most_letters:
        found = _by_similarity(table, typed, limit)
    return found if found is not None else NameMatch("none")


def _by_words(table: NameTable[K], words: list[str], matching: list[dict[str, int]], limit: int) -> NameMatch[K] | None:
    """Decide among the names in which each typed word matches a word (``matching[i]``: name word ->
    typos), in order; None when no name fits."""
    if not all(matching):
        return None
    index = table._words
    typed = " ".join(words)
    positions = set.intersection(*(index.names_holding(m) for m in matching))
    ranked: dict[K, _Rank] = {}
    for pos in positions:
        folded = table._folded[pos]
        fit = _in_order(folded.split(), matching)
        if fit is None:
            continue
        cost, first = fit
        loose = len(folded.split()) != len(words)
        for key in table._by_name[folded]:
            rank = (cost, loose, first > 0, -fuzz.ratio(typed, folded), len(folded))
            if key not in ranked or rank < ranked[key]:
                ranked[key] = rank
    if not ranked:
        return None
    best = min(r[0] for r in ranked.values())
    top = sorted((r, table.name_of(k), k) for k, r in ranked.items() if r[0] == best)
    chosen = _one_of(top, typos=best > 0)
    if chosen is not None:
        return NameMatch("found", chosen, table.name_of(chosen))
    return NameMatch("ambiguous", candidates=tuple(dict.fromkeys(n for _, n, _ in top))[:limit])


def _one_of(top: list[tuple[_Rank, str, K]], *, typos: bool) -> K | None:
    """The card among equally good ones that the words fit best, if one does: the only one with no
    word left over, else the only one whose first word they start with; with typos, also the one
    clearly closest to the whole string (``lightnin blt``: Bolt, not Blow)."""
    if len(top) == 1:
        return top[0][2]
    for worse in (1, 2):  # a word left over; the first word not matched
        group = [t for t in top if not t[0][worse]]
        if len(group) == 1:
            return group[0][2]
        if group:
            top = group
    if typos and len(top) > 1 and top[1][0][3] - top[0][0][3] >= 5:
        return top[0][2]
    return None


def _in_order(name_words: list[str], matching: list[dict[str, int]]) -> tuple[int, int] | None:
    """(typos, position of the first matched word) of matching the typed words to words of the name,
    each later than the one before; None: not possible. Earliest-first finds an order if one exists."""
    at, cost, first = 0, 0, -1
    for wanted in matching:
        while at < len(name_words) and name_words[at] not in wanted:
            at += 1
        if at == len(name_words):
            return None
        cost += wanted[name_words[at]]
        first = at if first < 0 else first
        at += 1
    return cost, first


def _by_similarity(table: NameTable[K], folded: str, limit: int) -> NameMatch[K]:
    """Whole-string similarity, the last resort: a clear best of 90 of 100 or more is the card (not
    less: ``snow covered isl`` is 86 from Snow-Covered Plains); otherwise no card, with the closest
    names as candidates."""
    scored = process.extract(folded, table._folded, scorer=fuzz.ratio, limit=limit * 3, score_cutoff=60)
    by_key: dict[K, float] = {}
    for choice, score, _ in scored:
        for key in table._by_name[choice]:
            by_key.setdefault(key, score)
    ranked = sorted(by_key.items(), key=lambda kv: -kv[1])
    if ranked and ranked[0][1] >= 90 and (len(ranked) == 1 or ranked[0][1] - ranked[1][1] >= 5):
        key = ranked[0][0]
        return NameMatch("found", key, table.name_of(key))
    names = tuple(dict.fromkeys(table.name_of(k) for k, _ in ranked))[:limit]
    return NameMatch("none", candidates=names)
