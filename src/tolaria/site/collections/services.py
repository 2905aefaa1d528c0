"""What the pages and the API do with lists and decks. Reading rules: private things are visible to
their owner only (`visible_*` returns None otherwise, and callers answer 404); writing needs the owner."""

from __future__ import annotations

from dataclasses import dataclass, field

import orjson
from django.db import transaction
from django.utils import timezone

from tolaria import decks
from tolaria.cards import Card, Printing
from tolaria.site.catalog import models as catalog
from tolaria.site.catalog.services import card_names, suggest_names

from .models import DEFAULT_LIST_NAME, PUBLIC, CardList, Deck, DeckCard, ListItem

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


def unit_prices(pairs: list[tuple[str, str]]) -> dict[tuple[str, str], float | None]:
    """USD price of (oracle id, printing id) pairs: the chosen printing's latest price, or, with no
    printing chosen, the cheapest printing of the card. None where no price is known."""
    oids = {oid for oid, _ in pairs}
    by_card: dict[str, dict[str, float | None]] = {}
    for pid, oid, data in catalog.Printing.objects.filter(card_id__in=oids).values_list("id", "card_id", "data"):
        prices = orjson.loads(data).get("prices") or {}
        by_card.setdefault(oid, {})[pid] = prices.get("usd") or prices.get("usd_foil") or prices.get("usd_etched")
    out: dict[tuple[str, str], float | None] = {}
    for oid, pid in pairs:
        known = by_card.get(oid, {})
        if pid and known.get(pid) is not None:
            out[(oid, pid)] = known[pid]
        else:
            values = [v for v in known.values() if v is not None]
            out[(oid, pid)] = min(values) if values else None
    return out


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
            CardList.objects.filter(owner=user, pk=list_id).first()
            or CardList.objects.filter(owner=user, token=str(list_id)).first()
        )
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


def set_item_quantity(card_list: CardList, item_id, quantity) -> None:
    n = _quantity(quantity)
    item = card_list.items.filter(pk=item_id).first()
    if item is None:
        raise CollectionError("That card is not in this list.")
    if n == 0:
        item.delete()
    else:
        item.quantity = n
        item.save(update_fields=["quantity"])


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

    @property
    def line_total(self) -> float | None:
        return round(self.price * self.quantity, 2) if self.price is not None else None

    @property
    def printing_label(self) -> str:
        return f"{self.printing.set_code.upper()} {self.printing.collector_number}" if self.printing else ""


def list_rows(card_list: CardList) -> tuple[list[Row], float]:
    items = list(card_list.items.all())
    printings = load_printings(i.printing_id for i in items)
    prices = unit_prices([(i.oracle_id, i.printing_id) for i in items])
    rows = [
        Row(
            i.pk,
            i.oracle_id,
            i.card_name,
            i.quantity,
            printings.get(i.printing_id),
            prices.get((i.oracle_id, i.printing_id)),
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


def list_csv(card_list: CardList) -> str:
    import csv
    import io

    rows, total = list_rows(card_list)
    buf = io.StringIO()
    writer = csv.writer(buf)
    writer.writerow(["quantity", "name", "set", "collector_number", "oracle_id", "printing_id", "price_usd"])
    for r in rows:
        writer.writerow(
            [
                r.quantity,
                r.name,
                r.printing.set_code if r.printing else "",
                r.printing.collector_number if r.printing else "",
                r.oracle_id,
                r.printing.id if r.printing else "",
                "" if r.price is None else f"{r.price:.2f}",
            ]
        )
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


def add_card(deck: Deck, card: Card, quantity: int = 1, zone: str = decks.MAIN, printing_id: str = "") -> DeckCard:
    if zone not in decks.ZONES:
        raise CollectionError(f"{zone!r} is not a zone (commander, main, sideboard or maybeboard).")
    quantity = _quantity(quantity)
    printing_id = _printing_of(card.oracle_id, printing_id)
    row, created = DeckCard.objects.get_or_create(
        deck=deck,
        oracle_id=card.oracle_id,
        zone=zone,
        defaults={"card_name": card.name, "quantity": quantity, "printing_id": printing_id},
    )
    if not created:
        row.quantity = min(row.quantity + quantity, MAX_QUANTITY)
        if printing_id:
            row.printing_id = printing_id
        row.save(update_fields=["quantity", "printing_id"])
    Deck.objects.filter(pk=deck.pk).update(updated_at=timezone.now())
    return row


@transaction.atomic
def update_card(deck: Deck, row_id, *, zone: str | None = None, quantity=None) -> None:
    """Move a card to another zone (merging with what is there) and/or set its quantity (0 removes)."""
    row = deck.cards.select_for_update().filter(pk=row_id).first()
    if row is None:
        raise CollectionError("That card is not in this deck.")
    n = row.quantity if quantity in (None, "") else _quantity(quantity)
    if n == 0:
        row.delete()
        return
    if zone and zone != row.zone:
        if zone not in decks.ZONES:
            raise CollectionError(f"{zone!r} is not a zone.")
        other = deck.cards.filter(oracle_id=row.oracle_id, zone=zone).first()
        if other:
            other.quantity = min(other.quantity + n, MAX_QUANTITY)
            other.save(update_fields=["quantity"])
            row.delete()
            return
        row.zone = zone
    row.quantity = n
    row.save(update_fields=["zone", "quantity"])


def deck_entries(deck: Deck) -> list[decks.Entry]:
    rows = list(deck.cards.all())
    cards = load_cards(r.oracle_id for r in rows)
    printings = load_printings(r.printing_id for r in rows)
    return [
        decks.Entry(cards[r.oracle_id], r.quantity, r.zone, printings.get(r.printing_id))
        for r in rows
        if r.oracle_id in cards
    ]


@dataclass(slots=True)
class DeckView:
    deck: Deck
    rows: list[Row]
    entries: list[decks.Entry]
    validation: decks.Validation
    stats: decks.Stats

    def zone_rows(self) -> list[tuple[str, str, list[Row], int]]:
        out = []
        for zone in decks.ZONES:
            rows = [r for r in self.rows if r.zone == zone]
            out.append((zone, decks.ZONE_LABELS[zone], rows, sum(r.quantity for r in rows)))
        return out


def deck_view(deck: Deck) -> DeckView:
    db_rows = list(deck.cards.all())
    cards = load_cards(r.oracle_id for r in db_rows)
    printings = load_printings(r.printing_id for r in db_rows)
    prices = unit_prices([(r.oracle_id, r.printing_id) for r in db_rows])
    rows, entries = [], []
    for r in db_rows:
        card = cards.get(r.oracle_id)
        price = prices.get((r.oracle_id, r.printing_id))
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
            )
        )
        if card is not None:
            entries.append(decks.Entry(card, r.quantity, r.zone, printings.get(r.printing_id)))
    unit = {r.oracle_id: r.price for r in rows}
    return DeckView(deck, rows, entries, decks.validate(entries, deck.format), decks.statistics(entries, unit))


