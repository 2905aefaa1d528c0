from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest

from tolaria.cards import Card, Face, Ruling, load_sample
from tolaria.knowledge import Document, Embedder, KnowledgeIndex, SemanticUnavailable, documents_from
from tolaria.rules import shipped_rulebook

DATA = Path(__file__).parent / "data"


def fixture_card(name: str = "super_duper_death_ray") -> Card:
    raw = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    face = Face(name=raw["name"], type_line=raw["type_line"], oracle_text=raw["oracle_text"])
    rulings = [Ruling(r["date"], r["text"]) for r in raw["rulings"]]
    return Card(oracle_id=raw["oracle_id"], name=raw["name"], layout="normal", faces=[face], rulings=rulings)


@pytest.fixture()
def death_ray() -> Card:
    return fixture_card()


@pytest.fixture(scope="session")
def rulebook():
    return shipped_rulebook()


@pytest.fixture(scope="session")
def sample_cards() -> dict[str, Card]:
    """The shipped sample's cards, plus the fixture card the trample case needs if the sample lacks it."""
    try:
        cards = dict(load_sample().cards)
    except (ImportError, OSError, ValueError):  # the sample is not built yet on this machine
        cards = {}
    death_ray = fixture_card()
    if not any(c.name == death_ray.name for c in cards.values()):
        cards[death_ray.oracle_id] = death_ray
    return cards


@pytest.fixture(scope="session")
def embedder() -> Embedder:
    try:
        return Embedder()
    except SemanticUnavailable as exc:  # make test installs the ai extra: a missing model is a failure
        pytest.fail(str(exc))


@pytest.fixture(scope="session")
def shipped_index(request, rulebook, sample_cards, embedder) -> KnowledgeIndex:
    """The CR + sample index; embeddings cached in pytest's cache dir, so only the first run embeds."""
    if getattr(request.config, "cache", None) is not None:
        cache = Path(request.config.cache.mkdir("tolaria-knowledge")) / "embeddings.npz"
    else:  # run with -p no:cacheprovider
        cache = Path(tempfile.gettempdir()) / "tolaria-knowledge-embeddings.npz"
    return KnowledgeIndex.build(documents_from(rulebook, sample_cards), embedder=embedder, cache=cache, progress=True)


@pytest.fixture()
def tiny_documents() -> list[Document]:
    return [
        Document(
            "rule:702.19",
            "rule",
            "702.19. Keyword Abilities — Trample",
            "702.19a Trample is a static ability that modifies the rules for assigning an attacking creature’s combat damage.",
            "702.19",
        ),
        Document(
            "rule:702.9",
            "rule",
            "702.9. Keyword Abilities — Flying",
            "702.9b A creature with flying can’t be blocked except by creatures with flying and/or reach.",
            "702.9",
        ),
        Document(
            "glossary:trample",
            "glossary",
            "Trample",
            "A keyword ability that modifies how a creature assigns combat damage. See rule 702.19, “Trample.”",
            "Trample",
        ),
        Document(
            "glossary:draw",
            "glossary",
            "Draw",
            "To put a card from the top of your library into your hand. See rule 121.",
            "Draw",
        ),
        Document(
            "card:1",
            "card",
            "Grim Haruspex",
            "Creature — Human Wizard\nWhenever another nontoken creature you control dies, draw a card.",
            "1",
        ),
        Document("card:2", "card", "Llanowar Elves", "Creature — Elf Druid\n{T}: Add {G}.", "2"),
        Document(
            "ruling:3:0",
            "ruling",
            "Super-Duper Death Ray",
            "If damage is already marked on the creature, that damage is considered when calculating excess damage.",
            "3",
        ),
    ]
