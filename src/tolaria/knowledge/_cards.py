"""A named card read as a judge reads it: each ability of its text, read by ``tolaria.oracle``, brings the
rules that govern it, and the question's own words choose among them.

- a copy effect ("a copy of", "enter as a copy"): 707 (and 614.12 when it enters as a copy; layer 1,
  613.2; 707.9b a copy "except it's 1/4"); copying a spell or ability 707.10 (a copy isn't cast);
- an effect that changes characteristics, by its layer (613.1): control 613.1b (layer 2), text 613.1c,
  type 613.1d (4), color 613.1e (5), abilities added or removed 613.1f (6), power and toughness 613.4
  (7a-7d: set 613.4b, modified 613.4c, switched 613.4d); its timestamp 613.7 (an Aura's or Equipment's
  613.7e: it has a new one each time it becomes attached); an effect that sets a land's subtype to a basic
  land type ("Nonbasic lands are Mountains") 305.7;
- a replacement effect ("instead", "enters with", "enters tapped", "As ~ enters"): 614.1; a prevention
  effect: 615; damage that "can't be prevented": 615.12; a spell or ability replacing part of its own effect
  (Remand's "instead", no "would") the self-replacement effect 614.15;
- a triggered ability: 603.2, with its event (leaves the battlefield, dies, put into a graveyard from
  anywhere: 603.6c, 603.10a; enters: 603.6a; attacks: 508.3a; blocks: 509.3), and 603.4 only for a real
  intervening "if" (the reader's condition of a trigger); an effect that waits for a later moment ("at the
  beginning of the next turn's upkeep") a delayed triggered ability, 603.7a;
- a requirement or restriction on blocking or attacking ("must be blocked if able", "attacks each combat if
  able", "can't block"): 509.1c, 508.1d;
- a state-based condition its text leans on: the legend rule 704.5j, loyalty 704.5i, toughness 704.5f (a
  toughness lowered: "gets -4/-4", -1/-1 counters);
- a card with faces: casting a face 712.11c (a modal double-faced card), an Adventure 715.3/715.4, a split
  card 709.3;
- a commander's combat damage: 903.10a.

Rules a card brings count for little unless the question's words reach their family ("keep", "lose",
"power" for the layers; "instead", "prevent" for replacement; "trigger" for triggers): a card's whole
text does not flood the question.

A question about two effects at once reaches the rules that order them: two that change characteristics
the layers, timestamps and dependency (613.1, 613.7, 613.8; an effect setting a land's type beside a land whose
own static ability changes characteristics, Blood Moon and Urborg, the dependency 613.8a and 305.7 first); two
replacement effects their order (616.1; a self-replacement effect among them 614.15 and 616.1a);
several players' triggers APNAP (101.4, 603.3b); a creature that dies while an ability triggers the
state-based actions first (704.3, 117.5); a creature a question leaves with no toughness ("7/0") or dealt lethal
damage the state-based action that puts it into the graveyard (704.5f, 704.5g) and when it is checked (704.3).
A question's own words, whatever it names, reach the legend rule (two legendary permanents of one name,
704.5j), the order of replacement effects (616.1) and timestamps (613.7): ``question_rules``.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence

from tolaria.oracle import Ability, Reader
from tolaria.rules import shipped_reader

from ._text import tokenize

FAMILY_WORDS = {
    "copy": r"cop(?:y|ies|ied)|clone",
    "layer": r"layers?|keeps?|lose[sn]?|losing|lost|power|toughness|becomes?|abilit(?:y|ies)|base|colou?r|types?|"
    r"timestamps?|depend\w*|who controls|control of|gains? control|steal\w*",
    "replacement": r"instead|replace\w*|enters?|prevent\w*|damage|would|doubl\w*|twice",
    "trigger": r"trigger\w*|whenever|dies|died|dying|enters?|leaves?|upkeep|end step|on the stack",
    "combat": r"block\w*|attack\w*|must|if able|have to|forced?",
    "sba": r"legend\w*|die|dies|died|loyalty|toughness|state[- ]based|same name|lethal|destroy\w*|surviv\w*",
    "face": r"cast\w*|adventure|face|side|half|transform\w*|flip|split|exile",
    "commander": r"commander|general|21|damage",
}
_FAMILY = {k: re.compile(rf"\b(?:{v})\b", re.I) for k, v in FAMILY_WORDS.items()}
CARD_RULE_WEIGHT = 0.2  # a rule a named card brings, when the question's words do not reach its family
ASKED_RULE_WEIGHT = 0.8  # ... when they do
SHORT_QUESTION = 6  # a question of this many words of its own (names and "creature", "target" aside) is about
# the whole of each card it names: "Abrupt Decay can be countered by game rules" asks about its target too
SHARED_RULE_WEIGHT = 1.5  # the rule where two effects of a question meet (their shared layer, a timestamp)

# (family, pattern over an ability's text, rules)
_EFFECTS: tuple[tuple[str, re.Pattern[str], tuple[str, ...]], ...] = tuple(
    (family, re.compile(pattern, re.I), rules)
    for family, pattern, rules in (
        ("copy", r"\benters? as a copy\b|\bas a copy of\b", ("707.2", "614.12", "613.2")),
        ("copy", r"\bcop(?:y|ies) of\b|\bbecomes? a copy\b", ("707.2", "613.2")),
        # a copy "except it's 1/4", "except it isn't legendary": the exception is part of the copiable values (707.9b)
        ("copy", r"\bcop(?:y|ies) of\b[^.]*\bexcept\b", ("707.9b",)),
        # copying a spell or ability puts a copy on the stack; a copy of a spell isn't cast (707.10)
        (
            "copy",
            r"\bcopy (?:target |that |it\b|each |the |this )?(?:[\w-]+ ){0,3}?(?:spell|ability)\b|\bcopy it\b",
            ("707.10",),
        ),
        ("layer", r"\bgain control\b|\bexchange control\b", ("613.1b",)),
        ("layer", r"\bloses? all abilities\b|\bloses? \w+(?: and \w+)?\b(?! life)", ("613.1f",)),
        (
            "layer",
            r"\b(?:has|have|gains?) (?:[a-z ,]*?)(?:flying|trample|lifelink|deathtouch|haste|vigilance|"
            r"first strike|double strike|hexproof|indestructible|menace|reach|protection|defender|ward|“)",
            ("613.1f",),
        ),
        ("layer", r"\bbase power and toughness\b|\bis a \d+/\d+\b|\bwith base\b", ("613.4b",)),
        ("layer", r"\b(?:gets?|get) [+-][\dX]+/[+-][\dX]+", ("613.4c",)),
        # a toughness lowered ("gets -1/-1", "-1/-1 counters") may leave a creature with none: 704.5f
        ("sba", r"\bgets? [+-][\dX]+/-[\dX]+|-1/-1 counters?\b", ("704.5f",)),
        ("layer", r"\bswitch\w* (?:[\w’']+ ){0,3}power and toughness\b", ("613.4d",)),
        (
            "layer",
            r"\bbecomes? (?:an? )?(?:\w+ )*?(?:white|blue|black|red|green|colorless)\b|\bis (?:all colors|"
            r"white|blue|black|red|green|colorless)\b",
            ("613.1e",),
        ),
        (
            "layer",
            r"\b(?:becomes?|are|is) (?:an? |every )?(?:\w+ )*?(?:creature|artifact|land|enchantment|"
            r"Forest|Island|Mountain|Plains|Swamp|Frog|type)s?\b",
            ("613.1d",),
        ),
        # an effect that sets a land's subtype to a basic land type ("Nonbasic lands are Mountains", "Enchanted
        # land is an Island"; not "in addition to its other types"): the land loses its old abilities, 305.7
        (
            "layer",
            r"\b(?:is|are|becomes?) (?:an? |the )?(?:basic )?(?:Forest|Island|Mountain|Plains|Swamp)s?\b"
            r"(?! in addition)",
            ("305.7",),
        ),
        ("layer", r"\bEquipped creature\b|\bEnchanted (?:creature|permanent|land)\b", ("613.7e",)),
        # a requirement or restriction on attacking or blocking ("must be blocked if able", "All creatures block
        # each combat if able", "can't block"): the declaring player obeys as many requirements as possible
        # without breaking a restriction (508.1d, 509.1c)
        (
            "combat",
            r"\bmust be blocked\b|\bblocks? (?:each combat|this turn)? ?if able\b|\bable to block [^.]* do so\b|"
            r"\bcan[’']t block\b|\bcan[’']t be blocked (?:by|except)\b",
            ("509.1c",),
        ),
        ("combat", r"\battacks? (?:each combat|this turn)? ?if able\b|\bcan[’']t attack\b", ("508.1d",)),
        # an effect that waits for a later moment ("at the beginning of the next turn's upkeep", "at the beginning
        # of the next end step"): a delayed triggered ability, made as the spell or ability resolves (603.7)
        (
            "trigger",
            r"\bat the beginning of (?:the|your|that player[’']s) next\b|\bat the beginning of the next turn[’']s\b",
            ("603.7a", "603.7"),
        ),
        ("replacement", r"\bcan[’']t be prevented\b", ("615.12",)),
        ("replacement", r"\bprevent (?:all|the next|that)\b", ("615.1", "615.7")),
        (
            "replacement",
            r"\binstead\b|\benters? (?:the battlefield )?(?:tapped|with)\b|\bAs .{1,40} enters\b|"
            r"\bskip\b",
            ("614.1", "614.1a"),
        ),
    )
)
_TRIGGER_EVENTS: tuple[tuple[re.Pattern[str], tuple[str, ...]], ...] = (
    (
        re.compile(
            r"\bdies\b|\bis put into a graveyard from (?:the battlefield|anywhere)\b|\bleaves the battlefield\b", re.I
        ),
        ("603.6c", "603.10a"),  # not 700.4: "dies" names its definition already; the trigger looks back in time
    ),
    (re.compile(r"\benters\b", re.I), ("603.6a",)),
    (re.compile(r"\battacks\b", re.I), ("508.3a",)),
    (re.compile(r"\bblocks\b", re.I), ("509.3",)),
    (re.compile(r"\bbecomes the target\b", re.I), ("603.2",)),
)


@functools.cache
def _reader() -> Reader:
    """The oracle reader with the shipped CR's keywords (read once)."""
    return shipped_reader()


