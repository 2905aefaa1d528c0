"""Extracted tags: facts read from the oracle text by one small rule each.

A rule is a function ``(ctx) -> iterable of (tag_id, Evidence)`` registered with ``@extractor``; a
plain regular-expression rule is registered with ``pattern_rule``. Adding a tag is adding one unit
(and a line in taxonomy.json, and its test).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

from ..oracle import effects
from ._context import CardContext
from ._model import Evidence, span
from ._text import FaceText
from ._vocab import Vocabulary, _cr_text, load_vocabulary, slugify

Hit = tuple[str, Evidence]


@dataclass(frozen=True)
class Extractor:
    name: str
    fn: Callable[[CardContext], Iterable[Hit]]
    tags: tuple[str, ...]  # the fixed tag ids it can produce; () for a family (keywords)


EXTRACTORS: dict[str, Extractor] = {}


_Rule = TypeVar("_Rule", bound=Callable[[CardContext], Iterable[Hit]])


def extractor(name: str, tags: Iterable[str] = ()) -> Callable[[_Rule], _Rule]:
    def register(fn: _Rule) -> _Rule:
        EXTRACTORS[name] = Extractor(name, fn, tuple(tags))
        return fn

    return register


def pattern_rule(
    tag_id: str,
    regex: str,
    *,
    which: str = "rules",
    flags: int = re.IGNORECASE,
    when: Callable[[CardContext, int], bool] | None = None,
    needs: tuple[str, ...] = (),
) -> None:
    """Register a rule that tags every face whose (prepared) text matches ``regex``. ``needs``: lower-case
    words one of which every match contains; a face without any is skipped before the expression runs
    (most faces, for most rules: a substring test costs a fraction of a regular-expression scan)."""
    compiled = re.compile(regex, flags)
    if needs and which != "rules":
        raise ValueError("needs= is tested on the rules text only")

    def fn(ctx: CardContext) -> Iterator[Hit]:
        for face in ctx.faces:
            if needs and not any(n in face.low for n in needs):
                continue
            if when is not None and not when(ctx, face.index):
                continue
            for m in compiled.finditer(getattr(face, which)):
                s, e = m.span(m.lastindex or 0) if m.lastindex else m.span()
                yield tag_id, span(face.index, s, e, face.text)

    EXTRACTORS[tag_id] = Extractor(tag_id, fn, (tag_id,))


# ---------------------------------------------------------------- keywords (702, 701, 207.2c)


@dataclass(frozen=True)
class KeywordMatchers:
    abilities: re.Pattern[str]
    actions: list[tuple[str, re.Pattern[str], str]]  # (tag id, pattern, lower-case stem that every match contains)
    ability_words: re.Pattern[str]
    ability_tag: dict[str, tuple[str, str]]  # lower surface name -> (tag id, label)
    sorcery_speed: frozenset[str]  # keyword tag ids whose CR text says "Activate only as a sorcery"
    parents: dict[str, str]  # lower variant name -> parent tag id
    land_types: frozenset[str]


def _esc(name: str) -> str:
    return re.escape(name).replace("’", "['’]")


def _forms(word: str) -> str:
    w = word.lower()
    forms = {w, w + "s", w + "es", w + "ed", w + "d", w + "ing"}
    if w.endswith("y"):
        forms |= {w[:-1] + "ies", w[:-1] + "ied"}
    if w.endswith("e"):
        forms.add(w[:-1] + "ing")
    if re.search(r"[^aeiou][aeiou][bdgmnpt]$", w):  # tap -> tapped, tapping
        forms |= {w + w[-1] + "ed", w + w[-1] + "ing"}
    return "(?:" + "|".join(sorted(map(re.escape, forms), key=len, reverse=True)) + ")"


_ACTION_OVERRIDES = {
    # nouns that share a spelling with the action: only the verb is the keyword action
    "counter": r"\bcounter(?:s)?\b(?= (?:target|that|it\b|the\b|all\b|each\b|up to|any\b|this\b|those\b|them\b))"
    r"|\bcountered\b",
    "double": r"\bdoubl(?:e|es|ed|ing)\b(?! strike| team| agenda|-faced)",
    "exile": r"(?<!from )(?<!in )(?<!into )\bexile(?:s|d)?\b",
    "monstrosity": r"\bmonstrosity\b",
}


@lru_cache(maxsize=4)
def keyword_matchers(cr_path: str | None = None) -> KeywordMatchers:
    vocab = load_vocabulary(cr_path)
    tag_of: dict[str, tuple[str, str]] = {}
    for low, kw in vocab.abilities.items():
        tag_of[low] = (f"keyword:{kw.slug}", kw.name[0] + kw.name[1:].lower())
    for old, new in vocab.aliases.items():
        tag_of[old] = tag_of[new]
    names = sorted(tag_of, key=len, reverse=True)
    generic = r"(?:(?:basic|nonbasic|legendary|snow|artifact) )?[a-z’'-]+(?:walk|cycling)"
    abilities = re.compile(r"(?:" + "|".join(_esc(n) for n in names) + "|" + generic + r")(?![\w-])", re.IGNORECASE)
    actions = []
    for low, kw in vocab.actions.items():
        if low in _ACTION_OVERRIDES:
            pat = _ACTION_OVERRIDES[low]
        else:
            words = low.split()
            pat = r"\b" + _forms(words[0]) + "".join(r"\s+" + re.escape(w) for w in words[1:]) + r"\b"
        actions.append((f"action:{kw.slug}", re.compile(pat, re.IGNORECASE), low.split()[0][:4].rstrip("ey")))
    aw = sorted(vocab.ability_words, key=len, reverse=True)
    ability_words = re.compile(r"^\s*(" + "|".join(_esc(w) for w in aw) + r")\s*—", re.IGNORECASE | re.MULTILINE)
    parents = {low: f"keyword:{slugify(kw.parent)}" for low, kw in vocab.abilities.items() if kw.parent}
    return KeywordMatchers(
        abilities,
        actions,
        ability_words,
        tag_of,
        frozenset(_sorcery_keywords(vocab)),
        parents,
        frozenset(t.lower() for t in vocab.land_types),
    )


def _sorcery_keywords(vocab: Vocabulary) -> set[str]:
    rules_by_num = {kw.rule: f"keyword:{kw.slug}" for kw in vocab.abilities.values() if not kw.parent}
    out = set()
    for line in _cr_text(None):
        m = re.match(r"^(702\.\d+)[a-z] ", line)
        if m and m.group(1) in rules_by_num and re.search(r"Activate only as a sorcery\.”", line):
            out.add(rules_by_num[m.group(1)])
    return out


_REJECT_AFTER = re.compile(
    r"^\s+(?:abilities|ability|costs?|creatures|spells|you|your|is|are|can|counters?)\b", re.IGNORECASE
)
_CHUNK_END = re.compile(r",\s+|;\s+")


def keyword_line_spans(line: str, m: KeywordMatchers) -> Iterator[tuple[int, int, str]]:
    """Keyword abilities of a keyword line such as "Flying, first strike" or "Equip {2}": (start, end, name)."""
    pos = len(line) - len(line.lstrip())
    while pos < len(line):
        km = m.abilities.match(line, pos)
        if not km:
            return
        end_chunk = _CHUNK_END.search(line, km.end())
        chunk_end = end_chunk.start() if end_chunk else len(line)
        rest = line[km.end() : chunk_end]
        if (
            not km.group(0).lower().endswith((" from", " with"))
            and _REJECT_AFTER.match(rest)
            or re.match(r"^\s+[a-z]+ (?:get|gets|has|have|gain|gains)\b", rest)
        ):
            return
        yield km.start(), km.end(), km.group(0)
        if not end_chunk:
            return
        pos = end_chunk.end()


def keyword_tags(name: str, m: KeywordMatchers) -> list[str]:
    """Tag ids for one keyword instance: the keyword, and for "hexproof from"/"partner with" variants
    and typecycling/landwalk also the family keyword, as MTGJSON and Scryfall list them."""
    low = re.sub(r"\s+", " ", name.lower())
    tag = _keyword_tag(low, m)[0]
    tags = [tag]
    parent = m.parents.get(low)
    if parent and low.endswith((" from", " with")):
        tags.append(parent)
    if low.endswith("cycling") and low != "cycling" and low not in m.ability_tag:
        kind = low[: -len("cycling")].replace("basic land", "land").strip()
        if kind in m.land_types or kind == "land":
            tags.append("keyword:landcycling")
    return tags


def _keyword_tag(name: str, m: KeywordMatchers) -> tuple[str, str]:
    low = name.lower()
    if low in m.ability_tag:
        return m.ability_tag[low]
    return f"keyword:{slugify(low)}", name[0].upper() + name[1:].lower()


@extractor("keyword_abilities")
def keyword_abilities(ctx: CardContext) -> Iterator[Hit]:
    m = keyword_matchers()
    for face in ctx.faces:
        for start, line in face.lines("rules"):
            for s, e, name in keyword_line_spans(line, m):
                for tag in keyword_tags(name, m):
                    yield tag, span(face.index, start + s, start + e, face.text)


# "Whenever you scry", "each time you surveil", "if a player casts", "• Stand and Fight —": the action is
# referred to in a condition, not done
_NOT_DONE = re.compile(r"\b(?:When|Whenever|each time|if)\b[^,.:\n]*|^\s*•[^—\n]*—", re.IGNORECASE | re.MULTILINE)


# a permanent's status (CR 110.5), not the action of tapping it: "enters tapped", "untapped creature"
_STATUS = frozenset({"tapped", "untapped"})


@extractor("keyword_actions")
def keyword_actions(ctx: CardContext) -> Iterator[Hit]:
    """Keyword actions (701) the card's abilities do: in costs and effects, never in reminder text (it
    explains a keyword, the keyword is the tag), in a status word ("tapped") or under a negation
    ("can't be sacrificed", "doesn't untap")."""
    return action_mentions(ctx, reminders=False)


def action_mentions(ctx: CardContext, *, reminders: bool) -> Iterator[Hit]:
    """Keyword actions done (see keyword_actions); with ``reminders`` also those in reminder text, as
    MTGJSON's ``keywords`` lists them (dredge's reminder "mill"), for comparing with that field."""
    m = keyword_matchers()
    for face in ctx.faces:
        reading = ctx.readings[face.index]
        text = _NOT_DONE.sub(lambda x: " " * len(x.group(0)), face.named if reminders else face.plain)
        low = text.lower()
        for tag, pattern, stem in m.actions:
            if stem not in low:
                continue
            for hit in pattern.finditer(text):
                if hit.group(0).lower() in _STATUS or reading.negated(hit.start(), hit.end()):
                    continue
                yield tag, span(face.index, hit.start(), hit.end(), face.text)


_GRANTING = re.compile(r"\b(?:has|have|gains?|gained)\s+", re.IGNORECASE)
_LIST_SEP = re.compile(r"(?:,\s*(?:and\s+|or\s+)?|\s+and\s+)")
# a choice of keywords the card gives: each is a keyword it can give ("your choice of deathtouch or lifelink")
_CHOICE = re.compile(r"your choice of\s+", re.IGNORECASE)
_OR = re.compile(r",?\s+or\s+", re.IGNORECASE)
# a keyword each creature has by its colour (Scion of Draco: "vigilance if it's white, hexproof if it's blue, …")
_BY_COLOUR = re.compile(r"\s+if it['’]s (?:white|blue|black|red|green|colorless|multicolored)\b", re.IGNORECASE)


@extractor("granted_keywords")
def granted_keywords(ctx: CardContext) -> Iterator[Hit]:
    """Keyword abilities the card gives to other objects ("Equipped creature has trample", "gains flying
    until end of turn", "have hexproof"): ``grants:<k>``, never the card's own ``keyword:<k>``."""
    m = keyword_matchers()
    for face in ctx.faces:
        text = face.plain
        for g in _GRANTING.finditer(text):
            i = g.end()
            choice = _CHOICE.match(text, i)  # "gains your choice of flying, vigilance, or lifelink"
            if choice:
                i = choice.end()
            while km := m.abilities.match(text, i):
                for tag in keyword_tags(km.group(0), m):
                    yield "grants:" + tag.split(":", 1)[1], _granted(face, km.start(), km.end())
                end = km.end()
                if colour := _BY_COLOUR.match(text, end):  # "vigilance if it's white, hexproof if it's blue"
                    end = colour.end()
                sep = _LIST_SEP.match(text, end) or (_OR.match(text, end) if choice else None)
                if not sep:
                    break
                i = sep.end()


def _granted(face: FaceText, start: int, end: int) -> Evidence:
    return Evidence("text", face=face.index, start=start, end=end, text=face.text[start:end], role="granted")


@extractor("ability_words")
def ability_words(ctx: CardContext) -> Iterator[Hit]:
    m = keyword_matchers()
    for face in ctx.faces:
        for hit in m.ability_words.finditer(face.plain):
            yield "abilityword:" + slugify(hit.group(1)), span(face.index, hit.start(1), hit.end(1), face.text)


@lru_cache(maxsize=4096)
def keyword_label(tag_id: str) -> str | None:
    """Label of a keyword-family tag id (keyword:, action:, abilityword:), from the CR vocabulary."""
    vocab = load_vocabulary()
    prefix, _, slug = tag_id.partition(":")
    table = {"keyword": vocab.abilities, "action": vocab.actions, "abilityword": vocab.ability_words}.get(prefix)
    if table is None:
        return None
    for kw in table.values():
        if kw.slug == slug:
            return kw.name[0] + kw.name[1:].lower()
    if prefix == "keyword":
        return slug.replace("-", " ").capitalize()
    return None


# ---------------------------------------------------------------- ability structure (rules 113, 602-606)

_AW_PREFIX = re.compile(r"^\s*[^—\n]{1,40}\s—\s")  # "Landfall — " / "Will of the council — "
_ACTIVATED = re.compile(r"^(\s*)((?:[^:.\n\"“”]){1,120}?):\s", re.MULTILINE)
_LOYALTY = re.compile(r"^\s*(\[?[+−-]?(?:\d+|X)\]?):\s", re.MULTILINE)
_TRIGGER = re.compile(r"^(?:When|Whenever|At)\b[^,\n]*", re.MULTILINE)


def _ability_lines(face: FaceText) -> Iterator[tuple[int, str]]:
    """Lines of rules text with a leading ability word ("Landfall — ") skipped."""
    for start, line in face.lines("rules"):
        m = _AW_PREFIX.match(line)
        if m and not re.match(r"^\s*(?:[IVX]+(?:, [IVX]+)*)\s—", line):
            yield start + m.end(), line[m.end() :]
        else:
            yield start, line


def _is_cost(text: str) -> bool:
    return bool(
        re.search(
            r"\{|\b(?:tap|untap|sacrifice|discard|pay|exile|remove|return|reveal|put|collect)\b", text, re.IGNORECASE
        )
    ) and not re.search(r"\b(?:choose|chooses|mode)\b", text, re.IGNORECASE)


def activated_spans(face: FaceText) -> Iterator[tuple[int, int, str]]:
    for start, line in _ability_lines(face):
        if _LOYALTY.match(line):
            continue
        m = _ACTIVATED.match(line)
        if m and _is_cost(m.group(2)):
            yield start + m.start(2), start + m.end(2) + 1, line[m.end() :]


def _spans_once(
    ctx: CardContext, face: FaceText, kind: str, spans: Callable[[FaceText], Iterable[tuple[int, int, str]]]
) -> list[tuple[int, int, str]]:
    key = (kind, face.index)
    hit: list[tuple[int, int, str]] | None = ctx.memo.get(key)
    if hit is None:
        hit = ctx.memo[key] = list(spans(face))
    return hit


def activated_of(ctx: CardContext, face: FaceText) -> list[tuple[int, int, str]]:
    """``activated_spans(face)``, computed once per card (the activated, static and ramp rules read it)."""
    return _spans_once(ctx, face, "activated", activated_spans)


def triggers_of(ctx: CardContext, face: FaceText) -> list[tuple[int, int, str]]:
    """``trigger_spans(face)``, computed once per card (the triggered and static rules read it)."""
    return _spans_once(ctx, face, "triggered", trigger_spans)


@extractor("activated", tags=("ability:activated", "ability:mana"))
def activated(ctx: CardContext) -> Iterator[Hit]:
    for face in ctx.faces:
        for s, e, effect in activated_of(ctx, face):
            yield "ability:activated", span(face.index, s, e, face.text)
            if re.match(r"\s*Add\b", effect) and "target" not in effect.split(".")[0]:
                yield "ability:mana", span(face.index, s, e + len(effect), face.text)


@extractor("loyalty", tags=("ability:loyalty",))
def loyalty(ctx: CardContext) -> Iterator[Hit]:
    for face in ctx.faces:
        if "planeswalker" not in ctx.face_types[face.index]:
            continue
        for start, line in face.lines("rules"):
            m = _LOYALTY.match(line)
            if m:
                yield "ability:loyalty", span(face.index, start + m.start(1), start + m.end(1) + 1, face.text)


def trigger_spans(face: FaceText) -> Iterator[tuple[int, int, str]]:
    """(start, end, condition) of each triggered ability: "When/Whenever/At ..." up to the first comma."""
    for start, line in _ability_lines(face):
        for m in _TRIGGER.finditer(line):
            if m.start() != 0:
                continue
            yield start + m.start(), start + m.end(), m.group(0)


_TRIGGER_KINDS = {
    "trigger:enters": r"\benters\b|\bcomes? into play\b",
    "trigger:dies": r"\bdies\b|\bdie\b|put into (?:a|your|an opponent['’]s) graveyard from the battlefield",
    "trigger:attacks": r"\battacks?\b",
    "trigger:blocks": r"\bblocks?\b|\bbecomes blocked\b",
    "trigger:upkeep": r"\bupkeep\b",
    "trigger:end-step": r"\bend step\b",
    "trigger:cast": r"\bcasts?\b",
    "trigger:combat-damage": r"\bdeals? combat damage\b",
    "trigger:leaves": r"\bleaves the battlefield\b",
}


@extractor("triggered", tags=("ability:triggered", *_TRIGGER_KINDS))
def triggered(ctx: CardContext) -> Iterator[Hit]:
    for face in ctx.faces:
        for s, e, cond in triggers_of(ctx, face):
            yield "ability:triggered", span(face.index, s, e, face.text)
            for tag, pat in _TRIGGER_KINDS.items():
                if re.search(pat, cond, re.IGNORECASE):
                    yield tag, span(face.index, s, e, face.text)


_SPELL_STATIC = re.compile(r"^\s*(?:This spell\b|~ can['’]t be countered|As an additional cost)", re.IGNORECASE)


@extractor("static", tags=("ability:static",))
def static(ctx: CardContext) -> Iterator[Hit]:
    """A written static ability: on a permanent, a line that is no keyword line, no activated, loyalty or
    triggered ability, no chapter or level line; on a spell, "This spell ..." lines."""
    m = keyword_matchers()
    for face in ctx.faces:
        permanent = ctx.is_permanent_face(face.index)
        activated_starts = {s for s, _e, _x in activated_of(ctx, face)}
        trigger_starts = {s for s, _e, _x in triggers_of(ctx, face)}
        for (_start, line), (astart, aline) in zip(face.lines("rules"), _ability_lines(face)):
            text = aline.strip()
            if not text or text == "~" or text.startswith("•"):
                continue
            lead = astart + len(aline) - len(aline.lstrip())
            if not permanent:
                if _SPELL_STATIC.match(aline):
                    yield "ability:static", span(face.index, lead, astart + len(aline.rstrip()), face.text)
                continue
            if (
                lead in trigger_starts
                or any(s >= astart and s < astart + len(aline) for s in activated_starts)
                or _LOYALTY.match(aline)
                or any(True for _ in keyword_line_spans(line, m))
                or re.match(
                    r"^\s*(?:[IVX]+(?:, [IVX]+)*\s—|LEVEL |\d+-\d+|\d+\+|Choose one|Choose two|"
                    r"Level up|\{[^}]+\}|Companion —|\d+/\d+\s*$)",
                    aline,
                )
            ):
                continue
            yield "ability:static", span(face.index, lead, astart + len(aline.rstrip()), face.text)


# ---------------------------------------------------------------- timing (rules 117, 307, 702.8, 702.61)


def _has_type(kind: str) -> Callable[[CardContext, int], bool]:
    return lambda ctx, i: kind in ctx.face_types[i]


pattern_rule(
    "timing:flash",
    r"^\s*(Flash)\s*$|(as though (?:it|they) had flash)",
    flags=re.IGNORECASE | re.MULTILINE,
    needs=("flash",),
)
pattern_rule(
    "timing:split-second", r"^\s*(Split second)\b", flags=re.IGNORECASE | re.MULTILINE, needs=("split second",)
)
pattern_rule("timing:your-turn-only", r"\b(only during your turn)\b", needs=("only during your turn",))
pattern_rule("timing:opponents-turn", r"\b(only during an opponent['’]s turn)\b", needs=("only during an opponent",))
pattern_rule(
    "timing:combat-only",
    r"\b(only during combat)\b|\b(only before (?:the combat damage step|blockers are declared))",
    needs=("only during combat", "only before"),
)


@extractor("instant_speed", tags=("timing:instant-speed",))
def instant_speed(ctx: CardContext) -> Iterator[Hit]:
    """The card can be cast any time its controller could cast an instant: an instant, or flash."""
    for face in ctx.faces:
        if "instant" in ctx.face_types[face.index]:
            yield "timing:instant-speed", Evidence("data", face=face.index, field="type_line", text=face.type_line)
        for m in re.finditer(
            r"^\s*(Flash)\s*$|(as though (?:it|they) had flash)", face.rules, re.IGNORECASE | re.MULTILINE
        ):
            yield "timing:instant-speed", span(face.index, *m.span(m.lastindex or 0), face.text)


@extractor("sorcery_speed", tags=("timing:sorcery-speed",))
def sorcery_speed(ctx: CardContext) -> Iterator[Hit]:
    """An ability of the card can be activated only as a sorcery: written, or by a keyword whose CR
    definition says "Activate only as a sorcery" (equip, reconfigure, outlast…)."""
    m = keyword_matchers()
    for face in ctx.faces:
        for hit in re.finditer(r"only (?:as a sorcery|any time you could cast a sorcery)", face.rules, re.IGNORECASE):
            yield "timing:sorcery-speed", span(face.index, hit.start(), hit.end(), face.text)
        for start, line in face.lines("rules"):
            for s, e, name in keyword_line_spans(line, m):
                if _keyword_tag(name, m)[0] in m.sorcery_speed:
                    yield "timing:sorcery-speed", span(face.index, start + s, start + e, face.text)


# ---------------------------------------------------------------- evasion and effects

pattern_rule("evasion:single-blocker", r"(can['’]t be blocked by more than one creature)", needs=("more than one",))
pattern_rule("evasion:cant-be-blocked", r"(can['’]t be blocked)(?! by more than one)", needs=("be blocked",))
pattern_rule("effect:gain-life", r"\b(gains? (?:\d+|X|that much|life equal|an amount of) ?(?:life)?)", needs=("gain",))
pattern_rule(
    "effect:draw",
    r"\b(draws? (?:up to )?(?:a|one|two|three|four|five|six|seven|X|that many|cards|an additional)"
    r" ?(?:cards?)?)",
    needs=("draw",),
)
pattern_rule("effect:plus-one-counters", r"(\+1/\+1 counters?)", needs=("+1/+1",))
pattern_rule(
    "effect:graveyard",
    r"\b((?:from|in|into) (?:your|a|their|an opponent['’]s|its owner['’]s|target player['’]s|that player['’]s|each player['’]s|all) graveyards?)",
    needs=("graveyard",),
)
pattern_rule(
    "effect:instant-sorcery",
    r"\b(instant (?:or|and) sorcery|instant and/or sorcery|noncreature spell)",
    needs=("instant", "noncreature"),
)


@extractor("damage", tags=("effect:damage",))
def damage(ctx: CardContext) -> Iterator[Hit]:
    """A source deals damage by an effect of the card (read by ``tolaria.oracle.effects``): "deals 3 damage
    to any target", "deals damage equal to its power to target creature"; not "whenever ~ deals combat
    damage", "prevent all damage" or "deals that damage to you instead"."""

    for face in ctx.faces:
        if "damage" not in face.low:
            continue
        for e in effects(ctx.readings[face.index]):
            if e.kind == "damage":
                yield "effect:damage", span(face.index, e.verb.start, e.verb.end, face.text)
