"""Costs read from a face: the items of each written cost (CR 118, 602.1a: "[Cost]: [Effect.]"; an
ability word's or a label's cost, "Channel — {3}{U}, Discard Otawara:", is one too), and which of them
the card pays with itself ("Discard Otawara", "Sacrifice this creature", "Exile ~ from your graveyard").

What a card pays is not what it does: discarding itself to channel makes no discard deck, sacrificing
itself no sacrifice deck. A cost that discards or sacrifices *other* cards (a discard outlet, "Sacrifice
a creature:") is still read as a cost item, not as one paid with the card.
"""

from __future__ import annotations

import re

from ._reading import FaceReading, Part

_ITEM_SPLIT = re.compile(r",\s*(?:and\s+)?|\s+and\s+")
_VERB = re.compile(r"(?:discard|sacrifice|exile|return|reveal|tap|untap|put|remove)\s+", re.IGNORECASE)


def cost_items(reading: FaceReading) -> tuple[Part, ...]:
    """Each item of each written cost of the face's abilities (modes included), in text order."""
    out: list[Part] = []
    for ability in reading.abilities:
        for a in (ability, *ability.modes):
            if a.cost is None:
                continue
            start = a.cost.start
            for piece in _ITEM_SPLIT.split(a.cost.text):
                at = reading.text.find(piece, start)
                if piece.strip() and at >= 0:
                    out.append(Part(at, at + len(piece), piece))
                    start = at + len(piece)
    return tuple(out)


def self_costs(reading: FaceReading) -> tuple[Part, ...]:
    """The cost items the card pays with itself: a cost verb whose object is the card ("Discard
    Otawara", "Sacrifice this creature", "Exile ~ from your graveyard")."""
    out = []
    for item in cost_items(reading):
        m = _VERB.match(item.text)
        if m and reading.is_self(item.start + m.end(), item.start + m.end() + 1):
            out.append(item)
    return tuple(out)
