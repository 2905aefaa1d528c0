import json
from importlib import resources

import tolaria.rules as rules
from tolaria.tags import KINDS, Tagger, Taxonomy, default_taxonomy
from tolaria.tags._extract import EXTRACTORS
from tolaria.tags._infer import THEMES

GROUPS = [
    "Ability tags",
    "Mana costs",
    "Classes and roles",
    "Creature kinds",
    "Color identity",
    "Keyword tags",
    "Mana value",
    "Timing tags",
    "Type tags",
    "Theme tags",
    "Predicted tags",
]


def test_every_group_of_the_page_is_in_the_taxonomy_with_tags():
    tax = default_taxonomy()
    assert list(tax.groups) == GROUPS
    groups_with_tags = {t.group for t in tax.all_tags()}
    assert groups_with_tags == set(GROUPS)


def test_every_tag_has_id_label_group_description_and_a_known_kind():
    for t in default_taxonomy().all_tags():
        assert t.id and t.label and t.description, t
        assert t.kind in KINDS, t
        assert t.group in GROUPS, t
    kinds = {t.kind for t in default_taxonomy().all_tags()}
    assert kinds == set(KINDS)


def test_keywords_come_from_the_comprehensive_rules():
    tax = default_taxonomy()
    flying = tax.get("keyword:flying")
    assert (flying.group, flying.kind, flying.rule) == ("Keyword tags", "extracted", "702.9")
    assert tax.get("action:scry").rule.startswith("701.")
    assert tax.get("abilityword:landfall").rule == "207.2c"
    # renamed keywords keep their obsolete name as an alias (CR glossary "Totem Armor (Obsolete)")
    assert tax.vocabulary.aliases["totem armor"] == "umbra armor"


def test_creature_types_are_the_cr_list_split_into_kinds_and_classes():
    tax = default_taxonomy()
    types = set(tax.vocabulary.creature_types)
    assert {"Elf", "Human", "Druid", "Warrior", "Time Lord"} <= types
    assert len(types) > 300
    assert tax.creature_classes <= types, tax.creature_classes - types  # the class list names real types
    assert tax.get("kind:elf").group == "Creature kinds"
    assert tax.get("class:druid").group == "Classes and roles"
    assert tax.get("tribal:elf").kind == "inferred"


def test_every_fixed_tag_an_extractor_or_theme_can_produce_is_defined():
    tax = default_taxonomy()
    for ex in EXTRACTORS.values():
        for tag_id in ex.tags:
            assert tax.get(tag_id).kind == "extracted", tag_id
    for tag_id in THEMES:
        assert tax.get(tag_id).kind == "inferred", tag_id


def test_the_taxonomy_file_can_be_replaced(tmp_path):
    data = json.loads((resources.files("tolaria.tags") / "taxonomy.json").read_text(encoding="utf-8"))
    for t in data["tags"]:
        if t["id"] == "theme:lifegain":
            t["label"] = "Life gain (custom)"
    path = tmp_path / "taxonomy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    tagger = Tagger(Taxonomy.load(path))
    assert tagger.taxonomy.get("theme:lifegain").label == "Life gain (custom)"


def test_keyword_vocabulary_agrees_with_the_rules_package():
    book = rules.shipped_rulebook()
    vocab = default_taxonomy().vocabulary
    for ours, theirs in ((vocab.abilities, book.keyword_abilities()), (vocab.actions, book.keyword_actions())):
        by_rule = {kw.rule for kw in ours.values()}
        assert set(theirs.values()) <= by_rule
        names = {kw.name.lower() for kw in ours.values()}
        assert {n.lower() for n in theirs if " and " not in n} <= names
