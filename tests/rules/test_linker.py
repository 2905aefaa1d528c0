import json
import unicodedata
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tolaria.rules import Linker, keyword_coverage

SEED = json.loads((Path(__file__).parent / "data" / "seed_cases.json").read_text(encoding="utf-8"))


def _norm(s: str) -> str:
    return " ".join(unicodedata.normalize("NFC", s).split())


def pairs(spans):
    return [(s.text, s.rule) for s in spans]


@pytest.mark.parametrize("card", SEED["cards"], ids=lambda c: c["card"])
def test_seed_cards(linker, book, card):
    for term in card["terms"]:
        text = card["oracle"][term["face"]]
        spans = linker.link(text, card["card"])
        assert (term["text"], term["rule"]) in pairs(spans), (term["text"], pairs(spans))
        shown = {r.number: _norm(r.text) for r in book.subtree(term["rule"])}
        for must in term["must_show"]:
            assert shown.get(must["rule"]) == _norm(must["text"])


def test_a_linker_built_afresh_links_every_seed_card(book):
    # the catalog (keyword forms, glossary terms, their senses) is made when a linker is built; the session's
    # linker is built by whichever test runs first, so this one builds its own and checks every seed link
    linker = Linker(book)
    for card in SEED["cards"]:
        for term in card["terms"]:
            spans = linker.link(card["oracle"][term["face"]], card["card"])
            assert (term["text"], term["rule"]) in pairs(spans), (card["card"], term["text"])


def test_comma_list(linker):
    assert pairs(linker.link("Flying, vigilance")) == [("Flying", "702.9"), ("vigilance", "702.20")]
    assert pairs(linker.link("Flying; fear")) == [("Flying", "702.9"), ("fear", "702.36")]


def test_parameters(linker):
    text = "Equip {2}\nWard\u2014Pay 2 life\nProtection from red\nForestwalk\nNonbasic landwalk\nKicker {2}{R}"
    assert [(s.text, s.rule) for s in linker.link(text) if s.kind == "keyword_ability"] == [
        ("Equip", "702.6"),
        ("Ward", "702.21"),
        ("Protection", "702.16"),
        ("Forestwalk", "702.14"),
        ("Nonbasic landwalk", "702.14"),
        ("Kicker", "702.33"),
    ]


def test_longest_match(linker):
    assert pairs(linker.link("First strike")) == [("First strike", "702.7")]
    assert pairs(linker.link("Double strike")) == [("Double strike", "702.4")]
    assert pairs(linker.link("Trample over planeswalkers")) == [("Trample over planeswalkers", "702.19")]


def test_flash_is_not_flashback(linker):
    got = pairs(linker.link("Flashback {1}{R}"))
    assert got == [("Flashback", "702.34")]
    assert pairs(linker.link("Flash")) == [("Flash", "702.8")]


def test_granted_keywords(linker):
    got = pairs(linker.link("Equipped creature has trample and can't be blocked by more than one creature."))
    assert ("trample", "702.19") in got
    got = pairs(
        linker.link(
            "Target creature gains flying and first strike until end of turn. Creatures with reach can block it."
        )
    )
    assert {("flying", "702.9"), ("first strike", "702.7"), ("reach", "702.17")} <= set(got)


def test_keyword_word_not_as_ability(linker):
    # "flying" in a creature's name or a normal sentence is not a keyword ability
    assert all(
        s.kind != "keyword_ability" for s in linker.link("Flying Men attacks each combat if able.", "Flying Men")
    )


def test_card_name_is_not_a_keyword(linker):
    assert linker.link("Flying Men", "Flying Men") == []
    assert pairs(linker.link("Flying", "Flying Men")) == [("Flying", "702.9")]


def test_keyword_actions_in_their_inflected_forms(book):
    # a linker of its own: the word forms are made when a linker is built, and the session's is built by
    # whichever test runs first (a mutation run reruns only that test for the code that builds it)
    linker = Linker(book)
    # one sentence at a time: a term repeated on one face is marked once (Linker docs, _once_each)
    text = (
        "Attach it. It attaches. It was attached. Exile it. It was exiled. Sacrifice a creature. Scry 2. Investigate. "
        "Transform it. It transformed. Creatures fought. If a creature was sacrificed this way, draw a card. "
        "If a Dragon was beheld, draw a card. Each player mills two cards."
    )
    got = [p for sentence in text.split(". ") for p in pairs(linker.link(sentence))]
    for word, rule in [
        ("Attach", "701.3"),
        ("attaches", "701.3"),
        ("attached", "701.3"),
        ("Exile", "701.13"),
        ("exiled", "701.13"),
        ("Sacrifice", "701.21"),
        ("Scry", "701.22"),
        ("Investigate", "701.16"),
        ("Transform", "701.27"),
        ("transformed", "701.27"),
        ("fought", "701.14"),
        ("sacrificed", "701.21"),
        ("beheld", "701.4"),
        ("mills", "701.17"),
    ]:
        assert (word, rule) in got, word


def test_counter_noun_is_not_the_action(linker):
    got = pairs(linker.link("Counter target spell. Put a +1/+1 counter on it."))
    assert got.count(("Counter", "701.6")) == 1 and ("counter", "701.6") not in got


def test_ability_words(linker, book):
    spans = linker.link("Landfall \u2014 Whenever a land you control enters, you gain 1 life.")
    assert (spans[0].text, spans[0].kind, spans[0].rule) == ("Landfall", "ability_word", "207.2c")
    assert "ability word" in book.rule(spans[0].rule).text
    assert all(s.kind != "ability_word" for s in linker.link("Choose one \u2014\n\u2022 Draw a card."))


def test_day_and_night(linker, book):
    night = [
        s
        for s in linker.link(
            "Daybound (If a player casts no spells during their own turn, it becomes night next turn.)"
        )
        if s.text == "it becomes night"
    ]
    day = [
        s
        for s in linker.link(
            "Nightbound (If a player casts at least two spells during their own turn, it becomes day next turn.)"
        )
        if s.text == "it becomes day"
    ]
    assert night[0].rule == "730.2a" and night[0].in_reminder
    assert day[0].rule == "730.2b"
    assert book.rule(night[0].rule).parent and book.rule("730").title == "Day and Night"


