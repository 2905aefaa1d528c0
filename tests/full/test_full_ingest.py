"""`tolaria ingest` of the full shared data loads every card and printing in it, with the counts of
the data's README (60,937 card records across AllPrintings and the three set files, tokens excluded)."""

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.full

README_RECORDS = 59_634 + 436 + 388 + 479  # shared/data/README.md: AllPrintings + DMU + BRO + ONE


def raw_counts(shared_data):
    """Distinct printings (Scryfall ids) and oracle ids, counted straight from the files."""
    import lzma
    import tarfile

    ids, oracle_ids, records = set(), set(), 0

    def take(cards):
        nonlocal records
        for card in cards:
            records += 1
            ids.add(card["identifiers"]["scryfallId"])
            oracle_ids.add(card["identifiers"].get("scryfallOracleId") or card["name"])

    with lzma.open(shared_data / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz", "rb") as f:
        for data in json.load(f)["data"].values():
            take(data["cards"])
    with tarfile.open(shared_data / "mtgjson" / "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz") as archive:
        for member in archive:
            if member.isfile():
                take(json.load(archive.extractfile(member))["data"]["cards"])
    return records, len(ids), len(oracle_ids)


def test_ingest_of_the_full_data_loads_every_card_and_printing(shared_data, tmp_path):
    # embedding 73k documents takes an hour on 2 cores: CI embeds the sample only (tests/knowledge)
    env = {**os.environ, "TOLARIA_DATA_DIR": str(tmp_path), "TOLARIA_EMBED_AT_INGEST": "0"}
    env.pop("DATABASE_URL", None)
    files = [
        str(shared_data / "mtgjson" / "AllPrintings-5.2.0+20220425.json.xz"),
        str(shared_data / "mtgjson" / "SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz"),
    ]
    tolaria = [sys.executable, "-m", "tolaria.cli"]
    done = subprocess.run([*tolaria, "ingest", "--json", *files], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    stats = json.loads(
        subprocess.run([*tolaria, "stats", "--json"], env=env, capture_output=True, text=True, check=True).stdout
    )
    records, printings, cards = raw_counts(shared_data)
    assert records == README_RECORDS
    assert summary["records"] == README_RECORDS
    assert stats["printing_records"] == README_RECORDS
    assert stats["printings"] == printings == 59_941
    assert stats["cards"] == cards
    assert stats["rulings"] > 45_047  # AllPrintings' rulings plus the set files'
    assert stats["data_date"] == "2023-05-15"
    # searching works on what was loaded, in the same process family
    found = subprocess.run(
        [*tolaria, "search", "--json", "t:creature o:trample c:g mv<=3"], env=env, capture_output=True, text=True
    )
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["total_cards"] > 100
