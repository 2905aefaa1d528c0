import pytest

from tolaria.knowledge import Answerer, Document, KnowledgeIndex, best_sentence, documents_from
from tolaria.knowledge._answer import sentence_source


@pytest.fixture(scope="module")
def cr_answers(rulebook):
    extra = [
        Document(
            "card:bk", "card", "Blood Knight", "Creature — Vampire Knight\nFirst strike, protection from white", "bk"
        ),
        Document("card:sp", "card", "Swords to Plowshares", "Instant\nExile target creature.", "sp"),
        Document(
            "card:nyx",
            "card",
            "Nykthos, Shrine to Nyx",
            "Legendary Land\n{T}: Add {C}.\n{2}, {T}: Choose a color. Add an amount of mana of that color equal to"
            " your devotion to that color.",
            "nyx",
        ),
        Document("card:xa", "card", "Xenagos, the Reveler", "Legendary Planeswalker — Xenagos", "xa"),
        Document("card:mine", "card", "Mine, Mine, Mine!", "Enchantment", "mine"),
        Document("card:dd", "card", "Deal Damage", "Instant\nDeal Damage deals 4 damage to any target.", "dd"),
        Document(
            "card:wog", "card", "Wrath of God", "Sorcery\nDestroy all creatures. They can't be regenerated.", "wog"
        ),
        Document(
            "card:dis",
            "card",
            "Disorder",
            "Sorcery\nDisorder deals 2 damage to each white creature and each player who controls a white creature.",
            "dis",
        ),
        Document("card:xg", "card", "Xenagos, God of Revels", "Legendary Enchantment Creature — God", "xg"),
        Document(  # its Oracle text (Dark Ascension)
            "card:geist",
            "card",
            "Geist of Saint Traft",
            "Legendary Creature — Spirit Cleric\nHexproof\nWhenever Geist of Saint Traft attacks, create a 4/4 white"
            " Angel creature token with flying that's tapped and attacking. Exile that token at end of combat.",
            "geist",
        ),
    ]
    boilerplate = "If the target creature is an illegal target as this ability tries to resolve, it won’t resolve."
    for n in range(4):  # the same ruling on four cards: shown once
        extra.append(Document(f"card:c{n}", "card", f"Card {n}", "Creature — Elf", f"c{n}"))
        extra.append(Document(f"ruling:c{n}:0", "ruling", f"Card {n}", boilerplate, f"c{n}"))
    index = KnowledgeIndex.build(documents_from(rulebook) + extra, embedder=None)
    return Answerer(index)


def test_a_question_gets_rules_first_with_the_sentence_marked(cr_answers):
    q = "If my creature with deathtouch and trample is blocked, how much damage has to go to the blocker?"
    a = cr_answers.answer(q, mode="lexical")
    assert a.question
    assert {"Deathtouch", "Trample"} <= set(a.terms)
    kinds = [h.document.kind for h in a.shown]
    assert kinds[: len(a.rules)] == [k for k in kinds[: len(a.rules)] if k in ("rule", "glossary")]
    top = [h.document.ref for h in a.rules[:3]]
    assert "702.19" in top or "702.2" in top
    first = a.rules[0]
    assert any(marked for _, marked in first.excerpt)
    assert "".join(t for t, _ in first.excerpt).strip() in first.document.text


def test_a_glossary_entry_is_shown_with_the_rule_it_points_at(cr_answers):
    a = cr_answers.answer("trample", mode="lexical")
    first = a.rules[0]
    assert first.document.ref == "702.19"
    assert any(d.kind == "glossary" and d.title == "Trample" for d in first.also)
    assert not any(h.document.kind == "glossary" and h.document.title == "Trample" for h in a.rules)


def test_a_question_naming_a_card_finds_the_rule_of_its_text(cr_answers):
    a = cr_answers.answer("Can you Swords to Plowshares a Blood Knight?", mode="lexical")
    assert a.named_cards[:2] == ["Swords to Plowshares", "Blood Knight"]
    assert "Protection" in a.terms  # from Blood Knight's own text
    assert any(h.document.ref.startswith("702.16") for h in a.rules[:5])
    assert [h.document.title for h in a.cards[:2]] == ["Swords to Plowshares", "Blood Knight"]


def test_a_word_that_is_a_card_name_counts_only_as_a_name(cr_answers):
    assert cr_answers.answer("does blood knight have first strike", mode="lexical").named_cards == ["Blood Knight"]
    assert cr_answers.answer("Card of the day", mode="lexical").named_cards == []


def test_near_duplicate_rulings_are_shown_once(cr_answers):
    a = cr_answers.answer("illegal target as this ability tries to resolve", mode="lexical")
    texts = [h.document.text for h in a.rulings]
    assert len(texts) == len(set(texts))
    assert len(a.rulings[0].also) >= 3


