"""Domain objects of the Comprehensive Rules: rules, glossary entries, references, the rule book."""

from __future__ import annotations

import bisect
import datetime as _dt
import re
from dataclasses import dataclass, field
from typing import Literal

from tolaria.errors import InputError

Level = Literal["section", "rule", "numbered", "subrule"]

_QUOTES = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " "})


def normalize_term(term: str) -> str:
    """The key of a glossary term: lower case, curly quotes straightened, spaces collapsed."""
    return " ".join(term.translate(_QUOTES).lower().split())


class RulesParseError(InputError):
    """The rules text is malformed. ``line`` is 1-based; the message says what was expected."""

    def __init__(self, line: int, expected: str, found: str = "") -> None:
        self.line = line
        self.expected = expected
        self.found = found
        shown = found if len(found) <= 80 else found[:77] + "..."
        super().__init__(f"line {line}: expected {expected}, found {shown!r}")


@dataclass(frozen=True, slots=True)
class RuleRef:
    """A rule reference inside a text: ``text[start:end]`` is the number (or range end) naming ``target``."""

    start: int
    end: int
    target: str


@dataclass(slots=True)
class Rule:
    number: str
    level: Level
    title: str
    text: str
    examples: list[str] = field(default_factory=list)
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    references: list[RuleRef] = field(default_factory=list)
    line: int = 0

    @property
    def full_text(self) -> str:
        """Title or text, then each example on its own line prefixed ``Example:``."""
        head = self.text or self.title
        if self.title and self.text:
            head = f"{self.title}\n{self.text}"
        return "\n".join([head, *(f"Example: {e}" for e in self.examples)])

    @property
    def label(self) -> str:
        """``702.19`` for display (sections too: ``7``)."""
        return self.number


@dataclass(slots=True)
class GlossaryEntry:
    term: str
    definition: str
    see_rules: list[str] = field(default_factory=list)
    obsolete: bool = False
    see_also: list[str] = field(default_factory=list)
    references: list[RuleRef] = field(default_factory=list)

    @property
    def key(self) -> str:
        return normalize_term(self.term)


