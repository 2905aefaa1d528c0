"""Time the full ingest of ../shared/data on SQLite and PostgreSQL: wall seconds, records per
second, peak RSS. Each run starts from an empty database in a fresh data dir, in its own process."""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOLARIA = [sys.executable, "-m", "tolaria.cli"]


def full_files(shared: Path) -> list[str]:
    return [
        str(shared / "data/mtgjson/AllPrintings-5.2.0+20220425.json.xz"),
        str(shared / "data/mtgjson/SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz"),
    ]


def _fresh_postgres(url: str) -> None:
    import psycopg  # noqa: PLC0415  PostgreSQL runs only

    base, _, name = url.rpartition("/")
    with psycopg.connect(base + "/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}"')
        conn.execute(f'CREATE DATABASE "{name}"')


def run(label: str, shared: Path, database_url: str | None, data_dir: str | None = None) -> dict:
    data_dir = data_dir or tempfile.mkdtemp(prefix="tolaria-bench-")
    env = {**os.environ, "TOLARIA_DATA_DIR": data_dir, "TOLARIA_EMBED_AT_INGEST": "0"}
    env.pop("DATABASE_URL", None)
    if database_url:
        _fresh_postgres(database_url)
        env["DATABASE_URL"] = database_url
    subprocess.run([*TOLARIA, "init"], env={**env, "TOLARIA_SKIP_SAMPLE": "1"}, check=True, capture_output=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    done = subprocess.run(
        [*TOLARIA, "ingest", "--json", *full_files(shared)], env=env, check=True, capture_output=True, text=True
    )
    wall = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    summary = json.loads(done.stdout)
    stats = json.loads(
        subprocess.run([*TOLARIA, "stats", "--json"], env=env, check=True, capture_output=True, text=True).stdout
    )
    return {
        "database": label,
        "ingest_seconds": summary["seconds"],
        "wall_seconds_with_index": round(wall, 1),
        "records": summary["records"],
        "records_per_second": round(summary["records"] / summary["seconds"]),
        "peak_rss_mb": round(max(peak, before) / 1024),
        "cards": stats["cards"],
        "printings": stats["printings"],
        "printing_records": stats["printing_records"],
        "rulings": stats["rulings"],
        "derived": summary.get("derived_seconds", {}),
    }


def markdown(rows: list[dict]) -> str:
    lines = [
        "| database | ingest (s) | records/s | peak RSS (MB) | wall incl. index build (s) | cards | printings | MTGJSON records | rulings |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        lines.append(
            f"| {r['database']} | {r['ingest_seconds']} | {r['records_per_second']:,} | {r['peak_rss_mb']} | "
            f"{r['wall_seconds_with_index']} | {r['cards']:,} | {r['printings']:,} | {r['printing_records']:,} | {r['rulings']:,} |"
        )
    for r in rows:
        if r["derived"]:
            steps = ", ".join(f"{step} {s} s" for step, s in r["derived"].items())
            lines.append(f"\n{r['database']}: after the writes, `tolaria ingest` builds the derived stores: {steps}.")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument(
        "--postgres", default=os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/tolaria_bench")
    )
    parser.add_argument("--markdown", type=Path)
    parser.add_argument("--keep-sqlite", help="ingest SQLite into this data dir and keep it (for bench_web)")
    args = parser.parse_args()
    rows = [run("SQLite", args.shared, None, args.keep_sqlite)]
    if args.postgres and args.postgres != "none":
        rows.append(run("PostgreSQL", args.shared, args.postgres))
    table = markdown(rows)
    print(table)
    if args.markdown:
        args.markdown.write_text(table + "\n")


if __name__ == "__main__":
    main()
