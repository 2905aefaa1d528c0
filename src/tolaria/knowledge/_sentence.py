"""The sentence of a rule that settles a question, as a judge points at it.

A rule's document holds its subrules, one per line, and their examples. The sentence quoted is chosen
by what the question asks, not by how many words it shares:

- some sentences never answer: a definition line ("702.2a Deathtouch is a static ability."), a
  redundancy line ("Multiple instances of trample are redundant." — unless the question asks about
  several instances), a line saying where the rules apply ("The lifelink rules function no matter what zone
  ..." — unless the question asks about another zone), a naming sentence ("This is called the “legend
  rule.”"), a heading (a line with no sentence), a removed rule ("This rule has been removed"),
  a note of old wording ("Previously, ... received errata") and a bare cross-reference ("See rule 704.");
- what the question asks chooses among the rest: can / can't (a sentence that allows or forbids: "can't
  be the target", "may activate", "means"), what happens when (a consequence: "if ... is put", "instead",
  "as a state-based action"), who chooses (a player who chooses or decides), how much / how many (an
  amount: "that much", "equal to", "the number of");
- the words of the question count by how well they tell the sentences of this rule apart: "hexproof" is
  on every line of 702.11 and says nothing about which line answers, "target" is on three;
- a question about two things at once ("Does deathtouch work with trample?") is answered, in each one's
  rule, by the sentence that meets the other: ``context`` holds the other rules' words (702.2c's "lethal"
  and "excess damage" meet trample's 702.19b);
- a variant's line ("702.19c Trample over planeswalkers is a variant of trample ...") answers only a question
  that names the variant;
- an example illustrates: it is quoted only when no sentence of the rule itself says as much, and then by its
  conclusion (its last sentence but a parenthesis), not a step of the scene it sets.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ._question import asking_sentences
from ._text import tokenize

_SENTENCE = re.compile(r"(?<=[.!?”])\s+(?=[A-Z0-9“(])|(?<=[.!?]\))\s+(?=[A-Z0-9“(])|\n+")
_NUMBER = r"^(?:\d{3}\.\d+[a-z]*\.? )?"
EXAMPLE = re.compile(_NUMBER + r"Example:")
# "702.2a Deathtouch is a static ability." — names the kind of ability, says nothing it does
_DEFINITION = re.compile(
    _NUMBER + r"[“\"]?[\w’' -]{1,40}[”\"]? is (?:an? )?(?:static|triggered|activated|keyword|mana|spell|evasion)"
    r"(?: ability| abilities| action)?(?:,? found on[^.]*| that functions? [^.]*)?\.$",
    re.I,
)
_REDUNDANT = re.compile(r"\bredundant\b", re.I)
# "702.15d The lifelink rules function no matter what zone an object with lifelink deals damage from.": says
# where the rules apply, not what they do; it answers only a question about another zone than the battlefield
_ANY_ZONE = re.compile(r"\bfunction no matter what zone\b", re.I)
_ASKS_ZONE = re.compile(
    r"\b(?:zones?|graveyards?|hand|library|exile[ds]?|stack|command zone|from anywhere|not on the battlefield|"
    r"in play|off the battlefield)\b",
    re.I,
)
# "This is called the “legend rule.”": the name of what the sentence before it says, not what happens
_NAMING = re.compile(_NUMBER + r"(?:This|These) (?:is|are) called\b", re.I)
_REMOVED = re.compile(r"\b(?:this rule has been removed|intentionally left blank)\b", re.I)
_OLD_WORDING = re.compile(_NUMBER + r"Previously,|received errata", re.I)
_SEE_ONLY = re.compile(_NUMBER + r"\(?See rules? [\d.a-z–, and]+(?:, “[^”]*”)?\.?\)?$", re.I)
# a question about several of the same ability ("double lifelink", "two instances of", "have wither twice";
# "attack twice" asks about attacking, not about two instances of vigilance)
_ASKS_MULTIPLES = re.compile(
    r"\b(?:multiple|several|two|double|more than one)\b|\binstances? of\b|\b(?:two|multiple|several|both) instances\b"
    r"|(?<!the )(?<!a )(?<!mutate )(?<!blocking )\bstack(?:s|ing)?\b(?! of)"  # "stack double strike", not "on the stack"
    r"|\b(?:have|has|get|gets|with) \w+(?: \w+)? twice\b",
    re.I,
)
# ... but not a count of the objects of the scene ("two creatures", "multiple blockers", "several copies"), the
# name of another keyword ("double strike", "double-faced") or "both trample and deathtouch": two abilities, not
# two instances of one
_NOT_MULTIPLES = re.compile(
    r"\bdouble[- ](?:strike|faced?)\b"
    r"|\b(?:multiple|several|two|more than one)\s+(?:[\w/+-]+\s+){0,2}?(?:creatures?|players?|cards?|copies|"
    r"blockers?|attackers?|tokens?|spells?|effects?|auras?|permanents?|lands?|opponents?|turns?|times?|triggers?|"
    r"counters?|damage|life|mana|of (?:them|those|these|my|your|his|her|their|the))\b",
    re.I,
)


def asks_multiples(query: str) -> bool:
    """Whether a question asks about several instances of one ability ("double lifelink", "stack double strike")."""
    return _ASKS_MULTIPLES.search(_NOT_MULTIPLES.sub(" ", query)) is not None


# what a question asks, and the words of a sentence that answer it
_INTENTS = (
    (  # can / can't: a sentence that allows, forbids, or says what the ability means
        re.compile(
            r"^(?:can|could|may|is it (?:possible|legal)|am i allowed|does|do|will|would|is|are)\b"
            r"|\b(?:can|could|may|able|allowed|legal|stop|ignore|beat|affect|work with|go through|prevent)\b",
            re.I,
        ),
        re.compile(
            r"\b(?:can(?:’|')?t|cannot|can|may|must|means|doesn(?:’|')?t|isn(?:’|')?t|won(?:’|')?t|aren(?:’|')?t|"
            r"only|no matter|even if|even though|still|prevented|illegal|no effect|functions?|applies|apply)\b",
            re.I,
        ),
    ),
    (  # what happens when / if
        re.compile(r"\bwhat happens\b|\bhappens? (?:if|when|to)\b|\bwhat (?:if|then)\b|\bwhen\b.*\bwhat\b", re.I),
        re.compile(
            r"\b(?:if|when|whenever|instead|as a state-based action|is put into|are put into|is destroyed|"
            r"loses|ceases?|remains?|stays?)\b",
            re.I,
        ),
    ),
    (  # who chooses / decides / controls
        re.compile(r"\bwho(?:se)?\b|\bwhich player\b", re.I),
        re.compile(r"\b(?:chooses?|decides?|controller|owner|active player|its controller|that player)\b", re.I),
    ),
    (  # how much / how many
        re.compile(r"\bhow (?:much|many)\b|\bamount\b|\bnumber of\b", re.I),
        re.compile(r"\b(?:that much|that many|equal to|the number of|amount|total|excess|lethal|twice|\d+)\b", re.I),
    ),
    (  # when may it be done: timing
        re.compile(r"^when (?:can|could|may|do|does|is)\b|\btiming\b|\bat instant speed\b|\bin response\b", re.I),
        re.compile(r"\b(?:any time|priority|only as a sorcery|during|main phase|stack is empty|respond)\b", re.I),
    ),
)
INTENT_BONUS = 1.0  # a sentence that answers what is asked, in units of one telling word of the question
CONTEXT_SHARE = 0.6  # per tenth of a line's words that meet the other rule of a two-things question
EXAMPLE_COST = 0.5  # the rule answers, its example illustrates
# a variant's line, for a question that does not name the variant (dev: +1 question's sentence at 1.5 and at 3.0)
VARIANT_COST = 1.5
# a question about several instances is answered by the redundancy line even when the rule of another term
# it names ("double" of double strike) meets another line (dev: 1.0 -> 2.0, +1 question's sentence)
MULTIPLES_BONUS = 2.0


@lru_cache(maxsize=1 << 14)
def sentences(text: str) -> tuple[tuple[str, frozenset[str]], ...]:
    """The sentences of a text with their tokens (the same rules are shown again and again: split once)."""
    return tuple((s, frozenset(tokenize(s))) for s in _SENTENCE.split(text) if s.strip())


def is_removed_rule(text: str) -> bool:
    """A removed rule's placeholder or note ("This rule has been removed ..."): never an answer."""
    return bool(_REMOVED.search(text or ""))


