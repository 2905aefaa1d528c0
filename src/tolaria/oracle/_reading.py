"""Oracle text read as abilities: each face's text split into the abilities it prints, each with its parts.

Offsets always index the face's oracle text as given, so every part is a span a page can mark and a tag
can cite. The reading knows the names of keyword abilities only through the ``keywords`` it is built
with (the CR's 702 titles, passed in by the caller): it has no game vocabulary of its own beyond the
shape of Magic's templating (cost ":" effect, "When/Whenever/At", "Choose one —", chapter numerals).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any, Literal, NamedTuple

AbilityKind = Literal[
    "keyword", "activated", "loyalty", "triggered", "static", "spell", "chapter", "level", "mode", "reminder"
]


# The reading's types are named tuples, not dataclasses: a reading is kept for every face of the corpus
# (the linker and the tagger share it), and tuples of numbers and strings drop out of the garbage
# collector's tracking, so the readings cost the full collections nothing (as frozen dataclasses they
# made every collection walk half a million more objects: a fifth of the tagging time of the corpus).


class Part(NamedTuple):
    """``text == oracle_text[start:end]``."""

    start: int
    end: int
    text: str

    def as_dict(self) -> dict[str, int | str]:
        return {"start": self.start, "end": self.end, "text": self.text}


class KeywordItem(NamedTuple):
    """One keyword of a keyword line: its name ("Equip") and its parameter ("{2}", "—Pay 2 life")."""

    name: Part
    parameter: Part | None

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name.as_dict(), "parameter": self.parameter.as_dict() if self.parameter else None}


class Ability(NamedTuple):
    kind: AbilityKind
    span: Part  # the whole ability (label included)
    label: Part | None = None  # words before " — ": an ability word, a flavor word, a chapter, "Companion"
    cost: Part | None = None  # before the colon of an activated or loyalty ability
    trigger: Part | None = None  # "When ~ enters", "At the beginning of your upkeep"
    condition: Part | None = None  # an intervening "if" clause, or a static ability's "As long as …"
    effect: Part | None = None
    keywords: tuple[KeywordItem, ...] = ()
    modes: tuple[Ability, ...] = ()
    section: str | None = None  # "LEVEL 1-3", "Level 2" (class), "I, II" (chapters)

    def as_dict(self) -> dict[str, Any]:
        def p(x: Part | None) -> dict[str, int | str] | None:
            return x.as_dict() if x else None

        return {
            "kind": self.kind,
            "span": self.span.as_dict(),
            "label": p(self.label),
            "cost": p(self.cost),
            "trigger": p(self.trigger),
            "condition": p(self.condition),
            "effect": p(self.effect),
            "keywords": [k.as_dict() for k in self.keywords],
            "modes": [m.as_dict() for m in self.modes],
            "section": self.section,
        }


class FaceReading(NamedTuple):
    text: str
    abilities: tuple[Ability, ...]
    reminders: tuple[Part, ...]  # "(…)": explains, grants nothing
    grants: tuple[Part, ...]  # quoted abilities the face gives to something else (“{T}: Add {G}.”)
    negations: tuple[Part, ...]  # "can't be countered", "doesn't untap"
    self_refs: tuple[Part, ...]  # the card's names, "this creature", "~"
    names: tuple[str, ...] = ()  # the names the face answers to
    # every intervening "if" clause (CR 603.4): the "if …" right after a trigger condition, in a triggered
    # ability, in reminder text ("Persist (When this creature dies, if …)"), in a quoted ability or a delayed
    # trigger inside an effect; a sentence that opens with "If" is none (a replacement effect, a condition)
    intervening_ifs: tuple[Part, ...] = ()

    def in_reminder(self, start: int, end: int) -> bool:
        return _inside(self.reminders, start, end)

    def in_grant(self, start: int, end: int) -> bool:
        return _inside(self.grants, start, end)

    def is_self(self, start: int, end: int) -> bool:
        return any(start < p.end and p.start < end for p in self.self_refs)

    def negated(self, start: int, end: int) -> bool:
        return _inside(self.negations, start, end)

    def intervening_if_at(self, start: int) -> bool:
        return any(p.start == start for p in self.intervening_ifs)

    def ability_at(self, pos: int) -> Ability | None:
        for a in self.abilities:
            if a.span.start <= pos < a.span.end:
                for m in a.modes:
                    if m.span.start <= pos < m.span.end:
                        return m
                return a
        return None

    def as_dict(self) -> dict[str, Any]:
        return {
            "abilities": [a.as_dict() for a in self.abilities],
            "reminders": [p.as_dict() for p in self.reminders],
            "grants": [p.as_dict() for p in self.grants],
            "negations": [p.as_dict() for p in self.negations],
            "self_references": [p.as_dict() for p in self.self_refs],
        }


def _inside(parts: Iterable[Part], start: int, end: int) -> bool:
    return any(p.start <= start and end <= p.end for p in parts)


_REMINDER = re.compile(r"\([^()]*\)")
_QUOTED = re.compile(r"“[^”]*”|\"[^\"\n]*\"")
_NEGATION = re.compile(
    r"\b(?:can['’]t|cannot|don['’]t|doesn['’]t|isn['’]t|aren['’]t|won['’]t)\s+"
    r"(?:cause\s+(?:[a-z]+\s+){1,3}to\s+|be\s+)?[a-z]+(?:\s+(?:or|and)\s+[a-z]+)?",
    re.IGNORECASE,
)
_THIS = re.compile(  # "This spell can't be countered." opens a sentence: the T is capital there
    r"\b[Tt]his (?:(?:face-up |face-down |attacking |blocking |tapped )?"
    r"(?:creature|permanent|card|spell|artifact|enchantment|land|planeswalker|battle|Aura|Equipment|Vehicle"
    r"|Saga|Class|Case|Room|Fortification|token|ability|emblem|scheme|plane|phenomenon|Contraption|Attraction|Siege)s?)\b"
)
_CHAPTER = re.compile(r"^((?:[IVX]+)(?:, [IVX]+)*) — ")
_LABEL = re.compile(r"^([^—\n•:()“”\"]{1,60}?) — ")
_LEVEL = re.compile(r"^(LEVEL \d+(?:-\d+|\+))$")
_CLASS_LEVEL = re.compile(r":\s*(Level \d+)\s*$")
# a loyalty cost, as printed ("+1:", "−X:") or as the card data writes it ("[+1]:", "[−3]:")
_LOYALTY = re.compile(r"^(\[?[+−-]?(?:\d+|X)\]?):\s")
_ACTIVATED = re.compile(r"^([^:.\n\"“”]{1,160}?):\s")
_COST_WORD = re.compile(
    r"\{|\b(?:tap|untap|sacrifice|discard|pay|exile|remove|return|reveal|put|collect|mill|forage|blight)\b",
    re.IGNORECASE,
)
_TRIGGER = re.compile(r"^(?:When|Whenever|At)\b")
_CHOOSE = re.compile(
    r"\bchoose (?:one|two|three|four|five|one or more|one or both|any number|up to \w+)\b.*—\s*$", re.I
)
_PT = re.compile(r"^\d+/\d+$")


def _top_level_comma(text: str, start: int, end: int, names: tuple[Part, ...] = ()) -> int:
    """The first comma between ``start`` and ``end`` that is not inside quotes or parentheses, nor inside
    one of the card's names ("Regna, the Redeemer"), nor between the items of a list ("an artifact,
    creature, or land"): where a trigger condition ends (-1 if none)."""
    depth = quote = 0
    for i in range(start, end):
        ch = text[i]
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif ch == "“":
            quote += 1
        elif ch == "”":
            quote = max(0, quote - 1)
        elif ch == "," and not depth and not quote:
            if any(p.start < i < p.end for p in names) or _LIST_GOES_ON.match(text, i + 1, end):
                continue
            return i
    return -1


