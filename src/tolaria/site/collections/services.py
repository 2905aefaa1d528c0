"""What the pages and the API do with lists and decks. Reading rules: private things are visible to
their owner only (`visible_*` returns None otherwise, and callers answer 404); writing needs the owner."""

from __future__ import annotations

import dataclasses
import functools
from dataclasses import dataclass, field

import orjson
from django.db import transaction
from django.utils import timezone

from tolaria import decks
from tolaria.cards import Card, Printing, fold_name, sort_printings
from tolaria.site.catalog import models as catalog
from tolaria.site.catalog.repository import corpus_version
from tolaria.site.catalog.services import card_names, suggest_names
from tolaria.site.stores.card_index import autocomplete

from .models import (
    DEFAULT_LIST_NAME,
    PUBLIC,
    CardList,
    Deck,
    DeckCard,
    ListItem,
    UnresolvedCard,
    count_label,
    zone_counts,
)
from .saved import names_an_id

MAX_QUANTITY = decks.MAX_QUANTITY


class CollectionError(ValueError):
    """A request that cannot be done, in words for the user."""


# ------------------------------------------------------------------------------------------
# Cards and prices


def load_cards(oracle_ids) -> dict[str, Card]:
    rows = catalog.OracleCard.objects.filter(pk__in=set(oracle_ids)).values_list("oracle_id", "data")
    return {oid: Card.from_dict(orjson.loads(data)) for oid, data in rows}


def load_printings(printing_ids) -> dict[str, Printing]:
    ids = {p for p in printing_ids if p}
    rows = catalog.Printing.objects.filter(pk__in=ids).values_list("id", "data")
    return {pid: Printing.from_dict(orjson.loads(data)) for pid, data in rows}


_FINISH_PRICE = {"": ("usd",), "foil": ("usd_foil",), "etched": ("usd_etched",)}
_ANY_FINISH = ("usd", "usd_foil", "usd_etched")  # a row of no printing and no finish said: any copy of the card
NO_PRINTING_PRICE = "no price for this printing"
CHEAPEST = "the cheapest printing's price (no printing chosen)"


def unit_prices(pairs) -> dict[tuple, float | None]:
    """USD price of (oracle id, printing id[, finish]) keys: a chosen printing's latest price in that
    finish and no other (None when it has none: another printing's price would not be this card's);
    with no printing chosen, the cheapest printing of the card in that finish (see `price_note`)."""
    oids = {key[0] for key in pairs}
    by_card: dict[str, dict[str, dict]] = {}
    for pid, oid, data in catalog.Printing.objects.filter(card_id__in=oids).values_list("id", "card_id", "data"):
        by_card.setdefault(oid, {})[pid] = orjson.loads(data).get("prices") or {}
    out: dict[tuple, float | None] = {}
    for key in pairs:
        oid, pid = key[0], key[1]
        finish = key[2] if len(key) > 2 else ""
        printings = by_card.get(oid, {})
        if pid:
            prices = printings.get(pid, {})
            out[key] = next((prices[f] for f in _FINISH_PRICE.get(finish, ()) if prices.get(f) is not None), None)
            continue
        fields = _FINISH_PRICE[finish] if finish else _ANY_FINISH
        values = [p[f] for p in printings.values() for f in fields if p.get(f) is not None]
        out[key] = min(values) if values else None
    return out


def price_note(printing_id: str, pasted: bool, price: float | None) -> str:
    """What a row's price is, in words, where it is not simply its printing's: none for its printing, or
    the cheapest printing's when the row names none."""
    if printing_id or pasted:
        return NO_PRINTING_PRICE if price is None else ""
    return CHEAPEST if price is not None else ""


def resolve_card(value: str) -> Card | None:
    """A card from an oracle id or an exact (case-insensitive) card or face name."""
    value = (value or "").strip()
    if not value:
        return None
    cards = load_cards([value])
    if value in cards:
        return cards[value]
    oid = card_names().get(value.lower())
    return load_cards([oid]).get(oid) if oid else None


