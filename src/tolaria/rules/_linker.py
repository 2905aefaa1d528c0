"""The linker: oracle text -> spans that open the Comprehensive Rules.

Every catalog is read from the RuleBook at runtime (702/701 titles, the 207.2c ability-word list, the
predefined tokens rule, the Day and Night rule, glossary designations); nothing is hard-coded per card
or per rule number.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from tolaria.oracle import Ability, FaceReading, Part, read_card, reader_for

from ._model import GlossaryEntry, RuleBook, normalize_term
from ._parser import find_references

if TYPE_CHECKING:
    from tolaria.cards import Card

Kind = Literal["keyword_ability", "keyword_action", "ability_word", "glossary", "rule_reference"]
# a candidate span: (start, end, kind, rule, glossary term); a granted keyword adds the keyword's end
_Cand = tuple[int, int, Kind, str, str | None] | tuple[int, int, Kind, str, str | None, int]
_Words = list[tuple[int, str]]  # (start, word) of each run of letters and digits of the folded text

_ONCE = ("keyword_action", "glossary")  # kinds marked once per face (see _once_each)

# Glossary terms the page does not mark: the words of the basic game that a player meets in the first game
# and reads without help, whose glossary entry restates the everyday meaning or just names the card type,
# zone or basic land type ("Creature: A card type. A creature is a permanent."; "Player: One of the people
# in the game."). Marking them made a link of every third word of a card (174,000 spans over the corpus,
# "you"/"your" alone 14,000) and buried the terms a player does stumble over (mana value, dies, token,
# intervening "if", combat damage, upkeep). Longer terms that contain them are still marked: "attacking
# creature", "defending player", "any target", "creature type", "mana value", "enters the battlefield". The
# rules page still explains every term; only the card page leaves these unmarked.
_ORDINARY_TERMS = frozenset(
    {
        "you, your",
        "player",
        "opponent",
        "owner",
        "control, controller",
        "card",
        "spell",
        "permanent",
        "ability",
        "effect",
        "name",
        "type",
        "target",
        "creature",
        "artifact",
        "enchantment",
        "land",
        "instant",
        "sorcery",
        "planeswalker",
        "artifact creature",
        "forest",
        "island",
        "mountain",
        "plains",
        "swamp",
        "hand",
        "library",
        "graveyard",
        "battlefield",
        "deck",
        "zone",
        "step",
        "draw",
        "attack",
        "block",
        "pay",
        "cost",
        "mana",
        "mana cost",
        "color",
        "colorless",
        "multicolored",
        "basic",
        "damage",
        "life, life total",
        "power",
        "toughness",
        "becomes",
    }
)
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
    straight = text.translate(_FOLD)
    low = straight.lower()
    if len(low) == len(straight):
        return low
    out = []
    for ch in straight:
        c = ch.lower()
        out.append(c if len(c) == 1 else ch)
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
_PLAY_NO_OBJECT = re.compile(r"\s*(?:$|[,.;)]|(?:for|if|with|in|as)\b)")
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
    # keyword variants written as templates in subrules ("Partner—[text]" 702.124i): (rule of the keyword,
    # pattern over the folded text from the keyword's start, subrule)
    variants: list[tuple[str, re.Pattern[str], str]] = field(default_factory=list)
    status_words: set[str] = field(default_factory=set)  # "tapped": a glossary term spelled as an action's form
    # the forms a keyword's glossary entry defines ("A spell has been kicked if …", "is “suspended” if"):
    # the keyword itself, spoken of (folded form -> the keyword's rule)
    keyword_forms: dict[str, str] = field(default_factory=dict)
    # phrases of a sense of an ordinary word that is no ordinary word ("the game is a draw": Draw, sense 2)
    sense_phrases: set[str] = field(default_factory=set)
    # a creature's combat status a glossary term names with "creature" ("Unblocked Creature", "Blocked
    # Creature": "An attacking creature that … an effect causes to become blocked"), said of a creature by
    # the status word alone: "becomes blocked", "it's attacking", "unblocked attacking creature" (the
    # pattern; group 1 the word) -> (rule, term) of each word
    creature_statuses: dict[str, tuple[str, str]] = field(default_factory=dict)
    status_said: re.Pattern[str] | None = None
    zone_words: dict[str, tuple[str, str]] = field(default_factory=dict)  # "exile" -> (zone rule, term)
    symbols: dict[str, tuple[str, str]] = field(default_factory=dict)  # "{q}" -> (rule, term)
    # words a glossary entry calls "a certain style of cost" ("Unless", 118.12a): that sense only where a
    # player does something in the clause they open ("unless its controller pays {1}"), not where they
    # open a condition ("can't attack unless defending player controls an Island")
    cost_words: set[str] = field(default_factory=set)
    day_night_own: str | None = None  # the rule a card's own "it becomes day" reads under (730.1)
    # a term one of whose senses is a permanent's status ("Face Up": "2. A default status a permanent may
    # have. See rule 110.5 and rule 702.37, “Morph.”"): the rule of that sense, read where a permanent is
    # turned ("turn it face up"), not the card's position in a zone (sense 1, section 4)
    status_rules: dict[str, str] = field(default_factory=dict)
    # a status a card has in a zone the zone's own rule speaks of ("Cards “exiled face down” can't be examined
    # …", 406.3): (the status, the zone's pattern over the clause before it, the subrule), read where a card is
    # put there ("exile the top card of your library face down", "cards exiled with ~ face down")
    zone_statuses: list[tuple[str, re.Pattern[str], str, str]] = field(default_factory=list)  # + the zone's word
    # phrases a rule defines ("To “tap [a permanent] for mana” is to …", 106.12) in the forms its subrules
    # quote (“is tapped for mana”, 106.12a triggers, 106.12b replacement effects): pattern over the folded
    # text, and (subrule, its text) of each subrule that quotes the form
    defined_forms: list[tuple[re.Pattern[str], list[tuple[str, str]]]] = field(default_factory=list)
    # the verb of a status a permanent may have that no keyword action gives ("Flipped": "flip", "flips"):
    # folded form -> (the rule the status's entry names by its title, the term), read where a permanent is its
    # object ("flip Jushi Apprentice", "you may flip it": 710.1a's ability that makes the permanent “flip”)
    status_verbs: dict[str, tuple[str, str]] = field(default_factory=dict)
    status_verb_re: re.Pattern[str] | None = None
    # a verb term whose object is a die ("Roll a d20": "To roll a twenty-sided die. Similarly, a d4 is …"), said
    # of any die its rule's subrule names ("N-sided die", "dN", 706.1a): "rolls a d20", "roll a six-sided die",
    # "roll two d4": the pattern over the folded text, and (rule, term)
    die_rolls: list[tuple[re.Pattern[str], str, str]] = field(default_factory=list)
    # the keywords a keyword counter can be (122.1b), folded -> the keyword's rule: "a deathtouch counter" is a
    # counter that gives the keyword, which the reader needs explained as much as the counter
    keyword_counters: dict[str, str] = field(default_factory=dict)
    keyword_counter_re: re.Pattern[str] | None = None


class Linker:
    """Finds keyword abilities, keyword actions, ability words, glossary terms and rule references."""

    def __init__(self, rulebook: RuleBook) -> None:
        self.rulebook = rulebook
        self._rule_numbers = frozenset(rulebook.rules)
        self.catalog = self._build_catalog(rulebook)
        self.reader = reader_for(rulebook)
        cat = self.catalog
        # the glossary keys of the ordinary words (see _ORDINARY_TERMS), as this edition spells them
        self._ordinary: frozenset[str] = frozenset(
            entry.key for entry in rulebook.glossary.values() if normalize_term(entry.term) in _ORDINARY_TERMS
        )
        self._ability_re = _alternation(cat.abilities)
        # glossary phrases by their first word: one dictionary look-up per word of the text is much
        # faster than one alternation of ~2,000 phrases tried at every position
        self._gloss_by_word: dict[str, list[str]] = {}
        for phrase in sorted(cat.glossary_phrases, key=len, reverse=True):
            if head := _ACTION_WORD.match(phrase):
                self._gloss_by_word.setdefault(head.group(0), []).append(phrase)
        self._elision: dict[str, re.Pattern[str]] = {}  # phrase -> its elided form (see _elided)
        self._action_by_word: dict[str, list[str]] = {}
        for phrase in sorted(cat.actions, key=len, reverse=True):
            if head := _ACTION_WORD.match(phrase):
                self._action_by_word.setdefault(head.group(0), []).append(phrase)
        self._heads = frozenset(self._gloss_by_word) | frozenset(self._action_by_word) | frozenset(cat.keyword_forms)

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
            key = _fold(re.sub(r"\s*\(obsolete\)", "", entry.term, flags=re.IGNORECASE))
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
                for t in re.finditer(r"\[type\]([a-z]+)", r.text, re.IGNORECASE):
                    suffix = re.escape(t.group(1).lower())
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
                        # "a Blood token": the token the rule defines, one link (not "Blood", then "token")
                        cat.glossary_phrases[_fold(name) + " token"] = (child.number, term.key if term else None, name)
                        # "Sacrifice two Foods", "for each Treasure you control": the token named by its name alone,
                        # plural too (the plural of a phrase's last word is read where the phrase is; this one is the
                        # whole phrase)
                        plural = _fold(name) + ("es" if _fold(name).endswith(("s", "x", "ch", "sh")) else "s")
                        cat.glossary_phrases.setdefault(plural, (child.number, term.key if term else None, name))
                        if name.endswith(" Role"):
                            role = book.glossary_entry("Role")
                            cat.glossary_phrases.setdefault("role", (r.number, role.key if role else None, "Role"))
                break
        for entry in book.glossary.values():
            if (
                re.match(r"^(?:along with [^,]+, )?an? designation", entry.definition, re.IGNORECASE)
                and entry.see_rules
            ):
                designation = _fold(entry.term)
                player = "a designation a player can have" in entry.definition.lower()
                phrase = f"the {designation}" if player and not designation.startswith("the ") else designation
                cat.glossary_phrases[phrase] = (entry.see_rules[0], entry.key, None)
        _keyword_forms(book, cat)
        _glossary_terms(book, cat)
        _zone_statuses(book, cat)
        _defined_forms(book, cat)
        _variants(book, cat, kw_rules)
        _symbols(book, cat)
        _die_rolls(book, cat)
        _keyword_counters(book, cat)
        day_night = _find_day_night(book)
        cat.day_night_own = _day_night_designation_rule(book)
        for what, number in day_night.items():
            found = book.glossary_entry(what)
            cat.glossary_phrases[f"it becomes {what}"] = (number, found.key if found else None, None)
        for a, b in (("day", "night"), ("night", "day")):
            if b in day_night:
                found = book.glossary_entry(b)
                cat.glossary_phrases[f"{a} becomes {b}"] = (day_night[b], found.key if found else None, None)
        return cat

    # --- linking -------------------------------------------------------------------------------
    def link(self, oracle_text: str, card_name: str | None = None, reading: FaceReading | None = None) -> list[Span]:
        """The spans of one face's text. ``reading`` is the face's structural reading (read here if not
        given); the card's own names and "this creature" are never linked."""
        if not oracle_text:
            return []
        if reading is None:
            reading = self.reader.read(oracle_text, names=(card_name,) if card_name else ())
        folded = _fold(oracle_text)
        masked = [_self_mask(p, len(oracle_text)) for p in reading.self_refs]
        masked += self._flavor_words(reading, folded)
        cands: list[_Cand] = []
        self._structure(reading, folded, cands)
        self._granted_keywords(folded, cands)
        # the words that open an action, a glossary phrase or a keyword's defined form: the only ones the
        # passes below look up (one test per word of the text here, not one per word in each pass)
        heads = self._heads
        words = [(w.start(), word) for w in _ACTION_WORD.finditer(folded) if (word := w.group(0)) in heads]
        self._actions(folded, cands, words, reading)
        for start, w in words if self.catalog.keyword_forms else ():
            if (number := self.catalog.keyword_forms.get(w)) and not (start and folded[start - 1].isalnum()):
                cands.append((start, start + len(w), "keyword_ability", number, None, start + len(w)))  # a mention
        self._glossary(oracle_text, folded, cands, reading, words)
        for m in self.catalog.status_said.finditer(folded) if self.catalog.status_said else ():
            # "becomes blocked" (1), the word after "is" (2), before another status or "attacker" (3), or the
            # status a creature enters in (4)
            g = m.lastindex or 1
            status_rule, status_term = self.catalog.creature_statuses[m.group(g).rsplit(" ", 1)[-1]]
            cands.append((m.start(g), m.end(g), "glossary", status_rule, status_term))
        self._non_terms(folded, cands)
        self._status_verbs(folded, cands, reading)
        self._defined(folded, cands, reading)
        for pattern, die_rule, die_term in self.catalog.die_rolls if "roll" in folded else ():
            for m in pattern.finditer(folded):
                cands.append((m.start(), m.end(), "glossary", die_rule, die_term))
        if (kc := self.catalog.keyword_counter_re) is not None and "counter" in folded:
            for m in kc.finditer(folded):  # "a deathtouch counter": the keyword it gives, a mention (122.1b)
                cands.append(
                    (m.start(1), m.end(1), "keyword_ability", self.catalog.keyword_counters[m.group(1)], None, m.end(1))
                )
        for sym in re.finditer(r"\{[a-z0-9]\}", folded) if self.catalog.symbols else ():
            if hit := self.catalog.symbols.get(sym.group(0)):
                cands.append((sym.start(), sym.end(), "glossary", hit[0], hit[1]))
        for ref in find_references(oracle_text, self._rule_numbers):
            cands.append((ref.start, ref.end, "rule_reference", ref.target, None))
        # choose: longest first, then by kind priority; no overlaps; nothing inside the card's own name
        cands.sort(key=lambda c: (-(c[1] - c[0]), _PRIORITY[c[2]], c[0]))
        taken = bytearray(len(oracle_text) + 1)  # 1 where a chosen span or the card's own name lies
        for a, b in masked:
            taken[a:b] = b"\x01" * (b - a)
        spans: list[Span] = []
        granted: set[int] = set()  # the starts of chosen spans that mention a keyword (given, or spoken of)
        for cand in cands:
            s, e, kind, rule, term = cand[:5]
            if s >= e or taken.find(1, s, e) != -1:
                continue
            taken[s:e] = b"\x01" * (e - s)
            spans.append(Span(s, e, oracle_text[s:e], kind, rule, term, reading.in_reminder(s, e)))
            if len(cand) > 5:
                granted.add(s)
        spans.sort(key=lambda sp: sp.start)
        return _once_each(_granted_once(spans, granted))

    def _flavor_words(self, reading: FaceReading, folded: str) -> list[tuple[int, int]]:
        """The words before " — " of an ability or a mode that are neither an ability word nor a keyword ("•
        Two-Weapon Fighting — Double target creature's power …"): flavor words, which "have no special rules
        meaning" (207.2d); nothing in them is linked (not "Fighting" as the action fight)."""
        out = []
        for ability in _all_abilities(reading):
            label = ability.label
            if label is None or ability.kind == "chapter":
                continue
            w = folded[label.start : label.end]
            if w not in self.catalog.ability_words and w not in self.catalog.abilities:
                out.append((label.start, label.end))
        return out

    def link_card(self, card: Card) -> list[list[Span]]:
        """The spans of each face of a ``tolaria.cards.Card``, read as the tagger reads it (shared readings)."""

        readings = read_card(card, self.reader)
        return [self.link(f.oracle_text, card.name, r) for f, r in zip(card.faces, readings)]

    def _match_ability(self, folded: str, pos: int) -> tuple[int, str] | None:
        best: tuple[int, str] | None = None
        if self._ability_re is not None and (m := self._ability_re.match(folded, pos)):
            best = (m.end(), self.catalog.abilities[m.group(1)])
        for pat, number in self.catalog.ability_templates:
            if (m := pat.match(folded, pos)) and (best is None or m.end() > best[0]):
                best = (m.end(), number)
        return best

    def _variant(self, folded: str, start: int, end: int, number: str | None) -> str | None:
        """The most specific subrule a written keyword uses ("Partner—Friends forever": 702.124i)."""
        written = folded[start:end].rstrip(" .")
        # any keyword's subtree may define it: "Modular—Sunburst" is an example of sunburst's 702.44c
        for _parent, pattern, sub in self.catalog.variants:
            if pattern.match(written):
                return sub
        return None

    def _structure(self, reading: FaceReading, folded: str, cands: list[_Cand]) -> None:
        """Keywords of keyword lines and ability words, as the reading found them."""
        for ability in _all_abilities(reading):
            if ability.label is not None:
                w = folded[ability.label.start : ability.label.end]
                if w in self.catalog.ability_words:
                    cands.append(
                        (ability.label.start, ability.label.end, "ability_word", self.catalog.ability_words[w], None)
                    )
                elif w in self.catalog.abilities:  # "Boast — {1}{W}: …", "Forecast — …", "Companion — …"
                    own = self.catalog.abilities[w]
                    cands.append((ability.label.start, ability.label.end, "keyword_ability", own, None))
            if ability.kind == "chapter" and ability.effect is not None:  # "III — Domain — …": the chapter's word
                inner = _INNER_LABEL.match(folded, ability.effect.start)
                if inner and inner.group(1) in self.catalog.ability_words:
                    word_rule = self.catalog.ability_words[inner.group(1)]
                    cands.append((inner.start(1), inner.end(1), "ability_word", word_rule, None))
            for item in ability.keywords:
                name = item.name
                hit = self._match_ability(folded, name.start)
                number = hit[1] if hit and hit[0] == name.end else None
                end = item.parameter.end if item.parameter else name.end
                rule = self._variant(folded, name.start, end, number) or number
                if rule is None:
                    continue
                cands.append((name.start, name.end, "keyword_ability", rule, None))

    def _granted_keywords(self, folded: str, cands: list[_Cand]) -> None:
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

    def _actions(self, folded: str, cands: list[_Cand], words: _Words, reading: FaceReading | None = None) -> None:
        for m in _phrase_matches(folded, self._action_by_word, words, ("",)):
            form = m.group(1)
            number, base = self.catalog.actions[form]
            end = m.end()
            if base.lower() == "play" and _PLAY_NO_OBJECT.match(folded, end):
                continue  # "playing for ante", "before playing if …": playing the game, not playing a card
            if base.lower() == "counter" and form in ("counter", "counters"):
                if not _COUNTER_VERB_NEXT.match(folded, end) and not (reading and reading.is_self(end + 1, end + 2)):
                    continue
                if re.search(
                    r"(?:[+-]\d+/[+-]\d+|\b(?:a|an|one|no|the|each|of|poison|loyalty|more|any|those|that)\s*)$",
                    folded[max(0, m.start() - 12) : m.start()].rstrip() + " ",
                ):
                    if not re.search(r"\b(?:can't be|to)\s*$", folded[max(0, m.start() - 12) : m.start()]):
                        continue
            if form in self.catalog.status_words:
                continue  # "tapped" is the status (its own glossary entry), not the action
            if base.lower() in self.catalog.zone_words and re.search(
                r"\b(?:in|from|into|to|of|on)\s+$", folded[max(0, m.start() - 6) : m.start()]
            ):
                zone, term = self.catalog.zone_words[base.lower()]
                cands.append((m.start(), end, "glossary", zone, term))  # "from exile": the zone
                continue
            cands.append((m.start(), end, "keyword_action", number, None))

    def _non_terms(self, folded: str, cands: list[_Cand]) -> None:
        """ "nontoken", "nonlegendary", "non-Aura": the term after the prefix, where it is a term of its own
        (the ordinary words, "nonland", "noncreature", stay unmarked as the words themselves are)."""
        for m in _NON.finditer(folded) if "non" in folded else ():
            hit = self.catalog.glossary_phrases.get(m.group(1))
            if hit and hit[1] not in self._ordinary and hit[2] is None:
                cands.append((m.start(), m.end(), "glossary", hit[0], hit[1]))

    def _status_verbs(self, folded: str, cands: list[_Cand], reading: FaceReading) -> None:
        """ "flip Jushi Apprentice.", "you may flip it.": the verb of a status (see _status_verb) whose object is
        the permanent itself, the clause ending there; not "Flip Chaos Orb onto the battlefield from a height"
        or "flip it from a height of at least one foot" (a physical flip), nor a coin ("flip two coins": 705)."""
        pattern = self.catalog.status_verb_re
        for m in pattern.finditer(folded) if pattern is not None else ():
            at = m.end()
            ref = next((p for p in reading.self_refs if p.start == at), None)
            end = ref.end if ref is not None else at + 2 if folded.startswith("it", at) else None
            if end is None or (end < len(folded) and folded[end] not in ".,;\n"):
                continue
            rule, term = self.catalog.status_verbs[m.group(1)]
            cands.append((m.start(1), m.end(1), "glossary", rule, term))

    def _defined(self, folded: str, cands: list[_Cand], reading: FaceReading) -> None:
        for pattern, subrules in self.catalog.defined_forms:
            for m in pattern.finditer(folded):
                ability = reading.ability_at(m.start())
                in_trigger = bool(
                    ability and ability.trigger and ability.trigger.start <= m.start() < ability.trigger.end
                )
                # a trigger condition reads under the subrule on triggers, anything else under the other
                fits = [n for n, text in subrules if ("trigger" in text.lower()) == in_trigger] or [subrules[0][0]]
                cands.append((m.start(1), m.end(1), "glossary", fits[0], None))

    def _glossary(self, text: str, folded: str, cands: list[_Cand], reading: FaceReading, words: _Words) -> None:
        for m in _phrase_matches(folded, self._gloss_by_word, words, ("", "s", "es")):
            key = m.group(1)
            number, term, as_written = self.catalog.glossary_phrases[key]
            if term in self._ordinary and key not in self.catalog.sense_phrases:
                continue  # a word of the basic game: see _ORDINARY_TERMS
            if as_written and text[m.start(1) : m.start(1) + len(as_written)] != as_written:
                continue
            if key == "die" and re.search(
                r"\b(?:a|the|that|sided|planar)[\s-]+$", folded[max(0, m.start() - 8) : m.start()]
            ):
                continue  # a die to roll, not "dies"
            if key in self.catalog.cost_words and not _COST_CLAUSE.match(folded, m.end()):
                continue  # "unless defending player controls an Island": a condition, no cost (118.12a)
            if term and "intervening" in term and not reading.intervening_if_at(m.start()):
                continue  # "if" right after a trigger condition; a sentence that opens with "If" is no such clause
            if key in ("day", "night") and (
                not re.search(r"\b(?:it's|it is|becomes|nor|or|and)\s+$", folded[max(0, m.start() - 10) : m.start()])
                or m.end() != m.end(1)
                or re.match(r"\s+counter", folded[m.end() :])
            ):
                continue  # "that day", "night counter", "Arabian Nights": not the game's designation
            if key in self.catalog.status_rules:
                number = self._status_rule(folded, m.start(), key, number)
            elif "-" in key and (status := key.replace("-", " ")) in self.catalog.status_rules:
                number = self._card_in_zone(folded, m.start(), m.end(), status) or number
            if term in ("day", "night") and self.catalog.day_night_own and not reading.in_reminder(m.start(), m.end()):
                number = self.catalog.day_night_own  # the card's own effect: the designation, not the untap-step check
            cands.append((m.start(1), m.end(), "glossary", number, term))
        self._elided(folded, cands)

    def _status_rule(self, folded: str, start: int, key: str, number: str) -> str:
        """The rule of "face down"/"face up" at ``start``: a card put in a zone so (the zone's rule: "exile it
        face down", 406.3), a permanent or spell turned so (the status: "turn it face up", 702.37; "cast
        this card face down", 708), else the term's own rule."""
        for status, zone, rule, _word in self.catalog.zone_statuses:
            if status == key and zone.search(folded, max(0, start - 80), start):
                return rule
        if _TURNED.search(folded, max(0, start - 40), start):
            return self.catalog.status_rules[key]
        return number

    def _card_in_zone(self, folded: str, start: int, end: int, status: str) -> str | None:
        """The zone's rule of a card the status word describes there ("face-up exiled card", "face-up
        cards your opponents own from exile", "exile them in a face-down pile": 406.3); None for a permanent or
        a spell ("a face-down creature", "exile a face-down permanent you control": the status of 708)."""
        noun = _CARD_NOUN.match(folded, end)
        if noun is None:
            return None
        clause_end = min((i for i in (folded.find(ch, noun.end()) for ch in ".;:\n") if i >= 0), default=len(folded))
        after = folded[noun.start() : clause_end]
        for st, zone, rule, word in self.catalog.zone_statuses:
            if st == status and (
                zone.search(folded, max(0, start - 80), start)
                or re.search(rf"{_B}(?:{word}d|(?:in|from|into) {word}){_E}", after)
            ):
                return rule
        return None

    def _elided(self, folded: str, cands: list[_Cand]) -> None:
        """A term whose last words two adjectives share: "attacking or blocking creature" is an attacking
        creature and a blocking creature, "activated or triggered ability" an activated ability. The first
        adjective is linked to its whole term (the second is a term as written)."""
        elided: set[tuple[int, int]] = set()
        # every elision goes on with a list: ", " or " or"/" and" right after the word; one scan finds the
        # words so followed (a look-up per word of the text made this pass a quarter of the linking time)
        for m in _BEFORE_LIST.finditer(folded):
            start, w = m.start(), m.group(0)
            if start and folded[start - 1].isalnum():
                continue
            alone = self.catalog.glossary_phrases.get(w)
            own_term = alone is not None and alone[1] == w
            for phrase in self._gloss_by_word.get(w, ()):
                if not phrase.startswith(w + " "):
                    continue
                if own_term and phrase[len(w) + 1 :] in self.catalog.glossary_phrases:
                    # a term of its own before a shared term ("artifact, creature, or land"): a list of
                    # objects, no elision; before a word no term ("attack or block alone") the two verbs
                    # share it: "attack alone" and "block alone" (506.5)
                    continue
                pattern = self._elision.get(phrase)
                if pattern is None:
                    rest = re.escape(phrase[len(w) :])
                    pattern = self._elision[phrase] = re.compile(
                        # a list that ends in "or"/"and": "attacking or blocking", "attacking, blocking, or
                        # tapped" (not "becomes blocked, each creature …": no list)
                        r"(?:, (?!(?:each|a|an|the|target|another|any)\b)[a-z-]+)*,? (?:or|and|and/or) "
                        r"(?!(?:each|a|an|the|target|another|any)\b)[a-z-]+" + rest + r"(?:s|es)?" + _E
                    )
                if pattern.match(folded, start + len(w)):
                    number, term, as_written = self.catalog.glossary_phrases[phrase]
                    if term not in self._ordinary and as_written is None:
                        cands.append((start, start + len(w), "glossary", number, term))
                        elided.add((start, start + len(w)))
                    break
        if elided:  # "activated" of "activated or triggered ability" is the ability's kind, not the action
            cands[:] = [c for c in cands if c[2] != "keyword_action" or (c[0], c[1]) not in elided]


