"""The site's database for the commands that need it: set Django up, bring the schema up to date."""

from __future__ import annotations

import os
import sys


def setup_django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tolaria.site.settings")
    import django

    django.setup()
    from tolaria.site.stores import runtime

    runtime.set_inline(inline=True)  # a command waits for the index it needs (web workers load in the background)


def migrate(verbosity: int = 0) -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=verbosity)


def is_tty() -> bool:
    """Progress bars only for a person watching (stderr a terminal), never in logs or pipes."""
    return sys.stderr.isatty()


def no_card_named(name: str, suggestions: list[str]) -> str:
    hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
    return f"no card named {name!r}.{hint}"