def _quantity(value, default: int = 1) -> int:
    try:
        n = int(value) if value not in (None, "") else default
    except (TypeError, ValueError):
        raise CollectionError(f"{value!r} is not a number.") from None
    if n < 0 or n > MAX_QUANTITY:
        raise CollectionError(f"A quantity is between 0 and {MAX_QUANTITY}.")
    return n


def _printing_of(oracle_id: str, printing_id: str) -> str:
    if not printing_id:
        return ""
    if not catalog.Printing.objects.filter(pk=printing_id, card_id=oracle_id).exists():
        raise CollectionError("That printing is not a printing of this card.")
    return printing_id


def set_codes() -> decks.SetCodes:
    """The data's set codes and the codes other tools write for them (tolaria.decks.set_codes), once
    per corpus version."""
    return _set_codes_of(corpus_version())


@functools.lru_cache(maxsize=1)
def _set_codes_of(version: int) -> decks.SetCodes:
    sets = [row.to_domain() for row in catalog.CardSet.objects.all()]
    on_arena = set(
        catalog.ExternalId.objects.filter(kind="arena").values_list("printing__set_code", flat=True).distinct()
    )
    return decks.set_codes(sets, on_arena)


# ------------------------------------------------------------------------------------------
# Lists


def default_list(user) -> CardList:
    found = CardList.objects.filter(owner=user, is_default=True).first()
    return found or CardList.objects.create(owner=user, name=DEFAULT_LIST_NAME, is_default=True)


def visible_list(user, token: str) -> CardList | None:
    found = CardList.objects.filter(token=token).first()
    return found if found is not None and found.visible_to(user) else None


def owned_list(user, token: str) -> CardList | None:
    found = CardList.objects.filter(token=token).first()
    return found if found is not None and found.owned_by(user) else None


MAX_NAME = 120  # the name columns' length


def _name(value: str | None, what: str) -> str:
    """The one rule for a list's or deck's name: trimmed, not empty, cut to the column's length."""
    name = (value or "").strip()
    if not name:
        raise CollectionError(f"A {what} needs a name.")
    return name[:MAX_NAME]


def create_list(user, name: str, notes: str = "", visibility: str = "private") -> CardList:
    return CardList.objects.create(
        owner=user, name=_name(name, "list"), notes=notes or "", visibility=_visibility(visibility)
    )


def edit_list(card_list: CardList, *, name: str | None = None, notes: str | None = None, visibility=None) -> None:
    """Change what is given (None leaves a field as it is); nothing is saved if any value is wrong."""
    if name is not None:
        card_list.name = _name(name, "list")
    if visibility is not None:
        card_list.visibility = _visibility(visibility)
    if notes is not None:
        card_list.notes = notes
    card_list.save()


def _visibility(value: str) -> str:
    if value not in ("private", "unlisted", "public"):
        raise CollectionError("Visibility is private, unlisted or public.")
    return value


@transaction.atomic
def save_card(
    user,
    oracle_id: str,
    *,
    printing_id: str = "",
    list_id: str | int | None = None,
    new_list: str = "",
    quantity: int = 1,
) -> tuple[CardList, ListItem]:
    card = load_cards([oracle_id]).get(oracle_id)
    if card is None:
        raise CollectionError("There is no such card.")
    printing_id = _printing_of(oracle_id, printing_id)
    if new_list and new_list.strip():
        target = create_list(user, new_list)
    elif list_id not in (None, ""):
        target = (
            CardList.objects.filter(owner=user, pk=list_id).first() if names_an_id(list_id) else None
        ) or CardList.objects.filter(owner=user, token=str(list_id)).first()
        if target is None:
            raise CollectionError("That list is not one of yours.")
    else:
        target = default_list(user)
    item, created = ListItem.objects.get_or_create(
        card_list=target,
        oracle_id=oracle_id,
        printing_id=printing_id,
        defaults={"card_name": card.name, "quantity": quantity},
    )
    if not created:
        item.quantity = min(item.quantity + quantity, MAX_QUANTITY)
        item.save(update_fields=["quantity"])
    target.save(update_fields=["updated_at"])
    return target, item


