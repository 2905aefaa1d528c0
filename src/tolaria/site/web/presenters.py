"""What the pages show, computed from the domain objects: mana symbols, explained card text, rule texts
with their references linked, price charts, legalities, tags, the query builder, knowledge hits.

Pure functions returning dicts and `SafeString`s for the templates; the views stay short."""

from __future__ import annotations

import functools
import re
import urllib.parse
from dataclasses import dataclass

from django.conf import settings
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from tolaria.knowledge import PAGE
from tolaria.rules import find_references, shipped_rulebook
from tolaria.rules.explain import LinkedSegment, explained_faces
from tolaria.site.card_links import card_slug, card_url  # noqa: F401  (card_slug: views)
from tolaria.site.stores.knowledge_index import answer, current, search_knowledge, search_page

# --- mana symbols -----------------------------------------------------------------------------

_SYMBOL = re.compile(r"\{([^{}]{1,8})\}")
_SPECIAL = {
    "T": "tap",
    "Q": "untap",
    "∞": "infinity",
    "½": "half",
    "PW": "planeswalker",
    "CHAOS": "chaos",
    "TK": "ticket",
    "E": "e",
    "A": "acorn",
    "H": "h",
}


def symbol_class(symbol: str) -> str:
    s = symbol.upper()
    if s in _SPECIAL:
        return _SPECIAL[s]
    return s.replace("/", "").lower()


def _symbol_html(symbol: str, *, cost: bool = True) -> str:
    label = "{" + symbol + "}"
    return (
        f'<span class="sym"><i class="ms ms-{escape(symbol_class(symbol))}{" ms-cost" if cost else ""}" aria-hidden="true"></i>'
        f'<span class="visually-hidden">{escape(label)}</span></span>'
    )


def mana_html(text: str) -> SafeString:
    """Text with every {X} symbol drawn by mana-font, the braces kept for screen readers and copy."""
    if not text:
        return mark_safe("")
    out, pos = [], 0
    for m in _SYMBOL.finditer(text):
        out.append(escape(text[pos : m.start()]))
        out.append(_symbol_html(m.group(1)))
        pos = m.end()
    out.append(escape(text[pos:]))
    return mark_safe("".join(out))


def text_html(text: str) -> SafeString:
    """Oracle/flavor text: symbols drawn, newlines kept as line breaks."""
    return mark_safe("<br>".join(mana_html(line) for line in text.split("\n")))


# --- rules texts with links ---------------------------------------------------------------------


@functools.cache
def rulebook():
    return shipped_rulebook()


@functools.cache
def _known_numbers() -> frozenset[str]:
    return frozenset(rulebook().rules)


def linked_rule_text(text: str, refs=None) -> SafeString:
    """A rule text with every rule reference ("See rule 510", "rules 119.9–10") a link to /rules/<n>."""
    if refs is None:
        return _linked_cached(text)
    return _linked(text, refs)


@functools.lru_cache(maxsize=8192)
def _linked_cached(text: str) -> SafeString:
    return _linked(text, find_references(text, set(_known_numbers())))


def _linked(text: str, refs) -> SafeString:
    out, pos = [], 0
    for ref in sorted(refs, key=lambda r: r.start):
        if ref.start < pos:
            continue
        out.append(escape(text[pos : ref.start]))
        out.append(format_html('<a class="ref" href="/rules/{}">{}</a>', ref.target, text[ref.start : ref.end]))
        pos = ref.end
    out.append(escape(text[pos:]))
    return mark_safe("".join(out))


def rule_dict(rule) -> dict:
    return {
        "number": rule.number,
        "title": rule.title,
        "text": rule.text,
        "html": linked_rule_text(rule.text, rule.references or None) if rule.text else "",
        "examples": [linked_rule_text(e) for e in rule.examples],
        "level": rule.level,
    }


# --- explained card text ------------------------------------------------------------------------


