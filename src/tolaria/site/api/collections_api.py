"""Lists and decks as JSON: /api/lists and /api/decks.

Scripts authenticate with a personal token from the account page (`Authorization: Bearer <token>`);
the site's own pages may use the session (with a CSRF token on every write). Reading an unlisted or
public list or deck needs no authentication; a private one answers 404 to everyone but its owner.
"""

from __future__ import annotations

from typing import Literal

from django.http import HttpResponse
from django.urls import reverse
from ninja import Query, Router, Schema, Status
from ninja.errors import HttpError

from tolaria import decks
from tolaria.decks import DecklistTooLarge
from tolaria.site.accounts.api_auth import AUTH, caller
from tolaria.site.catalog.services import suggest_names
from tolaria.site.collections import jobs
from tolaria.site.collections import services as svc
from tolaria.site.collections.models import CardList, Deck, ImportJob, zone_counts
from tolaria.site.collections.services.deck_export import LEFT_OUT_HEADER, left_out_header

from ._schemas import ErrorOut

Visibility = Literal["private", "unlisted", "public"]
Zone = Literal["commander", "main", "sideboard", "maybeboard"]


def _guard(fn, *args, **kwargs):
    try:
        return fn(*args, **kwargs)
    except svc.CollectionError as exc:
        raise HttpError(400, str(exc)) from None


# ------------------------------------------------------------------------------------------
# Schemas


# a failure here answers Scryfall's error object, as every /api/ route does (api.py's handlers)
Error = ErrorOut


class ListIn(Schema):
    name: str
    notes: str = ""
    visibility: Visibility = "private"


class ListPatch(Schema):
    name: str | None = None
    notes: str | None = None
    visibility: Visibility | None = None


class ListCardIn(Schema):
    card: str  # oracle id or exact card name
    printing: str = ""
    quantity: int = 1


class ListCardOut(Schema):
    id: int
    oracle_id: str
    name: str
    quantity: int
    printing_id: str | None
    set_code: str | None
    collector_number: str | None
    finish: str = ""
    price_usd: float | None
    price_note: str | None = None  # "no price for this printing", or the cheapest printing's price when none is chosen


class ListSummary(Schema):
    token: str
    name: str
    visibility: str
    is_default: bool
    url: str
    cards: int


class ListOut(Schema):
    token: str
    name: str
    notes: str
    visibility: str
    is_default: bool
    owner: str
    url: str
    cards: list[ListCardOut]
    total_usd: float


class DeckIn(Schema):
    name: str = ""
    format: str = ""
    description: str = ""
    visibility: Visibility = "private"
    card: str | None = None  # a first card (oracle id or name); the commander when it can be one
    as_commander: bool | None = None


class DeckPatch(Schema):
    name: str | None = None
    format: str | None = None
    description: str | None = None
    visibility: Visibility | None = None


class DeckCardIn(Schema):
    card: str  # oracle id or exact card name
    quantity: int = 1
    zone: Zone = "main"
    printing: str = ""
    finish: Literal["", "foil", "etched"] = ""
    tags: list[str] = []


class UnresolvedOut(Schema):
    """An imported line that names no known card, waiting for the user to pick one of the suggestions."""

    id: int
    name: str
    quantity: int
    zone: str
    set: str
    collector_number: str
    suggestions: list[str]


class TypedCardIn(Schema):
    text: str  # what a player types in the deck page's add box: "4 bolt", "Sol Ring"
    zone: Zone = "main"


class ResolveIn(Schema):
    card: str  # the card the unresolved line meant: oracle id or exact name (one of its suggestions)


class DeckCardPatch(Schema):
    zone: Zone | None = None
    quantity: int | None = None
    printing: str | None = None  # a printing id of the row's card; "" for none
    finish: Literal["", "foil", "etched"] | None = None


class DeckCardOut(Schema):
    id: int
    oracle_id: str
    name: str
    zone: str
    quantity: int
    printing_id: str | None
    set: str | None = None  # the printing's set, or the set as pasted where the data has no such printing
    collector_number: str | None = None
    printing_note: str | None = None  # why a pasted printing is not in the data
    price_usd: float | None
    price_note: str | None = None  # "no price for this printing", or the cheapest printing's price when none is chosen
    finish: str = ""
    tags: list[str] = []


