"""Pages for lists and decks. Reading a private list or deck that is not yours answers 404 (its
existence is not revealed); every write needs the owner's session and a CSRF token."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlencode, urlparse

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from tolaria.decks import (
    FORMATS,
    MAIN,
    MAX_BYTES,
    ZONE_LABELS,
    ZONES,
    DecklistTooLarge,
    DecklistUnreadable,
    charts,
    commander_reason,
    decode_decklist,
    printing_of_line,
)

from . import jobs, pending, saved
from . import services as svc
from .models import VISIBILITY_CHOICES, CardList, Deck, ImportJob
from .services.deck_export import LEFT_OUT_HEADER, left_out_header


def _safe_next(request, fallback: str) -> str:
    candidates = [request.POST.get("next"), request.GET.get("next")]
    referer = request.META.get("HTTP_REFERER")
    if referer:
        parts = urlparse(referer)
        if parts.netloc == request.get_host():
            candidates.append(parts.path + (f"?{parts.query}" if parts.query else ""))
    for target in candidates:
        if target and url_has_allowed_host_and_scheme(
            target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
        ):
            return target
    return fallback


def _login_redirect(request, next_url: str):
    return redirect(f"{settings.LOGIN_URL}?next={quote(next_url)}")


# ------------------------------------------------------------------------------------------
# Saving a card


@require_POST
def save_card(request):
    """One click from a card page or a search result: put the card in a list (the default one unless
    `list` or `new_list` says otherwise) and go back where the user was."""
    back = _safe_next(request, "/")
    if not request.user.is_authenticated:
        pending.remember_save(
            request, request.POST.get("card", ""), request.POST.get("printing", ""), request.POST.get("list")
        )
        messages.info(request, "Log in or sign up to save this card: it is saved as soon as you are in.")
        return _login_redirect(request, back)
    held = (
        None
        if request.POST.get("again") == "1"
        else saved.already_saved(
            request.user, request.POST.get("card", ""), request.POST.get("list"), request.POST.get("new_list", "")
        )
    )
    if held is not None:  # a second save says so: "Add another copy" (again=1) adds one
        target, copies = held
        name = target.items.filter(oracle_id=request.POST.get("card", "")).values_list("card_name", flat=True).first()
        messages.info(
            request,
            f"{name} is already in “{target.name}” ({copies} {'copy' if copies == 1 else 'copies'}): nothing was "
            "added. To add one more, press “Add another copy”.",
        )
        return redirect(back)
    try:
        target, item = svc.save_card(
            request.user,
            request.POST.get("card", ""),
            printing_id=request.POST.get("printing", ""),
            list_id=request.POST.get("list"),
            new_list=request.POST.get("new_list", ""),
        )
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    url = reverse("collections:list_detail", args=[target.token])
    messages.success(request, f"Saved {item.card_name} to “{target.name}” ({item.quantity} there now).")
    response = redirect(back)
    response["X-Tolaria-List"] = url
    return response


# ------------------------------------------------------------------------------------------
# Lists


@login_required
@require_GET
def lists(request):
    return render(
        request,
        "collections/lists.html",
        {
            "lists": CardList.objects.filter(owner=request.user).prefetch_related("items"),
            "visibility_choices": VISIBILITY_CHOICES,
        },
    )


@login_required
@require_POST
def list_create(request):
    try:
        card_list = svc.create_list(
            request.user,
            request.POST.get("name", ""),
            request.POST.get("notes", ""),
            request.POST.get("visibility", "private"),
        )
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
        return redirect("collections:lists")
    return redirect("collections:list_detail", card_list.token)


def _visible_list(request, token):
    card_list = svc.visible_list(request.user, token)
    if card_list is None:
        raise Http404("No such list.")
    return card_list


def _owned_list(request, token):
    card_list = svc.owned_list(request.user, token)
    if card_list is None:
        raise Http404("No such list.")
    return card_list


@require_GET
def list_detail(request, token):
    card_list = _visible_list(request, token)
    rows, total = svc.list_rows(card_list)
    return render(
        request,
        "collections/list_detail.html",
        {
            "card_list": card_list,
            "rows": rows,
            "total": total,
            # "$0.00" for cards the data has no price for would be a price: the total says what it leaves out
            "unpriced": sum(1 for r in rows if r.line_total is None),
            "is_owner": card_list.owned_by(request.user),
            "visibility_choices": VISIBILITY_CHOICES,
            "card_count": sum(r.quantity for r in rows),
            "printing_choices": svc.printing_choices(r.oracle_id for r in rows)
            if card_list.owned_by(request.user)
            else {},
        },
    )


@login_required
@require_POST
def list_edit(request, token):
    card_list = _owned_list(request, token)
    try:
        svc.edit_list(
            card_list,
            name=request.POST.get("name", ""),
            notes=request.POST.get("notes", ""),
            visibility=request.POST.get("visibility", card_list.visibility),
        )
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "List saved.")
    return redirect("collections:list_detail", card_list.token)


@login_required
@require_POST
def list_delete(request, token):
    card_list = _owned_list(request, token)
    card_list.delete()
    messages.success(request, f"Deleted the list “{card_list.name}”.")
    return redirect("collections:lists")


@login_required
@require_POST
def list_item(request, token, item_id: int):
    card_list = _owned_list(request, token)
    quantity = 0 if "remove" in request.POST else request.POST.get("quantity")
    try:
        svc.set_item_quantity(
            card_list, item_id, quantity, printing=request.POST.get("printing"), finish=request.POST.get("finish")
        )
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
    return redirect("collections:list_detail", card_list.token)


@require_GET
def list_export(request, token):
    card_list = _visible_list(request, token)
    kind = request.GET.get("format", "csv")
    slug = "".join(ch if ch.isalnum() else "-" for ch in card_list.name).strip("-") or "list"
    if kind == "csv":
        response = HttpResponse(svc.list_csv(card_list), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{slug}.csv"'
    elif kind == "text":
        response = HttpResponse(svc.list_text(card_list), content_type="text/plain; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{slug}.txt"'
    else:
        return HttpResponse("Export formats are csv and text.", status=400, content_type="text/plain")
    return response


# ------------------------------------------------------------------------------------------
# Decks


@login_required
@require_GET
def decks(request):
    return render(
        request,
        "collections/decks.html",
        {
            "decks": Deck.objects.filter(owner=request.user).prefetch_related("cards"),
            "formats": FORMATS.values(),
        },
    )


@require_GET
def public_decks(request):
    """Decks their owners made public (unlisted and private ones never appear), newest first,
    by format and by a card they hold; no account needed to read them."""

    decks = Deck.objects.filter(visibility="public").select_related("owner").prefetch_related("cards")
    fmt = request.GET.get("format", "any")  # "" is a format of its own: casual decks
    if fmt in FORMATS:
        decks = decks.filter(format=fmt)
    card_name = request.GET.get("card", "").strip()
    card = svc.resolve_card(card_name) if card_name else None
    if card is not None:
        decks = decks.filter(cards__oracle_id=card.oracle_id).distinct()
    elif card_name:
        decks = decks.none()
    page = Paginator(decks, 50).get_page(request.GET.get("page"))
    return render(
        request,
        "collections/public_decks.html",
        {
            "page": page,
            "formats": [(key, f.label) for key, f in FORMATS.items()],
            "format": fmt,
            "card_name": card_name,
            "card": card,
            "unknown_card": bool(card_name) and card is None,
        },
    )


def start_deck(request):
    """GET: a form to pick a format and a name for a new deck, with `?card=` as its first card.
    POST: create the deck (the card goes in the command zone when it can be a commander and the
    format has one)."""
    card = svc.resolve_card(request.POST.get("card") or request.GET.get("card") or "")
    if not request.user.is_authenticated:
        if request.method == "POST":
            messages.info(request, "Log in to start a deck.")
        return _login_redirect(
            request,
            request.get_full_path()
            if request.method == "GET"
            else (reverse("collections:start_deck") + (f"?card={card.oracle_id}" if card else "")),
        )
    can_command = card is not None and commander_reason(card) is None
    if request.method == "POST":
        try:
            as_commander = request.POST.get("as_commander") == "1" if "commander_choice" in request.POST else None
            deck = svc.create_deck(
                request.user,
                request.POST.get("name", ""),
                request.POST.get("format", ""),
                card=card,
                description=request.POST.get("description", ""),
                visibility=request.POST.get("visibility", "private"),
                as_commander=as_commander,
            )
        except svc.CollectionError as exc:
            messages.error(request, str(exc))
        else:
            started = f"Started the deck “{deck.name}”" + (f" with {card.name}." if card else ".")
            messages.success(request, started)
            return redirect("collections:deck_detail", deck.token)
    elif request.method != "GET":
        return HttpResponse(status=405)
    default_format = "commander" if can_command else "modern"
    if card is not None and card.legalities.get(default_format) not in ("legal", "restricted"):
        default_format = next(
            (k for k in ("commander", "modern", "legacy", "vintage") if card.legalities.get(k) == "legal"), ""
        )
    return render(
        request,
        "collections/start_deck.html",
        {
            "card": card,
            "can_command": can_command,
            "formats": FORMATS.values(),
            "default_format": default_format,
            "visibility_choices": VISIBILITY_CHOICES,
            "missing_card": bool(request.GET.get("card")) and card is None,
        },
    )


def _visible_deck(request, token):
    deck = svc.visible_deck(request.user, token)
    if deck is None:
        raise Http404("No such deck.")
    return deck


def _owned_deck(request, token):
    deck = svc.owned_deck(request.user, token)
    if deck is None:
        raise Http404("No such deck.")
    return deck


def _asked(request, name: str) -> str:
    """A parameter of the deck page kept through every change made on it: from the form (its hidden field),
    the query, or the page the form was sent from."""
    asked = request.POST.get(name) or request.GET.get(name)
    if not asked:
        referer = request.META.get("HTTP_REFERER")
        if referer and urlparse(referer).netloc == request.get_host():
            asked = parse_qs(urlparse(referer).query).get(name, [""])[0]
    return asked or ""


def _group(request) -> str:
    """The grouping the page was asked for (?group=tags), kept through every change made on it."""
    return "tags" if _asked(request, "group") == "tags" else "type"


_NUMBER = re.compile(r"[0-9]{1,9}")  # a page or a row id as a link writes it (not "²", not 4,300 digits)

UNRESOLVED = "unresolved"  # the deck page's section of imported lines that named no card (paged as a zone is)


def _pages(request) -> dict[str, int]:
    """The page of each section the deck page was asked for (?main_page=3), kept through every change made on
    it; the first page of a section not named."""
    out = {}
    for zone in (*ZONES, UNRESOLVED):
        asked = _asked(request, f"{zone}_page")
        if _NUMBER.fullmatch(asked):
            out[zone] = int(asked)
    return out


def _deck_query(group: str, pages: dict[str, int], **more) -> str:
    """The deck page's query string ("" or "?..."): the grouping and the pages that are not the first."""
    params = [("group", "tags")] if group == "tags" else []
    params += [(f"{zone}_page", str(n)) for zone, n in pages.items() if n > 1]
    params += [(k, str(v)) for k, v in more.items()]
    return "?" + urlencode(params) if params else ""


