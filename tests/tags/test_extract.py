"""Extracted tags on real cards: what the text does, each tag with the span of text it was read from."""

import pytest

from tolaria.cards import Card, Face
from tolaria.tags import tag_card
from tolaria.tags._extract import EXTRACTORS


def ids(card, kind=None):
    return {t.id for t in tag_card(card) if kind is None or t.kind == kind}


def get(card, tag_id):
    return next(t for t in tag_card(card) if t.id == tag_id)


def test_every_text_evidence_is_a_real_span_of_the_face_text(gold_by_name):
    for card in gold_by_name.values():
        for t in tag_card(card):
            for ev in t.evidence:
                if ev.source == "text":
                    face_text = card.faces[ev.face].oracle_text
                    assert face_text[ev.start : ev.end] == ev.text, (card.name, t.id, ev)
                    assert ev.text.strip(), (card.name, t.id)


def test_vorrac_battlehorns_like_the_reference_page(card):
    c = card("Vorrac Battlehorns")
    found = ids(c)
    assert {
        "keyword:equip",
        "evasion:single-blocker",
        "timing:sorcery-speed",
        "subtype:equipment",
        "theme:voltron",
    } <= found
    # "Equipped creature has trample" grants trample: the card itself has no trample keyword
    assert "keyword:trample" not in found
    ev = get(c, "evasion:single-blocker").evidence[0]
    assert ev.text == "can't be blocked by more than one creature" and ev.face == 0
    # equip's sorcery restriction comes from CR 702.6a, and the evidence points at "Equip"
    assert get(c, "timing:sorcery-speed").evidence[0].text == "Equip"


def test_keyword_line_gives_each_keyword_its_own_span(card):
    c = card("Fleetfoot Dancer")
    spans = {t.id: (t.evidence[0].start, t.evidence[0].text) for t in tag_card(c) if t.id.startswith("keyword:")}
    assert spans == {
        "keyword:trample": (0, "Trample"),
        "keyword:lifelink": (9, "lifelink"),
        "keyword:haste": (19, "haste"),
    }


def test_double_faced_card_evidence_names_the_face(card):
    c = card("Brutal Cathar // Moonrage Brute")
    assert get(c, "keyword:daybound").evidence[0].face == 0
    assert get(c, "keyword:nightbound").evidence[0].face == 1
    assert get(c, "keyword:ward").evidence[0].face == 1


def test_reminder_text_does_not_make_abilities(card):
    # Ancestral Vision's suspend reminder says "At the beginning of your upkeep ..." but the card has
    # no triggered ability of its own
    found = ids(card("Ancestral Vision"))
    assert "keyword:suspend" in found
    assert "ability:triggered" not in found and "trigger:upkeep" not in found


def test_quoted_abilities_granted_to_others_are_not_the_cards_own(card):
    found = ids(card("Ogre Marauder"))
    assert "evasion:cant-be-blocked" not in found  # it gains "... can't be blocked" only conditionally
    assert "ability:triggered" in found


def test_card_name_is_not_read_as_rules_text():
    c = Card(
        "x",
        "Flash Flood",
        "normal",
        [
            Face(
                "Flash Flood",
                "{U}",
                "Instant",
                "Choose one —\n• Destroy target red permanent.\n• Return target Mountain to its owner's hand.",
                types=("Instant",),
            )
        ],
    )
    found = ids(c)
    assert "keyword:flash" not in found and "timing:flash" not in found
    assert "action:destroy" in found


def test_loyalty_mana_and_activated_abilities(card):
    assert {"ability:loyalty", "effect:draw"} <= ids(card("Jace, the Mind Sculptor"))
    assert "ability:activated" not in ids(card("Jace, the Mind Sculptor"))
    assert {"ability:activated", "ability:mana"} <= ids(card("Llanowar Elves"))
    ballista = ids(card("Walking Ballista"))
    assert "ability:activated" in ballista and "ability:mana" not in ballista


@pytest.mark.parametrize(
    "name, tag",
    [
        ("Krosan Grip", "timing:split-second"),
        ("Instill Energy", "timing:your-turn-only"),
        ("Maddening Imp", "timing:opponents-turn"),
        ("Jade Statue", "timing:combat-only"),
        ("Brazen Borrower // Petty Theft", "timing:flash"),
        ("Lightning Bolt", "timing:instant-speed"),
        ("Kazandu Tuskcaller", "timing:sorcery-speed"),
    ],
)
def test_timing_tags(card, name, tag):
    assert tag in ids(card(name))


@pytest.mark.parametrize(
    "name, tags",
    [
        ("Thought-Knot Seer", {"trigger:enters", "trigger:leaves"}),
        ("Blazing Effigy", {"trigger:dies"}),
        ("Goblin Guide", {"trigger:attacks"}),
        ("Dwarven Berserker", {"trigger:blocks"}),
        ("Delver of Secrets // Insectile Aberration", {"trigger:upkeep"}),
        ("Demonic Rising", {"trigger:end-step"}),
        ("Young Pyromancer", {"trigger:cast"}),
        ("Sword of Fire and Ice", {"trigger:combat-damage"}),
    ],
)
def test_trigger_kinds(card, name, tags):
    assert {"ability:triggered", *tags} <= ids(card(name))


def test_keyword_variants_and_families(card):
    assert {"keyword:hexproof-from", "keyword:hexproof"} <= ids(card("Knight of Grace"))
    assert {"keyword:plainscycling", "keyword:islandcycling", "keyword:landcycling"} <= ids(card("Sanctum Plowbeast"))
    assert {"keyword:partner-with", "keyword:partner"} <= ids(card("Gorm the Great"))
    assert "keyword:protection" in ids(card("Progenitus"))
    assert "keyword:islandwalk" in ids(card("Benthic Behemoth"))


def test_keyword_actions_instructed_not_referred_to(card):
    # "Whenever you sacrifice a Clue" refers to sacrificing; investigate's reminder explains, it is no effect
    assert "action:sacrifice" not in ids(card("Tireless Tracker"))
    assert "action:investigate" in ids(card("Tireless Tracker"))
    assert "action:regenerate" not in ids(card("Wrath of God"))  # "can't be regenerated": a negation
    assert "action:tap" not in ids(card("Coldsteel Heart"))  # "enters the battlefield tapped": a status
    assert "action:double" not in ids(card("Kwende, Pride of Femeref"))  # double strike is no doubling
    assert "action:counter" not in ids(card("Walking Ballista"))  # +1/+1 counters are nouns
    assert "action:counter" in ids(card("Counterspell"))


def test_extractor_registry_units_are_small_and_named():
    assert len(EXTRACTORS) >= 20
    for name, ex in EXTRACTORS.items():
        assert ex.name == name and callable(ex.fn)


def test_tags_are_deterministic(gold_by_name):
    cards = list(gold_by_name.values())[:60]
    first = [[t.to_dict() for t in tag_card(c)] for c in cards]
    second = [[t.to_dict() for t in tag_card(c)] for c in cards]
    assert first == second


def test_granted_keywords_are_tagged_as_granted(card):
    battlehorns = tag_card(card("Vorrac Battlehorns"))
    granted = next(t for t in battlehorns if t.id == "grants:trample")
    assert granted.evidence[0].role == "granted" and granted.evidence[0].text == "trample"
    assert "keyword:trample" not in {t.id for t in battlehorns}
    assert "grants:indestructible" in ids(card("Ajani's Presence"))
