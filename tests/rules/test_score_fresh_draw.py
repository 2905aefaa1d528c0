"""scripts/score_fresh_draw.py: precision and recall of the linker and the tagger on a sealed fresh draw.

Scored here on small files made up for the test (tests/rules/data/fresh_draw_example_*.json), never on
the sealed draws: with stand-in linkers and taggers whose answers the test chose (so every count is
known), then once with Tolaria's own on the made-up cards (the command runs end to end)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tolaria.cards import Card, Face

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "scripts" / "score_fresh_draw.py"
DATA = Path(__file__).parent / "data"
LINKS = DATA / "fresh_draw_example_links.json"
THEMES = DATA / "fresh_draw_example_themes.json"


@pytest.fixture(scope="module")
def scoring():
    spec = importlib.util.spec_from_file_location("score_fresh_draw", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up by name
    spec.loader.exec_module(module)
    yield module
    del sys.modules[spec.name]


@dataclass
class FakeSpan:
    text: str
    kind: str
    rule: str


class FakeLinker:
    """Answers each card with the spans the test gives it, face by face."""

    def __init__(self, answers):
        self.answers = answers

    def link_card(self, card):
        return [[FakeSpan(*s) for s in face] for face in self.answers[card.name]]


@dataclass
class FakeTag:
    id: str


class FakeTagger:
    def __init__(self, answers):
        self.answers = answers

    def tag(self, card):
        return [FakeTag(t) for t in self.answers[card.name]]


def doc(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_subrule_of_the_expected_rule_is_the_same_link_a_neighbouring_rule_is_not(scoring):
    assert scoring.rule_accepts(["702.37"], "702.37a")
    assert scoring.rule_accepts(["702.37"], "702.37")
    assert not scoring.rule_accepts(["702.3"], "702.37")
    assert not scoring.rule_accepts(["506.2"], "802")


def test_links_count_found_missed_and_wrong_per_category(scoring):
    linker = FakeLinker(
        {
            # Flying found; "dies" linked to the wrong rule (a miss and a wrong link); the card's name linked
            "Test Flier": [
                [
                    ("Flying", "keyword_ability", "702.9"),
                    ("dies", "glossary", "603.6"),
                    ("Test Flier", "glossary", "201"),
                ]
            ],
            # everything found; a subrule of the tap symbol's rule still counts; a rule reference is not scored
            "Test Warden": [
                [
                    ("Vigilance", "keyword_ability", "702.20"),
                    ("Scry", "keyword_action", "701.22"),
                    ("{T}", "glossary", "107.5a"),
                    ("rule 1", "rule_reference", "1"),
                ]
            ],
        }
    )
    score = scoring.score_links(doc(LINKS), linker)
    assert (score.tp["keyword_ability"], score.fp["keyword_ability"], score.fn["keyword_ability"]) == (2, 0, 0)
    assert (score.tp["keyword_action"], score.fn["keyword_action"]) == (1, 0)
    assert (score.tp["other"], score.fp["other"], score.fn["other"]) == (1, 2, 1)
    assert score.recall("other") == 0.5 and score.precision("other") == pytest.approx(1 / 3)
    assert score.precision("ability_word") is None  # nothing expected, nothing linked: no figure
    assert [(m["card"], m["text"]) for m in score.misses] == [("Test Flier", "dies")]
    wrong = {(w["text"], w["rule"]): w["must_not"] for w in score.wrong}
    assert wrong == {("dies", "603.6"): None, ("Test Flier", "201"): "the card's own name"}


def test_themes_count_themes_and_roles_apart(scoring):
    tagger = FakeTagger(
        {
            "Test Drinker": ["theme:lifegain", "tribal:vampire", "theme:voltron", "ability:triggered"],
            "Test Bolt": ["pred:removal", "mv:1"],
        }
    )
    score = scoring.score_themes(doc(THEMES), tagger)
    assert (score.tp["themes"], score.fp["themes"], score.fn["themes"]) == (1, 1, 1)
    assert (score.tp["roles"], score.fn["roles"]) == (1, 1)  # burn: theme:burn stands for it, and is missing
    assert {"card": "Test Drinker", "theme": "theme:plus-one-counters"} in score.misses
    assert score.wrong == [
        {"card": "Test Drinker", "theme": "tribal:vampire", "must_not": "its own type; it cares about no Vampire"}
    ]


def test_a_role_the_tagger_misses_is_listed(scoring):
    score = scoring.score_themes(doc(THEMES), FakeTagger({"Test Drinker": [], "Test Bolt": []}))
    assert score.fn["roles"] == 2 and {"card": "Test Bolt", "role": "removal", "tag": "theme:removal"} in score.misses


def test_a_theme_that_stands_for_a_role_is_judged_as_the_role(scoring):
    tagger = FakeTagger(
        {"Test Drinker": ["theme:lifegain", "theme:board-wipe"], "Test Bolt": ["theme:removal", "theme:burn"]}
    )
    score = scoring.score_themes(doc(THEMES), tagger)
    assert (score.tp["themes"], score.fp["themes"]) == (1, 0)  # the role themes are not counted as themes
    assert (score.tp["roles"], score.fp["roles"], score.fn["roles"]) == (2, 1, 0)
    assert {"card": "Test Drinker", "role": "board_wipe", "theme": "theme:board-wipe"} in score.wrong


@pytest.mark.parametrize(
    "flag,path,keys",
    [
        ("--links", LINKS, {"keyword_ability", "keyword_action", "ability_word", "other"}),
        ("--themes", THEMES, {"themes", "roles"}),
    ],
)
def test_the_command_runs_tolarias_own_linker_and_tagger(flag, path, keys):
    run = subprocess.run(
        [sys.executable, str(SCRIPT), flag, str(path), "--json"], capture_output=True, text=True, check=True
    )
    out = json.loads(run.stdout)
    assert set(out["scores"]) == keys
    expected = doc(path)["cards"]
    if flag == "--links":
        total = sum(len(face) for card in expected for face in card["expected"])
        assert sum(s["tp"] + s["fn"] for s in out["scores"].values()) == total
        assert out["scores"]["keyword_ability"]["tp"] >= 1  # Flying on a keyword line: the linker's plainest case
    else:
        assert out["scores"]["themes"]["tp"] + out["scores"]["themes"]["fn"] == 2
    text = subprocess.run(
        [sys.executable, str(SCRIPT), flag, str(path)], capture_output=True, text=True, check=True
    ).stdout
    assert "precision" in text and "misses (" in text and "wrong (" in text


def test_a_file_without_cards_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"seed": 1}', encoding="utf-8")
    run = subprocess.run([sys.executable, str(SCRIPT), "--links", str(bad)], capture_output=True, text=True)
    assert run.returncode == 2 and "no list of cards" in run.stderr


def test_a_must_not_for_any_tribe_names_every_tribal_theme(scoring):
    sealed = {
        "cards": [
            {
                "name": "Test Plague",
                "faces": [
                    {
                        "name": "Test Plague",
                        "type_line": "Sorcery",
                        "oracle_text": "Destroy all creatures that share a creature type.",
                    }
                ],
                "expected_themes": [],
                "must_not": [{"theme": "tribal:*", "why": "names no type"}],
            }
        ]
    }
    score = scoring.score_themes(sealed, FakeTagger({"Test Plague": ["tribal:goblin"]}))
    assert score.wrong == [{"card": "Test Plague", "theme": "tribal:goblin", "must_not": "names no type"}]


def test_a_drawn_card_is_scored_as_the_reader_gave_it(scoring):
    card = Card(
        oracle_id="x-1",
        name="Test Rock",
        layout="normal",
        faces=[Face(name="Test Rock", oracle_text="{T}: Add {C}.")],
        produced_mana=("C",),
        keywords=(),
    )
    seen = []

    class Recorder:
        def tag(self, c):
            seen.append(c)
            return []

    sealed = {
        "cards": [
            {
                "name": "Test Rock",
                "faces": [{"name": "Test Rock", "oracle_text": "{T}: Add {C}."}],
                "card": card.to_dict(),
                "expected_themes": ["theme:ramp"],
            }
        ]
    }
    scoring.score_themes(sealed, Recorder())
    assert seen[0].produced_mana == ("C",) and seen[0].oracle_id == "x-1"
