"""The OpenAPI document is built once per process: ninja would build it anew (~0.2 s of CPU) for every
GET of /api/openapi.json, and the hostile drive GETs it with every value it sends."""

from __future__ import annotations

import ninja.main
import pytest

from tolaria.site.api.api import api

pytestmark = pytest.mark.django_db


def test_the_document_is_built_once_and_served_whole(client, monkeypatch):
    api.__dict__.pop("_documents", None)  # as a process that has not served it yet
    built = []
    build = ninja.main.get_schema
    monkeypatch.setattr(ninja.main, "get_schema", lambda **kw: built.append(kw["path_prefix"]) or build(**kw))
    first = client.get("/api/openapi.json")
    again = client.get("/api/openapi.json")
    page = client.get("/api/docs")
    assert first.status_code == again.status_code == page.status_code == 200
    assert built == ["/api/"]
    assert first.content == again.content
    doc = first.json()
    assert doc["info"]["title"] == "Tolaria API" and "/api/cards/search" in doc["paths"]
    assert api.get_openapi_schema(path_params={}) is api.get_openapi_schema()


def test_another_path_prefix_is_a_document_of_its_own():
    assert set(api.get_openapi_schema(path_prefix="/elsewhere/")["paths"]) == {
        path.replace("/api/", "/elsewhere/", 1) for path in api.get_openapi_schema()["paths"]
    }
