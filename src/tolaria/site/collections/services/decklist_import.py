"""A pasted or uploaded decklist read into a deck (tolaria.decks reads it), and the lines it could not place."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction

from tolaria import decks
from tolaria.cards import Card
from tolaria.site.catalog import repository
from tolaria.site.catalog.repository import load_cards
from tolaria.site.catalog.services import suggest_names
from tolaria.site.stores import locks

from ..models import (
    Deck,
    DeckCard,
    UnresolvedCard,
)
from .cards import CollectionError, name_index, row_printings, set_codes
from .decks import _no_printing_reason, _touch, add_card, command_zone_refusal


@dataclass(slots=True)
class ImportResult:
    kind: str = ""  # the detected format
    label: str = ""
    phrase: str = ""  # the format in a sentence, with its article: "an MTG Arena list" (ParsedList.phrase)
    noun: str = ""  # after "this": "MTG Arena list"
    added: int = 0  # cards (sum of quantities) added
    rows: int = 0  # lines that became deck rows
    unknown: list[tuple[str, list[str]]] = field(default_factory=list)  # name, suggestions (kept as unresolved)
    errors: list[str] = field(default_factory=list)  # lines that could not be read, in words
    warnings: list[str] = field(default_factory=list)  # what was read but not as written (unknown printings)
    dropped: list[str] = field(default_factory=list)  # the warnings that say a value pasted is not kept
    name: str = ""

    @property
    def lost(self) -> list[str]:
        """What was pasted and is not in the deck, in words: lines that could not be read, values dropped.
        A line naming no known card is not lost (it waits in the deck as written, and every export writes
        it back), nor is a printing the data lacks (kept as pasted)."""
        return self.errors + self.dropped

    @property
    def ok(self) -> bool:
        """Nothing lost: every line pasted is a row of the deck or kept in it as written."""
        return not self.lost


# A list of more lines than this is imported by a job (collections.jobs.import_or_job): the request
# answers at once with the job, whose progress the deck page and the API show. Each line costs a name
# lookup (and, for a name no card has, suggestions) and a few writes: 100 lines stay under 2 s.
JOB_LINES = 100


def import_decklist(
    deck: Deck, text: str, progress: Callable[[int], None] | None = None, *, patient: bool = False
) -> ImportResult:
    """Add the cards of a pasted or uploaded decklist to the deck. Nothing is rejected whole: lines
    naming no known card are kept as unresolved rows with suggestions, and what could not be read or
    was read otherwise than written (an unknown printing) is reported line by line. `progress(n)` is
    told the lines read so far, as it goes (a job's progress). `patient`: the cards' write waits out other
    writers ("database is locked" on SQLite) instead of failing (an import job's thread).
    Raises decks.DecklistTooLarge before reading anything when the list is over a size limit."""
    codes = set_codes()
    parsed = decks.parse_decklist(text, set_codes=codes)  # Deckbox's Edition is a set's name
    return import_parsed(deck, parsed, codes, progress, patient=patient)


def resolve_lines(
    lines: list[decks.ParsedLine], progress: Callable[[int], None] | None = None
) -> tuple[list[tuple[decks.ParsedLine, str]], list[tuple[decks.ParsedLine, list[str]]]]:
    """The lines that name a card of the data (with its oracle id) and those that name none (with the
    closest names), in the order pasted. `progress(n)` is told the lines read so far."""
    index = name_index()
    resolved, unresolved = [], []
    for n, line in enumerate(lines, 1):
        if progress is not None:
            progress(n - 1)
        oid = index.find(line.name)
        if oid is None:
            unresolved.append((line, suggest_names(line.name)))
        else:
            resolved.append((line, oid))
    return resolved, unresolved


def import_parsed(
    deck: Deck,
    parsed: decks.ParsedList,
    codes: decks.SetCodes,
    progress: Callable[[int], None] | None = None,
    *,
    patient: bool = False,
) -> ImportResult:
    result = ImportResult(
        kind=parsed.kind,
        label=parsed.label,
        phrase=parsed.phrase,
        noun=parsed.noun,
        errors=list(parsed.errors),
        warnings=list(parsed.warnings),
        dropped=list(parsed.warnings),  # a set name the data does not know: the card is found by its name only
        name=parsed.name,
    )
    if not parsed.lines and not parsed.errors:
        result.errors.append("The decklist is empty.")
    resolved, unresolved = resolve_lines(parsed.lines, progress)
    result.unknown = [(line.name, suggestions) for line, suggestions in unresolved]
    cards = load_cards(oid for _, oid in resolved)
    printing_ids = _printings_named(resolved, codes)
    by_cat_id = _printings_by_mtgo_id(resolved)
    had_commander = deck.cards.filter(zone=decks.COMMANDER).exists()

    def write() -> ImportResult:
        """The deck's new rows in one transaction, on a copy of the result (a retry starts again)."""
        attempt = dataclasses.replace(result, warnings=list(result.warnings), dropped=list(result.dropped))
        with transaction.atomic():
            for line, oid in resolved:
                pid, finish, pasted = "", line.finish, ("", "")
                cat_id = _cat_id(line, cards[oid].name, attempt)
                if line.cat_id and (oid, line.cat_id) in by_cat_id:
                    pid, foil = by_cat_id[(oid, line.cat_id)]
                    finish = finish or (decks.FOIL if foil else "")
                elif line.set_code:
                    code, _ = codes.resolve(line.set_code)
                    pid = printing_ids.get((oid, code, line.collector_number), "")
                    if not pid and not line.collector_number:
                        pid = printing_ids.get((oid, code, "*"), "")
                    if not pid:
                        pasted = (line.set_code, line.collector_number)
                        printed = f"({line.set_code.upper()}) {line.collector_number}".strip()
                        why = _no_printing_reason(line.set_code, line.collector_number, cards[oid].name, codes)
                        attempt.warnings.append(
                            f"Line {line.line_number}: {cards[oid].name} {printed}: {why}; the card was added by its "
                            "name, with the set and number as written."
                        )
                if pid and line.finish:  # as written (a .dek's foil CatID is MTGO's own foil)
                    _check_finish(line, cards[oid].name, pid, line.finish, attempt.warnings)
                zone = _import_zone(
                    deck,
                    line,
                    cards[oid],
                    attempt.warnings,
                    mtgo_sideboard=parsed.mtgo_sideboard,
                    had_commander=had_commander,
                )
                add_card(
                    deck,
                    cards[oid],
                    line.quantity,
                    zone,
                    pid,
                    finish=finish,
                    tags=line.tags,
                    cat_id=cat_id,
                    set_code=pasted[0],
                    collector_number=pasted[1],
                    touch=False,
                )
                attempt.added += line.quantity
                attempt.rows += 1
            for line, suggestions in unresolved:
                UnresolvedCard.objects.create(
                    deck=deck,
                    name=line.name[:300],
                    quantity=line.quantity,
                    zone=line.zone if line.zone in decks.ZONES else decks.MAIN,
                    set_code=line.set_code[:8],
                    collector_number=line.collector_number[:16],
                    finish=line.finish,
                    tags=list(line.tags),
                    suggestions=suggestions,
                    line_number=line.line_number,
                )
            if resolved or unresolved:
                _touch(deck)
        return attempt

    # a job's thread (`patient`): on SQLite the site's writers may hold the write lock past the busy timeout,
    # and the job's one write waits its turn instead of failing the job; a request answers at once
    result = locks.retrying(write, what="adding an import's cards") if patient else write()
    if progress is not None:
        progress(len(parsed.lines))
    return result


def result_out(result: ImportResult) -> dict:
    """The import's answer as the API gives it (ImportOut), and as a job keeps it."""
    return {
        "ok": result.ok,
        "format": result.kind,
        "format_label": result.label,
        "phrase": result.phrase,
        "added": result.added,
        "rows": result.rows,
        "errors": result.errors,
        "warnings": result.warnings,
        "lost": result.lost,
        "unknown": [{"name": n, "suggestions": s} for n, s in result.unknown],
    }


def _check_finish(line, name: str, printing_id: str, finish: str, warnings: list[str]) -> None:
    """A finish the printing was never made in (a foil Limited Edition) is kept as written, and said."""
    found = row_printings([printing_id]).get(printing_id)
    if found is None or not found.finishes or finish in found.finishes:
        return
    printed = f"({found.set_code.upper()}) {found.collector_number}"
    warnings.append(
        f"Line {line.line_number}: Tolaria's data has no {finish} of {name} {printed} (its finishes: "
        f"{', '.join(found.finishes)}); kept as written, without a price."
    )


MAX_CAT_ID = 16  # DeckCard.cat_id's length: MTGO's catalog ids are numbers of 5 or 6 digits today


def _cat_id(line, name: str, result: ImportResult) -> str:
    """The line's MTGO CatID when it is one (a number of at most MAX_CAT_ID digits); else "" and a warning
    (the value is dropped: the import is not `ok`)."""
    value = (line.cat_id or "").strip()
    if not value or (value.isdigit() and len(value) <= MAX_CAT_ID):
        return value
    shown = value if len(value) <= 40 else value[:40] + "…"
    said = (
        f"Line {line.line_number}: {name}: CatID {shown} is not an MTGO catalog id (a number of at most "
        f"{MAX_CAT_ID} digits); the card was added without it."
    )
    result.warnings.append(said)
    result.dropped.append(said)
    return ""


def _import_zone(
    deck: Deck, line, card: Card, warnings: list[str], *, mtgo_sideboard: bool, had_commander: bool
) -> str:
    """The zone a line goes to. MTGO keeps a Commander deck's commander in the sideboard: in a commander
    format, when the deck had no commander before this import, a card of MTGO's unlabelled sideboard (a
    .dek's, or after the blank line of an MTGO or plain list) that may lead the deck goes to the command
    zone, as long as the zone has room for it (one commander, or two that may share it). A line naming the deck's commander stays in the command zone, one copy; a commander line the
    zone has no room for goes to the main deck, with a warning."""
    fmt = decks.format_of(deck.format)
    where = f"Line {line.line_number}: {card.name}"
    if fmt.commander and line.zone == decks.MAIN:
        if deck.cards.filter(zone=decks.COMMANDER, oracle_id=card.oracle_id).exists():
            warnings.append(
                f"{where} is the deck's commander: it stays in the command zone, one copy (a commander deck "
                "holds no other copy of it)."
            )
            return decks.COMMANDER
    if (
        mtgo_sideboard  # MTGO's unlabelled sideboard (ParsedList.mtgo_sideboard), not one the user headed
        and fmt.commander
        and not had_commander
        and line.zone == decks.SIDEBOARD
        and card.may_be_commander
        and not card.is_companion
        and command_zone_refusal(deck, card) is None
    ):
        return decks.COMMANDER
    if line.zone == decks.COMMANDER:
        refusal = command_zone_refusal(deck, card)
        if refusal:
            warnings.append(f"{where}: {refusal} It was added to the main deck.")
            return decks.MAIN
    return line.zone


def _printings_by_mtgo_id(resolved) -> dict[tuple[str, str], tuple[str, bool]]:
    """(oracle id, MTGO id) -> (printing id, whether it is the foil's id) for the CatIDs of a .dek."""
    wanted = {line.cat_id for line, _ in resolved if line.cat_id}
    if not wanted:
        return {}
    out: dict[tuple[str, str], tuple[str, bool]] = {}
    for pid, oid, value, ids in repository.printings_with_mtgo_ids(wanted, {o for _, o in resolved}):
        out[(oid, value)] = (pid, str(ids.get("mtgo_id") or "") != value and str(ids.get("mtgo_foil_id")) == value)
    return out


def _printings_named(resolved, codes: decks.SetCodes) -> dict[tuple[str, str, str], str]:
    """(oracle id, set, number) -> printing id for the printings the lines name (set codes as the data
    writes them); (oracle id, set, "*") for a set named without a number (the set's first printing)."""
    wanted_sets = {codes.resolve(line.set_code)[0] for line, _ in resolved if line.set_code} - {""}
    if not wanted_sets:
        return {}
    out: dict[tuple[str, str, str], str] = {}
    rows = repository.printings_in_sets({oid for _, oid in resolved}, wanted_sets)
    for pid, oid, set_code, number in sorted(rows, key=lambda r: (r[2], r[3])):
        out[(oid, set_code, number)] = pid
        out.setdefault((oid, set_code, "*"), pid)
    return out


def resolve_unresolved(deck: Deck, unresolved_id, card: Card) -> DeckCard:
    """The user picked the card an unresolved line meant: it becomes a deck row, keeping what was pasted."""
    line = deck.unresolved.filter(pk=unresolved_id).first()
    if line is None:
        raise CollectionError("That line is not waiting in this deck.")
    code, _ = set_codes().resolve(line.set_code) if line.set_code else ("", "")
    printing = ""
    if code:
        printing = repository.first_printing_in_set(card.oracle_id, code, line.collector_number)
    with transaction.atomic():
        row = add_card(
            deck,
            card,
            line.quantity,
            line.zone,
            printing,
            finish=line.finish,
            tags=line.tags,
            set_code="" if printing else line.set_code,
            collector_number="" if printing else line.collector_number,
        )
        line.delete()
    return row


def drop_unresolved(deck: Deck, unresolved_id) -> None:
    deck.unresolved.filter(pk=unresolved_id).delete()
