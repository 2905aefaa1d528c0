"""The table of commands: each command module registers its functions here with `@command`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tolaria.errors import TolariaError

Run = Callable[[argparse.Namespace], "int | None"]


class CommandError(TolariaError):
    """A problem the user can fix with the command line itself (a usage, an unknown name): one line, exit 2."""


@dataclass(frozen=True)
class Argument:
    """One `add_argument` call, kept until the parser is built."""

    flags: tuple[str, ...]
    options: dict[str, Any]


def arg(*flags: str, **options: Any) -> Argument:
    return Argument(flags, options)


@dataclass(frozen=True)
class Command:
    name: str
    help: str
    run: Run
    arguments: Sequence[Argument] = ()
    description: str | None = None

    def add_to(self, sub: Any) -> None:
        parser = sub.add_parser(self.name, help=self.help, description=self.description)
        for argument in self.arguments:
            parser.add_argument(*argument.flags, **argument.options)


COMMANDS: dict[str, Command] = {}


def command(name: str, help: str, *arguments: Argument, description: str | None = None) -> Callable[[Run], Run]:
    """Register the decorated function as `tolaria NAME`, with its arguments (made by `arg`)."""

    def register(run: Run) -> Run:
        if name in COMMANDS:
            raise RuntimeError(f"two commands named {name!r}")
        COMMANDS[name] = Command(name, help, run, arguments, description)
        return run

    return register