def _faces(title: str, text: str) -> list[tuple[str, str, str]]:
    """(name, type line, oracle text) of each face of a card document ("type // type\\ntext\\n//\\ntext")."""
    type_line, _, body = text.partition("\n")
    names = title.split(" // ")
    types = type_line.split(" // ")
    bodies = body.split("\n//\n") if " // " in title else [body]
    return [(names[min(n, len(names) - 1)], types[min(n, len(types) - 1)], b) for n, b in enumerate(bodies)]


@functools.lru_cache(maxsize=1 << 12)
def _read_faces(title: str, text: str) -> tuple[tuple[str, tuple[Ability, ...]], ...]:
    """Each face's type line and its abilities as ``tolaria.oracle`` reads them: a card is read once for
    both the rules it brings and the abilities a question chooses among."""
    reader = _reader()
    return tuple(
        (type_line, tuple(reader.read(body, names=(title, name), type_line=type_line).abilities))
        for name, type_line, body in _faces(title, text)
    )


@functools.lru_cache(maxsize=1 << 12)
def card_readings(title: str, text: str) -> tuple[tuple[str, str, str], ...]:
    """The rules a card brings, as ``(family, rule number, the ability's text)``: "" for what its type line
    or its faces bring (the legend rule, casting a face), each pair once, in the card's order."""
    out: dict[tuple[str, str], str] = {}
    faces = _read_faces(title, text)
    if len(faces) > 1:
        for number in _face_rules(" ".join(type_line for type_line, _ in faces)):
            out.setdefault((number, ""), "face")
    for type_line, abilities in faces:
        for number, family in _type_line_rules(type_line):
            out.setdefault((number, ""), family)
        for ability in abilities:
            for number, family in _ability_rules(ability):
                out.setdefault((number, ability.span.text), family)
    return tuple((family, number, span) for (number, span), family in out.items())


