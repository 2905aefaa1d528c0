"""Finding the card a pasted name means: every tool writes some names its own way (MTGO `Fire/Ice`,
Arena's `A-` rebalanced cards and `A /// B` aftermath, a DFC by its front face, `Aether` for `Æther`)."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping

from tolaria.cards import fold_name  # the one name folding: case, accents, Æ, apostrophes, split separators

_MTGO_SPLIT = re.compile(r"(?<=[^/\s])\s*/\s*(?=[^/\s])")


def name_key(name: str) -> str:
    return fold_name(name)


def name_variants(name: str) -> list[str]:
    """The names a pasted name may stand for, the name as written first."""
    name = " ".join(name.split())
    out = [name]
    if "///" in name:
        out.append(name.replace("///", "//"))
    if "/" in name and "//" not in name:
        out.append(_MTGO_SPLIT.sub(" // ", name))
    if " // " in name:
        out.append(name.split(" // ")[0])
    if name.startswith("A-"):
        out.append(name[2:])
    return out


class NameIndex:
    """Card and face names -> oracle id, looked up through the name folding and each tool's spellings."""

    def __init__(self, names: Mapping[str, str], key: Callable[[str], str] = name_key) -> None:
        self._key = key
        self._ids: dict[str, str] = {}
        for name, oracle_id in names.items():
            self._ids.setdefault(key(name), oracle_id)

    def find(self, name: str) -> str | None:
        for variant in name_variants(name):
            found = self._ids.get(self._key(variant))
            if found:
                return found
        return None