def test_glossary_terms(linker):
    got = {
        (s.text, s.rule, s.glossary_term)
        for s in linker.link(
            "Create a Treasure token and a Food token. You become the monarch. You take the initiative. Create a Monster Role token attached to it. If it's night, draw a card."
        )
    }
    texts = {t for t, _, _ in got}
    assert {"Treasure token", "Food token", "the monarch", "the initiative", "Monster Role token", "night"} <= texts
    assert ("Treasure token", "111.10a", "treasure token") in got
    # a predefined token's name and the word "token" after it are one link, to the rule that defines it
    assert "token" not in texts and "Treasure" not in texts
    assert not {"draw", "card"} & texts  # words of the basic game: not marked (linker._ORDINARY_TERMS)


def test_ordinary_words_are_not_marked_but_the_terms_that_contain_them_are(linker):
    text = (
        "Whenever an attacking creature you control deals combat damage to a player, target opponent draws a "
        "card. It deals 2 damage to any target. Defending player loses 1 life."
    )
    marked = {s.text.lower() for s in linker.link(text) if s.kind == "glossary"}
    assert {"attacking creature", "combat damage", "any target", "defending player"} <= marked
    assert not {"creature", "you", "player", "target", "opponent", "card", "damage", "life", "draws"} & marked


def test_rule_references_in_oracle(linker):
    spans = linker.link("(See rule 702.19.)")
    assert [(s.text, s.kind) for s in spans] == [("702.19", "rule_reference")]


def test_coverage(linker):
    cov = keyword_coverage(
        linker,
        [
            ("Y", "Draw a card.", []),  # a card MTGJSON names no keyword of counts for nothing, and ends nothing
            ("Fleetfoot Dancer", "Trample, lifelink, haste", ["Haste", "Lifelink", "Trample"]),
            ("X", "Draw a card.", ["Flying"]),
        ],
    )
    assert (cov.linked, cov.total, cov.misses) == (3, 4, [("X", "Flying")])


ORACLE_CHARS = st.text(alphabet=st.sampled_from(list("abcdefghilnorstuvwxy FTSEW,;.\u2014(){}12\n")), max_size=120)
WORDS = st.lists(
    st.sampled_from(
        [
            "Flying",
            "flying",
            "first",
            "strike",
            "Trample",
            "over",
            "planeswalkers",
            ",",
            "\n",
            "Equip",
            "{2}",
            "(",
            ")",
            "exile",
            "it becomes night",
            "Landfall",
            "\u2014",
            "has",
            "Treasure",
            "the monarch",
            "counter",
            "target",
            "Flashback",
            "rule 702.19",
        ]
    ),
    max_size=30,
)


@settings(max_examples=150, deadline=None)
@given(st.one_of(ORACLE_CHARS, WORDS.map(" ".join)))
def test_spans_never_overlap(linker, text):
    spans = linker.link(text, "Flying Men")
    last = 0
    for s in spans:
        assert 0 <= s.start < s.end <= len(text)
        assert s.start >= last
        assert text[s.start : s.end] == s.text
        last = s.end


# --- senses (issue 12): the rule a term points at in the sense the card uses it; numbers read from the CR


def _rule_of(linker, text, word, name=None):
    return [s.rule for s in linker.link(text, name) if s.text == word]


def test_zone_or_action(linker, book):
    text = "Exile target creature. Return it from exile."
    assert _rule_of(linker, text, "Exile") == [book.keyword_actions()["Exile"]]
    zone = _rule_of(linker, text, "exile")
    assert zone and book.rule(zone[0]).title == "Exile" and zone[0] != book.keyword_actions()["Exile"]


def test_step_symbol_ability_and_card_kind(linker, book):
    spans = {
        s.text: s.rule
        for s in linker.link(
            "{Q}: It doesn't untap during your untap step. Activated abilities can't be activated. Transform this double-faced card."
        )
    }
    assert book.rule(spans["untap step"]).title == "Untap Step"
    assert "untap symbol" in book.rule(spans["{Q}"]).text.lower()
    assert book.rule(spans["Activated abilities"]).title == "Activating Activated Abilities"
    assert book.rule(spans["double-faced card"]).title == "Double-Faced Cards"


def test_day_night_by_who_makes_it(linker, book):
    own = _rule_of(linker, "At the beginning of your upkeep, it becomes night.", "it becomes night")
    assert own and "“It becomes day”" in book.rule(own[0]).text
    for text in ("Put a night counter on it.", "Until that day, draw a card.", "Arabian Nights"):
        assert not any(
            book.rule(s.rule).title == "Day and Night"
            or (
                book.get(s.rule)
                and book.rule(s.rule).parent
                and book.rule(book.rule(s.rule).parent).title == "Day and Night"
            )
            for s in linker.link(text)
        )


def test_variants_most_specific_subrule(linker, book):
    spans = {s.text: s.rule for s in linker.link("Partner—Friends forever")}
    assert "Partner—[text]" in book.rule(spans["Partner"]).text
    assert "Bands with other" in book.rule(linker.link("Bands with other Legends")[0].rule).text
    assert linker.link("Goblin offering")[0].rule.startswith(book.keyword_abilities()["Offering"])
    assert "Modular—Sunburst" in " ".join(book.rule(linker.link("Modular—Sunburst")[0].rule).examples)


def test_own_names_never_linked(linker):
    assert not [
        s
        for s in linker.link("Whenever Blood Artist or another creature dies, you gain 1 life.", "A-Blood Artist")
        if "Blood" in s.text or "Artist" in s.text
    ]


def test_glossary_terms_and_repetition(linker):
    spans = linker.link("When this creature dies, create a token. Its mana value is 3. Create another token.")
    assert [s.text for s in spans if s.kind == "glossary"].count("token") == 1  # once per face
    assert {"dies", "mana value", "token"} <= {s.text for s in spans}


def _intervening(spans):
    return [(s.start, s.text) for s in spans if s.glossary_term and "intervening" in s.glossary_term]


