"""Deck rules over domain cards: formats, validation (each problem in words), statistics, and the
decklist formats players paste (plain text, MTG Arena, MTGO .dek XML).

No Django here: everything takes `tolaria.cards.Card` objects and plain values, so it is tested
without a database. The site resolves names to cards and stores decks; this module judges them.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter
from dataclasses import dataclass, field

from tolaria.cards import COLORS, Card, ManaCostError, Printing, parse_mana_cost

# --------------------------------------------------------------------------------------------
# Zones and formats

COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD = "commander", "main", "sideboard", "maybeboard"
ZONES = (COMMANDER, MAIN, SIDEBOARD, MAYBEBOARD)
ZONE_LABELS = {COMMANDER: "Commander", MAIN: "Main deck", SIDEBOARD: "Sideboard", MAYBEBOARD: "Maybeboard"}


@dataclass(frozen=True, slots=True)
class Format:
    key: str  # the legality key in Card.legalities ("" for a format with no legality list)
    label: str
    min_size: int = 60  # main deck (plus commander zone for commander formats)
    exact_size: int | None = None
    copy_limit: int | None = 4  # None: no limit
    sideboard_max: int | None = 15
    commander: bool = False
    restricted_means: str = "one"  # "one": at most one copy; "no_commander": may not be the commander


FORMATS: dict[str, Format] = {
    f.key: f
    for f in [
        Format("standard", "Standard"),
        Format("pioneer", "Pioneer"),
        Format("modern", "Modern"),
        Format("legacy", "Legacy"),
        Format("vintage", "Vintage"),
        Format("pauper", "Pauper"),
        Format("premodern", "Premodern"),
        Format("oldschool", "Old School"),
        Format("explorer", "Explorer"),
        Format("historic", "Historic"),
        Format("alchemy", "Alchemy"),
        Format("penny", "Penny Dreadful"),
        Format(
            "commander",
            "Commander",
            exact_size=100,
            copy_limit=1,
            sideboard_max=None,
            commander=True,
            restricted_means="no_commander",
        ),
        Format(
            "duel",
            "Duel Commander",
            exact_size=100,
            copy_limit=1,
            sideboard_max=None,
            commander=True,
            restricted_means="no_commander",
        ),
        Format(
            "paupercommander",
            "Pauper Commander",
            exact_size=100,
            copy_limit=1,
            sideboard_max=None,
            commander=True,
            restricted_means="no_commander",
        ),
        Format("brawl", "Brawl", exact_size=60, copy_limit=1, sideboard_max=None, commander=True),
        Format("historicbrawl", "Historic Brawl", exact_size=100, copy_limit=1, sideboard_max=None, commander=True),
        Format("", "Casual (no format)", min_size=0, copy_limit=None, sideboard_max=None),
    ]
}
CASUAL = ""


def format_of(key: str) -> Format:
    return FORMATS.get(key, FORMATS[CASUAL])


# --------------------------------------------------------------------------------------------
# Card facts the rules need


def is_basic_land(card: Card) -> bool:
    front = card.front
    return "Basic" in front.supertypes and "Land" in front.types


_ANY_NUMBER = re.compile(r"A deck can have any number of cards named", re.I)
_UP_TO = re.compile(r"A deck can have up to (\w+) cards named", re.I)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def copy_allowance(card: Card, limit: int | None) -> int | None:
    """How many copies a deck may hold: None for any number (basic lands, Relentless Rats)."""
    if limit is None or is_basic_land(card) or _ANY_NUMBER.search(card.oracle_text):
        return None
    match = _UP_TO.search(card.oracle_text)
    if match:
        word = match.group(1).lower()
        return int(word) if word.isdigit() else _NUMBERS.get(word, limit)
    return limit


def is_land(card: Card) -> bool:
    return "Land" in card.front.types


def is_permanent(card: Card) -> bool:
    return bool({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"} & set(card.front.types))


def is_companion(card: Card) -> bool:
    return "Companion" in card.keywords or "Companion —" in card.oracle_text


_PARTNER_WITH = re.compile(r"Partner with ([^\n(]+?)(?:\s*\(|\n|$)")


def partner_with(card: Card) -> str | None:
    match = _PARTNER_WITH.search(card.oracle_text)
    return match.group(1).strip() if match else None


def has_plain_partner(card: Card) -> bool:
    text = card.oracle_text
    return bool(re.search(r"^Partner(?: \(|$)", text, re.M)) and partner_with(card) is None


def _front_name(name: str) -> str:
    return name.split(" // ")[0]


def pair_reason(a: Card, b: Card) -> str | None:
    """Why two cards may share the command zone, or None when they may not (rule 702.124)."""
    if has_plain_partner(a) and has_plain_partner(b):
        return "partner"
    pa, pb = partner_with(a), partner_with(b)
    if pa and pb and _front_name(pa) == _front_name(b.name) and _front_name(pb) == _front_name(a.name):
        return "partner with"
    if "Friends forever" in a.oracle_text and "Friends forever" in b.oracle_text:
        return "friends forever"
    for x, y in ((a, b), (b, a)):
        if "Choose a Background" in x.oracle_text and "Background" in y.front.subtypes:
            return "background"
        if "Doctor's companion" in x.oracle_text and "Time Lord" in y.front.subtypes and "Doctor" in y.front.subtypes:
            return "doctor's companion"
    return None


def commander_reason(card: Card, partner: Card | None = None) -> str | None:
    """None when the card may be a commander; else why not."""
    if card.can_be_commander:
        return None
    if "Background" in card.front.subtypes and partner is not None and pair_reason(card, partner) == "background":
        return None
    front = card.front
    if "Legendary" in front.supertypes and "Creature" in front.types:
        return None
    if "can be your commander" in card.oracle_text:
        return None
    return (
        f"{card.name} cannot be a commander: it is not a legendary creature and does not say it can be your commander."
    )


def pip_counts(card: Card) -> Counter:
    """Colored mana symbols in the card's costs (a hybrid {W/U} counts once for each of its colors)."""
    pips: Counter = Counter()
    for face in card.faces or []:
        try:
            symbols = parse_mana_cost(face.mana_cost)
        except ManaCostError:
            continue
        for symbol in symbols:
            for color in symbol.colors:
                pips[color] += 1
    if not card.faces:
        try:
            for symbol in parse_mana_cost(card.mana_cost):
                for color in symbol.colors:
                    pips[color] += 1
        except ManaCostError:
            pass
    return pips