_ACTION_WORD = re.compile(r"[a-z0-9]+")
# the clause a cost word opens when it is a cost (118.12a, "[Do something] unless [a player does something
# else]"): who (a few words naming a player or an object's controller), then what they do
_COST_CLAUSE = re.compile(
    r"\s+(?:(?:you|its|their|that|the|target|any|an?|each|defending|enchanted|player|players|opponent|opponents"
    r"|controller|owner|of|one|they|he|she|[a-z-]+'s)\s+){0,5}?"
    r"(?:pays?|sacrifices?|discards?|exiles?|returns?|reveals?|puts?|removes?|taps?|untaps?|mills?|draws?|loses?"
    r"|gives?|chooses?|shuffles?|(?:has|have)\s+[^.]*?\bdeal|(?:has|have)\s+(?:you|it|them)\b)"
)
# a word the list of an elided term goes on after ("attacking" of "attacking or blocking creature")
_BEFORE_LIST = re.compile(r"(?<![a-z0-9])[a-z0-9]+(?=, | or | and )")
_INNER_LABEL = re.compile(r"([^—\n•:()]{1,40}?) — ")
_NON = re.compile(r"(?<![a-z0-9])non-?([a-z]+)(?![a-z0-9])")
# the verb that changes a permanent's or a spell's status in the clause before a status term: "turn it
# face up", "turned face up", "turns all face-down creatures face up", "cast this card face down", "put …
# onto the battlefield face down" (708.3, 708.4); "exile it face down" is the card in a zone (section 4)
# what a status word before a noun describes when it is a card or a pile of cards ("face-up exiled card",
# "face-up Eldrazi card", "a face-down pile"), not a permanent or a spell
_CARD_NOUN = re.compile(r"[ ](?:[a-z-]+ ){0,2}?(?:cards?|piles?)(?![a-z0-9])")
_TURNED = re.compile(r"\b(?:turn(?:s|ed)?|cast|onto the battlefield)\b[^.;:]*$")