def test_intervening_if_only_after_a_trigger_condition(linker):
    # issue 26: Blightsteel Colossus's "If … would be put into a graveyard" is a replacement effect (614.1a),
    # not the intervening-if clause (603.4)
    blightsteel = (
        "Trample, infect, indestructible\nIf Blightsteel Colossus would be put into a graveyard from anywhere, "
        "reveal Blightsteel Colossus and shuffle it into its owner's library instead."
    )
    assert _intervening(linker.link(blightsteel, "Blightsteel Colossus")) == []
    # the once-per-face mark goes to the real intervening "if", not to a sentence-initial "If" before it
    text = (
        "If a creature would die, exile it instead.\n"
        "At the beginning of your upkeep, if you control no creatures, draw a card."
    )
    assert _intervening(linker.link(text, "Test Card")) == [(text.index("if you"), "if")]
    # Regna, the Redeemer: the comma in the name does not hide the clause
    regna = "At the beginning of each end step, if your team gained life this turn, create two 1/1 white Warrior creature tokens."
    assert _intervening(linker.link(regna, "Regna, the Redeemer")) == [(regna.index("if"), "if")]


def test_defending_player_is_the_two_player_rule(linker):
    # Sewer Shambler (oracle); the glossary's "Defending Player" cites 506.2, and 802 only "in certain
    # multiplayer games"
    text = "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)"
    assert ("defending player", "506.2") in pairs(linker.link(text, "Sewer Shambler"))


def test_turn_face_up_is_the_permanent_status_not_the_zones_section(linker, book):
    # Krosan Cloudscraper's morph reminder; the glossary's "Face Up" sense 2: "A default status a permanent
    # may have. See rule 110.5 and rule 702.37, “Morph.”"
    text = "Morph {7}{G}{G} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its morph cost.)"
    got = pairs(linker.link(text, "Krosan Cloudscraper"))
    assert ("face up", "702.37") in got and ("face down", "708") in got


def test_no_link_opens_more_than_a_page_shows(linker, book):
    # "Face Up" sense 1 cites section 4 (88 rules), "Card Type" section 3: their links open 400 and 300
    for text in ("Reveal the top card of your library face up.", "Choose a card type.", "phase"):
        for s in linker.link(text):
            assert len(book.subtree(s.rule)) <= 60, (s.text, s.rule)


def _keywords(linker, text, name="Test Card"):
    return [(s.text, s.rule) for s in linker.link(text, name) if s.kind == "keyword_ability"]


def test_keyword_lines_issue_26(linker):
    # oracle texts; rules from the CR: Prototype 702.160, Partner with [name] 702.124j, Suspend 702.62,
    # Enchant 702.5 ("Enchant [object or player]"), "partner—Friends forever" 702.124i
    skitterbeam = "Prototype {3}{R}{R} — 2/2 (You may cast this spell with different mana cost, color, and size. It keeps its abilities and types.)\nTrample, haste"
    assert _keywords(linker, skitterbeam, "Skitterbeam Battalion")[0] == ("Prototype", "702.160")
    regna = "Partner with Krav, the Unredeemed (When this creature enters the battlefield, target player may put Krav into their hand from their library, then shuffle.)\nFlying"
    assert _keywords(linker, regna, "Regna, the Redeemer")[0] == ("Partner", "702.124j")
    aeon = "Suspend X—{X}{3}{U}. X can't be 0. (Rather than cast this card from your hand, you may pay {X}{3}{U} and exile it with X time counters on it.)"
    assert _keywords(linker, aeon, "Aeon Chronicler") == [("Suspend", "702.62")]
    cloak = "Enchant creature you control\nWhenever enchanted creature attacks and isn't blocked, you may have it assign no combat damage this turn."
    assert _keywords(linker, cloak, "Cloak of Confusion") == [("Enchant", "702.5")]
    sophina = "Friends forever (You can have two commanders if both have friends forever.)"
    assert _keywords(linker, sophina, "Sophina, Spearsage Deserter")[0] == ("Friends forever", "702.124i")


def test_nontoken_tapped_for_mana_and_change_the_text_or_target(linker):
    # "nontoken": the token rule (111, the glossary's "Token"); Duplicant's text as the CR quotes it (706.x ex.)
    assert ("nontoken", "111") in pairs(linker.link("When Duplicant enters, you may exile target nontoken creature."))
    # 106.12a: an ability that triggers whenever a permanent “is tapped for mana”; 106.12b: a replacement
    # effect that applies if a permanent “is tapped for mana” (Utopia Sprawl, Mana Reflection-like wording)
    trigger = (
        "Whenever enchanted Forest is tapped for mana, its controller adds an additional one mana of the chosen color."
    )
    assert ("tapped for mana", "106.12a") in pairs(linker.link(trigger, "Utopia Sprawl"))
    replacement = "If a land is tapped for mana, it produces colorless mana instead of any other type."
    assert ("tapped for mana", "106.12b") in pairs(linker.link(replacement))
    # Sleight of Mind (612, Text-Changing Effects); Redirect ("change the target": 115.7, the glossary's
    # "Change a Target")
    sleight = "Change the text of target spell or permanent by replacing all instances of one color word with another."
    assert ("Change the text", "612") in pairs(linker.link(sleight, "Sleight of Mind"))
    assert ("change the target", "115.7") in pairs(
        linker.link("You may choose new targets for target spell. You may change the target of target spell.")
    )


def test_keywords_issue_26_full_data_misses(linker):
    # cards the full-data keyword check (tests/full/test_full_keywords_linked.py) found unlinked; oracle texts
    boast = "Boast — {1}{W}: Untap Axgard Braggart. Put a +1/+1 counter on it. (Activate only if this creature attacked this turn and only once each turn.)"
    assert _keywords(linker, boast, "Axgard Braggart") == [("Boast", "702.142")]
    fissure = "Enchant creature, land, or planeswalker\nEnchanted permanent is a colorless land."
    assert _keywords(linker, fissure, "Imprisoned in the Moon") == [("Enchant", "702.5")]
    flashback = "Flashback {8}{W}{W}. This spell costs {X} less to cast this way, where X is the greatest mana value of a commander you own on the battlefield or in the command zone."
    assert _keywords(linker, flashback, "Visions of Glory") == [("Flashback", "702.34")]
    splice = "Splice onto Arcane—Exile four cards from your graveyard. (As you cast an Arcane spell, you may reveal this card from your hand and pay its splice cost.)"
    assert _keywords(linker, splice, "Horobi's Whisper") == [("Splice", "702.47")]
    devour = "Devour X, where X is the number of creatures devoured this way (As this enters the battlefield, you may sacrifice any number of creatures.)"
    # "devoured": the keyword its rules speak of as a verb ("It devoured", 702.82b), the keyword too
    assert _keywords(linker, devour, "Thromok the Insatiable") == [("Devour", "702.82"), ("devoured", "702.82")]
    assert _keywords(linker, "Artifact landcycling {2}", "Sojourner's Companion") == [
        ("Artifact landcycling", "702.29e")  # typecycling, a variant of cycling
    ]
    saga = "III — Domain — Target creature you control gets +1/+1 for each basic land type among lands you control."
    assert ("Domain", "207.2c") in pairs(linker.link(saga, "The Weatherseed Treaty"))


