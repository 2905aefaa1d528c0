"""Text search: folding, and a trigram index that narrows candidates before the exact check."""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterable, Iterator
from typing import Any, Protocol

import numpy as np
import re2


class _Span(Protocol):
    def span(self) -> tuple[int, int]: ...


class Regex(Protocol):
    """What Tolaria uses of a compiled RE2 pattern (the binding ships no type information)."""

    @property
    def pattern(self) -> str: ...

    def search(self, text: str) -> object | None: ...

    def finditer(self, data: bytes) -> Iterator[_Span]: ...


_REMINDER = re.compile(r"\([^()]*\)")
_SPECIAL = str.maketrans({"æ": "ae", "Æ": "ae", "’": "'", "‘": "'", "“": '"', "”": '"', "—": "-", "–": "-"})


@functools.lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """Lower case, accents removed, Æ as ae, curly quotes straight: how names and texts are compared."""
    text = text.translate(_SPECIAL)
    if not text.isascii():
        text = "".join(ch for ch in unicodedata.normalize("NFKD", text) if not unicodedata.combining(ch))
    return text.lower()


def strip_reminder(text: str) -> str:
    """Oracle text without its reminder text (the parenthesised parts)."""
    return _REMINDER.sub("", text)


def tilde(text: str, names: Iterable[str | None]) -> str:
    """The text with the card's own name(s) replaced by ``~`` (longest first)."""
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = text.replace(name, "~")
    return text


# Scryfall's own regex escapes (scryfall.com/docs/regular-expressions): \sm any mana symbol, \ss any
# card symbol, \spt an X/X power/toughness, \spp a +X/+X one, \smm a -X/-X one
_PT = r"[0-9X*]+"
_SHORTHANDS = {
    "pt": rf"[-+]?{_PT}/[-+]?{_PT}",
    "pp": rf"\+{_PT}/\+{_PT}",
    "mm": rf"-{_PT}/-{_PT}",
    "m": r"\{[^}]+\}",
    "s": r"\{[^}]+\}",
}
_SHORTHAND = re.compile(r"(?<!\\)((?:\\\\)*)\\s(pt|pp|mm|m|s)")


def expand_shorthands(pattern: str) -> str:
    r"""The regex with Scryfall's \sm, \ss, \spt, \spp and \smm written out (an escaped backslash before
    them is left alone)."""
    return _SHORTHAND.sub(lambda m: m.group(1) + "(?:" + _SHORTHANDS[m.group(2)] + ")", pattern)


@functools.lru_cache(maxsize=1024)
def compile_regex(pattern: str) -> Regex:
    """A user regex, compiled with RE2 (linear time), case-insensitive, ^ and $ at line ends."""
    pattern = expand_shorthands(pattern)
    options = re2.Options()
    options.case_sensitive = False
    options.never_capture = True
    options.log_errors = False
    # multi-line: RE2's python wrapper takes inline flags
    compiled: Regex = re2.compile("(?m)" + pattern, options)
    return compiled


_LITERAL_OK = set("abcdefghijklmnopqrstuvwxyz0123456789 ,:;'\"!@#%&=_<>~`-")
_ESCAPABLE = set("{}[]()^$.|*+?\\/ ,:;'\"!@#%&=_<>~`-")


_ESCAPE_WITH_ARGUMENT = re.compile(r"\\[xpPQEC0-9]")
_FLAG_GROUP = re.compile(r"(?<!\\)\(\?[a-zA-Z-]+\)")
_REPETITION = re.compile(r"\{\d+(,\d*)?\}|\{,\d+\}")


# a shorthand as expand_shorthands writes it, and the character every match of it holds ("/" of X/X)
_SHORTHAND_HOLDS = {"(?:" + _SHORTHANDS[k] + ")": "/" for k in ("pt", "pp", "mm")}
_NOT_AFTER = "?*{"  # a quantifier that lets the shorthand be absent


def _shorthands_as_literals(pattern: str) -> str:
    r"""The pattern with each expanded \spt, \spp, \smm that must be present written as ``.\/.``: its
    "/" a literal run of its own (the dots end the runs around it), for required_literals."""
    for expanded, holds in _SHORTHAND_HOLDS.items():
        out, i = [], 0
        while (j := pattern.find(expanded, i)) >= 0:
            end = j + len(expanded)
            optional = end < len(pattern) and pattern[end] in _NOT_AFTER
            out.append(pattern[i:j] + (expanded if optional else ".\\" + holds + "."))
            i = end
        pattern = "".join(out) + pattern[i:]
    return pattern