# --------------------------------------------------------------------------------------------
# Companions (rule 702.139): each deck-building condition as a small predicate over the deck


def _mv(card: Card) -> float:
    return card.mana_value


def _repeat_symbol(card: Card) -> bool:
    for face in card.faces:
        try:
            symbols = [s.text for s in parse_mana_cost(face.mana_cost)]
        except ManaCostError:
            continue
        counts = Counter(s for s in symbols if not s.isdigit())
        if any(n > 1 for n in counts.values()):
            return True
    return False


def _nonland(cards):
    return [c for c in cards if not is_land(c)]


COMPANION_CONDITIONS = {
    "Lurrus of the Dream-Den": (
        "each permanent card in your deck has mana value 2 or less",
        lambda cards, counts: all(_mv(c) <= 2 for c in cards if is_permanent(c)),
    ),
    "Lutri, the Spellchaser": (
        "each nonland card in your deck has a different name",
        lambda cards, counts: all(counts[c.oracle_id] <= 1 for c in _nonland(cards)),
    ),
    "Yorion, Sky Nomad": (
        "your deck contains at least twenty cards more than the minimum deck size",
        None,
    ),  # checked with the size, below
    "Gyruda, Doom of Depths": (
        "each nonland card in your deck has an even mana value",
        lambda cards, counts: all(_mv(c) % 2 == 0 for c in _nonland(cards)),
    ),
    "Obosh, the Preypiercer": (
        "each nonland card in your deck has an odd mana value",
        lambda cards, counts: all(_mv(c) % 2 == 1 for c in _nonland(cards)),
    ),
    "Keruga, the Macrosage": (
        "each nonland card in your deck has mana value 3 or greater",
        lambda cards, counts: all(_mv(c) >= 3 for c in _nonland(cards)),
    ),
    "Jegantha, the Wellspring": (
        "no card in your deck has more than one of the same mana symbol in its mana cost",
        lambda cards, counts: not any(_repeat_symbol(c) for c in cards),
    ),
    "Kaheera, the Orphanguard": (
        "each creature card in your deck is a Cat, Elemental, Nightmare, Dinosaur, or Beast",
        lambda cards, counts: all(
            {"Cat", "Elemental", "Nightmare", "Dinosaur", "Beast"} & set(c.front.subtypes)
            for c in cards
            if "Creature" in c.front.types
        ),
    ),
    "Umori, the Collector": (
        "each nonland card in your deck shares a card type",
        lambda cards, counts: (
            bool(_nonland(cards))
            and bool(set.intersection(*[set(c.front.types) for c in _nonland(cards)]))
            or not _nonland(cards)
        ),
    ),
    "Zirda, the Dawnwaker": (
        "each permanent card in your deck has an activated ability",
        lambda cards, counts: (
            all(re.search(r"^[^\n\"]*:", c.oracle_text, re.M) for c in cards if is_permanent(c) and not is_land(c))
            and all(re.search(r":", c.oracle_text) for c in cards if is_land(c))
        ),
    ),
}


