"""Every decklist in tests/decks/data (each written in one tool's documented export format, sources in its
README) is imported, exported in every format, imported again and compared row by row; each file's
own format written back says the same as the file. No database: names resolve against the sample."""

from __future__ import annotations

from pathlib import Path

import pytest

from tolaria import decks
from tolaria.decks import COMMANDER, MAIN, MAYBEBOARD, SIDEBOARD, Entry

DATA = Path(__file__).parent / "data"
FILES = sorted(p.name for p in DATA.iterdir() if p.suffix in (".txt", ".dek", ".csv"))
EXPORTS = ["text", "arena", "mtgo", "mtgo_dek", "moxfield", "archidekt"] + list(decks.CSV_COLUMNS)

ALL_ZONES = {COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD}
# What each format can say (tests/decks/data/README.md, "What each format can carry")
CARRIES = {
    "text": {"zones": ALL_ZONES},
    "plain": {"zones": ALL_ZONES},
    "arena": {"zones": {COMMANDER, MAIN, SIDEBOARD}, "printing": True},
    "mtgo": {"zones": {MAIN, SIDEBOARD}},
    "mtgo_dek": {"zones": {MAIN, SIDEBOARD}, "cat_id": True},
    "moxfield": {"zones": ALL_ZONES, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "archidekt": {"zones": ALL_ZONES, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "csv_moxfield": {"zones": ALL_ZONES, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "csv_archidekt": {"zones": ALL_ZONES, "printing": True, "finish": {"foil", "etched"}, "tags": True},
    "csv_deckbox": {"zones": ALL_ZONES, "printing": True, "finish": {"foil"}, "tags": True},
    "csv_manabox": {"zones": {MAIN}, "printing": True, "finish": {"foil", "etched"}},
}
EXPECTED_KIND = {
    "arena.txt": "arena",
    "mtgo.txt": "mtgo",
    "mtgo.dek": "mtgo_dek",
    "moxfield.txt": "moxfield",
    "archidekt.txt": "archidekt",
    "plain-categories.txt": "plain",
    "moxfield.csv": "csv_moxfield",
    "archidekt.csv": "csv_archidekt",
    "deckbox.csv": "csv_deckbox",
    "deckbox-names.csv": "csv_deckbox",
    "manabox.csv": "csv_manabox",
}


@pytest.fixture(scope="module")
def world(sample):
    index = decks.NameIndex(
        {n: c.oracle_id for c in sample.cards.values() for n in [c.name, *(f.name for f in c.faces)]}
    )
    printings = {(p.set_code, p.collector_number): p for p in sample.printings.values()}
    on_arena = {p.set_code for p in sample.printings.values() if p.identifiers.get("arena_id")}
    return sample, index, printings, decks.set_codes(sample.sets.values(), on_arena)


def parse(text: str, world) -> decks.ParsedList:
    """Read a list as the site does: with the data's set codes and names (Deckbox names its sets)."""
    return decks.parse_decklist(text, set_codes=world[3])


def to_entries(parsed: decks.ParsedList, world) -> list[Entry]:
    sample, index, printings, codes = world
    out = []
    for line in parsed.lines:
        oid = index.find(line.name)
        assert oid is not None, f"{parsed.kind} line {line.line_number}: {line.name!r} not found"
        code = codes.resolve(line.set_code)[0]
        printing = printings.get((code, line.collector_number)) if line.set_code else None
        if line.set_code:
            assert printing is not None and printing.oracle_id == oid, (
                f"no printing {line.set_code} {line.collector_number}"
            )
        out.append(Entry(sample.cards[oid], line.quantity, line.zone, printing, line.finish, line.tags, line.cat_id))
    return out


def rows(entries: list[Entry], kind: str) -> list[str]:
    """The deck as the format `kind` can carry it, one sorted line per row (same card rows merged)."""
    can = CARRIES[kind]
    merged: dict[tuple, int] = {}
    for e in entries:
        zone = e.zone
        if zone not in can["zones"]:
            if zone == COMMANDER and SIDEBOARD in can["zones"]:
                zone = SIDEBOARD  # MTGO keeps the commander in the sideboard
            elif zone == MAYBEBOARD:
                continue  # a format without a maybeboard leaves it out
            else:
                zone = MAIN
        printing = f"{e.printing.set_code} {e.printing.collector_number}" if can.get("printing") and e.printing else ""
        finish = e.finish if e.finish in can.get("finish", ()) else ""
        tags = ",".join(sorted(e.tags)) if can.get("tags") else ""
        cat_id = e.cat_id if can.get("cat_id") else ""
        key = (zone, e.card.name, printing, finish, tags, cat_id)
        merged[key] = merged.get(key, 0) + e.quantity
    return sorted(f"{z} | {q} {n} | {p} | {f} | {t} | {c}" for (z, n, p, f, t, c), q in merged.items())


def common(a: str, b: str) -> str:
    """Compare through the narrower of two formats: a field survives a trip only if both can say it."""
    ca, cb = CARRIES[a], CARRIES[b]
    key = f"{a}&{b}"
    CARRIES[key] = {
        "zones": ca["zones"] & cb["zones"],
        "printing": ca.get("printing") and cb.get("printing"),
        "finish": set(ca.get("finish", ())) & set(cb.get("finish", ())),
        "tags": ca.get("tags") and cb.get("tags"),
        "cat_id": ca.get("cat_id") and cb.get("cat_id"),
    }
    return key


@pytest.mark.parametrize("name", FILES)
def test_format_is_detected(name, world):
    parsed = parse((DATA / name).read_text(encoding="utf-8"), world)
    assert parsed.kind == EXPECTED_KIND[name]
    assert parsed.errors == [] and parsed.warnings == []
    assert parsed.label == decks.FORMAT_LABELS[parsed.kind]


@pytest.mark.parametrize("name", FILES)
@pytest.mark.parametrize("kind", EXPORTS)
def test_every_list_round_trips_through_every_format(name, kind, world):
    source = parse((DATA / name).read_text(encoding="utf-8"), world)
    deck = to_entries(source, world)
    exported = decks.export_deck(deck, kind, set_names={}, set_codes=world[3])
    back = parse(exported, world)
    assert back.errors == [] and back.warnings == [], exported
    # Tolaria's plain text reads back as a plain list; an MTGO .txt without a split card is a plain list,
    # and so is an Arena list without a printing (the same text as the plain export: Arena names them)
    bare_arena = {"arena"} if any(e.printing for e in deck if e.zone != MAYBEBOARD) else {"arena", "plain"}
    same = {"text": {"plain"}, "mtgo": {"mtgo", "plain"}, "arena": bare_arena}.get(kind, {kind})
    assert back.kind in same
    seen = common(source.kind, kind)
    assert rows(to_entries(back, world), seen) == rows(deck, seen)


@pytest.mark.parametrize("name", FILES)
def test_own_format_written_back_says_the_same(name, world):
    text = (DATA / name).read_text(encoding="utf-8")
    source = parse(text, world)
    kind = {"plain": "text"}.get(source.kind, source.kind)
    again = parse(decks.export_deck(to_entries(source, world), kind, set_codes=world[3]), world)
    assert rows(to_entries(again, world), source.kind) == rows(to_entries(source, world), source.kind)


def test_what_the_files_say(world):
    """A few facts read straight from the files, so a parser that drops fields cannot pass."""
    mox = decks.parse_decklist((DATA / "moxfield.txt").read_text())
    by_name = {line.name: line for line in mox.lines}
    assert by_name["Krenko, Mob Boss"].zone == COMMANDER  # *CMDR*
    assert by_name["Sol Ring"].tags == ("Ramp", "!Mana Rock")  # #Ramp #!Mana Rock
    assert by_name["Arcane Signet"].finish == "foil" and by_name["Monastery Swiftspear"].finish == "etched"
    assert by_name["Lurrus of the Dream-Den"].zone == SIDEBOARD and by_name["Black Lotus"].zone == MAYBEBOARD
    arch = {line.name: line for line in decks.parse_decklist((DATA / "archidekt.txt").read_text()).lines}
    assert arch["Krenko, Mob Boss"].zone == COMMANDER and arch["Black Lotus"].zone == MAYBEBOARD
    assert arch["Arcane Signet"].tags == ("Ramp", "Mana Rock") and arch["Goblin Guide"].finish == "foil"
    assert arch["Goblin Guide"].tags == ("Creature", "^Have,#37d67a^")  # the label is kept, as a tag
    arena = {line.name: line for line in decks.parse_decklist((DATA / "arena.txt").read_text()).lines}
    assert arena["Opt"].set_code == "dar"  # as written: Arena's DAR, which the data's DOM has as its mtgoCode
    assert world[3].resolve("dar") == ("dom", "") and world[3].arena_code("dom") == "dar"
    dek = {line.name: line for line in decks.parse_decklist((DATA / "mtgo.dek").read_text()).lines}
    assert dek["Fire/Ice"].cat_id == "16338" and dek["Bonecrusher Giant"].zone == SIDEBOARD
    plain = {line.name: line for line in decks.parse_decklist((DATA / "plain-categories.txt").read_text()).lines}
    assert plain["Sol Ring"].tags == ("Ramp",) and plain["Krenko, Mob Boss"].zone == COMMANDER
    deckbox = {line.name: line for line in decks.parse_decklist((DATA / "deckbox.csv").read_text()).lines}
    assert deckbox["Sol Ring"].set_code == "c21" and deckbox["Arcane Signet"].finish == "foil"
    # Deckbox's older header has no Edition Code: Edition is the set's name, mapped to the data's code
    named = {line.name: line for line in parse((DATA / "deckbox-names.csv").read_text(), world).lines}
    assert (named["Sol Ring"].set_code, named["Sol Ring"].collector_number) == ("c21", "263")
    assert named["Sol Ring"].set_name == "Commander 2021" and named["Arcane Signet"].set_code == "eld"