def _face_rules(kinds: str) -> tuple[str, ...]:
    """The rules of casting one face of a card of several (an adventurer, a split card, the rest)."""
    if "Adventure" in kinds:
        return ("715.3", "715.4")
    if "Instant" in kinds and "Sorcery" in kinds:
        return ("709.3",)
    return ("712.11c", "712.8")


def _type_line_rules(type_line: str) -> list[tuple[str, str]]:
    """``(rule, family)`` a face's type line brings: the legend rule, a planeswalker's loyalty, commander damage."""
    out = []
    if "Legendary" in type_line:
        out.append(("704.5j", "sba"))
    if "Planeswalker" in type_line:
        out.append(("704.5i", "sba"))
    if "Creature" in type_line and "Legendary" in type_line:
        out.append(("903.10a", "commander"))
    return out


def _ability_rules(ability: Ability) -> list[tuple[str, str]]:
    """``(rule, family)`` one ability brings: a trigger its event's rules (and 603.4 for a real intervening
    "if", as the reader reads it), any ability the rules of the effects its text holds."""
    span = ability.span.text
    out = []
    if ability.kind == "triggered":
        out.append(("603.2", "trigger"))
        event = ability.trigger.text if ability.trigger else span
        out.extend(
            (number, "trigger") for pattern, events in _TRIGGER_EVENTS if pattern.search(event) for number in events
        )
        if ability.condition is not None:
            out.append(("603.4", "trigger"))
    if ability.kind in _RESOLVING and _SELF_REPLACEMENT.search(span):
        # "Counter target spell. If that spell is countered this way, put it into its owner's hand instead":
        # a spell or ability replacing part of its own effect, applied before other replacement effects
        out.append(("614.15", "replacement"))
    out.extend((number, family) for family, pattern, rules in _EFFECTS if pattern.search(span) for number in rules)
    return out