# --------------------------------------------------------------------------------------------
# Validation


@dataclass(frozen=True, slots=True)
class Entry:
    """A card in a deck: how many, in which zone, and optionally which printing."""

    card: Card
    quantity: int
    zone: str = MAIN
    printing: Printing | None = None


@dataclass(frozen=True, slots=True)
class Problem:
    code: str  # size, sideboard, copies, banned, restricted, not_legal, commander, identity, pair, companion
    message: str
    card: str = ""  # the card name the problem is about, if any


@dataclass(slots=True)
class Validation:
    format: Format
    problems: list[Problem] = field(default_factory=list)

    @property
    def legal(self) -> bool:
        return not self.problems

    @property
    def summary(self) -> str:
        if self.legal:
            return (
                f"This deck is legal in {self.format.label}."
                if self.format.key
                else "Casual decks have no rules to check."
            )
        n = len(self.problems)
        return f"This deck is not legal in {self.format.label}: {n} problem{'s' if n != 1 else ''}."


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def validate(entries: list[Entry], format_key: str) -> Validation:
    fmt = format_of(format_key)
    result = Validation(fmt)
    if not fmt.key:
        return result
    out = result.problems
    zone = {z: [e for e in entries if e.zone == z and e.quantity > 0] for z in ZONES}
    commanders = zone[COMMANDER]
    main = zone[MAIN]
    side = zone[SIDEBOARD]
    main_count = sum(e.quantity for e in main)
    side_count = sum(e.quantity for e in side)
    commander_count = sum(e.quantity for e in commanders)

    # Companion: a companion card in the sideboard (outside the deck, in commander formats)
    companions = [e for e in side if is_companion(e.card)]
    companion = companions[0].card if len(companions) == 1 and companions[0].quantity == 1 else None

    # Deck size
    if fmt.commander:
        size = main_count + commander_count
        if fmt.exact_size is not None and size != fmt.exact_size:
            out.append(
                Problem(
                    "size",
                    f"A {fmt.label} deck has exactly {fmt.exact_size} cards including its commander; "
                    f"this one has {size}.",
                )
            )
        extra = [e for e in side if e.card is not companion]
        if extra:
            out.append(
                Problem(
                    "sideboard",
                    f"{fmt.label} decks have no sideboard (only a companion may wait outside the deck); "
                    f"move {', '.join(e.card.name for e in extra)} to the main deck or the maybeboard.",
                )
            )
    else:
        if main_count < fmt.min_size:
            out.append(
                Problem(
                    "size",
                    f"A {fmt.label} deck has at least {fmt.min_size} cards in its main deck; "
                    f"this one has {main_count}.",
                )
            )
        if fmt.sideboard_max is not None and side_count > fmt.sideboard_max:
            out.append(
                Problem("sideboard", f"A sideboard has at most {fmt.sideboard_max} cards; this one has {side_count}.")
            )
        if commanders:
            out.append(
                Problem(
                    "commander",
                    f"{fmt.label} decks have no commander; move "
                    f"{', '.join(e.card.name for e in commanders)} to the main deck.",
                )
            )

    # Copies (the sideboard counts with the main deck; the maybeboard is not part of the deck)
    counts: Counter = Counter()
    by_id: dict[str, Card] = {}
    for e in commanders + main + side:
        counts[e.card.oracle_id] += e.quantity
        by_id[e.card.oracle_id] = e.card
    for oid, n in counts.items():
        card = by_id[oid]
        status = card.legalities.get(fmt.key)
        allowed = copy_allowance(card, fmt.copy_limit)
        if status == "restricted" and fmt.restricted_means == "one":
            allowed = 1 if allowed is None else min(allowed, 1)
        if allowed is not None and n > allowed:
            if status == "restricted" and fmt.restricted_means == "one":
                out.append(
                    Problem(
                        "restricted",
                        f"{card.name} is restricted in {fmt.label}: at most 1 copy, this deck has {n}.",
                        card.name,
                    )
                )
            elif allowed == 1:
                out.append(
                    Problem(
                        "copies",
                        f"{fmt.label} is singleton: {card.name} appears {n} times; only one copy is allowed.",
                        card.name,
                    )
                )
            else:
                out.append(
                    Problem(
                        "copies", f"At most {allowed} copies of {card.name} are allowed; this deck has {n}.", card.name
                    )
                )

    # Legality of each card
    for oid in counts:
        card = by_id[oid]
        status = card.legalities.get(fmt.key)
        if status == "banned":
            out.append(Problem("banned", f"{card.name} is banned in {fmt.label}.", card.name))
        elif status == "restricted":
            if fmt.restricted_means == "no_commander" and any(e.card.oracle_id == oid for e in commanders):
                out.append(
                    Problem(
                        "restricted",
                        f"{card.name} may not be a commander in {fmt.label} (it is restricted there).",
                        card.name,
                    )
                )
        elif status != "legal":
            out.append(Problem("not_legal", f"{card.name} is not legal in {fmt.label}.", card.name))

    if fmt.commander:
        _check_commanders(fmt, commanders, main + side, out)

    if companion is not None:
        _check_companion(fmt, companion, commanders + main, main_count + (commander_count if fmt.commander else 0), out)
    return result


