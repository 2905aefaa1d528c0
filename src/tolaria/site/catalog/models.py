"""Cards in the database. Each row keeps the domain object as JSON (`data`, written by orjson in a
stable key order, so an unchanged card serialises to the same text and re-ingesting is a no-op),
beside the few columns that pages, joins and price history need."""

from __future__ import annotations

import orjson
from django.db import models

from tolaria.cards import Card, Translation
from tolaria.cards import CardSet as DomainSet
from tolaria.cards import Printing as DomainPrinting
from tolaria.cards import Ruling as DomainRuling


def dumps(obj) -> str:
    return orjson.dumps(obj).decode()


class CardSet(models.Model):
    code = models.CharField(max_length=16, primary_key=True)
    name = models.CharField(max_length=200)
    set_type = models.CharField(max_length=40, blank=True)
    released_at = models.CharField(max_length=10, blank=True)
    data = models.TextField()

    def to_domain(self) -> DomainSet:
        return DomainSet(**orjson.loads(self.data))


class OracleCard(models.Model):
    oracle_id = models.CharField(max_length=36, primary_key=True)
    name = models.CharField(max_length=300, db_index=True)
    data = models.TextField()  # Card.to_dict() without rulings
    # a token, emblem or other extra (Card.is_extra): never counted, named or searched as a card
    extra = models.BooleanField(default=False, db_index=True)

    def to_domain(self, rulings: list[DomainRuling] | None = None) -> Card:
        card = Card.from_dict(orjson.loads(self.data))
        card.rulings = rulings or []
        return card


class Ruling(models.Model):
    card = models.ForeignKey(OracleCard, on_delete=models.CASCADE, related_name="ruling_rows")
    position = models.PositiveIntegerField()
    date = models.CharField(max_length=10)
    source = models.CharField(max_length=20, default="wotc")
    text = models.TextField()

    class Meta:
        ordering = ["card", "position"]
        indexes = [models.Index(fields=["card", "position"])]

    def to_domain(self) -> DomainRuling:
        return DomainRuling(date=self.date, text=self.text, source=self.source)


class Printing(models.Model):
    id = models.CharField(max_length=36, primary_key=True)
    card = models.ForeignKey(OracleCard, on_delete=models.CASCADE, related_name="printings")
    set_code = models.CharField(max_length=16, db_index=True)
    collector_number = models.CharField(max_length=20)
    released_at = models.CharField(max_length=10)
    data = models.TextField()  # Printing.to_dict()

    class Meta:
        indexes = [models.Index(fields=["set_code", "collector_number"])]

    def to_domain(self) -> DomainPrinting:
        return DomainPrinting.from_dict(orjson.loads(self.data))


class ForeignPrinting(models.Model):
    """A printing in another language (MTGJSON foreignData): its own id, its English printing, its
    language, and the Translation as JSON (printed name, type line, text, flavor, multiverse ids).
    Apart from the printing's JSON, which every corpus load reads, as rulings are apart from cards."""

    id = models.CharField(max_length=36, primary_key=True)
    printing = models.ForeignKey(Printing, on_delete=models.CASCADE, related_name="foreign_printings")
    lang = models.CharField(max_length=4)
    name = models.CharField(max_length=300)  # the printed name, for the card page's list
    data = models.TextField()  # Translation.to_dict()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["printing", "lang"], name="one_printing_per_language")]

    def to_domain(self) -> Translation:
        return Translation.from_dict(orjson.loads(self.data))


class MtgjsonUuid(models.Model):
    """MTGJSON names each face record of a printing by a uuid; price files use them."""

    uuid = models.CharField(max_length=36, primary_key=True)
    printing = models.ForeignKey(Printing, on_delete=models.CASCADE, related_name="mtgjson_uuids")


class ExternalId(models.Model):
    """A printing's id in another catalogue (multiverse, mtgo, mtgo_foil, arena, tcgplayer,
    tcgplayer_etched, cardmarket), so the API's lookups by those ids are one indexed query."""

    kind = models.CharField(max_length=20)
    value = models.CharField(max_length=40)
    printing = models.ForeignKey(Printing, on_delete=models.CASCADE, related_name="external_ids")

    class Meta:
        indexes = [models.Index(fields=["kind", "value"])]
        constraints = [models.UniqueConstraint(fields=["printing", "kind", "value"], name="one_external_id_each")]


class PricePoint(models.Model):
    printing = models.ForeignKey(Printing, on_delete=models.CASCADE, related_name="price_points")
    date = models.CharField(max_length=10)
    usd = models.FloatField(null=True)
    usd_foil = models.FloatField(null=True)
    usd_etched = models.FloatField(null=True)
    eur = models.FloatField(null=True)
    eur_foil = models.FloatField(null=True)
    tix = models.FloatField(null=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["printing", "date"], name="one_price_point_per_day")]
        ordering = ["printing", "date"]


class IngestRun(models.Model):
    """One ingest: what it read and what it changed. The newest run's `version` is the corpus version
    that web workers compare with their index to know when to reload."""

    version = models.PositiveIntegerField()
    finished_at = models.DateTimeField(auto_now_add=True)
    sources = models.TextField()
    data_date = models.CharField(max_length=10, blank=True)
    summary = models.JSONField(default=dict)

    class Meta:
        ordering = ["-id"]


class RulesVersion(models.Model):
    """One edition of the Comprehensive Rules, kept whole so older editions stay readable."""

    effective_date = models.DateField(unique=True)
    text = models.TextField()
    source = models.CharField(max_length=500, blank=True)
    ingested_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-effective_date"]


class CardTag(models.Model):
    """A tag of a card with its provenance (tolaria.tags computes them at ingest)."""

    card = models.ForeignKey(OracleCard, on_delete=models.CASCADE, related_name="tag_rows")
    tag_id = models.CharField(max_length=100, db_index=True)
    kind = models.CharField(max_length=12)  # attribute, extracted, inferred, predicted
    data = models.TextField()  # CardTag.to_dict()

    class Meta:
        indexes = [models.Index(fields=["card", "kind"])]