def test_best_sentence_is_the_one_with_the_question_words():
    text = "Trample is a static ability. Deathtouch damage of 1 is lethal for trample. Flying is evasion."
    assert (
        best_sentence(text, "how much trample damage with deathtouch")
        == "Deathtouch damage of 1 is lethal for trample."
    )


def test_the_rules_own_sentence_is_shown_before_its_example():
    # 702.19's text: the rule's sentence and an example holding the same words and a "2"
    text = (
        "702.19b The controller of an attacking creature with trample first assigns damage to the creature(s)"
        " blocking it.\nExample: The active player could assign 1 damage to the blocking creature, and 2 damage"
        " to the defending player from the creature with trample."
    )
    q = "Trample + Deathtouch: how much damage do I assign to a 2/2 blocker?"
    assert best_sentence(text, q).startswith("702.19b The controller")
    assert best_sentence(text, "trample example defending player").startswith("Example:")  # only it matches


def test_a_card_request_gets_cards_and_an_editable_search(cr_answers):
    a = cr_answers.answer("green creature that makes mana", mode="lexical")
    assert a.card_request
    assert a.suggestion and "c:g" in a.suggestion and "t:creature" in a.suggestion
    assert a.cards and all(h.document.kind == "card" for h in a.cards)


@pytest.mark.parametrize(
    ("query", "rules"),
    [
        # Flying is 702.9, Lifelink 702.15, Mill 701.17 (CR): the rules of the words the request names
        ("creatures with flying and lifelink", {"702.9", "702.15"}),
        ("mill cards", {"701.17"}),
        ("cards like Llanowar Elves", set()),  # "cards" and "creatures" say nothing the rules would add
    ],
)
def test_a_card_request_shows_only_the_rules_of_the_specific_words_it_names(cr_answers, query, rules):
    a = cr_answers.answer(query, mode="lexical")
    assert a.card_request
    assert {h.document.ref for h in a.rules} == rules


@pytest.mark.parametrize(
    ("query", "syntax"),
    [
        ("white board wipes", "c:w tag:sweeper"),
        ("good black tutors", 'c:b o:"search your library"'),
        ("is there a card that untaps lands", 'o:"untap" o:"land"'),
        ("mill cards", "theme:mill"),
        ("red spells that deal damage to any target", 'c:r o:"deals" o:"damage"'),
    ],
)
def test_cards_asked_for_in_players_words_are_a_card_request(cr_answers, query, syntax):
    a = cr_answers.answer(query, mode="lexical")
    assert a.card_request and a.suggestion == syntax


def test_cards_asked_for_in_players_words_are_ranked_by_what_their_text_says(cr_answers):
    # a board wipe destroys all creatures (MTG Wiki, List of Magic slang): Wrath of God's text says "Destroy all
    # creatures."; Disorder's says "white" twice and is no board wipe
    titles = [h.document.title for h in cr_answers.answer("white board wipes", mode="lexical").cards]
    assert titles[0] == "Wrath of God"


def test_a_rules_question_is_no_card_request(cr_answers):
    a = cr_answers.answer("Does first strike beat deathtouch?", mode="lexical")
    assert not a.card_request and a.suggestion is None
    a = cr_answers.answer("Does burn damage go through a creature with protection?", mode="lexical")
    assert not a.card_request and a.suggestion is None


def test_the_rules_are_ranked_by_meaning_with_the_shipped_vectors_even_in_a_lexical_index(rulebook):
    index = KnowledgeIndex.build(documents_from(rulebook), embedder=None)
    answerer = Answerer(index)  # rules="auto": the MiniLM vectors shipped with the package
    assert not index.semantic_available and answerer.rules_index.semantic_available
    q = "can the leftover damage of a big attacker go through to the player after the blocker is dealt lethal damage"
    a = answerer.answer(q, mode="semantic")  # no word of "trample" in it
    assert any(h.document.ref.startswith("702.19") for h in a.rules[:5])
    assert Answerer(index, rules=None).rules_index.semantic_available is False


def test_a_definition_no_shown_rule_holds_comes_after_the_rules(cr_answers):
    a = cr_answers.answer("What happens if you run out of cards in your library?", mode="lexical")
    kinds = [h.document.kind for h in a.rules]
    assert kinds[0] == "rule"
    assert kinds == sorted(kinds, key=("rule", "glossary").index)


def test_a_named_cards_text_says_what_the_question_is_about(cr_answers):
    # "Can you Swords to Plowshares a Blood Knight?": nothing but the cards' texts names protection
    a = cr_answers.answer("Can you Swords to Plowshares a Blood Knight?", mode="lexical")
    assert a.named_cards == ["Swords to Plowshares", "Blood Knight"]
    assert any(h.document.ref.startswith("702.16") for h in a.rules[:5])


