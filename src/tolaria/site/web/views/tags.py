"""The tags: every tag, and one tag's cards."""

from __future__ import annotations

import urllib.parse

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

from tolaria.search import QueryError, SearchRequest, search
from tolaria.site.catalog.repository import tag_counts, tag_is_stored
from tolaria.site.stores.card_index import current_index
from tolaria.site.stores.corpus_cache import CorpusCache
from tolaria.tags import default_taxonomy

from .. import presenters as p
from ._shared import query_int, result_rows

# the index's groups, once per corpus version and card index (a new tag pass publishes another): counting
# every tag's cards took 0.9 s of CPU on the full data, on every visit (issue 28 item 2)
_GROUPS = CorpusCache(size=1)


@require_GET
def tags_index(request):
    groups = _GROUPS.get_many(["groups"], lambda _: {"groups": _groups()})["groups"]
    return render(request, "web/tags_index.html", {"groups": groups})


def _groups() -> list:
    taxonomy = default_taxonomy()
    counts = tag_counts()
    groups: dict[str, list] = {}
    for tag_id, n in sorted(counts.items()):
        tag = _tag_def(taxonomy, tag_id)
        group = tag.group if tag else "Other tags"
        groups.setdefault(group, []).append(
            {"id": tag_id, "label": tag.label if tag else tag_id, "count": n, "kind": tag.kind if tag else ""}
        )
    return [(g, groups[g]) for g in p.TAG_GROUPS if g in groups] + [
        (g, v) for g, v in groups.items() if g not in p.TAG_GROUPS
    ]


def _tag_def(taxonomy, tag_id: str):
    try:
        return taxonomy.get(tag_id)
    except KeyError:  # an id of no family the taxonomy knows
        return None


@require_GET
def tag_page(request, tag_id: str):
    tag = _tag_def(default_taxonomy(), tag_id)
    if tag is None and not tag_is_stored(tag_id):
        raise Http404("No such tag.")
    page = query_int(request.GET.get("page"), 1)
    try:
        result = search(current_index(), SearchRequest(f'tag:"{tag_id}"', page=page))
    except QueryError:
        raise Http404("No such tag.") from None
    ctx = {
        "tag": tag,
        "tag_id": tag_id,
        "result": result,
        "rows": result_rows(result),
        "page": page,
        "kind_label": p.KIND_LABELS.get(tag.kind, tag.kind) if tag else "",
        "search_url": "/search?" + urllib.parse.urlencode({"q": f"tag:{tag_id}"}),
        "prev_url": f"?page={page - 1}" if page > 1 else "",
        "next_url": f"?page={page + 1}" if result.has_more else "",
    }
    return render(request, "web/tag.html", ctx)