class ProblemOut(Schema):
    code: str
    message: str
    card: str


class StatsOut(Schema):
    cards: int  # the deck proper: commander and main deck, as the deck page's header counts
    sideboard: int
    maybeboard: int
    curve: dict[str, int]
    pips: dict[str, int]
    produced: dict[str, int]
    types: dict[str, int]
    average_mana_value: float
    price_total_usd: float  # of the deck proper and the sideboard: priced_cards + unpriced_cards cards
    priced_cards: int
    unpriced_cards: int


class DeckSummary(Schema):
    token: str
    name: str
    format: str
    visibility: str
    url: str
    cards: int  # the deck proper (commander and main deck), as the pages count
    sideboard: int
    maybeboard: int


class DeckOut(Schema):
    token: str
    name: str
    format: str
    format_label: str
    description: str
    visibility: str
    owner: str
    url: str
    cards: list[DeckCardOut]  # one page of the deck's rows (DECK_API_PAGE); `next_page` reads the next one
    total_rows: int = 0  # the deck's rows, on every page (a row: one card in one zone, printing and finish)
    page: int = 1
    has_more: bool = False  # more rows on the next page (Scryfall's lists: `has_more`, `next_page`)
    next_page: str | None = None
    unresolved: list[UnresolvedOut] = []
    legal: bool
    summary: str
    problems: list[ProblemOut]
    stats: StatsOut


class ImportIn(Schema):
    text: str


class UnknownName(Schema):
    name: str
    suggestions: list[str]


class ImportOut(Schema):
    ok: bool  # nothing pasted was lost: every line is a deck row or kept as written (unknown); `lost` is empty
    format: str  # the detected format's key (arena, mtgo, mtgo_dek, moxfield, archidekt, plain, csv_…)
    format_label: str
    added: int
    rows: int
    unknown: list[UnknownName]  # kept in the deck as unresolved rows
    errors: list[str]
    warnings: list[str]
    lost: list[str] = []  # what was pasted and is not in the deck (unreadable lines, values dropped), in words


class ImportJobOut(Schema):
    object: str = "import_job"
    id: int
    state: Literal["queued", "running", "done", "failed"]
    total: int  # lines to read
    done: int  # lines read so far
    url: str  # this job, to poll
    result: ImportOut | None = None  # the outcome, once the state is done
    error: str | None = None  # why it failed (nothing was added then)


# ------------------------------------------------------------------------------------------
# Serialisers


def _list_out(card_list: CardList) -> dict:
    rows, total = svc.list_rows(card_list)
    return {
        "token": card_list.token,
        "name": card_list.name,
        "notes": card_list.notes,
        "visibility": card_list.visibility,
        "is_default": card_list.is_default,
        "owner": card_list.owner.username,
        "url": reverse("collections:list_detail", args=[card_list.token]),
        "total_usd": total,
        "cards": [
            {
                "id": r.id,
                "oracle_id": r.oracle_id,
                "name": r.name,
                "quantity": r.quantity,
                "printing_id": r.printing.id if r.printing else None,
                "set_code": r.printing.set_code if r.printing else None,
                "collector_number": r.printing.collector_number if r.printing else None,
                "finish": r.finish,
                "price_usd": r.price,
                "price_note": r.price_note or None,
            }
            for r in rows
        ],
    }


DECK_API_PAGE = 500  # a deck's rows in one answer; a longer deck's are read page by page (?page=2)


