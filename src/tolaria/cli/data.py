"""The data commands: ingest, init, stats, card, serve."""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from . import _site
from ._registry import CommandError, arg, command


@command(
    "ingest",
    "read card data files (or download the current ones) into the database",
    arg(
        "paths",
        nargs="*",
        help="MTGJSON or Scryfall files or their http(s) addresses (plain, .gz, .xz, .bz2, .tar.xz); the format is told by content",
    ),
    arg("--mtgjson", action="store_true", help="download AllPrintings and AllPricesToday from mtgjson.com first"),
    arg("--scryfall", action="store_true", help="download Scryfall's default cards and rulings bulk files first"),
    arg("--sample", action="store_true", help="ingest the sample that ships in the package"),
    arg("--download-dir", help="where downloads go (default: $TOLARIA_DATA_DIR/downloads)"),
    arg("--mtgjson-base", default="https://mtgjson.com/api/v5/", help=argparse.SUPPRESS),
    arg("--scryfall-index", default="https://api.scryfall.com/bulk-data", help=argparse.SUPPRESS),
    arg("--json", action="store_true", help="print the summary as JSON"),
)
def cmd_ingest(args: argparse.Namespace) -> int:
    from tolaria.cards import download_into, download_mtgjson, download_scryfall  # the CLI starts light

    _site.setup_django()
    _site.migrate()
    folder = Path(args.download_dir or (Path(os.environ.get("TOLARIA_DATA_DIR", "var")) / "downloads"))
    progress = _site.is_tty()
    paths: list[Path] = []
    for given in args.paths:  # a path, or an address to download first
        if given.startswith(("http://", "https://")):
            paths.append(download_into(given, folder, progress=progress))
        else:
            paths.append(Path(given))
    if args.mtgjson:
        paths += download_mtgjson(folder, base=args.mtgjson_base, progress=progress)
    if args.scryfall:
        paths += download_scryfall(folder, index_url=args.scryfall_index, progress=progress)
    if args.sample:
        from tolaria.cards import sample_paths

        paths += sample_paths()
    if not paths:
        raise CommandError("nothing to ingest: give file paths, --mtgjson, --scryfall or --sample")
    from tolaria.site.stores import ingest_and_derive

    summary = ingest_and_derive(paths, progress=progress and not args.json)
    if args.json:
        print(json.dumps(summary.as_dict(), indent=2))
    else:
        print("\n".join(summary.lines()))
    return 0


@command("init", "create the database and load the embedded sample on the first start")
def cmd_init(args: argparse.Namespace) -> int:
    """Migrate, and load the embedded sample if the database holds no cards yet."""
    _site.setup_django()
    _site.migrate()
    from tolaria.site.stores import ensure_loaded

    if os.environ.get("TOLARIA_SKIP_SAMPLE"):  # benchmarks start from an empty database
        print("Database migrated; sample not loaded.")
        return 0
    print(ensure_loaded(progress=_site.is_tty()))
    return 0


@command(
    "stats",
    "counts of cards, printings, rulings, price points, the data's date, and which stores are stale",
    arg("--json", action="store_true"),
)
def cmd_stats(args: argparse.Namespace) -> int:
    _site.setup_django()
    _site.migrate()
    from tolaria.site.catalog.repository import stats
    from tolaria.site.stores.derive import status

    figures = stats()
    stores = status()
    if args.json:
        print(json.dumps({**figures, "stores": stores}, indent=2))
        return 0
    for key, value in figures.items():
        label = key.replace("_", " ")
        print(f"{label}: {value:,}" if isinstance(value, int) else f"{label}: {value}")
    for row in stores:
        if row["stale"]:
            print(f"store {row['store']}: STALE, {row['reason']} — `tolaria derive` rebuilds it")
        else:
            print(f"store {row['store']}: current (built from corpus version {row['built_from']})")
    return 0


@command(
    "derive",
    "build what an interrupted ingest left behind (tags, rules links, card and knowledge indexes)",
    arg("--force", action="store_true", help="rebuild every store, current or not"),
)
def cmd_derive(args: argparse.Namespace) -> int:
    """Build the stores that are behind the corpus version, and publish the indexes for every machine."""
    _site.setup_django()
    _site.migrate()
    from tolaria.site.stores.derive import derive, status

    why = {row["store"]: row["reason"] for row in status() if row["stale"]}
    seconds = derive(force=args.force, progress=_site.is_tty())
    if not seconds and not seconds.skipped:
        print("Every store is current; nothing to build.")
    for step, took in seconds.items():
        note = f", {seconds.notes[step]}" if step in seconds.notes else ""
        print(f"{step}: {took:.2f} s{note}" + (f" (was {why[step]})" if step in why else ""))
    for step, took in seconds.skipped.items():
        print(f"{step}: skipped, its inputs unchanged ({took:.2f} s to digest them; was {why.get(step, 'stale')})")
    if why and not args.force:
        print(f"Finished the stale stores: {', '.join(why)}.")
    return 0


@command(
    "card",
    "print a card as text, faces and all",
    arg("name"),
    arg("--explain", action="store_true", help="list the rules each keyword and term of its text opens"),
)
def cmd_card(args: argparse.Namespace) -> int:
    _site.setup_django()
    from tolaria.site.catalog.services import card_named, card_text, find_card

    card, suggestions = find_card(args.name)
    if card is None:
        raise CommandError(_site.no_card_named(args.name, suggestions))
    if not card_named(args.name):  # found by the fuzzy lookup: say which card the name was taken for
        print(f"“{args.name}” is taken for {card.name}.", file=sys.stderr)
    print(card_text(card, explain=args.explain))
    return 0


@command(
    "serve",
    "serve the site with gunicorn (several workers, static files included)",
    arg("--host", default=os.environ.get("HOST", "127.0.0.1")),
    arg("--port", type=int, default=int(os.environ.get("PORT", "8000"))),
    arg("--workers", type=int, default=int(os.environ.get("WEB_CONCURRENCY", "3"))),
)
def cmd_serve(args: argparse.Namespace) -> int:
    from tolaria.site.server import PortInUse, reserve_port

    try:
        sock = reserve_port(args.host, args.port)  # first: a taken port is said before any slow step
    except PortInUse as exc:
        raise CommandError(str(exc)) from None
    _site.setup_django()
    _site.migrate()
    from django.core.management import call_command

    from tolaria.site.stores import ensure_loaded

    print(ensure_loaded(progress=_site.is_tty(), serving=True))  # never embeds: an ingest or `knowledge embed` does
    call_command("collectstatic", interactive=False, verbosity=0)
    from tolaria.site.server import serve

    serve(host=args.host, port=args.port, workers=args.workers, sock=sock)
    return 0
