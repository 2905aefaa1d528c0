"""/api/cards/…: Scryfall's card routes — search, named, autocomplete, random, collection, a card by
its id in any catalogue, by set and collector number, its rulings — plus Tolaria's explained text."""

from __future__ import annotations

import csv
import gzip
import io
import re
from collections.abc import Callable, Iterator

import orjson
from django.conf import settings
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from ninja import Query, Router

from tolaria import decks
from tolaria.cards import IMAGE_SIZES, Card, Printing
from tolaria.rules.explain import card_structure, explained_dict
from tolaria.search import QueryError, SearchRequest, find_cards
from tolaria.site.accounts.api_auth import caller
from tolaria.site.catalog import repository
from tolaria.site.catalog.repository import card as load_card
from tolaria.site.catalog.repository import corpus_version, foreign_printing, load_printings, set_names
from tolaria.site.catalog.services import suggest_names
from tolaria.site.collections.services import search_lists
from tolaria.site.scryfall import card_object, card_objects, list_object, scryfall_text
from tolaria.site.stores import tags as tag_store
from tolaria.site.stores.card_index import autocomplete as autocomplete_names
from tolaria.site.stores.card_index import current_index

from . import _bulk_store
from . import _cards_data as data
from ._objects import absolute_with, error, json_response, query_error
from ._render import flag
from ._render import respond as _respond
from ._schemas import CardOut, CatalogOut, ErrorOut, RulingListOut, ScryfallListOut

router = Router(tags=["cards"])

ERRORS = {400: ErrorOut, 404: ErrorOut}
MAX_IDENTIFIERS = 75  # Scryfall's limit for /cards/collection


# --- search, named, autocomplete, random -----------------------------------------------------------

CSV_FIELDS = ("name", "set", "collector_number", "lang", "rarity", "mana_cost", "cmc", "type_line", "id", "oracle_id")


