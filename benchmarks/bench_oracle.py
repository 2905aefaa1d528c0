"""Oracle-text reading benchmark (issue 12): the linker's and the tagger's precision and recall on the gold
sets, the corpus-wide counts of the wrong-sense patterns the issue lists (each must be 0), and the time
to link and tag every card. Prints Markdown for BENCHMARKS.md.

    python benchmarks/bench_oracle.py --data ../shared/data/mtgjson/AllPrintings-5.2.0+20220425.json.xz

Every rule number below is read from the rule book (the keyword actions' titles, the glossary), never
written here.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from tolaria.cards import read_mtgjson
from tolaria.oracle import read_card
from tolaria.rules import Linker, shipped_reader, shipped_rulebook
from tolaria.rules._gold import KINDS, score_links
from tolaria.rules.explain import rule_title
from tolaria.tags import Tagger
from tolaria.tags._eval import evaluate_gold, evaluate_themes, load_gold


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def wrong_senses(cards, linker: Linker) -> Counter:
    """Corpus-wide counts of the link patterns issue 12 found in the wrong sense."""
    book = linker.rulebook
    actions = book.keyword_actions()
    tap, exile, double = actions.get("Untap"), actions.get("Exile"), actions.get("Double")
    symbol_q = book.glossary_entry("Untap Symbol").see_rules[0]
    day_night = book.find_titled("Day and Night", "rule").number
    own_rule = linker.catalog.day_night_own
    dn_rules = {r.number for r in book.subtree(day_night)}
    out: Counter = Counter()
    _BOOK26.update(_issue26_catalog(book))
    marks: dict = {name: set() for name in ISSUE_26}
    for card in cards:
        readings = read_card(card, linker.reader)
        for face, reading, spans in zip(card.faces, readings, linker.link_card(card)):
            text = face.oracle_text or ""
            low = text.lower()
            for s in spans:
                after = low[s.end : s.end + 6]
                before = low[max(0, s.start - 6) : s.start]
                if s.rule == tap and s.text.lower().startswith("untap") and after.startswith(" step"):
                    out["'untap step' linked to the untap action"] += 1
                if s.rule == exile and re.search(r"\b(?:in|from|into) $", before):
                    out["'in/from/into exile' linked to the exile action"] += 1
                if s.text.lower().startswith("activated abilit") and s.rule.startswith("701"):
                    out["'activated ability' linked to a keyword action"] += 1
                if s.text == "{Q}" and s.rule != symbol_q or (s.rule == tap and "{q}" in s.text.lower()):
                    out["{Q} not linked to the untap symbol"] += 1
                if s.rule == double and low[s.start : s.end + 6].startswith("double-faced"):
                    out["'double-faced' linked to the action double"] += 1
                if s.text.lower().startswith("it becomes") and s.rule in dn_rules:
                    if not s.in_reminder and s.rule != own_rule:
                        out["a card's own 'it becomes day/night' not linked to the designation rule"] += 1
                if s.rule in dn_rules and (
                    re.match(r"night counter|that day", low[s.start - 5 if s.text.lower() == "day" else s.start :])
                    or "arabian nights" in low[max(0, s.start - 8) : s.end + 1]
                ):
                    out["'Arabian Nights', 'night counter', 'that day' linked to Day and Night"] += 1
                if _own_name(reading, s):
                    out["the card's own name linked"] += 1
                if s.kind == "ability_word" and rule_title(s.rule, s.glossary_term) == "Text Box":
                    out["an ability-word panel titled 'Text Box'"] += 1
            for a in (x for ab in reading.abilities for x in (ab, *ab.modes)):
                # a flavor word before " — " (207.2d: no rules meaning), neither an ability word nor a keyword
                label = a.label
                word = low[label.start : label.end] if label is not None and a.kind != "chapter" else None
                if word and word not in linker.catalog.ability_words and word not in linker.catalog.abilities:
                    out[_FLAVOR_26] += sum(label.start <= s.start < label.end for s in spans)
            if "{Q}" in text and not any(s.text == "{Q}" for s in spans):
                out["{Q} not linked to the untap symbol"] += 1
            _issue26_face(text, spans, marks, card.name)
        for name, faces in marks.items():
            out[name] += len(faces) if name in _SPAN_COUNTS else bool(faces)
            faces.clear()
    return out


def _own_name(reading, s) -> bool:
    """The span lies on the card's name, "~" or the "this" of "this Saga" (the kind after "this" is a term)."""
    for p in reading.self_refs:
        end = p.start + 4 if p.text[:5] in ("this ", "This ") else p.end
        if s.start < end and p.start < s.end:
            return True
    return False


