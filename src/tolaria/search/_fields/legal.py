"""Legality families: f:/format:/legal:, banned:, restricted:."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from .._text import fold
from ._base import Family, register

if TYPE_CHECKING:
    from collections.abc import Sequence

    from tolaria.cards import Card, Printing

    from .._index import CardIndex
    from .._reference import Reference
    from ._base import Columns

FORMAT_ALIASES = {
    "edh": "commander",
    "cedh": "commander",
    "pdh": "paupercommander",
    "hbrawl": "historicbrawl",
    "old school": "oldschool",
    "oathbreaker": "oathbreaker",
}


class LegalityFamily(Family):
    topic = "legality"
    ops = (":", "=", "!=")
    statuses: tuple[str, ...] = ()
    phrase = ""

    def prepare(self) -> None:
        v = fold(self.value).replace(" ", "")
        v = FORMAT_ALIASES.get(v, v)
        if not self.ctx.knows_format(v):
            raise self.unknown("format")
        self.format = v

    def holds(self, card: Card, printing: Printing) -> bool:
        return card.legalities.get(self.format, "not_legal").lower() in self.statuses

    def card_holds(self, index: CardIndex) -> np.ndarray:
        m = np.zeros(index.n_cards, bool)
        table = index.cols["legal"]
        for status in self.statuses:
            ids = table.get((self.format, status))
            if ids is not None:
                m[ids] = True
        return m

    @classmethod
    def build(cls, ref: Reference, cards: Sequence[Card], cols: Columns) -> None:
        if "legal" in cols:
            return
        table: dict[tuple[str, str], list[int]] = {}
        for i, c in enumerate(cards):
            for f, status in c.legalities.items():
                # no family asks for "not_legal" (a card's legalities name every format its data
                # judges, most of them not legal): only the statuses queried are kept
                if status.lower() != "not_legal":
                    table.setdefault((f, status.lower()), []).append(i)
        cols["legal"] = {k: np.asarray(v, np.int32) for k, v in table.items()}

    def explain_holds(self) -> str:
        return f"{self.phrase} {self.format}"


@register
class FormatFamily(LegalityFamily):
    names = ("f", "format", "legal")
    description = "Legal in the format (restricted counts as legal): standard, pioneer, modern, legacy, vintage, commander, pauper, …"
    example = "f:modern"
    statuses = ("legal", "restricted")
    phrase = "legal in"


@register
class BannedFamily(LegalityFamily):
    names = ("banned",)
    description = "Banned in the format."
    example = "banned:legacy"
    statuses = ("banned",)
    phrase = "banned in"


@register
class RestrictedFamily(LegalityFamily):
    names = ("restricted",)
    description = "Restricted in the format."
    example = "restricted:vintage"
    statuses = ("restricted",)
    phrase = "restricted in"