def _back_to_deck(request, deck, anchor: str = ""):
    """To the deck page as it was (its grouping, each section's page); to a row's page when `anchor` is a row."""
    url = reverse("collections:deck_detail", args=[deck.token])
    row = {"row": anchor[4:]} if anchor.startswith("row-") and _NUMBER.fullmatch(anchor[4:]) else {}
    url += _deck_query(_group(request), _pages(request), **row)
    return redirect(url + (f"#{anchor}" if anchor else ""))


def _page_links(page: int, pages: int, url) -> list[tuple[str, str]]:
    """A pager's links as (label, url; "" for the page shown): the first and last pages, the three on either
    side of the one shown, and "…" where pages are skipped."""
    if pages <= 1:
        return []
    wanted = sorted({1, pages, *range(max(1, page - 3), min(pages, page + 3) + 1)})
    out: list[tuple[str, str]] = []
    for i, n in enumerate(wanted):
        if i and n != wanted[i - 1] + 1:
            out.append(("…", ""))
        out.append((str(n), "" if n == page else url(n)))
    return out


def _undo_of(request, deck) -> dict | None:
    """The last change to undo, once, for the Undo beside its message: the card added by typing (the row
    still there), or the row just removed (to put back: what it was is kept in the session until then)."""
    undo = request.session.pop("deck_undo", None)
    if not undo or undo.get("deck") != deck.token:
        return None
    if undo.get("kind") == "restore":
        removed = request.session.get("deck_removed") or {}
        return undo if removed.get("deck") == deck.token else None
    if not deck.cards.filter(pk=undo.get("row")).exists():
        return None
    return undo


