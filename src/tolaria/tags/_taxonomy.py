"""The tag taxonomy: the data file ``taxonomy.json`` plus tag families read from the CR."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from ._model import TagDef
from ._vocab import Vocabulary, load_vocabulary, slugify


@dataclass(frozen=True)
class Family:
    prefix: str
    group: str
    kind: str
    description: str


@dataclass
class Taxonomy:
    version: int
    groups: tuple[str, ...]
    tags: dict[str, TagDef]
    families: dict[str, Family]
    creature_classes: frozenset[str]
    creature_plurals: dict[str, str]
    vocabulary: Vocabulary
    _dynamic: dict[str, TagDef] = field(default_factory=dict)

    @classmethod
    def load(cls, path: str | Path | None = None, cr_path: str | None = None) -> Taxonomy:
        if path is None:
            data = json.loads((resources.files("tolaria.tags") / "taxonomy.json").read_text(encoding="utf-8"))
        else:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        tags = {t["id"]: TagDef(t["id"], t["label"], t["group"], t["kind"], t["description"]) for t in data["tags"]}
        families = {f["prefix"]: Family(f["prefix"], f["group"], f["kind"], f["description"]) for f in data["families"]}
        tax = cls(
            data["version"],
            tuple(data["groups"]),
            tags,
            families,
            frozenset(data["creature_classes"]),
            dict(data["creature_plurals"]),
            load_vocabulary(cr_path),
        )
        tax._build_families()
        return tax

    def _build_families(self) -> None:
        v = self.vocabulary
        for prefix, table in (
            ("keyword:", v.abilities),
            ("grants:", v.abilities),
            ("action:", v.actions),
            ("abilityword:", v.ability_words),
        ):
            for kw in table.values():
                tag_id = prefix + kw.slug
                if tag_id not in self._dynamic:
                    self._dynamic[tag_id] = self._family_def(tag_id, kw.name[0] + kw.name[1:].lower(), kw.rule)
        for prefix, names in (
            ("type:", v.card_types),
            ("supertype:", v.supertypes),
            ("subtype:", v.noncreature_subtypes),
        ):
            for name in names:
                self._dynamic[prefix + slugify(name)] = self._family_def(prefix + slugify(name), name, "205")
        for t in v.creature_types:
            prefix = "class:" if t in self.creature_classes else "kind:"
            self._dynamic[prefix + slugify(t)] = self._family_def(prefix + slugify(t), t, "205.3m")
            self._dynamic["tribal:" + slugify(t)] = self._family_def("tribal:" + slugify(t), t, None)

    def _family_def(self, tag_id: str, label: str, rule: str | None) -> TagDef:
        fam = self.families[tag_id.split(":", 1)[0] + ":"]
        desc = fam.description.replace("{label}", label).replace("{rule}", rule or "")
        if fam.prefix == "tribal:":
            label = f"{label} tribal"
        elif fam.prefix == "grants:":
            label = f"Grants {label.lower()}"
        return TagDef(tag_id, label, fam.group, fam.kind, desc, rule)

    def get(self, tag_id: str, label: str | None = None) -> TagDef:
        """The definition of a tag id; ids of a family that the CR does not list get one made up."""
        found = self.tags.get(tag_id) or self._dynamic.get(tag_id)
        if found is not None:
            return found
        prefix = tag_id.split(":", 1)[0] + ":"
        if prefix not in self.families:
            raise KeyError(tag_id)
        made = self._family_def(tag_id, label or tag_id.split(":", 1)[1].replace("-", " ").capitalize(), None)
        self._dynamic[tag_id] = made
        return made

    def all_tags(self) -> list[TagDef]:
        return [*self.tags.values(), *self._dynamic.values()]

    def group_order(self, group: str) -> int:
        return self.groups.index(group) if group in self.groups else len(self.groups)

    def class_or_kind(self, creature_type: str) -> str:
        return "class" if creature_type in self.creature_classes else "kind"


@lru_cache(maxsize=2)
def default_taxonomy() -> Taxonomy:
    return Taxonomy.load()