def test_a_section_heading_is_no_answer_the_rules_under_it_are(cr_answers):
    # "Loyalty Ability: ... See rule 606": 606 is the heading "606. Loyalty Abilities", the answers are 606.1-606.6
    a = cr_answers.answer("How do loyalty abilities work?", mode="lexical")
    refs = [h.document.ref for h in a.rules if h.document.kind == "rule"]
    assert refs[0].startswith("606.")
    assert sum(r.startswith("606.") for r in refs[:5]) >= 3
    late = [n for n, h in enumerate(a.rules) if h.document.kind == "glossary" or "." not in h.document.ref]
    assert late == list(range(len(a.rules) - len(late), len(a.rules)))  # headings and definitions last


@pytest.mark.parametrize(
    ("query", "rule"),
    [("trample damage rules", "702.19"), ("first strike combat damage", "702.7"), ("how does trample work", "702.19")],
)
def test_a_keywords_rules_are_asked_for_not_the_cards_with_it(cr_answers, query, rule):
    # a player typing "trample damage rules" wants what the rules say about trample, not cards with trample
    a = cr_answers.answer(query, mode="lexical")
    assert a.question and not a.card_request and a.suggestion is None
    assert a.rules[0].document.ref.startswith(rule)


@pytest.mark.parametrize(
    ("query", "syntax"),
    [("creatures with trample", "t:creature kw:trample"), ("red haste", "c:r kw:haste")],
)
def test_a_keyword_with_a_type_or_color_still_asks_for_cards(cr_answers, query, syntax):
    a = cr_answers.answer(query, mode="lexical")
    assert a.card_request and a.suggestion == syntax


def test_keyword_names_alone_are_plain_words_not_a_question(cr_answers):
    a = cr_answers.answer("lifelink deathtouch flying", mode="lexical")
    assert not a.question and not a.card_request


def test_rules_terms_in_lower_case_are_no_card_name(cr_answers):
    # the card Deal Damage (Unfinity) is named by its name written as one; "deal damage" is the rules' words
    assert cr_answers.answer("Could a Pyroclasm deal damage to a Vedalken Outlander?").named_cards == []
    assert cr_answers.answer("Can I protect my creature from Deal Damage?").named_cards == ["Deal Damage"]
    assert cr_answers.answer("can you swords to plowshares a blood knight").named_cards == [
        "Swords to Plowshares",
        "Blood Knight",
    ]


def test_an_obsolete_term_gets_the_rule_of_the_term_it_was_renamed_to(cr_answers):
    # "Converted Mana Cost (Obsolete): An obsolete term for mana value." (CR glossary); mana value: 202.3
    a = cr_answers.answer("What is converted mana cost?", mode="lexical")
    assert a.rules[0].document.ref.startswith("202.3")


@pytest.mark.parametrize(
    ("question", "rule"),
    [
        ("what happens if I get decked?", "121.4"),  # decking: drawing from an empty library (MTG Wiki slang)
        ("What is summoning sickness?", "302.6"),  # the glossary's "Summoning Sickness Rule"
    ],
)
def test_players_words_get_the_rule(cr_answers, question, rule):
    assert cr_answers.answer(question, mode="lexical").rules[0].document.ref.startswith(rule)


def test_players_words_are_read_as_the_rules_terms(cr_answers):
    a = cr_answers.answer("Can a creature attack the turn it ETBs?", mode="lexical")
    assert "Enters the Battlefield" in a.terms
    # the glossary's "Summoning Sickness Rule", as players say it
    assert cr_answers.answer("What is summoning sickness?", mode="lexical").terms == ["Summoning Sickness Rule"]


def test_a_legendary_card_is_named_by_the_name_before_its_comma(cr_answers):
    # players call "Nykthos, Shrine to Nyx" Nykthos; its text says what the question is about (devotion)
    a = cr_answers.answer("Does Nykthos produce six mana from Nightveil Specter or three?", mode="lexical")
    assert a.named_cards == ["Nykthos, Shrine to Nyx"]
    assert any(h.document.ref.startswith("700.5") for h in a.rules[:3])
    # a short name two cards share names neither, and a word of a sentence names no card
    assert cr_answers.answer("Can I copy Xenagos with a clone?", mode="lexical").named_cards == []
    assert cr_answers.answer("Whose creature is it, Mine or Yours?", mode="lexical").named_cards == []