class _Match:
    """What ``_glossary`` reads of a match: group(1) is the phrase, end() includes a plural ending."""

    __slots__ = ("_start", "_end", "_phrase")

    def __init__(self, start: int, end: int, phrase: str) -> None:
        self._start, self._end, self._phrase = start, end, phrase

    def group(self, _i: int) -> str:
        return self._phrase

    def start(self, _i: int = 0) -> int:
        return self._start

    def end(self, i: int = 0) -> int:
        return self._start + len(self._phrase) if i else self._end


def _phrase_matches(
    folded: str, by_word: dict[str, list[str]], words: _Words, suffixes: tuple[str, ...]
) -> Iterator[_Match]:
    """The longest phrase starting at each word of the text (with one of ``suffixes``: a plural ending).
    ``words``: (start, word) of each run of letters and digits that opens a phrase of either caller."""
    n = len(folded)
    for start, w in words:
        phrases = by_word.get(w)
        if phrases is None or (start and folded[start - 1].isalnum()):
            continue
        for phrase in phrases:
            if not folded.startswith(phrase, start):
                continue
            end = start + len(phrase)
            for suffix in suffixes:
                e = end + len(suffix)
                if (not suffix or folded.startswith(suffix, end)) and (e >= n or not _word_char(folded[e])):
                    yield _Match(start, e, phrase)
                    break
            else:
                continue
            break


