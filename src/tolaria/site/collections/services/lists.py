"""Lists: a player's saved cards, their rows and prices, the lists `in:list/NAME` searches."""

from __future__ import annotations

import csv
import io

from django.db import transaction

from tolaria import decks
from tolaria.site.catalog.repository import load_cards

from ..models import (
    DEFAULT_LIST_NAME,
    CardList,
    ListItem,
)
from ..saved import names_an_id
from .cards import (
    MAX_QUANTITY,
    CollectionError,
    Row,
    _name,
    _printing_of,
    _quantity,
    _visibility,
    check_finish,
    price_note,
    row_printings,
    unit_prices,
)


def default_list(user) -> CardList:
    found = CardList.objects.filter(owner=user, is_default=True).first()
    return found or CardList.objects.create(owner=user, name=DEFAULT_LIST_NAME, is_default=True)


def visible_list(user, token: str) -> CardList | None:
    found = CardList.objects.filter(token=token).first()
    return found if found is not None and found.visible_to(user) else None


def owned_list(user, token: str) -> CardList | None:
    found = CardList.objects.filter(token=token).first()
    return found if found is not None and found.owned_by(user) else None


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
        check_finish(row_printings([item.printing_id]).get(item.printing_id), item.finish)
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


def list_rows(card_list: CardList) -> tuple[list[Row], float]:
    items = list(card_list.items.all())
    printings = row_printings(i.printing_id for i in items)
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
            price_note=price_note(
                i.printing_id, pasted=False, price=prices.get((i.oracle_id, i.printing_id, i.finish))
            ),
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
        cells = {c: values.get(c, "") for c in columns}
        writer.writerow(
            {c: decks.neutralised_cell(str(v)) for c, v in cells.items()}
        )  # OWASP: a name "+2 Mace" as text
    return buf.getvalue()


def list_text(card_list: CardList) -> str:
    rows, _ = list_rows(card_list)
    return "".join(f"{r.quantity} {r.name}\n" for r in rows)
