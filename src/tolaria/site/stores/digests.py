"""What the after-ingest steps read, digested, so a step's cost follows what changed (issue 29 item 1).

- A card's reading digest (`card_digest`): the fields of the card the rules linker, the tagger and the
  predicted-tag model read (its faces, name, layout, keywords, colors, costs…), never those that change
  from one day's data to the next without changing what the card does (legalities, EDHREC rank,
  rulings, the reserved and game-changer flags, what may be a commander, a token's makers).
- A code digest (`code_digest`): the source and data files of the packages a step runs and the files it
  reads beside the corpus (the rule book, the predicted-tag model), so new code reads every card again.
- The per-card store (`reuse`, `save`): what a per-card step made of each card with the digest of what
  it read; the next pass reads again only the cards whose digest changed, and drops those gone.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
from collections.abc import Iterable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

import orjson
from django.db import transaction

from tolaria.cards import Card

from ..catalog.ingest import insert_rows
from .models import CardDerived

CHUNK = 900  # ids a query names at most (SQLite's limit on a statement's variables is 999)

# what no per-card step reads (tolaria.tags, tolaria.rules, tolaria.oracle read none of these: see
# tests/site/test_pass_follows_changes.py, which changes them all and finds the same links and tags)
UNREAD: dict[str, object] = {
    "legalities": {},
    "rulings": [],
    "edhrec_rank": None,
    "reserved": False,
    "game_changer": False,
    "can_be_commander": False,
    "can_be_oathbreaker": False,
    "can_be_brawl_commander": False,
    "made_by": (),
}


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:32]


def card_reading(card: Card) -> bytes:
    """The card as the per-card steps read it: its JSON without the fields none of them reads."""
    return orjson.dumps(dataclasses.replace(card, **UNREAD))  # type: ignore[arg-type]


def card_digest(card: Card, code: str) -> str:
    """A digest of what a per-card step whose code digest is `code` reads of the card."""
    return _sha(code.encode() + b"\0" + card_reading(card))


@functools.cache
def _files_digest(paths: tuple[str, ...]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.encode() + b"\0")
        digest.update(Path(path).read_bytes())
    return digest.hexdigest()[:32]


def code_digest(packages: Iterable[str], files: Iterable[Path | Traversable] = ()) -> str:
    """The source and data files of the `packages` (e.g. "tolaria.tags") and the other `files` a step
    reads, digested (once per process: the code does not change under a running process)."""
    paths: list[str] = []
    for package in packages:
        root = Path(str(resources.files(package)))
        paths += sorted(
            str(p) for p in root.rglob("*") if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"
        )
    paths += [str(p) for p in files if Path(str(p)).exists()]
    # named relative to the package root: the same code installed elsewhere digests the same
    base = str(Path(str(resources.files("tolaria"))).parent)
    return _files_digest(tuple(paths)) + _sha("\n".join(p.removeprefix(base) for p in paths).encode())[:8]


def digest_of(parts: Iterable[object]) -> str:
    """One digest of several values (strings, numbers, lists, dicts of them)."""
    digest = hashlib.sha256()
    for part in parts:
        digest.update(orjson.dumps(part, option=orjson.OPT_SORT_KEYS) + b"\n")
    return digest.hexdigest()[:32]


def digests_digest(digests: Mapping[str, str]) -> str:
    """One digest of the per-card digests of a corpus (the same whatever order the cards came in)."""
    digest = hashlib.sha256()
    for key in sorted(digests):
        digest.update(f"{key}:{digests[key]}\n".encode())
    return digest.hexdigest()[:32]


@dataclasses.dataclass
class Reuse:
    """What a per-card step finds stored: the data of the cards whose digest is unchanged (kept), the
    cards to read again (todo, in the corpus's order), and the stored cards the corpus no longer holds."""

    kept: dict[str, str]
    todo: list[str]
    gone: list[str]


def reuse(step: str, digests: Mapping[str, str]) -> Reuse:
    stored = {
        card_id: (digest, data)
        for card_id, digest, data in CardDerived.objects.filter(step=step)
        .values_list("card_id", "digest", "data")
        .iterator(chunk_size=10000)
    }
    kept = {oid: stored[oid][1] for oid, digest in digests.items() if oid in stored and stored[oid][0] == digest}
    todo = [oid for oid in digests if oid not in kept]
    gone = [oid for oid in stored if oid not in digests]
    return Reuse(kept, todo, gone)


def save(step: str, digests: Mapping[str, str], made: Mapping[str, str], found: Reuse) -> None:
    """Record what the step made of the cards it read again (`made`: card id -> its data), in the
    caller's transaction; the rows of the cards gone are dropped."""
    with transaction.atomic():
        if not found.kept:
            CardDerived.objects.filter(step=step).delete()
        else:
            drop = [*found.todo, *found.gone]
            for start in range(0, len(drop), CHUNK):
                CardDerived.objects.filter(step=step, card_id__in=drop[start : start + CHUNK]).delete()
        insert_rows(
            CardDerived,
            [CardDerived(step=step, card_id=oid, digest=digests[oid], data=made.get(oid, "")) for oid in found.todo],
        )
