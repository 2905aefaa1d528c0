"""Decks: making and editing them, their rows, zones and printings, and the view of one deck."""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone

from tolaria import decks
from tolaria.cards import Card, Printing, fold_name
from tolaria.site.catalog import repository
from tolaria.site.catalog.repository import load_cards
from tolaria.site.catalog.services import card_names, name_table
from tolaria.site.stores.card_index import autocomplete

from ..models import (
    Deck,
    DeckCard,
    count_label,
    zone_counts,
)
from .cards import (
    MAX_QUANTITY,
    CollectionError,
    Row,
    _name,
    _printing_of,
    _quantity,
    _visibility,
    check_finish,
    collection_cards,
    price_note,
    printings_by_preference,
    row_printings,
    set_codes,
    unit_prices,
)


def visible_deck(user, token: str) -> Deck | None:
    found = Deck.objects.filter(token=token).first()
    return found if found is not None and found.visible_to(user) else None


def owned_deck(user, token: str) -> Deck | None:
    found = Deck.objects.filter(token=token).first()
    return found if found is not None and found.owned_by(user) else None


def _format(value: str) -> str:
    value = value or ""
    if value not in decks.FORMATS:
        raise CollectionError(f"{value!r} is not a format Tolaria knows.")
    return value


@transaction.atomic
def create_deck(
    user,
    name: str,
    format_key: str = "",
    *,
    card: Card | None = None,
    description: str = "",
    visibility: str = "private",
    as_commander: bool | None = None,
) -> Deck:
    fmt = decks.format_of(_format(format_key))
    name = (name or "").strip() or (f"{card.name} deck" if card else "New deck")
    deck = Deck.objects.create(
        owner=user,
        name=_name(name, "deck"),
        format=fmt.key,
        description=description or "",
        visibility=_visibility(visibility),
    )
    if card is not None:
        can_command = fmt.commander and decks.commander_reason(card) is None
        as_commander = can_command if as_commander is None else (as_commander and can_command)
        add_card(deck, card, 1, decks.COMMANDER if as_commander else decks.MAIN)
    return deck


def edit_deck(
    deck: Deck,
    *,
    name: str | None = None,
    format_key: str | None = None,
    description: str | None = None,
    visibility: str | None = None,
) -> None:
    """Change what is given (None leaves a field as it is); nothing is saved if any value is wrong."""
    if name is not None:
        deck.name = _name(name, "deck")
    if format_key is not None:
        deck.format = _format(format_key)
    if visibility is not None:
        deck.visibility = _visibility(visibility)
    if description is not None:
        deck.description = description
    deck.save()


def add_card(
    deck: Deck,
    card: Card,
    quantity: int = 1,
    zone: str = decks.MAIN,
    printing_id: str = "",
    *,
    finish: str = "",
    tags=(),
    cat_id: str = "",
    set_code: str = "",
    collector_number: str = "",
    touch: bool = True,
) -> DeckCard:
    """Add copies of a card to a zone. A row is one card in one zone, printing and finish; copies
    without a printing join the zone's row of the card. A commander is one card: adding the deck's
    commander again leaves it one. `touch=False` leaves the deck's time of change to the caller (an
    import touches it once, not once per line)."""
    if zone not in decks.ZONES:
        raise CollectionError(f"{zone!r} is not a zone (commander, main, sideboard or maybeboard).")
    if finish not in ("", decks.FOIL, decks.ETCHED):
        raise CollectionError(f"{finish!r} is not a finish (foil or etched).")
    quantity = _quantity(quantity)
    if quantity < 1:
        raise CollectionError(f"A quantity is at least 1: {quantity} adds no {card.name} (Remove takes a card out).")
    printing_id = _printing_of(card.oracle_id, printing_id)
    rows = deck.cards.filter(oracle_id=card.oracle_id, zone=zone)
    if zone == decks.COMMANDER and not rows.exists():
        refusal = command_zone_refusal(deck, card)
        if refusal:
            raise CollectionError(refusal)
    if zone == decks.COMMANDER and rows.exists():  # already the commander: at most name its printing
        row = rows.first()
        row.printing_id = row.printing_id or printing_id
        row.finish = row.finish or finish
        row.tags = list(dict.fromkeys([*row.tags, *tags]))
        row.save(update_fields=["printing_id", "finish", "tags"])
        return row
    pasted = (set_code[:8], collector_number[:16]) if not printing_id else ("", "")
    row = rows.filter(printing_id=printing_id, finish=finish, set_code=pasted[0], collector_number=pasted[1]).first()
    if row is None and not printing_id and not finish and not pasted[0]:
        # plain copies join the zone's nonfoil row of a printing the data has (the editor's `4 Opt` beside
        # `4 Opt (DOM) 60`), never a foil or etched row, nor a printing as pasted (the user's word)
        row = rows.filter(finish="", set_code="").exclude(printing_id="").order_by("pk").first()
    if row is None:
        row = DeckCard.objects.create(
            deck=deck,
            oracle_id=card.oracle_id,
            zone=zone,
            card_name=card.name,
            quantity=1 if zone == decks.COMMANDER else quantity,
            printing_id=printing_id,
            finish=finish,
            tags=list(tags),
            cat_id=cat_id,
            set_code="" if printing_id else set_code[:8],
            collector_number="" if printing_id else collector_number[:16],
        )
    else:
        if zone != decks.COMMANDER:
            row.quantity = min(row.quantity + quantity, MAX_QUANTITY)
        row.tags = list(dict.fromkeys([*row.tags, *tags]))
        row.cat_id = row.cat_id or cat_id
        if not row.printing_id and not row.set_code and set_code:
            row.set_code, row.collector_number = set_code[:8], collector_number[:16]
        row.save(update_fields=["quantity", "tags", "cat_id", "set_code", "collector_number"])
    if touch:
        _touch(deck)
    return row


