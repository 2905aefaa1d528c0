"""tolaria.rules.explain without a database: segments rebuild the text; titles and subtrees are right."""

from tolaria.rules.explain import explained_faces, explanation_lines


def by_name(sample, name):
    return next(c for c in sample.cards.values() if c.name == name)


def test_segments_rebuild_every_face_of_every_sample_card(sample):
    linked = 0
    for card in list(sample.cards.values()):
        faces = explained_faces(card)
        assert [f.name for f in faces] == [f.name for f in card.faces]
        for face, explained in zip(card.faces, faces):
            assert "".join(s.text for s in explained.segments) == (face.oracle_text or "")
            linked += len(explained.links)
    assert linked > 3000


def test_glossary_link_is_titled_by_its_term_and_opens_one_subrule(sample):
    face = explained_faces(by_name(sample, "Harvesttide Infiltrator // Harvesttide Assailant"))[0]
    night = next(s for s in face.links if s.text == "it becomes night")
    assert night.kind == "glossary" and night.title == "Night" and night.in_reminder
    assert [r.number for r in night.rules] == [night.rule]
    assert night.as_dict()["rules"][0]["references"][0]["target"] == "805"


def test_explanation_lines_one_line_per_term_then_rule_texts(sample):
    lines = explanation_lines(by_name(sample, "Fleetfoot Dancer"))
    heads = [line for line in lines if not line.startswith(" ")]
    assert heads == ["Trample → CR 702.19 Trample", "lifelink → CR 702.15 Lifelink", "haste → CR 702.10 Haste"]
    assert lines[1].startswith("    702.19a Trample is a static ability")
    assert any(line.startswith("      Example: ") for line in lines)