def _deck_out(deck: Deck, request=None, page: int = 1) -> dict:
    """The deck as the API answers it: every figure (statistics, legality, unresolved lines) of the whole deck,
    its rows one page at a time (`page`, from 1; past the last: none), as Scryfall pages a list: `has_more`
    and the URL of the `next_page`."""
    view = svc.deck_view(deck)
    s = view.stats
    start = (page - 1) * DECK_API_PAGE
    rows = view.rows[start : start + DECK_API_PAGE]
    if page > 1 and not rows:
        raise HttpError(404, f"This deck has {len(view.rows)} rows: page {page} holds none.")
    has_more = start + DECK_API_PAGE < len(view.rows)
    next_page = None
    if has_more:
        path = reverse("api-1:get_deck", args=[deck.token]) + f"?page={page + 1}"
        next_page = request.build_absolute_uri(path) if request is not None else path
    return {
        "token": deck.token,
        "name": deck.name,
        "format": deck.format,
        "format_label": deck.format_label,
        "description": deck.description,
        "visibility": deck.visibility,
        "owner": deck.owner.username,
        "url": reverse("collections:deck_detail", args=[deck.token]),
        "cards": [
            {
                "id": r.id,
                "oracle_id": r.oracle_id,
                "name": r.name,
                "zone": r.zone,
                "quantity": r.quantity,
                "printing_id": r.printing.id if r.printing else None,
                "set": r.printing.set_code if r.printing else (r.pasted_set or None),
                "collector_number": r.printing.collector_number if r.printing else (r.pasted_number or None),
                "printing_note": r.pasted_note or None,  # why a pasted printing is not in the data
                "price_usd": r.price,
                "price_note": r.price_note or None,
                "finish": r.finish,
                "tags": list(r.tags),
            }
            for r in rows
        ],
        "total_rows": len(view.rows),
        "page": page,
        "has_more": has_more,
        "next_page": next_page,
        "unresolved": [
            {
                "id": u.id,
                "name": u.name,
                "quantity": u.quantity,
                "zone": u.zone,
                "set": u.set_code,
                "collector_number": u.collector_number,
                "suggestions": u.suggestions,
            }
            for u in view.unresolved
        ],
        "legal": view.validation.legal,
        "summary": view.validation.summary,
        "problems": [{"code": p.code, "message": p.message, "card": p.card} for p in view.validation.problems],
        "stats": {
            "cards": s.cards,
            "sideboard": view.counts[decks.SIDEBOARD],
            "maybeboard": view.counts[decks.MAYBEBOARD],
            "curve": {(str(k) if k < 7 else "7+"): v for k, v in s.curve.items()},
            "pips": s.pips,
            "produced": s.produced,
            "types": s.types,
            "average_mana_value": s.average_mana_value,
            "price_total_usd": s.price_total,
            "priced_cards": s.priced_cards,
            "unpriced_cards": s.unpriced_cards,
        },
    }


def _card(value: str):
    card = svc.resolve_card(value)
    if card is None:
        suggestions = suggest_names(value) if value else []
        raise HttpError(
            404, f"No card is named {value!r}." + (f" Did you mean: {', '.join(suggestions)}?" if suggestions else "")
        )
    return card


# ------------------------------------------------------------------------------------------
# Lists

lists_router = Router(tags=["lists"])


def _own_list(request, token) -> CardList:
    card_list = svc.owned_list(request.auth, token)
    if card_list is None:
        raise HttpError(404, "No such list.")
    return card_list


@lists_router.get("", response=list[ListSummary], auth=AUTH, summary="Your lists")
def my_lists(request):
    return [
        {
            "token": cl.token,
            "name": cl.name,
            "visibility": cl.visibility,
            "is_default": cl.is_default,
            "url": reverse("collections:list_detail", args=[cl.token]),
            "cards": sum(i.quantity for i in cl.items.all()),  # cards, not rows
        }
        for cl in CardList.objects.filter(owner=request.auth).prefetch_related("items")
    ]


@lists_router.post("", response={201: ListOut, 400: Error}, auth=AUTH, summary="Create a list")
def create_list(request, body: ListIn):
    card_list = _guard(svc.create_list, request.auth, body.name, body.notes, body.visibility)
    return Status(201, _list_out(card_list))


@lists_router.get(
    "/{token}", response={200: ListOut, 404: Error}, auth=None, summary="A list with its cards and prices"
)
def get_list(request, token: str):
    card_list = svc.visible_list(caller(request), token)
    if card_list is None:
        raise HttpError(404, "No such list.")
    return _list_out(card_list)


