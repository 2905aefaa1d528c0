"""Search field families: one class per family, registered by keyword and alias.

Each family class is built from one query term (keyword, operator, value) and answers two ways:
``matches(card, printing)`` (the plain per-card predicate: the specification) and
``mask(index)`` (the vectorized evaluation over all printings: the speed).
"""

from . import colors, facets, flags, legal, mana, meta, printing, stats, text  # noqa: F401  (registers)
from ._base import FAMILIES, TOPICS, Family, Ignored, help_order, lookup

__all__ = ["FAMILIES", "TOPICS", "Family", "Ignored", "help_order", "lookup"]
