"""The JSON API (django-ninja; OpenAPI document at /api/openapi.json, docs at /api/docs)."""

from __future__ import annotations

from ninja import NinjaAPI

from tolaria.site.catalog.repository import stats as catalog_stats

api = NinjaAPI(title="Tolaria API", version="1", description="Cards, rules, search and tags of Magic: The Gathering.")


@api.get("/stats", tags=["catalog"], summary="Counts of the loaded data")
def stats(request):
    return catalog_stats()


def _register_routers() -> None:
    from . import routers  # noqa: F401  (each router module adds itself to `api`)


_register_routers()