# issue 26: the error classes of the fresh audit, each read from the text itself (not from the reading the
# linker uses), counted in cards unless named in _SPAN_COUNTS (spans)
_IF_26 = "a sentence-initial 'If' linked to the intervening-if clause (603.4)"
_IF_MARK_26 = "a real intervening 'if' on a face left without the 603.4 mark"
_DEFENDING_26 = "'defending player' linked to 802 (multiplayer) instead of 506.2"
_FACE_UP_26 = "'turn … face up/down' linked to section 4 (Zones)"
_BIG_26 = "a link opening a subtree cut off at 60 rules"
_PROTO_26 = "Prototype not linked"
_PARTNER_26 = "'Partner with <name with a comma>' not linked"
_VARIANT_26 = "'Suspend X', 'Enchant … you control' not linked"
_FRIENDS_26 = "Friends forever not linked"
_NONTOKEN_26 = "a face whose 'nontoken' has the token rule marked nowhere"
_TAPPED_26 = "'is tapped for mana' not linked to 106.12a/b"
_CHANGE_26 = "'change the text' / 'change the target(s)' not linked"
ISSUE_26 = (
    _IF_26,
    _IF_MARK_26,
    _DEFENDING_26,
    _FACE_UP_26,
    _BIG_26,
    _PROTO_26,
    _PARTNER_26,
    _VARIANT_26,
    _FRIENDS_26,
    _NONTOKEN_26,
    _TAPPED_26,
    _CHANGE_26,
)
# the second stop of issue 26 (fresh draw 2026120311 and the items the first stop left)
_THIS_26 = "the kind a self-reference names ('this Saga', 'this Aura') marked nowhere on its face"
_OF_26 = "'sources of damage' not linked to Source of Damage"
_ELIDED_26 = "'attacking or blocking creature': the first adjective's term marked nowhere on its face"
_ACTIVATED_26 = "'activated' of 'activated or triggered ability' linked to the action Activate"
_KICKED_26 = "'kicked', 'bargained', 'suspended', 'championed' not linked as the keyword ability"
_DRAW_26 = "'the game is a draw' not linked to 104.4"
_FACE_DOWN_26 = "'face down' as a permanent's status linked to morph (702.37) instead of 708"
_HYPHEN_26 = "'face-down' / 'face-up' with the face up/down term marked nowhere on its face"
_TOKEN_26 = "a predefined token's name and 'token' linked apart ('Blood', then 'token')"
ISSUE_26 += (
    _THIS_26,
    _OF_26,
    _ELIDED_26,
    _ACTIVATED_26,
    _KICKED_26,
    _DRAW_26,
    _FACE_DOWN_26,
    _HYPHEN_26,
    _TOKEN_26,
)
# the third stop of issue 26 (the items the second left, the audit draw 770301)
_EXILE_FACE_DOWN_26 = "'exile … face down' (a card in exile) linked elsewhere than the exile zone's rule (406.3)"
_ALONE_26 = "'attack or block alone': Attack Alone marked nowhere on its face"
_ITS_TEXT_26 = "'change its/their text' (overload) not linked to Text-Changing Effect (612)"
ISSUE_26 += (_EXILE_FACE_DOWN_26, _ALONE_26, _ITS_TEXT_26)
# the fourth stop of issue 26 (fresh draw 2026120323's classes)
_STATUS_26 = "a creature's combat status said alone ('becomes blocked', 'unblocked attacking') with its term marked nowhere on its face"
_VERB_26 = "a keyword its rules speak of as a verb ('When you cycle', 'exploits a creature', 'crews') not linked as the keyword"
_PLAY_26 = "'play' with no card played ('play with their hands revealed') linked"
_GRANTED_26 = "a keyword an effect gives or the text speaks of marked twice on a face in the same words"
_HYPHEN_EXILE_26 = "'face-up/face-down' card or pile in exile linked elsewhere than the exile zone's rule (406.3)"
ISSUE_26 += (_STATUS_26, _VERB_26, _PLAY_26, _GRANTED_26, _HYPHEN_EXILE_26)
# the sixth stop of issue 26 (fresh draw 2026120441's classes, and the lost branch's coins)
_TOKEN_TOO_26 = "a face with 'nontoken' whose 'token(s)' has the token rule (111) marked at none of its uses"
_FLIP_CARD_26 = "'flip ~' / 'flip it' (a flip card's flip) not linked to Flip Cards (710)"
_COINS_26 = "a face whose 'flip two coins', 'flip X coins' has Flipping a Coin (705) marked nowhere"
ISSUE_26 += (_TOKEN_TOO_26, _FLIP_CARD_26, _COINS_26)
# the seventh stop of issue 26 (fresh draw 2026120741's classes)
_STATUS_DESCRIBED_26 = (
    "a creature status before the creature's colour or types ('attacking artifact creatures', 'attacking Goblins') "
    "with its creature term marked nowhere on its face"
)
_DIE_ROLL_26 = "a face whose die roll ('rolls a d20', 'roll a six-sided die') has Rolling a Die (706) marked nowhere"
_KEYWORD_COUNTER_26 = (
    "a keyword counter ('a deathtouch counter', 122.1b) whose keyword is explained nowhere on its face"
)
_FLAVOR_26 = "a term linked inside a flavor word or a mode's name ('• Two-Weapon Fighting —': fight), spans"
ISSUE_26 += (_STATUS_DESCRIBED_26, _DIE_ROLL_26, _KEYWORD_COUNTER_26, _FLAVOR_26)
_DIE_ROLLED = re.compile(
    r"\brolls? (?:a|an|one or more|one|two|three|four|five|x|that many|\d+) (?:d\d+|[a-z0-9]+-sided dic?e|dic?e)\b"
)
_SPAN_COUNTS = {
    _KEYWORD_COUNTER_26,
    _FACE_UP_26,
    _BIG_26,
    _NONTOKEN_26,
    _EXILE_FACE_DOWN_26,
    _VERB_26,
    _HYPHEN_EXILE_26,
    _COINS_26,
}
_COUNTED_COINS = re.compile(r"\bflips? (?:one|two|three|four|five|six|seven|eight|nine|ten|x|that many|\d+) coins\b")
_STATUS_SAID = re.compile(
    r"\b(?:is|are|was|were|isn't|aren't|wasn't|weren't|becomes|become|became|remains|it's|they're)(?: not)? "
    r"(attacking|blocking|blocked|unblocked)\b|\b(unblocked|blocked) (?=attacking creatures?\b)"
)
# the verbs the keywords' rules quote after their defining subrule (702.29c "When you cycle this card", 702.29d
# "cycles or discards", 702.110b "exploits a creature", 702.122b/d "crews a Vehicle", "becomes crewed", 702.100b
# "evolves", 702.138b-d "escaped", "escapes with", 702.82b "It devoured", 702.51c "convoked", 702.128b
# "embalmed", 702.154c "enlists", 702.149c "When this creature trains", 702.185b "warped", 702.55b "creature it
# haunts"), written here from the CR text, not read from the linker
_KEYWORD_VERB = re.compile(
    r"\b(?:cycle[sd]?|exploit(?:s|ed)|crew(?:s|ed)|evolves|escape[sd]|devoured|convoked|embalmed|enlists"
    r"|trains|warped|haunts)\b"
)
_PLAY_NO_CARD = re.compile(r"\b(?:play|plays|played|playing)\b(?= (?:with|for|if|in|as)\b|[.,;]|$)")
# what precedes a keyword on a keyword line: nothing, or other keywords and their costs ("Flying, ")
_KEYWORD_LINE_BEFORE = re.compile(r"^(?:[a-z' -]+(?: \{[^}]*\})*(?: \d+)?[,;] )*$")
_HYPHEN_IN_EXILE = re.compile(
    r"\bface-(?:up|down) (?:[a-z-]+ ){0,2}?(?:cards?|piles?)\b(?=[^.;:\n]*\b(?:exiled|in exile|from exile)\b)"
    r"|\bexile[sd]?\b[^.;:\n]*\bface-(?:up|down) (?:[a-z-]+ ){0,2}?(?:cards?|piles?)\b"
)
# a card in exile: the verb exile before the status in its clause, the card neither cast nor put onto the battlefield
_IN_EXILE = re.compile(r"\bexile[sd]?\b(?![^.;:]*\b(?:cast|to the battlefield)\b)[^.;:]*$")
_THIS_KIND = re.compile(
    r"\b[Tt]his (Saga|Aura|Equipment|Vehicle|Class|Case|Room|Fortification|token|emblem|Contraption|Attraction|Siege)s?\b"
)
_ELIDED = re.compile(
    r"\b(attacking|blocking|activated|triggered|blocked|unblocked)(?:,? (?:or|and|and/or) |, )"
    r"(?:[a-z-]+(?:, |,? (?:or|and|and/or) ))*[a-z-]+ (creature|abilit)"
)
# a trigger condition (its commas only those of a list: "an artifact, creature, or land"), then ", if"
_TRIGGER_THEN_IF = re.compile(r"\b(?:When|Whenever|At)\b[^.\n,]*(?:, (?:[\w'-]+, )*(?:or|and) [^.\n,]*)?, (if)\b")


