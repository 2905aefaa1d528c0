"""The card page's explanation parts (tolaria.rules.explain): reminder text set apart, panels titled by their term."""

from tolaria.cards import Card, Face
from tolaria.rules.explain import explained_faces, rule_title

THUNDERMARE = "Haste (This creature can attack and {T} as soon as it comes under your control.)\nWhen Thundermare enters the battlefield, tap all other creatures."


def test_reminder_text_is_set_apart():
    card = Card(
        "x",
        "Thundermare",
        "normal",
        [Face("Thundermare", type_line="Creature — Elemental Horse", oracle_text=THUNDERMARE)],
    )
    (face,) = explained_faces(card)
    reminder = "".join(s.text for s in face.segments if s.in_reminder)
    assert reminder == "(This creature can attack and {T} as soon as it comes under your control.)"
    assert "".join(s.text for s in face.segments) == THUNDERMARE
    assert face.structure["abilities"][0]["kind"] == "keyword"


def test_ability_word_panel_is_titled_ability_word(book=None):
    assert rule_title("207.2c") == "Ability Word"