def _touch(deck: Deck) -> None:
    Deck.objects.filter(pk=deck.pk).update(updated_at=timezone.now())


def command_zone_refusal(deck: Deck, card: Card) -> str | None:
    """Why `card` cannot join the deck's command zone, else None: a deck has one commander, or two that
    may share the zone (partner, partner with, friends forever, a background, a Doctor's companion:
    rules 903.3c, 702.124; tolaria.decks.pair_reason)."""
    others = list(deck.cards.filter(zone=decks.COMMANDER).exclude(oracle_id=card.oracle_id))
    if not others:
        return None
    if len(others) == 1:
        leader = load_cards([others[0].oracle_id]).get(others[0].oracle_id)
        if leader is not None and decks.pair_reason(leader, card):
            return None
        return (
            f"The command zone already holds {others[0].card_name}; {card.name} may join it only as its partner "
            "(partner, friends forever, a background, a Doctor's companion)."
        )
    names = " and ".join(r.card_name for r in others)
    return f"The command zone already holds {names}: a deck has at most two commanders."


def _one_commander(name: str) -> str:
    return f"A commander is one card: the command zone holds one copy of {name}."


@transaction.atomic
def update_card(
    deck: Deck,
    row_id,
    *,
    zone: str | None = None,
    quantity=None,
    printing: str | None = None,
    finish: str | None = None,
) -> str:
    """Move a card to another zone (merging with what is there), set its quantity (0 removes), its
    printing ("" for none) and finish. The command zone holds one copy of each commander, and only
    commanders that may share it: moving several copies there moves one. Returns what was done otherwise
    than asked, in words ("" if nothing)."""
    row = deck.cards.select_for_update().filter(pk=row_id).first()
    if row is None:
        raise CollectionError("That card is not in this deck.")
    n = row.quantity if quantity in (None, "") else _quantity(quantity)
    if n == 0:
        row.delete()
        return ""
    if (printing is not None and printing != row.printing_id) or (finish is not None and finish != row.finish):
        merged = _set_printing(deck, row, row.printing_id if printing is None else printing, finish)
        if merged is not None:
            return f"{row.card_name} joined the row of the same printing and finish ({merged.quantity} there now)."
    if zone and zone not in decks.ZONES:
        raise CollectionError(f"{zone!r} is not a zone.")
    if (zone or row.zone) == decks.COMMANDER and row.zone == decks.COMMANDER and n > 1:
        raise CollectionError(_one_commander(row.card_name))
    if zone == decks.COMMANDER and row.zone != decks.COMMANDER:
        return _to_command_zone(deck, row, n)
    if zone and zone != row.zone:
        other = deck.cards.filter(
            oracle_id=row.oracle_id,
            zone=zone,
            printing_id=row.printing_id,
            finish=row.finish,
            set_code=row.set_code,
            collector_number=row.collector_number,
        ).first()
        if other:
            other.quantity = min(other.quantity + n, MAX_QUANTITY)
            other.save(update_fields=["quantity"])
            row.delete()
            return ""
        row.zone = zone
    row.quantity = n
    row.save(update_fields=["zone", "quantity"])
    return ""