def _issue26_face(text: str, spans, marks: dict, name: str) -> None:
    book = _BOOK26["book"]
    low = text.lower()
    masked = text
    for n in {p.strip() for p in name.split("//")}:  # a comma in the card's name ends no trigger condition
        masked = masked.replace(n, "~" * len(n)) if n else masked
    real_ifs = {m.start(1) for m in _TRIGGER_THEN_IF.finditer(masked)}
    intervening = [s for s in spans if s.glossary_term and "intervening" in s.glossary_term]
    if any(s.start not in real_ifs for s in intervening):
        marks[_IF_26].add(name)
    if real_ifs and not any(s.start in real_ifs for s in intervening):
        marks[_IF_MARK_26].add(name)
    for s in spans:
        t = s.text.lower()
        if t.startswith("defending player") and book.rule(s.rule).title == "Attack Multiple Players Option":
            marks[_DEFENDING_26].add(name)
        if t.replace("-", " ") in ("face up", "face down") and s.rule == _BOOK26["zones"]:
            if re.search(r"\bturn(?:s|ed)?\b[^.]*$", low[max(0, s.start - 40) : s.start]):
                marks[_FACE_UP_26].add((name, s.start))
        if len(book.subtree(s.rule)) > 60:
            marks[_BIG_26].add((name, s.start))

    def linked(at: int, rule: str | None = None) -> bool:
        within = re.compile(rf"{re.escape(rule)}(?:[a-z.]|$)") if rule else None  # the rule or a subrule
        return any(s.start == at and (within is None or within.match(s.rule)) for s in spans)

    for m in re.finditer(r"^Prototype\b", text, re.M):
        if not linked(m.start(), _BOOK26["prototype"]):
            marks[_PROTO_26].add(name)
    for m in re.finditer(r"^Partner with [^(\n]*,", text, re.M):
        if not linked(m.start(), _BOOK26["partner"]):
            marks[_PARTNER_26].add(name)
    for m in re.finditer(r"^(?:Suspend X\b|Enchant [^(\n]*\byou control\b)", text, re.M):
        if not linked(m.start()):
            marks[_VARIANT_26].add(name)
    for m in re.finditer(r"^Friends forever\b", text, re.M):
        if not linked(m.start(), _BOOK26["partner"]):
            marks[_FRIENDS_26].add(name)
    # a term is marked once per face (the linker's _once_each): a face whose "nontoken" has the token rule
    # marked nowhere, a face whose "change the text/target" is marked at none of its uses
    token = re.compile(rf"{re.escape(_BOOK26['token'])}(?:[a-z.]|$)")
    nontoken = [m.start() for m in re.finditer(r"\bnontoken\b", low) if not _in_parens(text, m.start())]
    if nontoken and not any(token.match(s.rule) for s in spans):
        marks[_NONTOKEN_26].add((name, nontoken[0]))
    for m in re.finditer(r"\b(?:is|are) (tapped for mana)\b", low):
        if not any(s.start == m.start(1) and s.rule.startswith(_BOOK26["tap_for_mana"]) for s in spans):
            marks[_TAPPED_26].add(name)
    changes = [m.start() for m in re.finditer(r"\bchange (?:the|a|any) (?:text|targets?)\b", low)]
    if changes and not any(linked(at) for at in changes):
        marks[_CHANGE_26].add(name)
    _issue26_second_stop(text, low, spans, marks, name)
    _issue26_third_stop(low, spans, marks, name)
    _issue26_fourth_stop(text, low, spans, marks, name)
    _issue26_sixth_stop(text, low, spans, marks, name)
    _issue26_seventh_stop(low, spans, marks, name)


def _issue26_seventh_stop(low: str, spans, marks: dict, name: str) -> None:
    rules = re.sub(r"\([^()]*\)", lambda m: " " * len(m.group(0)), low)  # reminder text blanked, same length
    described = _BOOK26["described"]
    if described is not None and re.search(r"attacking|blocking|blocked", rules):
        terms = {s.glossary_term for s in spans if s.kind == "glossary"}
        for m in described.finditer(rules):
            if f"{m.group(1)} creature" not in terms:
                marks[_STATUS_DESCRIBED_26].add(name)
    if "roll" in low and _DIE_ROLLED.search(low) and not any(s.rule.split(".")[0] == _BOOK26["die"] for s in spans):
        marks[_DIE_ROLL_26].add(name)
    if "counter" in low:
        for keyword, rule in _BOOK26["keyword_counters"].items():
            uses = [m.start() for m in re.finditer(rf"\b{re.escape(keyword)} counters?\b", low)]
            # the keyword explained once a face: at the counter, or on the face's keyword line ("Flying" and "a
            # flying counter": the same words, explained already)
            if uses and not any(s.rule == rule and s.kind == "keyword_ability" for s in spans):
                marks[_KEYWORD_COUNTER_26].add((name, uses[0]))


def _seventh_stop_catalog(book) -> dict:
    """What the seventh stop's patterns read from the book: the words that describe a creature (105.1's colours,
    205.2a's card types, 205.4a's supertypes, 205.3m's creature types and their plurals), the die rule (Roll a
    d20's), the keywords a keyword counter can be (122.1b)."""
    words: set[str] = set()
    kinds: set[str] = set()
    keyword_counters: dict = {}
    abilities = {k.lower(): v for k, v in book.keyword_abilities().items()}
    for r in book.rules.values():
        if m := re.search(
            r"(?:There are five colors in the Magic game|The card types are|The supertypes are):? ([^.]+)\.", r.text
        ):
            words |= {w.strip().lower() for w in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group(1))}
        if m := re.search(r"All other creature types are one word long: (.+?)\.(?:\s|$)", r.text):
            kinds |= {w.strip().lower() for w in re.split(r",\s*", m.group(1))}
        if m := re.search(r"The keywords that a keyword counter can be are ([^.]+?), as well as", r.text):
            for w in re.split(r",\s*(?:and\s+)?", m.group(1)):
                if w.strip() in abilities:
                    keyword_counters[w.strip()] = abilities[w.strip()]
    plural = {k + ("" if k.endswith("s") else "es" if k.endswith(("x", "ch", "sh")) else "s") for k in kinds}
    plural |= {k[:-1] + "ves" for k in kinds if k.endswith("f")}
    desc = "|".join(re.escape(w) for w in sorted(words | kinds, key=len, reverse=True))
    nouns = "|".join(re.escape(w) for w in sorted(plural, key=len, reverse=True))
    described = (
        re.compile(
            rf"\b(attacking|blocking|blocked|unblocked) (?:(?:(?:non-?)?(?:{desc}) ){{1,3}}(?:creatures?|attackers?|blockers?)"
            rf"|(?:non-?)?(?:{nouns}))\b"
        )
        if desc
        else None
    )
    return {
        "described": described,
        "die": book.glossary_entry("Roll a d20").see_rules[0],
        "keyword_counters": keyword_counters,
    }


def _issue26_sixth_stop(text: str, low: str, spans, marks: dict, name: str) -> None:
    rules = re.sub(r"\([^()]*\)", lambda m: " " * len(m.group(0)), low)  # reminder text blanked, same length
    token = re.compile(rf"{re.escape(_BOOK26['token'])}(?:[a-z.]|$)")
    if re.search(r"\bnontoken\b", rules):
        uses = [m.start() for m in re.finditer(r"(?<!non)\btokens?\b", rules)]
        if uses and not any(s.start <= at < s.end and token.match(s.rule) for at in uses for s in spans):
            marks[_TOKEN_TOO_26].add(name)
    masked = rules
    for n in sorted(
        {p.strip() for p in name.lower().split("//")} | {name.lower().split(",")[0]}, key=len, reverse=True
    ):
        masked = masked.replace(n, "~" * len(n)) if n else masked
    for m in re.finditer(r"\bflip (?=(?:~+|it)[.,;])", masked):
        if not any(s.start == m.start() and s.rule == _BOOK26["flip_cards"] for s in spans):
            marks[_FLIP_CARD_26].add(name)
    # (marked once a face: "If you would flip a coin, instead flip two coins" explains the act at "flip a coin")
    coins = [m.start() for m in _COUNTED_COINS.finditer(low)]
    if coins and not any(s.rule == _BOOK26["coin"] for s in spans):
        marks[_COINS_26].add((name, coins[0]))


