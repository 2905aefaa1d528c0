"""Card symbols (Scryfall's /symbology) and the SVG images of symbols and set icons, drawn from the
glyphs of the mana-font and keyrune fonts (both OFL) installed by npm: nothing is fetched elsewhere."""

from __future__ import annotations

import functools
import html
import re
from dataclasses import dataclass

from django.conf import settings

from tolaria.cards import COLORS, ManaSymbol

_GLYPH = re.compile(r"<glyph\b([^>]*)/?>")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
COLOR_NAMES = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green", "C": "colorless"}
FILL = {"W": "#f8f6d8", "U": "#c1d7e9", "B": "#bab1ab", "R": "#e49977", "G": "#a3c095", "C": "#ccc2c0"}
NUMBERS = [
    "zero",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
    "thirteen",
    "fourteen",
    "fifteen",
    "sixteen",
    "seventeen",
    "eighteen",
    "nineteen",
    "twenty",
]


@dataclass(frozen=True, slots=True)
class Glyph:
    path: str
    advance: float


@functools.cache
def font_glyphs(package: str, font: str) -> dict[str, Glyph]:
    """glyph name -> its outline, from an SVG font under node_modules (empty when npm has not run)."""
    path = settings.NODE_MODULES / package / "fonts" / font
    if not path.exists():
        return {}
    text = path.read_text(encoding="utf-8")
    font_width = re.search(r'<font\b[^>]*horiz-adv-x="([\d.]+)"', text)
    if font_width is None:
        raise ValueError(f"{path}: an SVG font without its horiz-adv-x")
    default = float(font_width.group(1))
    glyphs: dict[str, Glyph] = {}
    for match in _GLYPH.finditer(text):
        attrs = dict(_ATTR.findall(match.group(1)))
        if "glyph-name" not in attrs or not attrs.get("d"):
            continue
        glyph = Glyph(attrs["d"], float(attrs.get("horiz-adv-x", default)))
        for name in attrs["glyph-name"].split(","):
            glyphs.setdefault(name.strip().lower(), glyph)
    return glyphs


def _svg(body: str, width: float = 1024) -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} 1024">{body}</svg>'


def _placed(glyph: Glyph, x: float, y: float, scale: float, fill: str = "#000") -> str:
    # SVG fonts draw upward from the baseline (ascent 960 of 1024): flip into image space
    return (
        f'<path fill="{fill}" transform="translate({x:g} {y + 960 * scale:g}) scale({scale:g} {-scale:g})" '
        f'd="{html.escape(glyph.path)}"/>'
    )


def set_icon_svg(set_code: str, keyrune_code: str = "") -> str | None:
    glyphs = font_glyphs("keyrune", "keyrune.svg")
    glyph = glyphs.get((keyrune_code or "").lower()) or glyphs.get(set_code.lower())
    if glyph is None:
        return None
    return _svg(_placed(glyph, 0, 0, 1.0), glyph.advance)


def _mana_glyph(part: str) -> Glyph | None:
    glyphs = font_glyphs("mana-font", "mana.svg")
    names = {"T": "tap", "Q": "untap", "E": "e", "P": "p", "H": "p", "½": "half", "∞": "infinity", "TK": "ticket"}
    return glyphs.get(names.get(part, part.lower()))


def symbol_svg(symbol: str) -> str | None:
    """A round symbol as on the card: one glyph, or two halves for a hybrid symbol."""
    parts = [p for p in symbol.split("/") if p]
    colored = [p for p in parts if p in FILL]
    fill = FILL[colored[0]] if len(colored) == 1 else ("#ccc2c0" if not colored else "#e0d3a6")
    circle = f'<circle cx="512" cy="512" r="512" fill="{fill}"/>'
    drawn = [g for g in (_mana_glyph(p) for p in parts if p != "P" or len(parts) == 1) if g]
    if symbol.endswith("/P") and len(parts) == 2:
        drawn = [g for g in [_mana_glyph("P")] if g]
    if not drawn:
        return None
    if len(drawn) == 1:
        return _svg(circle + _placed(drawn[0], 512 - drawn[0].advance * 0.35, 155, 0.7))
    first, second = drawn[:2]
    return _svg(circle + _placed(first, 130, 90, 0.42) + _placed(second, 560, 500, 0.42))


# --- /symbology -----------------------------------------------------------------------------------

GENERIC = [str(n) for n in range(21)] + ["100", "1000000", "½", "∞"]
HYBRIDS = ["W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U"]
OTHERS = ["T", "Q", "E", "PW", "CHAOS", "A", "TK", "X", "Y", "Z", "S", "C", "P", "H"]


def _english(text: str) -> str:
    sym = ManaSymbol(text)
    parts = sym.parts
    if text in ("T", "Q", "E", "PW", "CHAOS", "A", "TK", "P", "H"):
        return {
            "T": "tap this permanent",
            "Q": "untap this permanent",
            "E": "an energy counter",
            "PW": "planeswalker",
            "CHAOS": "chaos",
            "A": "an acorn counter",
            "TK": "a ticket counter",
            "P": "one mana of any color or two life",
            "H": "one generic mana or two life",
        }[text]
    if text in ("X", "Y", "Z"):
        return f"{text} generic mana"
    if sym.is_generic:
        n = {"½": "one-half", "∞": "infinite", "100": "one hundred", "1000000": "one million"}.get(text)
        return f"{n or NUMBERS[int(text)]} generic mana"
    if text == "S":
        return "one snow mana"
    if text.startswith("H") and len(text) == 2:
        return f"one-half {COLOR_NAMES[text[1]]} mana"
    if len(parts) == 1:
        return f"one {COLOR_NAMES[text]} mana"
    life = " or two life" if sym.is_phyrexian else ""
    colors = [p for p in parts if p != "P"]
    if colors[0] == "2":
        return f"two generic mana or one {COLOR_NAMES[colors[1]]} mana"
    return "one " + " or ".join(COLOR_NAMES[c] for c in colors) + " mana" + life


def symbol_texts() -> list[str]:
    texts = list(GENERIC) + ["W", "U", "B", "R", "G"] + OTHERS + HYBRIDS
    texts += [f"2/{c}" for c in "WUBRG"] + [f"C/{c}" for c in "WUBRG"] + [f"{c}/P" for c in "WUBRG"]
    texts += [f"{h}/P" for h in HYBRIDS] + [f"H{c}" for c in "WUBRG"]
    return texts


def symbol_object(text: str, svg_uri: str) -> dict:
    sym = ManaSymbol(text)
    mana = text not in ("T", "Q", "E", "PW", "CHAOS", "A", "TK")
    value = sym.mana_value if mana else None
    funny = text in ("½", "∞", "100", "1000000", "CHAOS", "A", "TK") or (text.startswith("H") and len(text) == 2)
    return {
        "object": "card_symbol",
        "symbol": "{" + text + "}",
        "svg_uri": svg_uri,
        "loose_variant": text
        if sym.is_generic or text in ("X", "Y", "Z") or len(text) == 1 and text in COLORS
        else None,
        "english": _english(text),
        "transposable": False,
        "represents_mana": mana,
        "appears_in_mana_costs": mana,
        "mana_value": None if value == float("inf") else value,
        "hybrid": sym.is_hybrid,
        "phyrexian": sym.is_phyrexian,
        "cmc": None if value == float("inf") else value,
        "funny": funny,
        "colors": list(sym.colors) if text not in ("P", "H") else [],
        "gatherer_alternates": None,
    }
