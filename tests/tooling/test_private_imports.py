"""scripts/check_private_imports.py (in `make lint`): a package's `_module` is read only from inside it."""

from __future__ import annotations

import importlib.util
from pathlib import Path

SCRIPT = Path(__file__).parents[2] / "scripts" / "check_private_imports.py"
spec = importlib.util.spec_from_file_location("check_private_imports", SCRIPT)
check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check)


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    root = tmp_path / "src"
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def _found(root: Path) -> list[str]:
    modules = {check.module_name(p, root) for p in root.rglob("*.py")}
    return [line for p in sorted(root.rglob("*.py")) for line in check.crossings(p, root, modules)]


def test_a_private_module_of_another_package_is_found_however_it_is_imported(tmp_path):
    root = _tree(
        tmp_path,
        {
            "tolaria/__init__.py": "",
            "tolaria/cards/__init__.py": "from ._mana import ManaSymbol\n",
            "tolaria/cards/_mana.py": "ManaSymbol = 1\n",
            "tolaria/search/__init__.py": "",
            "tolaria/search/a.py": "from tolaria.cards._mana import ManaSymbol\n",
            "tolaria/search/b.py": "from tolaria.cards import _mana\n",
            "tolaria/search/c.py": "import tolaria.cards._mana\n",
            "tolaria/search/d.py": "from ..cards._mana import ManaSymbol\n",
        },
    )
    found = _found(root)
    assert [line.split(": ", 1)[1] for line in found] == [
        f"tolaria.search.{m} imports tolaria.cards._mana, a private module of tolaria.cards" for m in "abcd"
    ]


def test_inside_its_package_and_through_its_public_names_is_fine(tmp_path):
    root = _tree(
        tmp_path,
        {
            "tolaria/__init__.py": "",
            "tolaria/cards/__init__.py": "from ._mana import ManaSymbol\nfrom . import _mana\n",
            "tolaria/cards/_mana.py": "from ._names import fold\nManaSymbol = 1\n",
            "tolaria/cards/_names.py": "fold = 1\n",
            "tolaria/cards/sub/__init__.py": "from tolaria.cards._names import fold\n",
            "tolaria/search/__init__.py": "from tolaria.cards import ManaSymbol\nfrom ._x import y\n",
            "tolaria/search/_x.py": "from tolaria.cards import _private_name\ny = 1\n",  # a name, not a module
        },
    )
    assert _found(root) == []