def _check_commanders(fmt: Format, commanders: list[Entry], rest: list[Entry], out: list[Problem]) -> None:
    cards = [e.card for e in commanders for _ in range(e.quantity)]
    if not cards:
        out.append(
            Problem(
                "commander", f"A {fmt.label} deck needs a commander: put a legendary creature in the commander zone."
            )
        )
        return
    if len(cards) > 2:
        out.append(
            Problem("commander", f"A deck has one commander, or two that can be partners; this one has {len(cards)}.")
        )
    elif len(cards) == 2:
        a, b = cards
        if a.oracle_id == b.oracle_id:
            out.append(Problem("pair", f"{a.name} cannot be your commander twice.", a.name))
        elif pair_reason(a, b) is None:
            out.append(
                Problem(
                    "pair",
                    f"{a.name} and {b.name} cannot be commanders together: two commanders need Partner, "
                    f'matching "Partner with", "Friends forever", or a commander that says '
                    f'"Choose a Background" with a Background.',
                    a.name,
                )
            )
    for i, card in enumerate(cards[:2]):
        other = cards[1 - i] if len(cards) == 2 else None
        reason = commander_reason(card, other)
        if reason:
            out.append(Problem("commander", reason, card.name))
    identity = {c for card in cards for c in card.color_identity}
    label = "".join(c for c in COLORS if c in identity) or "colorless"
    for e in rest:
        outside = [c for c in e.card.color_identity if c not in identity]
        if outside:
            out.append(
                Problem(
                    "identity",
                    f"{e.card.name} ({''.join(e.card.color_identity)}) is outside the commander's "
                    f"color identity ({label}).",
                    e.card.name,
                )
            )


