"""A tiny reader of our pages' HTML (the standard library's parser; no extra dependency)."""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def norm(text: str) -> str:
    """HTML-unescaped, whitespace-normalised text."""
    return re.sub(r"\s+", " ", html.unescape(text)).strip()


@dataclass
class Term:
    """One <details class="term"> of the card text: the words that open it and what it shows."""

    face: int
    summary: str
    body: str
    links: list[str] = field(default_factory=list)


class _TermReader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.terms: list[Term] = []
        self.face = -1
        self.depth = 0  # depth inside the current details.term (0: outside)
        self.in_summary = False
        self.cur: Term | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "article" and "face" in classes:
            self.face = int(a.get("data-face", self.face + 1))
        if self.cur is None and tag == "details" and "term" in classes:
            self.cur = Term(self.face, "", "")
            self.depth = 1
            return
        if self.cur is not None:
            if tag not in VOID:
                self.depth += 1
            if tag == "summary":
                self.in_summary = True
            if tag == "a" and a.get("href"):
                self.cur.links.append(a["href"])

    def handle_endtag(self, tag):
        if self.cur is None:
            return
        if tag == "summary":
            self.in_summary = False
        if tag not in VOID:
            self.depth -= 1
        if self.depth == 0:
            self.cur.summary, self.cur.body = norm(self.cur.summary), norm(self.cur.body)
            self.terms.append(self.cur)
            self.cur = None

    def handle_data(self, data):
        if self.cur is not None:
            if self.in_summary:
                self.cur.summary += data
            else:
                self.cur.body += data


def terms(page: str) -> list[Term]:
    reader = _TermReader()
    reader.feed(page)
    return reader.terms


def text(page: str) -> str:
    """The visible text of the page's <main>, tags dropped, normalised."""
    main = page[page.find("<main") : page.find("</main>")]
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.DOTALL)
    return norm(re.sub(r"<[^>]+>", " ", main))