def _marks(linker, text, name=None):
    return {(s.text, s.kind, s.rule) for s in linker.link(text, name)}


def test_the_kind_of_object_a_self_reference_names_is_a_term(linker):
    """Fresh draw 2026120311: "Exile this Saga" explains Saga (714); "this" and the card's name stay
    unmarked, and the ordinary "this creature" stays unmarked as "creature" always does."""
    got = _marks(
        linker,
        "III — Exile this Saga, then return it to the battlefield transformed under your control.",
        "The Long Reach of Night",
    )
    assert ("Saga", "glossary", "714") in got
    assert not {t for t, _, _ in got} & {"this", "this Saga", "creature"}
    assert not {t for t, _, _ in _marks(linker, "When this creature dies, draw a card.")} & {"this", "creature"}


def test_a_plural_of_the_head_of_a_term_with_of_is_the_term(linker):
    got = _marks(linker, "Black and/or red permanents and spells are colorless sources of damage.", "Ghostly Flame")
    assert ("sources of damage", "glossary", "609.7") in got


def test_two_adjectives_that_share_a_terms_noun_are_each_the_term(linker):
    """Skyshooter's "attacking or blocking creature": an attacking creature (508) and a blocking creature
    (509); "activated or triggered ability": the activated ability's kind (602), not the action Activate."""
    got = _marks(linker, "Destroy target attacking or blocking creature with flying.")
    assert {("attacking", "glossary", "508"), ("blocking creature", "glossary", "509")} <= got
    got = _marks(linker, "Counter target activated or triggered ability.")
    assert ("activated", "glossary", "602") in got and ("activated", "keyword_action", "701.2") not in got
    assert ("Activate", "keyword_action", "701.2") in _marks(linker, "Activate only as a sorcery.")
    # no list, no elision: "becomes blocked, each creature blocking it" links "blocked" only as the status
    # said of Plague Wight after "becomes" (a blocked creature, 509; issue 26, fourth stop), and "blocking"
    # of "each creature blocking it" not at all
    wight = linker.link("Whenever Plague Wight becomes blocked, each creature blocking it gets -1/-1.", "Plague Wight")
    assert [(s.text, s.start) for s in wight if s.glossary_term == "blocked creature"] == [("becomes blocked", 22)]
    assert not [s for s in wight if s.text.startswith("blocking")]
    listed = _marks(linker, "Untap all attacking, blocking, or tapped creatures.")
    assert ("attacking", "glossary", "508") in listed
    # a list of nouns is no elision: "artifact" of "artifact, creature, or land" is no artifact land
    listed = linker.link(
        "Tap target artifact, creature, or land. Destroy target artifact, enchantment, or nonbasic land."
    )
    assert not [s for s in listed if s.text.lower() == "artifact" and s.kind == "glossary"]


def test_a_form_a_keywords_glossary_entry_defines_is_the_keyword(linker):
    """ "if it was kicked" (Torch Slinger): the glossary's "Kicker, Kicked" says a spell "has been kicked
    if …": the keyword ability 702.33, as "bargained" is Bargain's."""
    got = _marks(
        linker,
        "When Torch Slinger enters the battlefield, if it was kicked, it deals 2 damage to target creature.",
        "Torch Slinger",
    )
    assert ("kicked", "keyword_ability", "702.33") in got
    assert ("kicked", "glossary", "702.33") not in got
    assert ("bargained", "keyword_ability", "702.166") in _marks(linker, "If this spell was bargained, draw a card.")


def test_the_game_is_a_draw_is_the_result_of_a_game_not_drawing(linker):
    got = _marks(
        linker,
        "When you remove the last intervention counter from Divine Intervention, the game is a draw.",
        "Divine Intervention",
    )
    assert ("the game is a draw", "glossary", "104.4") in got
    assert not {t for t, _, _ in _marks(linker, "Draw a card.")} & {"Draw", "draw"}  # still an ordinary word


def test_face_down_and_face_up_as_a_permanents_status(linker):
    """Ixidron turns creatures face down without morph: 708 (Face-Down Spells and Permanents), whose title
    names the status; "turn it face up" of morph stays 702.37; the hyphenated adjective is the status too."""
    ixidron = _marks(
        linker, "As Ixidron enters the battlefield, turn all other nontoken creatures face down.", "Ixidron"
    )
    assert ("face down", "glossary", "708") in ixidron
    assert ("face-down", "glossary", "708") in _marks(
        linker, "Whenever a face-down creature you control dies, draw a card."
    )
    assert ("face-up", "glossary", "702.37") in _marks(linker, "Each face-up nontoken creature gets +1/+1.")
    cloud = _marks(
        linker, "Morph {4}{G}{G}\nWhen Krosan Cloudscraper is turned face up, you gain 2 life.", "Krosan Cloudscraper"
    )
    assert ("face up", "glossary", "702.37") in cloud


