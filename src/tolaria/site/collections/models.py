"""Saved lists and decks. Cards are referenced by oracle id (and printing id) as plain values with the
name kept beside them, so a re-ingest that drops or renames a card never deletes a user's data."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models

from tolaria.decks import COMMANDER, FORMATS, MAIN, MAYBEBOARD, SIDEBOARD, ZONE_LABELS, ZONES

PRIVATE, UNLISTED, PUBLIC = "private", "unlisted", "public"
VISIBILITY_CHOICES = [
    (PRIVATE, "Private — only you"),
    (UNLISTED, "Unlisted — anyone with the link"),
    (PUBLIC, "Public — anyone"),
]
DEFAULT_LIST_NAME = "Saved cards"
FINISH_CHOICES = [("", "Nonfoil"), ("foil", "Foil"), ("etched", "Etched")]


def new_token() -> str:
    return secrets.token_urlsafe(12)  # 96 random bits: unguessable link


class Owned(models.Model):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    token = models.CharField(max_length=32, unique=True, default=new_token, editable=False)
    name = models.CharField(max_length=120)
    visibility = models.CharField(max_length=10, choices=VISIBILITY_CHOICES, default=PRIVATE)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True

    def visible_to(self, user) -> bool:
        """Private: the owner only. Unlisted and public: anyone who has the link."""
        if self.visibility in (UNLISTED, PUBLIC):
            return True
        return bool(user and user.is_authenticated and user.pk == self.owner_id)

    def owned_by(self, user) -> bool:
        return bool(user and user.is_authenticated and user.pk == self.owner_id)


class CardList(Owned):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="card_lists")
    notes = models.TextField(blank=True)
    is_default = models.BooleanField(default=False)

    class Meta:
        ordering = ["-is_default", "name"]
        indexes = [models.Index(fields=["owner", "name"])]

    def __str__(self) -> str:
        return self.name

    @property
    def card_count(self) -> int:
        """Cards in the list (the sum of quantities, as the list page counts them), not distinct rows."""
        return sum(i.quantity for i in self.items.all())


class ListItem(models.Model):
    card_list = models.ForeignKey(CardList, on_delete=models.CASCADE, related_name="items")
    oracle_id = models.CharField(max_length=36, db_index=True)
    card_name = models.CharField(max_length=300)
    printing_id = models.CharField(max_length=36, blank=True, default="")
    finish = models.CharField(max_length=8, blank=True, default="", choices=FINISH_CHOICES)
    quantity = models.PositiveIntegerField(default=1)
    added_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["card_name"]
        constraints = [
            models.UniqueConstraint(
                fields=["card_list", "oracle_id", "printing_id", "finish"], name="one_item_per_card_printing_finish"
            )
        ]


class Deck(Owned):
    owner = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="decks")
    format = models.CharField(max_length=30, blank=True, choices=[(k, f.label) for k, f in FORMATS.items()])
    description = models.TextField(blank=True)

    class Meta:
        ordering = ["-updated_at"]

    def __str__(self) -> str:
        return self.name

    @property
    def card_count(self) -> int:
        """Cards in the deck proper (commander and main deck), counted as the deck page counts them."""
        return zone_counts(self.cards.all())["deck"]

    @property
    def count_label(self) -> str:
        """ "60 + 5 sideboard": the deck proper, then what is beside it (My decks' Cards column)."""
        return count_label(zone_counts(self.cards.all()), unit=False)

    @property
    def format_label(self) -> str:
        return FORMATS[self.format].label if self.format in FORMATS else self.format


def zone_counts(rows) -> dict[str, int]:
    """Cards (sums of quantities) per zone of deck rows, and "deck": the deck proper (commander and main
    deck), the count the deck page's header, My decks and /api/decks give as a deck's cards."""
    counts = {z: 0 for z in ZONES}
    for r in rows:
        counts[r.zone] = counts.get(r.zone, 0) + r.quantity
    counts["deck"] = counts[COMMANDER] + counts[MAIN]
    return counts


def count_label(counts: dict[str, int], *, unit: bool = True) -> str:
    """ "60 cards + 5 sideboard + 2 maybeboard": the deck proper, then what is beside it."""
    n = counts["deck"]
    text = f"{n} card{'s' if n != 1 else ''}" if unit else str(n)
    for zone in (SIDEBOARD, MAYBEBOARD):
        if counts.get(zone):
            text += f" + {counts[zone]} {ZONE_LABELS[zone].lower()}"
    return text


class DeckCard(models.Model):
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="cards")
    oracle_id = models.CharField(max_length=36, db_index=True)
    card_name = models.CharField(max_length=300)
    printing_id = models.CharField(max_length=36, blank=True, default="")
    finish = models.CharField(max_length=8, blank=True, default="", choices=FINISH_CHOICES)
    zone = models.CharField(max_length=12, choices=[(z, ZONE_LABELS[z]) for z in ZONES], default="main")
    quantity = models.PositiveIntegerField(default=1)
    tags = models.JSONField(default=list, blank=True)  # the user's categories and tags, as written
    cat_id = models.CharField(max_length=16, blank=True, default="")  # MTGO catalog id, read from a .dek
    # the printing as pasted when the data has no such printing (an Arena-only set, a set newer than the
    # data): kept, shown with the reason, and written back by the exports
    set_code = models.CharField(max_length=8, blank=True, default="")
    collector_number = models.CharField(max_length=16, blank=True, default="")

    class Meta:
        ordering = ["zone", "card_name"]
        constraints = [
            # a printing as pasted (set, number the data lacks) is a printing of its own: `1 Opt` and
            # `1 Opt (XLN) 999` are two rows of one zone
            models.UniqueConstraint(
                fields=["deck", "oracle_id", "zone", "printing_id", "finish", "set_code", "collector_number"],
                name="one_row_per_card_zone_printing_as_pasted",
            )
        ]