def set_item_quantity(
    card_list: CardList, item_id, quantity, *, printing: str | None = None, finish: str | None = None
) -> None:
    """Set a list item's quantity (0 removes), printing ("" for none) and finish; an item that comes to
    name the printing and finish of another item of the list joins it."""
    item = card_list.items.filter(pk=item_id).first()
    if item is None:
        raise CollectionError("That card is not in this list.")
    n = item.quantity if quantity in (None, "") else _quantity(quantity)
    if n == 0:
        item.delete()
        return
    item.quantity = n
    if printing is not None or finish is not None:
        item.printing_id = _printing_of(item.oracle_id, item.printing_id if printing is None else printing)
        item.finish = item.finish if finish is None else finish
        check_finish(load_printings([item.printing_id]).get(item.printing_id), item.finish)
        other = (
            card_list.items.filter(oracle_id=item.oracle_id, printing_id=item.printing_id, finish=item.finish)
            .exclude(pk=item.pk)
            .first()
        )
        if other is not None:
            other.quantity = min(other.quantity + n, MAX_QUANTITY)
            other.save(update_fields=["quantity"])
            item.delete()
            return
    item.save(update_fields=["quantity", "printing_id", "finish"])


@dataclass(slots=True)
class Row:
    id: int
    oracle_id: str
    name: str
    quantity: int
    printing: Printing | None
    price: float | None
    zone: str = ""
    card: Card | None = None
    finish: str = ""
    tags: tuple[str, ...] = ()
    pasted_set: str = ""  # the printing as pasted when the data has none (set code, number)
    pasted_number: str = ""
    pasted_note: str = ""  # why the data has none
    price_note: str = ""  # what the price is where it is not the row's printing's (price_note())

    @property
    def pasted(self) -> str:
        return f"{self.pasted_set.upper()} {self.pasted_number}".strip()

    @property
    def line_total(self) -> float | None:
        return round(self.price * self.quantity, 2) if self.price is not None else None

    @property
    def printing_label(self) -> str:
        if self.printing:
            return f"{self.printing.set_code.upper()} {self.printing.collector_number}"
        return self.pasted


def list_rows(card_list: CardList) -> tuple[list[Row], float]:
    items = list(card_list.items.all())
    printings = load_printings(i.printing_id for i in items)
    prices = unit_prices([(i.oracle_id, i.printing_id, i.finish) for i in items])
    rows = [
        Row(
            i.pk,
            i.oracle_id,
            i.card_name,
            i.quantity,
            printings.get(i.printing_id),
            prices.get((i.oracle_id, i.printing_id, i.finish)),
            finish=i.finish,
            price_note=price_note(i.printing_id, False, prices.get((i.oracle_id, i.printing_id, i.finish))),
        )
        for i in items
    ]
    total = round(sum(r.line_total or 0 for r in rows), 2)
    return rows, total


def list_oracle_ids(user, list_name: str) -> set[str]:
    """Oracle ids of the cards in the user's list named `list_name` (case-insensitive; several lists of
    that name are merged). Anonymous users and unknown names give an empty set. For `in:list/NAME`."""
    if user is None or not getattr(user, "is_authenticated", False):
        return set()
    name = (list_name or "").strip()
    lists = CardList.objects.filter(owner=user, name__iexact=name)
    return set(ListItem.objects.filter(card_list__in=lists).values_list("oracle_id", flat=True))


def search_lists(user, query: str) -> dict[str, set[str]] | None:
    """The user's own lists (name -> oracle ids) when the query searches within lists (in:list/NAME);
    None for anonymous users, so the search says to log in. Private lists never reach anyone else."""
    if user is None or not getattr(user, "is_authenticated", False) or "list/" not in query.lower():
        return None
    names = set(CardList.objects.filter(owner=user).values_list("name", flat=True))
    return {name: list_oracle_ids(user, name) for name in names}