def _issue26_fourth_stop(text: str, low: str, spans, marks: dict, name: str) -> None:
    rules = re.sub(r"\([^()]*\)", lambda m: " " * len(m.group(0)), low)  # reminder text blanked, same length
    terms = {s.glossary_term for s in spans if s.kind == "glossary"}
    for m in _STATUS_SAID.finditer(rules):
        g = 1 if m.group(1) else 2  # the word, unless a span holds it ("attacks and isn't blocked", 509.1h)
        if f"{m.group(g)} creature" not in terms and not any(s.start <= m.start(g) < s.end for s in spans):
            marks[_STATUS_26].add(name)
    for n in {p.strip() for p in name.lower().split("//")}:
        rules = rules.replace(n, "~" * len(n)) if n else rules
    # a keyword spoken of is marked once per face in the same words: counted where none of its uses is linked
    verbs: dict = {}
    for m in _KEYWORD_VERB.finditer(rules):
        verbs.setdefault(m.group(0), []).append(m.start())
    for starts in verbs.values():
        if not any(s.start in starts and s.kind == "keyword_ability" for s in spans):
            marks[_VERB_26].add((name, starts[0]))
    for m in _PLAY_NO_CARD.finditer(low):
        if any(s.start == m.start() for s in spans):
            marks[_PLAY_26].add(name)
    by_rule: dict = {}
    for s in spans:
        if s.kind == "keyword_ability" and not s.in_reminder:
            by_rule.setdefault((s.rule, s.text.lower()), []).append(s)  # the same words twice
    for same in by_rule.values():
        mentions = [s for s in same if not _KEYWORD_LINE_BEFORE.match(low[low.rfind("\n", 0, s.start) + 1 : s.start])]
        if len(mentions) > 1:
            marks[_GRANTED_26].add(name)
    for m in _HYPHEN_IN_EXILE.finditer(low):
        at = low.find("face-", m.start())
        if not any(s.start == at and s.rule.startswith(_BOOK26["exile_zone"] + ".") for s in spans):
            if any(s.start == at for s in spans) or not any(
                s.text.lower().startswith("face") and s.rule.startswith(_BOOK26["exile_zone"] + ".") for s in spans
            ):
                marks[_HYPHEN_EXILE_26].add((name, at))


def _issue26_third_stop(low: str, spans, marks: dict, name: str) -> None:
    for s in spans:
        if s.text.lower() in ("face down", "face up") and _IN_EXILE.search(low, max(0, s.start - 80), s.start):
            if not s.rule.startswith(_BOOK26["exile_zone"] + "."):
                marks[_EXILE_FACE_DOWN_26].add((name, s.start))
    if "attack or block alone" in low and not any(s.glossary_term == "attack alone" for s in spans):
        marks[_ALONE_26].add(name)
    for m in re.finditer(r"\bchange (?:its|their) text\b", low):
        if not any(s.start == m.start() and s.rule == _BOOK26["text_changing"] for s in spans):
            marks[_ITS_TEXT_26].add(name)


def _issue26_second_stop(text: str, low: str, spans, marks: dict, name: str) -> None:
    terms = {(s.glossary_term or "").replace("-", " ") for s in spans if s.kind == "glossary"}
    for m in _THIS_KIND.finditer(text):
        if not any(m.group(1).lower() in t.split() for t in terms):
            marks[_THIS_26].add(name)
    if "sources of damage" in low and not any(s.rule == _BOOK26["source_of_damage"] for s in spans):
        marks[_OF_26].add(name)
    for m in _ELIDED.finditer(low):
        noun = "ability" if m.group(2) == "abilit" else "creature"
        term = f"{m.group(1)} {noun}"
        if term in _BOOK26["terms"] and term not in terms:
            marks[_ELIDED_26].add(name)
    for m in re.finditer(r"\bactivated (?:or|and|and/or) triggered abilit", low):
        if any(s.start == m.start() and s.kind == "keyword_action" for s in spans):
            marks[_ACTIVATED_26].add(name)
    # (since the fourth stop a keyword spoken of twice in the same words is marked once per face: a face counts
    # where a form is linked at none of its uses)
    forms: dict = {}
    for m in re.finditer(r"\b(?:kicked|bargained|championed|suspended)\b", low):
        forms.setdefault(m.group(0), []).append(m.start())
    for starts in forms.values():
        if not any(s.start in starts and s.kind == "keyword_ability" for s in spans):
            marks[_KICKED_26].add(name)
    if "game is a draw" in low and not any(s.rule.startswith("104.4") for s in spans):
        marks[_DRAW_26].add(name)
    for s in spans:
        if s.text.lower().replace("-", " ") == "face down" and s.rule.startswith(_BOOK26["morph"]):
            marks[_FACE_DOWN_26].add(name)
        if (
            s.rule != _BOOK26["predefined"]
            and s.rule.startswith(_BOOK26["predefined"])
            and (nxt := next((t for t in spans if t.start == s.end + 1), None))
        ):
            if nxt.text.lower().startswith("token"):
                marks[_TOKEN_26].add(name)
    for m in re.finditer(r"\bface-(down|up)\b", low):
        if "face " + m.group(1) not in terms:
            marks[_HYPHEN_26].add(name)


def _in_parens(text: str, pos: int) -> bool:
    return text.rfind("(", 0, pos) > text.rfind(")", 0, pos)


_BOOK26: dict = {}


def _issue26_catalog(book) -> dict:
    """The rules the issue-26 patterns check against, read from the book by their titles."""
    return {
        "book": book,
        "zones": book.find_titled("Zones").number,
        "prototype": book.keyword_abilities()["Prototype"],
        "partner": book.keyword_abilities()["Partner"],
        "token": book.glossary_entry("Token").see_rules[0],
        "tap_for_mana": next(r.number for r in book.rules.values() if "“tap [a permanent] for mana”" in r.text),
        "source_of_damage": book.glossary_entry("Source of Damage").see_rules[0],
        "morph": book.keyword_abilities()["Morph"],
        "predefined": next(
            r.number for r in book.rules.values() if r.level == "numbered" and "predefined token" in r.text.lower()
        ),
        "terms": {e.key for e in book.glossary.values()},
        "exile_zone": book.glossary_entry("Exile").see_rules[0],
        "text_changing": book.glossary_entry("Text-Changing Effect").see_rules[0],
        "flip_cards": book.glossary_entry("Flip Cards").see_rules[0],
        "coin": book.glossary_entry("Flipping a Coin").see_rules[0],
        **_seventh_stop_catalog(book),
    }


def wrong_tags(cards, tagger: Tagger) -> Counter:
    """Corpus-wide counts of the tag patterns issue 12 found resting on the wrong role."""
    out: Counter = Counter()
    for card in cards:
        readings = read_card(card, shipped_reader())
        tags = {t.id: t for t in tagger.tag(card)}
        for t in tags.values():
            texts = [e for e in t.evidence if e.source == "text"]
            if (
                t.id.startswith("action:")
                and texts
                and all(readings[e.face].in_reminder(e.start, e.end) for e in texts)
            ):
                out["keyword-action tags resting only on reminder text"] += 1
            if t.id == "action:tap" and texts and all((e.text or "").lower() in ("tapped", "untapped") for e in texts):
                out["tap tags from the status word 'tapped'"] += 1
            if t.id == "theme:sacrifice":
                if texts and all(_self_or_negated(readings[e.face], e) for e in texts):
                    out["theme:sacrifice from self-sacrifice or 'can't be sacrificed'"] += 1
        if "theme:ramp" in tags:
            evidence = [e for e in tags["theme:ramp"].evidence if e.source == "text"]
            lands = [e for e in evidence if "Land" in card.faces[e.face].type_line]
            if evidence and len(lands) == len(evidence) and all(re.search(r"\bAdd\b", e.text or "") for e in lands):
                out["lands with theme:ramp from their own mana ability"] += 1
        text = " ".join(f.oracle_text or "" for f in card.faces)
        if "theme:voltron" in tags and "Aura" in " ".join(f.type_line for f in card.faces):
            if re.search(r"[Ee]nchanted creature gets -", text) and not re.search(r"gets \+", text):
                out["weakening Auras with theme:voltron"] += 1
        for t in tags.values():
            if t.id.startswith("tribal:") and any(_describes_a_token(card, e) for e in t.evidence):
                out["tribal tags from a token made for someone"] += 1
        out.update(wrong_themes(card, tags))
        out.update(missed_themes(card, tags))
        out.update(issue26_fourth_themes(card, tags))
        out.update(issue26_sixth_themes(card, tags))
        out.update(issue26_seventh_themes(card, tags))
    return out