@lru_cache(maxsize=1 << 15)
def never_answers(sentence: str, *, multiples: bool = False, zones: bool = False) -> bool:
    """A sentence that is never quoted as an answer (see the module's docstring); ``multiples``: the question
    asks about several instances, ``zones``: about another zone than the battlefield."""
    s = sentence.strip()
    if _DEFINITION.match(s) or _REMOVED.search(s) or _OLD_WORDING.search(s) or _SEE_ONLY.match(s) or _NAMING.match(s):
        return True
    if not multiples and _REDUNDANT.search(s):
        return True
    if not zones and _ANY_ZONE.search(s):
        return True
    return not s.rstrip('”)"').endswith((".", ":", "?", "!")) and len(s) < 80  # a heading


def answers_nothing(text: str, *, multiples: bool = False, zones: bool = False) -> bool:
    """Whether a rule's document of one line has no sentence that may answer (``never_answers``, with its flags):
    a subrule that is only a redundancy line ("702.4e Multiple instances of double strike ... are redundant."), a
    definition or a cross-reference is not shown as an answer of its own (its rule, when shown, says what the
    ability does)."""
    if "\n" in text or not text.strip():
        return False
    return all(never_answers(s, multiples=multiples, zones=zones) for s, _ in sentences(text))


_VARIANT = re.compile(_NUMBER + r"[“\"]?([^”\".]{3,60}?)[”\"]? is a variant of\b")


