"""Screenshots of answer pages as a player sees them, for the judged sample (issue 25, item 5).

Opens each question's answer page (/search?q=...) of a running Tolaria in Debian's headless Chromium
(Playwright, as tests/browser does) at 1280 x 900, saves the first screen (the viewport, not the whole
page) as <out>/<id>.png and writes <out>/shown.json: for each question what the page shows first (the
first answer's kind, rule number, title, the subrule it quotes from and the quoted sentence) and the
rules shown. A person then looks at each screenshot and writes a verdict into
tests/knowledge/data/judged_answer_pages.json (docs/rules-and-answers.md, "Judged answer pages").

    .venv/bin/python scripts/screenshot_answer_pages.py --select            # the sample's question ids
    .venv/bin/python scripts/screenshot_answer_pages.py --base-url http://127.0.0.1:8612 --out /tmp/judged

The sample: every third question of the held-out part of tests/knowledge/data/player_questions.json
(q003, q012, q021, ...); of those, every one that names a card, and of those that name none the first of
each topic, then the second of each topic in id order, up to 30. ``--ids`` takes other ids, and
``--from-judged`` the ids already in the judged file.
"""

from __future__ import annotations

import argparse
import json
import sys
import urllib.parse
from pathlib import Path

from playwright.sync_api import sync_playwright  # the dev extra (make install)

ROOT = Path(__file__).resolve().parents[1]
QUESTIONS = ROOT / "tests" / "knowledge" / "data" / "player_questions.json"
JUDGED = ROOT / "tests" / "knowledge" / "data" / "judged_answer_pages.json"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"]
WIDTH, HEIGHT = 1280, 900

# what the page shows first: the first answer of the first group (the rules that answer it, unless the
# question was read as a request for cards), read in the page itself
FIRST_ANSWER_JS = """() => {
  const item = document.querySelector('ol.answer-hits li.hit');
  const rules = [...document.querySelectorAll('.answer-group-rules + ol li.hit a')]
    .map(a => decodeURIComponent(a.getAttribute('href').replace('/rules/', '')));
  const group = document.querySelector('h2.hit-group');
  if (!item) return {first: null, rules, group: group ? group.textContent.trim() : null};
  const link = item.querySelector('a');
  const from = item.querySelector('.answer-from');
  const quote = item.querySelector('blockquote.answer-sentence p');
  let sentence = quote ? quote.textContent.trim() : '';
  if (from) sentence = sentence.slice(from.textContent.length).trim();
  return {
    group: group ? group.textContent.trim() : null,
    rules,
    first: {
      kind: item.querySelector('.hit-kind').textContent.trim().toLowerCase(),
      href: link.getAttribute('href'),
      title: item.querySelector('.hit-title').textContent.trim(),
      from: from ? from.textContent.replace(/^From /, '').replace(/:$/, '').trim() : null,
      sentence,
    },
  };
}"""


def select(questions: list[dict], limit: int = 30) -> list[dict]:
    """Every third held-out question; all of those that name a card, then those that name none spread over
    the topics (the first of each topic, then the second of each, ...), in id order, up to ``limit``."""
    held = [q for q in questions if q["split"] == "heldout"][0::3]
    chosen = [q for q in held if q["names_card"]]
    rest = [q for q in held if not q["names_card"]]
    by_topic: dict[str, list[dict]] = {}
    for q in rest:
        by_topic.setdefault(q["topic"], []).append(q)
    depth = 0
    while len(chosen) < limit and any(len(v) > depth for v in by_topic.values()):
        for topic_questions in by_topic.values():
            if len(topic_questions) > depth and len(chosen) < limit:
                chosen.append(topic_questions[depth])
        depth += 1
    return sorted(chosen, key=lambda q: q["id"])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base-url", default="http://127.0.0.1:8000", help="a running Tolaria")
    ap.add_argument("--out", default="/tmp/tolaria-judged", help="folder for the PNGs and shown.json")
    ap.add_argument("--select", action="store_true", help="print the sample's ids and questions, take no shots")
    ap.add_argument("--ids", help="comma-separated question ids instead of the sample")
    ap.add_argument(
        "--from-judged", action="store_true", help="the ids of tests/knowledge/data/judged_answer_pages.json"
    )
    args = ap.parse_args(argv)

    questions = json.loads(QUESTIONS.read_text(encoding="utf-8"))["questions"]
    by_id = {q["id"]: q for q in questions}
    if args.ids:
        chosen = [by_id[i.strip()] for i in args.ids.split(",")]
    elif args.from_judged:
        chosen = [by_id[p["id"]] for p in json.loads(JUDGED.read_text(encoding="utf-8"))["pages"]]
    else:
        chosen = select(questions)
    if args.select:
        for q in chosen:
            print(f"{q['id']}\t{q['topic']}\t{'card' if q['names_card'] else 'no card'}\t{q['query'][:100]}")
        return 0

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    shown: list[dict] = []
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        context = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, color_scheme="light")
        page = context.new_page()
        page.set_default_timeout(60000)
        for q in chosen:
            url = args.base_url.rstrip("/") + "/search?q=" + urllib.parse.quote(q["query"])
            response = page.goto(url, wait_until="load")
            status = response.status if response else None
            png = out / f"{q['id']}.png"
            page.screenshot(path=str(png))  # the first screen only
            seen = page.evaluate(FIRST_ANSWER_JS)
            first = seen["first"]
            if first and first["href"].startswith("/rules/"):
                first["ref"] = urllib.parse.unquote(first["href"].removeprefix("/rules/"))
            shown.append({"id": q["id"], "query": q["query"], "status": status, "screenshot": png.name, **seen})
            ref = first.get("ref", first["title"]) if first else None
            print(f"{q['id']}: {status} first {first['kind'] if first else '-'} {ref}", file=sys.stderr)
        context.close()
        browser.close()
    (out / "shown.json").write_text(json.dumps(shown, indent=1, ensure_ascii=False), encoding="utf-8")
    print(f"{len(shown)} pages: {out}/*.png, {out}/shown.json")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