def _check_companion(fmt: Format, companion: Card, deck: list[Entry], deck_size: int, out: list[Problem]) -> None:
    name = _front_name(companion.name)
    condition = COMPANION_CONDITIONS.get(name)
    if condition is None:
        return
    text, predicate = condition
    if name == "Yorion, Sky Nomad":
        minimum = fmt.exact_size or fmt.min_size
        ok = fmt.exact_size is None and deck_size >= minimum + 20
    else:
        cards = [e.card for e in deck]
        counts = Counter()
        for e in deck:
            counts[e.card.oracle_id] += e.quantity
        ok = bool(predicate(cards, counts))
    if not ok:
        out.append(
            Problem(
                "companion", f"{companion.name} cannot be your companion: its condition is that {text}.", companion.name
            )
        )


# --------------------------------------------------------------------------------------------
# Statistics

TYPE_ORDER = ("Creature", "Planeswalker", "Battle", "Instant", "Sorcery", "Artifact", "Enchantment", "Land")


@dataclass(slots=True)
class Stats:
    cards: int = 0
    curve: dict[int, int] = field(default_factory=dict)  # mana value (7 = 7+) -> nonland cards
    pips: dict[str, int] = field(default_factory=dict)  # color -> colored symbols in costs
    produced: dict[str, int] = field(default_factory=dict)  # color (and C) -> cards that produce it
    types: dict[str, int] = field(default_factory=dict)
    price_total: float = 0.0
    priced_cards: int = 0
    unpriced_cards: int = 0
    average_mana_value: float = 0.0


def primary_type(card: Card) -> str:
    types = card.front.types
    for t in TYPE_ORDER:
        if t in types:
            return t
    return types[0] if types else "Other"


def statistics(entries: list[Entry], prices: dict[str, float | None] | None = None) -> Stats:
    """Statistics of the deck proper (commander + main); `prices` maps oracle id -> unit price (USD)."""
    prices = prices or {}
    stats = Stats(curve={mv: 0 for mv in range(8)}, pips={c: 0 for c in COLORS}, produced={c: 0 for c in COLORS + "C"})
    mv_total = 0.0
    nonland = 0
    for e in entries:
        if e.zone not in (COMMANDER, MAIN) or e.quantity <= 0:
            continue
        card, n = e.card, e.quantity
        stats.cards += n
        kind = primary_type(card)
        stats.types[kind] = stats.types.get(kind, 0) + n
        if not is_land(card):
            bucket = min(int(card.mana_value), 7)
            stats.curve[bucket] += n
            mv_total += card.mana_value * n
            nonland += n
            for color, k in pip_counts(card).items():
                stats.pips[color] += k * n
        for color in card.produced_mana:
            if color in stats.produced:
                stats.produced[color] += n
    for e in entries:
        if e.zone == MAYBEBOARD:
            continue
        price = prices.get(e.card.oracle_id)
        if price is None:
            stats.unpriced_cards += e.quantity
        else:
            stats.price_total += price * e.quantity
            stats.priced_cards += e.quantity
    stats.price_total = round(stats.price_total, 2)
    stats.average_mana_value = round(mv_total / nonland, 2) if nonland else 0.0
    stats.types = {
        t: stats.types[t]
        for t in sorted(stats.types, key=lambda t: (TYPE_ORDER.index(t) if t in TYPE_ORDER else 99, t))
    }
    return stats