def _set_printing(deck: Deck, row: DeckCard, printing_id: str, finish: str | None) -> DeckCard | None:
    """Give the row a printing of its card and a finish; the printing as pasted and the .dek's CatID
    belonged to the old one and go. When a row of that printing and finish is in the zone already, the
    copies join it: that row is returned (else None)."""
    printing_id = _printing_of(row.oracle_id, printing_id or "")
    finish = row.finish if finish is None else finish
    check_finish(row_printings([printing_id]).get(printing_id), finish)
    other = (
        deck.cards.filter(
            oracle_id=row.oracle_id,
            zone=row.zone,
            printing_id=printing_id,
            finish=finish,
            set_code="",
            collector_number="",
        )
        .exclude(pk=row.pk)
        .first()
    )
    if other is not None:
        other.quantity = min(other.quantity + (1 if row.zone == decks.COMMANDER else row.quantity), MAX_QUANTITY)
        if row.zone == decks.COMMANDER:
            other.quantity = 1
        other.tags = list(dict.fromkeys([*other.tags, *row.tags]))
        other.save(update_fields=["quantity", "tags"])
        row.delete()
        return other
    row.printing_id, row.finish = printing_id, finish
    row.set_code = row.collector_number = row.cat_id = ""
    row.save(update_fields=["printing_id", "finish", "set_code", "collector_number", "cat_id"])
    return None


def printing_choices(oracle_ids) -> dict[str, list[tuple[str, str, tuple[str, ...]]]]:
    """Per card, its printings as (id, "SET 123 · Set name", finishes), the default printing first: the
    row editor's printing select."""
    by_card = printings_by_preference(oracle_ids)
    codes = {p.set_code for ps in by_card.values() for p in ps}
    names = repository.set_titles(codes)
    return {
        oid: [
            (p.id, f"{p.set_code.upper()} {p.collector_number} · {names.get(p.set_code, p.set_code)}", p.finishes)
            for p in ps
        ]
        for oid, ps in by_card.items()
    }


def _to_command_zone(deck: Deck, row: DeckCard, n: int) -> str:
    card = load_cards([row.oracle_id]).get(row.oracle_id)
    if card is None:
        raise CollectionError(f"{row.card_name} is not in Tolaria's data: it cannot lead the deck.")
    if deck.cards.filter(zone=decks.COMMANDER, oracle_id=row.oracle_id).exists():
        raise CollectionError(f"{row.card_name} is already the deck's commander: " + _one_commander(row.card_name))
    refusal = command_zone_refusal(deck, card)
    if refusal:
        raise CollectionError(refusal)
    if n == 1:
        row.zone, row.quantity = decks.COMMANDER, 1
        row.save(update_fields=["zone", "quantity"])
        return ""
    row.quantity = n - 1
    row.save(update_fields=["quantity"])
    DeckCard.objects.create(
        deck=deck,
        oracle_id=row.oracle_id,
        card_name=row.card_name,
        zone=decks.COMMANDER,
        quantity=1,
        printing_id=row.printing_id,
        finish=row.finish,
        tags=list(row.tags),
        cat_id=row.cat_id,
        set_code=row.set_code,
        collector_number=row.collector_number,
    )
    return (
        f"One copy of {row.card_name} moved to the command zone (a commander is one card); "
        f"{n - 1} stay in {decks.ZONE_LABELS[row.zone]}."
    )


def deck_entries(deck: Deck, rows: list[DeckCard] | None = None) -> list[decks.Entry]:
    """The deck's rows (or `rows`, read already) whose card the data has, as the core's entries."""
    rows = list(deck.cards.all()) if rows is None else rows
    cards = collection_cards(r.oracle_id for r in rows)
    printings = row_printings(r.printing_id for r in rows)
    return [_entry(r, cards[r.oracle_id], printings) for r in rows if r.oracle_id in cards]


def _entry(row: DeckCard, card: Card, printings: dict[str, Printing]) -> decks.Entry:
    printing = printings.get(row.printing_id)
    return decks.Entry(
        card,
        row.quantity,
        row.zone,
        printing,
        row.finish,
        tuple(row.tags),
        row.cat_id,
        "" if printing else row.set_code,
        "" if printing else row.collector_number,
    )


