"""Parser for Wizards' Comprehensive Rules text file (MagicCompRules-YYYYMMDD.txt)."""

from __future__ import annotations

import datetime as _dt
import functools
import importlib.resources
import os
import re
from collections.abc import Set as AbstractSet

from ._model import GlossaryEntry, Rule, RuleBook, RuleRef, RulesParseError, normalize_term

# --- text normalisation ------------------------------------------------------------------------

_LINE_BREAKS = re.compile(r"\r\n|\r|\u2028|\u2029|\x85")


def split_lines(text: str) -> list[str]:
    """Lines of the file with BOM removed, any line-break convention, non-breaking spaces as spaces."""
    text = text.removeprefix("\ufeff")
    text = text.replace("\u00a0", " ").replace("\u202f", " ").replace("\ufeff", "")
    return [line.rstrip() for line in _LINE_BREAKS.sub("\n", text).split("\n")]


# --- references ---------------------------------------------------------------------------------

_NUM = r"\d{3}(?:\.\d+[a-z]?)?|\d(?!\d|\.\d)"
_REF_ITEM = rf"(?:{_NUM})(?:\s*[\u2013\u2014-]\s*(?:\d+[a-z]?|[a-z]))?"
_REF_LIST = re.compile(
    rf"\b(?:rules?|sections?)\s+((?:{_REF_ITEM})(?:(?:,\s*|\s+and\s+|\s+or\s+|,\s*and\s+|,\s*or\s+|\s+through\s+)(?:{_REF_ITEM}))*)",
    re.IGNORECASE,
)
_ITEM = re.compile(rf"({_NUM})(?:(\s*[\u2013\u2014-]\s*)(\d+[a-z]?|[a-z]))?")
_BARE = re.compile(r"(?<![\w.])(\d{3}\.\d+[a-z]?)(?![\w])")


def _range_end(first: str, end: str) -> str:
    """``119.9`` + ``10`` -> ``119.10``; ``601.2f`` + ``h`` -> ``601.2h``; ``702.19b`` + ``702.19c`` stays."""
    if "." in end:
        return end
    head, _, tail = first.partition(".")
    if end.isalpha():
        return re.sub(r"[a-z]+$", "", first) + end
    if not tail:
        return end
    return f"{head}.{end}"


def find_references(text: str, known: AbstractSet[str] | None = None) -> list[RuleRef]:
    """Rule references in ``text``: after "rule(s)"/"section(s)" any list or range of numbers; elsewhere
    bare numbers like ``101.4a`` (kept only if ``known`` is None or contains them)."""
    refs: list[RuleRef] = []
    covered: list[tuple[int, int]] = []
    for m in _REF_LIST.finditer(text):
        is_section = m.group(0).lower().startswith("section")
        base = m.start(1)
        for item in _ITEM.finditer(m.group(1)):
            first = item.group(1)
            if len(first) == 1 and not is_section:
                continue
            s = base + item.start(1)
            refs.append(RuleRef(s, s + len(first), first))
            if item.group(3):
                es = base + item.start(3)
                refs.append(RuleRef(es, es + len(item.group(3)), _range_end(first, item.group(3))))
        covered.append((m.start(1), m.end(1)))
    for m in _BARE.finditer(text):
        if any(a <= m.start() < b for a, b in covered):
            continue
        if known is None or m.group(1) in known:
            refs.append(RuleRef(m.start(1), m.end(1), m.group(1)))
    refs.sort(key=lambda r: r.start)
    return refs


# --- the parser ---------------------------------------------------------------------------------

_DATE = re.compile(r"effective as of ([A-Z][a-z]+ \d{1,2}, \d{4})")
_SECTION = re.compile(r"^(\d)\.\s+(\S.*)$")
_RULE = re.compile(r"^(\d{3})\.\s+(\S.*)$")
_NUMBERED = re.compile(r"^(\d{3}\.\d+)\.?\s+(\S.*)$")
_SUBRULE = re.compile(r"^(\d{3}\.\d+[a-z]{1,2})\.?\s+(\S.*)$")
_EXAMPLE = re.compile(r"^Example:\s*(.*)$")
_LOOKS_NUMBERED = re.compile(r"^\d")
_TITLE_END = (".", ":", "\u201d", '"', ")", "?", ";", ",")


def _is_title(text: str) -> bool:
    return not text.endswith(_TITLE_END) and len(text.split()) <= 8