# the abilities that have an effect as they resolve; a sentence of theirs with "instead" and no "would" replaces
# part of their own effect (a "would" sentence makes a replacement effect for a later event: Anger of the Gods)
_RESOLVING = frozenset({"spell", "activated", "triggered", "loyalty", "chapter", "mode"})
_SELF_REPLACEMENT = re.compile(r"(?:^|[.!?]\s)(?:(?!\bwould\b)[^.!?])*\binstead\b", re.I)


def card_rules(title: str, text: str) -> tuple[tuple[str, str], ...]:
    """The rules a card's abilities bring, as ``(family, rule number)``, each once, in the card's order."""
    return tuple(dict.fromkeys((family, number) for family, number, _ in card_readings(title, text)))


# words every ability shares with every question: they choose no ability
_GENERIC = frozenset(
    tokenize(
        "creature creatures card cards target player players opponent spell spells turn permanent permanents "
        "control controls controller you your each other one two three number game battlefield put may"
    )
)


@functools.lru_cache(maxsize=1 << 12)
def card_abilities(title: str, text: str) -> tuple[tuple[str, str], ...]:
    """``(kind, text)`` of each ability of a card, face by face, as ``tolaria.oracle`` reads it (a
    keyword line is one ability: "Flying, vigilance")."""
    return tuple((a.kind, a.span.text) for _, abilities in _read_faces(title, text) for a in abilities)