def explained(card) -> list[list[dict]]:
    """Per face, segments {html} for plain text and rule references, or a linked term
    {term, html, text, rule, title, kind, in_reminder, box} whose box opens its rules."""

    out = []
    for face in explained_faces(card):
        segs = []
        for seg in face.segments:
            if not isinstance(seg, LinkedSegment):
                segs.append({"html": text_html(seg.text), "in_reminder": seg.in_reminder})
            elif seg.kind == "rule_reference":
                segs.append({"html": format_html('<a class="ref" href="/rules/{}">{}</a>', seg.rule, seg.text)})
            else:
                segs.append(
                    {
                        "term": True,
                        "html": text_html(seg.text),
                        "text": seg.text,
                        "rule": seg.rule,
                        "title": seg.title or seg.text,
                        "kind": seg.kind,
                        "in_reminder": seg.in_reminder,
                        "box": _rule_box(seg.rule, seg.title or seg.text, truncated=seg.truncated, rules=seg.rules),
                    }
                )
        out.append(segs)
    return out


_BOXES: dict[tuple, SafeString] = {}


def _rule_box(number: str, title: str, *, truncated: bool, rules) -> SafeString:
    """The body of a term's <details>: each rule of the subtree labelled with its number, then "(CR n)".
    The same few hundred rules open from every card, so the HTML is built once per (rule, title)."""
    key = (number, title, truncated)
    box = _BOXES.get(key)
    if box is not None:
        return box
    parts = [
        format_html(
            '<span class="rule-box" role="note" aria-label="Comprehensive Rules {}"><span class="rule-title">{}</span>',
            number,
            title,
        )
    ]
    for r in rules:
        if not r.text:
            continue
        parts.append(
            format_html(
                '<span class="rule-line"><a class="rule-num" href="/rules/{}">{}</a> {}</span>',
                r.number,
                r.number,
                linked_rule_text(r.text),
            )
        )
        for e in r.examples:
            parts.append(format_html('<span class="rule-line example">Example: {}</span>', linked_rule_text(e)))
    if truncated:
        parts.append(
            format_html('<span class="rule-line"><a href="/rules/{}">More rules under {}…</a></span>', number, number)
        )
    parts.append(format_html('<span class="rule-cite">(<a href="/rules/{}">CR {}</a>)</span></span>', number, number))
    box = mark_safe("".join(parts))
    if len(_BOXES) < 20000:
        _BOXES[key] = box
    return box


def printing_rows_html(printings: list[dict]) -> SafeString:
    """The printings table body (built here: basic lands have hundreds of rows)."""
    return mark_safe(
        "".join(
            format_html(
                '<tr{}><td><a href="{}">{}{} <span class="code">({})</span></a></td><td>{}</td><td>{}</td><td>{}</td></tr>',
                mark_safe(' class="current" aria-current="page"') if o["current"] else "",
                o["url"],
                o["symbol"],
                o["set_name"],
                o["set_code"],
                o["number"],
                o["rarity"].capitalize(),
                o["price"] or "—",
            )
            for o in printings
        )
    )


@functools.cache
def set_glyphs() -> dict[str, str]:
    """Set code -> the character of its symbol in the keyrune font, read from the font file itself
    (OFL). Keyrune's CSS is GPL-3.0 and is not used: web/sets.css is our own. Empty without npm."""
    font = settings.NODE_MODULES / "keyrune" / "fonts" / "keyrune.svg"
    if not font.exists():
        return {}
    glyph = re.compile(r'<glyph unicode="&#x([0-9a-fA-F]+);" glyph-name="([^"]+)"')
    return {name.lower(): chr(int(code, 16)) for code, name in glyph.findall(font.read_text(encoding="utf-8"))}


def set_symbol(set_code: str, keyrune_code: str = "", rarity: str = "common") -> SafeString:
    """The set's symbol in its rarity's color, hidden from screen readers (the set name is beside it)."""
    glyphs = set_glyphs()
    char = glyphs.get((keyrune_code or "").lower()) or glyphs.get(set_code.lower())
    if not char:
        return mark_safe("")
    return format_html('<i class="set-symbol rarity-{}" aria-hidden="true">{}</i> ', rarity or "common", char)