@dataclass(slots=True)
class ImportResult:
    added: int = 0  # cards (sum of quantities) added
    unknown: list[tuple[str, list[str]]] = field(default_factory=list)  # name, suggestions
    errors: list[str] = field(default_factory=list)
    name: str = ""

    @property
    def ok(self) -> bool:
        return not self.unknown and not self.errors


def import_decklist(deck: Deck, text: str) -> ImportResult:
    """Add the cards of a pasted decklist to the deck in one transaction. If a name is unknown or a
    line cannot be read, nothing changes and the result says which names, with suggestions."""
    parsed = decks.parse_decklist(text)
    result = ImportResult(errors=list(parsed.errors), name=parsed.name)
    if not parsed.lines and not parsed.errors:
        result.errors.append("The decklist is empty.")
    names = card_names()
    resolved = []
    for line in parsed.lines:
        oid = (
            names.get(line.name.lower())
            or names.get(line.name.split(" // ")[0].lower())
            or names.get(line.name.replace(" / ", " // ").lower())
        )
        if oid is None:
            if not any(u[0] == line.name for u in result.unknown):
                result.unknown.append((line.name, suggest_names(line.name)))
            continue
        resolved.append((line, oid))
    if not result.ok:
        return result
    cards = load_cards(oid for _, oid in resolved)
    printing_ids = {}
    wanted = {(line.set_code, line.collector_number) for line, _ in resolved if line.set_code and line.collector_number}
    if wanted:
        for pid, oid, set_code, number in catalog.Printing.objects.filter(
            card_id__in={oid for _, oid in resolved}, set_code__in={s for s, _ in wanted}
        ).values_list("id", "card_id", "set_code", "collector_number"):
            printing_ids[(oid, set_code, number)] = pid
    with transaction.atomic():
        for line, oid in resolved:
            pid = printing_ids.get((oid, line.set_code, line.collector_number), "")
            add_card(deck, cards[oid], line.quantity, line.zone, pid)
            result.added += line.quantity
    return result


def export_deck(deck: Deck, kind: str) -> tuple[str, str, str]:
    """(text, content type, file name) of the deck in `kind`: text, arena or mtgo."""
    entries = deck_entries(deck)
    slug = "".join(ch if ch.isalnum() else "-" for ch in deck.name).strip("-") or "deck"
    if kind == "arena":
        return decks.export_arena(entries), "text/plain; charset=utf-8", f"{slug}-arena.txt"
    if kind == "mtgo":
        return decks.export_mtgo(entries), "application/xml; charset=utf-8", f"{slug}.dek"
    if kind == "text":
        return decks.export_text(entries), "text/plain; charset=utf-8", f"{slug}.txt"
    raise CollectionError("Export formats are text, arena and mtgo.")


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