def test_a_card_exiled_face_down_is_the_exile_zones_rule(linker):
    """406.3: "Cards “exiled face down” can't be examined by any player …": a card put into exile face down
    (Necropotence, hideaway's reminder) or turned face up there (Summoner's Egg) is the exile zone's rule, not
    708 (face-down spells and permanents); returned to the battlefield face down it is a permanent (708)."""
    necro = _marks(
        linker,
        "Pay 1 life: Exile the top card of your library face down. Put that card into your hand at the beginning "
        "of your next end step.",
        "Necropotence",
    )
    assert ("face down", "glossary", "406.3") in necro
    egg = _marks(
        linker,
        "Imprint — When Summoner's Egg enters the battlefield, you may exile a card from your hand face down.\n"
        "When Summoner's Egg dies, turn the exiled card face up. If it's a creature card, put it onto the "
        "battlefield under your control.",
        "Summoner's Egg",
    )
    assert {("face down", "glossary", "406.3"), ("face up", "glossary", "406.3")} <= egg
    shorecrasher = _marks(
        linker,
        "{U}: Exile Shorecrasher Elemental, then return it to the battlefield face down under its owner's control.",
        "Shorecrasher Elemental",
    )
    assert ("face down", "glossary", "708") in shorecrasher


def test_two_verbs_that_share_alone_and_overloads_change_its_text(linker):
    """Audit draw 770301: Ember Beast "can't attack or block alone" is Attack Alone and Block Alone (506.5):
    "attack" is a term of its own but "alone" is none, so the two verbs share it (a list of objects before a
    term, "artifact, creature, or land", still links no "artifact land"); overload's reminder "change its
    text" is a text-changing effect (612, 702.96c), as "change the text" is."""
    beast = _marks(linker, "Ember Beast can't attack or block alone.", "Ember Beast")
    assert {("attack", "glossary", "506.5"), ("block alone", "glossary", "506.5")} <= beast
    assert _marks(linker, "Destroy target artifact, creature, or land.") == {("Destroy", "keyword_action", "701.8")}
    overload = _marks(
        linker,
        "Overload {2}{R} (You may cast this spell for its overload cost. If you do, change its text by replacing all "
        'instances of "target" with "each.")',
        "Dynacharge",
    )
    assert ("change its text", "glossary", "612") in overload


def test_end_of_combat_a_keywords_state_and_unless_as_a_cost_only(linker):
    """The lead's scoring of fresh draw 2026120321: "destroy that creature at end of combat" is the End of
    Combat Step (511; no other term starts with "end of combat"), as "upkeep" is the upkeep step; "encoded"
    (cipher's reminder) is the keyword ability spoken of (702.99, the only rule its glossary entry cites), as
    "kicked" is; "unless" is the style of cost of 118.12a only where a player does something ("unless its
    controller pays {1}"), not where it opens a restriction's condition ("can't attack unless defending
    player controls an Island", Vodalian Knights)."""
    abomination = _marks(
        linker,
        "Whenever Abomination blocks or becomes blocked by a green or white creature, destroy that creature at end of combat.",
        "Abomination",
    )
    assert ("end of combat", "glossary", "511") in abomination
    assert ("beginning of combat", "glossary", "507") in _marks(
        linker, "At the beginning of combat on your turn, target creature gets +1/+0 until end of turn."
    )
    voidwalk = _marks(
        linker,
        "Exile target creature. Return it to the battlefield under its owner's control at the beginning of the next "
        "end step.\nCipher (Then you may exile this spell card encoded on a creature you control. Whenever that "
        "creature deals combat damage to a player, its controller may cast a copy of the encoded card without "
        "paying its mana cost.)",
        "Voidwalk",
    )
    assert ("encoded", "keyword_ability", "702.99") in voidwalk
    assert not any(kind == "glossary" and text == "encoded" for text, kind, _ in voidwalk)
    knights = _marks(
        linker,
        "First strike\nVodalian Knights can't attack unless defending player controls an Island.\nWhen you control no "
        "Islands, sacrifice Vodalian Knights.\n{U}: Vodalian Knights gains flying until end of turn.",
        "Vodalian Knights",
    )
    assert not any(text == "unless" for text, _, _ in knights)
    hatchling = _marks(
        linker,
        "Sacrifice Spiketail Hatchling: Counter target spell unless its controller pays {1}.",
        "Spiketail Hatchling",
    )
    assert ("unless", "glossary", "118.12a") in hatchling
    salvo = "Blazing Salvo deals 3 damage to target creature unless that creature's controller has Blazing Salvo deal 5 damage to them."
    assert ("unless", "glossary", "118.12a") in _marks(linker, salvo, "Blazing Salvo")


def test_a_creatures_combat_status_said_by_its_word_alone_is_the_term(linker):
    """Fresh draw 2026120323 (Trap Runner): "unblocked" and "becomes blocked" are the glossary's Unblocked
    Creature and Blocked Creature ("an effect causes it to become blocked"), both 509; said after a verb of
    being ("becomes blocked" as one phrase) or before another status of a creature; "can't be blocked" (evasion) is no status."""
    got = _marks(
        linker,
        "{T}: Target unblocked attacking creature becomes blocked. Activate only during combat after blockers "
        "are declared. (This ability works on creatures that can't be blocked.)",
        "Trap Runner",
    )
    assert {
        ("unblocked", "glossary", "509"),
        ("becomes blocked", "glossary", "509"),
        ("attacking creature", "glossary", "508"),
    } <= got
    assert ("attacking", "glossary", "508") in _marks(linker, "As long as it's attacking, it gets +1/+0.")
    assert not [m for m in _marks(linker, "Gust Walker can't be blocked by Walls.", "Gust Walker") if m[0] == "blocked"]


def test_a_keyword_its_rules_speak_of_as_a_verb_is_the_keyword(linker):
    """Fresh draw 2026120323: "When you cycle ~" is cycling (702.29c quotes "When you cycle this card"), a
    creature "exploits a creature" (702.110b); every form of the verb the keyword's rules quote after the
    subrule that defines it, linked as the keyword ability; "phase" stays the part of a turn (a glossary term
    of its own)."""
    thunder = _marks(
        linker, "When you cycle Resounding Thunder, it deals 6 damage to any target.", "Resounding Thunder"
    )
    assert ("cycle", "keyword_ability", "702.29") in thunder
    assert ("cycles", "keyword_ability", "702.29") in _marks(
        linker, "Whenever a player cycles or discards a card, you gain 1 life."
    )
    skaab = _marks(
        linker, "Whenever a creature you control exploits a creature, create a 2/2 black Zombie creature token."
    )
    assert ("exploits", "keyword_ability", "702.110") in skaab
    assert ("crews", "keyword_ability", "702.122") in _marks(
        linker, "Whenever Foo crews a Vehicle, draw a card.", "Foo"
    )
    phases = _marks(linker, "At the beginning of each phase, you gain 1 life.")
    assert not [m for m in phases if m[1] == "keyword_ability"]