# after a comma, the list it separates goes on: "…, or land", "…, creature, or land", "…, and/or"
_LIST_GOES_ON = re.compile(r"\s*(?:(?:or|and|and/or)\s|[\w’'/+-]+,\s*(?:or|and|and/or)\s)")
# where a trigger condition can open a sentence: a line, a sentence, reminder text, a quoted ability
_TRIGGER_ANYWHERE = re.compile(r"(?:^|(?<=[.:(“\"•—] )|(?<=[(“\"]))(?:When|Whenever|At)\b", re.MULTILINE)
_IF_CLAUSE = re.compile(r"\s*(if [^,.]+),")


def _sentence_end(text: str, start: int) -> int:
    """Where the sentence opened at ``start`` ends: its period, the end of its reminder or quote, or the line."""
    depth = 0
    for i in range(start, len(text)):
        ch = text[i]
        if ch in "(“":
            depth += 1
        elif ch in ")”":
            if not depth:
                return i
            depth -= 1
        elif ch == "\n" or (ch == "." and not depth):
            return i
    return len(text)


def _intervening_if(text: str, trigger_start: int, end: int, names: tuple[Part, ...]) -> Part | None:
    """The intervening "if" clause of the trigger condition opened at ``trigger_start``, if it has one."""
    comma = _top_level_comma(text, trigger_start, end, names)
    if comma < 0:
        return None
    if cm := _IF_CLAUSE.match(text, comma + 1, end):
        return Part(cm.start(1), cm.end(1), cm.group(1))
    return None