def list_csv(card_list: CardList) -> str:
    """The list as Moxfield's collection CSV (its columns, every field quoted), which Moxfield, Archidekt,
    Deckbox's importers and Tolaria's own deck import read; prices stay out (they are today's, not paid)."""
    import csv
    import io

    rows, _ = list_rows(card_list)
    columns = decks.CSV_COLUMNS["csv_moxfield"]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=columns, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
    writer.writeheader()
    for r in rows:
        values = {
            "Count": r.quantity,
            "Tradelist Count": 0,
            "Name": r.name,
            "Edition": r.printing.set_code if r.printing else "",
            "Foil": r.finish,
            "Collector Number": r.printing.collector_number if r.printing else "",
            "Alter": "False",
            "Proxy": "False",
        }
        writer.writerow({c: values.get(c, "") for c in columns})
    return buf.getvalue()


def list_text(card_list: CardList) -> str:
    rows, _ = list_rows(card_list)
    return "".join(f"{r.quantity} {r.name}\n" for r in rows)


# ------------------------------------------------------------------------------------------
# Decks


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


def check_finish(printing: Printing | None, finish: str) -> None:
    """A finish the printing was never made in is refused (a foil Limited Edition Lightning Bolt)."""
    if finish not in ("", decks.FOIL, decks.ETCHED):
        raise CollectionError(f"{finish!r} is not a finish (foil or etched).")
    if printing is None or not printing.finishes:
        return
    if (finish or "nonfoil") not in printing.finishes:
        made = ", ".join(printing.finishes)
        raise CollectionError(
            f"{printing.set_code.upper()} {printing.collector_number} was not printed {finish or 'nonfoil'} "
            f"(its finishes: {made})."
        )


def _set_printing(deck: Deck, row: DeckCard, printing_id: str, finish: str | None) -> DeckCard | None:
    """Give the row a printing of its card and a finish; the printing as pasted and the .dek's CatID
    belonged to the old one and go. When a row of that printing and finish is in the zone already, the
    copies join it: that row is returned (else None)."""
    printing_id = _printing_of(row.oracle_id, printing_id or "")
    finish = row.finish if finish is None else finish
    check_finish(load_printings([printing_id]).get(printing_id), finish)
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
    names = dict(catalog.CardSet.objects.filter(code__in=codes).values_list("code", "name"))
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


def deck_entries(deck: Deck) -> list[decks.Entry]:
    rows = list(deck.cards.all())
    cards = load_cards(r.oracle_id for r in rows)
    printings = load_printings(r.printing_id for r in rows)
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


def card_for_typed_name(text: str) -> tuple[int, Card | None, list[str]]:
    """What a player typed in the add box ("4 bolt", "Sol Ring"): the quantity and the card when the name
    is a card's (exact or folded) or the start of only one card's name; else no card and the names to
    choose from (typed_matches), or the nearest names when nothing starts that way. The first of several
    matches is never taken silently: `4 bolt` is not Flame-Blessed Bolt."""
    quantity, name = decks.split_quantity(text)
    if not name:
        return quantity, None, []
    card = resolve_card(name)
    if card is None:
        oid = name_index().find(name)
        card = load_cards([oid]).get(oid) if oid else None
    if card is not None:
        return quantity, card, []
    matches = typed_matches(name)
    if len(matches) == 1:
        card = resolve_card(matches[0])
        if card is not None:
            return quantity, card, []
    return quantity, None, matches or suggest_names(name)


def typed_matches(name: str, limit: int = 12) -> list[str]:
    """The card names a typed start fits (the autocomplete's), the card players mean first: names where
    every typed word is a whole word ("bolt" in Lightning Bolt) before the rest, then by EDHREC rank
    (MTGJSON edhrecRank: the most played first), then by name."""
    found = autocomplete(name, limit=60)
    if len(found) <= 1:
        return found
    names = card_names()
    cards = load_cards({names.get(n.lower()) for n in found} - {None})
    words = fold_name(name).split()

    def key(display: str) -> tuple:
        card = cards.get(names.get(display.lower(), ""))
        rank = card.edhrec_rank if card is not None and card.edhrec_rank is not None else float("inf")
        whole = set(fold_name(display).split())
        return (not all(w in whole for w in words), rank, display)

    return sorted(found, key=key)[:limit]


def deck_view(deck: Deck) -> DeckView:
    db_rows = list(deck.cards.all())
    cards = load_cards(r.oracle_id for r in db_rows)
    printings = load_printings(r.printing_id for r in db_rows)
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
                price_note(r.printing_id, pasted, price),
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