# what a removed row was, to put it back as it was (its printing, finish, tags and printing as pasted)
_REMOVED_FIELDS = ("oracle_id", "card_name", "quantity", "zone", "printing_id", "finish", "tags", "cat_id")
_REMOVED_PASTED = ("set_code", "collector_number")


def _keep_removed(request, deck, row) -> None:
    kept = {f: getattr(row, f) for f in (*_REMOVED_FIELDS, *_REMOVED_PASTED)}
    kept["tags"] = list(kept["tags"] or [])
    request.session["deck_removed"] = {"deck": deck.token, **kept}
    label = f"{row.quantity} {row.card_name}"
    request.session["deck_undo"] = {"deck": deck.token, "kind": "restore", "label": label}


def _deck_page(
    request,
    deck,
    *,
    import_result=None,
    import_text="",
    import_error="",
    status=200,
    add_text="",
    add_choices=None,
    import_job=None,
):
    view = svc.deck_view(deck)
    group = _group(request)
    asked = _pages(request)
    row = request.GET.get("row", "")
    sections = view.sections(group, asked, row=int(row) if _NUMBER.fullmatch(row) else None)
    shown_pages = {s.zone: s.page for s in sections}
    unresolved = Paginator(view.unresolved, svc.DECK_PAGE_ROWS).get_page(asked.get(UNRESOLVED, 1))
    shown_pages[UNRESOLVED] = unresolved.number
    base = reverse("collections:deck_detail", args=[deck.token])

    def link_to(section: str):
        def url(n: int) -> str:
            return base + _deck_query(group, {**shown_pages, section: n}) + f"#zone-{section}"

        return url

    for s in sections:
        s.links = _page_links(s.page, s.pages, link_to(s.zone))
    shown_rows = [r for s in sections for r in s.rows]
    is_owner = deck.owned_by(request.user)
    return render(
        request,
        "collections/deck_detail.html",
        {
            "deck": deck,
            "view": view,
            "sections": sections,
            "section_pages": [(z, n) for z, n in shown_pages.items() if n > 1],
            "unresolved_page": unresolved,
            "unresolved_links": _page_links(unresolved.number, unresolved.paginator.num_pages, link_to(UNRESOLVED)),
            "group": group,
            "add_text": add_text,
            "printing_choices": svc.printing_choices(r.oracle_id for r in shown_rows) if is_owner else {},
            "add_choices": add_choices,
            "undo": _undo_of(request, deck),
            "validation": view.validation,
            "stats": view.stats,
            "curve_svg": charts.mana_curve(view.stats),
            "colors_svg": charts.color_balance(view.stats),
            "types_svg": charts.type_breakdown(view.stats),
            "is_owner": is_owner,
            "zone_choices": [(z, ZONE_LABELS[z]) for z in ZONES],
            "formats": FORMATS.values(),
            "visibility_choices": VISIBILITY_CHOICES,
            "import_result": import_result,
            "import_job": import_job,
            "import_text": import_text,
            "import_error": import_error,
            "export_formats": [(k, label) for k, (label, _, _) in svc.EXPORT_FORMATS.items()],
            "export_left_out": svc.export_left_out(view),
        },
        status=status,
    )