def _intervening_ifs(text: str, names: tuple[Part, ...]) -> tuple[Part, ...]:
    out = []
    for m in _TRIGGER_ANYWHERE.finditer(text) if ("When" in text or "At " in text) else ():
        if part := _intervening_if(text, m.start(), _sentence_end(text, m.start()), names):
            out.append(part)
    return tuple(out)


class Reader:
    """Reads oracle text. Built once with the keyword ability names (and name templates) it recognises."""

    def __init__(self, keywords: Iterable[str], templates: Iterable[str] = ()) -> None:
        names = sorted({k.lower() for k in keywords if k and re.search(r"[a-z]", k.lower())}, key=len, reverse=True)
        alternation = "|".join(re.escape(n) for n in names)
        extra = "".join("|" + t for t in templates)
        self._keyword = re.compile(rf"(?:{alternation}{extra})(?![A-Za-z0-9-])", re.IGNORECASE)
        self._cache: dict[
            tuple[str, tuple[str, ...], str], FaceReading
        ] = {}  # the linker and the tagger read the same faces

    _CACHE_SIZE = 100_000  # every face of the corpus (~26,000) fits; readings are immutable

    def read(self, text: str, names: Iterable[str] = (), type_line: str = "") -> FaceReading:
        """The abilities of one face. ``names``: the card's and face's names; ``type_line``: to tell spell
        text (instants, sorceries) from static abilities."""
        key = (text, tuple(names), type_line)
        hit = self._cache.get(key)
        if hit is None:
            hit = self._read(text, key[1], type_line)
            if len(self._cache) >= self._CACHE_SIZE:
                self._cache.clear()
            self._cache[key] = hit
        return hit

    def _read(self, text: str, names: Iterable[str], type_line: str) -> FaceReading:
        text = text or ""
        # each scan only where its first character occurs (most faces have no quotes, many no reminder)
        reminders = tuple(Part(m.start(), m.end(), m.group(0)) for m in _REMINDER.finditer(text)) if "(" in text else ()
        grants = (
            tuple(
                Part(m.start(), m.end(), m.group(0))
                for m in _QUOTED.finditer(text)
                if not _inside(reminders, m.start(), m.end())
            )
            if "“" in text or '"' in text
            else ()
        )
        name_set = _names(names)
        self_refs = _self_refs(text, name_set, grants)
        negations = (
            tuple(Part(m.start(), m.end(), m.group(0)) for m in _NEGATION.finditer(text))
            if "n't" in text or "n’t" in text or "cannot" in text.lower()
            else ()
        )
        spell = bool(re.search(r"\b(?:Instant|Sorcery)\b", type_line or ""))
        names_here = tuple(p for p in self_refs if "," in p.text)  # a comma inside a name ends no condition
        abilities = self._abilities(text, spell=spell, names=names_here)
        return FaceReading(
            text,
            abilities,
            reminders,
            grants,
            negations,
            self_refs,
            tuple(sorted(name_set)),
            _intervening_ifs(text, names_here),
        )

    # --- lines ------------------------------------------------------------------------------------
    def _abilities(self, text: str, *, spell: bool, names: tuple[Part, ...] = ()) -> tuple[Ability, ...]:
        out: list[Ability] = []
        section: str | None = None
        pos = 0
        for line in text.split("\n"):
            start, end = pos, pos + len(line)
            pos = end + 1
            if not line.strip():
                continue
            if m := _LEVEL.match(line):
                section = m.group(1)
                out.append(Ability("level", Part(start, end, line), section=section))
                continue
            if _PT.match(line.strip()):
                continue  # a leveler's power/toughness line belongs to its LEVEL section
            if line.startswith("•") and out and out[-1].kind != "mode":
                parent = out[-1]
                mode = self._line(
                    text,
                    start + 1 + (len(line[1:]) - len(line[1:].lstrip())),
                    end,
                    spell=spell,
                    forced="mode",
                    names=names,
                )
                out[-1] = _with_mode(parent, mode)
                continue
            ability = self._line(text, start, end, spell=spell, forced=None, names=names)
            level = _CLASS_LEVEL.search(line) if ability.kind == "activated" and ability.effect else None
            if level is not None:
                section = level.group(1)
                ability = _replace(ability, section=section)
            elif section and ability.section is None:
                ability = _replace(ability, section=section)
            out.append(ability)
        return tuple(out)

    def _line(
        self, text: str, start: int, end: int, *, spell: bool, forced: str | None, names: tuple[Part, ...] = ()
    ) -> Ability:
        line = text[start:end]
        whole = Part(start, end, line)
        label = None
        body = start
        if m := _CHAPTER.match(line):
            label = Part(start, start + m.end(1), m.group(1))
            return Ability("chapter", whole, label=label, effect=_part(text, start + m.end(), end), section=m.group(1))
        if (m := _LABEL.match(line)) and not self._keyword_with_dash(text, start, end, m.end(1)):
            label = Part(start, start + m.end(1), m.group(1))
            body = start + m.end()
        rest = text[body:end]
        if label is None and _only_reminder(text, start, end):
            return Ability("reminder", whole)
        if forced is None and label is None and (items := self._keyword_items(text, body, end)):
            return Ability("keyword", whole, keywords=items)
        if m := _LOYALTY.match(rest):
            return Ability(
                "loyalty",
                whole,
                label=label,
                cost=Part(body, body + m.end(1), m.group(1)),
                effect=_part(text, body + m.end(), end),
            )
        if (m := _ACTIVATED.match(rest)) and _COST_WORD.search(m.group(1)) and not _inside_quote(rest, m.end(1)):
            return Ability(
                "activated",
                whole,
                label=label,
                cost=Part(body, body + m.end(1), m.group(1)),
                effect=_part(text, body + m.end(), end),
            )
        if _TRIGGER.match(rest):
            comma = _top_level_comma(text, body, end, names)
            if comma > 0:
                trigger = Part(body, comma, text[body:comma])
                after = comma + 1
                condition = None
                if cm := _IF_CLAUSE.match(text, after, end):
                    condition = Part(cm.start(1), cm.end(1), cm.group(1))
                    after = cm.end()
                return Ability(
                    "triggered",
                    whole,
                    label=label,
                    trigger=trigger,
                    condition=condition,
                    effect=_part(text, after, end),
                )
        kind: AbilityKind = forced or ("spell" if spell else "static")  # type: ignore[assignment]
        condition = None
        if cm := re.match(r"(As long as [^,]+|If [^,]+),", rest):
            condition = Part(body, body + cm.end(1), cm.group(1))
        return Ability(kind, whole, label=label, condition=condition, effect=_part(text, body, end))

    def _keyword_with_dash(self, text: str, start: int, end: int, label_end: int) -> bool:
        """The words before " — " are a keyword with its parameter, not a label: "Prototype {3}{R}{R} — 2/2"
        (a keyword's own name alone before the dash, "Companion — …", is still a label)."""
        m = self._keyword.match(text, start)
        return bool(m and m.end() < label_end and self._keyword_items(text, start, end))

    def _keyword_items(self, text: str, start: int, end: int) -> tuple[KeywordItem, ...]:
        """The keywords of a keyword line ("Flying, first strike", "Equip {2}", "Escape—{3}{B}, Exile …"),
        or () if the line is not made of keywords only."""
        items: list[KeywordItem] = []
        i = start
        while i < end:
            m = self._keyword.match(text, i)
            if not m:
                return ()
            name = Part(m.start(), m.end(), m.group(0))
            j = m.end()
            rest = text[j:end]
            if _DASH_COST.match(rest):  # "Ward—Pay 2 life.", "Suspend X—{X}{3}{U}. X can't be 0.": the cost
                stop = text.find("(", j, end)  # runs to the line's reminder text or end
                p_end = stop if stop > 0 else end
                items.append(KeywordItem(name, _part(text, j, p_end, strip=" .")))
                return tuple(items) if _only_reminder(text, p_end, end) else ()
            comma = _next_separator(text, j, end)
            parameter = _parameter(text, j, comma, end)
            if parameter is None:
                return ()
            param_end, raw = parameter
            if raw.strip() and not raw.startswith(" "):
                return ()  # "Flash" followed by "back": not this keyword
            if cost_then := _COST_THEN_SENTENCE.match(raw):
                # "Equip {10}. This ability costs {X} less …": the keyword ends with its cost; a sentence follows
                items.append(KeywordItem(name, _part(text, j, j + cost_then.end(1))))
                return tuple(items)
            while comma >= 0 and (
                (_NAME_GOES_ON.match(text, comma + 1, end) and _NAMES.match(raw) and items == [])
                or (raw.strip() and _LIST_ITEM.match(text, comma + 1, end) and not self._keyword.match(text, comma + 2))
                or (raw.strip() == "X" and _WHERE_X.match(text, comma + 1, end))
            ):
                # "Partner with Krav, the Unredeemed": the comma is inside the name the keyword takes;
                # "Enchant creature, land, or planeswalker", "Protection from Vampires, from Werewolves, and
                # from Zombies": the comma separates the items of the keyword's own parameter
                goes_on = (
                    _NAME_GOES_ON.match(text, comma + 1, end)
                    or _LIST_ITEM.match(text, comma + 1, end)
                    or _WHERE_X.match(text, comma + 1, end)  # "Devour X, where X is the number of …"
                )
                comma = _next_separator(text, goes_on.end(), end)  # type: ignore[union-attr]
                parameter = _parameter(text, j, comma, end)
                if parameter is None:
                    return ()
                param_end, raw = parameter
            if len(raw.split()) > 8 and not _WHERE_X.match(raw, raw.find(",") + 1):
                return ()  # a sentence that starts with a keyword-like word
            if re.search(
                r"\b(?:you(?! (?:don['’]t )?control\b)|your|is|are|can|gets?|has|have|deals?|when|whenever)\b",
                raw,
                re.I,
            ) and not re.match(r"\s+(?:from|with|over|to)\b|\s+X, where X is\b", raw):  # "Enchant creature you control"
                return ()
            items.append(KeywordItem(name, _part(text, j, param_end) if raw.strip() else None))
            if comma < 0:
                return tuple(items)
            i = comma + 1
            while i < end and text[i] in " ,;":
                i += 1
        return tuple(items)


