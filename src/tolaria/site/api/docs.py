"""/api/docs: the API's routes as a page of the site, written from the OpenAPI document on the server
(one request, the site's header and stylesheet, readable on a phone). Swagger UI, for trying the routes
in the browser, stays at /api/docs/try: it is a 1.5 MB script that shows "LOADING" until it has run."""

from __future__ import annotations

from typing import Any

from django.shortcuts import render
from django.views.decorators.http import require_GET

from .api import api

METHODS = ("get", "post", "put", "patch", "delete")


def _type(schema: dict[str, Any]) -> str:
    if not schema:
        return ""
    if "anyOf" in schema:
        return " or ".join(t for t in (_type(s) for s in schema["anyOf"]) if t and t != "null")
    if "$ref" in schema:
        return schema["$ref"].rsplit("/", 1)[-1]
    if schema.get("type") == "array":
        return f"list of {_type(schema.get('items') or {})}".strip()
    kind = schema.get("type", "")
    if "enum" in schema:
        return f"{kind}: " + ", ".join(str(v) for v in schema["enum"])
    return kind


def _routes(doc: dict[str, Any]) -> list[dict[str, Any]]:
    """The routes grouped by their tag, in the document's order."""
    groups: dict[str, list[dict[str, Any]]] = {}
    for path, item in doc.get("paths", {}).items():
        for method in METHODS:
            op = item.get(method)
            if op is None:
                continue
            params = [
                {
                    "name": p.get("name", ""),
                    "where": p.get("in", ""),
                    "required": bool(p.get("required")),
                    "type": _type(p.get("schema") or {}),
                    "default": (p.get("schema") or {}).get("default"),
                    "description": p.get("description") or (p.get("schema") or {}).get("description", ""),
                }
                for p in op.get("parameters", [])
            ]
            body = op.get("requestBody", {}).get("content", {})
            tag = (op.get("tags") or ["other"])[0]
            groups.setdefault(tag, []).append(
                {
                    "method": method.upper(),
                    "path": path,
                    "anchor": op.get("operationId", f"{method}-{path}"),
                    "summary": op.get("summary", ""),
                    "description": op.get("description", ""),
                    "params": params,
                    "body": ", ".join(body),
                    "responses": [(code, r.get("description", "")) for code, r in op.get("responses", {}).items()],
                    "auth": bool(op.get("security")),
                }
            )
    return [{"tag": tag, "routes": routes} for tag, routes in groups.items()]


@require_GET
def docs_page(request):
    doc = api.get_openapi_schema(path_params={})  # built once per process (api._OnceAPI)
    groups = _routes(doc)
    return render(
        request,
        "api/docs.html",
        {
            "info": doc.get("info", {}),
            "groups": groups,
            "count": sum(len(g["routes"]) for g in groups),
            "openapi_url": "/api/openapi.json",
            "swagger_url": "/api/docs/try",
        },
    )
