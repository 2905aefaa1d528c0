"""The linker: oracle text -> spans that open the Comprehensive Rules.

Every catalog is read from the RuleBook at runtime (702/701 titles, the 207.2c ability-word list, the
predefined tokens rule, the Day and Night rule, glossary designations); nothing is hard-coded per card
or per rule number.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ._model import RuleBook, normalize_term
from ._parser import find_references

Kind = Literal["keyword_ability", "keyword_action", "ability_word", "glossary", "rule_reference"]

_PRIORITY = {"keyword_ability": 0, "keyword_action": 1, "ability_word": 2, "glossary": 3, "rule_reference": 4}
_FOLD = str.maketrans({"\u2018": "'", "\u2019": "'", "\u201c": '"', "\u201d": '"', "\u00a0": " ", "\u2212": "-"})
_B = r"(?<![A-Za-z0-9])"  # word boundary that treats '!' and '-'-free ends sanely
_E = r"(?![A-Za-z0-9])"


@dataclass(frozen=True, slots=True)
class Span:
    """``text == oracle_text[start:end]`` is the keyword or term itself ("Equip" in "Equip {1}")."""

    start: int
    end: int
    text: str
    kind: Kind
    rule: str
    glossary_term: str | None = None
    in_reminder: bool = False


def _fold(text: str) -> str:
    """Same-length folding: curly quotes straightened, lower case (character by character)."""
    out = []
    for ch in text.translate(_FOLD):
        low = ch.lower()
        out.append(low if len(low) == 1 else ch)
    return "".join(out)


def _inflections(word: str) -> set[str]:
    w = word.lower()
    forms = {w, w + "s", w + "es", w + "ed", w + "d", w + "ing"}
    if w.endswith("e"):
        forms.add(w[:-1] + "ing")
    if len(w) > 1 and w.endswith("y") and w[-2] not in "aeiou":
        forms |= {w[:-1] + "ies", w[:-1] + "ied"}
    if re.search(r"[^aeiou][aeiou][bdgklmnprt]$", w) and len(w) <= 6:
        forms |= {w + w[-1] + "ed", w + w[-1] + "ing"}
    forms |= _IRREGULAR.get(w, set())
    return forms


# English irregular past forms of verbs used as keyword actions (language, not rules data)
_IRREGULAR = {"fight": {"fought"}, "behold": {"beheld"}, "cast": {"cast"}}
# after these words a keyword ability name is being used as an ability ("has flying", "with trample")
_GRANT = re.compile(
    r"(?<![A-Za-z])(?:has|have|had|gains?|gained|gaining|with|without|loses?|lost|losing|and|or|choose|chooses|of|among)\s+(?=\S)",
    re.IGNORECASE,
)
_SEP = re.compile(r"(?:[,;]\s*(?:and\s+|or\s+|and/or\s+)?|\s+and/or\s+|\s+and\s+|\s+or\s+)")
_PARAM_STOP = re.compile(r"[,;(\n]|\.(?:\s|$)")
_COUNTER_VERB_NEXT = re.compile(
    r"\s+(?:target|it|that|this|those|them|each|all|up|any|one|two|three|the|a|an|spells?|abilities|abilit)\b",
    re.IGNORECASE,
)


@dataclass
class _Catalog:
    abilities: dict[str, str] = field(default_factory=dict)  # folded name -> rule
    ability_templates: list[tuple[re.Pattern[str], str]] = field(default_factory=list)
    actions: dict[str, tuple[str, str]] = field(default_factory=dict)  # folded form -> (rule, base name)
    ability_words: dict[str, str] = field(default_factory=dict)
    ability_word_rule: str | None = None
    glossary_phrases: dict[str, tuple[str, str | None, str | None]] = field(
        default_factory=dict
    )  # folded -> (rule, term, case-sensitive spelling)


class Linker:
    """Finds keyword abilities, keyword actions, ability words, glossary terms and rule references."""

    def __init__(self, rulebook: RuleBook) -> None:
        self.rulebook = rulebook
        self._rule_numbers = frozenset(rulebook.rules)
        self.catalog = self._build_catalog(rulebook)
        cat = self.catalog
        self._ability_re = _alternation(cat.abilities)
        self._action_re = re.compile(_B + "(" + "|".join(_alt_items(cat.actions)) + ")" + _E) if cat.actions else None
        self._gloss_re = _alternation(cat.glossary_phrases, anywhere=True)

    # --- catalog -------------------------------------------------------------------------------
    @staticmethod
    def _build_catalog(book: RuleBook) -> _Catalog:
        cat = _Catalog()
        kw_rules: set[str] = set()
        for name, number in book.keyword_abilities().items():
            name = re.sub(r"\s*\(.*?\)\s*", "", name).strip()
            if re.search(r"[A-Za-z]", name):
                cat.abilities[_fold(name)] = number
                kw_rules.add(number)
        # variants named by the glossary ("Megamorph", "Double Agenda", "Typecycling", "Totem Armor")
        for entry in book.glossary.values():
            key = _fold(entry.term)
            if key in cat.abilities or re.search(r"[,\[\"]", key):
                continue
            targets = [t for t in entry.see_rules if t in kw_rules]
            definition = entry.definition.lower()
            if targets and re.match(
                r"^(?:an? variant of|an obsolete keyword ability|[^.]* is an? variant of)", definition
            ):
                cat.abilities[key] = targets[0]
            elif not entry.see_rules and len(entry.see_also) == 1 and re.fullmatch(r"see [^.]+\.", definition):
                target = _fold(entry.see_also[0])
                if cat.abilities.get(target) in kw_rules and target.endswith(("walk", "cycling")):
                    cat.abilities[key] = cat.abilities[target]
        # templates written in the rules: "[type]walk", "[Type]cycling"
        for number in kw_rules:
            for r in book.subtree(number):
                for m in re.finditer(r"\[type\]([a-z]+)", r.text, re.IGNORECASE):
                    suffix = re.escape(m.group(1).lower())
                    pat = re.compile(rf"{_B}((?:[a-z]+ )?[a-z]+{suffix}){_E}")
                    if all(p.pattern != pat.pattern for p, _ in cat.ability_templates):
                        cat.ability_templates.append((pat, number))
        for name, number in book.keyword_actions().items():
            words = _fold(name).split()
            if not words:
                continue
            for form in _inflections(words[0]):
                cat.actions.setdefault(" ".join([form, *words[1:]]), (number, name))
        # ability words: the list in the 207.2 rule that names them
        for r in book.rules.values():
            if r.level == "subrule" and "ability word" in r.text.lower():
                m = re.search(r"[Tt]he ability words are (.+?)\.?$", r.text, re.DOTALL)
                if m:
                    cat.ability_word_rule = r.number
                    for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1)):
                        if w.strip():
                            cat.ability_words[_fold(w.strip())] = r.number
                    break
        # glossary: predefined tokens (the rule that lists them) and designations the game/players can have
        for r in book.rules.values():
            if r.level == "numbered" and "predefined token" in r.text.lower():
                for child in book.children(r.number):
                    m = re.match(r"An? (.+?) token is", child.text)
                    if m:
                        name = m.group(1)
                        term = book.glossary_entry(f"{name} Token") or book.glossary_entry(name)
                        cat.glossary_phrases[_fold(name)] = (child.number, term.key if term else None, name)
                        if name.endswith(" Role"):
                            role = book.glossary_entry("Role")
                            cat.glossary_phrases.setdefault("role", (r.number, role.key if role else None, "Role"))
                break
        for entry in book.glossary.values():
            if (
                re.match(r"^(?:along with [^,]+, )?an? designation", entry.definition, re.IGNORECASE)
                and entry.see_rules
            ):
                term = _fold(entry.term)
                player = "a designation a player can have" in entry.definition.lower()
                phrase = f"the {term}" if player and not term.startswith("the ") else term
                cat.glossary_phrases[phrase] = (entry.see_rules[0], entry.key, None)
        day_night = _find_day_night(book)
        for what, number in day_night.items():
            entry = book.glossary_entry(what)
            cat.glossary_phrases[f"it becomes {what}"] = (number, entry.key if entry else None, None)
        return cat

    # --- linking -------------------------------------------------------------------------------
    def link(self, oracle_text: str, card_name: str | None = None) -> list[Span]:
        if not oracle_text:
            return []
        folded = _fold(oracle_text)
        reminders = [(m.start(), m.end()) for m in re.finditer(r"\([^()]*\)", oracle_text)]
        masked = _name_ranges(oracle_text, card_name)
        cands: list[tuple[int, int, Kind, str, str | None]] = []
        self._line_keywords(oracle_text, folded, reminders, cands)
        self._granted_keywords(folded, cands)
        self._actions(folded, cands)
        self._glossary(oracle_text, folded, cands)
        for ref in find_references(oracle_text, self._rule_numbers):
            cands.append((ref.start, ref.end, "rule_reference", ref.target, None))
        # choose: longest first, then by kind priority; no overlaps; nothing inside the card's own name
        cands.sort(key=lambda c: (-(c[1] - c[0]), _PRIORITY[c[2]], c[0]))
        taken: list[tuple[int, int]] = []
        spans: list[Span] = []
        for s, e, kind, rule, term, *core in cands:
            if any(s < b and a < e for a, b in masked):
                if not core or any(s < b and a < core[0] for a, b in masked):
                    continue
                e = core[0]  # keep the keyword, drop a parameter that names the card ("Cumulative upkeep—… on Aboroth")
            if s >= e or any(s < b and a < e for a, b in taken):
                continue
            taken.append((s, e))
            in_rem = any(a <= s and e <= b for a, b in reminders)
            spans.append(Span(s, e, oracle_text[s:e], kind, rule, term, in_rem))
        spans.sort(key=lambda sp: sp.start)
        return spans

    def _match_ability(self, folded: str, pos: int) -> tuple[int, str] | None:
        best: tuple[int, str] | None = None
        if self._ability_re is not None and (m := self._ability_re.match(folded, pos)):
            best = (m.end(), self.catalog.abilities[m.group(1)])
        for pat, number in self.catalog.ability_templates:
            if (m := pat.match(folded, pos)) and (best is None or m.end() > best[0]):
                best = (m.end(), number)
        return best

    def _line_keywords(self, text: str, folded: str, reminders, cands) -> None:
        pos = 0
        for line in folded.split("\n"):
            start, end = pos, pos + len(line)
            pos = end + 1
            # ability word: words before an em dash at the start of a line
            m = re.match(r"^([^\u2014\n()•]+?)\s+\u2014\s", line)
            if m and m.group(1).strip() in self.catalog.ability_words:
                w = m.group(1).strip()
                cands.append(
                    (
                        start + m.start(1),
                        start + m.start(1) + len(w),
                        "ability_word",
                        self.catalog.ability_words[w],
                        None,
                    )
                )
                continue
            # keyword line: kw [params] (, kw [params])*
            i = start
            first = True
            while i < end:
                hit = self._match_ability(folded, i)
                if hit is None:
                    break
                kw_end, number = hit
                # parameters run to a comma, semicolon, reminder text or sentence end
                stop = _PARAM_STOP.search(folded, kw_end, end)
                p_end = stop.start() if stop else end
                params = folded[kw_end:p_end]
                if params and not re.match(r"^(?:\s|\u2014|—)", params):
                    break  # "flash" followed by "back": not a keyword here
                if not first and params.strip() and "\u2014" not in params and len(params.split()) > 10:
                    break  # a sentence that merely goes on after a keyword-like word
                cands.append((i, kw_end, "keyword_ability", number, None, kw_end))
                first = False
                if not stop or folded[stop.start()] not in ",;":
                    break
                sep = _SEP.match(folded, stop.start())
                i = sep.end() if sep else stop.start() + 1

    def _granted_keywords(self, folded: str, cands) -> None:
        for g in _GRANT.finditer(folded):
            i = g.end()
            while True:
                hit = self._match_ability(folded, i)
                if hit is None:
                    break
                kw_end, number = hit
                end = kw_end
                # "protection from red", "hexproof from blue", "ward {2}": keep a short parameter
                if (m := re.match(r" from (?:[a-z]+)(?: and from [a-z]+)?", folded[kw_end:])) or (
                    m := re.match(r" (?:\{[^}]+\})+|\u2014[^,.;(\n]+", folded[kw_end:])
                ):
                    end = kw_end + m.end()
                cands.append((i, kw_end, "keyword_ability", number, None, kw_end))
                sep = _SEP.match(folded, end)
                if not sep:
                    break
                i = sep.end()

    def _actions(self, folded: str, cands) -> None:
        if self._action_re is None:
            return
        for m in self._action_re.finditer(folded):
            form = m.group(1)
            number, base = self.catalog.actions[form]
            end = m.end()
            if base.lower() == "counter" and form in ("counter", "counters"):
                if not _COUNTER_VERB_NEXT.match(folded, end):
                    continue
                if re.search(
                    r"(?:[+-]\d+/[+-]\d+|\b(?:a|an|one|no|the|each|of|poison|loyalty|more|any|those|that)\s*)$",
                    folded[max(0, m.start() - 12) : m.start()].rstrip() + " ",
                ):
                    if not re.search(r"\b(?:can't be|to)\s*$", folded[max(0, m.start() - 12) : m.start()]):
                        continue
            cands.append((m.start(), end, "keyword_action", number, None))

    def _glossary(self, text: str, folded: str, cands) -> None:
        if self._gloss_re is None:
            return
        for m in self._gloss_re.finditer(folded):
            key = m.group(1)
            number, term, as_written = self.catalog.glossary_phrases[key]
            if as_written and text[m.start(1) : m.start(1) + len(key)] != as_written:
                continue
            cands.append((m.start(1), m.end(), "glossary", number, term))


def _alternation(names: dict[str, object], anywhere: bool = False) -> re.Pattern[str] | None:
    if not names:
        return None
    items = _alt_items(names)
    if anywhere:
        # case-sensitive token names are stored as written; match them folded, check case afterwards
        return re.compile(_B + "(" + "|".join(items) + ")" + r"(?:s|es)?" + _E)
    return re.compile("(" + "|".join(items) + ")" + _E)


def _alt_items(names) -> list[str]:
    return [re.escape(n) for n in sorted(names, key=len, reverse=True)]


def _word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()  # the same boundary as _B and _E


def _name_ranges(text: str, card_name: str | None) -> list[tuple[int, int]]:
    if not card_name:
        return []
    names = {n.strip() for n in card_name.split("//") if n.strip()}
    for n in list(names):
        if ", " in n:
            names.add(n.split(", ")[0])
    out = []
    for n in names:
        # str.find, not a regex per name: a regex per card would recompile for every card of the corpus
        start = text.find(n)
        while start != -1:
            end = start + len(n)
            before = text[start - 1] if start else " "
            after = text[end] if end < len(text) else " "
            if not _word_char(before) and not _word_char(after):
                out.append((start, end))
            start = text.find(n, start + 1)
    return out


def _find_day_night(book: RuleBook) -> dict[str, str]:
    """{'night': rule that makes it night, 'day': rule that makes it day}, read from the Day and Night rule."""
    out: dict[str, str] = {}
    for r in book.rules.values():
        if r.level == "rule" and normalize_term(r.title) == "day and night":
            for sub in book.subtree(r.number)[1:]:
                t = sub.text.replace("\u2019", "'")
                for what in ("night", "day"):
                    if what in out:
                        continue
                    m = re.search(rf"(?<![\"\u201c])\bit becomes {what}\b(?![\"\u201d])", t)
                    if m and t.startswith("If ") and re.search(r"\bit becomes " + what, t.split(".")[0]):
                        out[what] = sub.number
            break
    return out


# --- coverage -----------------------------------------------------------------------------------


@dataclass
class Coverage:
    total: int = 0
    linked: int = 0
    misses: list[tuple[str, str]] = field(default_factory=list)  # (card name, keyword)

    @property
    def ratio(self) -> float:
        return self.linked / self.total if self.total else 1.0


def keyword_coverage(linker: Linker, cards: Iterable[tuple[str, str, Sequence[str]]]) -> Coverage:
    """For each (card name, oracle text, MTGJSON keywords), count keywords that some span links to a rule."""
    cov = Coverage()
    lookup = {}
    cat = linker.catalog
    for name, number in cat.abilities.items():
        lookup[name] = number
    for form, (number, _) in cat.actions.items():
        lookup.setdefault(form, number)
    for w, number in cat.ability_words.items():
        lookup.setdefault(w, number)
    for name, text, keywords in cards:
        if not keywords:
            continue
        spans = linker.link(text or "", name)
        rules = {s.rule for s in spans}
        folded = _fold(text or "")
        texts = [folded[s.start : s.start + 40] for s in spans if s.kind != "rule_reference"]
        inside = [folded[s.start : s.end] for s in spans if s.kind != "rule_reference"]
        for kw in keywords:
            cov.total += 1
            k = _fold(kw)
            if lookup.get(k) in rules or any(t.startswith(k) for t in texts) or any(k in t for t in inside):
                cov.linked += 1
            else:
                cov.misses.append((name, kw))
    return cov