@dataclass(slots=True)
class ImportResult:
    kind: str = ""  # the detected format
    label: str = ""
    phrase: str = ""  # the format in a sentence, with its article: "an MTG Arena list" (ParsedList.phrase)
    noun: str = ""  # after "this": "MTG Arena list"
    added: int = 0  # cards (sum of quantities) added
    rows: int = 0  # lines that became deck rows
    unknown: list[tuple[str, list[str]]] = field(default_factory=list)  # name, suggestions (kept as unresolved)
    errors: list[str] = field(default_factory=list)  # lines that could not be read, in words
    warnings: list[str] = field(default_factory=list)  # what was read but not as written (unknown printings)
    name: str = ""

    @property
    def ok(self) -> bool:
        return not self.unknown and not self.errors and not self.warnings


def name_index() -> decks.NameIndex:
    return _NAME_INDEX.get()


class _Cached:
    """The name index, rebuilt when the catalog's name table object changes (after an ingest)."""

    def __init__(self) -> None:
        self._source: object = None
        self._index: decks.NameIndex | None = None

    def get(self) -> decks.NameIndex:
        names = card_names()
        if self._index is None or names is not self._source:
            self._source, self._index = names, decks.NameIndex(names)
        return self._index


_NAME_INDEX = _Cached()


def import_decklist(deck: Deck, text: str) -> ImportResult:
    """Add the cards of a pasted or uploaded decklist to the deck. Nothing is rejected whole: lines
    naming no known card are kept as unresolved rows with suggestions, and what could not be read or
    was read otherwise than written (an unknown printing) is reported line by line.
    Raises decks.DecklistTooLarge before reading anything when the list is over a size limit."""
    codes = set_codes()
    parsed = decks.parse_decklist(text, set_codes=codes)  # Deckbox's Edition is a set's name
    result = ImportResult(
        kind=parsed.kind,
        label=parsed.label,
        phrase=parsed.phrase,
        noun=parsed.noun,
        errors=list(parsed.errors),
        warnings=list(parsed.warnings),
        name=parsed.name,
    )
    if not parsed.lines and not parsed.errors:
        result.errors.append("The decklist is empty.")
    index = name_index()
    resolved, unresolved = [], []
    for line in parsed.lines:
        oid = index.find(line.name)
        if oid is None:
            suggestions = suggest_names(line.name)
            result.unknown.append((line.name, suggestions))
            unresolved.append((line, suggestions))
            continue
        resolved.append((line, oid))
    cards = load_cards(oid for _, oid in resolved)
    printing_ids = _printings_named(resolved, codes)
    by_cat_id = _printings_by_mtgo_id(resolved)
    had_commander = deck.cards.filter(zone=decks.COMMANDER).exists()
    with transaction.atomic():
        for line, oid in resolved:
            pid, finish, pasted = "", line.finish, ("", "")
            cat_id = _cat_id(line, cards[oid].name, result.warnings)
            if line.cat_id and (oid, line.cat_id) in by_cat_id:
                pid, foil = by_cat_id[(oid, line.cat_id)]
                finish = finish or (decks.FOIL if foil else "")
            elif line.set_code:
                code, _ = codes.resolve(line.set_code)
                pid = printing_ids.get((oid, code, line.collector_number), "")
                if not pid and not line.collector_number:
                    pid = printing_ids.get((oid, code, "*"), "")
                if not pid:
                    pasted = (line.set_code, line.collector_number)
                    printed = f"({line.set_code.upper()}) {line.collector_number}".strip()
                    why = _no_printing_reason(line.set_code, line.collector_number, cards[oid].name, codes)
                    result.warnings.append(
                        f"Line {line.line_number}: {cards[oid].name} {printed}: {why}; the card was added by its "
                        "name, with the set and number as written."
                    )
            if pid and line.finish:  # as written (a .dek's foil CatID is MTGO's own foil)
                _check_finish(line, cards[oid].name, pid, line.finish, result.warnings)
            zone = _import_zone(deck, parsed.mtgo_sideboard, line, cards[oid], had_commander, result.warnings)
            add_card(
                deck,
                cards[oid],
                line.quantity,
                zone,
                pid,
                finish=finish,
                tags=line.tags,
                cat_id=cat_id,
                set_code=pasted[0],
                collector_number=pasted[1],
                touch=False,
            )
            result.added += line.quantity
            result.rows += 1
        for line, suggestions in unresolved:
            UnresolvedCard.objects.create(
                deck=deck,
                name=line.name[:300],
                quantity=line.quantity,
                zone=line.zone if line.zone in decks.ZONES else decks.MAIN,
                set_code=line.set_code[:8],
                collector_number=line.collector_number[:16],
                finish=line.finish,
                tags=list(line.tags),
                suggestions=suggestions,
                line_number=line.line_number,
            )
        if resolved or unresolved:
            _touch(deck)
    return result


