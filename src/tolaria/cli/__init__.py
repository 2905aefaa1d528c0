"""`tolaria …` — thin commands over the services. Errors are one clear line and exit code 2.

One module per command group: `data` (ingest, init, stats, card, serve), `search`, `rules`,
`knowledge` (ask, similar, knowledge), `tags`, `decks` (deck). To add a command, write in the module of its group
(or a new module, listed in `GROUPS` below)::

    @command("derive", "recompute tags, links and indexes", arg("--json", action="store_true"))
    def cmd_derive(args: argparse.Namespace) -> int:
        _site.setup_django()
        _site.migrate()
        ...
        return 0

`command(name, help, *arguments, description=None)` registers the function; each `arg(...)` takes
what `ArgumentParser.add_argument` takes. Import Django and the site inside the function, so
commands that need neither (`tolaria rules 702.19`) start fast. A problem the user can fix is raised
as `CommandError` (or any `tolaria.errors.TolariaError` from the core): `main` prints it as one line
and exits 2. The return value is the exit code (None means 0). Help lists commands in the order of
`GROUPS`, then of definition.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from tolaria.errors import TolariaError

from . import _site as _site  # the commands set Django up through it (tests replace its migrate)
from ._registry import COMMANDS, CommandError, arg, command

__all__ = ["COMMANDS", "CommandError", "arg", "build_parser", "command", "main"]

GROUPS = ("data", "search", "rules", "knowledge", "tags", "decks")


def build_parser() -> argparse.ArgumentParser:
    for group in GROUPS:
        importlib.import_module(f"{__name__}.{group}")
    parser = argparse.ArgumentParser(
        prog="tolaria", description="Tolaria: Magic: The Gathering cards, rules and search."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for registered in COMMANDS.values():
        registered.add_to(sub)
    return parser


def _user_errors() -> tuple[type[BaseException], ...]:
    """What a user can fix, reported as one line: our own errors, a path that cannot be read or
    written, a value the standard library refuses, and a database that is locked or unreachable."""
    errors: tuple[type[BaseException], ...] = (TolariaError, OSError, ValueError)
    if "django.db" in sys.modules:  # only commands that set Django up can meet its errors
        from django.db import OperationalError

        errors += (OperationalError,)
    return errors


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command].run(args) or 0
    except KeyboardInterrupt:
        print("tolaria: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if isinstance(exc, _user_errors()):
            print(f"tolaria: {exc}", file=sys.stderr)
            return 2
        if os.environ.get("TOLARIA_DEBUG"):
            raise
        print(
            f"tolaria: unexpected error: {type(exc).__name__}: {exc} (set TOLARIA_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return 2
