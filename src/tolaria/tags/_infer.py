"""Inferred tags: themes concluded from facts (the ids of attribute and extracted tags on the card),
and tribal themes from the creature types the text refers to. One small rule each."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache

from ..oracle import Ability, Effect, FaceReading, Part, cast_restrictions, effects, self_costs, type_changes
from ..rules import shipped_reader, shipped_rulebook
from ._context import CardContext
from ._extract import EXTRACTORS, action_mentions, activated_of
from ._model import Evidence, span
from ._taxonomy import Taxonomy
from ._text import FaceText
from ._vocab import slugify

Hit = tuple[str, Evidence]


@dataclass(frozen=True)
class ThemeRule:
    tag_id: str
    fn: Callable[[CardContext, set[str]], Iterable[Hit]]


THEMES: dict[str, ThemeRule] = {}


class Facts(set[str]):
    """The ids of the attribute and extracted tags on a card (a set, as every rule reads it), with each
    one's evidence: a rule that asks who does what (an opponent's Clues are no tokens of the card's
    controller) reads the fact's spans."""

    def __init__(self, found: Mapping[str, Iterable[Evidence]] | Iterable[str] = ()) -> None:
        super().__init__(found)
        self.evidence: Mapping[str, Iterable[Evidence]] = found if isinstance(found, Mapping) else {}


# who does what a clause says: the players a sentence names before its verb; "that player" and "they" are
# the player named before it
_ACTOR = re.compile(
    r"\b(?:you|target opponent|an opponent|each opponent|opponents|target player|each player|a player|that player"
    r"|its controller|their controllers?|(?:that|the) (?:creature|permanent|spell|card)['’]s controller"
    r"|its owner|their owners?)\b(?!['’]s)",
    re.IGNORECASE,
)
_OTHER_ACTOR = re.compile(r"opponent|controller|owner", re.IGNORECASE)
# the player "that player" stands for: the last one named before it, in its own sentence (a trigger's "Whenever
# an opponent casts a spell, that player …", "At the beginning of each opponent's end step, that player …") or
# an earlier one ("Exile target creature … its controller controls … That player investigates"), possessives
# included; "you" is never it ("a creature you control deals combat damage to a player, that player …")
_ANTECEDENT = re.compile(
    r"\b(?:target opponent|an opponent|each opponent|opponents?|target player|each player|a player|each other player"
    r"|another player|defending player|its controller|their controllers?"
    r"|(?:that|the|target) (?:creature|permanent|spell|card|artifact|land|source)['’]s controller|its owner|their owners?)"
    r"(?:['’]s)?(?![\w'’])",
    re.IGNORECASE,
)
# one of them who is not the card's controller: an opponent, another object's controller or owner, "each other
# player", and the player a creature deals damage to (506.2, 510: the defending player, an opponent)
_OTHER_ANTECEDENT = re.compile(r"opponent|controller|owner|other player|another player|defending player", re.IGNORECASE)
_DAMAGED_PLAYER = re.compile(r"\bdamage to $", re.IGNORECASE)


# a verb that opens its clause (an order to the card's controller): nothing before it but "then", "you may", "and"
_IMPERATIVE = re.compile(r"\s*(?:(?:then|and|you|may|also|instead)\s+)*", re.IGNORECASE)


def _done_by_another_player(text: str, pos: int) -> bool:
    """The verb at ``pos`` is done by a player other than the card's controller: the last player its
    sentence names before it is an opponent or another object's controller ("That player investigates", the
    controller of the exiled creature; "Its controller creates a 3/3 Ape token"; "each opponent draws a
    card"), "that player" standing for the player named before ("Search target opponent's library … That
    player shuffles, then creates …"). "You", "target player" and "each player" are (or include) the
    card's controller."""
    sentence = max(text.rfind(ch, 0, pos) for ch in ".\n;:") + 1
    clause = text[max(text.rfind(ch, 0, pos) for ch in ".\n;:,—•") + 1 : pos]
    verb = re.match(r"[a-z]+", text[pos:], re.IGNORECASE)
    if _IMPERATIVE.fullmatch(clause) and not (verb and verb.group(0).lower().endswith("s")):
        # "Whenever a creature an opponent controls dies, create a Treasure token": an order to the card's controller
        # (the verb's base form; "That player shuffles, then creates …" goes on with that player)
        return False
    named = list(_ACTOR.finditer(text, sentence, pos))
    if not named:
        return False
    who = named[-1].group(0).lower()
    if who == "that player":
        before = [m for m in _ANTECEDENT.finditer(text, 0, named[-1].start())]
        if not before:
            return False
        last = before[-1]
        damaged = last.group(0).lower() == "a player" and _DAMAGED_PLAYER.search(text, 0, last.start())
        return bool(_OTHER_ANTECEDENT.search(last.group(0))) or bool(damaged)
    return bool(_OTHER_ACTOR.search(who))


def _own_facts(ctx: CardContext, facts: set[str], ids: frozenset[str]) -> list[str]:
    """Those of ``ids`` on the card that its controller does: at least one span not done by another player
    (a fact without spans counts)."""
    evidence = getattr(facts, "evidence", {})
    out = []
    for fact in sorted(facts & ids):
        spans = [e for e in evidence.get(fact, ()) if e.source == "text" and e.face is not None and e.start is not None]
        if not spans or any(not _done_by_another_player(ctx.faces[e.face].plain, e.start) for e in spans):
            out.append(fact)
    return out


