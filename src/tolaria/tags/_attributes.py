"""Attribute tags: read from card data (color identity, mana value, mana cost symbols, type line)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar

from ..cards import Card, Face, ManaCostError, ManaSymbol, parse_mana_cost
from ._model import Evidence
from ._taxonomy import Taxonomy
from ._vocab import slugify

Hit = tuple[str, Evidence]
ATTRIBUTES: dict[str, Callable[[Card, Taxonomy], Iterator[Hit]]] = {}
_Rule = TypeVar("_Rule", bound=Callable[[Card, Taxonomy], Iterator[Hit]])


def attribute(name: str) -> Callable[[_Rule], _Rule]:
    def register(fn: _Rule) -> _Rule:
        ATTRIBUTES[name] = fn
        return fn

    return register


@attribute("color_identity")
def color_identity(card: Card, tax: Taxonomy) -> Iterator[Hit]:
    ci = tuple(card.color_identity)
    ev = Evidence("data", field="color_identity", text="".join(ci))
    for c in ci:
        yield f"ci:{c.lower()}", ev
    if not ci:
        yield "ci:colorless", ev
    elif len(ci) == 1:
        yield "ci:mono", ev
    else:
        yield "ci:multicolor", ev


@attribute("mana_value")
def mana_value(card: Card, tax: Taxonomy) -> Iterator[Hit]:
    mv = card.mana_value or 0.0
    ev = Evidence("data", field="mana_value", text=f"{mv:g}")
    yield ("mv:7plus" if mv >= 7 else f"mv:{int(mv)}"), ev


_COST_FEATURES: dict[str, Callable[[ManaSymbol], bool]] = {
    "cost:x": lambda s: s.is_variable,
    "cost:hybrid": lambda s: s.is_hybrid,
    "cost:phyrexian": lambda s: s.is_phyrexian,
    "cost:snow": lambda s: s.is_snow,
    "cost:colorless-specific": lambda s: s.is_colorless_specific,
}


@attribute("mana_cost")
def mana_cost(card: Card, tax: Taxonomy) -> Iterator[Hit]:
    for i, face in enumerate(card.faces):
        try:
            symbols = parse_mana_cost(face.mana_cost)
        except ManaCostError:
            continue
        for tag, test in _COST_FEATURES.items():
            hits = [str(s) for s in symbols if test(s)]
            if hits:
                yield tag, Evidence("data", face=i, field="mana_cost", text=face.mana_cost)
    front = card.faces[0] if card.faces else None
    if (
        front is not None
        and not front.mana_cost
        and "Land" not in _types(front)
        and card.layout not in ("token", "emblem", "scheme", "planar", "vanguard")
    ):
        yield "cost:none", Evidence("data", face=0, field="mana_cost", text="")


def _types(face: Face) -> tuple[str, ...]:
    if face.types:
        return tuple(face.types)
    return tuple(w for w in face.type_line.split("—")[0].split() if w[:1].isupper())


def _supertypes(face: Face) -> tuple[str, ...]:
    if face.supertypes or face.types:
        return tuple(face.supertypes)
    left = face.type_line.split("—")[0].split()
    return tuple(w for w in left if w in ("Legendary", "Basic", "Snow", "World", "Ongoing", "Elite", "Host"))


def _subtypes(face: Face) -> tuple[str, ...]:
    if face.subtypes:
        return tuple(face.subtypes)
    if "—" not in face.type_line:
        return ()
    return tuple(face.type_line.split("—", 1)[1].split())


@attribute("type_line")
def type_line(card: Card, tax: Taxonomy) -> Iterator[Hit]:
    for i, face in enumerate(card.faces):
        ev = Evidence("data", face=i, field="type_line", text=face.type_line)
        types = [t for t in _types(face) if t not in _supertypes(face)]
        for t in types:
            yield f"type:{slugify(t)}", ev
        for t in _supertypes(face):
            yield f"supertype:{slugify(t)}", ev
        creature_like = any(t in ("Creature", "Kindred", "Tribal") for t in types)
        for sub in _subtypes(face):
            if creature_like and sub in tax.vocabulary.creature_types:
                yield f"{tax.class_or_kind(sub)}:{slugify(sub)}", ev
            elif not creature_like or sub not in tax.vocabulary.creature_types:
                yield f"subtype:{slugify(sub)}", ev