def test_play_with_no_card_played_is_no_term(linker):
    """Fresh draw 2026120323 (Zur's Weirding): "Players play with their hands revealed" plays the game. The
    glossary's Play has the action's own senses (to play a land, to play a card: 701.18 and 601) and obsolete
    ones; a sense that is the verb again is the action's, so "play" with no card is linked as neither."""
    zur = _marks(
        linker, "Players play with their hands revealed.\nIf a player would draw a card, they reveal it instead."
    )
    assert not [m for m in zur if m[0].lower() == "play"]
    assert ("play", "keyword_action", "701.18") in _marks(linker, "You may play lands from your graveyard.")
    # the other sense of an action's word that is no verb stays: "counter" the marker (122)
    assert ("counter", "glossary", "122") in _marks(linker, "Put a +1/+1 counter on target creature.")


def test_a_keyword_an_effect_gives_is_marked_once_per_face(linker):
    """Fresh draw 2026120323 (Crown of Awe): "has protection from black and from red" and "gain protection
    from black and from red" name one ability the page explains once, as a keyword action is; so is a keyword
    spoken of twice ("each permanent … and each suspended card"). A keyword line's instances are each an
    ability of the card's own (marked every time), and a mention beside one is marked too ("Cycling {2}" and
    "When you cycle ~", 702.29 and 702.29c, as the fresh draw expects)."""
    crown = linker.link(
        "Enchant creature\nEnchanted creature has protection from black and from red.\nSacrifice Crown of Awe: "
        "Enchanted creature and other creatures that share a creature type with it gain protection from black "
        "and from red until end of turn.",
        "Crown of Awe",
    )
    assert [(s.text, s.rule) for s in crown if s.kind == "keyword_ability"] == [
        ("Enchant", "702.5"),
        ("protection", "702.16"),
    ]
    assert [s.start for s in crown if s.text == "protection"] == [40]  # the first, "has protection"
    dust = linker.link(
        "Choose one —\n• Remove two time counters from each permanent and each suspended card.\n• Put two time "
        "counters on each permanent with a time counter on it and each suspended card.",
        "Dust of Moments",
    )
    assert len([s for s in dust if s.text == "suspended"]) == 1
    lines = linker.link("Flying\nFlying", "Angel")  # two instances on keyword lines: two abilities
    assert len([s for s in lines if s.kind == "keyword_ability"]) == 2
    thunder = linker.link("Cycling {2}\nWhen you cycle Foo, draw a card.", "Foo")
    assert [s.text for s in thunder if s.kind == "keyword_ability"] == ["Cycling", "cycle"]


def test_a_face_down_or_face_up_card_in_exile_is_the_exile_zones_status(linker, book):
    """ "face-up exiled card", "face-up cards your opponents own from exile", "exile them in a face-down
    pile": a card's status in exile (406.3: "Exiled cards are, by default, kept face up … Cards “exiled face
    down” …"), not a face-down permanent (708) or morph; "a face-down permanent" stays 708."""
    exile = book.glossary_entry("Exile").see_rules[0]
    zone_rule = next(r.number for r in book.subtree(exile) if "face down" in r.text)
    for text in (
        "Put target face-up exiled card into its owner's graveyard.",
        "You may cast up to three spells from among face-up cards your opponents own from exile without paying their mana costs.",
        "Search your library for five cards, exile them in a face-down pile, and shuffle that pile.",
    ):
        got = [(s.text, s.rule) for s in linker.link(text) if s.text.startswith("face")]
        assert got and all(rule == zone_rule for _, rule in got), (text, got)
    mist = linker.link("Exile a face-down permanent you control face up: You may cast that card.", "Primordial Mist")
    assert ("face-down", "708") in [(s.text, s.rule) for s in mist]


def test_a_status_said_of_an_attacker_or_one_a_creature_enters_in(linker):
    """Fresh draw 2026120331 (Coiling Stalker): ninjutsu's reminder "Return an unblocked attacker you control"
    (702.49a: "an unblocked attacking creature") says Unblocked Creature (509) of an attacker, and "onto the
    battlefield from your hand tapped and attacking" puts the creature in the status Attacking Creature (508,
    506.4); "can't be blocked" still says no status."""
    stalker = _marks(
        linker,
        "Ninjutsu {1}{G} ({1}{G}, Return an unblocked attacker you control to hand: Put this card onto the "
        "battlefield from your hand tapped and attacking.)",
        "Coiling Stalker",
    )
    assert {("unblocked", "glossary", "509"), ("attacking", "glossary", "508")} <= stalker
    assert ("attacking", "glossary", "508") in _marks(
        linker, "Create a 1/1 white Soldier creature token that's tapped and attacking."
    )
    assert not [m for m in _marks(linker, "Foo can't be blocked by more than one creature.", "Foo") if "block" in m[0]]


def test_the_act_a_gerund_term_names_is_said_as_its_verb(linker):
    """Fresh draw 2026120331 (Aleatory): the glossary's "Flipping a Coin" (705) is printed "Flip a coin"."""
    aleatory = _marks(linker, "Flip a coin. If you win the flip, target creature gets +1/+1 until end of turn.")
    assert ("Flip a coin", "glossary", "705") in aleatory
    assert ("flips a coin", "glossary", "705") in _marks(linker, "Whenever a player flips a coin, draw a card.")


def test_a_keyword_given_in_the_words_of_a_keyword_line_is_not_marked_again(linker):
    """Fresh draw 2026120331 (Emissary of the Sleepless): "Flying" on its keyword line and the Spirit token's
    "with flying" are one keyword explained once on the face; a token's keyword on a face without that keyword
    line is marked (Nurturing Presence, the same draw), and a keyword line's instances are each marked."""
    emissary = linker.link(
        "Flying\nWhen Emissary of the Sleepless enters the battlefield, if a creature died this turn, create a 1/1 "
        "white Spirit creature token with flying.",
        "Emissary of the Sleepless",
    )
    assert [(s.text, s.start) for s in emissary if s.kind == "keyword_ability"] == [("Flying", 0)]
    presence = _marks(
        linker,
        "When Nurturing Presence enters the battlefield, create a 1/1 white Spirit creature token with flying.",
        "Nurturing Presence",
    )
    assert ("flying", "keyword_ability", "702.9") in presence
    lines = linker.link("Flying\nFlying", "Angel")
    assert len([s for s in lines if s.kind == "keyword_ability"]) == 2


