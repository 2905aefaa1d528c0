"""`make bench`: run every benchmark over the full data and write BENCHMARKS.md with the machine
and the data named. Each benchmark script prints a Markdown table (its --markdown file)."""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# (title, script, extra arguments); {shared} and {allprintings} are filled in
BENCHES = [
    (
        "Ingest of the full data",
        "bench_ingest.py",
        ["--shared", "{shared}", "--keep-sqlite", "{fulldir}", "--postgres", "{postgres}"],
    ),
    ("Rules linker: keyword coverage", "../scripts/keyword_coverage.py", ["{allprintings}"]),
    ("Oracle text read as abilities: links and tags", "bench_oracle.py", ["--data", "{allprintings}"]),
    ("Card search", "bench_search.py", ["--data", "{allprintings}", "--data", "{setfiles}"]),
    (
        "Tags",
        "bench_tags.py",
        ["--data", "{allprintings}", "--labels", "{shared}/data/tags/scryboard-otags-20260629.json.gz"],
    ),
    ("Knowledge search: quality by meaning (CR + embedded sample)", "bench_knowledge.py", ["--cache", "{cache}"]),
    (
        "Answers to players' rules questions (full data)",
        "bench_answers.py",
        ["--full", "{allprintings}"],
    ),
    (
        "Knowledge search on the full data (lexical only)",
        "bench_knowledge.py",
        ["--full", "{allprintings}", "--lexical-only"],
    ),
    (
        "Predicted tags with sentence embeddings (embedded sample)",
        "bench_tags_embeddings.py",
        ["--labels", "{shared}/data/tags/scryboard-otags-20260629.json.gz", "--cache", "{cache}"],
    ),
    (
        "Predicted tags with sentence embeddings (full data)",
        "bench_tags_embeddings.py",
        [
            "--data",
            "{allprintings}",
            "--data",
            "{setfiles}",
            "--labels",
            "{shared}/data/tags/scryboard-otags-20260629.json.gz",
            "--cache",
            "{fullcache}",
        ],
    ),
    # as many workers as cores: more only time-slice the CPU and blur each request's own time
    ("Web pages and API under load (full data, SQLite)", "bench_web.py", ["--data-dir", "{fulldir}", "--workers", "2"]),
    # the PostgreSQL database bench_ingest.py filled, served with a data dir of its own (its stores are the
    # database's: issue 28, both databases)
    (
        "Web pages and API under load (full data, PostgreSQL)",
        "bench_web.py",
        ["--database-url", "{postgres}", "--data-dir", "{pgdir}", "--workers", "2"],
    ),
    # the probe's heaviest inputs within the limits, one at a time: no request holds a worker over 2 s (issue 28)
    ("The heaviest requests within the limits (full data, SQLite)", "bench_heavy.py", ["--data-dir", "{fulldir}"]),
    (
        "The heaviest requests within the limits (full data, PostgreSQL)",
        "bench_heavy.py",
        ["--database-url", "{postgres}", "--data-dir", "{pgdir}"],
    ),
    # DATABASE_URL names the PostgreSQL server (default: postgres@127.0.0.1); the script makes its own database
    ("Many machines on one PostgreSQL database", "bench_scale.py", ["--set-files", "{setfiles}"]),
    # every feature on: the knowledge index's embeddings (and the model) loaded in each worker
    (
        "Card pages with the full embeddings loaded (full data, SQLite)",
        "bench_web.py",
        ["--data-dir", "{fulldir}", "--workers", "2", "--embed", "--only", "card page"],
    ),
]


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    mem = ""
    try:
        kb = int(
            next(
                line for line in Path("/proc/meminfo").read_text().splitlines() if line.startswith("MemTotal")
            ).split()[1]
        )
        mem = f", {kb / 1024 / 1024:.0f} GiB RAM"
    except (OSError, StopIteration):
        pass
    return f"{cpu}, {os.cpu_count()} cores{mem}; {platform.system()} {platform.release()}; Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shared", type=Path, default=ROOT.parent / "shared")
    parser.add_argument("--out", type=Path, default=ROOT / "BENCHMARKS.md")
    parser.add_argument("--only", nargs="*", help="script names to run (default: all)")
    parser.add_argument(
        "--full-dir",
        help="a data dir with the full data ingested (SQLite), for bench_web; default: the one bench_ingest.py fills",
    )
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BENCH_POSTGRES_URL", "postgresql://postgres@127.0.0.1:5432/tolaria_bench"),
        help="the PostgreSQL database bench_ingest.py fills and bench_web.py serves",
    )
    args = parser.parse_args()
    fill = {
        "shared": str(args.shared),
        "allprintings": str(args.shared / "data/mtgjson/AllPrintings-5.2.0+20220425.json.xz"),
        "setfiles": str(args.shared / "data/mtgjson/SetFiles-DMU-BRO-ONE-5.2.1-2023.tar.xz"),
        "fulldir": args.full_dir or tempfile.mkdtemp(prefix="tolaria-bench-full-"),
        "postgres": args.postgres,
        "pgdir": tempfile.mkdtemp(prefix="tolaria-bench-pg-"),
        "cache": str(Path(tempfile.gettempdir()) / "tolaria-knowledge-embeddings.npz"),
        "fullcache": str(Path(tempfile.gettempdir()) / "tolaria-card-embeddings-full.npz"),
    }
    sections = []
    failed = []
    for title, script, extra in BENCHES:
        if args.only and Path(script).name not in args.only:
            continue
        path = (Path(__file__).parent / script).resolve()
        out = Path(tempfile.mkstemp(suffix=".md")[1])
        cmd = [sys.executable, str(path), *[a.format(**fill) for a in extra]]
        writes_markdown = (
            "--markdown"
            in subprocess.run([sys.executable, str(path), "--help"], cwd=ROOT, capture_output=True, text=True).stdout
        )
        if writes_markdown:
            cmd += ["--markdown", str(out)]
        print(f"== {title}: {' '.join(cmd)}", flush=True)
        done = subprocess.run(
            cmd,
            cwd=ROOT,
            env={**os.environ, "TOLARIA_EMBED_AT_INGEST": "0"},
            stdout=None if writes_markdown else subprocess.PIPE,
            text=True,
        )
        if not writes_markdown:
            print(done.stdout)
            out.write_text(done.stdout)
        text = out.read_text().strip()
        if done.returncode != 0:
            failed.append(script)
            if not text:
                sections.append(f"## {title}\n\n`{script}` failed (exit {done.returncode}); see the run's output.\n")
                continue
            # a table written all the same (bench_heavy.py: a row over 2 s or a 5xx), kept with the failure said
            text += f"\n\n`{script}` exited {done.returncode}: a row above is over its limit."
        body = "\n".join("#" + line if line.startswith("## ") else line for line in text.splitlines())
        sections.append(f"## {title}\n\n{body}\n")
    header = (
        f"# Benchmarks\n\nWritten by `make bench` on {dt.date.today().isoformat()}.\n\n"
        f"- Machine: {machine()}\n"
        f"- Data: MTGJSON AllPrintings 5.2.0+20220425 (579 sets) plus the DMU, BRO and ONE set files "
        f"(60,937 card records, 59,941 printings, 24,496 oracle cards), from `../shared/data`; "
        f"Comprehensive Rules effective 2026-02-27.\n"
    )
    if args.only and args.out.exists():
        # keep the sections of benchmarks not run this time
        old = args.out.read_text().split("\n## ")[1:]
        ran = {title for title, script, _ in BENCHES if Path(script).name in args.only}
        kept = ["## " + s.strip() + "\n" for s in old if s.split("\n", 1)[0].strip() not in ran]
        sections = kept + sections
    args.out.write_text(header + "\n" + "\n".join(sections))
    print(f"wrote {args.out}")
    if failed:
        sys.exit(f"benchmarks failed: {', '.join(failed)}")


if __name__ == "__main__":
    main()
