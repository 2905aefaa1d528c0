"""Text families: name, exact name, oracle text, full oracle text, type line, flavor text, artist."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import numpy as np
import re2

from tolaria.cards import NameTable, fold_name

from .._text import Regex, TextColumn, compile_regex, fold, strip_reminder, tilde
from ._base import Family, Ignored, card_any, register

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tolaria.cards import Card, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns


def _names(card: Card) -> list[str]:
    return [card.name] + [f.name for f in card.faces]


def _self_names(card: Card) -> list[str]:
    """Names by which a card's text refers to itself: its names, and a legend's short name ("Jace")."""
    names = _names(card)
    for f in card.faces:
        if "Legendary" in f.supertypes and ", " in f.name:
            names.append(f.name.split(", ")[0])
    return names


def _regex(value: str) -> Regex:
    try:
        return compile_regex(value)
    except re2.error as err:
        raise Ignored(f"invalid regex /{value}/: {err}") from None


class TextFamily(Family):
    """Substring (folded: case and accents ignored) or /regex/ over one text of the card."""

    ops = (":", "=", "!=")
    regex_ok = True
    cost = 10
    uses_within = True
    what = "text"
    column = ""  # index key of the TextColumn (card level)
    uses_tilde = False

    @staticmethod
    def raw(card: Card) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def prepare(self) -> None:
        self.tilde = self.uses_tilde and "~" in self.value
        if self.kind == "regex":
            self.pattern = _regex(self.value)
        else:
            self.needle = fold(self.value)

    @classmethod
    def docs(cls, card: Card, *, with_tilde: bool) -> tuple[str, str]:
        raw = cls.raw(card)
        if with_tilde:
            raw = tilde(raw, _self_names(card))
        return fold(raw), raw

    def _doc(self, card: Card) -> tuple[str, str]:
        key = (self.column, self.tilde, card.oracle_id)
        return self.ctx.reference.memo(key, lambda: self.docs(card, with_tilde=self.tilde))

    def holds(self, card: Card, printing: Printing) -> bool:
        folded, raw = self._doc(card)
        return bool(self.pattern.search(raw)) if self.kind == "regex" else self.needle in folded

    def card_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        col: TextColumn = index.cols[self.column + ("~" if self.tilde else "")]
        return col.regex(self.pattern, within) if self.kind == "regex" else col.contains(self.needle, within)

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        cards = None
        if within is not None:
            cards = card_any(index, within)
        by_printing: np.ndarray = self.card_holds(index, cards)[index.card_of]
        return by_printing

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        if cls.column in cols:
            return
        variants = (False, True) if cls.uses_tilde else (False,)
        for t in variants:
            docs = [cls.docs(c, with_tilde=t) for c in cards]
            cols[cls.column + ("~" if t else "")] = TextColumn([d[0] for d in docs], [d[1] for d in docs])

    def explain_holds(self) -> str:
        if self.kind == "regex":
            return f"whose {self.what} matches the regex /{self.value}/"
        return f"whose {self.what} contains {self.value!r}"

    def explain_negated(self) -> str:
        if self.kind == "regex":
            return f"whose {self.what} does not match the regex /{self.value}/"
        return f"whose {self.what} does not contain {self.value!r}"


@register
class NameFamily(TextFamily):
    names = ("name",)
    description = 'Card name contains the text (bare words and "quoted phrases" search names too).'
    example = 'name:"storm crow"'
    what = "name"
    column = "name"
    # a printing in another language is found by its printed name too ("Blitzschlag" finds Lightning
    # Bolt's German printings), as Scryfall matches printed names
    lingual = True

    @staticmethod
    def raw(card: Card) -> str:
        return card.name

    def holds(self, card: Card, printing: Printing) -> bool:
        if super().holds(card, printing):
            return True
        printed = printing.printed_name
        if not printed:
            return False
        return bool(self.pattern.search(printed)) if self.kind == "regex" else self.needle in fold_name(printed)

    def foreign_holds(self, index: CardIndex, english: np.ndarray | None = None) -> np.ndarray:
        col: TextColumn = index.cols["printed_name"]
        own = col.regex(self.pattern) if self.kind == "regex" else col.contains(self.needle)
        either: np.ndarray = super().foreign_holds(index, english) | own
        return either

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        super().build(ref, cards, cols)
        printed = [t.name for p in ref.corpus.printings.values() for t in p.translations]
        # a name that folds to itself (Chinese, Japanese, Korean) is one object in both lists: saved once
        folded = [n if f == n else f for f, n in zip(map(fold_name, printed), printed)]
        cols["printed_name"] = TextColumn(folded, printed)

    @classmethod
    def docs(cls, card: Card, *, with_tilde: bool) -> tuple[str, str]:
        # folded as names are everywhere: "lim-dul" finds Lim-Dûl's Vault, "fire/ice" Fire // Ice
        return fold_name(card.name), card.name

    def prepare(self) -> None:
        super().prepare()
        if self.kind != "regex":
            self.needle = fold_name(self.value)
            if not self.needle:
                raise Ignored(f"{self.value!r}: a name has no such text (punctuation and spaces are left out of names)")


class ExactName(Family):
    """``!name``: the card's full name, or one of its faces' names, is this name (folded as every card
    name is: case, accents and punctuation aside; see ``tolaria.cards.fold_name``)."""

    names = ()
    ops = (":",)

    def prepare(self) -> None:
        self.target = fold_name(self.value)
        self.compact = self.target.replace(" ", "")

    def holds(self, card: Card, printing: Printing) -> bool:
        folded = [fold_name(n) for n in _names(card)]
        if self.target in folded:
            return True
        # "Limduls Vault": spaces left out count only when no card is named with them
        ref = self.ctx.reference
        if self.target in ref.memo(("folded names",), lambda: _folded_names(ref)):
            return False
        return self.compact in (f.replace(" ", "") for f in folded)

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        # the cards' printings straight from the table: printings are grouped by card, in card order
        rows = index.cols["names"].cards_named(self.value)
        m = np.zeros(index.n_printings, bool)
        if rows:
            starts = np.searchsorted(index.card_of, rows)
            ends = np.searchsorted(index.card_of, rows, side="right")
            for a, b in zip(starts.tolist(), ends.tolist()):
                m[a:b] = True
        return m

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        cols["names"] = NameTable((i, c.name, [f.name for f in c.faces]) for i, c in enumerate(cards))

    def explain_holds(self) -> str:
        return f"named exactly {self.value!r}"


def _folded_names(ref: Reference) -> set[str]:
    return {fold_name(n) for c in ref.cards.values() for n in _names(c)}


@register
class OracleFamily(TextFamily):
    names = ("o", "oracle")
    description = "Oracle text contains the text (reminder text excluded; ~ stands for the card's name)."
    example = 'o:"draw a card"'
    what = "oracle text"
    column = "oracle"
    uses_tilde = True

    @staticmethod
    def raw(card: Card) -> str:
        return strip_reminder(card.oracle_text)


@register
class FullOracleFamily(TextFamily):
    names = ("fo", "fulloracle")
    description = "Full oracle text, reminder text included, contains the text."
    example = "fo:haste"
    what = "full oracle text"
    column = "fulloracle"
    uses_tilde = True

    @staticmethod
    def raw(card: Card) -> str:
        return card.oracle_text


_NONWORD = re.compile(r"[^a-z0-9']+")


@register
class TypeFamily(TextFamily):
    names = ("t", "type")
    description = "Type line has a word starting with the text (t:orc finds Orcs, not Sorceries)."
    example = "t:legendary t:goblin"
    what = "type line"
    column = "type"

    @staticmethod
    def raw(card: Card) -> str:
        return card.type_line

    @classmethod
    def docs(cls, card: Card, *, with_tilde: bool) -> tuple[str, str]:
        raw = card.type_line
        return " " + _NONWORD.sub(" ", fold(raw)).strip() + " ", raw

    def prepare(self) -> None:
        super().prepare()
        if self.kind != "regex":
            self.needle = " " + _NONWORD.sub(" ", fold(self.value)).strip()

    def card_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        prefixes = index.cols.get("type_prefix")
        if self.kind == "regex" or " " in self.needle[1:] or prefixes is None or self.tilde:
            return super().card_holds(index, within)
        # one word: the exact answer from the index of word prefixes
        m = np.zeros(index.n_cards, bool)
        span = prefixes.get(self.needle[1:])
        if span is not None:
            m[index.cols["type_prefix_ids"][span[0] : span[1]]] = True
        return m

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        super().build(ref, cards, cols)
        table: dict[str, set[int]] = {}
        for i, doc in enumerate(cols[cls.column].folded):
            for word in doc.split():
                for k in range(1, len(word) + 1):
                    table.setdefault(word[:k], set()).add(i)
        ids, spans, pos = [], {}, 0
        for prefix, members in table.items():
            ids.extend(sorted(members))
            spans[prefix] = (pos, pos + len(members))
            pos += len(members)
        cols["type_prefix"] = spans
        cols["type_prefix_ids"] = np.asarray(ids, np.int32)

    def explain_holds(self) -> str:
        if self.kind == "regex":
            return super().explain_holds()
        return f"that are {_plural(self.value)}"

    def explain_negated(self) -> str:
        if self.kind == "regex":
            return super().explain_negated()
        return f"that are not {_plural(self.value)}"


class PrintingTextFamily(TextFamily):
    """A text of the printing (flavor, artist): searched over the distinct texts, then mapped."""

    topic = "printing details"
    level = "printing"

    @staticmethod
    def printing_raw(printing: Printing) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def holds(self, card: Card, printing: Printing) -> bool:
        raw = self.printing_raw(printing)
        return bool(self.pattern.search(raw)) if self.kind == "regex" else self.needle in fold(raw)

    def printing_holds(self, index: CardIndex, within: np.ndarray | None = None) -> np.ndarray:
        col: TextColumn = index.cols[self.column]
        m = col.regex(self.pattern) if self.kind == "regex" else col.contains(self.needle)
        by_printing: np.ndarray = m[index.cols[self.column + "_id"]]
        return by_printing

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        vocab: dict[str, int] = {}
        ids = np.fromiter(
            (vocab.setdefault(cls.printing_raw(p), len(vocab)) for p in ref.corpus.printings.values()),
            np.int32,
            count=len(ref.corpus.printings),
        )
        raws = list(vocab)
        cols[cls.column] = TextColumn([fold(r) for r in raws], raws)
        cols[cls.column + "_id"] = ids


@register
class FlavorFamily(PrintingTextFamily):
    names = ("ft", "flavor")
    description = "Flavor text of the printing contains the text."
    example = "ft:mishra"
    what = "flavor text"
    column = "flavor"

    @staticmethod
    def printing_raw(printing: Printing) -> str:
        return "\n".join(t for t in printing.flavor_texts if t)


@register
class ArtistFamily(PrintingTextFamily):
    names = ("a", "artist")
    description = "Artist of the printing's illustration contains the text."
    example = 'a:"john avon"'
    what = "artist"
    column = "artist"

    @staticmethod
    def printing_raw(printing: Printing) -> str:
        return printing.artist or ""


def _plural(word: str) -> str:
    w = word.lower()
    if " " in w or w.endswith("s"):
        return word
    if w.endswith("y") and w[-2:-1] not in "aeiou":
        return word[:-1] + "ies"
    if w.endswith(("ch", "sh", "x")):
        return word + "es"
    if w.endswith("f"):
        return word[:-1] + "ves"
    return word + "s"