def test_a_number_in_figures_meets_the_rules_number_in_words(cr_answers):
    # the rules write "seven cards" (402.2, maximum hand size; 514.1, discarding down), players write 7
    for q in ("Can I keep more than 7 cards?", "Do I have to discard down to 7 at the end of my turn?"):
        a = cr_answers.answer(q, mode="lexical")
        assert any(h.document.ref.startswith(("402.2", "514.1")) for h in a.rules[:5]), q


def test_an_excerpt_says_which_subrule_its_sentence_comes_from(cr_answers):
    """A numbered rule's document holds all its subrules: a sentence that does not begin with its own
    number is shown with it (CR 702.19a's second sentence: "The ability has no effect when a creature with
    trample is blocking or is dealing noncombat damage."), and an example's sentence with the subrule it
    illustrates (the example of 702.19b, "…assign 1 damage to the blocking creature…")."""
    blocking = cr_answers.answer("creature with trample blocking noncombat damage", mode="lexical")
    hit = next(h for h in blocking.rules if h.document.ref == "702.19")
    assert "".join(t for t, _ in hit.excerpt).startswith("The ability has no effect")
    assert hit.excerpt_from == "702.19a"
    doc = cr_answers.index.document("rule:702.19")
    protection = "The attacking creature’s controller must assign at least 2 damage to the blocker"
    sentence = next(s for s in doc.text.replace("\n", " \n").split(". ") if s.strip().startswith(protection))
    assert sentence_source(doc, sentence.strip()) == "example of 702.19b"
    assert sentence_source(doc, "Example: A 6/6 green creature with trample is blocked by a 2/2 creature") == (
        "example of 702.19b"
    )
    # a sentence of the document's own rule: the title gives its number (120.2 is "Any object can deal damage.")
    assert sentence_source(cr_answers.index.document("rule:120.2"), "Any object can deal damage.") == ""
    # a sentence that begins with its number says it itself
    first = cr_answers.answer("Trample over planeswalkers variant", mode="lexical")
    hit = next(h for h in first.rules if h.document.ref.startswith("702.19"))
    assert "".join(t for t, _ in hit.excerpt).startswith("702.19c") and hit.excerpt_from == ""


def test_the_words_rule_and_rules_choose_no_sentence(cr_answers):
    """ "trample damage rules": "rules" says what is asked for, not what it is about; the sentence shown is
    one about trample and damage, never a cross-reference ("See rule 120.6.") for its word "rule"."""
    a = cr_answers.answer("trample damage rules", mode="lexical")
    for hit in a.rules:
        marked = {t.lower() for t, m in hit.excerpt if m}
        assert "rule" not in marked and "rules" not in marked


def test_the_answers_say_which_players_words_were_read_as_the_rules_words(cr_answers):
    a = cr_answers.answer("Is a token in play a permanent?", mode="lexical")
    assert [(r.words, r.rules_words) for r in a.readings] == [("in play", "on the battlefield")]
    assert "Battlefield" in a.terms  # "in play" is the battlefield (403.5), not the term Play
    assert "Play" not in a.terms
    assert cr_answers.answer("Does trample work when blocking?", mode="lexical").readings == []


def test_a_question_saying_little_but_a_card_quotes_the_sentence_its_text_meets(cr_answers):
    """A question of a few words of its own beside the card it names (Cranial Insertion, q143 of the set):
    what the card's text does chooses the sentence too. CR 702.83a "Exalted" means "Whenever a creature you
    control attacks alone ..." answers whether an attacking Geist gets exalted; 702.83b only defines
    attacking alone."""
    q = "My entire shop got into a fight about if Geist of Saint Traft would get exalted if he attacked alone."
    a = cr_answers.answer(q)
    exalted = next(h for h in a.rules if h.document.ref == "702.83")
    quoted = "".join(t for t, _ in exalted.excerpt)
    assert quoted.startswith("702.83a") or "attacks alone, that creature gets +1/+1" in quoted, quoted


def test_a_keyword_only_the_story_of_a_question_names_is_context(rulebook):
    # "Control a menace creature. ... Does the opponent have to block ...?": menace is what the creature has; the
    # sentence that asks says what is asked (the requirement to block, 509.1c), so menace weighs half
    answerer = Answerer(KnowledgeIndex.build(documents_from(rulebook), embedder=None))
    told = dict(
        (t.name, w)
        for t, w in answerer.query_terms(
            "I control a menace creature. I attack with it. Does the opponent have to block it with both creatures?", []
        )
    )
    asked = dict((t.name, w) for t, w in answerer.query_terms("Does a menace creature have to be blocked by two?", []))
    assert told["Menace"] == pytest.approx(asked["Menace"] / 2)
    assert "Block" in told and told["Block"] == asked.get("Block", told["Block"])  # the asking sentence names it