# --- cards, printings, prices --------------------------------------------------------------------

TRANSFORMING = {"transform", "modal_dfc", "double_faced_token", "reversible_card", "meld", "battle"}


def printing_url(printing, name: str) -> str:
    return card_url(name, printing.set_code, printing.collector_number)


def money(value, currency: str) -> str:
    if value is None:
        return ""
    if currency == "usd":
        return f"${value:,.2f}"
    if currency == "eur":
        return f"€{value:,.2f}"
    return f"{value:,.2f} tix"


def price_list(prices) -> list[dict]:
    if prices is None:
        return []
    rows = [
        ("USD", prices.usd, "usd"),
        ("USD foil", prices.usd_foil, "usd"),
        ("USD etched", prices.usd_etched, "usd"),
        ("EUR", prices.eur, "eur"),
        ("EUR foil", prices.eur_foil, "eur"),
        ("MTGO tix", prices.tix, "tix"),
    ]
    return [{"label": label, "value": money(v, cur)} for label, v, cur in rows if v is not None]


def price_chart(
    points: list[tuple[str, float | None, float | None]], width: int = 320, height: int = 110
) -> SafeString:
    """An inline SVG line chart of (date, usd, eur) points; empty string when fewer than one value."""
    series = {
        "usd": [(d, u) for d, u, _ in points if u is not None],
        "eur": [(d, e) for d, _, e in points if e is not None],
    }
    values = [v for s in series.values() for _, v in s]
    if not values:
        return mark_safe("")
    dates = sorted({d for d, *_ in points})
    lo, hi = min(values), max(values)
    if hi - lo < 1e-9:
        lo, hi = lo * 0.9, hi * 1.1 + 0.01
    pad_l, pad_r, pad_t, pad_b = 40, 8, 8, 18
    iw, ih = width - pad_l - pad_r, height - pad_t - pad_b
    xpos = {d: pad_l + (iw * i / max(1, len(dates) - 1)) for i, d in enumerate(dates)}

    def y(v):
        return pad_t + ih * (1 - (v - lo) / (hi - lo))

    parts = [
        f'<svg class="price-chart" viewBox="0 0 {width} {height}" role="img" aria-labelledby="price-chart-title">',
        (
            f'<title id="price-chart-title">Price history from {escape(dates[0])} to {escape(dates[-1])}: '
            f"low {lo:.2f}, high {hi:.2f}</title>"
        ),
        f'<line class="axis" x1="{pad_l}" y1="{pad_t + ih}" x2="{width - pad_r}" y2="{pad_t + ih}"/>',
        f'<text class="tick" x="{pad_l - 4}" y="{pad_t + 8}" text-anchor="end">{hi:.2f}</text>',
        f'<text class="tick" x="{pad_l - 4}" y="{pad_t + ih}" text-anchor="end">{lo:.2f}</text>',
        f'<text class="tick" x="{pad_l}" y="{height - 4}">{escape(dates[0])}</text>',
        f'<text class="tick" x="{width - pad_r}" y="{height - 4}" text-anchor="end">{escape(dates[-1])}</text>',
    ]
    for name, s in series.items():
        if not s:
            continue
        pts = " ".join(f"{xpos[d]:.1f},{y(v):.1f}" for d, v in s)
        parts.append(f'<polyline class="line-{name}" fill="none" points="{pts}"/>')
        if len(s) == 1:
            d, v = s[0]
            parts.append(f'<circle class="line-{name}" cx="{xpos[d]:.1f}" cy="{y(v):.1f}" r="3"/>')
    parts.append("</svg>")
    return mark_safe("".join(parts))


