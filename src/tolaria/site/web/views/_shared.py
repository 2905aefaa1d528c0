"""Helpers more than one page group uses: a number from the query string, the rows of a page of cards, names for a near miss."""

from __future__ import annotations

import urllib.parse

from tolaria.cards import LANG_NAMES
from tolaria.site.card_links import card_url
from tolaria.site.catalog.repository import result_rows_data
from tolaria.site.catalog.services import suggest_names
from tolaria.site.stores.corpus_cache import CorpusCache

from .. import presenters as p
from ..images import image_source


def query_int(value, default: int, lo: int = 1, hi: int = 10**6) -> int:
    try:
        return max(lo, min(hi, int(value)))
    except (TypeError, ValueError):
        return default


_ROWS = CorpusCache()


def result_rows(result, *, full_text: bool = False) -> list[dict]:
    """The page's cards as rows (plain dicts): from the worker's cache, the rest in three queries."""
    keys = [(pid, oid, full_text) for pid, oid in zip(result.printing_ids, result.oracle_ids)]
    found = _ROWS.get_many(keys, _build_rows)
    return [found[k] for k in keys if k in found]


def _build_rows(keys: list) -> dict:
    cards, prints, sets = result_rows_data((pid, oid) for pid, oid, _ in keys)
    rows = {}
    for key in keys:
        pid, oid, full_text = key
        c, pr = cards.get(oid), prints.get(pid)
        if c is None or pr is None:
            continue
        faces = c.get("faces") or []
        usd = (pr.get("prices") or {}).get("usd")
        row = {
            "name": c["name"],
            "mana": p.mana_html(c.get("mana_cost", "")),
            "url": card_url(c["name"], pr["set_code"], pr["collector_number"]),
            "type_line": " // ".join(f.get("type_line", "") for f in faces if f.get("type_line")),
            "set_code": pr["set_code"].upper(),
            "set_name": sets.get(pr["set_code"], ""),
            "number": pr["collector_number"],
            "rarity": pr.get("rarity", ""),
            "price": p.money(usd, "usd") if usd is not None else "",
            "printed": pr.get("printed", ""),
            "lang": pr.get("lang", "en"),
            "html_lang": p.html_lang(pr.get("lang", "en")),
            "lang_name": LANG_NAMES.get(pr.get("lang", "en"), ""),
            "image": image_source(c, {**pr, "id": pid}),  # the printing's own image (a foreign one's too)
        }
        if full_text:
            row["faces"] = [
                {
                    "name": f.get("name", ""),
                    "mana": p.mana_html(f.get("mana_cost", "")),
                    "type_line": f.get("type_line", ""),
                    "text": p.text_html(f.get("oracle_text", "")),
                    "pt": f"{f['power']}/{f['toughness']}" if f.get("power") is not None else "",
                    "loyalty": f.get("loyalty"),
                    "defense": f.get("defense"),
                }
                for f in faces
            ]
        rows[key] = row
    return rows


def suggest_cards(q: str, limit: int = 5) -> list[dict]:
    """Fuzzy name matches for an empty result."""
    return [
        {"name": name, "url": "/search?" + urllib.parse.urlencode({"q": f'!"{name}"'})}
        for name in suggest_names(q, limit)
    ]
