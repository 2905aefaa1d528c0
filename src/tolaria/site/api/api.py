"""The JSON API (django-ninja; OpenAPI document at /api/openapi.json, docs at /api/docs,
Swagger UI at /api/docs/try).

Every failure answers Scryfall's error object: ninja's own answers (422 for a missing or invalid
parameter, HttpError, 404) are rewritten here; the non-JSON rest (unknown route, wrong method) in
`http.ApiMiddleware`."""

from __future__ import annotations

from django.http import Http404
from ninja import NinjaAPI
from ninja.errors import AuthenticationError, HttpError, ValidationError
from ninja.openapi.schema import OpenAPISchema

from tolaria.site.stores.figures import corpus_figures

from . import bulk, cards, collections_api, knowledge, rules, sets, symbology
from ._objects import error
from .http import CODES


class _OnceAPI(NinjaAPI):
    """NinjaAPI whose OpenAPI document is built once per process and path prefix: ninja builds it anew
    for every GET of /api/openapi.json (~0.2 s of CPU each), yet the routes are fixed once this module
    is imported. The document is shared: a caller reads it, never changes it."""

    _documents: dict[str, OpenAPISchema]

    def get_openapi_schema(self, *, path_prefix=None, path_params=None) -> OpenAPISchema:
        if path_prefix is None:
            path_prefix = self.get_root_path(path_params or {})
        documents = self.__dict__.setdefault("_documents", {})
        if path_prefix not in documents:
            documents[path_prefix] = super().get_openapi_schema(path_prefix=path_prefix)
        return documents[path_prefix]


# /api/docs is the site's own page of the routes (docs.py); Swagger UI, to try them, is at /api/docs/try
api = _OnceAPI(
    title="Tolaria API",
    version="1",
    description="Cards, rules, search and tags of Magic: The Gathering.",
    docs_url="/docs/try",
)


def _where(loc) -> str:
    parts = [str(p) for p in loc if p not in ("query", "body", "path", "form", "payload")]
    return ".".join(parts) or "the request"


@api.exception_handler(ValidationError)
def _invalid(request, exc: ValidationError):
    problems = [f"{_where(e.get('loc', ()))}: {e.get('msg', 'invalid')}" for e in exc.errors]
    return error(400, "bad_request", "Invalid request: " + "; ".join(problems), warnings=problems)


@api.exception_handler(HttpError)
def _http_error(request, exc: HttpError):
    return error(exc.status_code, CODES.get(exc.status_code, "error"), str(exc.message))


@api.exception_handler(AuthenticationError)
def _unauthenticated(request, exc):
    return error(401, "unauthorized", "This route needs a personal API token (Authorization: Bearer …) or a session.")


@api.exception_handler(Http404)
def _not_found(request, exc):
    return error(404, "not_found", str(exc) or "Not found.")


@api.get("/stats", tags=["catalog"], summary="Counts of the loaded data")
def stats(request):
    """The home page's figures: counted once per corpus version (stores.figures), never per request."""
    return {k: v for k, v in corpus_figures().items() if k != "sources"}


api.add_router("/cards", knowledge.similar_router)  # before cards: /cards/{id} would swallow /cards/{id}/similar
api.add_router("/cards", cards.router)
api.add_router("/search", knowledge.router)
api.add_router("/answers", knowledge.answers_router)
api.add_router("/rules", rules.router)
api.add_router("/glossary", rules.glossary_router)
api.add_router("/sets", sets.router)
api.add_router("/symbology", symbology.router)
api.add_router("/catalog", bulk.catalog_router)
api.add_router("/bulk-data", bulk.bulk_router)
api.add_router("/migrations", bulk.migrations_router)
api.add_router("/lists", collections_api.lists_router)
api.add_router("/decks", collections_api.decks_router)
