"""What the after-ingest pass records: which corpus version each store was built from, and the
index files themselves, so that every machine on the database loads the same ones."""

from __future__ import annotations

from django.db import models


class StoreBuild(models.Model):
    """The corpus a store (tags, links, card index, …) was last built from: its version and digest
    (`identity.CorpusId`; "" for a build recorded before digests, taken as this database's own). A
    store whose version is behind the corpus version is stale: an interrupted pass, finished by the
    next ingest or by `tolaria derive`. So is one built from another corpus, or in another `format`
    than the code's (an index format upgrade)."""

    name = models.CharField(max_length=40, primary_key=True)
    version = models.PositiveIntegerField()
    corpus = models.CharField(max_length=40, default="")
    format = models.CharField(max_length=40, default="")
    finished_at = models.DateTimeField(auto_now=True)
    seconds = models.FloatField(default=0.0)
    # a digest of what the build read (derive.Step.inputs; "" for a step that digests none): a store
    # behind the corpus whose inputs are these still is carried to the new corpus, not built again
    inputs = models.CharField(max_length=64, default="")


class CardDerived(models.Model):
    """What a per-card step (the rules links, the tags) made of one card, with a digest of what it read
    of the card and of the code that read it (derive.card_digest): the next pass reads again only the
    cards whose digest changed. `data`: the step's own JSON for the card ("" where the step stores it
    elsewhere: the tags are in catalog.CardTag)."""

    step = models.CharField(max_length=40)
    card_id = models.CharField(max_length=36)
    digest = models.CharField(max_length=32)
    data = models.TextField(default="")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["step", "card_id"], name="one_derived_row_per_card")]


class StoredIndex(models.Model):
    """One published index file (the card index, or the knowledge index as a tar), built from
    corpus `version`; the newest row of a name is the one workers load."""

    name = models.CharField(max_length=40)
    version = models.PositiveIntegerField()
    size = models.BigIntegerField()
    sha256 = models.CharField(max_length=64)
    meta = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["name", "-id"])]


class StoredIndexChunk(models.Model):
    """A piece of a stored index file (several MB each: one value stays well within the limits of
    PostgreSQL's bytea and SQLite's blob)."""

    index = models.ForeignKey(StoredIndex, on_delete=models.CASCADE, related_name="chunks")
    seq = models.PositiveIntegerField()
    data = models.BinaryField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["index", "seq"], name="one_chunk_per_seq")]


class CorpusFigures(models.Model):
    """The figures the home page shows, counted once for one corpus (version and digest)."""

    version = models.PositiveIntegerField(primary_key=True)
    corpus = models.CharField(max_length=40, default="")
    figures = models.JSONField(default=dict)