def _check_finish(line, name: str, printing_id: str, finish: str, warnings: list[str]) -> None:
    """A finish the printing was never made in (a foil Limited Edition) is kept as written, and said."""
    found = load_printings([printing_id]).get(printing_id)
    if found is None or not found.finishes or finish in found.finishes:
        return
    printed = f"({found.set_code.upper()}) {found.collector_number}"
    warnings.append(
        f"Line {line.line_number}: Tolaria's data has no {finish} of {name} {printed} (its finishes: "
        f"{', '.join(found.finishes)}); kept as written, without a price."
    )


MAX_CAT_ID = 16  # DeckCard.cat_id's length: MTGO's catalog ids are numbers of 5 or 6 digits today


def _cat_id(line, name: str, warnings: list[str]) -> str:
    """The line's MTGO CatID when it is one (a number of at most MAX_CAT_ID digits); else "" and a warning."""
    value = (line.cat_id or "").strip()
    if not value or (value.isdigit() and len(value) <= MAX_CAT_ID):
        return value
    shown = value if len(value) <= 40 else value[:40] + "…"
    warnings.append(
        f"Line {line.line_number}: {name}: CatID {shown} is not an MTGO catalog id (a number of at most "
        f"{MAX_CAT_ID} digits); the card was added without it."
    )
    return ""


def _import_zone(deck: Deck, mtgo_sideboard: bool, line, card: Card, had_commander: bool, warnings: list[str]) -> str:
    """The zone a line goes to. MTGO keeps a Commander deck's commander in the sideboard: in a commander
    format, when the deck had no commander before this import, a card of MTGO's unlabelled sideboard (a
    .dek's, or after the blank line of an MTGO or plain list) that may lead the deck goes to the command
    zone, as long as the zone has room for it (one commander, or two that may share it). A line naming the deck's commander stays in the command zone, one copy; a commander line the
    zone has no room for goes to the main deck, with a warning."""
    fmt = decks.format_of(deck.format)
    where = f"Line {line.line_number}: {card.name}"
    if fmt.commander and line.zone == decks.MAIN:
        if deck.cards.filter(zone=decks.COMMANDER, oracle_id=card.oracle_id).exists():
            warnings.append(
                f"{where} is the deck's commander: it stays in the command zone, one copy (a commander deck "
                "holds no other copy of it)."
            )
            return decks.COMMANDER
    if (
        mtgo_sideboard  # MTGO's unlabelled sideboard (ParsedList.mtgo_sideboard), not one the user headed
        and fmt.commander
        and not had_commander
        and line.zone == decks.SIDEBOARD
        and card.may_be_commander
        and not card.is_companion
        and command_zone_refusal(deck, card) is None
    ):
        return decks.COMMANDER
    if line.zone == decks.COMMANDER:
        refusal = command_zone_refusal(deck, card)
        if refusal:
            warnings.append(f"{where}: {refusal} It was added to the main deck.")
            return decks.MAIN
    return line.zone


