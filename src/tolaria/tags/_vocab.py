"""Vocabularies read from the Comprehensive Rules text shipped in the package.

Keyword abilities (702.x titles), keyword actions (701.x titles), ability words (207.2c) and
creature types (205.3m) are read from the CR, never hard-coded, so a new CR edition brings its
new keywords with it. Variants ("Multikicker is a variant of the kicker ability") and obsolete
names (glossary "Totem Armor (Obsolete)") are read from the same text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

_TITLE = re.compile(r"^(70[12])\.(\d+)\. (.+)$")
_SUBRULE = re.compile(r"^(70[12]\.\d+)[a-z] (.+)$")
_VARIANT = re.compile(
    r"^(?:“)?([A-Z][\w’' -]*?) is a variant of (?:the )?([\w’' -]+?) (?:ability|keyword)", re.IGNORECASE
)


@dataclass(frozen=True)
class Keyword:
    name: str  # as the CR titles it, e.g. "First Strike"
    rule: str  # "702.7"
    kind: str  # "keyword_ability" | "keyword_action" | "ability_word"
    parent: str | None = None  # the keyword a variant belongs to ("Kicker" for "Multikicker")

    @property
    def slug(self) -> str:
        return slugify(self.name)


@dataclass
class Vocabulary:
    abilities: dict[str, Keyword] = field(default_factory=dict)  # lower name -> Keyword
    actions: dict[str, Keyword] = field(default_factory=dict)
    ability_words: dict[str, Keyword] = field(default_factory=dict)
    aliases: dict[str, str] = field(default_factory=dict)  # obsolete lower name -> current lower name
    creature_types: tuple[str, ...] = ()
    land_types: tuple[str, ...] = ()
    card_types: tuple[str, ...] = ()  # 205.2a
    supertypes: tuple[str, ...] = ()  # 205.4a
    noncreature_subtypes: tuple[str, ...] = ()  # 205.3g-k: artifact, enchantment, land, spell types
    # 205.3g-q, each kind's list: "artifact", "enchantment", "land", "planeswalker", "spell", "creature",
    # "planar", "dungeon", "battle" -> its types as the CR writes them
    subtypes: dict[str, tuple[str, ...]] = field(default_factory=dict)


def slugify(name: str) -> str:
    name = name.replace("’", "").replace("'", "").lower()
    return re.sub(r"[^a-z0-9∞]+", "-", name).strip("-")


def cr_path() -> Path:
    return Path(str(resources.files("tolaria") / "data"))


def _cr_text(path: str | Path | None) -> list[str]:
    if path is None:
        found = sorted(cr_path().glob("MagicCompRules*.txt"))
        path = found[-1]
    return Path(path).read_text(encoding="utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _split_list(text: str) -> list[str]:
    text = text.rstrip(".")
    text = re.sub(r",? and ", ", ", text)
    return [p.strip() for p in text.split(", ") if p.strip()]


@lru_cache(maxsize=4)
def load_vocabulary(path: str | None = None) -> Vocabulary:
    lines = _cr_text(path)
    vocab = Vocabulary()
    titles: dict[str, str] = {}
    start = next(i for i, line in enumerate(lines) if line.startswith("701.1.") and "Most actions" in line)
    for line in lines[start:]:
        if line.startswith("703."):
            break
        m = _TITLE.match(line)
        if m:
            section, num, title = m.groups()
            if num == "1":
                continue
            rule = f"{section}.{num}"
            titles[rule] = title
            kind = "keyword_action" if section == "701" else "keyword_ability"
            target = vocab.actions if section == "701" else vocab.abilities
            names = [title]
            # "Tap and Untap", "Daybound and Nightbound": two keywords under one rule
            if " and " in title and title.split(" and ")[0].lower() not in ("more than meets the eye",):
                names = title.split(" and ")
            for n in names:
                n = re.sub(r"\s*\(.*\)$", "", n).strip()  # "∞ (Infinity)"
                target[n.lower()] = Keyword(n, rule, kind)
            continue
        m = _SUBRULE.match(line)
        if m and m.group(1) in titles:
            base = titles[m.group(1)]
            target = vocab.actions if m.group(1).startswith("701") else vocab.abilities
            for q in re.finditer(
                r"(?<!written )“(" + re.escape(base) + r" (?:from|with))(?: \[|”)", m.group(2), re.IGNORECASE
            ):
                variant = q.group(1)
                if variant.lower() not in target:
                    target[variant.lower()] = Keyword(
                        variant[0].upper() + variant[1:], m.group(1), "keyword_ability", base
                    )
            v = _VARIANT.match(m.group(2))
            if v:
                variant = v.group(1).strip()
                low = variant.lower()
                if low not in target and not low.startswith(("typecycling", "landwalk")):
                    kind = "keyword_action" if m.group(1).startswith("701") else "keyword_ability"
                    target[low] = Keyword(variant[0].upper() + variant[1:], m.group(1), kind, base)
    # "Protection is a static ability, written “Protection from [quality].”": the written form, no variant
    for line in lines:
        for w in re.finditer(r"written “([^”\[]+?) \[", line):
            kw = vocab.abilities.get(w.group(1).lower())
            if kw is not None and kw.parent:
                vocab.abilities[w.group(1).lower()] = Keyword(kw.parent, kw.rule, kw.kind)
    for line in lines:
        if line.startswith("207.2c ") and "The ability words are" in line:
            for word in _split_list(line.split("The ability words are", 1)[1]):
                vocab.ability_words[word.lower()] = Keyword(word[0].upper() + word[1:], "207.2c", "ability_word")
        elif line.startswith("205.2a "):
            body = re.search(r"The card types are ([^.]+)\.", line)
            vocab.card_types = tuple(t.capitalize() for t in _split_list(body.group(1))) if body else ()
        elif line.startswith("205.4a "):
            body = re.search(r"The supertypes are ([^.]+)\.", line)
            vocab.supertypes = tuple(t.capitalize() for t in _split_list(body.group(1))) if body else ()
        if re.match(r"^205\.3[ghik] ", line):
            body = re.search(r" types are (.+?)\.(?: |$)", re.sub(r" \(see rule [^)]*\)", "", line))
            if body:
                vocab.noncreature_subtypes += tuple(_split_list(body.group(1)))
        if re.match(r"^205\.3[g-q] ", line):
            clean = re.sub(r" \(see rule [^)]*\)", "", line)
            for kind, names in re.findall(r"The (\w+) types are (.+?)\.(?: |$)", clean):
                vocab.subtypes[kind.lower()] = tuple(_split_list(names))
            for kind, name in re.findall(r"That (\w+) type is ([^.]+)\.", clean):
                vocab.subtypes[kind.lower()] = (name.strip(),)
        if line.startswith("205.3i "):
            body = re.search(r"The land types are ([^.]+)\.", line)
            vocab.land_types = tuple(_split_list(body.group(1))) if body else ()
        elif line.startswith("205.3m "):
            one_word = line.split("All other creature types are one word long:", 1)[1]
            two = re.search(r"two words long: ([^.]+)\.", line)
            types = _split_list(one_word) + ([two.group(1)] if two else [])
            vocab.creature_types = tuple(sorted(set(types)))
            vocab.subtypes["creature"] = vocab.creature_types
    # obsolete names from the glossary: "Totem Armor (Obsolete)" followed by its definition
    for i, line in enumerate(lines):
        m = re.match(r"^(.+) \(Obsolete\)$", line.strip())
        if m and i + 1 < len(lines):
            old = m.group(1).lower()
            definition = lines[i + 1].lower()
            for name in sorted(vocab.abilities, key=len, reverse=True):
                if name != old and re.search(r"\b" + re.escape(name) + r"\b", definition):
                    vocab.aliases[old] = name
                    break
    return vocab