# the seventh stop of issue 26 (fresh draw 2026120742's classes), read from the words of the text
SEVENTH_THEMES = (
    "a keyword line whose reminder returns or casts a card from your graveyard ('Soulshift 3 (… return target Spirit "
    "card … from your graveyard …)') without theme:graveyard",
    "a keyword line whose reminder names a creature type ('target Spirit card') without that tribal tag",
    "theme:spellslinger on a card whose only instant-or-sorcery word is none and that splices onto another quality "
    "('Splice onto Arcane')",
    "a triggered mana ability the controller gets ('Whenever you tap a creature for mana, add …', 605.1b) without theme:ramp",
    "a reward for a modified creature with a word between ('you control an attacking modified creature') without theme:voltron",
    "an instant or sorcery whose own sentence adds mana (a ritual: 'Add {B}{B}{B}.') without theme:ramp",
    "a tribal tag resting only on a type 'other than' which the text names ('a creature type other than Wall')",
    "theme:graveyard on a card whose only graveyard words are a permanent put into it from the battlefield (dying) "
    "and that brings no card back",
)
_RITUAL_26 = re.compile(r"(?:^|[.]\s+|\n)Add \{", re.M)
_OTHER_THAN_26 = re.compile(r"\bother than (?:an? )?$", re.I)
_GRAVEYARD_WORDS_26 = re.compile(
    r"\b(?:from|in|into) (?:your|a|their|an opponent['’]s|its owner['’]s|all) graveyards?\b( from the battlefield)?",
    re.I,
)
_TRIGGERED_MANA_26 = re.compile(
    r"^(?:Whenever|When) (?:you|a player) taps? [^,.]*\bfor mana, (?:add|that player adds|you add)\b", re.M
)
_MODIFIED_BETWEEN_26 = re.compile(r"\byou control (?:an?|another|\w+ or more) [\w-]+ modified creatures?\b")
_KEYWORD_LINE_REMINDER_26 = re.compile(r"^[A-Z][\w' -]*(?: \{[^}]*\})*(?: \d+|—[^(\n]*)? \(([^()]*)\)", re.M)
_FROM_OWN_GRAVEYARD_26 = re.compile(
    r"\b(?:return|returns|cast|play|put)\b[^.;]*?\bfrom your graveyard\b(?![^.;]*\binstead\b)", re.I
)
_TYPE_CARD_26 = re.compile(r"\b(?:target|another|an?) ([A-Z][a-z]+) (?:card|creature|permanent|you control)\b")


def issue26_seventh_themes(card, tags) -> Counter:
    out: Counter = Counter()
    plain = [f.oracle_text or "" for f in card.faces]
    for f in card.faces:
        text = f.oracle_text or ""
        for m in _KEYWORD_LINE_REMINDER_26.finditer(text):
            if re.match(r"(?:When|Whenever|At|As|If|Each|Target|Enchant(?:ed)?)\b", m.group(0)):
                continue  # an ability or a static sentence, no keyword line
            reminder = m.group(1)
            if _FROM_OWN_GRAVEYARD_26.search(reminder) and "theme:graveyard" not in tags:
                out[SEVENTH_THEMES[0]] += 1
            for t in _TYPE_CARD_26.finditer(reminder):
                if t.group(1) in _CREATURE_TYPES_26 and f"tribal:{t.group(1).lower()}" not in tags:
                    out[SEVENTH_THEMES[1]] += 1
    rules = _rules_text(card)
    if (
        "theme:spellslinger" in tags
        and re.search(r"^Splice onto (?!instant or sorcery)", rules, re.M)
        and not re.search(
            r"\b(?:instant (?:or|and) sorcery|instant and/or sorcery|noncreature spell)",
            rules.replace("Splice onto instant or sorcery", ""),
            re.I,
        )
    ):
        out[SEVENTH_THEMES[2]] += 1
    if _TRIGGERED_MANA_26.search(rules) and "theme:ramp" not in tags:
        out[SEVENTH_THEMES[3]] += 1
    if _MODIFIED_BETWEEN_26.search(rules) and "theme:voltron" not in tags:
        out[SEVENTH_THEMES[4]] += 1
    spell = any(t in f.type_line for f in card.faces for t in ("Instant", "Sorcery"))
    if spell and _RITUAL_26.search(rules) and "theme:ramp" not in tags:
        out[SEVENTH_THEMES[5]] += 1
    for t in tags.values():
        texts = [e for e in t.evidence if e.source == "text"]
        if t.id.startswith("tribal:") and texts:
            if all(
                _OTHER_THAN_26.search(plain[e.face][max(0, e.start - 16) : e.start])
                for e in texts
                if e.face is not None
            ):
                out[SEVENTH_THEMES[6]] += 1
    words = list(_GRAVEYARD_WORDS_26.finditer(rules))
    brought_back = re.search(
        r"\breturns?\b[^.]*\bto (?:(?:its|their) owners?['’]s? hands?|your hand|the battlefield)\b|\bcast\b", rules
    )
    if "theme:graveyard" in tags and words and all(m.group(1) for m in words) and not brought_back:
        out[SEVENTH_THEMES[7]] += 1
    return out


_CREATURE_TYPES_26 = frozenset(
    t.strip()
    for r in shipped_rulebook().rules.values()
    if (m := re.search(r"All other creature types are one word long: (.+?)\.(?:\s|$)", r.text))
    for t in re.split(r",\s*", m.group(1))
)


# the sixth stop of issue 26 (fresh draw 2026120442's classes, and the lost branch's), read from the words of the text
SIXTH_THEMES = (
    "a tribal tag resting only on a protection quality ('Protection from Elves')",
    "damage to each creature in an ability the card gives in quotes ('Enchanted land has “{T}: … 1 damage to each creature …”') without theme:board-wipe",
    "a token the card creates with a quoted ability that counts artifacts ('token with “… for each artifact you control”') without theme:artifacts",
    "Treasure, Gold or Powerstone tokens the card's controller creates without theme:ramp",
    "theme:tokens or theme:card-draw resting only on what 'that player' does after an opponent ('Whenever an opponent casts a spell, that player creates a Blood token')",
    "theme:removal resting only on gaining control until end of turn, this turn, end of combat or your next turn (a Threaten)",
)
_PROTECTED_26 = re.compile(r"\b(?:protection|hexproof) from (?:[\w'’-]+(?:,|,? and|,? or)? (?:from )?)*$", re.I)
_GIVEN_WIPE_26 = re.compile(r"\b(?:has|have|gains?)\s+[“\"][^”\"]*\bdeals? (?:\d+|X) damage to each creature\b")
_TOKEN_COUNTS_26 = re.compile(
    r"\bcreates? [^.]*\btokens? with [“\"][^”\"]*\b(?:for each artifact|artifacts? you control)\b", re.I
)
_MANA_TOKEN_26 = re.compile(
    r"(?:^|[.\n•—:]\s*|, (?:then )?)(?:you )?(?:may )?create [^.]*?\b(?:Treasure|Gold|Powerstone) tokens?\b",
    re.I | re.M,
)
_THAT_PLAYER_26 = re.compile(
    r"(?:\ban opponent|\beach opponent['’]s|\beach other player['’]s|\bdeals (?:combat )?damage to a player)\b[^.\n]*?,? that player (?:may )?$",
    re.I,
)
_THREATEN_26 = re.compile(
    r"\bgains? control of\b[^.\n]*\b(?:until end of (?:turn|combat)|this turn|until (?:the end of )?your next turn)\b"
    r"|\buntil end of turn, gain control of\b",
    re.I,
)


