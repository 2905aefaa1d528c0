"""A card's page: by its printing (set, number, name) or by its oracle id."""

from __future__ import annotations

import urllib.parse

from django.http import Http404, HttpResponseRedirect
from django.shortcuts import render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_GET

from tolaria.cards import LANG_CODES, LANG_NAMES, Printing
from tolaria.search import facts_of, missing_price_reason
from tolaria.site.card_links import card_url
from tolaria.site.catalog.repository import default_printing_address
from tolaria.site.stores import card_pages
from tolaria.site.stores import similar as similar_store
from tolaria.site.stores import tags as tag_store
from tolaria.site.stores.card_index import current_index

from .. import presenters as p


def _reverse(name: str, fallback: str, query: str = "") -> str:
    try:
        url = reverse(name)
    except NoReverseMatch:
        return fallback
    return url + query


@require_GET
def card_by_id(request, oracle_id: str):
    address = default_printing_address(oracle_id)
    if address is None:
        raise Http404("No card with this id.")
    return HttpResponseRedirect(p.printing_url(address, address.name))


@require_GET
def card_page(request, set_code: str, number: str, slug: str = ""):
    # two queries at most: the printing with its price points, and its card's rows (one query, kept by
    # the worker for the corpus version: a card seen before costs none)
    data = card_pages.page_data(set_code.lower(), number)
    if data is None:
        raise Http404("No such printing.")
    card = data.card.card
    others = data.card.printings
    by_id = {o["id"]: o for o in others}
    current = by_id[data.printing_id]
    if slug != p.card_slug(card.name):
        return HttpResponseRedirect(card_url(card.name, current["set_code"], current["collector_number"]))
    printing = Printing.from_dict(current)
    set_rows = data.card.sets
    sets = {code: row["name"] for code, row in set_rows.items()}
    printings = []
    for o in others:
        usd = (o.get("prices") or {}).get("usd")
        printings.append(
            {
                "url": card_url(card.name, o["set_code"], o["collector_number"]),
                "set_code": o["set_code"].upper(),
                "set_name": sets.get(o["set_code"], o["set_code"].upper()),
                "number": o["collector_number"],
                "rarity": o.get("rarity", ""),
                "released_at": o["released_at"],
                "price": p.money(usd, "usd") if usd is not None else "",
                "current": o["id"] == printing.id,
                "symbol": p.set_symbol(
                    o["set_code"], set_rows.get(o["set_code"], {}).get("keyrune_code", ""), o.get("rarity", "")
                ),
            }
        )
    languages = _languages(card, printing, data.card.foreign, by_id, sets)
    points = data.price_points
    explained = p.explained(card)
    faces = []
    for i, face in enumerate(card.faces):
        flavor = printing.flavor_texts[i] if i < len(printing.flavor_texts) else ""
        faces.append(
            {
                "face": face,
                "segments": explained[i] if i < len(explained) else [{"html": p.text_html(face.oracle_text)}],
                "mana": p.mana_html(face.mana_cost),
                "flavor": p.text_html(flavor) if flavor else "",
                "index": i,
            }
        )

    tag_groups, predicted = p.tag_groups(data.card.tags)
    similar = [
        {**item, "url": card_url(oracle_id=item["oracle_id"])} for item in similar_store.similar_to(card.oracle_id)
    ]
    here = request.get_full_path()
    facts = facts_of(current_index())
    # the card's own legalities name every format its data judges; the others read "Unknown"
    legalities = p.legality_rows(card.legalities, set(card.legalities))
    ctx = {
        "card": card,
        "printing": printing,
        "faces": faces,
        "set_name": sets.get(printing.set_code, printing.set_code.upper()),
        "set_symbol": p.set_symbol(
            printing.set_code, set_rows.get(printing.set_code, {}).get("keyrune_code", ""), printing.rarity
        ),
        "flippable": card.layout in p.TRANSFORMING and len(card.faces) > 1,
        "prices": p.price_list(printing.prices),
        "price_unknown": missing_price_reason(facts),
        "data_date": facts.data_date,
        "unknown_formats": [r["format"] for r in legalities if r["status"] == "unknown"],
        "data_dated": facts.dated(),
        "chart": p.price_chart(points),
        "legalities": legalities,
        "printings": printings,
        "printing_rows": p.printing_rows_html(printings),
        "languages": languages,
        "tag_groups": tag_groups,
        "predicted": predicted,
        "predicted_available": tag_store.predicted_available(),
        "similar": similar,
        "similar_status": similar_store.status(),
        "save_url": _reverse("collections:save_card", "/accounts/login/?next=" + urllib.parse.quote(here)),
        "deck_url": _reverse(
            "collections:start_deck",
            "/accounts/login/?next=" + urllib.parse.quote(here),
            "?" + urllib.parse.urlencode({"card": card.oracle_id}),
        ),
        "login_url": "/accounts/login/?next=" + urllib.parse.quote(here),
        "mana_value": f"{card.mana_value:g}",
    }
    return render(request, "web/card.html", ctx)


def _languages(
    card, printing, rows: list[tuple[str, str, str]], prints: dict[str, dict], sets: dict[str, str]
) -> list[dict]:
    """The card's printed names by language (MTGJSON foreignData): this printing's own where it was
    printed in the language, else the newest printing's that was; each with a search for the card's
    printings in that language."""
    chosen: dict[str, tuple[tuple, str, str]] = {}
    for pid, lang, name in rows:
        o = prints.get(pid)
        if o is None or not name:
            continue
        rank = (pid == printing.id, o["released_at"], o["set_code"], o["collector_number"])
        if lang not in chosen or rank > chosen[lang][0]:
            chosen[lang] = (rank, name, pid)
    out = []
    for lang in sorted(chosen, key=LANG_CODES.index):
        _, name, pid = chosen[lang]
        o = prints[pid]
        out.append(
            {
                "lang": lang,
                "html_lang": p.html_lang(lang),
                "language": LANG_NAMES[lang],
                "name": name,
                "where": "" if pid == printing.id else f"{sets.get(o['set_code'], o['set_code'].upper())}",
                "search": "/search?" + urllib.parse.urlencode({"q": f'!"{card.name}" lang:{lang}', "unique": "prints"}),
            }
        )
    return out