@require_GET
def deck_detail(request, token):
    deck = _visible_deck(request, token)
    return _deck_page(request, deck, import_job=_import_job(request, deck))


@login_required
@require_POST
def deck_edit(request, token):
    deck = _owned_deck(request, token)
    try:
        svc.edit_deck(
            deck,
            name=request.POST.get("name", ""),
            format_key=request.POST.get("format", deck.format),
            description=request.POST.get("description", ""),
            visibility=request.POST.get("visibility", deck.visibility),
        )
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(request, "Deck saved.")
    return redirect("collections:deck_detail", deck.token)


@login_required
@require_POST
def deck_delete(request, token):
    deck = _owned_deck(request, token)
    deck.delete()
    messages.success(request, f"Deleted the deck “{deck.name}”.")
    return redirect("collections:decks")


@login_required
@require_POST
def deck_add(request, token):
    deck = _owned_deck(request, token)
    typed = request.POST.get("name", "").strip()
    answer = svc.typed_card(typed, deck.format)
    quantity, card = answer.line.quantity, answer.card
    if card is None:
        # no card clearly meant: nothing is added; the page offers the cards to choose from, the likely
        # one first, and the add box holds it, so Enter takes it (each choice adds the typed quantity)
        name = answer.line.name or typed
        typed_quantity = answer.line.quantity_typed
        choices = [(f"{quantity} {c.name}" if typed_quantity else c.name, c.name) for c in answer.choices]
        messages.error(
            request,
            f"No card is named “{name}”."
            + (f" Press Enter for {choices[0][1]}, or choose below." if choices else " Check the spelling."),
        )
        return _deck_page(request, deck, add_text=choices[0][0] if choices else typed, add_choices=choices, status=200)
    if request.POST.get("quantity") and not answer.line.quantity_typed:
        quantity = request.POST.get("quantity")  # the quantity field, unless one was typed with the name
    # "4 Opt (DOM) 60" names a printing: the data's, as the importer finds it; one the data lacks is kept as typed
    printing, why = printing_of_line(
        answer.line.set_code,
        answer.line.number,
        svc.printings_by_preference([card.oracle_id]).get(card.oracle_id, []) if answer.line.set_code else [],
        svc.set_codes() if answer.line.set_code else None,
    )
    try:
        row = svc.add_card(
            deck,
            card,
            quantity,
            request.POST.get("zone") or MAIN,
            printing.id if printing else "",
            set_code="" if printing else answer.line.set_code,
            collector_number="" if printing else answer.line.number,
        )
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
        return _deck_page(request, deck, add_text=typed)
    if why:
        printed = f"({answer.line.set_code.upper()}) {answer.line.number}".strip()
        messages.warning(
            request, f"{card.name} {printed}: {why}; the card was added by its name, with the set and number as typed."
        )
    added = int(quantity)
    # the page says which card it took for what was typed, and offers to take it back
    messages.success(request, f"Added {added} {card.name} for “{typed}”." if answer.guessed else f"Added {card.name}.")
    request.session["deck_undo"] = {
        "deck": deck.token,
        "row": row.pk,
        "before": max(row.quantity - added, 0),
        "label": f"{added} {card.name}",
    }
    return _back_to_deck(request, deck, "add")