def issue26_sixth_themes(card, tags) -> Counter:
    out: Counter = Counter()
    plain = [f.oracle_text or "" for f in card.faces]
    for t in tags.values():
        texts = [e for e in t.evidence if e.source == "text"]
        if t.id.startswith("tribal:") and texts:
            if all(_PROTECTED_26.search(plain[e.face][max(0, e.start - 80) : e.start]) for e in texts):
                out[SIXTH_THEMES[0]] += 1
    text = _rules_text(card)
    quoted = "\n".join(re.sub(r"\([^()]*\)", " ", p) for p in plain)  # reminder blanked, quotes kept
    if _GIVEN_WIPE_26.search(quoted) and "theme:board-wipe" not in tags:
        out[SIXTH_THEMES[1]] += 1
    if _TOKEN_COUNTS_26.search(quoted) and "theme:artifacts" not in tags:
        out[SIXTH_THEMES[2]] += 1
    if _MANA_TOKEN_26.search(text) and "theme:ramp" not in tags:
        out[SIXTH_THEMES[3]] += 1
    for theme, facts in (
        ("theme:tokens", ("action:create",)),
        ("theme:card-draw", ("effect:draw", "action:investigate")),
    ):
        if theme not in tags:
            continue
        spans = [e for f in facts if f in tags for e in tags[f].evidence if e.source == "text"]
        direct = [e for e in tags[theme].evidence if e.source == "text"]
        if spans and not direct and all(_THAT_PLAYER_26.search(plain[e.face], 0, e.start) for e in spans):
            out[SIXTH_THEMES[4]] += 1
    if "theme:removal" in tags:
        texts = [e for e in tags["theme:removal"].evidence if e.source == "text"]

        def threaten(e) -> bool:
            f = plain[e.face]
            start = max(f.rfind(".", 0, e.start), f.rfind("\n", 0, e.start)) + 1
            ends = [i for i in (f.find(".", e.start), f.find("\n", e.start)) if i >= 0]
            return bool(_THREATEN_26.search(f[start : min(ends) if ends else len(f)]))

        if texts and all(threaten(e) and "control" in (e.text or "") for e in texts):
            out[SIXTH_THEMES[5]] += 1
    return out


WRONG_THEMES = (
    "tribal tags from a type the card sets ('becomes a 2/2 Golem', 'is also a Cleric, Rogue')",
    "theme:discard from the card discarding itself as a cost",
    "theme:spellslinger from a casting restriction ('can't cast', 'cost {1} more')",
    "theme:sacrifice from an edict alone ('target player sacrifices a creature'; issue 26, second stop)",
)


# the third stop of issue 26: roles and themes a deck builder gives that the text says, counted when missing
# (read from the words of the text, with the card's name masked, reminder text and quoted abilities blanked)
MISSED_THEMES = (
    "removal or burn missed after a trigger with a damage verb ('Whenever … deals damage …, ~ deals N damage to target creature')",
    "'as long as / unless you control an artifact (enchantment)' without theme:artifacts (theme:enchantments)",
    "lifelink the card has or gives ('has lifelink', 'gain lifelink') without theme:lifegain",
    "a reward for Auras and Equipment ('modified creature you control', '~ is equipped') without theme:voltron",
    "damage 'to them' after a player word ('that creature's controller has ~ deal 5 damage to them') without theme:burn",
    "theme:graveyard resting only on a test that one card of a kind is in the graveyard ('there is a Desert card in your graveyard')",
    "'counter that spell' after 'target spell' in the same line without theme:counterspell",
)
_TRIGGER_DAMAGE = re.compile(
    r"^(?:When|Whenever)\b[^,]*\bdeals?\b[^,]*\bdamage\b[^,]*, [^.]*?\bdeals? [^.]*?damage to "
    r"(?P<to>any target|target (?:creature|planeswalker)|target (?:player|opponent)|each opponent|that player|that (?:creature|source)['’]s controller)",
    re.M,
)
_YOU_CONTROL_ONE = re.compile(r"\b(?:as long as|unless) you control (?:an?|another) (artifact|enchantment)\b", re.I)
_GIVES_LIFELINK = re.compile(r"\b(?:has|have|gains?)\b[^.\n]*?\blifelink\b")
_REWARDS_MODIFIED = re.compile(
    r"\bmodified creatures? you control\b|\byou control an? modified creature\b|\bas long as (?:~+|it) is (?:equipped|enchanted)\b"
)
_TO_THEM = re.compile(r"\b(?:players?|opponents?|controller)\b[^.]*\bdeals? \d+ damage to them\b")
_ONE_CARD_IN_GRAVEYARD = re.compile(
    r"(?:there(?:['’]s| is| are) an? (?:[\w’'-]+ ){0,3}cards? |an? (?:[\w’'-]+ ){0,3}cards? (?:is|are) )in your graveyard"
)
_COUNTER_THE_TARGET = re.compile(r"\btarget spell\b[^\n]*\bcounter that spell\b")


def _rules_text(card) -> str:
    out = []
    for f in card.faces:
        t = f.oracle_text or ""
        for n in sorted(
            {card.name, f.name, card.name.split(",")[0], f.name.split(",")[0]} - {""}, key=len, reverse=True
        ):
            t = re.sub(rf"(?<![\w]){re.escape(n)}(?![\w])", "~" * len(n), t)
        t = re.sub(r"\([^()]*\)", " ", t)
        out.append(re.sub(r"“[^”]*”|\"[^\"]*\"", " ", t))
    return "\n".join(out)


def missed_themes(card, tags) -> Counter:
    out: Counter = Counter()
    text = _rules_text(card)
    for m in _TRIGGER_DAMAGE.finditer(text):
        to = m.group("to")
        if to == "any target":
            want = {"theme:removal", "theme:burn"}
        elif to in ("target creature", "target planeswalker"):
            want = {"theme:removal"}
        else:
            want = {"theme:burn"}
        if not want & set(tags):
            out[MISSED_THEMES[0]] += 1
            break
    for m in _YOU_CONTROL_ONE.finditer(text):
        if f"theme:{m.group(1).lower()}s" not in tags:
            out[MISSED_THEMES[1]] += 1
            break
    # (a keyword counter chosen at random is no keyword the card gives: README, fourth stop, Crystalline Giant)
    if (
        _GIVES_LIFELINK.search(text)
        and not re.search(r"\bat random\b[^.]*\blifelink\b", text)
        and "theme:lifegain" not in tags
    ):
        out[MISSED_THEMES[2]] += 1
    if _REWARDS_MODIFIED.search(text) and "theme:voltron" not in tags:
        out[MISSED_THEMES[3]] += 1
    if _TO_THEM.search(text) and "theme:burn" not in tags:
        out[MISSED_THEMES[4]] += 1
    if "theme:graveyard" in tags:
        evidence = tags["theme:graveyard"].evidence
        only_effect = all(e.source == "facts" and tuple(e.facts) == ("effect:graveyard",) for e in evidence)
        mentions = list(re.finditer(r"\b(?:from|in|into) [\w’' ]*?graveyards?\b", text))
        if only_effect and mentions and all(m.group(0) == "in your graveyard" for m in mentions):
            if all(_ONE_CARD_IN_GRAVEYARD.search(text, max(0, m.start() - 60), m.end()) for m in mentions):
                out[MISSED_THEMES[5]] += 1
    if _COUNTER_THE_TARGET.search(text) and "theme:counterspell" not in tags:
        out[MISSED_THEMES[6]] += 1
    return out