def required_literals(pattern: str, min_length: int = 3) -> list[str]:
    """Literal runs that every match of the regex contains (lower-cased), for trigram narrowing.

    Conservative: only top-level runs of plain characters, none when there is a top-level ``|``;
    a character followed by a quantifier is dropped. min_length: the shortest run returned (runs of
    one or two characters narrow through TextColumn.short).
    """
    if _ESCAPE_WITH_ARGUMENT.search(pattern):  # \x41, \p{L}, \Q…\E, \1: not worth the risk
        return []
    # an inline flag group ("(?s)", "(?i)") sets flags and matches nothing: no atom, so a quantifier after it
    # applies to the atom before it ("aa(?s)?" matches "a")
    pattern = _FLAG_GROUP.sub("", pattern)
    runs = _Runs()
    depth = 0  # how many groups are open
    i = 0
    n = len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\" and i + 1 < n:
            runs.escaped(pattern[i + 1], top_level=depth == 0)
            i += 2
        elif ch == "[":
            runs.end()
            i = _class_end(pattern, i)
        elif ch == "{" and (rep := _REPETITION.match(pattern, i)):
            runs.end_optional()  # a quantifier such as {0,10}: the previous character may be absent
            i = rep.end()
        elif ch == "|" and depth == 0:
            return []
        else:
            depth = runs.character(ch, depth)
            i += 1
    runs.end()
    return [r for r in runs.done if len(r) >= min_length]


_ESCAPED_LITERAL_OK = _LITERAL_OK | set("{}[]()^$.|*+?/")


class _Runs:
    """The literal runs of a pattern as it is read: those ended, and the one being read."""

    def __init__(self) -> None:
        self.done: list[str] = []
        self.cur: list[str] = []

    def end(self) -> None:
        if self.cur:
            self.done.append("".join(self.cur))
            self.cur.clear()

    def end_optional(self) -> None:
        """A quantifier follows: the character before it may be absent, so the run ends before it."""
        if self.cur:
            self.cur.pop()
        self.end()

    def escaped(self, ch: str, *, top_level: bool) -> None:
        """An escaped character: a literal when it escapes one (outside any group), else the run ends."""
        if top_level and ch in _ESCAPABLE and ch.lower() in _ESCAPED_LITERAL_OK:
            self.cur.append(ch.lower())
        else:
            self.end()

    def character(self, ch: str, depth: int) -> int:
        """Read one unescaped character (no class, repetition or top-level `|`): the depth after it."""
        if ch == "(":
            self.end()
            return depth + 1
        if ch == ")":
            self.end()
            return max(0, depth - 1)
        if ch == "|":  # an alternative inside a group: nothing outside it changes
            return depth
        if ch in "?*":
            self.end_optional()
        elif depth == 0 and ch.isascii() and ch.lower() in _LITERAL_OK:
            self.cur.append(ch.lower())
        else:  # + . ^ $ } a { that repeats nothing, or a character of a group
            self.end()
        return depth


def _class_end(pattern: str, i: int) -> int:
    """The index after the character class that opens at pattern[i] ("[")."""
    n = len(pattern)
    j = i + 1
    if j < n and pattern[j] == "^":
        j += 1
    if j < n and pattern[j] == "]":
        j += 1
    while j < n and pattern[j] != "]":
        j += 2 if pattern[j] == "\\" else 1
    return j + 1


def _codes(text: str) -> np.ndarray:
    codes: np.ndarray = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    return codes


def _trigrams(codes: np.ndarray) -> np.ndarray:
    trigrams: np.ndarray = (codes[:-2] << np.uint64(42)) | (codes[1:-1] << np.uint64(21)) | codes[2:]
    return trigrams


