"""A card's legalities as the data judges them.

MTGJSON lists a format in a printing's `legalities` only where the card is legal, banned or
restricted there, and it judges some formats per printing: Sol Ring's 2ED record says Old School
"Restricted", its C21 record lists no Old School at all. Scryfall judges the card, in every format
it knows. So a card's legalities are read this way:

- within one file, every printing's record counts: Sol Ring is restricted in Old School;
- a later file replaces them (a card legal in Standard in 2022 may have rotated by 2023);
- a format that its file judges for some card and the card's records leave out is "not_legal";
- a format its file never mentions is left out: the data cannot judge it (AllPrintings 2022 has no
  Oathbreaker, the 2023 set files have it; a card known only from 2022 lists no Oathbreaker).
"""

from __future__ import annotations

from collections.abc import Iterable

from ._model import Card


class FileLegalities:
    """The cards read from one file, and the formats that file judges."""

    def __init__(self) -> None:
        self.formats: set[str] = set()
        self.cards: dict[str, Card] = {}

    def add(self, card: Card) -> None:
        """A card of this file: its legalities joined with those of its printings read before from
        the same file (a card read from another file before is replaced, not joined)."""
        earlier = self.cards.get(card.oracle_id)
        if earlier is not None and earlier is not card:
            card.legalities = {**earlier.legalities, **card.legalities}
        self.cards[card.oracle_id] = card
        self.formats.update(card.legalities)

    def close(self) -> None:
        """At the end of the file: what it judges and a card's records leave out is not legal."""
        mark_not_legal(self.cards.values(), self.formats)


def mark_not_legal(cards: Iterable[Card], formats: set[str]) -> None:
    """The formats are added in the order of their names, never in the set's order: a set of strings
    iterates in an order of the process's hash seed, and a card's stored JSON must be the same text
    for the same files in every process (else an identical re-ingest changes the card)."""
    for card in cards:
        for fmt in sorted(formats - card.legalities.keys()):
            card.legalities[fmt] = "not_legal"