@login_required
@require_POST
def deck_card(request, token, row_id: int):
    deck = _owned_deck(request, token)
    try:
        if "remove" in request.POST:
            removed = deck.cards.filter(pk=row_id).first()
            svc.update_card(deck, row_id, quantity=0)
            if request.POST.get("undo"):
                messages.success(request, f"Undone: took out {request.POST['undo'][:120]}.")
            elif removed is not None:
                messages.success(request, f"Took out {removed.quantity} {removed.card_name}.")
                _keep_removed(request, deck, removed)
        else:
            note = svc.update_card(
                deck,
                row_id,
                zone=request.POST.get("zone") or None,
                quantity=request.POST.get("quantity"),
                printing=request.POST.get("printing"),  # None: the form has no printing select
                finish=request.POST.get("finish"),
            )
            if note:
                messages.info(request, note)
            if request.POST.get("undo"):
                messages.success(request, f"Undone: took out {request.POST['undo'][:120]}.")
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
    # back to the row (without JavaScript the page would open at its top), or to its zone when it is gone
    row = deck.cards.filter(pk=row_id).first()
    return _back_to_deck(request, deck, f"row-{row_id}" if row else "cards-h")


@login_required
@require_POST
def deck_restore(request, token):
    """Undo a Remove: the row removed last is put back as it was (quantity, zone, printing, finish, tags)."""
    deck = _owned_deck(request, token)
    kept = request.session.get("deck_removed") or {}
    card = svc.resolve_card(kept.get("oracle_id", "")) if kept.get("deck") == deck.token else None
    if card is None:
        messages.error(request, "Nothing to put back: the card removed last is back already, or was not in this deck.")
        return _back_to_deck(request, deck, "cards-h")
    try:
        row = svc.add_card(
            deck,
            card,
            kept["quantity"],
            kept["zone"],
            kept["printing_id"],
            finish=kept["finish"],
            tags=kept["tags"],
            cat_id=kept["cat_id"],
            set_code=kept["set_code"],
            collector_number=kept["collector_number"],
        )
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
        return _back_to_deck(request, deck, "cards-h")
    request.session.pop("deck_removed", None)
    messages.success(request, f"Undone: put back {kept['quantity']} {card.name}.")
    return _back_to_deck(request, deck, f"row-{row.pk}")


