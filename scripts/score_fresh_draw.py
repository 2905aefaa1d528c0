"""Score Tolaria's current linker or tagger on a sealed fresh draw (issue 26 item 3).

A sealed file is written from the CR and the card text before this runs on its cards (see
scripts/draw_fresh_sample.py and the file's `written_at`). This prints precision and recall and every miss
and every wrong answer. Run it only after the expectations are written; tune nothing on its figures before
they are recorded.

Links (`--links FILE`): per face, `expected` entries {text, rule, also_ok?, category} with category one of
keyword_ability (702), keyword_action (701), ability_word (207.2c), other (every other term the linker
marks: its kind "glossary"); `must_not` entries {text, rule?, why} and `unjudged` entries {text, why}.
An expected entry is found when the linker marks a span of that face with the same category and one of the
accepted rules (`rule` and `also_ok`; a subrule of one counts: "702.37a" for "702.37"); the span with the
same text is preferred. A linker span that meets no expectation is a wrong link, counted against the
precision of its own category, unless its text is unjudged; one that a `must_not` names is listed as such.

Themes (`--themes FILE`): per card `expected_themes` (theme:* and tribal:* ids), `must_not` themes ("tribal:*": any tribe), `unjudged_themes`
(doubtful: neither right nor wrong) and `expected_roles` (removal, counterspell, board_wipe, combat_trick, burn, ...). The tagger's inferred theme
and tribal tags are compared with `expected_themes`; a role is found when the tagger gives the tag that
stands for it (ROLE_TAGS); a role no tag stands for is listed, not scored.

Usage: python scripts/score_fresh_draw.py (--links FILE | --themes FILE) [--json]
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from tolaria.cards import Card, Face  # noqa: E402
from tolaria.rules import Linker, shipped_rulebook  # noqa: E402
from tolaria.tags import Tagger  # noqa: E402

CATEGORIES = ("keyword_ability", "keyword_action", "ability_word", "other")
LINKER_KINDS = {
    "keyword_ability": "keyword_ability",
    "keyword_action": "keyword_action",
    "ability_word": "ability_word",
    "glossary": "other",
}  # rule_reference: not a term, not scored
# the tags of the taxonomy that stand for a deck builder's role (src/tolaria/tags/taxonomy.json, pred:*)
# the tags that stand for a role, the first named when a role is missed: the themes the taxonomy gained
# for removal, burn, board wipes and counterspells (issue 26 item 4), else the predicted tag
ROLE_TAGS = {
    "removal": ("theme:removal", "pred:removal"),
    "burn": ("theme:burn",),
    "counterspell": ("theme:counterspell", "pred:counterspell"),
    "board_wipe": ("theme:board-wipe", "pred:sweeper"),
    "combat_trick": ("theme:combat-trick", "pred:combat-tricks"),
    "ramp": ("theme:ramp",),
    "card_draw": ("theme:card-draw",),
}
# a theme that stands for a role is judged against the card's expected roles, not its expected themes:
# the sealed files of a taxonomy without them list those as roles
ROLE_OF_THEME = {tag: role for role, tags in ROLE_TAGS.items() for tag in tags if tag.startswith("theme:")}
ROLE_OF_THEME = {t: r for t, r in ROLE_OF_THEME.items() if t not in ("theme:ramp", "theme:card-draw")}


@dataclass
class Score:
    tp: Counter[str] = field(default_factory=Counter)
    fp: Counter[str] = field(default_factory=Counter)
    fn: Counter[str] = field(default_factory=Counter)
    misses: list[dict[str, Any]] = field(default_factory=list)
    wrong: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def precision(self, key: str) -> float | None:
        found = self.tp[key] + self.fp[key]
        return self.tp[key] / found if found else None

    def recall(self, key: str) -> float | None:
        expected = self.tp[key] + self.fn[key]
        return self.tp[key] / expected if expected else None


def card_of(entry: dict[str, Any]) -> Card:
    """The sealed entry as a tolaria Card: the reader's own Card where the draw recorded it ("card"), else
    one made from the faces' text and type lines (types read off the type line)."""
    if "card" in entry:
        return Card.from_dict(entry["card"])
    faces = []
    for f in entry["faces"]:
        left = f.get("type_line", "").split("—")[0].split()
        supers = {"Legendary", "Basic", "Snow", "World", "Ongoing", "Elite", "Host"}
        faces.append(
            Face(
                name=f["name"],
                mana_cost=f.get("mana_cost", ""),
                type_line=f.get("type_line", ""),
                oracle_text=f.get("oracle_text", ""),
                supertypes=tuple(w for w in left if w in supers),
                types=tuple(w for w in left if w not in supers),
                subtypes=tuple(f["type_line"].split("—", 1)[1].split()) if "—" in f.get("type_line", "") else (),
            )
        )
    return Card(
        oracle_id=entry.get("oracle_id") or "fresh:" + entry["name"],
        name=entry["name"],
        layout=entry.get("layout", "normal"),
        faces=faces,
        mana_cost=faces[0].mana_cost,
        keywords=tuple(entry.get("keywords", ())),
    )


def rule_accepts(accepted: list[str], rule: str) -> bool:
    """The rule, or a subrule of it (702.37a of 702.37; 702.37 is no subrule of 702.3)."""
    for number in accepted:
        if rule == number or (rule.startswith(number) and (rule[len(number)] in ".abcdefghijklmnopqrstuvwxyz")):
            return True
    return False


def _same_text(a: str, b: str) -> bool:
    return a.casefold().replace("\u2019", "'") == b.casefold().replace("\u2019", "'")