def parse_rules(text: str) -> RuleBook:
    """Parse the whole Comprehensive Rules text. Raises ``RulesParseError`` naming the line on bad input.

    The file's parts in their order: the title, the introduction (with the date the rules take effect),
    the contents, the rules (each with its examples), the glossary, the credits."""
    lines = split_lines(text)
    start = _skip_blank(lines, 0)
    if start >= len(lines):
        raise RulesParseError(1, "the title 'Magic: The Gathering Comprehensive Rules'", "")
    title = lines[start].strip()
    effective, contents_at = _effective_date(lines, start)
    introduction = "\n".join(ln for ln in lines[start + 1 : contents_at] if ln.strip())
    contents, rules_at = _contents(lines, contents_at)
    rules, glossary_at = _rules(lines, rules_at)
    glossary, credits_at = _glossary(lines, glossary_at)
    credits = "\n".join(lines[credits_at:]).strip()
    _cross_references(rules, glossary)
    return RuleBook(
        effective_date=effective,
        contents=contents,
        rules=rules,
        glossary=glossary,
        credits=credits,
        title=title,
        introduction=introduction,
    )


def _last(lines: list[str]) -> str:
    return lines[-1] if lines else ""


def _skip_blank(lines: list[str], j: int) -> int:
    while j < len(lines) and not lines[j].strip():
        j += 1
    return j


def _effective_date(lines: list[str], title_at: int) -> tuple[_dt.date, int]:
    """(the date the rules take effect: the first line before the contents that states it, the line
    index of the 'Contents' heading)."""
    effective: _dt.date | None = None
    for j in range(title_at, len(lines)):
        if lines[j].strip() == "Contents":
            if effective is None:
                break
            return effective, j
        m = _DATE.search(lines[j])
        if m and effective is None:
            try:
                effective = _dt.datetime.strptime(m.group(1), "%B %d, %Y").date()
            except ValueError as exc:
                raise RulesParseError(j + 1, "a date like 'February 27, 2026'", m.group(1)) from exc
    if effective is None:
        after_title = lines[title_at + 1] if title_at + 1 < len(lines) else ""
        raise RulesParseError(title_at + 2, "'These rules are effective as of <Month D, YYYY>.'", after_title)
    raise RulesParseError(len(lines), "a 'Contents' heading", _last(lines))


def _contents(lines: list[str], contents_at: int) -> tuple[list[str], int]:
    """The contents' lines, up to and including 'Credits'; and the index of the line after it, where
    the rules begin."""
    contents: list[str] = []
    for j in range(contents_at + 1, len(lines)):
        line = lines[j].strip()
        if line:
            contents.append(line)
            if line == "Credits":
                return contents, j + 1
    raise RulesParseError(len(lines), "'Credits' as the last line of the contents", _last(lines))


def _rules(lines: list[str], j: int) -> tuple[dict[str, Rule], int]:
    """The rules from line index `j` on, each with its examples, up to the 'Glossary' heading; and the
    index of the line after that heading."""
    rules: dict[str, Rule] = {}
    current: Rule | None = None
    in_example = False  # the last paragraph read was an example (a continuation line is its)
    while j < len(lines):
        raw = lines[j]
        line = raw.strip()
        lineno = j + 1
        j += 1
        if not line:
            continue
        if line == "Glossary":
            if not rules:
                raise RulesParseError(j, "at least one rule before the glossary", "Glossary")
            return rules, j
        if m := _EXAMPLE.match(line):
            if current is None:
                raise RulesParseError(lineno, "a rule before the first example", line)
            current.examples.append(m.group(1))
            in_example = True
        elif (numbered := _match_rule(line)) is not None:
            current = _new_rule(rules, numbered, lineno, line)
            in_example = False
        elif raw[:1].isspace() and current is not None:
            _continue_paragraph(current, line, in_example=in_example)
        else:
            raise _not_a_rule(lineno, line)
    raise RulesParseError(len(lines), "a 'Glossary' heading after the rules", _last(lines))


def _new_rule(rules: dict[str, Rule], numbered: tuple[str, str, str], lineno: int, line: str) -> Rule:
    """The rule a numbered line starts, added to `rules` and to its parent's children."""
    number, level, body = numbered
    rule = _make_rule(number, level, body, lineno)
    if number in rules:
        raise RulesParseError(
            lineno, f"a new rule number (rule {number} already appears on line {rules[number].line})", line
        )
    if rule.parent is not None:
        parent = rules.get(rule.parent)
        if parent is None:
            raise RulesParseError(lineno, f"rule {rule.parent} before rule {number}", line)
        parent.children.append(number)
    rules[number] = rule
    return rule


def _continue_paragraph(rule: Rule, line: str, *, in_example: bool) -> None:
    """An indented line: more of the rule's last paragraph (its text, or its last example)."""
    if in_example:
        rule.examples[-1] += "\n" + line
    else:
        rule.text = f"{rule.text}\n{line}" if rule.text else line