# a keyword's dash parameter, after an optional number or words: "—Pay 2 life", " X—{X}{3}{U}"
_DASH_COST = re.compile(r"^((?: (?:\d+|X))?|(?: [\w’'-]+){1,3}(?=—[A-Z{]))—")  # "Splice onto Arcane—Return …"
# a keyword that takes a name ("with Krav"), and the rest of a name after its comma ("the Unredeemed",
# "Imaginary Friend"): capitalised words and the small words of names
_NAMES = re.compile(r"^ with [A-Z]")
_NAME_GOES_ON = re.compile(r" (?:the |of )?[A-Z][\w’'-]*(?: (?:of|the|and|[A-Z][\w’'-]*))*(?=[,(\s]|$)")


# the next item of a keyword's parameter list: "land", "or planeswalker", "and from Zombies"
_LIST_ITEM = re.compile(r" (?:(?:or|and) )?(?:from )?[A-Za-z][\w’'-]*(?=[,(]|$| \()")
_WHERE_X = re.compile(r" where X is [^(]*?(?= \(|$)")
_COST_THEN_SENTENCE = re.compile(r"^( (?:\{[^}]+\})+)\. [A-Z]")


def _next_separator(text: str, start: int, end: int) -> int:
    for i in range(start, end):
        ch = text[i]
        if ch == "(":
            close = text.find(")", i, end)
            if close < 0:
                return -1
            return _next_separator(text, close + 1, end)
        if ch in ",;":
            return i
    return -1