@login_required
@require_POST
def deck_import(request, token):
    deck = _owned_deck(request, token)
    text = request.POST.get("decklist", "")
    upload = request.FILES.get("file")
    try:
        if upload is not None:
            if upload.size > MAX_BYTES:  # refused before reading a byte of it
                raise DecklistTooLarge(
                    f"This file is {upload.size // 1024:,} KB; an import is at most {MAX_BYTES // 1024:,} KB."
                )
            text = decode_decklist(upload.read(MAX_BYTES + 1))  # UTF-8, UTF-16 or cp1252, as tools write
        result = jobs.import_or_job(deck, text)
    except DecklistTooLarge as exc:
        return _deck_page(request, deck, import_error=str(exc), status=413)
    except DecklistUnreadable as exc:
        return _deck_page(request, deck, import_error=str(exc), status=400)
    if isinstance(result, ImportJob):  # a long list: the deck page shows the job's progress
        messages.info(request, f"Importing {result.total:,} lines: the cards appear here as soon as they are read.")
        return redirect("collections:deck_detail", deck.token)
    if result.rows == 0 and not result.unknown:
        return _deck_page(request, deck, import_result=result, import_text=text, status=400)
    _say_imported(request, svc.result_out(result))
    return redirect("collections:deck_detail", deck.token)


def _say_imported(request, out: dict) -> None:
    """The messages of an import's outcome (result_out's dict: the same for an import done at once and a job)."""
    added = out["added"]
    messages.success(request, f"Imported {added} card{'s' if added != 1 else ''} from {out['phrase']}.")
    for warning in out["warnings"]:
        messages.warning(request, warning)
    for error in out["errors"]:
        messages.error(request, error)
    if out["unknown"]:
        n = len(out["unknown"])
        messages.warning(
            request,
            f"{n} line{'s' if n != 1 else ''} named no card Tolaria knows; "
            "they wait under “Not found” below with suggestions.",
        )


def _import_job(request, deck) -> ImportJob | None:
    """The deck's import job to show its owner: its progress while it runs; once done, its outcome as the
    page's messages (once)."""
    job = jobs.latest(deck) if deck.owned_by(request.user) else None
    if job is None or job.state in (ImportJob.QUEUED, ImportJob.RUNNING):
        return job
    if job.state == ImportJob.DONE:
        _say_imported(request, job.result)
    else:
        messages.error(request, job.error)
    ImportJob.objects.filter(pk=job.pk).update(seen=True)
    return None


def _deck_import_too_large(request, token):
    """A body over DATA_UPLOAD_MAX_MEMORY_SIZE sent to the import (site.web.views.errors.bad_request): the deck
    page again, the reason where the import form is. None when the deck is not the user's."""

    deck = svc.owned_deck(request.user, token) if request.user.is_authenticated else None
    if deck is None:
        return None
    size = int(request.META.get("CONTENT_LENGTH") or 0) / 1_048_576
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_048_576
    why = (
        f"The decklist sent is {size:.1f} MB; an import is at most {MAX_BYTES // 1024:,} KB (and the site takes "
        f"at most {limit:.1f} MB in one request), so nothing was imported."
    )
    return _deck_page(request, deck, import_error=why, status=413)


deck_import.too_large = _deck_import_too_large


@login_required
@require_POST
def deck_unresolved(request, token, line_id: int):
    deck = _owned_deck(request, token)
    try:
        if "remove" in request.POST:
            svc.drop_unresolved(deck, line_id)
        else:
            typed = request.POST.get("card", "").strip()
            if not typed:
                raise svc.CollectionError("Type the card’s name in the box beside the line, then “Use this card”.")
            card = svc.resolve_card(typed)
            if card is None:
                _, card, names = svc.card_for_typed_name(typed, deck.format)
            if card is None:
                raise svc.CollectionError(
                    f"There is no card named “{typed}”." + (f" Did you mean: {', '.join(names)}?" if names else "")
                )
            svc.resolve_unresolved(deck, line_id, card)
            messages.success(request, f"Added {card.name}.")
    except svc.CollectionError as exc:
        messages.error(request, str(exc))
    return _back_to_deck(request, deck, "cards-h")


@require_GET
def deck_export(request, token):
    deck = _visible_deck(request, token)
    try:
        done = svc.deck_export(deck, request.GET.get("format", "text"))
    except svc.CollectionError as exc:
        return HttpResponse(str(exc), status=400, content_type="text/plain")
    response = HttpResponse(done.text, content_type=done.content_type)
    if done.left_out:  # the format has no place for some rows: said, never dropped in silence
        response[LEFT_OUT_HEADER] = left_out_header(done.left_out)
    if request.GET.get("download"):
        response["Content-Disposition"] = f'attachment; filename="{done.filename}"'
    return response