def theme(
    tag_id: str,
    *,
    any_of: Iterable[str] = (),
    prefixes: Iterable[str] = (),
    pattern: str | None = None,
    all_of: Iterable[str] = (),
    needs: tuple[str, ...] = (),
    by_controller: bool = False,
) -> None:
    """A theme that holds when the card has any of the fact tags ``any_of`` (or a tag id with one of the
    ``prefixes``), all of ``all_of``, or when its rules text matches ``pattern`` (evidence: the span).
    ``needs``: lower-case words one of which every match of ``pattern`` contains (faces without are skipped).
    ``by_controller``: only facts the card's controller does count (not "that player investigates", an
    opponent's Clues; see _done_by_another_player)."""
    any_of, prefixes, all_of = frozenset(any_of), tuple(prefixes), tuple(all_of)
    compiled = re.compile(pattern, re.IGNORECASE) if pattern else None

    def fn(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
        hits = set(_own_facts(ctx, facts, any_of)) if by_controller else facts & any_of
        if prefixes:
            hits |= {f for f in facts if f.startswith(prefixes)}
        found = sorted(hits)
        if all_of and all(f in facts for f in all_of):
            found = sorted(set(found) | set(all_of))
        if found:
            yield tag_id, Evidence("facts", facts=tuple(found))
        if compiled is not None:
            for face in ctx.faces:
                if needs and not any(n in face.low for n in needs):
                    continue
                for m in compiled.finditer(face.rules):
                    yield tag_id, span(face.index, m.start(), m.end(), face.text)

    THEMES[tag_id] = ThemeRule(tag_id, fn)


theme(
    "theme:voltron",
    any_of={
        "keyword:reconfigure",
        "keyword:living-weapon",
        "keyword:bestow",
        "keyword:for-mirrodin",
    },
)
theme(
    "theme:lifegain",
    any_of={"effect:gain-life", "keyword:lifelink", "grants:lifelink", "keyword:extort"},
    pattern=r"\bwhenever you gain life\b",
    needs=("whenever you gain life",),
)
theme(
    "theme:tokens",
    any_of={
        "action:create",
        "action:populate",
        "action:amass",
        "action:investigate",
        "action:incubate",
        "keyword:fabricate",
        "keyword:afterlife",
        "keyword:living-weapon",
        "keyword:embalm",
        "keyword:eternalize",
        "keyword:myriad",
        "keyword:encore",
        "keyword:offspring",
        "keyword:squad",
        "keyword:mobilize",
    },
    by_controller=True,
)
theme(
    "theme:plus-one-counters",
    any_of={
        "effect:plus-one-counters",
        "action:bolster",
        "action:adapt",
        "action:proliferate",  # 701.34: one more counter of each kind already there, +1/+1 counters first of all
        "action:support",
        "keyword:outlast",
        "keyword:evolve",
        "keyword:modular",
        "keyword:graft",
        "keyword:mentor",
        "keyword:training",
        "keyword:riot",
        "keyword:unleash",
        "keyword:renown",
        "keyword:backup",
        "keyword:undying",
        "keyword:bloodthirst",
        "keyword:reinforce",
        "keyword:scavenge",
        "keyword:devour",
        "keyword:megamorph",
        "keyword:amplify",
    },
)
theme(
    "theme:sacrifice",
    any_of={
        "keyword:exploit",
        "keyword:casualty",
        "keyword:emerge",
        "keyword:devour",
        "keyword:bargain",
    },
)
theme(
    "theme:graveyard",
    any_of={
        "action:surveil",
        "keyword:flashback",
        "keyword:escape",
        "keyword:unearth",
        "keyword:dredge",
        "keyword:delve",
        "keyword:embalm",
        "keyword:eternalize",
        "keyword:disturb",
        "keyword:jump-start",
        "keyword:retrace",
        "keyword:scavenge",
        "keyword:aftermath",
        "keyword:encore",
        "abilityword:threshold",
        "abilityword:delirium",
        "abilityword:undergrowth",
    },
)
theme(
    "theme:spellslinger",
    any_of={
        "keyword:prowess",
        "abilityword:magecraft",
        "keyword:storm",
        "keyword:rebound",
        "keyword:replicate",
    },
)
# splice is no spellslinger keyword of itself: what a card splices onto is its quality ("Splice onto Arcane",
# 702.47a), and only a quality that names instants and sorceries ("Splice onto instant or sorcery") rewards
# casting them; that text is read by _spellslinger below like any other
theme(
    "theme:day-night",
    any_of={"keyword:daybound", "keyword:nightbound"},
    pattern=r"\bit becomes (?:day|night)\b",
    needs=("it becomes",),
)
theme("theme:werewolves", any_of={"kind:werewolf", "tribal:werewolf", "keyword:daybound", "keyword:nightbound"})
_ARTIFACTS_CARED = (
    # (and one sacrificed as a cost: "As an additional cost to cast this spell, sacrifice an artifact", "Sacrifice an
    # artifact: Add {C}{C}": it needs artifacts; an upkeep's "you may sacrifice an artifact. If you don't, …" is a
    # drawback, no theme)
    r"\bartifacts? (?:you control|spells?|cards?|creatures? you control)\b|\bfor each artifact\b"
    r"|\bas an additional cost to [^,.]*, sacrifice (?:an?|another|one or more|two|three|X) artifacts?\b"
    r"|(?:^|[\n,]\s*)sacrifice (?:an?|another|one or more|two|three|X) artifacts?(?=[^.:\n]*:)"
    r"|\bwhenever (?:an|another) artifact\b|\bartifact (?:enters|you control)\b"
    r"|\b(?:if|as long as|unless) you control (?:an?|another|\w+ or more) artifacts?\b"
)
_ENCHANTMENTS_CARED = (
    r"\benchantments? (?:you control|spells?|cards?)\b|\bfor each enchantment\b"
    r"|\bwhenever (?:an|another) enchantment\b|\b(?:if|as long as|unless) you control (?:an?|another|\w+ or more) enchantments?\b"
)
theme(
    "theme:artifacts",
    any_of={"keyword:affinity", "keyword:improvise", "abilityword:metalcraft", "keyword:modular", "keyword:fabricate"},
    pattern=_ARTIFACTS_CARED,
    needs=("artifact",),
)
theme("theme:enchantments", any_of={"abilityword:constellation"}, pattern=_ENCHANTMENTS_CARED, needs=("enchantment",))
theme(
    "theme:landfall",
    any_of={"abilityword:landfall"},
    pattern=r"\bwhenever (?:a|one or more) lands? (?:you control )?enters?\b",
    needs=("land",),
)
theme("theme:card-draw", any_of={"effect:draw", "action:investigate", "action:connive"}, by_controller=True)
theme("theme:mill", any_of={"action:mill"})
# a reward for discarding: a trigger on it ("Whenever you cycle or discard another card", "Whenever an opponent
# discards a card"); the action itself is no fact inside a trigger condition (README's action:)
theme(
    "theme:discard",
    any_of={"keyword:madness"},
    pattern=r"\b(?:whenever|each time) [^,.;:\n]*?\bdiscards?\b",
    needs=("discard",),
)
theme(
    "theme:evasion",
    any_of={
        "evasion:cant-be-blocked",
        "evasion:single-blocker",
        "keyword:flying",
        "keyword:menace",
        "keyword:shadow",
        "keyword:horsemanship",
        "keyword:fear",
        "keyword:intimidate",
        "keyword:skulk",
        "keyword:landwalk",
    },
    prefixes=(),
)
_EVASION_KEYWORDS = ("flying", "menace", "shadow", "horsemanship", "fear", "intimidate", "skulk")
theme(
    "theme:ramp",
    pattern=r"\bsearch your library for (?:up to \w+ )?(?:a |two )?(?:basic )?lands? cards?[^.]*onto the battlefield"
    r"|\bput (?:a|up to one) land card from your hand onto the battlefield",
    needs=("land",),
)


_SACRIFICE = re.compile(r"\bsacrific(?:e|es|ed|ing)\b", re.IGNORECASE)
_OBJECT_SELF = re.compile(r"\s+(?:~+|this\b|it\b(?! and)|enchanted\b|equipped\b)", re.IGNORECASE)


# the player who sacrifices, a relative clause after it included ("each player who tapped a land for mana
# this turn sacrifices a land", Desolation)
_EDICT_SUBJECT = re.compile(r"\b(?:players?|opponents?|controller)\b(?: who\b[^,.;:]*)?\s*$", re.IGNORECASE)
# what a player did, told of in a relative clause ("each player who sacrificed a Plains this turn"): which
# players an effect reaches, no sacrifice of the card's controller's
_WHO_SACRIFICED = re.compile(r"\b(?:players?|opponents?)\s+who\s+$", re.IGNORECASE)
_TRIGGER_WORD = re.compile(r"\b(?:when|whenever|each time|if)\b", re.IGNORECASE)


def _is_edict(text: str, m: re.Match[str]) -> bool:
    """ "Target player sacrifices", "each opponent sacrifices" (also in an ability the card grants): a player
    other than the card's controller sacrifices. Not a trigger on it ("Whenever a player sacrifices a
    permanent": a reward for sacrificing)."""
    if m.group(0).lower() != "sacrifices":
        return False
    start = max(text.rfind(ch, 0, m.start()) for ch in '.;:\n,"“') + 1
    before = text[start : m.start()]
    return bool(_EDICT_SUBJECT.search(before)) and not _TRIGGER_WORD.search(before)


def _sacrifice_theme(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """Sacrificing other permanents: not the card sacrificing itself (as its own cost, "Sacrifice ~:", or
    at end of turn), and not "can't be sacrificed"."""
    for face in ctx.faces:
        reading = ctx.readings[face.index]
        text = face.plain
        if "acrific" not in text:
            continue
        for m in _SACRIFICE.finditer(text):
            if reading.negated(m.start(), m.end()) or _OBJECT_SELF.match(text, m.end()):
                continue
            if _is_edict(text, m):
                continue  # "target player sacrifices a creature": an edict (removal), not a sacrifice outlet
            if _WHO_SACRIFICED.search(text, max(0, m.start() - 20), m.start()):
                continue
            j = m.end()
            while j < len(text) and text[j] == " ":
                j += 1
            if reading.is_self(j, j + 1):
                continue
            yield "theme:sacrifice", span(face.index, m.start(), m.end(), face.text)


_DRAW_IN_GRANT = re.compile(r"\bdraws? (?:up to )?(?:a|one|two|three|X|that many) cards?\b", re.IGNORECASE)
# who gets the quoted ability: a permanent its controller controls, the creature an Equipment is on, or a
# token the card creates ("target artifact you control gains “{T}: Draw a card”")
_OWN_RECIPIENT = re.compile(r"\byou control\b|\bequipped creature\b|\bcreates?\b", re.IGNORECASE)


_GAIN_IN_GRANT = re.compile(r"\byou gain (?:\d+|X|that much) life\b", re.IGNORECASE)
# an ability an opponent gets ("Each opponent gets an emblem with “… this emblem deals 1 damage to you.”"): its
# "you" is that opponent
_OPPONENT_RECIPIENT = re.compile(r"\b(?:each|target|an) opponents? (?:gets?|gains?|creates?)\b", re.IGNORECASE)
_DAMAGE_TO_YOU = re.compile(r"\bdeals? (?:\d+|X|that much) damage to you\b", re.IGNORECASE)


def _granted_effects(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """Card draw or life gain in an ability the card gives to a permanent of its controller's or a token it
    creates (a Pest "with “When this creature dies, you gain 1 life.”"): that object acts for the same player
    (effect:draw and effect:gain-life read only the card's own abilities); damage "to you" in an ability an
    opponent gets (an emblem) is damage to that opponent: burn."""
    for face in ctx.faces:
        reading = ctx.readings[face.index]
        for grant in reading.grants:
            sentence = max(face.plain.rfind(".", 0, grant.start), face.plain.rfind("\n", 0, grant.start)) + 1
            own = _OWN_RECIPIENT.search(face.plain, sentence, grant.start)
            if own and not _done_by_another_player(face.plain, own.start()):
                for pattern, tag_id in ((_DRAW_IN_GRANT, "theme:card-draw"), (_GAIN_IN_GRANT, "theme:lifegain")):
                    if m := pattern.search(face.plain, grant.start, grant.end):
                        yield tag_id, span(face.index, m.start(), m.end(), face.text)
            elif _OPPONENT_RECIPIENT.search(face.plain, sentence, grant.start):
                if m := _DAMAGE_TO_YOU.search(face.plain, grant.start, grant.end):
                    yield "theme:burn", span(face.index, m.start(), m.end(), face.text)


def _extend(tag_id: str, extra: Callable[[CardContext, set[str]], Iterable[Hit]]) -> None:
    """A theme with a rule of its own besides its facts and pattern."""
    base = THEMES[tag_id].fn

    def fn(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
        yield from base(ctx, facts)
        yield from extra(ctx, facts)

    THEMES[tag_id] = ThemeRule(tag_id, fn)


def _granted_care(tag_id: str, pattern: str) -> Callable[[CardContext, set[str]], Iterator[Hit]]:
    """A theme's words inside an ability the card gives to a permanent of its controller's or a token it creates
    ("Create a 0/0 colorless Construct artifact creature token with “This creature gets +1/+1 for each artifact
    you control.”", Karn, Scion of Urza: the token counts its controller's artifacts; README, fifth stop: an
    ability the card gives speaks for the object that gets it)."""
    compiled = re.compile(pattern, re.IGNORECASE)

    def fn(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
        for face in ctx.faces:
            for grant in ctx.readings[face.index].grants:
                sentence = max(face.plain.rfind(".", 0, grant.start), face.plain.rfind("\n", 0, grant.start)) + 1
                own = _OWN_RECIPIENT.search(face.plain, sentence, grant.start)
                if own is None or _done_by_another_player(face.plain, own.start()):
                    continue
                if m := compiled.search(face.plain, grant.start, grant.end):
                    yield tag_id, span(face.index, m.start(), m.end(), face.text)

    return fn


_extend("theme:sacrifice", _sacrifice_theme)
_extend("theme:card-draw", lambda ctx, facts: (h for h in _granted_effects(ctx, facts) if h[0] == "theme:card-draw"))
_extend("theme:lifegain", lambda ctx, facts: (h for h in _granted_effects(ctx, facts) if h[0] == "theme:lifegain"))
_extend("theme:artifacts", _granted_care("theme:artifacts", _ARTIFACTS_CARED))
_extend("theme:enchantments", _granted_care("theme:enchantments", _ENCHANTMENTS_CARED))


def _ramp_mana(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """A mana ability on anything but a land (a land's own mana is no ramp: every land has it), or a loyalty
    ability that adds mana."""

    for face in ctx.faces:
        if "land" in ctx.face_types[face.index]:
            continue
        for s, e, effect in activated_of(ctx, face):
            if re.match(r"\s*Add\b", effect) and "target" not in effect.split(".")[0]:
                yield "theme:ramp", span(face.index, s, e + len(effect), face.text)
        # a planeswalker's loyalty ability that adds mana ("[+1]: Add {R}{R}."): no mana ability (605.1a),
        # mana all the same, as a deck builder counts it; and a spell's own sentence that adds mana, a ritual
        # ("Add {B}{B}{B}.", Dark Ritual; "Destroy target creature. Add {B}{B}{B}.", Liturgy of Blood: 605.1a's
        # spells that add mana are no mana abilities, but rituals are the ramp README names)
        for ability in ctx.readings[face.index].abilities:
            if ability.effect is None:
                continue
            if ability.kind == "loyalty" and re.match(r"\s*Add\b", ability.effect.text):
                yield "theme:ramp", span(face.index, ability.effect.start, ability.effect.end, face.text)
            elif ability.kind == "spell" and (m := _RITUAL.search(ability.effect.text)):
                at = ability.effect.start + m.start(1)
                yield "theme:ramp", span(face.index, at, ability.effect.start + m.end(), face.text)


_RITUAL = re.compile(r"(?:^|[.]\s+)(Add\b)[^.]*")
_extend("theme:ramp", _ramp_mana)

# a triggered mana ability (605.1b: it triggers from a mana ability and adds mana): "Whenever you tap a creature for
# mana, add an additional {G}" (Leyline of Abundance), "Whenever a player taps a land for mana, that player adds one
# mana of any type that land produced" (each player's, the controller's too: README, fifth stop)
_TAPPED_FOR_MANA = re.compile(r"\btaps? [^,.]*\bfor mana\b", re.IGNORECASE)
_ADDS = re.compile(r"\s*(?:(?:you|that player|its controller) (?:may )?)?adds?\b", re.IGNORECASE)


def _ramp_triggered_mana(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    for face in ctx.faces:
        if "for mana" not in face.low:
            continue
        for ability in ctx.readings[face.index].abilities:
            trigger, effect = ability.trigger, ability.effect
            if ability.kind != "triggered" or trigger is None or effect is None:
                continue
            if not _TAPPED_FOR_MANA.search(trigger.text) or not (m := _ADDS.match(effect.text)):
                continue
            if "that player" in m.group(0).lower() and re.search(r"\b(?:an|each) opponents?\b", trigger.text, re.I):
                continue  # "Whenever an opponent taps a land for mana, that player adds …": their mana
            yield "theme:ramp", span(face.index, effect.start, effect.end, face.text)
            break


_extend("theme:ramp", _ramp_triggered_mana)

# mana beyond a land's own: an extra land drop, lands untapped ("Untap up to two target lands", Nissa, Genesis Mage; "untap up
# to five lands", Peregrine Drake), land cards put onto the battlefield from anywhere ("Put any number of
# creature and/or land cards from among them onto the battlefield", "return target land card from your
# graveyard to the battlefield")
_MORE_MANA = re.compile(
    # an extra land drop (305.2: "You may play an additional land this turn", "two additional lands")
    r"\bplay (?:an|one|two|three|X|up to \w+) additional lands?\b|"
    r"\buntap (?:up to \w+ )?(?:(?:target|all|each|two|three|four|five|X) )*(?:basic |nonbasic |snow )?lands?\b"
    r"|\b(?:put|return)s? [^.]*?\bland cards?\b[^.]*?\b(?:onto|to) the battlefield\b",
    re.IGNORECASE,
)
_OTHER_PLAYER = re.compile(r"\b(?:opponents?|players?)\s+(?:may\s+)?$", re.IGNORECASE)


def _ramp_lands(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    for face in ctx.faces:
        if "land" not in face.low:
            continue
        for m in _MORE_MANA.finditer(face.rules):
            if not _OTHER_PLAYER.search(face.rules, max(0, m.start() - 30), m.start()):
                yield "theme:ramp", span(face.index, m.start(), m.end(), face.text)


_extend("theme:ramp", _ramp_lands)


@lru_cache(maxsize=1)
def _mana_token_names() -> tuple[str, ...]:
    """The predefined tokens (111.10) whose definition gives them a mana ability ("A Treasure token is a colorless
    Treasure artifact token with “{T}, Sacrifice this token: Add one mana of any color.”"; Gold, Powerstone),
    read from the shipped rules."""
    book = shipped_rulebook()
    names: list[str] = []
    for r in book.rules.values():
        if r.level == "numbered" and "predefined token" in r.text.lower():
            for child in book.children(r.number):
                m = re.match(r"An? (.+?) token is\b[^“]*“[^”]*:\s*Add\b", child.text)
                if m:
                    names.append(m.group(1))
            break
    return tuple(names)


# a token the card creates with a mana ability in its words: "create two Treasure tokens" (a predefined token whose
# definition adds mana), "create … Eldrazi Spawn creature tokens. They have “Sacrifice this creature: Add {C}.”"
_QUOTED_MANA = re.compile(r"^[“\"][^”\"]*?:\s*Add\b")
_THEY_HAVE = re.compile(r"(?:^|[.\n]\s*)(?:They have|It has|They each have)\s*$")


def _ramp_tokens(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """Tokens with a mana ability the card's controller creates (Treasures, Eldrazi Scions): mana rocks of one
    use, mana beyond a land's own (README's ramp)."""
    names = _mana_token_names()
    made = (
        re.compile(r"\b[Cc]reates? [^.\n]*?\b(?:" + "|".join(map(re.escape, names)) + r") tokens?\b") if names else None
    )
    for face in ctx.faces:
        if "token" not in face.low:
            continue
        text = face.plain
        for m in made.finditer(face.rules) if made is not None else ():
            if not _done_by_another_player(text, m.start()):
                yield "theme:ramp", span(face.index, m.start(), m.end(), face.text)
        for grant in ctx.readings[face.index].grants:
            if not _QUOTED_MANA.match(grant.text):
                continue
            sentence = max(text.rfind(".", 0, grant.start), text.rfind("\n", 0, grant.start)) + 1
            before = text[sentence : grant.start]
            create = re.search(r"\bcreates?\b[^.\n]*\btokens?\b", before)
            if create is None and _THEY_HAVE.search(text, 0, grant.start):
                prev = max(text.rfind(".", 0, sentence - 1), text.rfind("\n", 0, sentence - 1)) + 1
                create = re.search(r"\bcreates?\b[^.\n]*\btokens?\b", text[prev:sentence])
                at = prev + create.start() if create else 0
            else:
                at = sentence + create.start() if create else 0
            if create is not None and not _done_by_another_player(text, at):
                yield "theme:ramp", span(face.index, grant.start, grant.end, face.text)


_extend("theme:ramp", _ramp_tokens)


def _evasion(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """Evasion the card gives ("gains flying", "have menace"), and landwalk in any of its forms ("snow
    forestwalk", "nonbasic landwalk"): each is hard to block."""
    found = sorted(
        f
        for f in facts
        if f.startswith(("keyword:", "grants:"))
        and (f.endswith("walk") or (f.startswith("grants:") and f[len("grants:") :] in _EVASION_KEYWORDS))
    )
    if found:
        yield "theme:evasion", Evidence("facts", facts=tuple(found))


_extend("theme:evasion", _evasion)

# an Equipment's or Aura's bonus that lowers a number ("gets +1/-1", "gets -2/-0"): it weakens the creature
_WEAKENS = re.compile(r"\bgets? (?:[+-]\d+/-|-)", re.IGNORECASE)
# what the creature it is on gets: "equipped creature gets +2/+0", "has first strike", "enchanted creature gets +"
_ATTACHED = re.compile(
    r"\b(?:equipped creature (?:gets \+|has\b|gains\b)|enchanted creature gets \+"
    # an Aura that gives its creature a keyword that helps it (not defender, not "can't block"): "Enchanted creature
    # has protection from the chosen color" (Floating Shield), "has flying"
    r"|enchanted creature (?:has|gains) (?:flying|first strike|double strike|deathtouch|trample|lifelink|vigilance"
    r"|reach|menace|indestructible|protection|hexproof|shroud|haste|ward|intimidate|fear|shadow|horsemanship)\b)",
    re.IGNORECASE,
)
_EQUIPMENT = ("subtype:equipment", "keyword:equip")
# a reward for Auras and Equipment on its controller's creatures: the card itself, or a creature its controller
# controls, is (or was) enchanted, equipped or modified (CR 700.9: equipped, enchanted by an Aura its controller
# controls, or with a counter), or grows for each Aura or Equipment attached to it
_REWARDS_ATTACHED = re.compile(
    r"\b(?:modified|equipped|enchanted) creatures? you control\b"
    # (a word that describes the creature may come between: "you control an attacking modified creature")
    r"|\byou control (?:an?|another|\w+ or more) (?:[\w-]+ ){0,2}?modified creatures?\b"
    r"|\bcreatures? you control (?:that['’]s|that are|that is) (?:enchanted|equipped|modified)\b"
    r"|(?:~+|\bit)(?: is| was|['’]s) (?:enchanted|equipped|modified)\b"
    r"|\bfor each (?:Aura|Equipment)(?: (?:and|or) (?:Aura|Equipment))?(?: you control)? attached to (?:it|~+)(?!\w)",
    re.IGNORECASE,
)


def _voltron(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """An Equipment, an Aura that makes its creature bigger, or a card that rewards Auras and Equipment on its
    controller's creatures ("if you control a modified creature", "as long as ~ is equipped"). A line that also lowers the creature's
    power or toughness (Skullclamp's +1/-1, Sea Legs' "otherwise -2/-0") weakens it: no voltron from it,
    and an Equipment whose every bonus weakens is no voltron either."""
    buffs: list[Hit] = []
    weakening = False
    for face in ctx.faces:
        if "modified" in face.low or "equipped" in face.low or "enchanted" in face.low or "attached" in face.low:
            for m in _REWARDS_ATTACHED.finditer(face.rules):
                buffs.append(("theme:voltron", span(face.index, m.start(), m.end(), face.text)))
        if "equipped creature" not in face.low and "enchanted creature" not in face.low:
            continue
        for start, line in face.lines("rules"):
            hits = list(_ATTACHED.finditer(line))
            if not hits:
                continue
            if _WEAKENS.search(line):
                weakening = True
                continue
            for m in hits:
                buffs.append(("theme:voltron", span(face.index, start + m.start(), start + m.end(), face.text)))
    yield from buffs
    equipment = sorted(f for f in _EQUIPMENT if f in facts)
    if equipment and (buffs or not weakening):
        yield "theme:voltron", Evidence("facts", facts=tuple(equipment))


_extend("theme:voltron", _voltron)

_INSTANT_SORCERY = re.compile(r"\b(?:instant (?:or|and) sorcery|instant and/or sorcery|noncreature spell)", re.I)


# the caster is an opponent: the card punishes their spells (Mindsparker), it rewards none of its controller's
_OPPONENT_CASTS = re.compile(r"\b(?:an|each|target|any) opponents? (?:casts|has cast)\b|\bopponents cast\b", re.I)


def _spellslinger(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """Instants and sorceries named by the card ("whenever you cast an instant or sorcery spell"), except
    as the spell it counters ("counter target instant or sorcery spell": a counterspell rewards nothing)."""
    for face in ctx.faces:
        if "instant" not in face.low and "noncreature" not in face.low:
            continue
        restricted = cast_restrictions(ctx.readings[face.index])
        for m in _INSTANT_SORCERY.finditer(face.rules):
            if any(p.start <= m.start() < p.end for p in restricted):
                continue  # "can't cast noncreature spells", "cost {1} more": spells the card stops
            if re.search(r"\bcounter target (?:\w+ )?$", face.rules[max(0, m.start() - 24) : m.start()], re.I):
                continue
            sentence = max(face.rules.rfind(".", 0, m.start()), face.rules.rfind("\n", 0, m.start())) + 1
            if _OPPONENT_CASTS.search(face.rules, sentence, m.start()):
                continue  # "whenever an opponent casts a white or blue instant or sorcery spell": punished
            if _done_by_another_player(face.rules, m.start()):
                continue  # "Its controller reveals cards … until they reveal an instant or sorcery card" (Spellshift)
            yield "theme:spellslinger", span(face.index, m.start(), m.end(), face.text)


_extend("theme:spellslinger", _spellslinger)


def _discard(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """Discarding, as an effect or a cost (a discard outlet), except a cost the card pays by discarding
    itself (Otawara's channel, "Discard ~: …"): what the card pays is not what it does."""
    if "action:discard" not in facts:
        return

    for tag_id, ev in action_mentions(ctx, reminders=False):
        if tag_id != "action:discard" or ev.face is None or ev.start is None:
            continue
        start, own = ev.start, self_costs(ctx.readings[ev.face])
        if not any(p.start <= start < p.end for p in own):
            yield "theme:discard", ev


_extend("theme:discard", _discard)

# "mill two cards", "you may mill", "then mill": the card's controller fills their own graveyard;
# "each opponent mills" and "target player mills" fill someone else's (a mill theme, not a graveyard one)
_OWN_MILL = re.compile(r"(?:^|[.:,—•]\s*|\b(?:you|you may|then|and)\s+)(mill)\b", re.IGNORECASE | re.MULTILINE)


def _graveyard_mill(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """Milling its own controller puts the card's graveyard to work; milling an opponent does not."""
    if "action:mill" not in facts:
        return
    for face in ctx.faces:
        for m in _OWN_MILL.finditer(face.plain):
            yield "theme:graveyard", span(face.index, m.start(1), m.end(1), face.text)


_extend("theme:graveyard", _graveyard_mill)

# a condition that one card of a kind is in the graveyard ("as long as there is a Desert card in your
# graveyard", "as long as an artifact card is in your graveyard"): it tests for that card, it neither counts
# the graveyard (threshold's "seven or more cards") nor puts it to use
_CARD_KIND = r"(?:(?!(?:has|have|with|or|and|more)\b)[\w’'-]+ ){0,3}"  # "Desert ", "colorless creature "
_ONE_CARD = rf"(?:an?|one or more) {_CARD_KIND}cards?(?: and an? {_CARD_KIND}cards?)?"
# also as the second of two alternatives ("if you control a Desert or there is a Desert card in your graveyard")
_ONE_CARD_THERE = re.compile(
    rf"\b(?:as long as|if|unless|while) (?:[^,.;:]*? or )?(?:there(?:['’]s| is| are) {_ONE_CARD}|{_ONE_CARD} (?:is|are)) $",
    re.IGNORECASE,
)
# a graveyard a card is kept out of: "exile it instead of putting it into its owner's graveyard" (Spell Shrivel),
# "put it onto the battlefield … instead of putting it into your graveyard" (Dodecapod): no use of it
_KEPT_OUT = re.compile(
    r"\binstead of (?:(?:putting (?:it|them|that card)|(?:it |that card )?being put|it going) )?$", re.I
)  # "… on top of its owner's library instead of into that player's graveyard" (Memory Lapse) too
# the same by a replacement effect: "If a card would be put into a graveyard from anywhere, exile it instead"
# (Rest in Peace, Leyline of the Void): the graveyard a card would have gone to
_WOULD_BE_PUT = re.compile(r"\bwould be put $", re.I)
# graveyard hate: a sentence that exiles cards from a graveyard any player's may be, or puts them into their
# owner's library ("Exile target card from a graveyard", "The owner of target … card in a graveyard puts it on the
# top or bottom of their library"), with no card of it cast, played or put onto the battlefield or into a hand
_HATE_MOVE = re.compile(
    r"\bexiles?\b|\bon (?:the )?(?:top|bottom)(?: or (?:top|bottom))? of (?:its owner['’]s|their|his or her) library",
    re.I,
)  # not "shuffles their graveyard into their library": shuffling it back is a use (README)
# cards the card keeps using once exiled ("Myr Welder has all activated abilities of all cards exiled with it")
_EXILED_WITH = re.compile(r"\bexiled with (?:~+|it|this)\b", re.I)
_HATE_USE = re.compile(
    r"\b(?:cast|casts|play|plays|copy|copies)\b|\b(?:onto|to) the battlefield\b|\b(?:into|to) (?:your|its owner['’]s|their) hand",
    re.I,
)


# a choice the card gives another player ("any player may", "target opponent may"): what they do with their
# graveyard is theirs to choose (a drawback of the card's, Carrion Rats), no use of its controller's
_ANOTHER_PLAYERS = re.compile(
    r"\b(?:any player|any opponent|an opponent|each opponent|target opponent|that player) may\b", re.I
)


def _graveyard_used(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """A graveyard the card's text works with ("return target card from your graveyard", "cards in your
    graveyard"), except where it only tests that one card of a kind is there, where another player may
    work with their own ("any player may exile a card from their graveyard": a drawback they choose), or
    where cards go into an opponent's graveyard (a trigger on it, a mill: their graveyard, no resource)."""
    if "effect:graveyard" not in facts:
        return
    for _tag, ev in EXTRACTORS["effect:graveyard"].fn(ctx):
        if ev.face is None or ev.start is None:
            continue
        rules = ctx.faces[ev.face].rules
        clause = max(rules.rfind(ch, 0, ev.start) for ch in ".,;:\n") + 1
        sentence = max(rules.rfind(ch, 0, ev.start) for ch in ".\n") + 1
        if (ev.text or "").lower().endswith("their graveyard") and _ANOTHER_PLAYERS.search(rules, sentence, ev.start):
            continue  # "any player may exile a card from their graveyard": their choice (Carrion Rats)
        if _KEPT_OUT.search(rules, max(0, ev.start - 40), ev.start):
            continue
        if _WOULD_BE_PUT.search(rules, max(0, ev.start - 20), ev.start) and re.search(
            r"\binstead\b",
            rules[sentence : rules.find(".", ev.start) if "." in rules[ev.start :] else len(rules)],
            re.I,
        ):
            continue
        if _graveyard_hate(rules, sentence, ev):
            continue
        if re.match(r"into (?:an|each|target) opponent['’]s graveyard", ev.text or "", re.I):
            continue  # "Whenever a card is put into an opponent's graveyard from anywhere" (Nihilith): theirs, filled
        if (ev.text or "").lower().startswith("into") and re.match(r" from the battlefield\b", rules[ev.end or 0 :]):
            line_end = rules.find("\n", ev.start)
            if not _RETURNED.search(rules, ev.start, line_end if line_end >= 0 else len(rules)):
                # "put into your graveyard from the battlefield": a permanent dying (700.4), no card used there;
                # unless the ability brings that card back ("return Fortitude to its owner's hand", Yomiji)
                continue
        if not _ONE_CARD_THERE.search(rules, clause, ev.start):
            yield "theme:graveyard", Evidence("facts", facts=("effect:graveyard",))
            return


def _graveyard_hate(rules: str, sentence: int, ev: Evidence) -> bool:
    """The mention is of cards in (or from) a graveyard any player's may be, in a sentence that exiles them or
    puts them into their owner's library (see _HATE_MOVE), and the ability uses none of them: no card of it
    cast, copied, played or put onto the battlefield or into a hand ("Exile target instant or sorcery card
    from an opponent's graveyard. Copy it. You may cast the copy": a use). A graveyard cards are put into
    ("put one of those cards into that player's graveyard") is no source of cards: no hate."""
    mention = (ev.text or "").lower()
    if mention.endswith("your graveyard") or mention.startswith("into"):
        return False  # the card's own graveyard: a cost paid from it (delve's kind) is a use
    after = ev.end if ev.end is not None else ev.start or 0
    end = min((i for i in (rules.find(ch, after) for ch in ".\n") if i >= 0), default=len(rules))
    line_end = rules.find("\n", after)
    ability = rules[sentence : line_end if line_end >= 0 else len(rules)]
    # a card chosen in a graveyard and exiled by a later sentence of the same ability ("Choose target card in a
    # graveyard other than a basic land card. Search its owner's graveyard, hand, and library for … and exile them",
    # Surgical Extraction): the sentence that chooses it is hate too
    if re.match(r"choose target card in a graveyard", rules[sentence:].lstrip(), re.I):
        end = line_end if line_end >= 0 else len(rules)
    return (
        bool(_HATE_MOVE.search(rules, sentence, end))
        and not _HATE_USE.search(ability)
        and not _EXILED_WITH.search(rules)
    )


_extend("theme:graveyard", _graveyard_used)

# a return of a card from its controller's graveyard, or a cast from there ("return target Spirit card … from your
# graveyard to your hand", "cast this card from your graveyard")
_RETURNS_FROM_OWN = re.compile(
    r"\b(?:return|returns|cast|play|put)\b[^.;]*?\bfrom your graveyard\b(?![^.;]*\binstead\b)", re.IGNORECASE
)


def keyword_reminders(ctx: CardContext) -> Iterator[tuple[FaceText, Part]]:
    """The reminder texts that spell out a keyword of a keyword line ("Soulshift 3 (When this creature dies, you may
    return target Spirit card …)"): what the keyword does, which the card does (README: reminder text counts where it
    only spells out a keyword's effect); not the reminder of a mana symbol or of another ability."""
    for face in ctx.faces:
        reading = ctx.readings[face.index]
        for reminder in reading.reminders:
            ability = reading.ability_at(reminder.start)
            if ability is not None and ability.keywords and ability.effect is None and ability.trigger is None:
                yield face, reminder


def _keyword_graveyard(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """A keyword whose reminder returns or casts a card from its controller's graveyard (soulshift, 702.46a):
    the graveyard put to use by the keyword, as flashback's or unearth's."""
    for face, reminder in keyword_reminders(ctx):
        if m := _RETURNS_FROM_OWN.search(face.text, reminder.start, reminder.end):
            yield "theme:graveyard", span(face.index, m.start(), m.end(), face.text)
            return


_extend("theme:graveyard", _keyword_graveyard)


# ---------------------------------------------------------------- what a staple does: removal, burn, wipes, counters

# whom damage is dealt to: a player (not "you"), or a target that may be one; "target creature an opponent
# controls" names a creature, not a player
_TO_PLAYER = re.compile(
    r"any (?:number of )?targets?|\btargets\b|\b(?:players?|opponents?)\b(?! controls?\b)|\bcontroller\b", re.I
)
_TARGET_PERMANENT = re.compile(
    r"any (?:number of )?targets?|\btargets\b|\btarget\b(?:[^,]*?\b)?(?:creatures?|planeswalkers?|artifacts?"
    r"|enchantments?|permanents?|battles?)\b",
    re.I,
)
_ALL_CREATURES = re.compile(r"^(?:all|each)\b(?:[^,]*?\b)?(?:creatures?|nonland permanents?|permanents)\b", re.I)
_NOT_ON_BATTLEFIELD = re.compile(
    r"\bcards?\b|\bfrom (?:a|an|your|their|its owner['’]s|that player['’]s|an opponent['’]s) (?:graveyard|hand|library)"
    r"|\byou (?:control|own)\b",
    re.I,
)
# every permanent of a kind other than creatures and lands: "destroy all artifacts", "exile all enchantments"
_ALL_OF_A_TYPE = re.compile(r"^(?:all|each)\b(?:[^,]*?\b)?(?:artifacts|enchantments|planeswalkers|battles)\b", re.I)
# the permanent a trigger or an earlier clause names: "destroy that creature", "destroy those permanents"
_THAT_PERMANENT = re.compile(
    r"^(?:that|those) (?:creatures?|permanents?|planeswalkers?|artifacts?|enchantments?)\b(?! you control)", re.I
)
_EDICT_PLAYER = re.compile(r"\b(?:players?|opponents?|controller)\b", re.I)


def _roles(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """The roles a deck builder gives the card's effects (read by ``tolaria.oracle.effects``): damage to a
    player is burn; destroying, exiling, returning to its owner's hand, damaging or shrinking a target
    permanent, or an edict, is removal (so is destroying every artifact, or the creature a trigger names);
    the same to all or each creature is a board wipe; countering a target spell is a counterspell."""
    for face in ctx.faces:
        for e in effects(ctx.readings[face.index]):
            target = e.target.text
            where = span(face.index, e.verb.start, e.target.end, face.text)
            if e.kind == "damage":
                if _TO_PLAYER.search(target) or _the_player_named_before(ctx.readings[face.index].text, e):
                    yield "theme:burn", where
                if _TARGET_PERMANENT.search(target):
                    yield "theme:removal", where
                if re.search(r"\b(?:each|all)\b(?! of (?:those|them|the))(?:[^,]*?\b)?creatures?\b", target, re.I):
                    yield "theme:board-wipe", where
            elif e.kind in ("destroy", "exile", "bounce"):
                if _NOT_ON_BATTLEFIELD.search(target):
                    continue
                if _TARGET_PERMANENT.search(target):
                    yield "theme:removal", where
                elif _ALL_CREATURES.search(target):
                    yield "theme:board-wipe", where
                elif _ALL_OF_A_TYPE.search(target):
                    yield "theme:removal", where  # "destroy all artifacts": every one of a kind, no creature
                elif e.kind == "destroy" and _THAT_PERMANENT.search(target):
                    yield "theme:removal", where  # "destroy that creature": the one the trigger names
            elif e.kind == "counter":
                if re.match(r"(?:up to \w+ )?(?:another )?target\b[^.]*\bspells?\b", target, re.I) or (
                    _TARGET_SPELL_BEFORE.search(
                        ctx.readings[face.index].text, _ability_start(ctx, face, e), e.verb.start
                    )
                    and re.match(r"that spell\b", target, re.I)
                ):
                    yield "theme:counterspell", where  # "that spell": the target spell named before it
            elif e.kind == "edict":
                if _EDICT_PLAYER.search(e.subject) and re.search(
                    r"creatures?|planeswalkers?|permanents?", target, re.I
                ):
                    yield "theme:removal", where
            elif e.kind == "fight":
                # the creature fought: a target one, or the one named before ("that creature"), not one's own
                if re.match(
                    r"(?:up to \w+ )?(?:another )?target creatures?\b|(?:that|the chosen) creature\b", target, re.I
                ) and not re.search(r"\byou control\b", target, re.I):
                    yield "theme:removal", where
            elif e.kind == "control":
                # an opponent's permanent taken for good (Control Magic, Mind Control); not until end of turn or
                # this turn (a Threaten: it comes back), not one's own
                if (
                    re.match(r"(?:up to \w+ )?(?:another )?target\b|enchanted\b", target, re.I)
                    and not re.search(r"\byou control\b", target, re.I)
                    and not _FOR_A_WHILE.search(e.subject)
                ):
                    yield "theme:removal", where
            elif e.kind == "shrink":
                subject = e.subject
                if re.search(r"(?:^|\bhave )(?:up to \w+ )?(?:another )?target\b|^enchanted creature\b", subject, re.I):
                    # "that creature's controller may have target creature of their choice get -3/-3" (Death Match)
                    yield "theme:removal", where
                elif re.match(
                    r"(?:all|each)\b|creatures (?:your opponents|target player|that player) controls?", subject, re.I
                ):
                    yield "theme:board-wipe", where
        yield from _granted_roles(ctx, face)


def _granted_roles(ctx: CardContext, face: FaceText) -> Iterator[Hit]:
    """The damage of an ability the card gives in quotes (README, fifth stop: an ability the card gives speaks for
    the object that gets it), read as the card's own: damage to each creature (a board wipe) and to each player
    (burn) whoever holds it ("Enchanted land has “{T}: This land deals 1 damage to each creature and each
    player.”", Noxious Field); to any target, a target creature or player or each opponent only where a permanent
    of the card's controller's or a token it creates gets it (removal and burn for that player)."""
    reading = ctx.readings[face.index]
    for grant in reading.grants:
        if "damage" not in grant.text:
            continue
        inner = shipped_reader().read(grant.text[1:-1])
        sentence = max(face.plain.rfind(".", 0, grant.start), face.plain.rfind("\n", 0, grant.start)) + 1
        recipient = face.plain[sentence : grant.start]
        if _OPPONENT_RECIPIENT.search(recipient):
            continue  # an opponent's emblem or token: its damage is theirs (see _granted_effects)
        own = _OWN_RECIPIENT.search(recipient) and not _done_by_another_player(face.plain, grant.start)
        for e in effects(inner):
            if e.kind != "damage":
                continue
            target = e.target.text
            at = grant.start + 1
            where = span(face.index, at + e.verb.start, at + e.target.end, face.text)
            if re.search(r"\b(?:each|all)\b(?:[^,]*?\b)?creatures?\b", target, re.I):
                yield "theme:board-wipe", where
            if re.search(r"\beach player\b", target, re.I) or (own and _TO_PLAYER.search(target)):
                yield "theme:burn", where
            if own and _TARGET_PERMANENT.search(target):
                yield "theme:removal", where


# a control change with a duration that ends ("until end of turn", "this turn", "until end of combat", "until the end of
# your next turn"): a Threaten, the permanent comes back; "for as long as ~ remains on the battlefield" (Sower of
# Temptation) keeps it while the card stays, as Control Magic does
_FOR_A_WHILE = re.compile(
    r"\buntil end of (?:turn|combat)\b|\bthis turn\b|\buntil (?:the end of )?(?:your|its controller['’]s|that player['’]s) next turn\b",
    re.IGNORECASE,
)


# "them" (or "him or her") as the one damage is dealt to: a player the sentence names before it ("unless
# that creature's controller has Blazing Salvo deal 5 damage to them", "Any player may have Browbeat deal 5
# damage to them"); cards say "each of them" or "among them" for objects
_PRONOUN = re.compile(r"(?:them|him or her)$", re.I)
_PLAYER_WORD = re.compile(r"\b(?:players?|opponents?|controller)\b", re.I)


def _the_player_named_before(text: str, e: Effect) -> bool:
    if not _PRONOUN.match(e.target.text):
        return False
    sentence = max(text.rfind(".", 0, e.verb.start), text.rfind("\n", 0, e.verb.start)) + 1
    return bool(_PLAYER_WORD.search(text, sentence, e.verb.start))


# the target spell a later "counter that spell" refers to ("You and target spell's controller bid life. …
# If you win the bidding, counter that spell."), not a spell a trigger names ("Whenever a player casts a spell")
_TARGET_SPELL_BEFORE = re.compile(r"\btarget spell\b", re.I)


def _ability_start(ctx: CardContext, face: FaceText, e: Effect) -> int:
    ability = ctx.readings[face.index].ability_at(e.verb.start)
    return ability.span.start if ability is not None else 0


# ---------------------------------------------------------------- combat tricks (README, issue 26's fourth stop)

# the keywords whose rules are about attacking, blocking or combat damage (702): given until end of turn at
# instant speed, each wins a combat ("gains deathtouch", "gain first strike", "protection from the color")
_COMBAT_KEYWORDS = frozenset(
    (
        *("first-strike", "double-strike", "deathtouch", "trample", "lifelink", "vigilance", "flying", "reach"),
        *("menace", "indestructible", "protection", "intimidate", "fear", "shadow", "skulk", "horsemanship"),
        *("flanking", "bushido"),
    )
)
# bigger: +N to power or toughness ("gets +3/+3", "get +1/+0", "gets +0/+5"), or base power and toughness set
_PUMP = re.compile(
    r"\bgets? (?:\+(?:\d+|X)/[+-]?(?:\d+|X)|[+-]?(?:\d+|X)/\+(?:\d+|X))|\bbase power and toughness \d+/\d+"
    r"|\bcan['’]t be blocked this turn\b",
    re.IGNORECASE,
)
_UNTAP_CREATURE = re.compile(  # "untap all white creatures you control" (Battle Cry) too
    r"\buntap (?:it|that creature|those creatures|(?:up to \w+ )?(?:another )?target creatures?|all (?:[\w-]+ )?creatures you control)\b",
    re.IGNORECASE,
)
_THIS_TURN = re.compile(r"\buntil end of turn\b|\bthis turn\b", re.IGNORECASE)


def _combat_trick(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
    """An instant's effect, or a flash permanent's "when ~ enters" trigger, that until end of turn makes a
    creature bigger, gives it a combat keyword or makes it unblockable, or that untaps a creature: a card
    played at instant speed to win a combat; a pump ability it gives until end of turn counts (Dragonrage).
    Not an activated ability (a permanent's pump), not a static ability, not reminder text."""
    grants = [ev for tag, ev in EXTRACTORS["granted_keywords"].fn(ctx) if tag[len("grants:") :] in _COMBAT_KEYWORDS]
    for face in ctx.faces:
        instant = "instant" in ctx.face_types[face.index]
        reading = ctx.readings[face.index]
        flash = any(k.name.text.lower() == "flash" for a in reading.abilities for k in a.keywords)
        if not (instant or flash):
            continue
        for ability in _all_abilities(reading):
            if ability.effect is None or ability.cost is not None:
                continue  # an activated or loyalty ability: no trick
            if not (instant and ability.kind in ("spell", "mode")) and not (flash and _enters_trigger(ability)):
                continue
            e = ability.effect
            rules = face.rules
            for sentence in re.finditer(r"[^.\n]+", rules[e.start : e.end]):
                a, b = e.start + sentence.start(), e.start + sentence.end()
                words = rules[a:b]
                hits = [m for m in _PUMP.finditer(words)] if _THIS_TURN.search(words) else []
                given = [g for g in grants if g.face == face.index and g.start is not None and a <= g.start < b]
                if not _THIS_TURN.search(words):
                    given = []
                untap = list(_UNTAP_CREATURE.finditer(words))
                for m in hits + untap:
                    yield "theme:combat-trick", span(face.index, a + m.start(), a + m.end(), face.text)
                if _THIS_TURN.search(words):
                    # a pump ability given until end of turn ("Until end of turn, attacking creatures you control
                    # gain “{R}: This creature gets +1/+0 until end of turn.”", Dragonrage): a pump all the same
                    for grant in reading.grants:
                        if a <= grant.start < b and (pump := _PUMP.search(face.plain, grant.start, grant.end)):
                            yield "theme:combat-trick", span(face.index, pump.start(), pump.end(), face.text)
                for g in given:
                    yield "theme:combat-trick", g


def _all_abilities(reading: FaceReading) -> Iterator[Ability]:
    for a in reading.abilities:
        yield a
        yield from a.modes


def _enters_trigger(ability: Ability) -> bool:
    return ability.trigger is not None and bool(re.search(r"\benters\b", ability.trigger.text, re.IGNORECASE))


THEMES["theme:combat-trick"] = ThemeRule("theme:combat-trick", _combat_trick)

ROLES = ("theme:burn", "theme:removal", "theme:board-wipe", "theme:counterspell")


def _role_rule(role: str) -> Callable[[CardContext, set[str]], Iterator[Hit]]:
    def fn(ctx: CardContext, facts: set[str]) -> Iterator[Hit]:
        return (h for h in _roles_once(ctx, facts) if h[0] == role)

    return fn


for _role in ROLES:
    THEMES[_role] = ThemeRule(_role, _role_rule(_role))
_extend("theme:burn", lambda ctx, facts: (h for h in _granted_effects(ctx, facts) if h[0] == "theme:burn"))


def _roles_once(ctx: CardContext, facts: set[str]) -> list[Hit]:
    hit = ctx.memo.get(("roles", 0))
    if hit is None:
        hit = ctx.memo[("roles", 0)] = list(_roles(ctx, facts))
    return hit


# ---------------------------------------------------------------- tribal: the creature types the text refers to


@lru_cache(maxsize=2)
def _tribal_pattern(
    types: tuple[str, ...], plurals: tuple[tuple[str, str], ...]
) -> tuple[re.Pattern[str], dict[str, str]]:
    irregular = dict(plurals)
    surface: dict[str, str] = {}
    for t in types:
        surface[t] = t
        if t in irregular:
            surface[irregular[t]] = t
        elif t.endswith(("s", "x", "ch", "sh")):
            surface[t + "es"] = t
        elif t.endswith("y") and t[-2:-1] not in "aeiou":
            surface[t[:-1] + "ies"] = t
        else:
            surface[t + "s"] = t
    for name in list(surface):
        surface.setdefault(name.replace("’", "'"), surface[name])
    # capitalised words (and "Time Lord(s)"), looked up in ``surface``: faster than one alternation of 600 names
    return re.compile(r"\b([A-Z][\w’'-]*(?: Lords?)?)\b"), surface


# "create a Goblin token", and "its controller creates a 3/3 Ape token" (Pongify): a token made names no tribe
# greedy to the sentence's last "token": "create a 3/3 Golem token with flying, a 3/3 … Golem token"; the
# token's name ("tokens named Kobolds of Kher Keep") and what a copy becomes ("a token that's a copy of that
# card, except it's a 4/4 black Zombie") describe the token too
_TOKEN_CLAUSE = re.compile(
    r"\bcreates?\b[^.]*\btokens?\b(?: named [^.,]+|[^.]*?\bexcept (?:it['’]s|they['’]re)\b[^.]*)?", re.IGNORECASE
)


# the quality of a protection (or hexproof) ability, up to the type: "Protection from Elves", "gains protection
# from Goblins and from Dragons", "hexproof from Wizards"; the type it names is the one it opposes
_PROTECTION_FROM = re.compile(
    r"\b(?:protection|hexproof) from (?:[\w'’-]+(?:, (?:and |or )?(?:from )?| and (?:from )?| or (?:from )?))*$",
    re.IGNORECASE,
)


_RETURNED = re.compile(
    r"\breturns?\b[^.]*\bto (?:(?:its|their) owners?['’]s? hands?|your hand|the battlefield)\b|\bcast\b", re.I
)
_OTHER_THAN = re.compile(r"\bother than (?:an? )?$", re.IGNORECASE)
_ACTED_ON_TYPE = re.compile(r"\b(?:target|another|an?) ([A-Z][\w’'-]*) (?:card|creature|permanent|spell|you control)\b")


@dataclass(frozen=True)
class _Tribal:
    tag_id = "tribal:*"

    def __call__(self, ctx: CardContext, facts: set[str], taxonomy: Taxonomy) -> Iterator[Hit]:
        pattern, surface = _tribal_pattern(
            taxonomy.vocabulary.creature_types, tuple(sorted(taxonomy.creature_plurals.items()))
        )
        for face in ctx.faces:
            text = face.rules
            blocked = [(m.start(), m.end()) for m in _TOKEN_CLAUSE.finditer(text)]
            # the types a type-changing effect sets ("~ becomes a 2/2 Golem artifact creature", "is also a
            # Cleric, Rogue, Warrior, and Wizard"), or the card tests of itself: no type it cares about
            blocked += [(c.types.start, c.types.end) for c in type_changes(ctx.readings[face.index])]
            for m in pattern.finditer(text):
                word = m.group(1)
                if word not in surface:
                    word = word.split(" ")[0]
                    if word not in surface:
                        continue
                    end = m.start() + len(word)
                else:
                    end = m.end()
                if any(s <= m.start() < e for s, e in blocked):
                    continue
                if text[max(0, m.start() - 4) : m.start()].lower() == "non-" or _OTHER_THAN.search(
                    text, max(0, m.start() - 16), m.start()
                ):
                    continue  # "another non-Human creature", "a creature type other than Wall": that type left out
                if _PROTECTION_FROM.search(text, max(0, m.start() - 80), m.start()):
                    continue  # "Protection from Elves" (702.16): the type kept away, no tribe the card cares about
                if re.search(r"\bevery creature type", text[max(0, m.start() - 30) : m.start()]):
                    continue
                yield f"tribal:{slugify(surface[word])}", span(face.index, m.start(), end, face.text)
        # a creature type a keyword's reminder names is one the keyword cares about ("Soulshift 3 (… return target
        # Spirit card …)", 702.46a): the card's, as the keyword is
        # (the type of an object the keyword acts on, "target Spirit card", "another Faerie you control"; not a token
        # it creates, "create a 1/1 white and black Spirit creature token", nor what a copy becomes, "except it's a
        # white Zombie": the same exclusions as in rules text)
        for face, reminder in keyword_reminders(ctx):
            made = [(t.start(), t.end()) for t in _TOKEN_CLAUSE.finditer(face.text, reminder.start, reminder.end)]
            for m in _ACTED_ON_TYPE.finditer(face.text, reminder.start, reminder.end):
                word = m.group(1)
                if word in surface and not any(s <= m.start(1) < e for s, e in made):
                    yield f"tribal:{slugify(surface[word])}", span(face.index, m.start(1), m.end(1), face.text)


tribal = _Tribal()