def _all_abilities(reading: FaceReading) -> Iterator[Ability]:
    for a in reading.abilities:
        yield a
        yield from a.modes


def _once_each(spans: list[Span]) -> list[Span]:
    """A keyword action or glossary term is marked once per face: at its first use in the rules text, or
    in reminder text if the rules text never uses it. After one explanation the next "creature" or
    "sacrifice" on the same face means the same thing, and marking every one buries the text under links.
    Keyword abilities and ability words are marked every time: each instance is an ability of its own. A
    term's negated form ("nontoken") is another word than the term ("token"): each is marked once."""
    first: dict[tuple[Kind, str, str | None, bool], Span] = {}
    for sp in spans:
        if sp.kind not in _ONCE:
            continue
        key = (sp.kind, sp.rule, sp.glossary_term, _negated_form(sp) or _undoing(sp))
        seen = first.get(key)
        if seen is None or (seen.in_reminder and not sp.in_reminder):
            first[key] = sp
    keep = set(map(id, first.values()))
    return [sp for sp in spans if sp.kind not in _ONCE or id(sp) in keep]


def _undoing(sp: Span) -> bool:
    """ "untap" beside "tap": the action that undoes another, defined in a subrule of its own under the same
    rule (701.26b beside 701.26a), a word of its own on the face ("tap target creature. It doesn't untap")."""
    return sp.kind == "keyword_action" and _fold(sp.text).startswith("un")


def _negated_form(sp: Span) -> bool:
    """ "nontoken", "non-Aura": the term with the prefix that excludes it (see _non_terms), a word of its own
    beside the term itself ("another nontoken creature … Creature tokens you control": both explained)."""
    return (
        sp.kind == "glossary"
        and _NON.fullmatch(_fold(sp.text)) is not None
        and not _fold(sp.text).startswith(_fold(sp.glossary_term or "~"))
    )