FORMATS = [
    "standard",
    "pioneer",
    "modern",
    "legacy",
    "vintage",
    "commander",
    "oathbreaker",
    "pauper",
    "paupercommander",
    "brawl",
    "standardbrawl",
    "historic",
    "timeless",
    "alchemy",
    "explorer",
    "penny",
    "duel",
    "oldschool",
    "premodern",
    "predh",
    "gladiator",
    "future",
]
FORMAT_NAMES = {
    "paupercommander": "Pauper Commander",
    "standardbrawl": "Standard Brawl",
    "penny": "Penny Dreadful",
    "duel": "Duel Commander",
    "oldschool": "Old School",
    "predh": "PreDH",
    "historicbrawl": "Historic Brawl",
}
STATUS = {
    "legal": "Legal",
    "not_legal": "Not legal",
    "banned": "Banned",
    "restricted": "Restricted",
    "unknown": "Unknown",
}


def legality_rows(legalities: dict[str, str], covered=None) -> list[dict]:
    """One row per format; a format the data has no legalities for (`covered`: the formats it has)
    reads "Unknown", not "Not legal"."""
    names = FORMATS + sorted(f for f in legalities if f not in FORMATS)
    rows = []
    for f in names:
        status = legalities.get(f, "not_legal")
        if covered is not None and f not in covered and f not in legalities:
            status = "unknown"
        label = STATUS.get(status, status.replace("_", " ").capitalize())
        rows.append({"format": FORMAT_NAMES.get(f, f.capitalize()), "status": status, "label": label})
    return rows


TAG_GROUPS = [
    "Ability tags",
    "Mana costs",
    "Classes and roles",
    "Creature kinds",
    "Color identity",
    "Keyword tags",
    "Mana value",
    "Timing tags",
    "Type tags",
    "Theme tags",
]
KIND_LABELS = {
    "attribute": "card attribute",
    "extracted": "ability fact",
    "inferred": "inferred theme",
    "predicted": "predicted",
    "ai": "AI theme",
}


def evidence_text(evidence) -> str:
    """Why a tag is on a card, in words: the quoted text it was read from, the card data, or the
    facts a theme was concluded from."""
    if isinstance(evidence, str):
        return evidence
    parts = []
    for e in evidence or ():
        if not isinstance(e, dict):
            parts.append(str(e))
        elif e.get("source") == "text":
            parts.append(f"“{e.get('text', '')}”")
        elif e.get("source") == "facts":
            parts.append("from " + ", ".join(e.get("facts", ())))
        elif e.get("field"):
            parts.append(f"{e['field']}: {e.get('text') or ''}".strip())
        elif e.get("source") == "model":
            parts.append("a model's guess")
    return "; ".join(parts)


def tag_groups(tags: list[dict]) -> tuple[list[dict], list[dict]]:
    groups: dict[str, list[dict]] = {g: [] for g in TAG_GROUPS}
    predicted = []
    for t in tags:
        t = dict(t)
        t["evidence_text"] = evidence_text(t.get("evidence"))
        t["kind_label"] = KIND_LABELS.get(t.get("kind") or "", t.get("kind") or "")
        t["href"] = "/search?" + urllib.parse.urlencode({"q": f"tag:{t.get('id')}"})
        if t.get("kind") == "predicted" or t.get("group") == "Predicted tags":
            predicted.append(t)
        else:
            if str(t.get("id", "")).startswith("subtype:"):
                _qualify_subtype(t)
            groups.setdefault(t.get("group") or "Other tags", []).append(t)
    if groups.get("Type tags"):
        groups["Type tags"].sort(key=lambda t: (SUBTYPE_ORDER.index(t.get("subtype_kind", "")), t.get("label", "")))
    return [{"name": g, "tags": ts} for g, ts in groups.items()], predicted


# A plane's subtype (Dominaria) and a planeswalker's (Jace) are both "subtypes": say which, and keep
# each kind together, so the Type tags read as card types, then planar types, then planeswalker types.
SUBTYPE_ORDER = ["", "subtype", "planar type", "planeswalker type"]
_SUBTYPE_KIND = [
    (re.compile(r"\bPlaneswalker\b.*—"), "planeswalker type"),
    (re.compile(r"\bPlane\b.*—"), "planar type"),
]


