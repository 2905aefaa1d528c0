"""/api/catalog/*, /api/bulk-data and /api/migrations, served from what the last ingest wrote."""

from __future__ import annotations

import orjson
from django.http import FileResponse, HttpRequest
from ninja import Router

from . import _bulk
from ._objects import error
from ._render import respond
from ._schemas import BulkDataListOut, BulkDataOut, CatalogOut, ErrorOut, MigrationListOut, MigrationOut

catalog_router = Router(tags=["catalog"])
bulk_router = Router(tags=["bulk data"])
migrations_router = Router(tags=["bulk data"])

CATALOGS = (
    "card-names",
    "artist-names",
    "word-bank",
    "supertypes",
    "card-types",
    "artifact-types",
    "battle-types",
    "creature-types",
    "enchantment-types",
    "land-types",
    "planeswalker-types",
    "spell-types",
    "powers",
    "toughnesses",
    "loyalties",
    "watermarks",
    "keyword-abilities",
    "keyword-actions",
    "ability-words",
    "flavor-words",
)
NOT_YET = "Nothing is written yet: the bulk files and catalogs are written after each ingest (tolaria ingest)."


def _catalogs() -> dict | None:
    index = _bulk.read_index()
    path = _bulk.path_of(index["catalogs"]) if index else None
    return orjson.loads(path.read_bytes()) if path and path.exists() else None


@catalog_router.get("/{name}", response={200: CatalogOut, 404: ErrorOut}, summary="One of Scryfall's catalogs")
def catalog(request: HttpRequest, name: str):
    if name not in CATALOGS:
        return error(404, "not_found", f"No catalog {name!r}; the catalogs are: {', '.join(CATALOGS)}.")
    catalogs = _catalogs()
    if catalogs is None:
        return error(404, "not_found", NOT_YET)
    values = catalogs.get(name, [])
    uri = request.build_absolute_uri(f"/api/catalog/{name}")
    return respond(request, {"object": "catalog", "uri": uri, "total_values": len(values), "data": values})


def _bulk_object(request: HttpRequest, entry: dict) -> dict:
    kind = entry["type"]
    name, description = _bulk.KINDS[kind]
    return {
        "object": "bulk_data",
        "id": _bulk.bulk_id(kind),
        "type": kind,
        "updated_at": entry["updated_at"],
        "uri": request.build_absolute_uri(f"/api/bulk-data/{_bulk.bulk_id(kind)}"),
        "name": name,
        "description": description,
        "size": entry["size"],
        "compressed_size": entry["compressed_size"],
        "download_uri": request.build_absolute_uri(f"/api/bulk-data/{kind}/download"),
        "jsonl_download_uri": request.build_absolute_uri(f"/api/bulk-data/{kind}/download.jsonl"),
        "jsonl_compressed_size": entry["jsonl_compressed_size"],
        "content_type": "application/json",
        "content_encoding": "gzip",
    }


def _entry(key: str) -> dict | None:
    index = _bulk.read_index()
    for entry in index["files"] if index else ():
        if key in (entry["type"], entry["type"].replace("_", "-"), _bulk.bulk_id(entry["type"])):
            return entry
    return None


@bulk_router.get("", response=BulkDataListOut, summary="The bulk files of the last ingest")
def bulk_data(request: HttpRequest):
    index = _bulk.read_index()
    data = [_bulk_object(request, e) for e in index["files"]] if index else []
    return respond(request, {"object": "list", "has_more": False, "data": data})


@bulk_router.get("/{key}", response={200: BulkDataOut, 404: ErrorOut}, summary="One bulk file by type or id")
def one_bulk(request: HttpRequest, key: str):
    entry = _entry(key)
    if entry is None:
        return error(404, "not_found", f"No bulk file {key!r}. {'' if _bulk.read_index() else NOT_YET}".strip())
    return respond(request, _bulk_object(request, entry))


def _serve(key: str, which: str, content_type: str):
    entry = _entry(key)
    path = _bulk.path_of(entry[which]) if entry else None
    if entry is None or path is None or not path.exists():
        return error(404, "not_found", f"No bulk file {key!r}.")
    response = FileResponse(path.open("rb"), content_type=content_type)
    for header, value in _bulk.download_headers(entry[which], content_type).items():
        response[header] = value
    return response


@bulk_router.get(
    "/{key}/download", summary="A bulk file: a JSON array, gzip-compressed", response={200: str, 404: ErrorOut}
)
def download(request: HttpRequest, key: str):
    return _serve(key, "file", "application/json")


@bulk_router.get(
    "/{key}/download.jsonl",
    summary="A bulk file as JSON lines: a .jsonl.gz file, as Scryfall's jsonl_download_uri serves it",
    response={200: str, 404: ErrorOut},
)
def download_lines(request: HttpRequest, key: str):
    return _serve(key, "jsonl_file", "application/gzip")


@migrations_router.get("", response=MigrationListOut, summary="Card id migrations (Scryfall's shape)")
def migrations(request: HttpRequest):
    # Tolaria keeps Scryfall's ids as MTGJSON gives them and never merges or deletes one of its own
    return respond(request, {"object": "list", "has_more": False, "data": []})


@migrations_router.get("/{id}", response={200: MigrationOut, 404: ErrorOut}, summary="One card id migration")
def one_migration(request: HttpRequest, id: str):
    return error(404, "not_found", f"No migration {id!r}: Tolaria has performed none.")