def _granted_once(spans: list[Span], mentions: set[int]) -> list[Span]:
    """A keyword an effect gives ("Enchanted creature has protection from black", "… gain protection from
    black and from red until end of turn") or the text speaks of ("each suspended card", "haunted creature")
    is explained once per face, as a keyword action is: the first mention in the same words (in rules text
    before reminder text). A keyword line's instances are each an ability of the card's (marked every time),
    and a mention beside them in other words is marked as well ("Cycling {2}" and "When you cycle ~": 702.29
    and 702.29c); one in the same words ("Flying" and "a token with flying") is explained already."""
    if not mentions:
        return spans
    first: dict[tuple[str, str], Span] = {}
    for sp in spans:
        if sp.kind == "keyword_ability" and sp.start not in mentions and not sp.in_reminder:
            # a keyword line's instance explains the keyword on this face: the same words given to another
            # object ("Flying" and "create a 1/1 Spirit creature token with flying") are not marked again
            first.setdefault((sp.rule, sp.text.lower()), sp)
    for sp in spans:
        if sp.start in mentions:
            key = (sp.rule, sp.text.lower())
            seen = first.get(key)
            if seen is None or (seen.in_reminder and not sp.in_reminder):
                first[key] = sp
    keep = set(map(id, first.values()))
    return [sp for sp in spans if sp.start not in mentions or id(sp) in keep]


def _alternation(names: Mapping[str, object], *, anywhere: bool = False) -> re.Pattern[str] | None:
    if not names:
        return None
    items = _alt_items(names)
    if anywhere:
        # case-sensitive token names are stored as written; match them folded, check case afterwards
        return re.compile(_B + "(" + "|".join(items) + ")" + r"(?:s|es)?" + _E)
    return re.compile("(" + "|".join(items) + ")" + _E)


def _alt_items(names: Iterable[str]) -> list[str]:
    return [re.escape(n) for n in sorted(names, key=len, reverse=True)]


def _word_char(ch: str) -> bool:
    return ch.isascii() and ch.isalnum()  # the same boundary as _B and _E


def _self_mask(ref: Part, length: int) -> tuple[int, int]:
    """What of a self-reference is never linked: the card's name, "~", and the "this" of "this Saga" (the
    words after it say what kind of object the card is: "Saga", "face-down", "token" are terms a reader may
    need explained, as anywhere else; the ordinary ones, "creature" and "spell", stay unmarked as always)."""
    end = min(ref.end, length)
    if ref.text[:5] in ("this ", "This "):
        return ref.start, ref.start + 4
    return ref.start, end


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


# --- catalogs read from the glossary and the subrules ------------------------------------------------

_SENSE = re.compile(r"(?:^|\n)(\d)\. ")


def _senses(entry: GlossaryEntry) -> list[str]:
    """The numbered senses of a definition ("1. A zone. … 2. To put …"), or the whole definition."""
    parts = _SENSE.split(entry.definition)
    if len(parts) < 3:
        return [entry.definition]
    return [parts[i + 1] for i in range(1, len(parts) - 1, 2)]


# the card page shows at most this many rules under one link (tolaria.rules.explain.MAX_RULES_PER_LINK): a
# term whose rule is larger (a whole section, "Zones") opens the rule's first subrule, its general statement
LINK_SUBTREE_LIMIT = 60


def _entry_rule(book: RuleBook, entry: GlossaryEntry, phrase: str) -> str | None:
    """The rule a glossary term points at. Of the rules it cites, the one whose title names the whole term
    ("Activated Ability" cites 113 "Abilities" and 602 "Activating Activated Abilities": 602); else the
    first it cites ("Defending Player": 506.2 first, 802 only "in certain multiplayer games")."""
    rules = [r for r in entry.see_rules if r in book]
    if not rules:
        return None
    words = {_stem(w) for w in re.findall(r"[a-z]+", phrase.lower())}

    def names_the_term(number: str) -> bool:
        return words <= {_stem(t) for t in re.findall(r"[a-z]+", book.rule(number).title.lower())}

    best = next((n for n in rules if names_the_term(n)), rules[0])
    return _shown_whole(book, best)


def _shown_whole(book: RuleBook, number: str) -> str:
    """``number``, or its first subrule (again) while its subtree is longer than a link shows."""
    while len(book.subtree(number)) > LINK_SUBTREE_LIMIT and book.children(number):
        number = book.children(number)[0].number
    return number


def _quoted_spellings(entry: GlossaryEntry, key: str) -> set[str]:
    """The spellings a definition gives its term in quotes ("A creature “attacks alone” if …", "“is
    attacking alone” if …"): each quoted phrase defined by an "if" that ends in the term's last word,
    without the verb of being before it (the span is the status, as "attacking" alone is)."""
    last = key.split()[-1]
    spellings = set()
    for quoted in re.findall(r"“([^”]+)” if", entry.definition):
        spelling = re.sub(r"^(?:is|are) ", "", _fold(quoted))
        if spelling.split()[-1] == last:
            spellings.add(spelling)
    return spellings


def _names_part_of(key: str, target: str) -> bool:
    """Whether a redirect's term is a word of the term it points at ("enter" of "enters the battlefield")."""
    stems = {_stem(w) for w in re.findall(r"[a-z]+", target)}
    return any(_stem(w) in stems for w in key.split())