# the fourth stop of issue 26 (fresh draw 2026120324's classes, the lead's), each read from the words of the text
FOURTH_THEMES = (
    "theme:graveyard resting only on a graveyard a card is kept out of ('exile it instead of putting it into its owner's graveyard')",
    "theme:graveyard resting only on graveyard hate ('exile target card from a graveyard', '… card in a graveyard puts it on the top or bottom of their library')",
    "a tribal tag resting only on a 'non-<type>' clause ('another non-Human creature')",
    "theme:removal resting only on damage to each creature a player controls ('3 damage to target player and 1 damage to each creature that player controls')",
    "an instant that pumps, gives a combat keyword or untaps a creature until end of turn without the combat-trick role (theme:combat-trick)",
)
_GRAVEYARD_WORDS = re.compile(r"\b(?:from|in|into) (?:[\w’']+ ){0,3}?graveyards?\b")
_KEPT_OUT_26 = re.compile(r"\binstead of (?:(?:putting (?:it|them|that card)|being put) )?$|\bwould be put $")
_HATE_26 = re.compile(
    r"\bexiles?\b|\bon the top or bottom of\b|\bon (?:the )?(?:top|bottom) of (?:its owner['’]s|their) library\b"
)
_HATE_USE_26 = re.compile(r"\b(?:cast|play|copy|copies)\b|\bthe battlefield\b|\bhand\b|\bexiled with\b")
_ONE_SIDED_26 = re.compile(  # a target planeswalker beside the player ("target player or planeswalker") is removal
    r"\bdeals? (?:\d+|X) damage to (?:target player|target opponent|each opponent)(?! or planeswalker)[^.]*? and \d+ damage to each creature[^.]*"
)
_TRICK_26 = re.compile(
    r"\bgets? \+\d+/[+-]?\d+|\bgets? [+-]?\d+/\+\d+|\bgains? (?:[\w ,]*? )?(?:first strike|double strike|deathtouch|trample"
    r"|indestructible|lifelink|vigilance|flying|reach|menace|protection)\b"
)


def issue26_fourth_themes(card, tags) -> Counter:
    out: Counter = Counter()
    text = _rules_text(card)
    if "theme:graveyard" in tags:
        evidence = tags["theme:graveyard"].evidence
        only_effect = all(e.source == "facts" and tuple(e.facts) == ("effect:graveyard",) for e in evidence)
        mentions = list(_GRAVEYARD_WORDS.finditer(text))
        if only_effect and mentions:
            if all(_KEPT_OUT_26.search(text, max(0, m.start() - 30), m.start()) for m in mentions):
                out[FOURTH_THEMES[0]] += 1

            def hate(m):
                start = max(text.rfind(".", 0, m.start()), text.rfind("\n", 0, m.start())) + 1
                ends = [i for i in (text.find(".", m.end()), text.find("\n", m.end())) if i >= 0]
                sentence = text[start : min(ends) if ends else len(text)]
                line_end = text.find("\n", m.end())
                rest = text[start : line_end if line_end >= 0 else len(text)]  # the rest of the ability
                return (
                    "your graveyard" not in m.group(0)
                    and not m.group(0).startswith("into")  # cards put into a graveyard: no source of cards
                    and _HATE_26.search(sentence)
                    and not _HATE_USE_26.search(rest)
                    and "exiled with" not in text
                )

            if all(hate(m) for m in mentions):
                out[FOURTH_THEMES[1]] += 1
    for t in tags.values():
        texts = [e for e in t.evidence if e.source == "text"]
        if t.id.startswith("tribal:") and texts:
            faces = [card.faces[e.face].oracle_text or "" for e in texts]
            if all(f[max(0, e.start - 4) : e.start].lower() == "non-" for f, e in zip(faces, texts)):
                out[FOURTH_THEMES[2]] += 1
    if "theme:removal" in tags:
        spans = [m.span() for m in _ONE_SIDED_26.finditer(text)]
        texts = [e for e in tags["theme:removal"].evidence if e.source == "text"]
        if spans and texts and all(any(a <= e.start < b for a, b in spans) for e in texts if e.face == 0):
            out[FOURTH_THEMES[3]] += 1
    for face in card.faces:  # each instant face by its own text
        own = re.sub(r"\([^()]*\)", " ", face.oracle_text or "")
        own = re.sub(
            r"“[^”]*”|\"[^\"]*\"", " ", own
        )  # a token's quoted ability is no effect of the instant's (Urza's Command)
        if "Instant" in face.type_line and "until end of turn" in own and _TRICK_26.search(own):
            if "theme:combat-trick" not in tags:
                out[FOURTH_THEMES[4]] += 1
            break
    return out


def wrong_themes(card, tags) -> Counter:
    """Issue 26's theme classes, each read from the text around the evidence (not with the tagger's own
    reading): a theme that rests only on such text is counted."""
    out: Counter = Counter()
    for t in tags.values():
        texts = [e for e in t.evidence if e.source == "text"]
        facts = [e for e in t.evidence if e.source == "facts"]
        if t.id.startswith("tribal:") and texts and all(_type_set(card, e) for e in texts):
            out[WRONG_THEMES[0]] += 1
        if t.id == "theme:spellslinger" and texts and not facts and all(_restricted(card, e) for e in texts):
            out[WRONG_THEMES[2]] += 1
        if t.id == "theme:sacrifice" and texts and not facts and all(_edict(card, e) for e in texts):
            out[WRONG_THEMES[3]] += 1
    if "theme:discard" in tags and "keyword:madness" not in tags and "action:discard" in tags:
        discards = [e for e in tags["theme:discard"].evidence if e.source == "text"]
        if any(e.source == "facts" for e in tags["theme:discard"].evidence):
            discards += [e for e in tags["action:discard"].evidence if e.source == "text"]
        if discards and all(_discards_itself_as_cost(card, e) for e in discards):
            out[WRONG_THEMES[1]] += 1
    return out


def _clause(card, e) -> tuple[str, str]:
    text = card.faces[e.face].oracle_text or ""
    start = max(text.rfind(ch, 0, e.start) for ch in ".,:;\n") + 1
    end = min([i for i in (text.find(ch, e.end) for ch in ".;\n") if i >= 0] or [len(text)])
    return text[start : e.start], text[e.end : end]


def _type_set(card, e) -> bool:
    before, after = _clause(card, e)
    return bool(
        re.search(r"\bbecomes?\b(?! blocked| tapped| untapped| the target)|\bis also\b|\bit['’]s still\b", before)
        or (re.search(r"\b(?:is|are|it['’]s|they['’]re|he['’]s)\b", before) and "in addition to its other" in after)
    )


def _restricted(card, e) -> bool:
    text = card.faces[e.face].oracle_text or ""
    start, end = text.rfind(".", 0, e.start) + 1, text.find(".", e.end)
    sentence = text[start : end if end >= 0 else len(text)]
    return bool(re.search(r"can['’]t (?:be )?cast|costs? (?:\{[^}]+\})+ more", sentence))


def _edict(card, e) -> bool:
    """ "Target player sacrifices", "each opponent sacrifices": a player other than the card's controller
    (or every player) sacrifices, read from the words before the verb in its clause."""
    before, _after = _clause(card, e)
    before = re.split(r'["“]', before)[-1]
    return (e.text or "").lower() == "sacrifices" and bool(
        re.search(r"\b(?:players?|opponents?|controller)$", before.strip(), re.I)
        and not re.search(r"\b(?:when|whenever|each time|if)\b", before, re.I)
    )


