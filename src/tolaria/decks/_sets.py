"""Set codes as the tools write them, and what each means in the data.

Most tools write the data's own codes (Scryfall's and MTGJSON's, which agree). MTG Arena does not
always: it writes some sets under the code MTGO gives them, and it names a few sets in ways no field of
the data records. What can be derived from the data is derived (`set_codes`); the rest is a short hand
list, each entry with its source. A code that names no set of the data is kept as the user wrote it,
and the card is found by its name (`SetCodes.resolve` says why)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from tolaria.cards import CardSet, compact_name

# Codes Arena (or an older Scryfall) writes that no field of an MTGJSON set record gives:
# - CONF for Conflux: Arena cannot use CON (a reserved file name on Windows); source: Draftmancer's Arena
#   exporter, `exportCardToMTGA` (Senryoku/Draftmancer), which writes CONF for Scryfall's con.
# - Y22 for Alchemy: Innistrad: the code XMage gives the set (magefree/mage, Mage.Sets AlchemyInnistrad,
#   "Alchemy: Innistrad", "Y22", 2021-12-09) and Scryfall's first code for it (y22, since renamed ymid).
HAND_ALIASES = {"conf": "con", "y22": "ymid"}
HAND_ARENA = {"con": "conf"}  # the data's code -> Arena's, where Arena's is one of the hand aliases

DATA_NOTE = "MTGJSON AllPrintings of 2022-04-25 with DMU, BRO and ONE"


@dataclass(frozen=True, slots=True)
class SetCodes:
    """The data's set codes and the other codes that stand for them."""

    known: frozenset[str] = frozenset()
    aliases: dict[str, str] = field(default_factory=dict)  # a tool's code -> the data's code
    arena: dict[str, str] = field(default_factory=dict)  # the data's code -> the code Arena writes
    names: dict[str, str] = field(default_factory=dict)  # a set's name (`set_name_key`) -> its code

    def resolve(self, code: str) -> tuple[str, str]:
        """(the data's code, "") for a code the data has (directly or by an alias), else ("", why)."""
        code = (code or "").strip().lower()
        if not code:
            return "", ""
        if code in self.known:
            return code, ""
        target = self.aliases.get(code, "")
        if target in self.known:
            return target, ""
        shown = code.upper()
        if target:
            return "", f"{shown} is Arena's code for {target.upper()}, a set Tolaria's data ({DATA_NOTE}) does not have"
        return "", f"Tolaria's data ({DATA_NOTE}) has no set {shown}"

    def code_of_name(self, name: str) -> tuple[str, str]:
        """(the data's code, "") for a set named as the data names it (Deckbox writes names, not codes;
        case, accents and punctuation aside), else ("", why)."""
        name = " ".join((name or "").split())
        if not name:
            return "", ""
        code = self.names.get(set_name_key(name), "")
        if code:
            return code, ""
        return "", f"Tolaria's data ({DATA_NOTE}) has no set named {name!r}"

    def arena_code(self, code: str) -> str:
        """The code MTG Arena writes for the data's set `code`."""
        code = (code or "").lower()
        return self.arena.get(code, code)


def set_name_key(name: str) -> str:
    """A set's name as names are compared: `Duel Decks: Mind vs. Might` and `duel decks mind vs might` meet."""
    return compact_name(name)


def set_codes(sets: Iterable[CardSet], arena_sets: Iterable[str] = ()) -> SetCodes:
    """Derive the codes from the data: every set's own code; its MTGO code (MTGJSON `mtgoCode`) where
    that differs and is no other set's code; and, for a set with printings on Arena (an MTGJSON
    `identifiers.mtgArenaId`, given as `arena_sets`), Arena writes that MTGO code too (Dominaria: DOM in
    the data, DAR on MTGO and Arena). Then the hand list above. Each set's name leads to its code (the
    first set of that name where two share one)."""
    sets = list(sets)
    known = frozenset(s.code.lower() for s in sets)
    on_arena = {c.lower() for c in arena_sets}
    aliases: dict[str, str] = {}
    arena: dict[str, str] = {}
    for s in sets:
        code, mtgo = s.code.lower(), (s.mtgo_code or "").lower()
        if mtgo and mtgo != code and mtgo not in known:
            aliases.setdefault(mtgo, code)
            if code in on_arena:
                arena[code] = mtgo
    names: dict[str, str] = {}
    for s in sets:
        if s.name:
            names.setdefault(set_name_key(s.name), s.code.lower())
    for alias, code in HAND_ALIASES.items():
        if alias not in known:
            aliases.setdefault(alias, code)
    for code, alias in HAND_ARENA.items():
        arena.setdefault(code, alias)
    return SetCodes(known, aliases, arena, names)