class UnresolvedCard(models.Model):
    """A line of an import that names no card Tolaria knows: kept, with suggestions, until the user picks
    one (or removes it), so an import never loses what was pasted."""

    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="unresolved")
    name = models.CharField(max_length=300)
    quantity = models.PositiveIntegerField(default=1)
    zone = models.CharField(max_length=12, choices=[(z, ZONE_LABELS[z]) for z in ZONES], default="main")
    set_code = models.CharField(max_length=8, blank=True, default="")
    collector_number = models.CharField(max_length=16, blank=True, default="")
    finish = models.CharField(max_length=8, blank=True, default="", choices=FINISH_CHOICES)
    tags = models.JSONField(default=list, blank=True)
    suggestions = models.JSONField(default=list, blank=True)
    line_number = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["line_number", "pk"]


class ImportJob(models.Model):
    """A decklist import too long to answer at once (over decklist_import.JOB_LINES lines): a thread of the
    worker that took it does the work (collections.jobs) and writes its progress here, which the deck page
    and /api/decks/{token}/imports/{id} read. The cards are added in one transaction at the end, so a job
    whose worker stopped added nothing (it reads as failed once its heartbeat is old)."""

    QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"
    deck = models.ForeignKey(Deck, on_delete=models.CASCADE, related_name="import_jobs")
    text = models.TextField()  # the decklist as sent (at most decks.MAX_BYTES)
    state = models.CharField(max_length=8, default=QUEUED)
    total = models.PositiveIntegerField(default=0)  # lines to read
    done = models.PositiveIntegerField(default=0)  # lines read so far
    result = models.JSONField(default=dict, blank=True)  # the import's answer (the API's ImportOut) when done
    error = models.TextField(blank=True, default="")
    seen = models.BooleanField(default=False)  # the deck page has shown its outcome
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)  # the heartbeat: the worker writes it as it goes

    class Meta:
        ordering = ["-created_at", "-pk"]