def _parameter(text: str, start: int, separator: int, end: int) -> tuple[int, str] | None:
    """A keyword's parameter from `start` to the separator (or the line's end) and where it ends, its
    reminder text cut off; None when the parenthesis is followed by more than reminder text."""
    param_end = separator if separator >= 0 else end
    raw = text[start:param_end]
    stop = raw.find("(")
    if stop >= 0:
        if not _only_reminder(text, start + stop, param_end):
            return None
        param_end = start + stop
        raw = raw[:stop]
    return param_end, raw


def _only_reminder(text: str, start: int, end: int) -> bool:
    rest = text[start:end]
    return not _REMINDER.sub("", rest).strip(" .")


def _inside_quote(text: str, pos: int) -> bool:
    return text.count("“", 0, pos) > text.count("”", 0, pos)


def _part(text: str, start: int, end: int, strip: str = " ") -> Part | None:
    while start < end and text[start] == " ":
        start += 1
    while end > start and text[end - 1] in strip:
        end -= 1
    return Part(start, end, text[start:end]) if start < end else None


def _replace(a: Ability, **changes: Any) -> Ability:
    return a._replace(**changes)


def _with_mode(parent: Ability, mode: Ability) -> Ability:
    span = Part(parent.span.start, mode.span.end, "")
    return _replace(parent, modes=(*parent.modes, mode), span=span)