@lists_router.patch(
    "/{token}",
    response={200: ListOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Rename a list, change notes or visibility",
)
def patch_list(request, token: str, body: ListPatch):
    card_list = _own_list(request, token)
    _guard(svc.edit_list, card_list, name=body.name, notes=body.notes, visibility=body.visibility)
    return _list_out(card_list)


@lists_router.delete("/{token}", response={204: None, 404: Error}, auth=AUTH, summary="Delete a list")
def delete_list(request, token: str):
    _own_list(request, token).delete()
    return Status(204, None)


@lists_router.post(
    "/{token}/cards", response={200: ListOut, 400: Error, 404: Error}, auth=AUTH, summary="Add a card to a list"
)
def add_list_card(request, token: str, body: ListCardIn):
    card_list = _own_list(request, token)
    card = _card(body.card)
    if body.quantity < 1 or body.quantity > svc.MAX_QUANTITY:
        raise HttpError(400, f"A quantity is between 1 and {svc.MAX_QUANTITY}.")
    _guard(
        svc.save_card,
        request.auth,
        card.oracle_id,
        printing_id=body.printing,
        list_id=card_list.pk,
        quantity=body.quantity,
    )
    return _list_out(card_list)


class ListCardPatch(Schema):
    quantity: int | None = None  # 0 removes the card
    printing: str | None = None  # a printing id of the card; "" for none
    finish: Literal["", "foil", "etched"] | None = None


@lists_router.patch(
    "/{token}/cards/{item_id}",
    response={200: ListOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Set a list card's quantity, printing or finish",
)
def patch_list_card(request, token: str, item_id: int, body: ListCardPatch):
    card_list = _own_list(request, token)
    if not card_list.items.filter(pk=item_id).exists():
        raise HttpError(404, "That card is not in this list.")
    _guard(svc.set_item_quantity, card_list, item_id, body.quantity, printing=body.printing, finish=body.finish)
    return _list_out(card_list)


@lists_router.delete(
    "/{token}/cards/{item_id}", response={204: None, 404: Error}, auth=AUTH, summary="Remove a card from a list"
)
def delete_list_card(request, token: str, item_id: int):
    card_list = _own_list(request, token)
    if not card_list.items.filter(pk=item_id).delete()[0]:
        raise HttpError(404, "That card is not in this list.")
    return Status(204, None)


@lists_router.get(
    "/{token}/export", auth=None, summary="A list as CSV or text", response={200: str, 400: Error, 404: Error}
)
def export_list(request, token: str, format: Literal["csv", "text"] = "csv"):
    card_list = svc.visible_list(caller(request), token)
    if card_list is None:
        raise HttpError(404, "No such list.")
    if format == "csv":
        return HttpResponse(svc.list_csv(card_list), content_type="text/csv; charset=utf-8")
    return HttpResponse(svc.list_text(card_list), content_type="text/plain; charset=utf-8")


# ------------------------------------------------------------------------------------------
# Decks

decks_router = Router(tags=["decks"])


def _own_deck(request, token) -> Deck:
    deck = svc.owned_deck(request.auth, token)
    if deck is None:
        raise HttpError(404, "No such deck.")
    return deck


@decks_router.get("", response=list[DeckSummary], auth=AUTH, summary="Your decks")
def my_decks(request):
    return [
        {
            "token": d.token,
            "name": d.name,
            "format": d.format,
            "visibility": d.visibility,
            "url": reverse("collections:deck_detail", args=[d.token]),
            **_counts(d),
        }
        for d in Deck.objects.filter(owner=request.auth).prefetch_related("cards")
    ]


def _counts(deck: Deck) -> dict[str, int]:
    counts = zone_counts(deck.cards.all())
    return {"cards": counts["deck"], "sideboard": counts[decks.SIDEBOARD], "maybeboard": counts[decks.MAYBEBOARD]}


@decks_router.get("/formats", response=list[dict], auth=None, summary="Deck formats and their rules")
def formats(request):
    return [
        {
            "key": f.key,
            "label": f.label,
            "min_size": f.min_size,
            "exact_size": f.exact_size,
            "copy_limit": f.copy_limit,
            "sideboard_max": f.sideboard_max,
            "commander": f.commander,
        }
        for f in decks.FORMATS.values()
    ]


@decks_router.get(
    "/autocomplete",
    response=dict,
    auth=None,
    summary="Card names for the deck editor's add box, the card players mean first (Scryfall catalog)",
)
def deck_autocomplete(request, q: str = ""):
    """As /api/cards/autocomplete, ordered for a deck: names where every typed word is whole first, then
    by EDHREC rank (`bolt` offers Lightning Bolt before Flame-Blessed Bolt)."""
    names = svc.typed_matches(q, limit=20) if q.strip() else []
    return {"object": "catalog", "total_values": len(names), "data": names}


@decks_router.post(
    "",
    response={201: DeckOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Create a deck, optionally with a first card",
)
def create_deck(request, body: DeckIn):
    card = _card(body.card) if body.card else None
    deck = _guard(
        svc.create_deck,
        request.auth,
        body.name,
        body.format,
        card=card,
        description=body.description,
        visibility=body.visibility,
        as_commander=body.as_commander,
    )
    return Status(201, _deck_out(deck, request))


@decks_router.get(
    "/{token}",
    response={200: DeckOut, 404: Error},
    auth=None,
    summary="A deck with its validation and statistics; its rows a page at a time",
)
def get_deck(
    request, token: str, page: int = Query(1, ge=1, le=10_000, description="1 or more; past the last page answers 404")
):
    """The deck; its rows DECK_API_PAGE at a time: while `has_more`, `next_page` is the URL of the next page
    (every other field is the whole deck's on every page)."""
    deck = svc.visible_deck(caller(request), token)
    if deck is None:
        raise HttpError(404, "No such deck.")
    return _deck_out(deck, request, page)


@decks_router.patch(
    "/{token}",
    response={200: DeckOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Change a deck's name, format, description or visibility",
)
def patch_deck(request, token: str, body: DeckPatch):
    deck = _own_deck(request, token)
    _guard(
        svc.edit_deck,
        deck,
        name=body.name,
        format_key=body.format,
        description=body.description,
        visibility=body.visibility,
    )
    return _deck_out(deck, request)


@decks_router.delete("/{token}", response={204: None, 404: Error}, auth=AUTH, summary="Delete a deck")
def delete_deck(request, token: str):
    _own_deck(request, token).delete()
    return Status(204, None)


@decks_router.post(
    "/{token}/cards",
    response={200: DeckOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Add a card to a zone of a deck",
)
def add_deck_card(request, token: str, body: DeckCardIn):
    deck = _own_deck(request, token)
    card = _card(body.card)
    if body.quantity < 1:
        raise HttpError(400, "A quantity is at least 1.")
    _guard(svc.add_card, deck, card, body.quantity, body.zone, body.printing, finish=body.finish, tags=body.tags)
    return _deck_out(deck, request)


@decks_router.patch(
    "/{token}/cards/{row_id}",
    response={200: DeckOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Move a card to another zone or set its quantity (0 removes it)",
)
def patch_deck_card(request, token: str, row_id: int, body: DeckCardPatch):
    deck = _own_deck(request, token)
    if not deck.cards.filter(pk=row_id).exists():
        raise HttpError(404, "That card is not in this deck.")
    _guard(
        svc.update_card,
        deck,
        row_id,
        zone=body.zone,
        quantity=body.quantity,
        printing=body.printing,
        finish=body.finish,
    )
    return _deck_out(deck, request)


@decks_router.post(
    "/{token}/typed",
    response={200: DeckOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Add a card as typed in the editor: the quantity first (4 bolt), a name or the start of one",
)
def add_typed_card(request, token: str, body: TypedCardIn):
    deck = _own_deck(request, token)
    quantity, card, names = svc.card_for_typed_name(body.text, deck.format)
    if card is None:  # several cards fit (or none): nothing is added, the names to choose from are said
        raise HttpError(
            404,
            f"No card is named exactly {body.text!r}." + (f" Did you mean: {', '.join(names)}?" if names else ""),
        )
    _guard(svc.add_card, deck, card, quantity, body.zone)
    return _deck_out(deck, request)


@decks_router.post(
    "/{token}/unresolved/{line_id}",
    response={200: DeckOut, 400: Error, 404: Error},
    auth=AUTH,
    summary="Resolve an imported line that named no known card: it becomes a row of the card picked",
)
def resolve_line(request, token: str, line_id: int, body: ResolveIn):
    deck = _own_deck(request, token)
    if not deck.unresolved.filter(pk=line_id).exists():
        raise HttpError(404, "That line is not waiting in this deck.")
    _guard(svc.resolve_unresolved, deck, line_id, _card(body.card))
    return _deck_out(deck, request)


@decks_router.delete(
    "/{token}/unresolved/{line_id}",
    response={204: None, 404: Error},
    auth=AUTH,
    summary="Drop an imported line that named no known card",
)
def drop_line(request, token: str, line_id: int):
    deck = _own_deck(request, token)
    if not deck.unresolved.filter(pk=line_id).exists():
        raise HttpError(404, "That line is not waiting in this deck.")
    svc.drop_unresolved(deck, line_id)
    return Status(204, None)


@decks_router.delete(
    "/{token}/cards/{row_id}",
    response={204: None, 400: Error, 404: Error},
    auth=AUTH,
    summary="Remove a card from a deck",
)
def delete_deck_card(request, token: str, row_id: int):
    deck = _own_deck(request, token)
    if not deck.cards.filter(pk=row_id).exists():
        raise HttpError(404, "That card is not in this deck.")
    _guard(svc.update_card, deck, row_id, quantity=0)
    return Status(204, None)


@decks_router.post(
    "/{token}/import",
    response={200: ImportOut, 202: ImportJobOut, 400: ImportOut, 404: Error, 413: Error},
    auth=AUTH,
    summary="Add a decklist in any format the deck page reads; names it cannot find are kept as unresolved rows",
)
def import_deck(request, token: str, body: ImportIn):
    """A list of at most 100 lines is imported at once (200, the outcome); a longer one becomes a job
    (202, the job with its ``url``), read at /api/decks/{token}/imports/{id} until its state is done."""
    deck = _own_deck(request, token)
    try:
        result = jobs.import_or_job(deck, body.text)
    except DecklistTooLarge as exc:
        raise HttpError(413, str(exc)) from None
    if isinstance(result, ImportJob):
        return Status(202, jobs.job_out(result))
    return Status(400 if result.rows == 0 and not result.unknown else 200, svc.result_out(result))


@decks_router.get(
    "/{token}/imports/{job_id}",
    response={200: ImportJobOut, 404: Error},
    auth=AUTH,
    summary="How far an import job is, and its outcome when done",
)
def import_job(request, token: str, job_id: int):
    deck = _own_deck(request, token)
    job = deck.import_jobs.filter(pk=job_id).first()
    if job is None:
        raise HttpError(404, "No such import in this deck.")
    return jobs.job_out(job)


@decks_router.get(
    "/{token}/export", auth=None, summary="A deck as text, MTG Arena or MTGO .dek", response={200: str, 404: Error}
)
def export_deck(
    request,
    token: str,
    format: Literal[
        "text",
        "arena",
        "mtgo",
        "mtgo_txt",
        "moxfield",
        "archidekt",
        "csv_moxfield",
        "csv_archidekt",
        "csv_deckbox",
        "csv_manabox",
    ] = "text",
):
    deck = svc.visible_deck(caller(request), token)
    if deck is None:
        raise HttpError(404, "No such deck.")
    done = svc.deck_export(deck, format)
    response = HttpResponse(done.text, content_type=done.content_type)
    if done.left_out:  # what the format has no place for (a maybeboard in Arena): said, not dropped in silence
        response[LEFT_OUT_HEADER] = left_out_header(done.left_out)
    return response
