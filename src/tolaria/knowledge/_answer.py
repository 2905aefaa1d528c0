"""Answers to a question: the rules that answer it first, the rulings and cards that illustrate it after.

Ranking a question uses what the Comprehensive Rules say about themselves, on top of the words and the
meaning of the question (reciprocal-rank fusion of BM25 and the embeddings, as ``KnowledgeIndex.rank``):

- a rules term named in the question ("deathtouch", "first strike", "legend rule") lifts the rules the
  term points at (the glossary's "See rule 702.2", or the rule headed "Deathtouch"), weighted by how
  specific the term is; a section heading ("606. Loyalty Abilities") answers nothing itself, so a term
  pointing at one lifts the rules under it by half, and the words and meaning choose among them;
- a card named in the question ("Can I Swords to Plowshares a Blood Knight?") brings in the rules terms of
  its own text (Blood Knight has protection from white), at half weight, and its rulings; a legendary card
  is named by the name before its comma too ("Nykthos" for "Nykthos, Shrine to Nyx") when no other card
  shares it;
- a figure also asks for the number in words ("7 cards": the CR writes "seven cards", 402.2);
- the rules have their own BM25 (word weights from the rules, not from 45k rulings; length normalised by
  half, b=0.5, since a numbered rule's document holds all its subrules), and are ranked by meaning on the
  question's own words (a named card's text does not join them: the names of its rules terms do, and its
  abilities, read by tolaria.oracle, bring the rules that govern them: see ``_cards``);
- the sentence quoted is the one that settles the question (``_sentence``); a removed rule is never shown,
  and rolling a die (706) never answers a question about a creature that dies;
- a glossary entry that points at a rule shown on the page is shown with that rule, not apart from it,
  and a definition or section heading no shown rule holds comes after the rules;
- rulings that say the same thing (the same boilerplate on many cards) are shown once;
- each hit's excerpt is the sentence of the document that matches the question best, highlighted;
- a card type or color describes cards ("creatures with trample"); a keyword's name alone does not:
  "trample damage rules" asks about the rules.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache

import numpy as np

from ._cards import asked_abilities, question_rules, rules_for, says_little
from ._documents import Document
from ._embed import TextEmbedder, shipped_rule_vectors
from ._index import Hit, KnowledgeIndex, _ancestors
from ._lexical import LexicalRanker
from ._question import asking_part, is_question
from ._sentence import EXAMPLE, answers_nothing, asks_multiples, asks_zone, choose_sentence, is_removed_rule
from ._similar import similar_cards
from ._slang import Reading, read_in_rules_words
from ._suggest import CARD_WORDS, COLORS, in_oracle_words, keyword_vocabulary, suggest_syntax
from ._terms import Term, TermIndex, rule_refs
from ._text import STOPWORDS, fold, highlight, number_words, tokenize

RULES, RULINGS, CARDS = 10, 5, 5  # hits per group on an answer page
REQUEST_RULES = 4  # a request for cards shows at most this many rules: those of the words it names
SPECIFIC_TERM = 0.25  # a term this specific says what the cards are ("flying", "destroy"; not "creature")
TERM_BONUS = 1.0  # a rules term's lift, in units of "ranked first by one ranker"
CARD_TERM_SHARE = 0.5  # terms found in a named card's text count this much
# a keyword only the story of a long question names (not its asking sentence): dev first 56.6 -> 56.9 at 0.5
# (0.25: 56.2; every term, not only keywords, at 0.5: 56.9 but first 10 88.3 -> 87.9)
STORY_TERM_SHARE = 0.5
SUBRULE_SHARE = 0.3  # the share of a term's lift that goes to the subrules of the rule it points at
HEADING_SHARE = 0.5  # the share of a term's lift that goes to the rules under a section heading it points at
RULES_BM25_B = 0.5  # BM25's length normalisation over the rules (dev questions: 0.75 -> 0.5, +2 in the first 10)
NEAR_DUPLICATE = 0.8  # rulings whose word sets overlap this much (Jaccard) are one ruling
# cards asked for: "cards that ...", "black creatures with deathtouch", "white board wipes", "is there a card
# that ...", "cards like X"
_CARD_REQUEST = re.compile(
    r"^(?:(?:show me|find|any|all|which|what|some|good|best|cheap) )*"
    r"(?:(?:white|blue|black|red|green|colorless|multicolou?red|mono[- ]?\w+|legendary|basic|snow) )*"
    rf"(?:cards?|creatures?|spells?|instants?|sorcer(?:y|ies)|artifacts?|enchantments?|lands?|planeswalkers?|{CARD_WORDS})\b"
    r"|^(?:is there|are there) (?:a|an|any) (?:cards?|creatures?|spells?)\b"
    r"|\b(?:cards?|ones?) (?:like|similar to)\b",
    re.I,
)
_DIES = re.compile(r"\b(?:dies|died|dying)\b", re.I)
_DIE_ROLL = re.compile(r"\bdie roll|\broll(?:s|ed|ing)? (?:a|the|that|one|two) (?:\w+ )?(?:die|dice)\b", re.I)
_ROLLS = re.compile(r"\b(?:roll\w*|dice|d\d+)\b", re.I)
_LIKE = re.compile(r"\b(?:like|similar to)\s+(.+?)\s*\??$", re.I)


@dataclass(slots=True)
class _Candidate:
    """A document in the running for a place: its score (raised as the question's terms are weighed) and its
    1-based ranks in the lexical and the semantic ranking (None: not ranked there)."""

    score: float = 0.0
    lexical_rank: int | None = None
    semantic_rank: int | None = None


@dataclass
class Answers:
    """What the knowledge search shows for a query, group by group."""

    query: str
    question: bool  # the query reads as a question or a sentence
    rules: list[Hit] = field(default_factory=list)  # rules, and glossary entries no shown rule holds
    rulings: list[Hit] = field(default_factory=list)
    cards: list[Hit] = field(default_factory=list)
    terms: list[str] = field(default_factory=list)  # rules terms recognised in the query
    named_cards: list[str] = field(default_factory=list)  # cards named in the query
    readings: list[Reading] = field(default_factory=list)  # players' words read as the rules' ("ETB")
    card_request: bool = False  # the query asks for cards ("cards that ...", "cards like X")
    suggestion: str | None = None  # the closest card search syntax, for the player to edit

    @property
    def shown(self) -> list[Hit]:
        """Every hit in the order the page shows them."""
        return [*self.rules, *self.rulings, *self.cards]


def best_sentence(text: str, query: str) -> str:
    """The sentence (or line) of ``text`` that settles the question ``query`` (see ``_sentence.py``)."""
    return choose_sentence(text, query)


# words that say what is asked for, not what it is about ("trample damage rules", "rulings on Opt"): they
# choose no sentence and mark none ("See rule 120.6." holds the word "rule")
_ASKING_WORDS = re.compile(r"\b(?:rules?|rulings?)\b", re.I)
_RULE_NUMBER = re.compile(r"^(\d{3}\.\d+[a-z]*)\.?\s")


def _subject_words(query: str) -> str:
    subject = _ASKING_WORDS.sub(" ", query)
    return subject if subject.split() else query


def sentence_source(doc: Document, sentence: str) -> str:
    """Where in a rule's document `sentence` stands, for a sentence that does not begin with its own
    number: the subrule it is part of ("702.19a"), or the subrule whose example it is ("example of
    702.19b"); "" for a sentence of the document's own rule, whose number its title gives. A numbered
    rule's document holds its subrules, one per line, each example on a line of its own after the subrule
    it illustrates; a subrule's document holds itself."""
    if doc.kind != "rule" or _RULE_NUMBER.match(sentence):
        return ""
    number = doc.ref
    for line in doc.text.split("\n"):
        numbered = _RULE_NUMBER.match(line)
        if numbered:
            number = numbered.group(1)
        if sentence in line:
            if EXAMPLE.match(line):
                return f"example of {number}"
            return "" if number == doc.ref else number  # the document's own rule: its title says it
    return ""


class Answerer:
    """Answers queries over a ``KnowledgeIndex`` (built once per index: it reads its terms and card names).

    ``rules``: the vectors the rules and glossary entries are ranked by meaning with — "auto" (the MiniLM
    vectors shipped with the package, when they hold every rule of the index and the model is installed;
    else the index's own), ``(vectors, embedder)`` with one row per rule and glossary document in index
    order, or None (the index's own).
    """

    def __init__(self, index: KnowledgeIndex, rules: tuple[np.ndarray, TextEmbedder] | str | None = "auto"):
        self.index = index
        self.terms = TermIndex(index.documents)
        self._rule_at: dict[str, int] = {}
        self._card_at: dict[str, int] = {}
        self._rulings_of: dict[str, list[int]] = {}
        for i, doc in enumerate(index.documents):
            if doc.kind == "rule":
                self._rule_at[doc.ref] = i
            elif doc.kind == "card":
                self._card_at.setdefault(_name_key(doc.title), i)
            elif doc.kind == "ruling":
                self._rulings_of.setdefault(doc.ref, []).append(i)
        # a card with faces is named by each face too ("Bonecrusher Giant" of "Bonecrusher Giant // Stomp")
        for at in list(self._card_at.values()):
            title = self.index.documents[at].title
            if " // " in title:
                for face in title.split(" // "):  # "Who // What // When ...": a sentence's words name no face
                    if any(w not in STOPWORDS for w in _name_key(face).split()):
                        self._card_at.setdefault(_name_key(face), at)
        # players call "Nykthos, Shrine to Nyx" Nykthos: the name before the comma names the card when no
        # other card shares it and no card is called just that
        short: dict[str, list[int]] = {}
        for at in self._card_at.values():
            head, comma, _ = self.index.documents[at].title.partition(", ")
            if comma:
                short.setdefault(_name_key(head), []).append(at)
        self._short_at = {
            k: v[0]
            for k, v in short.items()
            if len(v) == 1 and k not in self._card_at and any(w not in STOPWORDS for w in k.split())
        }  # "Mine, Mine, Mine!" is not named by "Mine"
        self._longest_name = max((len(k.split()) for k in self._card_at), default=0)
        # the words of the rules' own terms: "deal damage" in lower case is the terms Deal and Damage, not the
        # card Deal Damage ("lightning bolt" is no rules term: it names the card in any case)
        self._term_words = self.terms.words()
        self._rules_rows = [i for i, d in enumerate(index.documents) if d.kind in ("rule", "glossary")]
        # what never answers, read once (checking each ranked rule per question cost a third of an answer):
        # removed rules, the rules of rolling a die, and the one-line subrules with nothing to quote, for each
        # of the questions' (asks about several instances, asks about another zone)
        self._removed = frozenset(i for i in self._rules_rows if is_removed_rule(index.documents[i].text))
        self._die_rolls = frozenset(
            i
            for i in self._rules_rows
            if index.documents[i].kind == "rule"
            and (index.documents[i].ref.startswith("706") or _DIE_ROLL.search(index.documents[i].text))
        )
        self._say_nothing = {
            (multiples, zones): frozenset(
                i
                for i in self._rules_rows
                if index.documents[i].kind == "rule"
                and answers_nothing(index.documents[i].text, multiples=multiples, zones=zones)
            )
            for multiples in (False, True)
            for zones in (False, True)
        }
        self.rules_index = self._build_rules_index(rules)

    def _build_rules_index(self, rules: tuple[np.ndarray, TextEmbedder] | str | None) -> KnowledgeIndex:
        """The rules and glossary apart: their own BM25 (word weights from the rules, not from 45k rulings)
        and their own vectors (the shipped MiniLM ones when ``rules`` is "auto" and they match)."""
        index = self.index
        docs = [index.documents[i] for i in self._rules_rows]
        vectors = index.vectors[self._rules_rows] if index.vectors is not None else None
        embedder, reason = index.embedder, index._unavailable_reason
        if rules == "auto":
            shipped = shipped_rule_vectors(docs)
            if shipped is not None:
                (vectors, embedder), reason = shipped, None
        elif isinstance(rules, str):
            raise ValueError(f'rules: {rules!r} is not "auto", (vectors, embedder) or None')
        elif rules is not None:
            vectors, embedder = rules
            reason = None
        lexical = LexicalRanker.build([d.lexical_text for d in docs], b=RULES_BM25_B)
        sub = KnowledgeIndex(docs, lexical, vectors, embedder, reason, fusion=index.fusion)
        if embedder is index.embedder:
            sub._query_vectors = index._query_vectors  # one query embedding for both
        return sub

    # --- what the query names ---------------------------------------------------------------

    def named_cards(self, query: str) -> list[int]:
        """Card documents named in the query: several words in any case, one word only when Capitalised."""
        original = re.findall(r"[\w'’,-]+", query or "")
        words = [_name_key(w) for w in original]
        # "Questing Beast's damage": a possessive ending a name is no part of it ("Teferi's Protection" keeps
        # its own)
        bare = [_name_key(re.sub(r"['’]s$", "", w)) for w in original]
        # "two Trepanation Blades": a card named in the plural (its name's own "s" is tried first)
        single = [_name_key(w[:-1]) if re.search(r"[^s'’]s$", w) and len(w) > 3 else "" for w in original]
        found: list[int] = []
        i = 0
        while i < len(words):
            for n in range(min(self._longest_name, len(words) - i), 0, -1):
                at = None
                for last in (words[i + n - 1], bare[i + n - 1], *filter(None, [single[i + n - 1]])):
                    key = " ".join(w for w in (*words[i : i + n - 1], last) if w)
                    at = self._card_at.get(key, self._short_at.get(key))
                    if at is not None:
                        break
                if at is None or len(key) < 2:  # "X spells": a letter names no card
                    continue
                if n == 1 and (i == 0 or not original[i][:1].isupper()):
                    continue  # "Shock", "Clone", "Fog" are words too: one word counts only as a Name
                if n > 1 and self._plain_words(original[i : i + n]):
                    continue  # "deal damage": several words in lower case, all words of rules terms
                if at not in found:
                    found.append(at)
                i += n
                break
            else:
                i += 1
        return found

    def _plain_words(self, words: Sequence[str]) -> bool:
        return not any(w[:1].isupper() for w in words) and all(
            stem in self._term_words for w in words for stem in tokenize(w)
        )

    def _without_names(self, query: str, cards: Sequence[int]) -> str:
        for at in cards:
            title = self.index.documents[at].title
            names = (title, title.partition(", ")[0], *(title.split(" // ") if " // " in title else ()))
            for name in names:  # its whole name, the name before the comma, a face's name
                pattern = r"(?<!\w)" + re.escape(name).replace(r"\ ", r"[\s,]+") + r"(?!\w)"
                query = re.sub(pattern + r"(?:['’]s)?", " ", query, flags=re.IGNORECASE)
        return " ".join(query.split())

    def query_terms(self, query: str, cards: Sequence[int]) -> list[tuple[Term, float]]:
        """Rules terms of the query (full weight) and of the named cards' texts (a share)."""
        out: dict[int, tuple[Term, float]] = {}

        def keep(term: Term, weight: float) -> None:
            concept = id(term.same_as or term)  # "deal damage": "Deal" is "See Damage.", one term, not two
            if concept not in out or out[concept][1] < weight:
                out[concept] = (term, weight)

        own = self._without_names(query, cards)
        asking = asking_part(own)
        # a keyword the story of a long question names ("Control a menace creature. ... Attack with both.") is what
        # its objects have, the context of what its asking sentence asks; named where it asks, it is asked about
        asked_terms = {id(t) for t in self.terms.find(asking)} if asking else None
        for term in self.terms.find(own):
            context = asked_terms is not None and id(term) not in asked_terms and _is_keyword(term)
            keep(term, term.weight * (STORY_TERM_SHARE if context else 1.0))
        for at in cards:  # the terms of a card's text, its own name left out ("Ravenous Chupacabra enters")
            doc = self.index.documents[at]
            for term in self.terms.find(self._without_names(doc.text, [at])):
                keep(term, term.weight * CARD_TERM_SHARE)
        return list(out.values())

    # --- ranking ----------------------------------------------------------------------------

    def _base(
        self, query: str, kinds: Sequence[str], mode: str, semantic_query: str | None = None
    ) -> dict[int, _Candidate]:
        """Candidates as ``{doc index: [score, lexical rank, semantic rank]}``, scored by their ranks alone."""
        f = self.index.fusion
        w = f.semantic_weight if mode == "fused" else (1.0 if mode == "semantic" else 0.0)
        out: dict[int, _Candidate] = {}
        index, rows = self.index, None
        if set(kinds) <= {"rule", "glossary"}:
            index, rows = self.rules_index, self._rules_rows
        for i, _score, lr, sr in index.rank(query, kinds=kinds, mode=mode, semantic_query=semantic_query):
            score = 0.0
            if lr is not None and w < 1:
                score += (1 - w) / (f.k + lr)
            if sr is not None and w > 0:
                score += w / (f.k + sr)
            out[i if rows is None else rows[i]] = _Candidate(score, lr, sr)
        return out

    def _rank_rules(
        self,
        query: str,
        terms: Sequence[tuple[Term, float]],
        mode: str,
        semantic_query: str | None = None,
        brought: dict[str, float] | None = None,
    ) -> list[tuple[int, float, int | None, int | None]]:
        cands = self._base(query, ("rule", "glossary"), mode, semantic_query)
        unit = TERM_BONUS / (self.index.fusion.k + 1)
        pointed: dict[str, float] = {}
        for number, weight in (brought or {}).items():  # the rules the named cards' abilities bring
            pointed[number] = pointed.get(number, 0.0) + weight
            if number in self._rule_at:
                cands.setdefault(self._rule_at[number], _Candidate())
        for term, weight in terms:
            for number in term.rules:
                pointed[number] = pointed.get(number, 0.0) + weight
                if number in self._rule_at:
                    cands.setdefault(self._rule_at[number], _Candidate())
            for g in term.glossary:
                cands.setdefault(g, _Candidate()).score += unit * weight
        if pointed:
            for i, entry in cands.items():
                doc = self.index.documents[i]
                if doc.kind == "rule":
                    entry.score += unit * _lift(doc.ref, pointed)
        ordered = sorted(cands.items(), key=lambda kv: (-kv[1].score, kv[0]))
        return [(i, c.score, c.lexical_rank, c.semantic_rank) for i, c in ordered]

    def _never_shown(self, question: str, subject: str) -> frozenset[int] | set[int]:
        """The rules that never answer this question: a removed rule; rolling a die (706) for a question about a
        creature that dies; a one-line subrule with nothing to quote (a redundancy line, unless the question
        asks about several instances)."""
        out = self._removed | self._say_nothing[(asks_multiples(subject), asks_zone(subject))]
        if _DIES.search(question) and not _ROLLS.search(question):
            out = out | self._die_rolls
        return out

    def _fold_glossary(self, hits: list[Hit]) -> list[Hit]:
        """A glossary entry pointing at a shown rule is shown with that rule (which takes the better place)."""
        rule_hit = {h.document.ref: n for n, h in enumerate(hits) if h.document.kind == "rule"}
        out: list[Hit | None] = list(hits)
        for n, hit in enumerate(hits):
            if hit.document.kind != "glossary" or out[n] is None:
                continue
            for number in rule_refs(hit.document.text):
                m = rule_hit.get(number)
                if m is None:  # "Library: See rule 401" goes with 401.3 when that is shown
                    m = next(
                        (k for ref, k in rule_hit.items() if number in _ancestors(ref) and out[k] is not None), None
                    )
                target = None if m is None else out[m]
                if m is None or target is None:
                    continue
                merged = replace(target, also=(hit.document, *target.also))
                if m > n:  # the rule moves up to where its definition was
                    out[n], out[m] = merged, None
                else:
                    out[m], out[n] = merged, None
                break
        # a definition no shown rule holds, or a section heading, comes after the rules: a question is
        # answered by a rule
        kept = [h for h in out if h is not None]
        return [h for h in kept if not _after_the_rules(h)] + [h for h in kept if _after_the_rules(h)]

    def _rank_rulings(self, query: str, cards: Sequence[int], mode: str, k: int) -> list[Hit]:
        cands = self._base(query, ("ruling",), mode)
        unit = 1.0 / (self.index.fusion.k + 1)
        for at in cards:  # the rulings of a card the question names come first
            for i in self._rulings_of.get(self.index.documents[at].ref, ()):
                cands.setdefault(i, _Candidate()).score += unit
        ordered = sorted(cands.items(), key=lambda kv: (-kv[1].score, kv[0]))
        hits = self.index.collapse(
            [(i, c.score, c.lexical_rank, c.semantic_rank) for i, c in ordered], query, k * 4, excerpts=False
        )
        return _drop_near_duplicates(hits, k)

    def _rank_cards(self, query: str, cards: Sequence[int], mode: str, k: int) -> list[Hit]:
        cands = self._base(query, ("card",), mode)
        top = max((c.score for c in cands.values()), default=0.0)
        for n, at in enumerate(cards):  # named cards first, in the order named
            cands.setdefault(at, _Candidate()).score = top + 1.0 + (len(cards) - n)
        ordered = sorted(cands.items(), key=lambda kv: (-kv[1].score, kv[0]))
        return self.index.collapse([(i, c.score, c.lexical_rank, c.semantic_rank) for i, c in ordered], query, k)

    def card_fit(self, query: str, mode: str = "fused") -> dict[str, float]:
        """How well each card fits plain words asking for cards, as the "Cards by what their text means"
        ranking scores them: oracle id -> score (higher fits better), for the cards the words find at all.
        Players' words go in as oracle text words them ("board wipes": "destroy all creatures"), so a wrath
        outscores a card whose text only mentions one."""
        # the colors asked for are the search's to check (c:w); in the words they would favour the cards
        # whose name says "white" (White Sun's Twilight) over the wraths
        words = " ".join(w for w in in_oracle_words(query).split() if w not in COLORS)
        cands = self._base(words or query, ("card",), mode)
        docs = self.index.documents
        fit: dict[str, float] = {}
        for at, candidate in cands.items():
            ref = docs[at].ref
            fit[ref] = max(candidate.score, fit.get(ref, 0.0))
        return fit

    def answer(
        self,
        query: str,
        *,
        rules: int = RULES,
        rulings: int = RULINGS,
        cards: int = CARDS,
        mode: str = "fused",
    ) -> Answers:
        query = (query or "").strip()
        out = Answers(query, is_question(query))
        if not query:
            return out
        named = self.named_cards(query)
        # "Does ETB trigger ...": "Does enters the battlefield trigger ..."
        asked, out.readings = read_in_rules_words(query)
        terms = self.query_terms(asked, named)
        out.terms = [t.name for t, _ in terms]
        out.named_cards = [self.index.documents[at].title for at in named]
        # a card's name says nothing about the rules ("Blood Knight" is no Knight creature type rule): the
        # rules are ranked on the rest of the question, what the named cards' texts say, and the rules their
        # abilities bring
        rules_query = self._without_names(asked, named) or asked
        brought = rules_for(
            [(self.index.documents[at].title, self.index.documents[at].text) for at in named], rules_query
        )
        for number, weight in question_rules(rules_query).items():  # what its own words ask of the rules
            brought[number] = max(brought.get(number, 0.0), weight)
        card_words = ""
        if named and says_little(rules_query):
            # a question that says little is about the whole of each card it names: their texts join its words
            # (not its meaning), their names left out
            texts = [self._without_names(self.index.documents[at].text, [at]) for at in named]
            rules_query = " ".join([rules_query, *texts])
            card_words = " ".join(texts)
        else:
            # a longer one, about what the abilities its words choose do, by the names of their rules terms
            # (Nykthos: devotion, not its every word): a card's whole text would drown the question's words
            card_terms = [
                t.name
                for at in named
                for span in asked_abilities(self.index.documents[at].title, self.index.documents[at].text, rules_query)
                for t in self.terms.find(self._without_names(span, [at]))
                if t.weight >= SPECIFIC_TERM
            ]
            rules_query = " ".join([rules_query, *dict.fromkeys(card_terms)])
        rules_query = " ".join([rules_query, *number_words(rules_query)])  # "7 cards": the rules say "seven cards"
        ranked = self._rank_rules(
            rules_query, terms, mode, semantic_query=self._without_names(asked, named) or asked, brought=brought
        )
        subject = self._without_names(asked, named) or asked
        never = self._never_shown(rules_query, subject)
        ranked = [r for r in ranked if r[0] not in never]
        rule_hits = self.index.collapse(ranked, asked, rules * 2, excerpts=False)
        # "How does Defensive Formation work?" asks what its text does: the sentence that settles it meets its text
        out.rules = _with_sentences(self._fold_glossary(rule_hits)[:rules], subject, terms, card_words)
        suggestion = suggest_syntax(query)
        # a card type, a color or a kind of card describes cards ("creatures with trample", "red haste", "mill
        # cards"); a keyword alone does not: "trample damage rules" asks what the rules say about trample
        describes_cards = suggestion is not None and re.search(r"(?:^| )(?:t|c|tag|theme):", suggestion) is not None
        out.card_request = bool(_CARD_REQUEST.search(query)) or (not out.question and describes_cards)
        if out.card_request:
            out.suggestion = suggestion
            out.rules = _rules_of_request(out.rules, terms)
        elif not out.question:  # "first strike combat damage": a rules term and words about it ask for rules
            out.question = _asks_about_a_term(self._without_names(query, named), self.terms)
        # a rules question's rulings and cards illustrate it: its words and the cards it names find them
        # (ranking 69k rulings and cards by meaning would cost a question most of its time); a request
        # for cards, or plain words, ranks them by meaning too
        mode = mode if out.card_request or not out.question else "lexical"
        if rulings:
            out.rulings = [_with_sentence(h, asked) for h in self._rank_rulings(asked, named, mode, rulings)]
        if cards:
            like = _LIKE.search(query) if out.card_request else None
            model = [
                at for at in named if like and _name_key(self.index.documents[at].title) in _name_key(like.group(1))
            ]
            if model:  # "cards like X": by meaning, else by the words of X's text; never X itself
                like_text = self.index.documents[model[0]].text
                out.cards = (
                    self._similar(model[0], cards)
                    or [
                        h
                        for h in self._rank_cards(like_text, [], mode, cards + 1)
                        if h.document.ref != self.index.documents[model[0]].ref
                    ][:cards]
                )
            else:  # "white board wipes": white cards that destroy all creatures
                words = in_oracle_words(query) if out.card_request else query
                out.cards = self._rank_cards(words, named, mode, cards)
        return out

    def _similar(self, at: int, k: int) -> list[Hit] | None:
        """Cards like the named one: by meaning and shared text (None without embeddings)."""
        vectors = self.index.card_vectors()
        if vectors is None:
            return None
        names = self.index.card_names()
        doc = self.index.documents[at]
        hits = []
        for oracle_id, score, reason in similar_cards(doc.ref, vectors, k=k, names=names):
            other = self.index.document(f"card:{oracle_id}")
            if other is not None:
                hits.append(Hit(other, score, None, None, [(reason, False)]))
        return hits


def _asks_about_a_term(text: str, terms: TermIndex) -> bool:
    """Whether plain words ask about a rules term: they name one, and not every word is a keyword's name
    ("trample damage rules" asks about trample; "lifelink deathtouch flying" may as well be cards)."""
    words = [w for w in re.findall(r"[a-z][a-z'-]*", fold(text)) if w not in STOPWORDS]
    if len(words) < 2 or not terms.find(text):
        return False
    keywords = keyword_vocabulary()
    i = 0
    while i < len(words):
        if i + 1 < len(words) and f"{words[i]} {words[i + 1]}" in keywords:
            i += 2
        elif words[i] in keywords:
            i += 1
        else:
            return True
    return False


def _rules_of_request(hits: Sequence[Hit], terms: Sequence[tuple[Term, float]]) -> list[Hit]:
    """What a request for cards shows of the rules: the rules and glossary entries of the specific terms it
    names ("creatures with flying and lifelink": 702.9 and 702.15), in their ranked order; the rest of the
    ranking says little about cards ("cards like Llanowar Elves" names no such term, and gets no rules)."""
    specific = [term for term, weight in terms if weight >= SPECIFIC_TERM]
    pointed = {number for term in specific for number in term.rules}
    names = {term.name for term in specific}

    def of_a_term(doc: Document) -> bool:
        if doc.kind == "glossary":
            return doc.title in names
        return doc.kind == "rule" and (doc.ref in pointed or any(a in pointed for a in _ancestors(doc.ref)))

    return [h for h in hits if of_a_term(h.document)][:REQUEST_RULES]


def _lift(number: str, pointed: dict[str, float]) -> float:
    """How much the terms pointing at ``pointed`` lift rule ``number``.

    The rule a term points at takes the whole lift (a numbered rule's document holds its subrules, so it
    is the one result to show); its subrules and the rules of a section it points at take a part, so
    the words of the question choose among them. A section heading itself takes none.
    """
    if _is_heading(number):
        return 0.0  # a heading answers nothing: its share goes to the rules under it
    lift = pointed.get(number, 0.0)
    ancestors = _ancestors(number)
    if ancestors:
        share = HEADING_SHARE if _is_heading(ancestors[0]) else SUBRULE_SHARE
        lift += share * pointed.get(ancestors[0], 0.0)
    return lift


def _is_keyword(term: Term) -> bool:
    """Whether a rules term is a keyword ability or action (its rules are under 701 or 702)."""
    return bool(term.rules) and all(n.startswith(("701.", "702.")) for n in term.rules)


def _is_heading(number: str) -> bool:
    """A section heading ("606", "702"): its document is the list of the headings under it."""
    return "." not in number


def _after_the_rules(hit: Hit) -> bool:
    doc = hit.document
    return doc.kind == "glossary" or (doc.kind == "rule" and _is_heading(doc.ref))


def _with_sentences(
    hits: Sequence[Hit], query: str, terms: Sequence[tuple[Term, float]], card_words: str = ""
) -> list[Hit]:
    """The rule hits with the sentence that settles the question quoted; a question about two rules terms
    at once is answered, in each one's rule, by the sentence that meets the other's rule; ``card_words``:
    the texts of the cards a question that says little else names, which choose the sentence too (they are
    not highlighted: the question's own words are)."""
    pointed = [h for h in hits if h.document.kind == "rule" and _pointed_by(h.document.ref, terms)]
    out = []
    for hit in hits:
        others = [h for h in pointed if h is not hit] if hit in pointed and len(pointed) > 1 else []
        context = frozenset(w for h in others[:2] for w in _word_set(h.document.text))
        out.append(_with_sentence(hit, query, context, card_words))
    return out


def _pointed_by(number: str, terms: Sequence[tuple[Term, float]]) -> bool:
    return any(weight >= SPECIFIC_TERM and number in term.rules for term, weight in terms)


def _with_sentence(hit: Hit, query: str, context: frozenset[str] = frozenset(), card_words: str = "") -> Hit:
    subject = _subject_words(query)
    sentence = choose_sentence(hit.document.text, " ".join([subject, card_words]).strip(), context)
    return replace(
        hit, excerpt=highlight(sentence, subject, width=320), excerpt_from=sentence_source(hit.document, sentence)
    )


def _name_key(text: str) -> str:
    return " ".join(re.findall(r"[a-z0-9]+", fold(text).replace("'", "")))


@lru_cache(maxsize=1 << 14)
def _word_set(text: str) -> frozenset[str]:
    return frozenset(tokenize(text))


def _drop_near_duplicates(hits: Iterable[Hit], k: int) -> list[Hit]:
    """Hits whose text nearly repeats an earlier kept hit's fold into it (``also``); at most ``k`` kept."""
    kept: list[Hit] = []
    sets: list[frozenset[str]] = []
    for hit in hits:
        words = _word_set(hit.document.text)
        for n, other in enumerate(sets):
            union = len(words | other) or 1
            if len(words & other) / union >= NEAR_DUPLICATE:
                kept[n] = replace(kept[n], also=(*kept[n].also, hit.document, *hit.also))
                break
        else:
            if len(kept) < k:
                kept.append(hit)
                sets.append(words)
    return kept


def by_fit(oracle_ids: Sequence[str], fit: Mapping[str, float]) -> list[str]:
    """Cards found for plain words, the best fit first (Answerer.card_fit), then the cards the words do not
    rank in the order they came in (the order the player chose: by name, by price, ...)."""
    place = {oid: n for n, oid in enumerate(oracle_ids)}
    return sorted(oracle_ids, key=lambda oid: (oid not in fit, -fit.get(oid, 0.0), place[oid]))