def _stem(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _term_forms(phrase: str, *, verb: bool) -> set[str]:
    if len(phrase) == 1:  # a variable ("X", "Y") is spelled one way: "yes" is no form of Y
        return {phrase}
    words = phrase.split()
    last = words[-1]
    forms = {last, last + "s", last + "es"}
    if last.endswith("y") and len(last) > 1 and last[-2] not in "aeiou":
        forms.add(last[:-1] + "ies")
    if last.endswith("ies"):  # "dies": "die", "died"
        forms |= {last[:-1], last[:-1] + "d", last[:-3] + "ying"}
    elif last.endswith("s") and len(last) > 3 and not last.endswith("ss"):  # "enters": "enter"
        forms.add(last[:-1])
    if verb:
        forms |= _inflections(last)
    out = {" ".join([*words[:-1], f]) for f in forms}
    if len(words) >= 3 and words[1] == "of" and not verb:  # "Source of Damage": "sources of damage"
        head = words[0]
        if head.endswith("y") and head[-2:-1] not in "aeiou":
            plural = head[:-1] + "ies"
        else:
            plural = head + ("es" if head.endswith(("s", "x", "ch", "sh")) else "s")
        out.add(" ".join([plural, *words[1:]]))
    return out


_DEFINED_FORM = re.compile(r"\b(?:has been|is|was) [“\"]?([a-z]+ed)[”\"]? (?:if|by)\b")


def _keyword_forms(book: RuleBook, cat: _Catalog) -> None:
    """The participles a keyword's glossary entry defines ("Kicker, Kicked": "A spell has been kicked if its
    controller declared the intention to pay …"; "Suspend": a card is "suspended" if …): linked as the
    keyword, to its rule, not as a glossary term of their own."""
    keyword_rules = set(cat.abilities.values())
    for entry in book.glossary.values():
        if entry.obsolete:
            continue
        first = _fold(re.sub(r"\s*\(.*?\)\s*", " ", entry.term).split(",")[0].strip(' “”"'))
        number = cat.abilities.get(first)
        if number is None:
            # a state a keyword gives, named by its participle in an entry of its own that cites only that
            # keyword's rule ("Encoded": the card a cipher ability exiled, 702.99; "Paired", "Renowned")
            cited = {
                r.split(".")[0] + "." + re.sub(r"[a-z]+$", "", r.split(".")[1]) for r in entry.see_rules if "." in r
            }
            if (
                re.fullmatch(r"[a-z]+[^e]ed", first)
                and len(cited) == 1
                and cited <= keyword_rules
                and first not in cat.actions
            ):
                cat.keyword_forms[first] = next(iter(cited))
            continue
        for m in _DEFINED_FORM.finditer(entry.definition):
            form = m.group(1)
            if form not in cat.abilities and form not in cat.actions:
                cat.keyword_forms[form] = number
    _spoken_verbs(book, cat)


def _spoken_verbs(book: RuleBook, cat: _Catalog) -> None:
    """A keyword ability its rules speak of as a verb, in quotes, after the subrule that defines it ("“When
    you cycle this card” means …", 702.29c; a creature with exploit “exploits a creature”, 702.110b; “crews
    a Vehicle”, “evolves”, “escaped”): every inflection of that verb is the keyword spoken of ("When you
    cycle ~", "cycled", "Whenever a creature you control exploits a creature"), linked to the keyword's rule.
    Not a form that is a keyword action or a glossary term of its own ("phase": a part of a turn)."""
    terms = {
        _fold(p.strip(' “”"'))
        for entry in book.glossary.values()
        for p in re.sub(r"\s*\(.*?\)\s*", " ", entry.term).split(",")
    }
    for name, number in book.keyword_abilities().items():
        key = _fold(re.sub(r"\s*\(.*?\)\s*", "", name).strip())
        if not re.fullmatch(r"[a-z]+", key) or cat.abilities.get(key) != number:
            continue
        rule = book.rule(number)
        defining = rule.children[0] if rule.children else None
        rules_text = " ".join(_fold(r.text) for r in book.subtree(number))
        stem = key
        if key.endswith("ing"):  # "cycling": the verb "cycle" where the rules write it, else "band" of "banding"
            stem = key[:-3] + "e" if re.search(rf"\b{key[:-3]}e\b", rules_text) else key[:-3]
        forms = _inflections(stem) - {key}
        # English, not the rules: "cycled", "cycling", "exploited", not "cycleed", "cyclees", "exploitd"
        forms -= {stem + "ed", stem + "ing", stem + "es"} if stem.endswith("e") else {stem + "d"}
        quoted = {
            w
            for r in book.subtree(number)[1:]
            if r.number != defining
            for q in re.findall(r"“([^”]+)”", r.text)
            if len(q.split()) <= 8
            for w in re.findall(r"[a-z]+", _fold(q))
            if w in forms
        }
        if not quoted:
            continue
        for form in forms:
            if form in cat.actions or form in cat.abilities or form in terms:
                continue
            if stem != key and stem in terms and form in (stem + "s", stem + "es"):
                continue  # "phases": the plural of the glossary's "phase" (a part of a turn)
            cat.keyword_forms.setdefault(form, number)


def _glossary_terms(book: RuleBook, cat: _Catalog) -> None:
    """Every glossary term that is not obsolete, a keyword, or the day/night designation (read from the
    sense a card uses, below): each spelling of it, to the rule it points at."""
    action_names = {_fold(base): number for number, base in cat.actions.values()}
    keyword_names = set(cat.abilities) | set(cat.ability_words)
    redirects: list[tuple[str, str]] = []
    for entry in book.glossary.values():
        if entry.obsolete:
            continue
        term = re.sub(r"\s*\(.*?\)\s*", " ", entry.term).strip()
        for phrase in (p.strip(' “”"') for p in term.split(",")):
            key = _fold(phrase)
            if key.endswith(" token") and key[: -len(" token")] in cat.glossary_phrases:
                continue  # a predefined token: its own rule (111.10a) on its name, read above
            if not key or key in keyword_names or key in cat.keyword_forms or key in ("day", "night"):
                continue
            if not re.search(r"[a-z]", key):
                continue
            _game_result_sense(book, cat, entry, key)
            if key in action_names:
                _action_term(book, cat, entry, key, action_names[key])
                continue
            number = _entry_rule(book, entry, phrase)
            if "style of cost" in entry.definition:
                cat.cost_words.add(key)
            if key in cat.actions:
                cat.status_words.add(key)  # "Tapped" is spelled as a form of "tap"
            if number is None:
                if entry.see_also:
                    redirects.append((key, entry.see_also[0]))
                continue
            _status_sense(book, cat, entry, key)
            _status_verb(book, cat, entry, key)
            verb = bool(re.match(r"^(?:1\. )?To ", entry.definition))
            for form in _term_forms(key, verb=verb) | _spoken_forms(key) | _quoted_spellings(entry, key):
                cat.glossary_phrases.setdefault(form, (number, entry.key, None))
    for key, target in redirects:  # "Enter": see "Enters the Battlefield"
        found = book.glossary_entry(target)
        number = _entry_rule(book, found, target) if found else None
        if found and number:
            # a term of its own ("Y": see "X") is marked once itself, beside the term it is explained by;
            # a short form of its target ("Enter") is that term, marked once with it, and so is a word of
            # the basic game's ("Deal": see "Damage", left unmarked as damage is)
            ordinary = normalize_term(found.term) in _ORDINARY_TERMS
            own = found.key if ordinary or _names_part_of(key, _fold(found.term)) else key
            for form in _term_forms(key, verb=True):
                cat.glossary_phrases.setdefault(form, (number, own, None))
    # a step is named by its first words alone ("at the beginning of your upkeep", "destroy it at end of
    # combat"): when no other term starts with those words ("end" starts End Phase and End of Combat Step
    # too; "end of combat" only the step) and the head is no term of its own
    terms = [normalize_term(e.term) for e in book.glossary.values()]
    firsts = Counter(k.split()[0] for k in terms)
    for key, value in list(cat.glossary_phrases.items()):
        head, _, tail = key.rpartition(" ")
        if tail != "step" or not head or head in cat.glossary_phrases:
            continue
        alone = firsts[head] == 1 if " " not in head else sum(t == head or t.startswith(head + " ") for t in terms) == 1
        if alone and head not in cat.actions and head not in cat.abilities:
            cat.glossary_phrases[head] = value
    _creature_statuses(book, cat)
    # a term on double-faced cards is written without its last word: "double-faced" for Double-Faced Cards
    for key, value in list(cat.glossary_phrases.items()):
        head, _, tail = key.rpartition(" ")
        if tail in ("card", "cards") and "-" in head and " " not in head:
            cat.glossary_phrases.setdefault(head, value)


def _creature_statuses(book: RuleBook, cat: _Catalog) -> None:
    """A glossary term that is a creature's status ("Blocked Creature", "Unblocked Creature", "Attacking
    Creature": its definition opens "A creature …" or "An attacking creature …"), spoken by the status word
    alone where a creature is said to have it: after a verb of being ("isn't blocked", "it's attacking"; not
    "can't be blocked", evasion, no status), with "becomes" as one phrase ("becomes blocked": the status an
    effect or a block gives), before another such word of a creature or a noun for one ("unblocked attacking
    creature", "an unblocked attacker"), or as the status a creature is put onto the battlefield in ("onto
    the battlefield tapped and attacking")."""
    for entry in book.glossary.values():
        key = _fold(entry.term)
        m = re.fullmatch(r"([a-z]+(?:ed|ing)) creature", key)
        if m and re.match(r"An? (?:[a-z]+ )?creature\b", entry.definition):
            hit = cat.glossary_phrases.get(key)
            if hit and hit[1]:
                cat.creature_statuses[m.group(1)] = (hit[0], hit[1])
    if not cat.creature_statuses:
        return
    words = "|".join(sorted(cat.creature_statuses, key=len, reverse=True))
    described, creature_types = _type_words(book)
    desc = "|".join(re.escape(w) for w in sorted(described | creature_types, key=len, reverse=True))
    plurals = "|".join(re.escape(w) for w in sorted(map(_plural, creature_types), key=len, reverse=True))
    being = r"is|are|was|were|isn't|aren't|wasn't|weren't|remains|remain|it's|they're"
    cat.status_said = re.compile(  # "becomes blocked" is the status an effect gives: the phrase is the term
        rf"(?:{_B}((?:becomes|become|became) (?:{words})){_E})|(?:{_B}(?:{being})(?: not)? ({words}){_E})"
        rf"|(?:{_B}({words}) (?=(?:(?:{words}) creatures?|attackers?|blockers?){_E}))"
        # the status a creature is put onto the battlefield in ("onto the battlefield tapped and attacking",
        # 506.4; ninjutsu's reminder, 702.49a)
        rf"|(?:{_B}(?:battlefield|tapped|untapped)(?: and)? ({words}){_E})"
        # the status said of a creature described by its colour, types or supertypes before the noun ("attacking
        # artifact creatures you control", "attacking non-Human creatures", "each attacking red creature"), or
        # named by a creature type alone ("other attacking Goblins you control"): the term with its noun's
        # adjectives between (the words read from the rules that list them, 105.1, 205.2a, 205.3m, 205.4a)
        + (
            rf"|(?:{_B}({words}) (?=(?:(?:non-?)?(?:{desc}) ){{1,3}}(?:creatures?|attackers?|blockers?){_E}))"
            rf"|(?:{_B}({words}) (?=(?:non-?)?(?:{plurals}){_E}))"
            if desc
            else ""
        )
    )


def _type_words(book: RuleBook) -> tuple[set[str], set[str]]:
    """The words that describe an object by its characteristics, as the rules list them: the colours (105.1
    "There are five colors in the Magic game: …"), the card types (205.2a) and supertypes (205.4a), and
    apart, the creature types (205.3m), folded."""
    described: set[str] = set()
    creature_types: set[str] = set()
    for r in book.rules.values():
        text = r.text.replace("\u2019", "'")
        if (m := re.search(r"There are five colors in the Magic game: ([^.]+)\.", text)) or (
            m := re.search(r"The (?:card types|supertypes) are ([^.]+)\.", text)
        ):
            described |= _listed(m.group(1))
        elif m := re.search(
            r"these subtypes are called creature types\..*?All other creature types are one word long: (.+?)\.(?:\s|$)",
            text,
        ):
            creature_types |= _listed(m.group(1))
    return described, creature_types


def _listed(items: str) -> set[str]:
    return {
        _fold(w.strip())
        for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", items)
        if re.fullmatch(r"[A-Za-z'-]+", w.strip())
    }


def _plural(noun: str) -> str:
    """English plural of a creature type ("goblins", "elves", "aurochs" stays)."""
    if noun.endswith(("s", "x", "ch", "sh")):
        return noun if noun.endswith("s") else noun + "es"
    if noun.endswith("f"):
        return noun[:-1] + "ves"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def _defined_forms(book: RuleBook, cat: _Catalog) -> None:
    """Phrases with a placeholder that a rule defines ("To “tap [a permanent] for mana” is to …") in the
    forms its subrules quote (“is tapped for mana”): the keyword actions' definitions are read as actions."""
    for r in book.rules.values():
        m = re.match(r"To “([^”]*\[[^\]]+\][^”]*)” (?:is|means) to", r.text)
        if not m:
            continue
        tail = re.split(r"\]\s*", m.group(1))[-1].strip()  # "for mana": the words after the placeholder
        forms: dict[str, list[tuple[str, str]]] = {}
        for sub in book.children(r.number):
            for q in re.findall(r"“((?:is|are) [a-z]+ " + re.escape(tail) + r")”", sub.text):
                forms.setdefault(_fold(q), []).append((sub.number, sub.text))
        for form, subrules in forms.items():
            rest = form.split(" ", 1)[1]  # the span is the participle phrase; "is/are/was/were" before it
            cat.defined_forms.append((re.compile(rf"{_B}(?:is|are|was|were) ({re.escape(rest)}){_E}"), subrules))


def _spoken_forms(key: str) -> set[str]:
    """How cards say a term the glossary names otherwise: "Change a Target" as "change the target(s)" or
    "change any targets" (the article of a term is any article); "Text-Changing Effect" as "change the
    text" or "change its text" (the effect named by what it changes); "Flipping a Coin" as "flip a coin" (the
    act a gerund names, said as the verb)."""
    out: set[str] = set()
    words = key.split()
    if len(words) == 3 and words[1] == "a":
        for article in ("the", "any"):
            out |= _term_forms(f"{words[0]} {article} {words[2]}", verb=False)
    if len(words) == 3 and words[0].endswith("ing") and words[1] in ("a", "an"):
        # the act a gerund names ("Flipping a Coin", 705): cards say the verb, "Flip a coin", "flips a coin"
        stem = words[0][: -len("ing")]
        if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] not in "aeiouls":
            stem = stem[:-1]  # "flipping": "flip"
        out |= {f"{form} {words[1]} {words[2]}" for form in _inflections(stem)}
        # and with a count of its noun ("Flip two coins", "flip X coins", "Flip that many coins"): the same act
        counts = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "x", "that many")
        noun = words[2] + ("es" if words[2].endswith(("s", "x", "ch", "sh")) else "s")
        out |= {f"{form} {count} {noun}" for form in _inflections(stem) for count in counts}
    if m := re.fullmatch(r"([a-z]+)-changing effects?", key):
        # "change the text", and the possessive overload's reminder writes: "change its text" (702.96c)
        out |= {f"change {whose} {m.group(1)}" for whose in ("the", "its", "their")}
    return out