def _not_a_rule(lineno: int, line: str) -> RulesParseError:
    if _LOOKS_NUMBERED.match(line):
        return RulesParseError(lineno, "a rule number like '702.19.', '702.19b' or '7.' followed by text", line)
    return RulesParseError(lineno, "a rule number, 'Example:' or 'Glossary'", line)


def _glossary(lines: list[str], glossary_at: int) -> tuple[dict[str, GlossaryEntry], int]:
    """The glossary's entries (blocks of lines between blank lines; the first of a term kept), up to the
    'Credits' heading; and the index of the line after it."""
    glossary: dict[str, GlossaryEntry] = {}
    block: list[tuple[int, str]] = []
    n = len(lines)
    for j in range(glossary_at, n + 1):
        line = lines[j].strip() if j < n else ""
        if j < n and line == "Credits" and not block:
            return glossary, j + 1
        if line:
            block.append((j + 1, line))
        elif block:
            entry = _make_entry(block)
            glossary.setdefault(entry.key, entry)
            block = []
    raise RulesParseError(n, "a 'Credits' heading after the glossary", _last(lines))


def _cross_references(rules: dict[str, Rule], glossary: dict[str, GlossaryEntry]) -> None:
    """The rule numbers each rule and glossary entry cites, and the entries a glossary entry sends to."""
    known = set(rules)
    for r in rules.values():
        r.references = find_references(r.text, known)
    for e in glossary.values():
        e.references = find_references(e.definition, known)
        e.see_rules = list(dict.fromkeys(ref.target for ref in e.references))
        e.see_also = _see_also(e, glossary)


def _match_rule(line: str) -> tuple[str, str, str] | None:
    for regex, level in ((_SUBRULE, "subrule"), (_NUMBERED, "numbered"), (_RULE, "rule"), (_SECTION, "section")):
        if m := regex.match(line):
            return m.group(1), level, m.group(2).strip()
    return None


def _make_rule(number: str, level: str, body: str, lineno: int) -> Rule:
    if level == "section":
        return Rule(number, "section", body, "", parent=None, line=lineno)
    if level == "rule":
        return Rule(number, "rule", body, "", parent=number[0], line=lineno)
    if level == "numbered":
        parent = number.split(".")[0]
        if _is_title(body):
            return Rule(number, "numbered", body, "", parent=parent, line=lineno)
        return Rule(number, "numbered", "", body, parent=parent, line=lineno)
    parent = re.sub(r"[a-z]+$", "", number)
    return Rule(number, "subrule", "", body, parent=parent, line=lineno)


def _make_entry(block: list[tuple[int, str]]) -> GlossaryEntry:
    lineno, term = block[0]
    if len(block) < 2:
        raise RulesParseError(lineno + 1, f"a definition after the glossary term {term!r}", "")
    obsolete = False
    m = re.match(r"^(.*?)\s*\(Obsolete\)$", term)
    if m:
        term, obsolete = m.group(1), True
    definition = "\n".join(line for _, line in block[1:])
    return GlossaryEntry(term=term, definition=definition, obsolete=obsolete)


_SEE = re.compile(r"(?:^|\.\s+|\n)See (?:also )?(?!rules?\b|sections?\b)([^.\n]+)\.", re.IGNORECASE)


def _see_also(entry: GlossaryEntry, glossary: dict[str, GlossaryEntry]) -> list[str]:
    out: list[str] = []
    for m in _SEE.finditer(entry.definition):
        target = m.group(1).strip()
        if normalize_term(target) in glossary:
            out.append(glossary[normalize_term(target)].term)
            continue
        for part in re.split(r",\s*(?:and\s+|or\s+)?|\s+and\s+|\s+or\s+", target):
            key = normalize_term(part.strip('"\u201c\u201d '))
            if key in glossary and glossary[key].term not in out:
                out.append(glossary[key].term)
    return out


# --- loading ------------------------------------------------------------------------------------


def load_rules(path: str | os.PathLike[str]) -> RuleBook:
    with open(path, encoding="utf-8-sig", newline="") as fh:
        return parse_rules(fh.read())


def shipped_rules_file() -> importlib.resources.abc.Traversable:
    """The newest ``MagicCompRules-*.txt`` shipped in ``tolaria/data``."""
    data = importlib.resources.files("tolaria") / "data"
    files = sorted(
        (p for p in data.iterdir() if p.name.startswith("MagicCompRules-") and p.name.endswith(".txt")),
        key=lambda p: p.name,
    )
    if not files:
        raise FileNotFoundError("no MagicCompRules-*.txt in tolaria/data")
    return files[-1]


@functools.cache
def shipped_rulebook() -> RuleBook:
    """The rule book shipped with the package (parsed once per process)."""
    return parse_rules(shipped_rules_file().read_text(encoding="utf-8-sig"))
