from tolaria.tags import CardTag, facets_for, tag_card


def test_facets_shape_for_the_search_index(card):
    c = card("Young Pyromancer")
    tags = tag_card(c) + [CardTag("pred:removal", "Removal", "Predicted tags", "predicted", [], 0.25)]
    facets = facets_for({c.oracle_id: tags, "empty": []})
    assert set(facets) == {"tag", "theme", "pred"}
    assert facets["tag"][c.oracle_id]["trigger:cast"] == 1.0
    assert facets["tag"][c.oracle_id]["type:creature"] == 1.0
    assert facets["theme"][c.oracle_id]["theme:spellslinger"] == 1.0
    # tag: searches every kind; theme: and pred: only their own
    assert facets["tag"][c.oracle_id]["theme:spellslinger"] == 1.0
    assert facets["tag"][c.oracle_id]["pred:removal"] == 0.25
    assert "trigger:cast" not in facets["theme"][c.oracle_id]
    assert facets["pred"] == {c.oracle_id: {"pred:removal": 0.25}}
    assert "empty" not in facets["tag"]