def _qualify_subtype(t: dict) -> None:
    line = t.get("evidence_text") or ""
    kind = next((k for pattern, k in _SUBTYPE_KIND if pattern.search(line)), "subtype")
    t["subtype_kind"] = kind
    if kind != "subtype":
        t["label"] = f"{t.get('label', '')} ({kind})"


# --- search helpers -----------------------------------------------------------------------------

_PLAIN = re.compile(r"^[\w\s'’,.\-]+$")


def is_plain_words(q: str) -> bool:
    """Plain words: no keyword:, operators, quotes or parentheses — a knowledge search makes sense."""
    q = q.strip()
    if not q or not _PLAIN.match(q):
        return False
    return not any(w.lower() in ("or", "and") or w.startswith("-") for w in q.split())


def compose_query(params) -> str:
    """The query the builder form describes (the no-JS path)."""
    parts = []

    def quoted(v: str) -> str:
        v = v.strip()
        return f'"{v}"' if re.search(r"\s", v) else v

    name = params.get("name", "").strip()
    if name:
        parts.append(quoted(name))
    for field_, key in (("oracle", "o"), ("type", "t")):
        for word in [w for w in re.split(r"\s*,\s*", params.get(field_, "").strip()) if w]:
            parts.append(f"{key}:{quoted(word)}")
    colors = "".join(c for c in "wubrgc" if params.get(f"color_{c}"))
    if colors:
        op = params.get("color_op", ">=")
        if op not in (">=", "=", "<=", ":"):
            op = ">="
        parts.append(f"c{op}{colors}")
    mv = params.get("mv", "").strip()
    if mv:
        op = params.get("mv_op", "=")
        if op not in ("=", "<", "<=", ">", ">=", "!="):
            op = "="
        parts.append(f"mv{op}{mv}")
    for field_, key in (("format", "f"), ("rarity", "r"), ("set", "s")):
        v = params.get(field_, "").strip()
        if v:
            parts.append(f"{key}:{quoted(v)}")
    return " ".join(parts)


# --- knowledge -----------------------------------------------------------------------------------


@dataclass
class Hit:
    kind: str  # rule, glossary, ruling, card
    title: str
    ref: str  # rule number or glossary term or card name
    url: str
    excerpt: SafeString
    excerpt_from: str = ""  # the subrule (or its example) the excerpt's sentence is part of


def highlight(text: str, words: list[str], width: int = 260) -> SafeString:
    """An excerpt of text around the first match, every word <mark>ed."""
    low = text.lower()
    first = min((i for i in (low.find(w) for w in words) if i >= 0), default=0)
    start = max(0, first - 60) if len(text) > width else 0
    if start:
        start = text.find(" ", start) + 1 or start
    piece = text[start : start + width]
    prefix, suffix = ("…" if start else ""), ("…" if start + width < len(text) else "")
    if not words:
        return mark_safe(escape(prefix + piece + suffix))
    pat = re.compile("|".join(re.escape(w) for w in sorted(words, key=len, reverse=True)), re.IGNORECASE)
    out, pos = [], 0
    for m in pat.finditer(piece):
        out.append(escape(piece[pos : m.start()]))
        out.append(format_html("<mark>{}</mark>", m.group(0)))
        pos = m.end()
    out.append(escape(piece[pos:]))
    return mark_safe(escape(prefix) + "".join(out) + escape(suffix))


# Scryfall's language codes (https://scryfall.com/docs/api/languages) as HTML's lang attribute takes them
# (BCP 47, which screen readers read): Chinese by its script, Brazil's Portuguese by its region; Phyrexian
# has no tag ("und", undetermined: no voice reads it as English)
_HTML_LANG = {"zhs": "zh-Hans", "zht": "zh-Hant", "pt": "pt-BR", "ph": "und"}