def asked_abilities(title: str, text: str, question: str) -> list[str]:
    """The abilities of a card a question is about, by its own words: each keyword line (it is short and
    names its rule), and each other ability that shares a word with the question beyond the words every
    ability and question share ("creature", "target", "player"); every ability when the question says
    nothing else ("How does Defensive Formation work?", "What happens?"). The rest of a card's text does
    not join the question."""
    abilities = card_abilities(title, text)
    asked = set(tokenize(question)) - _GENERIC
    if says_little(question):
        return [span for _, span in abilities]
    return [span for kind, span in abilities if kind == "keyword" or asked & set(tokenize(span))]


def says_little(question: str) -> bool:
    """Whether a question names cards and says little else: a few words of its own, or only what they do
    together ("What happens?")."""
    return len(set(tokenize(question)) - _GENERIC) <= SHORT_QUESTION or _OPEN.search(question) is not None


# a question that names cards and asks only what they do together ("Blood Moon + Urborg", "What
# happens?"): every family of their rules is asked
_OPEN = re.compile(
    r"\bwhat happens\b|\bhow (?:do|does|would|will) .{0,60}\b(?:work|interact)|\binteract\w*|(?:^|\s)\+(?:\s|$)|"
    r"\btogether\b|\bvs\.?\b|\bcombo\b",
    re.I,
)


def asked_families(question: str) -> set[str]:
    if _OPEN.search(question):
        return set(_FAMILY)
    return {family for family, pattern in _FAMILY.items() if pattern.search(question)}


def rules_for(cards: Sequence[tuple[str, str]], question: str) -> dict[str, float]:
    """Rule number -> weight: what the named cards bring, weighed by the question's words, and the rules
    that order two effects when the question is about two at once."""
    if not cards:  # a question naming no card ranks on its own words and terms alone
        return {}
    asked = asked_families(question)
    out: dict[str, float] = {}
    read = [card_rules(title, text) for title, text in cards]
    for title, text in cards:
        # a rule counts as asked when the question's words reach its family and the ability that brings it
        # is one they are about (Conclave Mentor's dies trigger is not asked by "does it enter with a counter")
        chosen = set(asked_abilities(title, text, question))
        for family, number, span in card_readings(title, text):
            asked_here = family in asked and (not span or span in chosen)
            weight = ASKED_RULE_WEIGHT if asked_here else CARD_RULE_WEIGHT
            out[number] = max(out.get(number, 0.0), weight)
    lands = [_land_changing_itself(title, text) for title, text in cards]
    for number, weight in interaction_rules(read, question, lands=lands).items():
        out[number] = max(out.get(number, 0.0), weight)
    return out


def _land_changing_itself(title: str, text: str) -> bool:
    """Whether a card is a land whose own static ability changes characteristics (Urborg, Tomb of Yawgmoth's
    "Each land is a Swamp"): an effect that sets its land type takes that ability away, so the two depend on
    each other (613.8a). An activated one (Mishra's Factory's) makes an effect that stands on its own."""
    return any(
        "Land" in type_line
        and any(a.kind == "static" and any(f == "layer" for _, f in _ability_rules(a)) for a in abilities)
        for type_line, abilities in _read_faces(title, text)
    )


_LAYERED = re.compile(
    r"\b(?:loses? all abilities|loses? (?:flying|trample|lifelink)|base power|becomes? a \d|"
    r"becomes? an? (?:\w+ )?(?:creature|artifact|land))\b",
    re.I,
)
_ENTERING = re.compile(
    r"\benter(?:s|ed|ing)?\b|\bcom(?:e|es|ing) (?:in|into)\b|\bcame (?:in|into)\b|\b(?:un)?tapped\b", re.I
)
_SEVERAL = re.compile(
    r"\b(?:both|two|multiple|several|each|same time|simultaneous\w*|order|first|which one|"
    r"at once|and)\b",
    re.I,
)


