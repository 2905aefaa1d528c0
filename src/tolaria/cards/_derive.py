"""Values a search needs that are derived from the printed card, by the rules that define them.

Readers compute these themselves instead of trusting a source's field, and a test over the full
data holds them equal to the source's own fields (colors, color identity, mana value).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, TypedDict

from ._mana import cost_colors, identity_from_text, mana_value, sort_colors
from ._model import COLORS, Card, Face

_COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
# Layouts whose faces are cast separately and whose mana value off the stack is the sum (rule 709.4)
SUMMED_LAYOUTS = {"split", "aftermath"}
# Layouts whose card-level characteristics are the front face's (rules 711.4, 712.8)
FRONT_FACE_LAYOUTS = {"transform", "modal_dfc", "flip", "meld", "adventure", "reversible_card", "double_faced_token"}

# What a reader remembers of meld cards across the batches of one file: the meld cards read so far
# by name, and (MTGJSON) the names of the fronts that meld into each result
MeldsSeen = TypedDict("MeldsSeen", {"cards": dict[str, Card], "fronts of": dict[str, list[str]]}, total=False)


_COLOR_LIST = r"(?:white|blue|black|red|green)(?:(?:, |,? and )(?:white|blue|black|red|green))*"
# A characteristic-defining ability that sets the card's own colors (rule 604.3): "X is all colors."
_CDA = re.compile(rf"(?:^|\n)(?P<subject>[^\n.]+?) is (?P<colors>all colors|colorless|{_COLOR_LIST})\.")
_DEVOID = re.compile(r"(?:^|\n)Devoid\b")


def face_colors(face: Face, card_name: str = "") -> tuple[str, ...]:
    """Rule 202.2 and 204: a face's colors come from its mana cost and color indicator,
    unless a characteristic-defining ability says otherwise (604.3: devoid, "is all colors")."""
    text = face.oracle_text or ""
    if " is " in text:
        own_names = {n for n in (face.name, card_name, "This card") if n}
        for match in _CDA.finditer(text):
            if match.group("subject") not in own_names:
                continue
            stated = match.group("colors")
            if stated == "all colors":
                return tuple(COLORS)
            if stated == "colorless":
                return ()
            return sort_colors(_COLOR_WORDS[w] for w in re.findall(r"white|blue|black|red|green", stated))
    if "Devoid" in text and _DEVOID.search(text):
        return ()
    return sort_colors(set(cost_colors(face.mana_cost)) | set(face.color_indicator))


def face_mana_values(layout: str, faces: list[Face]) -> list[float]:
    """The mana value of the object each face makes when it is the one up (off the stack):
    split halves share their combined value (709.4b), a transforming back face has its front's
    (202.3a), a flip card keeps its cost (710.2), an adventurer card is its creature (715.4),
    while each face of a modal DFC has its own cost (712.8)."""
    if not faces:
        return []
    if layout == "modal_dfc":
        return [mana_value(f.mana_cost) for f in faces]
    whole = card_mana_value(layout, faces)
    return [whole for _ in faces]


def card_mana_value(layout: str, faces: list[Face]) -> float:
    """Rule 202.3 with 709.4 (split cards sum their halves) and 712.8 (a DFC uses its front face),
    and 712.8e / 701.37 for meld: the melded permanent's mana value is the sum of its two fronts."""
    if layout in SUMMED_LAYOUTS:
        return sum(mana_value(f.mana_cost) for f in faces)
    return mana_value(faces[0].mana_cost) if faces else 0.0


def card_colors(layout: str, faces: list[Face], card_name: str = "") -> tuple[str, ...]:
    if layout in SUMMED_LAYOUTS:
        return sort_colors(c for f in faces for c in face_colors(f, card_name))
    return face_colors(faces[0], card_name) if faces else ()


_BASIC_LAND_TYPES = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}


def color_identity(faces: list[Face]) -> tuple[str, ...]:
    """Rule 903.4: mana symbols in cost and rules text of every face (903.4d), plus color indicators
    and colors set by characteristic-defining abilities (the faces' own colors)."""
    found: set[str] = set()
    for face in faces:
        # 305.6: a basic land type grants "{T}: Add [its mana]" — rules text, though printed as reminder
        found.update(_BASIC_LAND_TYPES[t] for t in face.subtypes if t in _BASIC_LAND_TYPES)
        found.update(cost_colors(face.mana_cost))
        found.update(face.color_indicator)
        found.update(identity_from_text(face.oracle_text))
        found.update(face_colors(face))
    return sort_colors(found)


_ADD = re.compile(r"\bAdd(s)? ([^.]*)", re.IGNORECASE)
_SYMBOL = re.compile(r"\{([WUBRGC])\}")


def produced_mana(faces: list[Face]) -> tuple[str, ...]:
    """Which kinds of mana the card's abilities can add, as Scryfall's produced_mana lists them."""
    found: set[str] = set()
    for face in faces:
        for match in _ADD.finditer(face.oracle_text or ""):
            clause = match.group(2)
            found.update(_SYMBOL.findall(clause))
            if re.search(
                r"mana of any (one )?colou?r|any combination of colors|mana in any combination of colors", clause
            ):
                found.update(COLORS)
            if re.search(r"mana of any type", clause):
                found.update(COLORS + "C")
    ordered = tuple(c for c in COLORS + "C" if c in found)
    return ordered


def meld_backs(cards: Sequence[Card], parts_of: Callable[[Card], list[str]], known: MeldsSeen | None = None) -> None:
    """A melded back face (Brisela) has no cost of its own: its identity is that of the cards that
    meld into it (903.4d counts back faces with their fronts), and its mana value is the sum of
    theirs (202.3c). parts_of(card) -> names of its meld parts, for meld results only;
    known: meld cards of earlier batches by name (a promo set may hold the result alone)."""
    by_name = {**(known or {}).get("cards", {}), **{c.name: c for c in cards if c.layout == "meld"}}
    if known is not None:
        known.setdefault("cards", {}).update((c.name, c) for c in cards if c.layout == "meld")
    for card in cards:
        if card.layout != "meld" or not parts_of(card):
            continue
        found = set(card.color_identity)
        fronts = [part for name in parts_of(card) if (part := by_name.get(name)) is not None and part is not card]
        for part in fronts:
            found.update(part.color_identity)
        card.color_identity = sort_colors(found)
        if fronts:
            card.mana_value = sum(part.mana_value for part in fronts)
            for face in card.faces:
                face.mana_value = card.mana_value


def derived_card(oracle_id: str, name: str, layout: str, faces: list[Face], **source_fields: Any) -> Card:
    """An oracle card whose rules-derived values (face colors and mana values, mana cost, mana value,
    colors, color identity, color indicator, produced mana) are computed here, the same way for every
    reader; source_fields carries what only the source knows (keywords, legalities, rulings, …)."""
    for face in faces:
        face.colors = face_colors(face, name)
    if layout == "flip":  # 710.2: flipping changes name, text, type line, P/T — not mana cost, so not colors
        for face in faces[1:]:
            face.colors = faces[0].colors
    for face, value in zip(faces, face_mana_values(layout, faces)):
        face.mana_value = value
    return Card(
        oracle_id=oracle_id,
        name=name,
        layout=layout,
        faces=faces,
        mana_cost=" // ".join(f.mana_cost for f in faces if f.mana_cost),
        mana_value=card_mana_value(layout, faces),
        colors=card_colors(layout, faces, name),
        color_identity=color_identity(faces),
        color_indicator=tuple(c for c in COLORS if any(c in f.color_indicator for f in faces)),
        produced_mana=produced_mana(faces),
        **source_fields,
    )