def test_a_negated_term_and_the_term_are_each_marked_once(linker):
    """Fresh draw 2026120441 (Theoretical Duplication, Koll): "nontoken" and "token(s)" on one face are two
    words a reader needs explained, both the token rule (111); the term is still marked once per face."""
    duplication = _marks(
        linker,
        "Whenever a nontoken creature enters the battlefield under an opponent's control this turn, create a "
        "token that's a copy of that creature.",
        "Theoretical Duplication",
    )
    assert {("nontoken", "glossary", "111"), ("token", "glossary", "111")} <= duplication
    koll = linker.link(
        "Whenever another nontoken creature you control dies, if it was enchanted or equipped, return it to its "
        "owner's hand.\nCreature tokens you control that are enchanted or equipped get +1/+1.",
        "Koll, the Forgemaster",
    )
    assert [s.text for s in koll if s.rule == "111"] == ["nontoken", "tokens"]
    twice = linker.link("Create a token. Then create another token.", "Foo")
    assert [s.text for s in twice if s.rule == "111"] == ["token"]


def test_the_verb_of_a_flip_cards_status_is_the_flip_card_rule(linker):
    """Fresh draw 2026120441 (Jushi Apprentice): "flip Jushi Apprentice" is the flip of a flip card (710; the
    glossary's Flipped cites 110.5 and 710, "Flip Cards", and 710.1a speaks of the ability that makes the
    permanent "flip"); "you may flip it" too. A physical flip of a dexterity card ("flip Chaos Orb onto the
    battlefield from a height", "flip it from a height") and a coin's flip are not."""
    jushi = _marks(
        linker,
        "{2}{U}, {T}: Draw a card. If you have nine or more cards in hand, flip Jushi Apprentice.",
        "Jushi Apprentice // Tomoya the Revealer",
    )
    assert ("flip", "glossary", "710") in jushi
    squire = (
        "At the beginning of the end step, if there are two or more ki counters on Faithful Squire, you may flip it."
    )
    assert ("flip", "glossary", "710") in _marks(linker, squire, "Faithful Squire // Kaiso, Memory of Loyalty")
    orb = "{1}, {T}: If Chaos Orb is on the battlefield, flip Chaos Orb onto the battlefield from a height of at least one foot."
    assert not [m for m in _marks(linker, orb, "Chaos Orb") if m[0].lower().startswith("flip")]
    paratroopers = "When Orcish Paratroopers enters the battlefield, flip it from a height of at least one foot."
    assert not [m for m in _marks(linker, paratroopers, "Orcish Paratroopers") if m[0].lower().startswith("flip")]
    assert ("Flip a coin", "glossary", "705") in _marks(linker, "Flip a coin. If you win the flip, draw a card.")


def test_flipping_coins_counted_is_flipping_a_coin(linker):
    """'Flip two coins', 'Flip X coins', 'Flip that many coins' are the act of 705 as 'Flip a coin' is (705.1
    "Some cards refer to flipping a coin"); never the flip card's 710."""
    for text, said in (
        ("Whenever Goblin Traprunner attacks, flip three coins.", "flip three coins"),
        ("Flip X coins. For each flip you win, create a 2/2 green Sheep creature token.", "Flip X coins"),
        ("Choose a number between 1 and 5. Flip that many coins.", "Flip that many coins"),
        ("Flip two coins.", "Flip two coins"),
    ):
        marks = _marks(linker, text, "Foo")
        assert (said, "glossary", "705") in marks, marks
        assert not [m for m in marks if m[2] == "710"]


def test_a_predefined_token_named_alone_in_the_plural_is_its_rule(linker):
    """Practice draw 77120703 (Asmoranomardicadaistinaculdacar): "Sacrifice two Foods" names the Food token of
    111.10b by its name alone, in the plural; "a Food token" stays one link."""
    asmo = _marks(
        linker, "Sacrifice two Foods: Target creature deals 6 damage to itself.", "Asmoranomardicadaistinaculdacar"
    )
    assert ("Foods", "glossary", "111.10b") in asmo
    assert ("Food token", "glossary", "111.10b") in _marks(linker, "Create a Food token.", "Foo")
    assert ("Treasures", "glossary", "111.10a") in _marks(linker, "Sacrifice two Treasures: Draw a card.", "Foo")


def test_a_creature_status_before_the_creatures_colour_or_types_is_its_term(linker):
    """Fresh draw 2026120741 (Losheel, Clockwork Scholar): "attacking artifact creatures you control" says the
    status of Attacking Creature (508) with the noun's adjectives between; as "attacking non-Human creatures",
    "an attacking red creature" and a creature type alone ("other attacking Goblins"). Words that are no colour
    or type ("blocked by artifact creatures", "blocked except by two or more creatures") leave the status unsaid."""
    losheel = _marks(
        linker,
        "Prevent all combat damage that would be dealt to attacking artifact creatures you control.",
        "Losheel, Clockwork Scholar",
    )
    assert ("attacking", "glossary", "508") in losheel
    for text in (
        "Each attacking non-Human creature gets +1/+1 until end of turn.",
        "Whenever an attacking red creature deals damage, you gain 1 life.",
        "Other attacking Goblins you control get +1/+0.",
        "Attacking Elves you control have trample.",
    ):
        assert [m for m in _marks(linker, text, "Foo") if m[0].lower() == "attacking" and m[2] == "508"], text
    assert ("blocking", "glossary", "509") in _marks(linker, "Destroy each blocking green creature.", "Foo")
    for text in (
        "Foo can't be blocked by artifact creatures.",
        "Foo can't be blocked except by two or more creatures.",
    ):
        assert not [m for m in _marks(linker, text, "Foo") if m[0].lower() == "blocked"], text