def _game_result_sense(book: RuleBook, cat: _Catalog, entry: GlossaryEntry, key: str) -> None:
    """A sense that is the result of a game ("Draw": "2. The result of a game in which neither player wins or
    loses. See rule 104.4."): a card says it as "the game is a draw", a sense the everyday word has not."""
    for sense in _senses(entry)[1:]:
        if re.match(r"The result of a game\b", sense):
            cited = [r.target for r in find_references(sense, frozenset(book.rules))]
            if cited:
                for phrase in (f"the game is a {key}", f"game is a {key}"):
                    cat.glossary_phrases.setdefault(phrase, (cited[0], entry.key, None))
                    cat.sense_phrases.add(phrase)


def _status_sense(book: RuleBook, cat: _Catalog, entry: GlossaryEntry, key: str) -> None:
    senses = _senses(entry)
    for sense in senses[1:] if len(senses) > 1 else ():
        if not re.match(r"^An? (?:default )?status a permanent may have", sense):
            continue
        cited = [r.target for r in find_references(sense, frozenset(book.rules))]
        # a rule of the entry whose title names the status itself ("Face Down": 708 "Face-Down Spells and
        # Permanents", which any card turning a permanent face down follows, morph or not); else the rule
        # the sense names by its title (“Morph”) says how the status changes; else its first rule
        words = set(key.split())
        own = [
            r.target
            for r in find_references(entry.definition, frozenset(book.rules))
            if words <= set(re.findall(r"[a-z]+", book.rule(r.target).title.lower()))
        ]
        titled = [n for n in cited if re.search(rf"{re.escape(n)},? “", sense)]
        if cited:
            cat.status_rules[key] = (own or titled or cited)[0]
            if " " in key:  # the status as an adjective: "a face-down creature", as the CR writes it
                cat.glossary_phrases.setdefault(key.replace(" ", "-"), (cat.status_rules[key], entry.key, None))
        return


def _status_verb(book: RuleBook, cat: _Catalog, entry: GlossaryEntry, key: str) -> None:
    """A status a permanent may have, named by the participle of a verb no keyword action is ("Flipped": "A
    status a permanent may have. See rule 110.5 and rule 710, “Flip Cards.”"; not "Tapped", the action Tap's):
    the verb is the act that gives the permanent the status ("flip Jushi Apprentice"; 710.1a: "an ability that
    causes the permanent to “flip”"), linked to the rule the entry names by its title (how the status changes)."""
    if " " in key or not key.endswith("ed") or not re.match(r"An? status a permanent may have\b", entry.definition):
        return
    stem = key[: -len("ed")]
    if len(stem) > 2 and stem[-1] == stem[-2]:
        stem = stem[:-1]  # "flipped": "flip"
    if stem in cat.actions or stem in cat.abilities or stem in cat.glossary_phrases:
        return
    cited = [r.target for r in find_references(entry.definition, frozenset(book.rules))]
    titled = [n for n in cited if re.search(rf"{re.escape(n)},? “", entry.definition)]
    if not (titled or cited):
        return
    for form in (stem, stem + "s"):
        cat.status_verbs.setdefault(form, ((titled or cited)[0], entry.key))
    forms = "|".join(re.escape(f) for f in sorted(cat.status_verbs, key=len, reverse=True))
    cat.status_verb_re = re.compile(rf"{_B}({forms}) ")


def _zone_statuses(book: RuleBook, cat: _Catalog) -> None:
    """Where a zone's rule speaks of a status a card has there (406.3: "Cards “exiled face down” …"): the
    status read after the zone's verb in the same clause ("exile it face down", "cards exiled with ~ face
    down", "turn the exiled card face up"), unless the clause casts the card or puts or returns it to the battlefield
    (a spell or a permanent: the status of 708)."""
    for word, (zone_rule, _term) in cat.zone_words.items():
        for status in cat.status_rules:
            found = next((r.number for r in book.subtree(zone_rule) if status in _fold(r.text)), None)
            if found is None:
                continue
            forms = "|".join(re.escape(f) for f in sorted(_inflections(word), key=len, reverse=True))
            zone = re.compile(rf"{_B}(?:{forms}){_E}(?![^.;:]*\b(?:cast|to the battlefield)\b)[^.;:]*$")
            cat.zone_statuses.append((status, zone, found, re.escape(word)))


