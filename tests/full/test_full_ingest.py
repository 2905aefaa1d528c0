"""`tolaria ingest` of the full shared data loads every card and printing in it, with the counts of
the data's README (60,937 card records across AllPrintings and the three set files, tokens excluded),
and the tokens and emblems (MTGJSON's set `tokens`) apart from them, counted from the files."""

import json
import os
import subprocess
import sys

import pytest

pytestmark = pytest.mark.full

README_RECORDS = 59_634 + 436 + 388 + 479  # shared/data/README.md: AllPrintings + DMU + BRO + ONE


def raw_counts(raw):
    """Distinct printings (Scryfall ids) and oracle ids, counted straight from the files (their JSON,
    tests/full/conftest.py); and of the tokens: records, distinct uuids (MTGJSON lists some art
    series faces twice), printings, oracle ids."""
    ids, oracle_ids, records = set(), set(), 0
    foreign = set()  # (printing, language) of the cards' foreignData
    tokens = {"records": 0, "uuids": set(), "printings": set(), "oracle_ids": set()}

    def take(cards, set_tokens):
        nonlocal records
        for card in cards:
            records += 1
            ids.add(card["identifiers"]["scryfallId"])
            oracle_ids.add(card["identifiers"].get("scryfallOracleId") or card["name"])
            foreign.update((card["identifiers"]["scryfallId"], e["language"]) for e in card.get("foreignData") or ())
        for token in set_tokens or ():
            tokens["records"] += 1
            tokens["uuids"].add(token["uuid"])
            tokens["printings"].add(token["identifiers"]["scryfallId"])
            tokens["oracle_ids"].add(token["identifiers"].get("scryfallOracleId") or token["name"])

    for data in [*raw["allprintings"].values(), *raw["set_files"]]:
        take(data["cards"], data.get("tokens"))
    tokens = {k: v if isinstance(v, int) else len(v) for k, v in tokens.items()}
    return records, len(ids), len(oracle_ids), tokens, len(foreign)


def test_ingest_of_the_full_data_loads_every_card_and_printing(full_files, full_raw, tmp_path):
    # embedding 73k documents takes an hour on 2 cores: CI embeds the sample only (tests/knowledge)
    env = {**os.environ, "TOLARIA_DATA_DIR": str(tmp_path), "TOLARIA_EMBED_AT_INGEST": "0"}
    env.pop("DATABASE_URL", None)
    files = [str(path) for path in full_files]  # AllPrintings, then the set files
    tolaria = [sys.executable, "-m", "tolaria.cli"]
    done = subprocess.run([*tolaria, "ingest", "--json", *files], env=env, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    stats = json.loads(
        subprocess.run([*tolaria, "stats", "--json"], env=env, capture_output=True, text=True, check=True).stdout
    )
    records, printings, cards, tokens, foreign = raw_counts(full_raw)
    assert records == README_RECORDS
    assert summary["records"] == README_RECORDS
    assert stats["printing_records"] == README_RECORDS
    assert stats["printings"] == printings == 59_941
    assert stats["cards"] == cards
    assert stats["rulings"] > 45_047  # AllPrintings' rulings plus the set files'
    assert stats["data_date"] == "2023-05-15"
    # the tokens and emblems, apart from the cards: 3,560 records, 165 of them listed twice
    assert tokens == {"records": 3_560, "uuids": 3_395, "printings": 2_635, "oracle_ids": 1_399}
    assert summary["extra_records"] == tokens["records"]
    assert stats["extra_records"] == tokens["uuids"]
    assert stats["extra_printings"] == tokens["printings"]
    assert stats["extras"] == tokens["oracle_ids"]
    # every printing in another language (MTGJSON foreignData), stored once per printing and language
    assert stats["foreign_printings"] == foreign
    assert summary["foreign_printings"]["added"] == foreign
    # searching works on what was loaded, in the same process family
    found = subprocess.run(
        [*tolaria, "search", "--json", "t:creature o:trample c:g mv<=3"], env=env, capture_output=True, text=True
    )
    assert found.returncode == 0, found.stderr
    assert json.loads(found.stdout)["total_cards"] > 100
