"""Tags and classifications of cards: what a card *is* (attributes), what its text *does* (extracted
ability facts, each with the span of oracle text it was read from), what it is *about* (inferred themes,
with the facts they rest on), and what a model *guesses* (predicted tags, see ``tolaria.tags.predict``).

Never imports Django.
"""

from ._facets import facets_for
from ._model import KINDS, PREDICTED_UNAVAILABLE, CardTag, Evidence, TagDef
from ._tagger import Tagger, tag_card
from ._taxonomy import Taxonomy, default_taxonomy
from ._vocab import load_vocabulary

__all__ = [
    "load_vocabulary",
    "KINDS",
    "PREDICTED_UNAVAILABLE",
    "CardTag",
    "Evidence",
    "TagDef",
    "Tagger",
    "Taxonomy",
    "default_taxonomy",
    "facets_for",
    "tag_card",
]