def _action_term(book: RuleBook, cat: _Catalog, entry: GlossaryEntry, key: str, action_rule: str) -> None:
    """A glossary term spelled as a keyword action: the action is linked as such; the term's other sense
    is what the glossary adds. A zone ("Exile": 406) is read after "in/from/into"; a noun sense ("Counter":
    a marker, 122) wherever the word is not the verb; a sense that is the verb again is the action's."""
    senses = _senses(entry)
    if senses[0].startswith("A zone"):
        number = next((r for r in entry.see_rules if r in book and r != action_rule), None)
        if number:
            cat.zone_words[key] = (number, entry.key)
        return
    for sense in senses[1:]:
        if re.match(r"(?:To |\(Obsolete\))", sense):
            # the verb again ("Play": "2. To play a card is to play that card as a land or cast that card
            # as a spell", the action's own 701.18b), or an old sense: the action is that word, where it is one;
            # where it is no action ("Players play with their hands revealed") it is not this sense either
            continue
        cited = [r.target for r in find_references(sense, frozenset(book.rules))]
        other = next((r for r in cited if r != action_rule), None)
        if other:
            for form in {key, key + "s"}:
                cat.glossary_phrases.setdefault(form, (other, entry.key, None))
            return


def _variants(book: RuleBook, cat: _Catalog, kw_rules: set[str]) -> None:
    """Keyword variants a subrule defines by a quoted template ("Partner—[text]", "Hexproof from [quality]",
    "Equip planeswalker [cost]", "[Quality] offering") or shows in an example ("Modular—Sunburst")."""
    for number in kw_rules:
        for r in book.subtree(number)[1:]:
            quotes = re.findall(r"“([^”]+)” (?:means|is an? (?:variant|special form)|represents)", r.text) + [
                q for ex in r.examples for q in re.findall(r"“([A-Z][a-z]+—[A-Z][a-z]+)”", ex)
            ]
            # the first subrule defines the keyword itself ("Affinity for [text]" in 702.41a, "[Quality]
            # offering" in 702.48a): its template links to the keyword's rule; later subrules define variants
            own = r.parent == number and r.number == book.rule(number).children[0]
            for q in quotes:
                pattern = _template_pattern(q)
                if pattern is not None:
                    cat.variants.append((number, pattern, number if own else r.number))
            # "The “partner—[text]” abilities are “partner—Character select,” … “partner—Friends forever”":
            # each is also printed by the words after its dash alone ("Friends forever", on 2021 cards)
            for named in _named_instances(r.text):
                cat.abilities.setdefault(_fold(named), r.number)
    # the longest literal wins: "partner with [name]" before "partner"
    cat.variants.sort(key=lambda v: -len(re.sub(r"\(\?:[^)]*\)|\\.", "", v[1].pattern)))


def _named_instances(text: str) -> list[str]:
    """The names a subrule lists for the instances of a keyword template ("Friends forever" of
    "The “partner—[text]” abilities are … “partner—Friends forever,” …")."""
    m = re.search(r"The “[^”]*\[[^\]]+\][^”]*” abilities are (.+)", text)
    if not m:
        return []
    return [q.split("—", 1)[1] for q in re.findall(r"“([^”]+?)[,.]?”", m.group(1)) if "—" in q]


def _template_pattern(template: str) -> re.Pattern[str] | None:
    t = _fold(template).rstrip(".")
    if not re.search(r"[\[—]| [a-z]", t) or "[ability]" in t:
        return None  # a bare keyword ("Hexproof") is the rule itself, not a variant
    out = []
    for piece in re.split(r"(\[[^\]]+\]|\bn\b|\bx\b)", t):
        if not piece:
            continue
        if piece.startswith("[") and "cost" in piece:
            out.append(r"(?:\{[^}]+\})+")
        elif piece.startswith("[") and re.fullmatch(r"\[(?:quality(?: [ab])?|type|name|text|characteristic)\]", piece):
            out.append(r"[a-z0-9’'\- ]+?")
        elif piece.startswith("["):
            return None  # a placeholder we cannot read from the text alone ("[a player]")
        elif piece in ("n", "x"):
            out.append(r"(?:\d+|x)")
        else:
            out.append(re.escape(piece))
    literal = re.sub(r"\[[^\]]+\]|\b[nx]\b", " ", t).split()
    quality = any("cost" not in q for q in re.findall(r"\[[^\]]+\]", t))
    if not (len(literal) >= 2 or "—" in t or t.startswith("[") or quality):
        return None  # "Equip [cost]", "Bloodthirst X": the keyword itself with its parameter
    return re.compile("".join(out) + r"(?![a-z])")


def _symbols(book: RuleBook, cat: _Catalog) -> None:
    """Symbols with a glossary entry of their own: "The untap symbol {Q} …" -> {Q}."""
    for entry in book.glossary.values():
        if entry.term.endswith("Symbol") and entry.see_rules:
            m = re.search(r"\{[A-Z0-9]\}", entry.definition)
            if m and entry.see_rules[0] in book:
                cat.symbols[_fold(m.group(0))] = (entry.see_rules[0], entry.key)


_NUMBER_WORDS = r"(?:a|an|one or more|one|two|three|four|five|six|seven|eight|nine|ten|x|that many|\d+)"


def _die_rolls(book: RuleBook, cat: _Catalog) -> None:
    """A glossary verb term whose object is a die ("Roll a d20": "To roll a twenty-sided die. Similarly, a d4 is
    a four-sided die, … and so on"): the act is said of any die the rule it cites names by a placeholder
    (706.1a: an “N-sided die,” “N-sided dice,” or “dN”), in every form of the verb and with any count ("each
    player rolls a d20", "Roll a six-sided die", "roll two d4")."""
    for entry in book.glossary.values():
        m = re.match(r"To ([a-z]+) an? [a-z-]+ (?:die|dice)\b", entry.definition)
        rule = _entry_rule(book, entry, entry.term) if m else None
        if not m or rule is None:
            continue
        dice: list[str] = []
        for r in book.subtree(rule.split(".")[0]):
            for q in re.findall(r"“([^”]*N[^”]*?)[,.]?”", r.text):
                q = _fold(q)
                if re.fullmatch(r"n-sided (?:die|dice)", q):
                    dice.append(r"[a-z0-9]+-sided (?:die|dice)")
                elif q == "dn":
                    dice.append(r"d\d+")
        if not dice:
            continue
        if re.search(r"\b(?:die|dice)\b", book.rule(rule).title.lower()):
            dice.append(r"(?:die|dice)")  # the die the rule's title names ("Rolling a Die"): "roll a die"
        verb = "|".join(sorted(_inflections(m.group(1)), key=len, reverse=True))
        pattern = re.compile(rf"{_B}(?:{verb}) {_NUMBER_WORDS} (?:{'|'.join(dict.fromkeys(dice))}){_E}")
        cat.die_rolls.append((pattern, rule, entry.key))


def _keyword_counters(book: RuleBook, cat: _Catalog) -> None:
    """The keywords a keyword counter can be, as the counters rule lists them ("The keywords that a keyword
    counter can be are flying, first strike, …", 122.1b): "<keyword> counter" links the keyword."""
    for r in book.rules.values():
        if m := re.search(r"The keywords that a keyword counter can be are ([^.]+?)(?:, as well as [^.]*)?\.", r.text):
            for w in (_fold(x.strip()) for x in re.split(r",\s*(?:and\s+)?", m.group(1))):  # "first strike" too
                if w in cat.abilities:
                    cat.keyword_counters[w] = cat.abilities[w]
            break
    if cat.keyword_counters:
        names = "|".join(re.escape(k) for k in sorted(cat.keyword_counters, key=len, reverse=True))
        cat.keyword_counter_re = re.compile(rf"{_B}({names}) counters?{_E}")


def _day_night_designation_rule(book: RuleBook) -> str | None:
    """The Day and Night subrule that says what "it becomes day" means: the reading of a card's own effect."""
    for r in book.rules.values():
        if r.level == "rule" and normalize_term(r.title) == "day and night":
            for sub in book.subtree(r.number)[1:]:
                if re.search(r"[“\"]It becomes day[”\"]", sub.text):
                    return sub.number
    return None


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