_SEVERAL_TRIGGERS = re.compile(
    r"\b(?:two|multiple|several|at once|(?:at )?the same time|simultaneous\w*|all the|one by one)\b", re.I
)


def interaction_rules(
    read: Iterable[tuple[tuple[str, str], ...]], question: str, *, lands: Sequence[bool] = ()
) -> dict[str, float]:
    """The rules that order two effects a question puts together (see the module's docstring); ``lands``:
    for each card read, whether it is a land whose own static ability changes characteristics."""
    read = list(read)
    families: list[set[str]] = [{f for f, _ in rules} for rules in read]
    triggers = any("trigger" in f for f in families)
    layered = sum("layer" in f or "copy" in f for f in families) + bool(_LAYERED.search(question))
    out: dict[str, float] = {}
    all_rules = [n for rules in read for _, n in rules]
    attached = "613.7e" in all_rules
    if layered >= 2 and "layer" in asked_families(question):  # two that change characteristics, and it asks so
        for number in ("613.1", "613.7", "613.8"):
            out[number] = ASKED_RULE_WEIGHT
        for number in {n for n in all_rules if n.startswith("613.1") or n.startswith("613.4")}:
            # the layer two of the effects share is where they meet (and may depend on each other)
            out[number] = SHARED_RULE_WEIGHT if all_rules.count(number) >= 2 else ASKED_RULE_WEIGHT
        if attached:
            out["613.7e"] = SHARED_RULE_WEIGHT
    out.update(_land_type_rules(read, question, lands))
    replacing = sum("replacement" in f for f in families)
    if replacing >= 2 or (
        replacing and re.search(r"\b(?:instead|replace\w*)\b", question, re.I) and _SEVERAL.search(question)
    ):
        out["616.1"] = ASKED_RULE_WEIGHT
        if replacing >= 2 and any("614.15" in {n for _, n in rules} for rules in read):
            # a self-replacement effect beside another replacement effect: it is applied first (614.15, 616.1a)
            out["614.15"] = SHARED_RULE_WEIGHT
            out["616.1a"] = ASKED_RULE_WEIGHT
    if re.search(r"\btrigger\w*\b", question, re.I) and re.search(
        r"\b(?:both|same time|order|each player|opponent)\b", question, re.I
    ):
        out["101.4"] = ASKED_RULE_WEIGHT
        out["603.3b"] = ASKED_RULE_WEIGHT
    if triggers and _SEVERAL_TRIGGERS.search(question):
        # a card's ability triggering several times at once ("two Trepanation Blades", "exert multiple creatures
        # at once"): its controller puts them on the stack in any order (603.3b)
        out["603.3b"] = max(out.get("603.3b", 0.0), ASKED_RULE_WEIGHT)
    if re.search(r"\b(?:dies|died|lethal|0 toughness)\b", question, re.I) and (
        triggers or re.search(r"\btrigger\w*\b", question, re.I)
    ):
        out["704.3"] = ASKED_RULE_WEIGHT / 2
        out["117.5"] = ASKED_RULE_WEIGHT / 2
    for number, weight in state_based_rules(question).items():
        out[number] = max(out.get(number, 0.0), weight)
    return out


def _land_type_rules(
    read: Sequence[tuple[tuple[str, str], ...]], question: str, lands: Sequence[bool]
) -> dict[str, float]:
    """What an effect that sets a land's type (305.7: Blood Moon) brings beside another card or a land entering."""
    out: dict[str, float] = {}
    # an effect that sets a land's type (Blood Moon) and a land whose own static ability changes
    # characteristics (Urborg): the land's ability is lost, so its effect depends on the other (613.8a)
    setting = [any(n == "305.7" for _, n in rules) for rules in read]
    if any(setting[a] and lands[b] for a in range(len(read)) for b in range(min(len(read), len(lands))) if a != b) and (
        "layer" in asked_families(question)
    ):
        for number in ("613.8", "613.8a", "305.7"):
            out[number] = SHARED_RULE_WEIGHT
    if any(setting) and _ENTERING.search(question):
        # a land entering under Blood Moon ("shocklands still ask for 2 life", "enters tapped"): whether its
        # "as it enters" replacement applies is checked with its characteristics as it would exist on the
        # battlefield, a Mountain with no other abilities (614.12)
        out["614.12"] = SHARED_RULE_WEIGHT
        out["305.7"] = max(out.get("305.7", 0.0), ASKED_RULE_WEIGHT)
    return out