def _discards_itself_as_cost(card, e) -> bool:
    text = card.faces[e.face].oracle_text or ""
    line_end = text.find("\n", e.end)
    rest = text[e.end : line_end if line_end >= 0 else len(text)]
    names = [n for n in {card.name, card.faces[e.face].name, card.name.split(",")[0]} if n] + ["this card"]
    return ":" in rest and any(rest.lstrip().startswith(n) for n in names)


def _describes_a_token(card, e) -> bool:
    """The evidence word is part of a made token's description: its types ("create X 2/2 black Zombie
    creature tokens"), its name ("tokens named Kobolds of Kher Keep"), or what a copy becomes ("except it's
    a 4/4 black Zombie"); not a word that counts or refers to creatures of the type after a token is made
    ("for each Zombie that player controls", "a copy of that Wizard")."""
    if e.source != "text":
        return False
    text = card.faces[e.face].oracle_text or ""
    before, after = text[: e.start], text[e.end :]
    sentence = before[before.rfind(".") + 1 :]
    made = re.search(r"\bcreates?\b", sentence)
    types_then_token = re.match(
        r"(?:\s+[A-Z][\w’'-]*)*\s+(?:(?:artifact|enchantment|snow|legendary)\s+)*(?:creature\s+)?tokens?\b", after
    )
    named = re.search(r"\btokens? named (?:[\w’'-]+ )*$", sentence)
    copy_becomes = re.search(r"\btokens?\b[^.]*\bexcept (?:it['’]s|they['’]re)\b[^.]*$", sentence)
    return bool(made and (types_then_token or named or copy_becomes))


def _self_or_negated(reading, e) -> bool:
    j = e.end
    while j < len(reading.text) and reading.text[j] == " ":
        j += 1
    return reading.negated(e.start, e.end) or reading.is_self(j, j + 1)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", required=True)
    ap.add_argument("--gold-links", default=str(ROOT / "tests" / "oracle" / "data" / "gold_links.json"))
    ap.add_argument("--gold-tags", default=str(ROOT / "tests" / "tags" / "data" / "gold.json"))
    ap.add_argument("--gold-themes", default=str(ROOT / "tests" / "tags" / "data" / "gold_themes.json"))
    args = ap.parse_args(argv)
    say: list[str] = []
    p = say.append
    p("## Oracle text read as abilities: links and tags (issue 12)")
    p("")
    p(
        f"Machine: {platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, load average "
        f"{os.getloadavg()[0]:.1f} at the start; data: `{Path(args.data).name}`."
    )
    p("")
    corpus = read_mtgjson(args.data)
    cards = list(corpus.cards.values())
    linker = Linker(shipped_rulebook())
    tagger = Tagger()
    tagger.tag(cards[0])

    # wall-clock and CPU time: on a shared machine the CPU time of the process is the steadier figure
    t0, c0 = time.perf_counter(), time.process_time()
    tagger.tag_many(cards)
    tag_s, tag_c = time.perf_counter() - t0, time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    for card in cards:
        linker.link_card(card)
    link_s, link_c = time.perf_counter() - t0, time.process_time() - c0
    p("| measure | wall clock | CPU time |")
    p("| --- | --- | --- |")
    p(f"| cards | {len(cards):,} | |")
    p(f"| tag all cards (reads every face; readings kept for the linker) | {tag_s:.2f} s | {tag_c:.2f} s |")
    p(f"| then link all cards (readings shared) | {link_s:.2f} s | {link_c:.2f} s |")
    p(f"| linking + tagging | {tag_s + link_s:.2f} s | {tag_c + link_c:.2f} s |")
    p("")

    gold = json.loads(Path(args.gold_links).read_text(encoding="utf-8"))
    judged = [c for c in gold["cards"] if "expected" in c]
    score = score_links(linker, gold)
    p(f"### Links on the gold set ({len(judged)} of {len(gold['cards'])} drawn cards judged, seed {gold['seed']})")
    p("")
    p("| category | expected | found right | wrong | precision | recall |")
    p("| --- | --- | --- | --- | --- | --- |")
    for k in KINDS:
        p(
            f"| {k} | {score.tp[k] + score.fn[k]} | {score.tp[k]} | {score.fp[k]} | {_pct(score.precision(k))} | {_pct(score.recall(k))} |"
        )
    p("")
    if score.misses or score.extras:
        p("Misses: " + "; ".join(f"{n} {k} {'/'.join(r)}" for n, k, r in score.misses[:20]))
        p("")
        p("Wrong: " + "; ".join(f"{n} {k} {r} {t!r}" for n, k, r, t in score.extras[:20]))
        p("")

    report = evaluate_gold(load_gold(args.gold_tags), tagger)
    p(f"### Tags on the tags gold set ({report.cards} cards)")
    p("")
    p(f"Extracted tags: precision {_pct(report.precision)}, recall {_pct(report.recall)}.")
    p("")
    themes = load_gold(args.gold_themes)
    themes_seed = json.loads(Path(args.gold_themes).read_text(encoding="utf-8"))["seed"]
    p(f"### Inferred themes on the themes gold set ({len(themes)} random cards, seed {themes_seed})")
    p("")
    p("| part | cards | expected | found right | wrong | precision | recall |")
    p("| --- | --- | --- | --- | --- | --- | --- |")
    for label, part in (("tuning (0-99)", "tuning"), ("held out (100-149)", "held_out"), ("all", None)):
        r = evaluate_themes(themes, tagger, part=part)
        p(
            f"| {label} | {r.cards} | {r.true_positives + r.false_negatives} | {r.true_positives} | "
            f"{r.false_positives} | {_pct(r.precision)} | {_pct(r.recall)} |"
        )
    r = evaluate_themes(themes, tagger)
    p("")
    p("Wrong: " + ("; ".join(f"{n} {t}" for n, t in r.extras) or "none") + ".")
    p("Missed: " + ("; ".join(f"{n} {t}" for n, t in r.misses) or "none") + ".")
    p("")

    senses = wrong_senses(cards, linker)
    tags = wrong_tags(cards, tagger)
    p("### Wrong-sense patterns over all cards (goal: 0 each)")
    p("")
    p("| pattern | cards or spans |")
    p("| --- | --- |")
    for name in (
        "'untap step' linked to the untap action",
        "'in/from/into exile' linked to the exile action",
        "'activated ability' linked to a keyword action",
        "{Q} not linked to the untap symbol",
        "'double-faced' linked to the action double",
        "a card's own 'it becomes day/night' not linked to the designation rule",
        "'Arabian Nights', 'night counter', 'that day' linked to Day and Night",
        "the card's own name linked",
        "an ability-word panel titled 'Text Box'",
    ):
        p(f"| {name} | {senses[name]} |")
    for name in ISSUE_26:
        p(f"| {name} (issue 26) | {senses[name]} |")
    for name in (
        "keyword-action tags resting only on reminder text",
        "tap tags from the status word 'tapped'",
        "theme:sacrifice from self-sacrifice or 'can't be sacrificed'",
        "lands with theme:ramp from their own mana ability",
        "weakening Auras with theme:voltron",
        "tribal tags from a token made for someone",
        *WRONG_THEMES,
        *MISSED_THEMES,
        *FOURTH_THEMES,
        *SIXTH_THEMES,
        *SEVENTH_THEMES,
    ):
        p(f"| {name} | {tags[name]} |")
    print("\n".join(say))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