# --------------------------------------------------------------------------------------------
# Decklists: parsing and writing


@dataclass(frozen=True, slots=True)
class ParsedLine:
    quantity: int
    name: str
    zone: str = MAIN
    set_code: str = ""
    collector_number: str = ""
    line_number: int = 0


@dataclass(slots=True)
class ParsedList:
    lines: list[ParsedLine] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)  # lines that could not be read, in words
    name: str = ""
    kind: str = "text"  # text, arena, mtgo


_HEADERS = {
    "commander": COMMANDER,
    "commanders": COMMANDER,
    "deck": MAIN,
    "main": MAIN,
    "maindeck": MAIN,
    "main deck": MAIN,
    "mainboard": MAIN,
    "sideboard": SIDEBOARD,
    "companion": "companion",
    "maybeboard": MAYBEBOARD,
    "considering": MAYBEBOARD,
    "maybe": MAYBEBOARD,
    "about": "about",
}
_LINE = re.compile(
    r"^(?:(?P<sb>SB:)\s*)?(?:(?P<qty>\d+)\s*x?\s+)?(?P<name>.+?)"
    r"(?:\s+\((?P<set>[A-Za-z0-9_]{2,8})\)(?:\s+(?P<num>[A-Za-z0-9★†\-]+))?)?(?:\s+\*[A-Z]+\*)*\s*$"
)
MAX_QUANTITY = 999


def parse_decklist(text: str) -> ParsedList:
    """Read a pasted decklist: MTGO .dek XML, MTG Arena export, or plain `4 Lightning Bolt` lines.

    Plain text without section headers takes a blank line after the first cards to start the sideboard
    (the MTGO text convention); `SB: 2 Card` lines are sideboard cards wherever they are."""
    text = (text or "").lstrip("\ufeff").strip()
    if text.startswith("<"):
        return parse_mtgo_dek(text)
    result = ParsedList()
    zone = MAIN
    seen_header = False
    seen_cards = False
    companions: list[ParsedLine] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            if seen_cards and not seen_header and zone == MAIN:
                zone = SIDEBOARD
            continue
        if line.startswith(("//", "#")):
            continue
        header = _HEADERS.get(line.rstrip(":").strip().lower())
        if header:
            seen_header = True
            result.kind = "arena"
            zone = header
            continue
        if zone == "about":
            if line.lower().startswith("name "):
                result.name = line[5:].strip()
            continue
        match = _LINE.match(line)
        if not match or not match.group("name").strip():
            result.errors.append(f"Line {number}: could not read {line!r}.")
            continue
        quantity = int(match.group("qty") or 1)
        if quantity < 1 or quantity > MAX_QUANTITY:
            result.errors.append(f"Line {number}: {quantity} is not a quantity between 1 and {MAX_QUANTITY}.")
            continue
        parsed = ParsedLine(
            quantity,
            match.group("name").strip(),
            SIDEBOARD if match.group("sb") else zone,
            (match.group("set") or "").lower(),
            match.group("num") or "",
            number,
        )
        if parsed.set_code:
            result.kind = "arena"
        seen_cards = True
        if zone == "companion":
            companions.append(parsed)
        else:
            result.lines.append(parsed)
    for comp in companions:  # Arena lists the companion under Companion and again under Sideboard
        if not any(p.zone == SIDEBOARD and p.name.lower() == comp.name.lower() for p in result.lines):
            result.lines.append(
                ParsedLine(comp.quantity, comp.name, SIDEBOARD, comp.set_code, comp.collector_number, comp.line_number)
            )
    return result


