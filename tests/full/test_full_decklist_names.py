"""Every card of the full data, named as the decklist tools write names, is found as exactly one card
(make test-full). The forms, from tests/decks/data/README.md: the card's own name; the name with its
accents and ligatures written out in ASCII, as MTGO and many lists write them (`Aether Vial`,
`Lim-Dul's Vault`); a split or aftermath card as MTGO writes it (`Fire/Ice`), as Arena writes
Amonkhet Remastered's (`Commit /// Memory`) and as `A//B`; the front face alone of an adventure,
modal double-faced, transforming or flip card (how Arena and MTGO name them)."""

from __future__ import annotations

import unicodedata
from collections import defaultdict

import pytest

from tolaria import decks
from tolaria.cards import fold_name

pytestmark = pytest.mark.full

FRONT_NAMED = ("adventure", "modal_dfc", "transform", "flip")
SPLIT = ("split", "aftermath")


def ascii_name(name: str) -> str:
    name = name.replace("Æ", "Ae").replace("æ", "ae")
    return "".join(ch for ch in unicodedata.normalize("NFKD", name) if not unicodedata.combining(ch))


def forms(card) -> set[str]:
    out = {card.name, ascii_name(card.name)}
    faces = [f.name for f in card.faces]
    if card.layout in SPLIT and len(faces) > 1:
        out |= {"/".join(faces), " /// ".join(faces), "//".join(faces)}
    if card.layout in FRONT_NAMED and faces:
        out |= {faces[0], ascii_name(faces[0])}
    return out


@pytest.fixture(scope="module")
def corpus(full_corpus):
    # read_corpus(AllPrintings, the set files), read once for the session (tests/full/conftest.py)
    return full_corpus


@pytest.fixture(scope="module")
def index(corpus):
    # as the site builds it (tolaria.site.catalog.services card_names): card names, then each face of a
    # multi-face name, lower-cased; NameIndex folds them
    names: dict[str, str] = {}
    for card in corpus.cards.values():
        names.setdefault(card.name.lower(), card.oracle_id)
    for card in corpus.cards.values():
        for face in card.name.split(" // ") if " // " in card.name else ():
            names.setdefault(face.lower(), card.oracle_id)
    return decks.NameIndex(names)


def test_the_issues_names(corpus, index):
    by_name = {c.name: c.oracle_id for c in corpus.cards.values()}
    expect = {
        # the data's name is Aether Vial (Oracle dropped the Æ in 2021); old lists write the printed Æther
        "Æther Vial": "Aether Vial",
        "Aether Vial": "Aether Vial",
        "Lim-Dûl's Vault": "Lim-Dûl's Vault",
        "Lim-Dul's Vault": "Lim-Dûl's Vault",
        "Commit /// Memory": "Commit // Memory",
        "Fire/Ice": "Fire // Ice",
        "Bonecrusher Giant": "Bonecrusher Giant // Stomp",  # adventure, by its front
        "Valki, God of Lies": "Valki, God of Lies // Tibalt, Cosmic Impostor",  # modal DFC, by its front
        "Delver of Secrets": "Delver of Secrets // Insectile Aberration",  # transform
    }
    for written, name in expect.items():
        assert index.find(written) == by_name[name], written


def test_every_name_form_of_every_card_is_exactly_one_card(corpus, index):
    same_name = defaultdict(set)
    for card in corpus.cards.values():
        same_name[card.name].add(card.oracle_id)
    # names the data gives to several oracle cards (Un-set variants): no name can tell them apart, a
    # decklist needs the set and number there; they are listed, not skipped silently
    shared = {name for name, oids in same_name.items() if len(oids) > 1}
    owners: dict[str, set[str]] = defaultdict(set)
    for card in corpus.cards.values():
        for form in forms(card):
            owners[fold_name(form)].add(card.oracle_id)
    checked = 0
    wrong = []
    for card in corpus.cards.values():
        if card.name in shared:
            continue
        for form in forms(card):
            checked += 1
            found = index.find(form)
            if owners[fold_name(form)] != {card.oracle_id} or found != card.oracle_id:
                wrong.append((form, card.name, sorted(corpus.cards[o].name for o in owners[fold_name(form)])))
    assert checked > 25_000
    assert not wrong, f"{len(wrong)} forms do not name exactly their card: {wrong[:20]}"
    assert len(shared) < 40, sorted(shared)
