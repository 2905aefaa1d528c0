"""`make lint`: no module imports a private module (`_name`) of another package.

A package's `_module`s are its inside: another package reaches them through the names its
`__init__` exports. Reading `tolaria.cards._mana` from `tolaria.search` ties the two to a file layout
only `tolaria.cards` should know. Inside a package (a module of it, or of a package under it) the
private modules are its own to import.

    python scripts/check_private_imports.py [PATH ...]    (default: src; exit 1 and the list if any)

`make lint` runs it over src. Tests and benchmarks may read a package's inside (they test or time it).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imported(tree: ast.Module, here: str, *, is_package: bool) -> Iterator[tuple[int, str]]:
    """(line, dotted name) of every module or name imported, relative imports made absolute."""
    package = here if is_package else here.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            yield node.lineno, base
            for alias in node.names:
                yield node.lineno, f"{base}.{alias.name}"


def private_owner(name: str) -> str | None:
    """The package whose private module `name` reaches into (tolaria.cards for tolaria.cards._mana.X)."""
    parts = name.split(".")
    for i, part in enumerate(parts[1:], 1):
        if part.startswith("_") and not part.startswith("__"):
            return ".".join(parts[:i])
    return None


def crossings(path: Path, root: Path, modules: set[str]) -> Iterator[str]:
    here = module_name(path, root)
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    seen: set[str] = set()
    for line, name in imported(tree, here, is_package=path.name == "__init__.py"):
        owner = private_owner(name)
        if owner is None or not name.startswith("tolaria."):
            continue
        private = name.split(".")[: owner.count(".") + 2]
        if ".".join(private) not in modules:  # a private name (a function), not a module
            continue
        if here == owner or here.startswith(owner + "."):
            continue
        found = f"{path}:{line}: {here} imports {'.'.join(private)}, a private module of {owner}"
        if found not in seen:
            seen.add(found)
            yield found


def main(argv: list[str]) -> int:
    root = Path("src")
    modules = {module_name(p, root) for p in root.rglob("*.py")}
    paths = [Path(a) for a in argv] or [root]
    found = [
        line
        for base in paths
        for path in sorted(base.rglob("*.py") if base.is_dir() else [base])
        for line in crossings(path, root if path.is_relative_to(root) else path.parent, modules)
    ]
    for line in found:
        print(line)
    if found:
        print(f"{len(found)} imports of another package's private module", file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