class TextColumn:
    """Documents (already folded, for substring search, and raw, for regex) with a trigram index."""

    def __init__(self, folded: list[str], raw: list[str] | None = None):
        self.folded = folded
        self.raw = raw if raw is not None else folded
        self.n = len(folded)
        self._build()

    def _build(self) -> None:
        # documents end with a NUL, and two more close the last: every character of every document
        # starts a trigram, NULs after the end included, so a needle of one or two characters is the
        # range of trigrams it begins (short()), and of three or more, the trigrams it holds
        joined = "\x00".join(self.folded) + "\x00\x00\x00"
        codes = _codes(joined)
        lengths = np.fromiter((len(d) + 1 for d in self.folded), dtype=np.int64, count=self.n)
        doc = np.repeat(np.arange(self.n, dtype=np.int32), lengths)
        self.padded = True
        if not self.n:
            self.keys = np.zeros(0, np.uint64)
            self.offsets = np.zeros(1, np.int64)
            self.postings = np.zeros(0, np.int32)
            return
        tri = _trigrams(codes)[: len(doc)]
        ok = codes[: len(doc)] != 0  # a trigram begins inside a document
        tri, tdoc = tri[ok], doc[ok]
        order = np.lexsort((tdoc, tri))
        tri, tdoc = tri[order], tdoc[order]
        keep = np.ones(len(tri), bool)
        keep[1:] = (tri[1:] != tri[:-1]) | (tdoc[1:] != tdoc[:-1])
        tri, tdoc = tri[keep], tdoc[keep]
        self.keys, starts = np.unique(tri, return_index=True)
        self.offsets = np.append(starts, len(tri)).astype(np.int64)
        self.postings = tdoc.astype(np.int32)

    def __getstate__(self) -> dict[str, Any]:
        return {k: getattr(self, k) for k in ("folded", "raw", "n", "keys", "offsets", "postings", "padded")}

    def __setstate__(self, state: dict[str, Any]) -> None:
        for k, v in state.items():
            setattr(self, k, v)

    def candidates(self, needle: str, within: np.ndarray | None = None) -> np.ndarray | None:
        """Documents holding every trigram of the needle (sorted ids), or None when it has none."""
        if len(needle) < 3:
            return None
        codes = np.unique(_trigrams(_codes(needle)))
        where = np.searchsorted(self.keys, codes)
        lists = []
        for code, i in zip(codes, where):
            if i >= len(self.keys) or self.keys[i] != code:
                return np.zeros(0, np.int32)
            lists.append(self.postings[self.offsets[i] : self.offsets[i + 1]])
        lists.sort(key=len)
        cand = lists[0]
        if within is not None:
            cand = cand[within[cand]]
        for other in lists[1:4]:  # the rarest trigrams narrow enough; the exact check does the rest
            if len(cand) < 32:
                break
            seen = np.zeros(self.n, bool)
            seen[other] = True
            cand = cand[seen[cand]]
        return cand

    def short(self, needle: str) -> np.ndarray | None:
        """The documents holding a needle of one or two characters, exactly: those of the trigrams it
        begins (a range of the sorted keys); None when the index cannot say (built before padding)."""
        if not getattr(self, "padded", False) or not 0 < len(needle) < 3:
            return None
        codes = _codes(needle)
        lo = codes[0] << np.uint64(42)
        span = np.uint64((1 << 42) - 1)
        if len(codes) == 2:
            lo |= codes[1] << np.uint64(21)
            span = np.uint64((1 << 21) - 1)
        first = int(np.searchsorted(self.keys, lo, side="left"))
        last = int(np.searchsorted(self.keys, lo | span, side="right"))
        out = np.zeros(self.n, bool)
        out[self.postings[self.offsets[first] : self.offsets[last]]] = True
        return out

    def contains(self, needle: str, within: np.ndarray | None = None) -> np.ndarray:
        """Boolean mask of the documents containing ``needle`` (already folded).

        ``within`` (a mask over the documents) is a hint: outside it the answer may be False.
        """
        exact = self.short(needle)
        if exact is not None:
            return exact
        out = np.zeros(self.n, bool)
        cand = self.candidates(needle, within)
        docs = self.folded
        if cand is None:
            if within is not None:
                cand = np.flatnonzero(within)
            else:
                out[:] = np.fromiter((needle in d for d in docs), bool, count=self.n)
                return out
        if len(cand):
            hits = [i for i in cand.tolist() if needle in docs[i]]
            out[hits] = True
        return out

    def equals(self, value: str) -> np.ndarray:
        cand = self.candidates(value)
        docs = self.folded
        out = np.zeros(self.n, bool)
        ids = range(self.n) if cand is None else cand.tolist()
        out[[i for i in ids if docs[i] == value]] = True
        return out

    def _bytes(self) -> list[bytes]:
        if not hasattr(self, "_raw_bytes"):
            self._raw_bytes = [d.encode("utf-8") for d in self.raw]
        return self._raw_bytes

    def regex(self, pattern: Regex, within: np.ndarray | None = None) -> np.ndarray:
        """Boolean mask of the raw documents where the compiled RE2 ``pattern`` finds a match.

        The documents (all, or the candidates that hold every literal the regex requires) are joined
        with newlines (as UTF-8) and scanned once, each match running on to the end of its line so a line
        matches at most once; a match inside one document is a match of that document, and the documents
        a match runs across are checked one by one with the pattern itself.
        """
        out = np.zeros(self.n, bool)
        raw = self.raw
        source = pattern.pattern.removeprefix("(?m)")
        if "\\A" in source or "\\z" in source:  # anchors that differ between one text and the joined texts
            out[[i for i in range(self.n) if pattern.search(raw[i])]] = True
            return out
        try:
            scan = compile_regex("(?:" + source + ")[^\n]*")
        except re2.error:  # pragma: no cover - the pattern compiled alone
            scan = pattern
        narrowed = self._holding(required_literals(_shorthands_as_literals(source), min_length=1))
        if within is not None:
            narrowed = np.flatnonzero(within) if narrowed is None else narrowed[within[narrowed]]
        if narrowed is not None and len(narrowed) < self.n // 2:
            ids = narrowed
            if not len(ids):
                return out
            joined, lengths, starts = self._joined_of(ids)
        else:
            ids = None
            joined, lengths, starts = self._joined_all()
        local = self._matched(pattern, scan, joined, lengths, starts, ids)
        if ids is not None and local:
            out[ids[np.asarray(local, dtype=np.int64)]] = True
        elif ids is None:
            out[local] = True
        return out

    def _holding(self, literals: list[str]) -> np.ndarray | None:
        """The documents that hold every literal (by the trigram index), or None when none narrows them."""
        narrowed = None
        for literal in literals:
            cand = self.candidates(literal)
            if cand is None:
                continue
            if narrowed is None:
                narrowed = cand
            else:
                seen = np.zeros(self.n, bool)
                seen[cand] = True
                narrowed = narrowed[seen[narrowed]]
        if narrowed is None:  # no run of three: the rarest of one or two characters (\spt's "/"), exactly
            masks = [m for m in (self.short(literal) for literal in literals if len(literal) < 3) if m is not None]
            if masks:
                narrowed = np.flatnonzero(min(masks, key=lambda m: int(m.sum())))
        return narrowed

    def _joined_of(self, ids: np.ndarray) -> tuple[bytes, np.ndarray, np.ndarray]:
        """These documents joined with newlines (as UTF-8), each one's length and where it starts."""
        encoded = self._bytes()
        docs = [encoded[i] for i in ids.tolist()]
        lengths = np.fromiter((len(d) for d in docs), dtype=np.int64, count=len(docs))
        starts = np.concatenate(([0], np.cumsum(lengths + 1)[:-1]))
        return b"\n".join(docs), lengths, starts

    def _joined_all(self) -> tuple[bytes, np.ndarray, np.ndarray]:
        """Every document joined, as _joined_of, kept once built."""
        if not hasattr(self, "_joined"):
            encoded = self._bytes()
            self._lengths = np.fromiter((len(d) for d in encoded), dtype=np.int64, count=self.n)
            self._starts = np.concatenate(([0], np.cumsum(self._lengths + 1)[:-1]))
            self._joined = b"\n".join(encoded)
        return self._joined, self._lengths, self._starts

    def _matched(
        self,
        pattern: Regex,
        scan: Regex,
        joined: bytes,
        lengths: np.ndarray,
        starts: np.ndarray,
        ids: np.ndarray | None,
    ) -> list[int]:
        """The joined documents (by position among them) `pattern` matches: those a match of `scan` falls
        inside, and of those a match runs across, the ones `pattern` matches alone."""
        spans = _spans(scan, joined)
        if not spans:
            return []
        arr = np.asarray(spans, dtype=np.int64)
        a = np.searchsorted(starts, arr[:, 0], "right") - 1
        inside = arr[:, 1] <= starts[a] + lengths[a]
        hits = set(a[inside].tolist())
        b = np.searchsorted(starts, np.maximum(arr[:, 1] - 1, arr[:, 0]), "right") - 1
        check: set[int] = set()
        for x, y in zip(a[~inside].tolist(), b[~inside].tolist()):
            check.update(range(x, y + 1))
        check -= hits
        raw = self.raw
        return list(hits) + [j for j in check if pattern.search(raw[j if ids is None else int(ids[j])])]


def _spans(pattern: Regex, data: bytes) -> list[tuple[int, int]]:
    """Byte spans of the successive matches of ``pattern`` in ``data``.

    Uses the RE2 binding's Match call directly when it is there (no match objects: about 10× faster
    on thousands of matches); otherwise the public finditer.
    """
    regexp = getattr(pattern, "_regexp", None)
    anchor = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
    if regexp is None or anchor is None:
        return [m.span() for m in pattern.finditer(data)]
    match = regexp.Match
    out = []
    pos, end = 0, len(data)
    while pos <= end:
        span = match(anchor, data, pos, end)[0]
        if span[0] < 0:
            break
        out.append(span)
        pos = span[1] + 1 if span[1] == span[0] else span[1]
    return out