def test_rolling_a_die_is_rolling_a_die_in_every_form(linker):
    """Fresh draw 2026120741 (Chaos Dragon): "each player rolls a d20" is the glossary's Roll a d20 (706); the act
    is said of any die the rule names by its placeholders (706.1a: “N-sided die”, “dN”) and with any count; the
    planar die stays Planechase's (901)."""
    assert ("rolls a d20", "glossary", "706") in _marks(
        linker, "At the beginning of combat on your turn, each player rolls a d20.", "Chaos Dragon"
    )
    for text, said in (
        ("Roll a d20.", "Roll a d20"),
        ("Roll a six-sided die. If the result is 1, sacrifice Foo.", "Roll a six-sided die"),
        ("Roll two d4 and choose one result.", "Roll two d4"),
        ("Whenever you roll one or more dice, scry 1.", "roll one or more dice"),
        ("Roll a die.", "Roll a die"),
    ):
        assert (said, "glossary", "706") in _marks(linker, text, "Foo"), text
    planar = _marks(linker, "Roll the planar die.", "Foo")
    assert not [m for m in planar if m[2] == "706"]


def test_a_keyword_counter_links_its_keyword_and_the_counter(linker):
    """Fresh draw 2026120741 (Kappa Tech-Wrecker): "a deathtouch counter" is a keyword counter (122.1b) that gives
    deathtouch: the keyword (702.2, a mention, once a face) and the counter (122) are both explained; the keywords
    a counter can be are read from 122.1b ("flying counter", "first strike counter")."""
    kappa = linker.link(
        "Ninjutsu {1}{G}\nKappa Tech-Wrecker enters the battlefield with a deathtouch counter on it.\nWhenever "
        "Kappa Tech-Wrecker deals combat damage to a player, you may remove a deathtouch counter from it. When you "
        "do, exile target artifact or enchantment that player controls.",
        "Kappa Tech-Wrecker",
    )
    got = [(s.text, s.kind, s.rule) for s in kappa]
    assert got.count(("deathtouch", "keyword_ability", "702.2")) == 1
    assert ("counter", "glossary", "122") in got
    crystalline = _marks(linker, "Put a flying counter or a first strike counter on target creature.", "Foo")
    assert {("flying", "keyword_ability", "702.9"), ("first strike", "keyword_ability", "702.7")} <= crystalline
    assert not [
        m for m in _marks(linker, "Put a +1/+1 counter on target creature.", "Foo") if m[1] == "keyword_ability"
    ]


def test_a_flavor_word_or_a_modes_name_is_never_linked(linker):
    """Practice draw 77120801 (Choose Your Weapon): "• Two-Weapon Fighting — Double target creature's power …" names
    the mode by a flavor word, which has "no special rules meaning" (207.2d): no fight (701.14) in it; the mode's
    own action ("Double", 701.10) and an ability word before " — " (207.2c) are linked as ever."""
    weapon = _marks(
        linker,
        "Choose one —\n• Two-Weapon Fighting — Double target creature's power and toughness until end of turn.\n"
        "• Archery — This spell deals 5 damage to target creature with flying.",
        "Choose Your Weapon",
    )
    assert not [m for m in weapon if m[2].startswith("701.14")]
    assert ("Double", "keyword_action", "701.10") in weapon
    ambush = _marks(linker, "Choose one —\n• Stand and Fight — Create a 2/2 token.\n• Flee — Draw a card.", "Foo")
    assert not [m for m in ambush if m[0] in ("Fight", "Stand and Fight")]
    assert ("Coven", "ability_word", "207.2c") in _marks(
        linker, "Coven — At the beginning of combat on your turn, if you control three or more creatures, draw a card."
    )


def test_a_term_is_found_in_the_spellings_its_definition_quotes(linker):
    """Fresh draw 2026120851 (Eiganjo Exemplar): the glossary's Attack Alone defines "attacks alone" and
    "is attacking alone" in quotes (506.5); Block Alone likewise. Neither was linked ("attacking" alone went
    to 508, attacking creatures)."""
    assert ("attacks alone", "glossary", "506.5") in _marks(
        linker, "Whenever a creature you control attacks alone, it gets +1/+1 until end of turn.", "Foo"
    )
    alone = _marks(linker, "As long as it's attacking alone, it has flying. Whenever it blocks alone, draw a card.")
    assert {("attacking alone", "glossary", "506.5"), ("blocks alone", "glossary", "506.5")} <= alone
    assert not [m for m in alone if m[2] == "508"]


def test_a_term_explained_by_another_is_marked_beside_it(linker):
    """Fresh draw 2026120851 (Snowblind): "Y: See X." — Y is a variable of its own, so "-X/-Y" marks both
    (107.3); they were one term, marked once a face. A short form of its target ("Enter") stays that term,
    and "Deal" (see Damage) stays unmarked as damage is. A one-letter term has no inflections: "yes" is no Y."""
    snowblind = _marks(linker, "Enchanted creature gets -X/-Y. X is the number of snow lands you control; Y is 2.")
    assert {("X", "glossary", "107.3"), ("Y", "glossary", "107.3")} <= snowblind
    assert not [m for m in _marks(linker, "Choose yes or no.") if m[0].lower() == "yes"]
    dealt = _marks(linker, "When this creature enters, it deals 2 damage to any target.", "Foo")
    assert not [m for m in dealt if m[0] == "deals"]
    assert ("enters", "glossary", "403.3") in dealt


def test_untap_is_marked_beside_tap(linker):
    """Fresh draw 2026120853 (Sharktocrab): "tap target creature … That creature doesn't untap" marked only
    "tap": both are 701.26 (Tap and Untap), and a keyword action is marked once a face. Untapping is the action
    that undoes tapping, defined by a subrule of its own (701.26b), so it is explained beside it; "tapped"
    after "tap" stays one action."""
    crab = _marks(linker, "Tap target creature. That creature doesn't untap during its controller's next untap step.")
    assert {("Tap", "keyword_action", "701.26"), ("untap", "keyword_action", "701.26")} <= crab
    twice = _marks(linker, "Tap target creature. When it becomes tapped this way, tap another target creature.")
    assert [m for m in twice if m[1] == "keyword_action"] == [("Tap", "keyword_action", "701.26")]