def _names(names: Iterable[str]) -> set[str]:
    """Every name the face answers to: each face of "A // B", "A-" Alchemy names without the prefix,
    and a legendary's short name ("Zada" for "Zada, Hedron Grinder")."""
    out: set[str] = set()
    for n in names:
        for part in (n or "").split("//"):
            part = part.strip()
            if not part:
                continue
            out.add(part)
            if part.startswith("A-") and len(part) > 2:
                out.add(part[2:])
    for n in list(out):
        if ", " in n:
            out.add(n.split(", ")[0])
        elif (regnal := _REGNAL.search(n)) is not None:
            out.add(n[: regnal.start()])  # "King Darien XLVIII" says "King Darien": the name without its numeral
    return out


# a regnal numeral ending a name of two words or more ("King Darien XLVIII", "Saint Traft"-less: only Roman numerals)
_REGNAL = re.compile(r"(?<=\S) (?=[IVXLC]+$)(?:M{0,3}(?:C[MD]|D?C{0,3})(?:X[CL]|L?X{0,3})(?:I[XV]|V?I{0,3}))$")


def _self_refs(text: str, names: set[str], grants: tuple[Part, ...]) -> tuple[Part, ...]:
    found: list[Part] = []
    for n in sorted(names, key=len, reverse=True):
        pos = text.find(n)
        while pos != -1:
            end = pos + len(n)
            before = text[pos - 1] if pos else " "
            after = text[end] if end < len(text) else " "
            if not _word(before) and not _word(after) and not any(p.start < end and pos < p.end for p in found):
                found.append(Part(pos, end, n))
            pos = text.find(n, pos + 1)
    if "~" in text:
        for m in re.finditer(r"~", text):
            found.append(Part(m.start(), m.end(), "~"))
    for m in _THIS.finditer(text) if "this " in text or "This " in text else ():
        if not _inside(grants, m.start(), m.end()) and not any(p.start < m.end() and m.start() < p.end for p in found):
            found.append(Part(m.start(), m.end(), m.group(0)))
    return tuple(sorted(found, key=lambda p: p.start))


def _word(ch: str) -> bool:
    return ch.isascii() and (ch.isalnum() or ch == "_")
