"""The documents the knowledge search ranks: rules, glossary entries, rulings and cards.

Built from a rule book (``tolaria.rules`` — read by duck typing: ``rules``, ``glossary``) and oracle
cards (``tolaria.cards.Card``). Each document keeps a ``ref`` the site links with: the rule number,
the glossary term, or the card's oracle id (for a ruling, the oracle id of its card).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from typing import Any

KINDS = ("rule", "glossary", "ruling", "card")


@dataclass(frozen=True, slots=True)
class Document:
    id: str  # unique: "rule:702.19", "glossary:trample", "ruling:<oracle_id>:<n>", "card:<oracle_id>"
    kind: str  # one of KINDS
    title: str
    text: str
    ref: str  # rule number, glossary term, or oracle id

    @property
    def content_hash(self) -> str:
        """Hash of what gets embedded: same text, same vector."""
        return hashlib.blake2b(self.embedding_text.encode("utf-8"), digest_size=16).hexdigest()

    @property
    def embedding_text(self) -> str:
        return f"{self.title}: {self.text}" if self.title else self.text

    @property
    def lexical_text(self) -> str:
        # the title twice: a word of the title says more about a document than one of its body
        return f"{self.title} {self.title} {self.text}"

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def _rule_title(rule: Any) -> str:
    """A rule's own heading: its title, or its text when the text is a heading (``702.19. Trample``)."""
    title = (getattr(rule, "title", "") or "").strip()
    if title:
        return title
    text = (getattr(rule, "text", "") or "").strip()
    if text and len(text) <= 60 and not text.endswith("."):
        return text
    return ""


def _body(rule: Any) -> str:
    text = (getattr(rule, "text", "") or "").strip()
    if text == _rule_title(rule):
        text = ""
    parts = [text] if text else []
    parts += [f"Example: {e}" for e in getattr(rule, "examples", ()) or ()]
    return "\n".join(parts)


def rule_documents(rulebook: Any) -> list[Document]:
    """One document per numbered rule (with its subrules and examples), one per subrule, one per rule heading."""
    rules = rulebook.rules
    docs = []
    for number, rule in rules.items():
        level = getattr(rule, "level", "")
        if level == "section":
            continue
        parent = rules.get(getattr(rule, "parent", None) or "")
        own = _rule_title(rule)
        if level == "rule":  # 702. Keyword Abilities — a heading: its title and the headings below it
            heads = [_rule_title(rules[c]) for c in getattr(rule, "children", ()) if c in rules]
            text = "; ".join(h for h in heads if h)
            docs.append(Document(f"rule:{number}", "rule", f"{number}. {own}", text, number))
            continue
        if level == "numbered":
            # the 3-digit rule's heading gives context: "702.19. Keyword Abilities — Trample"
            context = _rule_title(parent) if parent is not None else ""
            title = f"{number}. {context} — {own}" if own and context else f"{number}. {own or context}"
            parts = [_body(rule)]
            for child in getattr(rule, "children", ()) or ():
                if child in rules:
                    parts.append(f"{child} {_body(rules[child])}")
            text = "\n".join(p for p in parts if p)
            docs.append(Document(f"rule:{number}", "rule", title.strip(), text or own, number))
            continue
        if level == "subrule":
            grand = rules.get(getattr(parent, "parent", None) or "") if parent is not None else None
            names = [n for n in (_rule_title(grand) if grand else "", _rule_title(parent) if parent else "") if n]
            title = f"{number} {' — '.join(names)}".strip()
            docs.append(Document(f"rule:{number}", "rule", title, _body(rule), number))
    return docs


def glossary_documents(rulebook: Any) -> list[Document]:
    docs = []
    for key, entry in rulebook.glossary.items():
        term = getattr(entry, "term", key)
        docs.append(Document(f"glossary:{key}", "glossary", term, getattr(entry, "definition", ""), term))
    return docs


def card_documents(cards: Iterable[Any]) -> list[Document]:
    """One document per ruling and one per card (name, type line, oracle text), kind by kind (in
    ``KINDS`` order: the index then ranks one kind over its own rows)."""
    rulings, docs = [], []
    for card in cards:
        text = "\n".join(p for p in (card.type_line, card.oracle_text) if p)
        docs.append(Document(f"card:{card.oracle_id}", "card", card.name, text, card.oracle_id))
        for n, ruling in enumerate(getattr(card, "rulings", ()) or ()):
            rulings.append(Document(f"ruling:{card.oracle_id}:{n}", "ruling", card.name, ruling.text, card.oracle_id))
    return rulings + docs


def documents_from(rulebook: Any = None, cards: Iterable[Any] | None = None) -> list[Document]:
    """All documents of a rule book and cards (either may be None). ``cards`` may be a dict by oracle id."""
    docs: list[Document] = []
    if rulebook is not None:
        docs += rule_documents(rulebook)
        docs += glossary_documents(rulebook)
    if cards is not None:
        if isinstance(cards, dict):
            cards = cards.values()
        docs += card_documents(cards)
    seen: set[str] = set()
    unique = []
    for d in docs:
        if d.id not in seen:
            seen.add(d.id)
            unique.append(d)
    return unique
