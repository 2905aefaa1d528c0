"""The printings in other languages of the full data (make test-full): MTGJSON 5.2.0's AllPrintings
has 275,028 foreignData entries on 39,794 of its 59,634 card records, in sixteen languages, every one
of which has its Scryfall code; the reader makes one printing per English printing and language, with
its own id, and keeps every multiverse id the entries give."""

from collections import Counter

import pytest

from tolaria.cards import LANGUAGES

pytestmark = pytest.mark.full


def _raw(raw):
    """(records, foreignData entries, records with any, languages, distinct (printing, language)
    pairs, multiverse ids of the entries) counted straight from the files (their JSON,
    tests/full/conftest.py)."""
    entries, with_any, records = 0, 0, 0
    languages: Counter[str] = Counter()
    pairs: set[tuple[str, str]] = set()
    multiverse: set[int] = set()

    def take(cards, count):
        nonlocal entries, with_any, records
        for card in cards:
            if card["layout"] in ("token", "double_faced_token", "emblem", "art_series"):
                continue
            found = card.get("foreignData") or []
            if count:
                records += 1
                entries += len(found)
                with_any += bool(found)
            for e in found:
                languages[e["language"]] += 1
                pairs.add((card["identifiers"].get("scryfallId") or card["uuid"], e["language"]))
                if e.get("multiverseId"):
                    multiverse.add(int(e["multiverseId"]))

    for data in raw["allprintings"].values():
        take(data["cards"], count=True)
    for data in raw["set_files"]:
        take(data["cards"], count=False)
    return records, entries, with_any, languages, pairs, multiverse


def test_every_printing_in_another_language_is_read(full_raw, full_batches):
    records, entries, with_any, languages, pairs, multiverse = _raw(full_raw)
    assert (records, entries, with_any) == (59_634, 275_028, 39_794)
    assert set(languages) <= set(LANGUAGES)  # each has Scryfall's code
    assert len(languages) == 16
    read: dict[str, tuple[str, str]] = {}
    read_multiverse: set[int] = set()
    for item in full_batches:  # the set batches read_source gives for the two files
        for p in item.printings:
            for t in p.translations:
                read[t.id] = (p.id, t.lang)
                read_multiverse.update(t.multiverse_ids)
    codes = {(pid, LANGUAGES[language]) for pid, language in pairs}
    assert set(read.values()) == codes  # one per English printing and language, each with its own id
    assert len(read) == len(codes)
    assert read_multiverse == multiverse
    print(f"{len(read):,} printings in other languages read")