def _printings_by_mtgo_id(resolved) -> dict[tuple[str, str], tuple[str, bool]]:
    """(oracle id, MTGO id) -> (printing id, whether it is the foil's id) for the CatIDs of a .dek."""
    wanted = {line.cat_id for line, _ in resolved if line.cat_id}
    if not wanted:
        return {}
    rows = catalog.ExternalId.objects.filter(
        kind="mtgo", value__in=wanted, printing__card_id__in={o for _, o in resolved}
    )
    out: dict[tuple[str, str], tuple[str, bool]] = {}
    for pid, oid, value, data in rows.values_list("printing_id", "printing__card_id", "value", "printing__data"):
        ids = orjson.loads(data).get("identifiers") or {}
        out[(oid, value)] = (pid, str(ids.get("mtgo_id") or "") != value and str(ids.get("mtgo_foil_id")) == value)
    return out


def _printings_named(resolved, codes: decks.SetCodes) -> dict[tuple[str, str, str], str]:
    """(oracle id, set, number) -> printing id for the printings the lines name (set codes as the data
    writes them); (oracle id, set, "*") for a set named without a number (the set's first printing)."""
    wanted_sets = {codes.resolve(line.set_code)[0] for line, _ in resolved if line.set_code} - {""}
    if not wanted_sets:
        return {}
    out: dict[tuple[str, str, str], str] = {}
    rows = catalog.Printing.objects.filter(
        card_id__in={oid for _, oid in resolved}, set_code__in=wanted_sets
    ).values_list("id", "card_id", "set_code", "collector_number")
    for pid, oid, set_code, number in sorted(rows, key=lambda r: (r[2], r[3])):
        out[(oid, set_code, number)] = pid
        out.setdefault((oid, set_code, "*"), pid)
    return out


def resolve_unresolved(deck: Deck, unresolved_id, card: Card) -> DeckCard:
    """The user picked the card an unresolved line meant: it becomes a deck row, keeping what was pasted."""
    line = deck.unresolved.filter(pk=unresolved_id).first()
    if line is None:
        raise CollectionError("That line is not waiting in this deck.")
    code, _ = set_codes().resolve(line.set_code) if line.set_code else ("", "")
    printing = ""
    if code:
        found = catalog.Printing.objects.filter(card_id=card.oracle_id, set_code=code)
        if line.collector_number:
            found = found.filter(collector_number=line.collector_number)
        printing = found.order_by("collector_number").values_list("id", flat=True).first() or ""
    with transaction.atomic():
        row = add_card(
            deck,
            card,
            line.quantity,
            line.zone,
            printing,
            finish=line.finish,
            tags=line.tags,
            set_code="" if printing else line.set_code,
            collector_number="" if printing else line.collector_number,
        )
        line.delete()
    return row


def drop_unresolved(deck: Deck, unresolved_id) -> None:
    deck.unresolved.filter(pk=unresolved_id).delete()


EXPORT_FORMATS = {
    "text": ("Plain text", "text/plain; charset=utf-8", ".txt"),
    "arena": ("MTG Arena", "text/plain; charset=utf-8", "-arena.txt"),
    "mtgo": ("MTGO (.dek)", "application/xml; charset=utf-8", ".dek"),
    "mtgo_txt": ("MTGO (.txt)", "text/plain; charset=utf-8", "-mtgo.txt"),
    "moxfield": ("Moxfield", "text/plain; charset=utf-8", "-moxfield.txt"),
    "archidekt": ("Archidekt", "text/plain; charset=utf-8", "-archidekt.txt"),
    "csv_moxfield": ("Moxfield CSV", "text/csv; charset=utf-8", "-moxfield.csv"),
    "csv_archidekt": ("Archidekt CSV", "text/csv; charset=utf-8", "-archidekt.csv"),
    "csv_deckbox": ("Deckbox CSV", "text/csv; charset=utf-8", "-deckbox.csv"),
    "csv_manabox": ("ManaBox CSV", "text/csv; charset=utf-8", "-manabox.csv"),
}
_EXPORT_KIND = {"mtgo": "mtgo_dek", "mtgo_txt": "mtgo"}  # the site's export names -> decks' format keys