def html_lang(code: str) -> str:
    return _HTML_LANG.get(code, code)


KNOWLEDGE_GROUPS = (
    ("glossary", "Glossary"),
    ("rule", "Comprehensive Rules"),
    ("ruling", "Rulings"),
    ("card", "Cards by their text"),
)


def knowledge_groups(q: str, answers=None) -> list[dict]:
    """The first page of the knowledge search: the best matches, then the rest grouped by kind (each
    kind ranked on its own, so the many cards that merely have a keyword do not push the rules off).
    `answers`: the Answerer's answers to `q` when the caller has them already (its rules are used)."""

    best = search_knowledge(q, limit=3)  # the best few across kinds first: "trample" opens 702.19 and the glossary
    shown = {h.document.id for h in best}
    # the rules and rulings are ranked below, each their own way
    page = search_page(q, {kind: n for kind, n in PAGE.items() if kind not in ("rule", "ruling")})
    # the rules as the Answerer ranks them (their own BM25 and the shipped MiniLM vectors, the CR's terms)
    rules = (answers if answers is not None else answer(q, rulings=0, cards=0)).rules
    page["rule"] = [h for h in rules if h.document.kind == "rule"]
    # rulings by their words (the static model's add noise to a keyword's own), those of cards whose
    # own text holds the words first: a ruling of a card with trample is about trample
    index = current()
    words = q.lower().split()

    def holds(hit) -> bool:
        card = index.document(f"card:{hit.document.ref}")
        return card is not None and all(w in card.text.lower() for w in words)

    rulings = index.search(q, k=30, kinds=["ruling"], mode="lexical")
    page["ruling"] = sorted(rulings, key=lambda h: not holds(h))[:20]  # more: collapsed per card
    groups = [{"kind": "best", "label": "Best matches", "hits": [_hit(h) for h in best]}]
    groups += [
        {"kind": kind, "label": label, "hits": [_hit(h) for h in page.get(kind, []) if h.document.id not in shown]}
        for kind, label in KNOWLEDGE_GROUPS
    ]
    return [g for g in groups if g["hits"]]


ANSWER_GROUPS = (("rules", "Rules that answer it"), ("rulings", "Rulings"), ("cards", "Cards"))


def answer_groups(answers) -> list[dict]:
    """A question's answers as the page shows them: the rules first (with the glossary entries folded
    into them), then the rulings and cards that illustrate it; each hit's best sentence, words marked."""
    groups = []
    order = ANSWER_GROUPS
    if answers.card_request:  # cards asked for: the cards first, the rules that may matter after
        order = (("cards", "Cards by what their text means"), ("rules", "Rules"), ("rulings", "Rulings"))
    for name, label in order:
        hits = []
        for h in getattr(answers, name):
            hit = _hit(h)
            also = [d for d in h.also if d.kind == "glossary"]
            more = sum(d.kind == "ruling" for d in h.also)
            hits.append({"hit": hit, "definitions": [d.title for d in also], "more_rulings": more})
        if hits:
            groups.append({"kind": name, "label": label, "hits": hits})
    return groups


def _hit(h) -> Hit:
    """A tolaria.knowledge Hit as the page shows it: kind, title, a link, the excerpt with its matches marked."""
    doc = h.document
    excerpt = mark_safe(
        "".join(format_html("<mark>{}</mark>", text) if match else escape(text) for text, match in h.excerpt)
    )
    if doc.kind == "rule":
        url = f"/rules/{doc.ref}"
    elif doc.kind == "glossary":
        url = "/rules/glossary/" + urllib.parse.quote(doc.ref or doc.title)
    else:  # a card or a ruling: ref is the card's oracle id
        url = card_url(oracle_id=doc.ref) + ("#rulings-h" if doc.kind == "ruling" else "")
    return Hit(kind=doc.kind, title=doc.title, ref=doc.ref, url=url, excerpt=excerpt, excerpt_from=h.excerpt_from)
