"""What validation finds: each problem in words, and the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field

from ._formats import Format


@dataclass(frozen=True, slots=True)
class Problem:
    code: str  # size, sideboard, copies, banned, restricted, not_legal, commander, identity, pair, companion
    message: str
    card: str = ""  # the card name the problem is about, if any


@dataclass(slots=True)
class Validation:
    format: Format
    problems: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def summary(self) -> str:
        if self.legal:
            return (
                f"This deck is legal in {self.format.label}."
                if self.format.key
                else "Casual decks have no rules to check."
            )
        n = len(self.problems)
        return f"This deck is not legal in {self.format.label}: {n} problem{'s' if n != 1 else ''}."
