import json

from tolaria.tags import CardTag, tag_card


def by_id(card):
    return {t.id: t for t in tag_card(card)}


def test_attributes_from_card_data(card):
    tags = by_id(card("Reaper King"))
    assert {
        "cost:hybrid",
        "mv:7plus",
        "supertype:legendary",
        "type:artifact",
        "type:creature",
        "kind:scarecrow",
        "ci:w",
        "ci:u",
        "ci:b",
        "ci:r",
        "ci:g",
        "ci:multicolor",
    } <= set(tags)
    assert all(t.kind == "attribute" for i, t in tags.items() if i.startswith(("cost:", "mv:", "ci:", "type:")))
    assert tags["cost:hybrid"].evidence[0].field == "mana_cost"
    assert {"cost:phyrexian"} <= set(by_id(card("Gitaxian Probe")))
    assert {"cost:colorless-specific"} <= set(by_id(card("Thought-Knot Seer")))
    assert {"cost:x"} <= set(by_id(card("Walking Ballista")))
    assert {"cost:snow", "supertype:snow"} <= set(by_id(card("Arcum's Astrolabe")))
    assert {"cost:none", "mv:0"} <= set(by_id(card("Ancestral Vision")))
    assert "ci:colorless" in by_id(card("Vorrac Battlehorns"))


def test_creature_kinds_and_classes(card):
    tags = by_id(card("Fleetfoot Dancer"))
    assert tags["kind:elf"].group == "Creature kinds"
    assert tags["class:druid"].group == "Classes and roles"
    assert "kind:giant" in by_id(card("Crush Underfoot"))  # kindred/tribal spells have creature types
    assert "subtype:equipment" in by_id(card("Vorrac Battlehorns"))


def test_themes_rest_on_facts_the_card_has(gold_by_name):
    for card in gold_by_name.values():
        tags = by_id(card)
        for t in tags.values():
            if t.kind != "inferred":
                continue
            assert t.evidence, (card.name, t.id)
            for ev in t.evidence:
                assert ev.source in ("facts", "text")
                for fact in ev.facts:
                    assert fact in tags, (card.name, t.id, fact)


def test_themes_on_real_cards(card):
    assert {"theme:spellslinger", "theme:tokens"} <= set(by_id(card("Young Pyromancer")))
    assert {"theme:landfall", "theme:tokens", "theme:plus-one-counters"} <= set(by_id(card("Avenger of Zendikar")))
    assert {"theme:day-night", "theme:werewolves"} <= set(by_id(card("Brutal Cathar // Moonrage Brute")))
    assert {"theme:lifegain"} <= set(by_id(card("Fleetfoot Dancer")))
    assert by_id(card("Fleetfoot Dancer"))["theme:lifegain"].evidence[0].facts == ("keyword:lifelink",)


def test_tribal_from_the_text_not_from_token_making(card):
    assert "tribal:elf" in by_id(card("Elvish Archdruid"))
    assert "tribal:goblin" in by_id(card("Goblin Rabblemaster"))
    # Aether Mutation makes Saprolings; it does not care about them
    assert "tribal:saproling" not in by_id(card("Aether Mutation"))


def test_gold_expected_attributes_and_themes_are_found(gold_entries, gold_by_name):
    missing = [
        (e["name"], t)
        for e in gold_entries
        for t in e.get("expected_also", ())
        if t not in by_id(gold_by_name[e["name"]])
    ]
    assert not missing


def test_cardtag_is_json_serialisable_with_the_documented_keys(card):
    tags = tag_card(card("Vorrac Battlehorns"))
    for t in tags:
        assert isinstance(t, CardTag)
        d = t.to_dict()
        assert set(d) == {"id", "label", "group", "kind", "evidence", "confidence"}
        json.dumps(d)
    extracted = next(t for t in tags if t.id == "evasion:single-blocker").to_dict()
    assert extracted["evidence"] == [
        {"source": "text", "face": 0, "start": 34, "end": 76, "text": "can't be blocked by more than one creature"}
    ]
    assert extracted["confidence"] is None