def parse_mtgo_dek(text: str) -> ParsedList:
    result = ParsedList(kind="mtgo")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        result.errors.append(f"The .dek file is not valid XML: {exc}.")
        return result
    for number, node in enumerate(root.iter("Cards"), 1):
        name = (node.get("Name") or "").strip()
        try:
            quantity = int(node.get("Quantity") or "1")
        except ValueError:
            result.errors.append(f"Card {number}: quantity {node.get('Quantity')!r} is not a number.")
            continue
        if not name:
            result.errors.append(f"Card {number}: no Name attribute.")
            continue
        if quantity < 1 or quantity > MAX_QUANTITY:
            result.errors.append(f"Card {number}: {quantity} is not a quantity between 1 and {MAX_QUANTITY}.")
            continue
        side = (node.get("Sideboard") or "false").lower() == "true"
        result.lines.append(ParsedLine(quantity, name, SIDEBOARD if side else MAIN, line_number=number))
    return result


def _sorted(entries: list[Entry], zone: str) -> list[Entry]:
    return sorted((e for e in entries if e.zone == zone and e.quantity > 0), key=lambda e: e.card.name)


def export_text(entries: list[Entry]) -> str:
    """`4 Lightning Bolt` lines under `Commander`, `Deck`, `Sideboard` and `Maybeboard` headers."""
    parts = []
    for zone, header in (
        (COMMANDER, "Commander"),
        (MAIN, "Deck"),
        (SIDEBOARD, "Sideboard"),
        (MAYBEBOARD, "Maybeboard"),
    ):
        rows = _sorted(entries, zone)
        if rows:
            parts.append("\n".join([header] + [f"{e.quantity} {e.card.name}" for e in rows]))
    return "\n\n".join(parts) + "\n"


def _arena_name(card: Card) -> str:
    # Arena names split and adventure cards by the full name, DFCs by the front face
    if card.layout in ("transform", "modal_dfc", "flip", "meld", "reversible_card"):
        return _front_name(card.name)
    return card.name


def _arena_line(e: Entry) -> str:
    line = f"{e.quantity} {_arena_name(e.card)}"
    if e.printing is not None:
        line += f" ({e.printing.set_code.upper()}) {e.printing.collector_number}"
    return line


def export_arena(entries: list[Entry]) -> str:
    """MTG Arena import format: `Commander`, `Companion`, `Deck`, `Sideboard` sections."""
    sections = []
    commanders = _sorted(entries, COMMANDER)
    side = _sorted(entries, SIDEBOARD)
    companions = [e for e in side if is_companion(e.card) and e.quantity == 1]
    companions = companions[:1]
    if commanders:
        sections.append("Commander\n" + "\n".join(_arena_line(e) for e in commanders))
    if companions:
        sections.append("Companion\n" + "\n".join(_arena_line(e) for e in companions))
    sections.append("Deck\n" + "\n".join(_arena_line(e) for e in _sorted(entries, MAIN)))
    if side:
        sections.append("Sideboard\n" + "\n".join(_arena_line(e) for e in side))
    return "\n\n".join(sections) + "\n"


def export_mtgo(entries: list[Entry], cat_ids: dict[str, str] | None = None) -> str:
    """MTGO .dek XML. `cat_ids` maps oracle id -> MTGO catalog id where known; without one the
    attribute is omitted (MTGO then matches by name)."""
    cat_ids = cat_ids or {}
    root = ET.Element(
        "Deck",
        {"xmlns:xsd": "http://www.w3.org/2001/XMLSchema", "xmlns:xsi": "http://www.w3.org/2001/XMLSchema-instance"},
    )
    ET.SubElement(root, "NetDeckID").text = "0"
    ET.SubElement(root, "PreconstructedDeckID").text = "0"
    for zone, side in ((COMMANDER, "false"), (MAIN, "false"), (SIDEBOARD, "true")):
        for e in _sorted(entries, zone):
            attrs = {}
            if e.card.oracle_id in cat_ids:
                attrs["CatID"] = str(cat_ids[e.card.oracle_id])
            attrs.update({"Quantity": str(e.quantity), "Sideboard": side, "Name": _front_name(e.card.name)})
            if zone == COMMANDER:
                attrs["Annotation"] = "commander"
            ET.SubElement(root, "Cards", attrs)
    ET.indent(root)
    return '<?xml version="1.0" encoding="utf-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