def export_deck(deck: Deck, kind: str) -> tuple[str, str, str]:
    """(text, content type, file name) of the deck in `kind` (a key of EXPORT_FORMATS)."""
    if kind not in EXPORT_FORMATS:
        raise CollectionError("Export formats are " + ", ".join(EXPORT_FORMATS) + ".")
    entries = deck_entries(deck)
    if kind == "mtgo":
        entries = _with_mtgo_ids(entries)
    slug = "".join(ch if ch.isalnum() else "-" for ch in deck.name).strip("-") or "deck"
    _, content_type, suffix = EXPORT_FORMATS[kind]
    text = decks.export_deck(
        entries, _EXPORT_KIND.get(kind, kind), set_names=_set_names(entries), set_codes=set_codes()
    )
    return text, content_type, f"{slug}{suffix}"


def printings_by_preference(oracle_ids) -> dict[str, list[Printing]]:
    """Each card's printings, the default printing first (tolaria.cards.sort_printings)."""
    rows = catalog.Printing.objects.filter(card_id__in=set(oracle_ids)).values_list("card_id", "data")
    by_card: dict[str, list[Printing]] = {}
    for oid, data in rows:
        by_card.setdefault(oid, []).append(Printing.from_dict(orjson.loads(data)))
    codes = {p.set_code for ps in by_card.values() for p in ps}
    sets = {s.code: s.to_domain() for s in catalog.CardSet.objects.filter(code__in=codes)}
    return {oid: sort_printings(ps, sets) for oid, ps in by_card.items()}


def _with_mtgo_ids(entries: list[decks.Entry]) -> list[decks.Entry]:
    """MTGO cannot read a .dek line without a CatID (Draftmancer#346, dr4ft#1454): a row whose printing
    has no MTGO id (or that names no printing) takes the MTGO id of another printing of the card, the
    most preferred that has one (the default printing first; the foil id for a foil row where MTGO has
    one). A row of a card MTGO never had keeps none."""
    missing = [e for e in entries if not decks.cat_id_of(e)]
    if not missing:
        return entries
    by_card = printings_by_preference(e.card.oracle_id for e in missing)
    out = []
    for e in entries:
        if not decks.cat_id_of(e):
            ids = [p.identifiers or {} for p in by_card.get(e.card.oracle_id, [])]
            foil = [i["mtgo_foil_id"] for i in ids if i.get("mtgo_foil_id")] if e.finish == decks.FOIL else []
            plain = [i["mtgo_id"] for i in ids if i.get("mtgo_id")]
            found = (foil or plain or [""])[0]
            if found:
                e = dataclasses.replace(e, cat_id=str(found))
        out.append(e)
    return out


def _set_names(entries) -> dict[str, str]:
    codes = {e.printing.set_code for e in entries if e.printing is not None}
    return dict(catalog.CardSet.objects.filter(code__in=codes).values_list("code", "name")) if codes else {}


def public_decks(limit: int = 50):
    return Deck.objects.filter(visibility=PUBLIC).select_related("owner")[:limit]


# ------------------------------------------------------------------------------------------
# A user's data, whole (for "export my data")


def user_data(user) -> dict:
    return {
        "lists": [
            {
                "name": cl.name,
                "notes": cl.notes,
                "visibility": cl.visibility,
                "default": cl.is_default,
                "created_at": cl.created_at.isoformat(),
                "link_token": cl.token,
                "cards": [
                    {
                        "name": i.card_name,
                        "oracle_id": i.oracle_id,
                        "printing_id": i.printing_id or None,
                        "quantity": i.quantity,
                        "added_at": i.added_at.isoformat(),
                    }
                    for i in cl.items.all()
                ],
            }
            for cl in CardList.objects.filter(owner=user).prefetch_related("items")
        ],
        "decks": [
            {
                "name": d.name,
                "format": d.format,
                "description": d.description,
                "visibility": d.visibility,
                "created_at": d.created_at.isoformat(),
                "link_token": d.token,
                "cards": [
                    {
                        "name": c.card_name,
                        "oracle_id": c.oracle_id,
                        "printing_id": c.printing_id or None,
                        "zone": c.zone,
                        "quantity": c.quantity,
                    }
                    for c in d.cards.all()
                ],
            }
            for d in Deck.objects.filter(owner=user).prefetch_related("cards")
        ],
    }