_NUM_RE = re.compile(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?([a-z]*)$")


def number_key(number: str) -> tuple[int | str, ...]:
    """A sort key for a rule number: ``7`` < ``702`` < ``702.2`` < ``702.19`` < ``702.19b``."""
    number = number.strip().rstrip(".")
    # at most 9 digits a part (a rule has 3): Python refuses to read a number of over 4,300 digits
    m = re.match(r"^(\d{1,9})(?:\.(\d{1,9}))?([a-z]*)", number)
    if not m:
        return ()
    head, sub, letters = m.group(1), m.group(2), m.group(3)
    if len(head) == 1 and sub is None:
        return (int(head),)
    key: tuple[int | str, ...] = (int(head[0]), int(head))
    if sub is not None:
        key += (int(sub),)
        if letters:
            key += (letters,)
    return key


@dataclass
class RuleBook:
    effective_date: _dt.date
    contents: list[str]
    rules: dict[str, Rule]
    glossary: dict[str, GlossaryEntry]
    credits: str
    title: str = "Magic: The Gathering Comprehensive Rules"
    introduction: str = ""

    def __post_init__(self) -> None:
        self._order = list(self.rules)
        self._index = {n: i for i, n in enumerate(self._order)}
        self._sorted = sorted(((number_key(n), n) for n in self._order), key=lambda kv: _sortable(kv[0]))

    # --- navigation -------------------------------------------------------------------------
    def rule(self, number: str) -> Rule:
        key = number.strip().rstrip(".")
        return self.rules[key]

    def get(self, number: str) -> Rule | None:
        return self.rules.get(number.strip().rstrip("."))

    def __contains__(self, number: object) -> bool:
        return isinstance(number, str) and number.strip().rstrip(".") in self.rules

    def __len__(self) -> int:
        return len(self.rules)

    def children(self, number: str) -> list[Rule]:
        return [self.rules[c] for c in self.rule(number).children]

    def subtree(self, number: str) -> list[Rule]:
        out: list[Rule] = []
        stack = [self.rule(number)]
        while stack:
            r = stack.pop()
            out.append(r)
            stack.extend(self.rules[c] for c in reversed(r.children))
        return out

    def previous(self, number: str) -> Rule | None:
        i = self._index[self.rule(number).number]
        return self.rules[self._order[i - 1]] if i > 0 else None

    def next(self, number: str) -> Rule | None:
        i = self._index[self.rule(number).number]
        return self.rules[self._order[i + 1]] if i + 1 < len(self._order) else None

    def nearest(self, number: str, n: int = 5) -> list[Rule]:
        """The ``n`` existing rules closest to ``number`` (which need not exist), in rule order."""
        if n <= 0 or not self._order:
            return []
        key = _sortable(number_key(number))
        keys = [_sortable(k) for k, _ in self._sorted]
        pos = bisect.bisect_left(keys, key)
        prefix = number.strip().rstrip(".")

        def score(i: int) -> tuple[int, ...]:
            cand = self._sorted[i][1]
            common = _common_prefix_parts(prefix, cand)
            return (-common, abs(i - pos))

        lo, hi = max(0, pos - 4 * n), min(len(keys), pos + 4 * n)
        window = sorted(range(lo, hi), key=score)[:n]
        return [self.rules[self._sorted[i][1]] for i in sorted(window)]

    # --- glossary ---------------------------------------------------------------------------
    def glossary_entry(self, term: str) -> GlossaryEntry | None:
        key = normalize_term(term)
        entry = self.glossary.get(key)
        if entry is not None:
            return entry
        for e in self.glossary.values():  # "You, Your" answers "your"; "Totem Armor (Obsolete)" answers "totem armor"
            if key in (normalize_term(p) for p in e.term.split(",")):
                return e
        return None

    # --- catalogs read from the rules themselves --------------------------------------------
    def _titled_children(self, section: str) -> dict[str, str]:
        out: dict[str, str] = {}
        if section not in self.rules:
            return out
        for r in self.children(section):
            if not r.title:
                continue
            out[r.title] = r.number
            parts = r.title.split(" and ")
            if len(parts) == 2 and all(len(p.split()) == 1 for p in parts):
                for p in parts:
                    out.setdefault(p, r.number)
        return out

    def keyword_abilities(self) -> dict[str, str]:
        """Keyword ability name (as the CR titles it) -> rule number, from the 702 rules with a title."""
        return self._titled_children(self._section_named("keyword abilities", "702"))

    def keyword_actions(self) -> dict[str, str]:
        """Keyword action name -> rule number, from the 701 rules with a title."""
        return self._titled_children(self._section_named("keyword actions", "701"))

    def _section_named(self, title: str, default: str) -> str:
        for r in self.rules.values():
            if r.level == "rule" and r.title.lower() == title:
                return r.number
        return default

    def find_titled(self, title: str, level: str | None = None) -> Rule | None:
        """The first rule whose title is ``title`` (case-insensitive)."""
        t = normalize_term(title)
        for r in self.rules.values():
            if r.title and normalize_term(r.title) == t and (level is None or r.level == level):
                return r
        return None

    def search(self, text: str, limit: int = 50) -> list[Rule]:
        """Rules whose title or text contains every word of ``text`` (case-insensitive), titles first."""
        words = normalize_term(text).split()
        if not words:
            return []
        titled: list[Rule] = []
        others: list[Rule] = []
        for r in self.rules.values():
            hay = normalize_term(f"{r.title} {r.text}")
            if all(w in hay for w in words):
                (titled if all(w in normalize_term(r.title) for w in words) else others).append(r)
        return (titled + others)[:limit]


def _sortable(key: tuple[int | str, ...]) -> tuple[tuple[int, int, str], ...]:
    # letters sort after numbers; make every element comparable
    return tuple((0, x, "") if isinstance(x, int) else (1, 0, x) for x in key)


def _common_prefix_parts(a: str, b: str) -> int:
    pa, pb = re.findall(r"\d+|[a-z]+", a), re.findall(r"\d+|[a-z]+", b)
    n = 0
    # the first component compares the hundreds digit too: "7" and "702" share 1
    if pa and pb and pa[0] and pb[0] and pa[0][0] == pb[0][0]:
        n += 1
    for x, y in zip(pa, pb):
        if x != y:
            break
        n += 1
    return n