# a creature left with no toughness ("7/0", "0 toughness", "toughness of 0") or dealt damage enough to destroy
# it ("lethal damage", "enough damage to kill"): the state-based actions that put it into the graveyard
_NO_TOUGHNESS = re.compile(
    r"(?<![\d/+-])\d+/0\b|\b(?:0|zero|no) toughness\b|\btoughness (?:of |to |is |at )?(?:0|zero)\b", re.I
)
_LETHAL = re.compile(r"\blethal damage\b|\benough damage\b|\bdamage (?:equal to|greater than) its toughness\b", re.I)


def state_based_rules(question: str) -> dict[str, float]:
    """The state-based actions a question about a creature that should have died leans on: toughness 0 or
    less 704.5f, lethal damage 704.5g, and when they are checked 704.3."""
    out: dict[str, float] = {}
    if _NO_TOUGHNESS.search(question):
        out["704.5f"] = ASKED_RULE_WEIGHT
    if _LETHAL.search(question):
        out["704.5g"] = ASKED_RULE_WEIGHT
    if out:
        out["704.3"] = ASKED_RULE_WEIGHT / 2
    return out


# what a question's own words ask, with or without a card named: two legendary permanents of one name (the
# legend rule), the order of several replacement effects (616.1: the affected player or controller chooses),
# timestamps (613.7)
_LEGEND = re.compile(r"\blegend(?:ary|s)?\b", re.I)
_SAME_NAME = re.compile(r"\b(?:two|multiple|several|more than one|same name|another|second|both|cop(?:y|ies))\b", re.I)
_REPLACING = re.compile(r"\breplacement effects?\b|\breplace\w*\b|\binstead\b", re.I)
_ORDERING = re.compile(
    r"\b(?:order|first|which (?:one|effect|applies|happens)|choos\w*|chose|decides?|both|two|multiple|several|"
    r"more than one|same time|at once)\b",
    re.I,
)
_TIMESTAMP = re.compile(r"\btime ?stamps?\b", re.I)


def question_rules(question: str) -> dict[str, float]:
    """Rule number -> weight: the interaction rules a question's own words reach, whatever it names."""
    out: dict[str, float] = {}
    if _LEGEND.search(question) and _SAME_NAME.search(question):
        out["704.5j"] = ASKED_RULE_WEIGHT
    if _REPLACING.search(question) and _ORDERING.search(question):
        # "more than one replacement effect at the same time": the order is what is asked, over what one does
        named = re.search(r"\breplacement effects?\b", question, re.I)
        out["616.1"] = SHARED_RULE_WEIGHT if named else ASKED_RULE_WEIGHT
    if _TIMESTAMP.search(question):
        out["613.7"] = ASKED_RULE_WEIGHT
    if _COPIED_SPELL.search(question):
        out["707.10"] = ASKED_RULE_WEIGHT  # "Does copying a spell count as casting?": a copy isn't cast
    return out


# a spell or ability copied ("copy a spell", "copies of the spell", "the copy of Lightning Bolt's ability")
_COPIED_SPELL = re.compile(
    r"\bcop(?:y|ies|ying|ied)(?: of)? (?:a|an|the|that|this|my|your|target|each)? ?(?:[\w-]+ ){0,2}?"
    r"(?:spells?|abilit(?:y|ies))\b",
    re.I,
)