@lru_cache(maxsize=1 << 14)
def variant_name(line: str) -> frozenset[str] | None:
    """The words of the name a variant's line gives ("Trample over planeswalkers is a variant of trample":
    trample, planeswalk); None for any other line."""
    m = _VARIANT.match(line)
    return frozenset(tokenize(m.group(1))) if m else None


def asks_zone(query: str) -> bool:
    """Whether a question asks about another zone than the battlefield."""
    return _ASKS_ZONE.search(query) is not None


def asked(query: str) -> tuple[re.Pattern[str], ...]:
    """The patterns of the sentences answering what ``query`` asks (can, what happens, who, how much)."""
    return tuple(answer for question, answer in _INTENTS if question.search(query.strip()))


@lru_cache(maxsize=1 << 14)
def lines(text: str) -> tuple[tuple[tuple[tuple[str, frozenset[str]], ...], frozenset[str]], ...]:
    """A rule's lines (a subrule, or an example), each as its sentences and all its words."""
    out = []
    for line in text.split("\n"):
        found = sentences(line)
        if found:
            out.append((found, frozenset().union(*(w for _, w in found))))
    return tuple(out)


@lru_cache(maxsize=1 << 10)
def _reading(query: str) -> tuple[frozenset[str], bool, bool, tuple[re.Pattern[str], ...]]:
    """What a question brings to each rule shown (read once for the ten): its words (and their un- forms: "Can
    you block with a tapped creature?" meets 509.1a's "must be untapped"), whether it asks about several
    instances or another zone, what it asks."""
    wanted = set(tokenize(query))
    wanted |= {"un" + w for w in wanted if w.isalpha()}
    asking = asking_sentences(query)
    # a long question tells its story, then asks: what its asking sentences ask is what is asked ("... Attack
    # with both. Does the opponent have to block ...?" asks can/must, not what happens when it attacked)
    intents = tuple(dict.fromkeys(p for sentence in asking for p in asked(sentence))) if asking else asked(query)
    return frozenset(wanted), asks_multiples(query), asks_zone(query), intents


def choose_sentence(text: str, query: str, context: frozenset[str] = frozenset()) -> str:
    """The sentence of ``text`` that settles ``query``; ``context``: the words of the other rule of a
    question about two things at once. A subrule is judged whole (its rule and the sentences that qualify
    it: 509.1a "chooses which creatures ... will block" and "must be untapped"), then its sentence quoted."""
    every = lines(text)
    if not every:
        return text
    wanted, multiples, zones, intents = _reading(query)
    candidates = [
        (kept, words)
        for found, words in every
        if (kept := tuple((s, w) for s, w in found if not never_answers(s, multiples=multiples, zones=zones)))
    ]
    if not candidates:
        return next((s for found, _ in every for s, _ in found if not is_removed_rule(s)), every[0][0][0][0])
    # how well a word tells this rule's lines apart: on every line it says nothing
    share = {w: sum(w in words for _, words in candidates) / len(candidates) for w in wanted | context}
    # a variant's line ("702.19c Trample over planeswalkers is a variant of trample") answers a question that names
    # the variant: by the words of its name that the rule's other lines do not all share ("over planeswalkers")
    unnamed = tuple(
        found[0][0]
        for found, _words in candidates
        if (name := variant_name(found[0][0])) is not None
        and not {w for w in name if sum(w in ws for _, ws in candidates) < len(candidates)} <= wanted
    )

    def score(text: str, words: frozenset[str]) -> float:
        value = sum((0.25 if w.isdigit() else 1.0) * (1.0 - 0.75 * share[w]) for w in words & wanted)
        if context:  # a long line meets any rule somewhere: the share of its words that meet the other
            met = sum(1.0 - share[w] for w in (words & context) - wanted)
            value += CONTEXT_SHARE * 10 * met / max(len(words), 10)
        # a question about two things asks how they meet first, what may be done second
        bonus = INTENT_BONUS / 2 if context else INTENT_BONUS
        value += bonus * sum(bool(p.search(text)) for p in intents) / max(len(intents), 1)
        if multiples and _REDUNDANT.search(text):
            value += MULTIPLES_BONUS  # "double lifelink": the redundancy line answers it, over what lifelink does
        if EXAMPLE.match(text):
            value -= EXAMPLE_COST
        if unnamed and text.startswith(unnamed):
            value -= VARIANT_COST
        return value

    # a tie goes to the earlier line (max keeps the first): a rule's earlier subrules say the rule, its later
    # ones the special cases (810.8a "If either player on a team loses the game, the team loses the game." over
    # 810.8b on conceding; dev: the shorter line won a tie before, 30.8% -> 31.5% first with the sentence)
    found, _ = max(candidates, key=lambda c: score(" ".join(s for s, _ in c[0]), c[1]))
    if len(found) > 1 and EXAMPLE.match(found[0][0]):
        # an example sets its scene first and says what happens last: its conclusion is quoted ("The artifact's
        # ability triggers twice ..."), not a step of the scene ("Someone casts a spell that destroys ...")
        said = [s for s, _ in found[1:] if not s.startswith("(")]
        if said:
            return said[-1]
    return max(found, key=lambda sw: score(*sw))[0]
