"""A player's data, whole (for "export my data")."""

from __future__ import annotations

from ..models import (
    CardList,
    Deck,
)


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