def _csv(cards: list[dict]) -> HttpResponse:
    """The page as CSV; a cell that a spreadsheet would run as a formula (a name such as "+2 Mace") is
    written as text, with a leading apostrophe (OWASP's CSV-injection rule, as every export of the site)."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(CSV_FIELDS)
    for card in cards:
        values = (card.get(f) for f in CSV_FIELDS)
        writer.writerow([decks.neutralised_cell("" if v is None else str(v)) for v in values])
    return HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")


@router.get(
    "/search",
    response={200: ScryfallListOut, **ERRORS},
    summary="Search cards with Scryfall syntax",
    description="Scryfall's list object of card objects, 175 a page; `next_page` is the next page's URL. "
    "A bad query answers 400 naming the position and what was expected; no match answers 404. "
    "`format=csv` answers the page as CSV.",
)
def search_cards(
    request: HttpRequest,
    q: str = Query(..., description="a Scryfall-syntax query"),
    unique: str = "cards",
    order: str = "name",
    dir: str = "auto",
    page: int = Query(1, ge=1, description="1 or more; past the last page answers 404"),
    include_extras: str = "",
    include_multilingual: str = "",
    include_variations: str = "",
    format: str = "json",
    pretty: str = "",
):
    if format not in ("json", "csv"):
        return error(400, "bad_request", f"format must be json or csv, not {format!r}")
    if flag(include_extras) and "include:extras" not in q.lower():  # Scryfall: same as include:extras in q
        q = f"{q} include:extras"
    searched = SearchRequest(
        q,
        unique=unique,
        order=order,
        direction=dir,
        page=page,
        user_lists=search_lists(caller(request), q),  # whose lists in:list/NAME searches
        multilingual=flag(include_multilingual),  # Scryfall: the printings in every language too
    )
    try:
        result = find_cards(current_index(), searched)
    except QueryError as exc:
        return query_error(exc)
    next_page = absolute_with(request, page=result.page + 1) if result.has_more else None
    body = list_object(request, result, next_page)
    if format == "csv":
        return _csv(body["data"])
    return _respond(request, body)


NO_IMAGES = (
    "This server links no card images (TOLARIA_IMAGE_BASE is off): format=image has no image "
    "to send; ask format=json or format=text."
)


def _bad_format(format: str) -> HttpResponse | None:
    """The card routes' `format` (json, text, image: Scryfall's request formats), checked first."""

    if format == "image" and settings.TOLARIA_IMAGE_BASE is None:
        return error(404, "not_found", NO_IMAGES, type="no_image")
    if format not in ("json", "text", "image"):
        return error(400, "bad_request", f"format must be json, text or image, not {format!r}")
    return None


def _card_answer(request: HttpRequest, body: dict, format: str = "json") -> HttpResponse:
    if format == "image":
        return _image_redirect(request, body)
    if format == "text":
        return HttpResponse(card_text(body), content_type="text/plain; charset=utf-8")
    return _respond(request, body)


def _image_redirect(request: HttpRequest, body: dict) -> HttpResponse:
    """Scryfall's `format=image`: a redirect to the card's image, `version` (default large) of the
    `face` (front, or back for a card printed on two sides)."""

    version, face = request.GET.get("version", "large"), request.GET.get("face", "front")
    if version not in IMAGE_SIZES:
        return error(400, "bad_request", f"version must be one of {', '.join(IMAGE_SIZES)}, not {version!r}")
    if face not in ("front", "back"):
        return error(400, "bad_request", f"face must be front or back, not {face!r}")
    faces = [f.get("image_uris") for f in body.get("card_faces") or []]
    uris = body.get("image_uris") or (faces[0] if faces else None)
    if face == "back":
        uris = faces[1] if len(faces) > 1 and not body.get("image_uris") else None
        if uris is None:
            return error(422, "unprocessable_entity", f"{body.get('name')} has no back face with an image of its own")
    if uris is None:
        return error(
            404, "not_found", f"No image is linked for {body.get('name')}: its id is not a Scryfall id", type="no_image"
        )
    return HttpResponseRedirect(uris[version])


def card_text(card: dict) -> str:
    """Scryfall's `format=text`: each face's name and cost, type line, text and stats."""
    blocks = []
    for face in card.get("card_faces") or [card]:
        lines = [f"{face['name']} {face.get('mana_cost') or ''}".rstrip(), face.get("type_line") or ""]
        if face.get("oracle_text"):
            lines.append(face["oracle_text"])
        if face.get("power") is not None:
            lines.append(f"{face['power']}/{face.get('toughness')}")
        if face.get("loyalty") is not None:
            lines.append(f"Loyalty: {face['loyalty']}")
        if face.get("defense") is not None:
            lines.append(f"Defense: {face['defense']}")
        blocks.append("\n".join(lines))
    return "\n----\n".join(blocks) + "\n"


@router.get(
    "/named",
    response={200: CardOut, **ERRORS},
    summary="One card by its exact or approximate name",
    description="`set` limits the answer to that set's printing (404 when the card is not in it); "
    "`format=text` answers plain text.",
)
def named(
    request: HttpRequest,
    exact: str | None = None,
    fuzzy: str | None = None,
    set: str | None = None,
    format: str = "json",
    pretty: str = "",
):
    if (bad := _bad_format(format)) is not None:
        return bad
    ambiguous = False
    if exact:
        oid, suggestions = data.exact_name(exact), []
        if oid is None:
            suggestions = suggest_names(exact)
    elif fuzzy:
        oid, suggestions, ambiguous = data.fuzzy_name(fuzzy, set)
    else:
        return error(400, "bad_request", "give exact= or fuzzy= with a card name")
    if oid is None and ambiguous:
        return error(
            404,
            "not_found",
            f"Too many cards match the name {fuzzy!r}: {', '.join(suggestions)}. Add more words to refine your search.",
            type="ambiguous",
            suggestions=suggestions,
        )
    if oid is None:
        name = exact or fuzzy
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        where = f" in the set {set!r}" if set and not exact else ""
        return error(404, "not_found", f"No card found named {name!r}{where}.{hint}", suggestions=suggestions)
    printing_id = None
    if set:
        printing_id = _printing_in_set(oid, set)
        if printing_id is None:
            return error(404, "not_found", f"{_known_card(oid).name!r} has no printing in the set {set!r}.")
    return _card_answer(request, _one_card(request, oid, printing_id), format)


def _printing_in_set(oracle_id: str, code: str) -> str | None:
    return repository.printing_in_set(oracle_id, code)


@router.get("/autocomplete", response=CatalogOut, summary="Up to 20 card names for a partial name (Scryfall catalog)")
def autocomplete(request: HttpRequest, q: str = "", include_extras: str = "", pretty: str = ""):
    names = autocomplete_names(q, include_extras=flag(include_extras))
    return _respond(request, {"object": "catalog", "total_values": len(names), "data": names})


@router.get("/random", response={200: CardOut, **ERRORS}, summary="A random card, optionally matching a query")
def random_card(request: HttpRequest, q: str | None = None, format: str = "json", pretty: str = ""):
    if (bad := _bad_format(format)) is not None:
        return bad
    try:
        pid, oid = data.random_card(q)
    except QueryError as exc:
        return query_error(exc)
    return _card_answer(request, card_objects(request, [(pid, oid)])[0], format)


MANIFEST_PAGE = 15000


@router.get(
    "/manifest",
    response={200: ScryfallListOut, 400: ErrorOut},
    summary="Every printing as a thin row (id, name, set, number, language), newest first, 15,000 a page",
)
def manifest(
    request: HttpRequest,
    lang: str = "",
    order: str = "released",
    page: int = Query(1, ge=1, description="1 or more; past the last page answers 404"),
):
    if order not in ("released", "imageupdated"):
        return error(400, "bad_request", f"order must be released or imageupdated, not {order!r}")
    rows, row_of, key = _manifest_source(lang.lower())
    return _manifest_page(request, rows, page, row_of, key)


def _manifest_source(lang: str) -> tuple[repository.ManifestRows, Callable[..., dict | None], str]:
    """The rows of the manifest in `lang` ("": every language's English printings), how a row becomes its
    object (None: left out), and the key its pages are kept by."""
    if lang and lang != "en" and repository.has_printings_in(lang):
        # the printings in one other language (MTGJSON foreignData), newest first
        return repository.ManifestRows(lang), _manifest_row, lang

    def english_row(pid, oid, printing_lang, name, code, number) -> dict | None:
        return None if lang and printing_lang != lang else _manifest_row(pid, oid, printing_lang, name, code, number)

    return repository.ManifestRows(), english_row, lang or "any"


MANIFEST_CACHE_SECONDS = 24 * 3600  # a page is keyed by the corpus version: a new version is new keys
_LANG_KEY = re.compile(r"[a-z]{1,8}(?:[-_][a-z]{1,8})?")  # a language code is a few letters


class _NoCache:
    def get(self, key):
        return None

    def set(self, key, value, timeout):
        return None


_NO_CACHE = _NoCache()


def _manifest_last(rows: repository.ManifestRows) -> int:
    return max(1, -(-rows.count() // MANIFEST_PAGE))


def _manifest_rows(rows: repository.ManifestRows, page: int, row_of) -> tuple[bool, list[dict]]:
    """One page's objects, and whether a page follows."""
    start = (page - 1) * MANIFEST_PAGE
    data = [row for values in rows[start : start + MANIFEST_PAGE + 1] if (row := row_of(*values)) is not None]
    return len(data) > MANIFEST_PAGE, data[:MANIFEST_PAGE]


def manifest_first_pages() -> Iterator[tuple[str, dict]]:
    """The manifest's first page in every language of the data (and of every language at once), with its
    number of pages: built with the Scryfall bulk files, once per corpus version, and published with them,
    so a server with a fresh data dir (a restored backup) reads them instead of computing each again
    (0.1-0.8 s of CPU a language on the full data). One language at a time: 15,000 rows each."""
    for lang in ["", "en", *repository.printing_languages()]:
        rows, row_of, key = _manifest_source(lang)
        if not _LANG_KEY.fullmatch(key):
            continue
        more, data = _manifest_rows(rows, 1, row_of)
        yield key, {"last": _manifest_last(rows), "has_more": more, "data": data}


def _stored_manifest(key: str) -> tuple[int, Callable[[], tuple[bool, list[dict]]]] | None:
    """The published first page of the manifest under `key` (its number of pages, and a reader of the
    page), when the bulk files published are of the corpus the database holds; None otherwise."""
    held = _bulk_store.current()
    if held is None or held[1].get("version") != corpus_version():
        return None
    folder, index = held
    entry = index.get("manifest", {}).get(key)
    if entry is None:
        return None

    def read() -> tuple[bool, list[dict]]:
        page = orjson.loads(gzip.decompress((folder / entry["file"]).read_bytes()))
        return page["has_more"], page["data"]

    return entry["last"], read


def _manifest_page(request: HttpRequest, rows: repository.ManifestRows, page: int, row_of, lang: str) -> HttpResponse:
    """One page of the manifest: `row_of(*values)` is a row's object, or None for a row left out. The
    first page of each language is read from the bulk files published for the corpus (computed once per
    corpus version, when they are built); the other pages are read once per corpus version and kept in
    the cache the workers share (an anonymous page of 15,000 rows in another language took seconds of
    the database's time on every request)."""
    # a language code is a few letters: anything else is read (an empty list) but not kept
    shared = cache if _LANG_KEY.fullmatch(lang) else _NO_CACHE
    stored = _stored_manifest(lang) if shared is cache else None
    prefix = f"api-manifest:v{corpus_version()}:{lang}"
    last = stored[0] if stored else shared.get(f"{prefix}:last")
    if last is None:
        last = _manifest_last(rows)
        shared.set(f"{prefix}:last", last, MANIFEST_CACHE_SECONDS)
    if page > last:  # before the database sees an offset past what its integers hold
        return error(404, "not_found", f"page {page} is past the last page ({last}) of the manifest")
    kept = stored[1]() if stored and page == 1 else shared.get(f"{prefix}:{page}")
    if kept is None:
        kept = _manifest_rows(rows, page, row_of)
        shared.set(f"{prefix}:{page}", kept, MANIFEST_CACHE_SECONDS)
    more, data = kept
    out = {"object": "list", "has_more": more, "data": data}
    if more:
        out["next_page"] = absolute_with(request, page=page + 1)
    return _respond(request, out)


def _manifest_row(pid: str, oid: str, lang: str, name: str, code: str, number: str) -> dict:
    return {
        "object": "card",
        "id": pid,
        "oracle_id": oid,
        "lang": lang,
        "name": name,
        "set_code": code,
        "collector_number": number,
        "image_updated_at": None,  # MTGJSON carries no image update time
    }


# --- collection ------------------------------------------------------------------------------------

IDENTIFIER_KINDS = (
    "id",
    "mtgo_id",
    "multiverse_id",
    "oracle_id",
    "illustration_id",
    "name",
    "name+set",
    "collector_number+set",
)


def _identifier_kind(ident: object) -> str | None:
    if not isinstance(ident, dict) or not ident or not all(isinstance(v, str | int) for v in ident.values()):
        return None
    keys = "+".join(sorted(ident, key=lambda k: (k == "set", k)))
    return keys if keys in IDENTIFIER_KINDS else None


def _find(kind: str, ident: dict) -> tuple[str, str] | None:
    """(printing id, oracle id) for one identifier of /cards/collection, or None."""
    value = str(ident.get(kind.split("+")[0], ""))
    if kind == "id":
        found = _resolve(value)
        row = (found[1], found[0]) if found and found[1] else None
    elif kind in ("mtgo_id", "multiverse_id"):
        row = _by_external("mtgo" if kind == "mtgo_id" else "multiverse", value)
    elif kind == "oracle_id":
        pid = data.default_printing_id(value)
        row = (pid, value) if pid else None
    elif kind == "illustration_id":
        row = _by_illustration(value)
    elif kind == "collector_number+set":
        row = repository.printing_numbered(str(ident["set"]).lower(), value)
    else:
        oid = data.exact_name(value)
        if oid is None:
            return None
        if kind == "name+set":
            pid = _printing_in_set(oid, str(ident["set"]))
        else:
            pid = data.default_printing_id(oid)
        row = (pid, oid) if pid else None
    return (row[0], row[1]) if row else None


def _by_illustration(illustration_id: str) -> tuple[str, str] | None:
    return repository.printing_with_illustration(illustration_id)


@router.post(
    "/collection",
    response={200: ScryfallListOut, 400: ErrorOut},
    summary="Up to 75 cards by any of Scryfall's identifiers",
    description='Body: `{"identifiers": [...]}` where each is `{"id"}`, `{"mtgo_id"}`, `{"multiverse_id"}`, '
    '`{"oracle_id"}`, `{"illustration_id"}`, `{"name"}`, `{"name", "set"}` or `{"collector_number", "set"}`. '
    "Identifiers that match nothing come back in `not_found`.",
)
def collection(request: HttpRequest):
    try:
        body = orjson.loads(request.body or b"null")
    except orjson.JSONDecodeError as exc:
        return error(400, "bad_request", f"the body is not JSON: {exc}")
    identifiers = body.get("identifiers") if isinstance(body, dict) else None
    if not isinstance(identifiers, list) or not identifiers:
        return error(400, "bad_request", 'send {"identifiers": [...]} with at least one identifier')
    if len(identifiers) > MAX_IDENTIFIERS:
        return error(
            400, "bad_request", f"at most {MAX_IDENTIFIERS} identifiers a request; this one has {len(identifiers)}"
        )
    found, not_found, warnings = [], [], []
    for i, ident in enumerate(identifiers):
        kind = _identifier_kind(ident)
        if kind is None:
            warnings.append(f"identifier {i + 1} is not one of: {', '.join(IDENTIFIER_KINDS)}")
            not_found.append(ident)
            continue
        hit = _find(kind, ident)
        if hit is None:
            not_found.append(ident)
        else:
            found.append(hit)
    out = {"object": "list", "has_more": False, "not_found": not_found, "data": card_objects(request, found)}
    if warnings:
        out["warnings"] = warnings
    return _respond(request, out)


# --- one card by its id in another catalogue -------------------------------------------------------


def _by_external(kind: str, value: str) -> tuple[str, str] | None:
    return repository.printing_by_external_id(kind, value)


def _external_card(request: HttpRequest, kind: str, value: str, label: str, format: str = "json"):
    if (bad := _bad_format(format)) is not None:
        return bad
    found = _by_external(kind, str(value))
    if found is None:
        return error(404, "not_found", f"No card found with the {label} {value}.")
    return _card_answer(request, _one_card(request, found[1], found[0]), format)


def _external_rulings(request: HttpRequest, kind: str, value: str, label: str):
    found = _by_external(kind, str(value))
    if found is None:
        return error(404, "not_found", f"No card found with the {label} {value}.")
    return _rulings(request, found[1])


def _add_external(kind: str, label: str) -> None:
    @router.get(
        f"/{kind}/{{id}}",
        response={200: CardOut, 404: ErrorOut},
        summary=f"One card by its {label}",
        operation_id=f"card_by_{kind}",
    )
    def by_id(request: HttpRequest, id: int, format: str = "json", pretty: str = ""):
        return _external_card(request, kind, str(id), label, format)

    if kind in ("multiverse", "mtgo", "arena"):

        @router.get(
            f"/{kind}/{{id}}/rulings",
            response={200: RulingListOut, 404: ErrorOut},
            summary=f"The rulings of a card by its {label}",
            operation_id=f"rulings_by_{kind}",
        )
        def rulings_by_id(request: HttpRequest, id: int, pretty: str = ""):
            return _external_rulings(request, kind, str(id), label)


for _kind, _label in (
    ("multiverse", "Gatherer multiverse id"),
    ("mtgo", "MTGO id"),
    ("arena", "MTG Arena id"),
    ("tcgplayer", "TCGplayer product id"),
    ("cardmarket", "Cardmarket product id"),
):
    _add_external(_kind, _label)


# --- one card, its rulings ------------------------------------------------------------------------


def _known_card(oracle_id: str) -> Card:
    """The card of an oracle id the index or a printing gave; a 404 if the database no longer holds it."""
    card = load_card(oracle_id)
    if card is None:
        raise Http404(oracle_id)
    return card


def _one_card(request: HttpRequest, oracle_id: str, printing_id: str | None = None) -> dict:
    card = _known_card(oracle_id)
    if printing_id is None:
        printing_id = data.default_printing_id(oracle_id)
    printing = load_printings([printing_id], other_languages=True).get(printing_id) if printing_id else None
    names = set_names([printing.set_code]) if printing else {}
    out = card_object(request, card, printing, names.get(printing.set_code) if printing else None)
    out["tolaria_rulings"] = [{"published_at": r.date, "source": r.source, "comment": r.text} for r in card.rulings]
    out["tolaria_tags"] = card_tags(oracle_id)

    out["tolaria"] = {"structure": card_structure(card)}  # each face read as abilities (issue 12)
    return out


def card_tags(oracle_id: str) -> list[dict]:
    """The card's tags ({id, label, group, kind, evidence, confidence}), as the tags store holds them."""

    return tag_store.card_tags(oracle_id)


def ruling_objects(card: Card) -> list[dict]:
    return [
        {
            "object": "ruling",
            "oracle_id": card.oracle_id,
            "source": r.source,
            "published_at": r.date,
            "comment": scryfall_text(r.text),
        }
        for r in card.rulings
    ]


def _rulings(request: HttpRequest, oracle_id: str):
    card = _known_card(oracle_id)
    rulings = ruling_objects(card)
    return _respond(request, {"object": "list", "has_more": False, "data": rulings})


def _resolve(id: str) -> tuple[str, str | None] | None:
    """(oracle id, printing id or None) for a Scryfall printing id or an oracle id."""
    return repository.card_and_printing(id)


def _not_found(id: str):
    return error(404, "not_found", f"No card found with the given ID or oracle ID {id!r}.")


def _by_number(code: str, number: str, lang: str | None = None) -> Printing | None:
    """The printing of a set by collector number, in English or (lang) in another language."""

    printings = repository.printings_numbered(code, number)
    lang = (lang or "").lower() or None
    for p in printings:
        if lang is None or p.lang == lang:
            return p
    if lang is None:
        return None
    for p in printings:
        found = foreign_printing(p.id, lang)
        if found is not None:
            return found
    return None


@router.get(
    "/{id}/rulings",
    response={200: RulingListOut, 404: ErrorOut},
    summary="The rulings of a card by its Scryfall id (or oracle id)",
)
def card_rulings(request: HttpRequest, id: str, pretty: str = ""):
    found = _resolve(id)
    if found is None:
        return _not_found(id)
    return _rulings(request, found[0])


@router.get(
    "/{id}/explained",
    response={200: dict, 404: ErrorOut},
    summary="A card's text with every keyword and rules term explained",
    description="Per face, the oracle text as plain and linked segments; each link names its rule, title and the rule texts.",
)
def card_explained(request: HttpRequest, id: str):
    found = _resolve(id)
    if found is None:
        return _not_found(id)
    card = _known_card(found[0])
    return json_response(explained_dict(card))


@router.get(
    "/{code}/{number}/rulings",
    response={200: RulingListOut, 404: ErrorOut},
    summary="The rulings of a card by set code and collector number",
)
def rulings_by_number(request: HttpRequest, code: str, number: str, pretty: str = ""):
    printing = _by_number(code, number)
    if printing is None:
        return error(404, "not_found", f"No card found with the set code {code!r} and collector number {number!r}.")
    return _rulings(request, printing.oracle_id)


@router.get(
    "/{id}",
    response={200: CardOut, 404: ErrorOut},
    summary="One card by Scryfall printing id or oracle id",
    description="The card object plus its rulings and tags under `tolaria_rulings` and `tolaria_tags`.",
)
def card_by_id(request: HttpRequest, id: str, format: str = "json", pretty: str = ""):
    if (bad := _bad_format(format)) is not None:
        return bad
    found = _resolve(id)
    if found is None:
        return _not_found(id)
    oracle_id, printing_id = found
    return _card_answer(request, _one_card(request, oracle_id, printing_id), format)


@router.get(
    "/{code}/{number}",
    response={200: CardOut, 404: ErrorOut},
    summary="One card by set code and collector number",
    operation_id="card_by_number",
)
def card_by_number(request: HttpRequest, code: str, number: str, format: str = "json", pretty: str = ""):
    return _number_card(request, code, number, None, format)


@router.get(
    "/{code}/{number}/{lang}",
    response={200: CardOut, 404: ErrorOut},
    summary="One card by set code, collector number and language",
    operation_id="card_by_number_and_lang",
)
def card_by_number_lang(
    request: HttpRequest, code: str, number: str, lang: str, format: str = "json", pretty: str = ""
):
    return _number_card(request, code, number, lang, format)


def _number_card(request: HttpRequest, code: str, number: str, lang: str | None, format: str = "json"):
    if (bad := _bad_format(format)) is not None:
        return bad
    printing = _by_number(code, number, lang)
    if printing is None:
        where = f" in {lang!r}" if lang else ""
        return error(
            404, "not_found", f"No card found with the set code {code!r} and collector number {number!r}{where}."
        )
    return _card_answer(request, _one_card(request, printing.oracle_id, printing.id), format)
