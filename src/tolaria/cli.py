"""`tolaria …` — thin commands over the services. Errors are one clear line and exit code 2."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path

COMMANDS: dict[str, Callable[[argparse.Namespace], int | None]] = {}


class CommandError(Exception):
    """A problem the user can fix: printed as one line, exit code 2."""


def command(name: str):
    def register(fn):
        COMMANDS[name] = fn
        return fn

    return register


def _django() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tolaria.site.settings")
    import django

    django.setup()


def _migrate(verbosity: int = 0) -> None:
    from django.core.management import call_command

    call_command("migrate", interactive=False, verbosity=verbosity)


def _is_tty() -> bool:
    return sys.stderr.isatty()


# --- data ---------------------------------------------------------------------------------------


@command("ingest")
def cmd_ingest(args: argparse.Namespace) -> int:
    from tolaria.cards import _download as dl

    _django()
    _migrate()
    folder = Path(args.download_dir or (Path(os.environ.get("TOLARIA_DATA_DIR", "var")) / "downloads"))
    paths: list[Path] = []
    for given in args.paths:  # a path, or an address to download first
        if given.startswith(("http://", "https://")):
            name = given.rstrip("/").rsplit("/", 1)[-1].split("?")[0] or "download.json"
            paths.append(dl.download(given, folder / name, progress=_is_tty()))
        else:
            paths.append(Path(given))
    if args.mtgjson:
        paths += dl.download_mtgjson(folder, base=args.mtgjson_base, progress=_is_tty())
    if args.scryfall:
        paths += dl.download_scryfall(folder, index_url=args.scryfall_index, progress=_is_tty())
    if args.sample:
        from tolaria.cards import sample_paths

        paths += sample_paths()
    if not paths:
        raise CommandError("nothing to ingest: give file paths, --mtgjson, --scryfall or --sample")
    from tolaria.site.catalog.services import ingest_and_index

    summary = ingest_and_index(paths, progress=_is_tty() and not args.json)
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2))
    else:
        print("\n".join(summary.lines()))
    return 0


@command("init")
def cmd_init(args: argparse.Namespace) -> int:
    """Migrate, and load the embedded sample if the database holds no cards yet."""
    _django()
    _migrate()
    from tolaria.site.catalog.services import ensure_loaded

    if os.environ.get("TOLARIA_SKIP_SAMPLE"):  # benchmarks start from an empty database
        print("Database migrated; sample not loaded.")
        return 0
    message = ensure_loaded(progress=_is_tty())
    print(message)
    return 0


@command("stats")
def cmd_stats(args: argparse.Namespace) -> int:
    _django()
    _migrate()
    from tolaria.site.catalog.repository import stats

    figures = stats()
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(
                f"{key.replace('_', ' ')}: {value:,}" if isinstance(value, int) else f"{key.replace('_', ' ')}: {value}"
            )
    return 0


@command("card")
def cmd_card(args: argparse.Namespace) -> int:
    _django()
    from tolaria.site.catalog.services import card_text, find_card

    card, suggestions = find_card(args.name)
    if card is None:
        hint = f" Did you mean: {', '.join(suggestions)}?" if suggestions else ""
        raise CommandError(f"no card named {args.name!r}.{hint}")
    print(card_text(card, explain=args.explain))
    return 0


@command("serve")
def cmd_serve(args: argparse.Namespace) -> int:
    _django()
    _migrate()
    from django.core.management import call_command

    from tolaria.site.catalog.services import ensure_loaded

    print(ensure_loaded(progress=_is_tty()))
    _embed_in_background()
    call_command("collectstatic", interactive=False, verbosity=0)
    from tolaria.site.server import serve

    serve(host=args.host, port=args.port, workers=args.workers)
    return 0


def _embed_in_background() -> None:
    """Ranking by meaning needs embeddings of every document (minutes on a small machine): when the
    knowledge index has none, compute them in a separate process while the site already serves;
    the workers pick the new index up when it is saved."""
    import subprocess

    from django.conf import settings

    from tolaria.knowledge import locate_model
    from tolaria.site import knowledge_search

    if knowledge_search.has_embeddings() or not knowledge_search.embed_at_ingest():
        return
    try:
        locate_model()
    except Exception as exc:
        print(exc)
        return
    log = Path(settings.DATA_DIR) / "embed.log"
    with open(log, "ab") as out:  # the child keeps its own copy of the descriptor
        subprocess.Popen(
            [sys.executable, "-m", "tolaria.cli", "knowledge", "embed"],
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    print(f"Computing embeddings for ranking by meaning in the background (log: {log}).")


# --- search, rules, tags, knowledge: registered by their own modules ----------------------------


def _optional_commands(sub) -> None:
    from tolaria import _cli_extra, _cli_knowledge

    _cli_extra.register(sub, command, CommandError, _django, _migrate)
    _cli_knowledge.register(sub, command, CommandError, _django, _migrate)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tolaria", description="Tolaria: Magic: The Gathering cards, rules and search."
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("ingest", help="read card data files (or download the current ones) into the database")
    p.add_argument(
        "paths",
        nargs="*",
        help="MTGJSON or Scryfall files or their http(s) addresses (plain, .gz, .xz, .bz2, .tar.xz); the format is told by content",
    )
    p.add_argument(
        "--mtgjson", action="store_true", help="download AllPrintings and AllPricesToday from mtgjson.com first"
    )
    p.add_argument(
        "--scryfall", action="store_true", help="download Scryfall's default cards and rulings bulk files first"
    )
    p.add_argument("--sample", action="store_true", help="ingest the sample that ships in the package")
    p.add_argument("--download-dir", help="where downloads go (default: $TOLARIA_DATA_DIR/downloads)")
    p.add_argument("--mtgjson-base", default="https://mtgjson.com/api/v5/", help=argparse.SUPPRESS)
    p.add_argument("--scryfall-index", default="https://api.scryfall.com/bulk-data", help=argparse.SUPPRESS)
    p.add_argument("--json", action="store_true", help="print the summary as JSON")

    sub.add_parser("init", help="create the database and load the embedded sample on the first start")

    p = sub.add_parser("stats", help="counts of cards, printings, rulings, price points and the data's date")
    p.add_argument("--json", action="store_true")

    p = sub.add_parser("card", help="print a card as text, faces and all")
    p.add_argument("name")
    p.add_argument("--explain", action="store_true", help="list the rules each keyword and term of its text opens")

    p = sub.add_parser("serve", help="serve the site with gunicorn (several workers, static files included)")
    p.add_argument("--host", default=os.environ.get("HOST", "127.0.0.1"))
    p.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8000")))
    p.add_argument("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "3")))

    _optional_commands(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return COMMANDS[args.command](args) or 0
    except CommandError as exc:
        print(f"tolaria: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("tolaria: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        from tolaria.cards import DataFileError
        from tolaria.cards._download import DownloadError

        known = (DataFileError, DownloadError, OSError, ValueError)
        if isinstance(exc, known) or type(exc).__name__ in ("OperationalError", "RulesParseError", "QuerySyntaxError"):
            print(f"tolaria: {exc}", file=sys.stderr)
            return 2
        if os.environ.get("TOLARIA_DEBUG"):
            raise
        print(
            f"tolaria: unexpected error: {type(exc).__name__}: {exc} (set TOLARIA_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return 2


if __name__ == "__main__":
    sys.exit(main())