@dataclass(slots=True)
class DeckView:
    deck: Deck
    rows: list[Row]
    entries: list[decks.Entry]
    validation: decks.Validation
    stats: decks.Stats
    unresolved: list = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)  # zone_counts()

    @property
    def count_label(self) -> str:
        return count_label(self.counts)

    @property
    def price_scope(self) -> str:
        """What the price total counts: "the 65 cards of the deck and its sideboard"."""
        n = self.counts.get("deck", 0) + self.counts.get(decks.SIDEBOARD, 0)
        where = "the deck and its sideboard" if self.counts.get(decks.SIDEBOARD) else "the deck"
        return f"the {n} card{'s' if n != 1 else ''} of {where}"

    def zone_rows(self, group: str = "type") -> list[tuple[str, str, list[Row], int, list]]:
        """Per zone: (zone, label, rows, card count, groups); groups are (label, rows, count) by the
        card's type, or by the user's first tag when `group` is "tags"."""
        out = []
        for zone in decks.ZONES:
            rows = [r for r in self.rows if r.zone == zone]
            out.append((zone, decks.ZONE_LABELS[zone], rows, sum(r.quantity for r in rows), _groups(rows, group)))
        return out

    def sections(
        self, group: str = "type", pages: dict[str, int] | None = None, *, row: int | None = None, per_page: int = 0
    ) -> list[ZoneSection]:
        """The deck page's sections, a zone each (empty ones too), each showing one page of its rows (at most
        `per_page`, DECK_PAGE_ROWS by default) in the order of its groups: the page `pages[zone]` asks
        (the first by default, the last when it asks past the end), or, for the zone holding the row `row`,
        the page that shows it. Every count is the whole zone's and the whole group's, on every page."""
        per_page = per_page or DECK_PAGE_ROWS
        pages = pages or {}
        out = []
        for zone, label, _, count, groups in self.zone_rows(group):
            ordered = [r for _, grows, _ in groups for r in grows]
            pages_in = max(1, -(-len(ordered) // per_page))
            page = pages.get(zone, 1)
            at = next((i for i, r in enumerate(ordered) if r.id == row), None) if row is not None else None
            if at is not None:
                page = at // per_page + 1
            page = min(max(page, 1), pages_in)
            shown = {r.id for r in ordered[(page - 1) * per_page : page * per_page]}
            on_page = [
                (glabel, [r for r in grows if r.id in shown], gcount, len(grows)) for glabel, grows, gcount in groups
            ]
            first = (page - 1) * per_page + 1 if ordered else 0
            out.append(
                ZoneSection(
                    zone,
                    label,
                    count,
                    len(ordered),
                    [g for g in on_page if g[1]],
                    page,
                    pages_in,
                    first,
                    min(page * per_page, len(ordered)),
                )
            )
        return out


DECK_PAGE_ROWS = 100  # rows a zone of the deck page shows at once; a longer zone has pages of its own


@dataclass(slots=True)
class ZoneSection:
    """One zone of the deck page: its counts (the whole zone's), and the rows of the page shown, by group."""

    zone: str
    label: str
    count: int  # cards (the sum of the quantities) in the whole zone
    row_count: int  # rows in the whole zone
    groups: list[tuple[str, list[Row], int, int]]  # (label, its rows on this page, its cards, its rows), all pages
    page: int
    pages: int
    first: int  # the position of the first row shown in the zone (1-based; 0 when it is empty)
    last: int
    links: list[tuple[str, str]] = field(default_factory=list)  # the pager's (label, url), set by the page

    @property
    def rows(self) -> list[Row]:
        """The rows shown (this page's)."""
        return [r for _, grows, _, _ in self.groups for r in grows]


def _groups(rows: list[Row], group: str) -> list[tuple[str, list[Row], int]]:
    def label(r: Row) -> str:
        if group == "tags":
            return r.tags[0] if r.tags else "Untagged"
        return decks.primary_type(r.card) if r.card is not None else "Other"

    order = {t: i for i, t in enumerate(decks.TYPE_ORDER)}
    by: dict[str, list[Row]] = {}
    for r in rows:
        by.setdefault(label(r), []).append(r)
    keys = sorted(by, key=lambda k: (order.get(k, 99), k))
    return [(k, by[k], sum(r.quantity for r in by[k])) for k in keys]


def card_for_typed_name(text: str, format_key: str = "") -> tuple[int, Card | None, list[str]]:
    """What a player typed in the add box ("4 bolt", "goyf x4"): the quantity, the card when one is
    clearly meant (tolaria.decks.TypedLineResolver), else no card and the names to choose from, the
    likely card first. `4 bolt` is Lightning Bolt (a nickname), never Flame-Blessed Bolt on a guess."""
    answer = typed_card(text, format_key)
    return answer.line.quantity, answer.card, [c.name for c in answer.choices]


def typed_card(text: str, format_key: str = "") -> decks.TypedCard:
    """The core's answer to a typed line in a deck of `format_key`, against this corpus."""
    return _typed_resolver(repository.corpus_version()).resolve(text, format_key)


@functools.lru_cache(maxsize=1)
def _typed_resolver(version: int) -> decks.TypedLineResolver:
    return decks.TypedLineResolver(name_table(), load_cards)


def typed_matches(name: str, limit: int = 12) -> list[str]:
    """The card names a typed start fits (the autocomplete's), the card players mean first: names where
    every typed word is a whole word ("bolt" in Lightning Bolt) before the rest, then by EDHREC rank
    (MTGJSON edhrecRank: the most played first), then by name."""
    found = autocomplete(name, limit=60)
    if len(found) <= 1:
        return found
    names = card_names()
    cards = load_cards({oid for n in found if (oid := names.get(n.lower())) is not None})
    words = fold_name(name).split()

    def key(display: str) -> tuple:
        card = cards.get(names.get(display.lower(), ""))
        rank = card.edhrec_rank if card is not None and card.edhrec_rank is not None else float("inf")
        whole = set(fold_name(display).split())
        return (not all(w in whole for w in words), rank, display)

    return sorted(found, key=key)[:limit]


def deck_view(deck: Deck) -> DeckView:
    db_rows = list(deck.cards.all())
    cards = collection_cards(r.oracle_id for r in db_rows)
    printings = row_printings(r.printing_id for r in db_rows)
    prices = unit_prices([(r.oracle_id, r.printing_id, r.finish) for r in db_rows])
    rows, entries = [], []
    for r in db_rows:
        card = cards.get(r.oracle_id)
        pasted = bool(r.set_code) and r.printing_id not in printings
        price = None if pasted else prices.get((r.oracle_id, r.printing_id, r.finish))
        rows.append(
            Row(
                r.pk,
                r.oracle_id,
                card.name if card else r.card_name,
                r.quantity,
                printings.get(r.printing_id),
                price,
                r.zone,
                card,
                r.finish,
                tuple(r.tags),
                *_pasted(r, printings, card),
                price_note(r.printing_id, pasted=pasted, price=price),
            )
        )
        if card is not None:
            entries.append(_entry(r, card, printings))
    # the price total adds each row's own price (its printing and finish), as the rows show
    stats = decks.statistics(entries, {})
    priced = [r for r in rows if r.zone != decks.MAYBEBOARD]
    stats.price_total = round(sum(r.line_total or 0 for r in priced), 2)
    stats.priced_cards = sum(r.quantity for r in priced if r.price is not None)
    stats.unpriced_cards = sum(r.quantity for r in priced if r.price is None)
    unresolved = list(deck.unresolved.all())
    counts = zone_counts(db_rows)
    return DeckView(deck, rows, entries, decks.validate(entries, deck.format), stats, unresolved, counts)


def _pasted(row: DeckCard, printings: dict[str, Printing], card: Card | None) -> tuple[str, str, str]:
    """(set, number as pasted, why the data has none) for a row whose pasted printing is not in the data."""
    if not row.set_code or row.printing_id in printings:
        return "", "", ""
    why = _no_printing_reason(row.set_code, row.collector_number, card.name if card else row.card_name)
    return row.set_code, row.collector_number, why


def _no_printing_reason(set_code: str, number: str, name: str, codes: decks.SetCodes | None = None) -> str:
    """Why the data has no such printing; `codes`, the set codes when the caller has them already."""
    code, why = (codes if codes is not None else set_codes()).resolve(set_code)
    if why:
        return why
    if number:
        return f"Tolaria's data has no {name} numbered {number} in {code.upper()}"
    return f"Tolaria's data has no {name} in {code.upper()}"