def score_links(doc: dict[str, Any], linker: Any = None) -> Score:
    if linker is None:
        linker = Linker(shipped_rulebook())
    score = Score()
    for entry in doc["cards"]:
        card = card_of(entry)
        faces_spans = linker.link_card(card)
        for i, spans in enumerate(faces_spans):
            expected = entry.get("expected", [[]] * len(card.faces))[i]
            must_not = (entry.get("must_not") or [[]] * len(card.faces))[i]
            unjudged = (entry.get("unjudged") or [[]] * len(card.faces))[i]
            got = [(LINKER_KINDS[s.kind], s) for s in spans if s.kind in LINKER_KINDS]
            used: set[int] = set()
            for e in expected:
                accepted = [e["rule"], *e.get("also_ok", [])]
                fits = [
                    j
                    for j, (cat, s) in enumerate(got)
                    if j not in used and cat == e["category"] and rule_accepts(accepted, s.rule)
                ]
                same = [j for j in fits if _same_text(got[j][1].text, e["text"])]
                if fits:
                    used.add((same or fits)[0])
                    score.tp[e["category"]] += 1
                else:
                    score.fn[e["category"]] += 1
                    score.misses.append({"card": entry["name"], "face": i, **e})
            for j, (cat, s) in enumerate(got):
                if j in used or any(_same_text(s.text, u["text"]) for u in unjudged):
                    continue
                score.fp[cat] += 1
                broken = [
                    m
                    for m in must_not
                    if _same_text(s.text, m["text"]) and ("rule" not in m or rule_accepts([m["rule"]], s.rule))
                ]
                score.wrong.append(
                    {
                        "card": entry["name"],
                        "face": i,
                        "category": cat,
                        "text": s.text,
                        "rule": s.rule,
                        "must_not": broken[0]["why"] if broken else None,
                    }
                )
    return score


def score_themes(doc: dict[str, Any], tagger: Any = None) -> Score:
    if tagger is None:
        tagger = Tagger()
    score = Score()
    for entry in doc["cards"]:
        tags = {t.id for t in tagger.tag(card_of(entry))}
        found = {t for t in tags if t.startswith(("theme:", "tribal:"))}
        found -= set(entry.get("unjudged_themes", ()))  # doubtful either way: neither right nor wrong
        expected = set(entry.get("expected_themes", ()))
        roles = {role["role"] if isinstance(role, dict) else role for role in entry.get("expected_roles", ())}
        for theme in sorted(found & set(ROLE_OF_THEME) - expected):
            found.discard(theme)
            if ROLE_OF_THEME[theme] not in roles:
                score.fp["roles"] += 1
                score.wrong.append({"card": entry["name"], "role": ROLE_OF_THEME[theme], "theme": theme})
        score.tp["themes"] += len(found & expected)
        score.fp["themes"] += len(found - expected)
        score.fn["themes"] += len(expected - found)
        score.misses += [{"card": entry["name"], "theme": t} for t in sorted(expected - found)]
        forbidden = {m["theme"]: m.get("why", "") for m in entry.get("must_not", ())}
        score.wrong += [
            {"card": entry["name"], "theme": t, "must_not": forbidden.get(t, forbidden.get(t.split(":")[0] + ":*"))}
            for t in sorted(found - expected)
        ]
        for role in entry.get("expected_roles", ()):
            name = role["role"] if isinstance(role, dict) else role
            standing = ROLE_TAGS.get(name)
            if standing is None:
                score.notes.append(f"{entry['name']}: role {name} has no tag in the taxonomy (not scored)")
            elif tags & set(standing):
                score.tp["roles"] += 1
            else:
                score.fn["roles"] += 1
                score.misses.append({"card": entry["name"], "role": name, "tag": standing[0]})
    return score


def _pct(value: float | None) -> str:
    return "  n/a" if value is None else f"{100 * value:5.1f}%"


def report(score: Score, keys: tuple[str, ...], what: str) -> str:
    lines = [f"{what}: {'':18} precision  recall   (found right / wrong / missed)"]
    for key in keys:
        lines.append(
            f"  {key:24} {_pct(score.precision(key))}  {_pct(score.recall(key))}   "
            f"({score.tp[key]} / {score.fp[key]} / {score.fn[key]})"
        )
    lines.append(f"misses ({len(score.misses)}):")
    lines += [f"  {json.dumps(m, ensure_ascii=False)}" for m in score.misses]
    lines.append(f"wrong ({len(score.wrong)}):")
    lines += [f"  {json.dumps(w, ensure_ascii=False)}" for w in score.wrong]
    lines += [f"note: {n}" for n in score.notes]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    which = ap.add_mutually_exclusive_group(required=True)
    which.add_argument("--links", metavar="FILE", help="a sealed links file")
    which.add_argument("--themes", metavar="FILE", help="a sealed themes file")
    ap.add_argument("--json", action="store_true", help="the figures, misses and wrong answers as JSON")
    args = ap.parse_args(argv)
    path = Path(args.links or args.themes)
    try:
        doc = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        ap.error(f"cannot read {path}: {err}")
    if not isinstance(doc, dict) or not isinstance(doc.get("cards"), list):
        ap.error(f"{path} has no list of cards")
    if args.links:
        score, keys, what = score_links(doc), CATEGORIES, "links"
    else:
        score, keys, what = score_themes(doc), ("themes", "roles"), "themes"
    if args.json:
        out = {
            k: {
                "precision": score.precision(k),
                "recall": score.recall(k),
                "tp": score.tp[k],
                "fp": score.fp[k],
                "fn": score.fn[k],
            }
            for k in keys
        }
        print(
            json.dumps(
                {"file": str(path), "scores": out, "misses": score.misses, "wrong": score.wrong, "notes": score.notes},
                ensure_ascii=False,
                indent=1,
            )
        )
    else:
        print(f"{path} (seed {doc.get('seed')}, written {doc.get('written_at')})")
        print(report(score, keys, what))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
