"""Routers of the API, one module per area, imported here so they register on the one NinjaAPI."""

from .api import api
from .cards import router as cards_router
from .knowledge import router as knowledge_router
from .knowledge import similar_router
from .rules import glossary_router
from .rules import router as rules_router
from .sets import router as sets_router

api.add_router("/cards", similar_router)  # before cards: /cards/{id} would swallow /cards/{id}/similar
api.add_router("/cards", cards_router)
api.add_router("/search", knowledge_router)
api.add_router("/rules", rules_router)
api.add_router("/glossary", glossary_router)
api.add_router("/sets", sets_router)
from . import collections_api  # noqa: E402,F401  (lists and decks: /api/lists, /api/decks)
