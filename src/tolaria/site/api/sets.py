"""/api/sets: the sets of the loaded data (Scryfall's list of set objects)."""

from __future__ import annotations

import orjson
from django.db.models import Count
from django.http import HttpRequest
from ninja import Router

from tolaria.site.catalog import models as m

from ._objects import error, json_response

router = Router(tags=["sets"])


def set_object(row: m.CardSet, printed: int) -> dict:
    data = orjson.loads(row.data)
    return {
        "object": "set",
        "code": row.code,
        "name": row.name,
        "set_type": row.set_type,
        "released_at": row.released_at or None,
        "block": data.get("block") or None,
        "parent_set_code": data.get("parent_code") or None,
        "digital": bool(data.get("digital")),
        "card_count": data.get("card_count", 0),
        "printings_here": printed,
    }


def _counts() -> dict[str, int]:
    return dict(m.Printing.objects.values("set_code").annotate(n=Count("id")).values_list("set_code", "n"))


@router.get("", response=dict, summary="Every set, newest first")
def sets(request: HttpRequest):
    counts = _counts()
    rows = m.CardSet.objects.order_by("-released_at", "code")
    data = [set_object(r, counts.get(r.code, 0)) for r in rows]
    return json_response({"object": "list", "has_more": False, "total_sets": len(data), "data": data})


@router.get("/{code}", response={200: dict, 404: dict}, summary="One set by its code")
def one_set(request: HttpRequest, code: str):
    row = m.CardSet.objects.filter(code=code.lower()).first()
    if row is None:
        return error(404, "not_found", f"No set with the code {code!r}.")
    return json_response(set_object(row, m.Printing.objects.filter(set_code=row.code).count()))
