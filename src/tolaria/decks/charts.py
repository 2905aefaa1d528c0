"""Deck statistics drawn as small SVG pictures on the server (readable without JavaScript).

Each function returns a complete `<svg>` element as text with a <title> and per-bar <title>s, plus
visible labels, so screen readers and text browsers get the numbers too. No Django here.
"""

from __future__ import annotations

from html import escape

from ._stats import Stats

COLOR_FILL = {"W": "#f3eccb", "U": "#4a90d9", "B": "#4b4453", "R": "#d9534f", "G": "#3c9a5f", "C": "#a7a7a7"}
COLOR_NAME = {"W": "White", "U": "Blue", "B": "Black", "R": "Red", "G": "Green", "C": "Colorless"}
TYPE_FILL = "#6b7fa8"


def _svg(width: int, height: int, title: str, body: list[str], css_class: str) -> str:
    return (
        f'<svg class="chart {css_class}" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
        f'width="{width}" height="{height}" role="img" aria-label="{escape(title)}">'
        f"<title>{escape(title)}</title>" + "".join(body) + "</svg>"
    )


def bar_chart(
    values: list[tuple[str, int]],
    title: str,
    *,
    css_class: str,
    fills: list[str] | None = None,
    width: int = 300,
    height: int = 160,
) -> str:
    top, bottom, left = 18, 22, 8
    n = max(len(values), 1)
    slot = (width - 2 * left) / n
    bar_w = slot * 0.7
    peak = max((v for _, v in values), default=0) or 1
    scale = (height - top - bottom) / peak
    body = [
        f'<line x1="{left}" y1="{height - bottom}" x2="{width - left}" y2="{height - bottom}" stroke="#888" stroke-width="1"/>'
    ]
    for i, (label, value) in enumerate(values):
        x = left + i * slot + (slot - bar_w) / 2
        h = value * scale
        y = height - bottom - h
        fill = fills[i] if fills else TYPE_FILL
        body.append(
            f'<g class="bar"><title>{escape(label)}: {value}</title>'
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}" fill="{fill}" stroke="#333" stroke-width="0.5"/>'
            f'<text x="{x + bar_w / 2:.1f}" y="{y - 4:.1f}" text-anchor="middle" font-size="11">{value}</text>'
            f'<text x="{x + bar_w / 2:.1f}" y="{height - 6}" text-anchor="middle" font-size="11">{escape(label)}</text></g>'
        )
    return _svg(width, height, title, body, css_class)


def mana_curve(stats: Stats) -> str:
    values = [(str(mv) if mv < 7 else "7+", stats.curve.get(mv, 0)) for mv in range(8)]
    summary = ", ".join(f"{label}: {v}" for label, v in values)
    return bar_chart(values, f"Mana curve of the nonland cards ({summary})", css_class="mana-curve")


def color_balance(stats: Stats, width: int = 300, height: int = 180) -> str:
    """Two bars per color: share of colored pips in costs vs share of mana sources producing it."""
    colors = [c for c in "WUBRG" if stats.pips.get(c) or stats.produced.get(c)]
    if stats.produced.get("C"):
        colors.append("C")
    pip_total = sum(stats.pips.values()) or 1
    src_total = sum(stats.produced.get(c, 0) for c in "WUBRGC") or 1
    top, bottom, left = 20, 34, 8
    n = max(len(colors), 1)
    slot = (width - 2 * left) / n
    bar_w = slot * 0.34
    usable = height - top - bottom
    body = [f'<line x1="{left}" y1="{height - bottom}" x2="{width - left}" y2="{height - bottom}" stroke="#888"/>']
    parts = []
    for i, c in enumerate(colors):
        pips, sources = stats.pips.get(c, 0), stats.produced.get(c, 0)
        pip_share, src_share = pips / pip_total, sources / src_total
        parts.append(f"{COLOR_NAME[c]}: {pips} pips ({pip_share:.0%}), {sources} sources ({src_share:.0%})")
        x0 = left + i * slot + slot * 0.12
        for j, (share, count, kind, opacity) in enumerate(
            ((pip_share, pips, "pips", "1"), (src_share, sources, "sources", "0.55"))
        ):
            h = share * usable
            x = x0 + j * (bar_w + 2)
            y = height - bottom - h
            body.append(
                f'<g class="bar {kind}"><title>{COLOR_NAME[c]} {kind}: {count} ({share:.0%})</title>'
                f'<rect x="{x:.1f}" y="{y:.1f}" width="{bar_w:.1f}" height="{h:.1f}" fill="{COLOR_FILL[c]}" '
                f'fill-opacity="{opacity}" stroke="#333" stroke-width="0.5"/>'
                f'<text x="{x + bar_w / 2:.1f}" y="{y - 3:.1f}" text-anchor="middle" font-size="10">{count}</text></g>'
            )
        body.append(
            f'<text x="{x0 + bar_w:.1f}" y="{height - bottom + 14}" text-anchor="middle" font-size="10">{COLOR_NAME[c]}</text>'
        )
    body.append(
        f'<text x="{left}" y="{height - 4}" font-size="10">Left: symbols in costs · right (light): sources</text>'
    )
    if not colors:
        body.append(
            f'<text x="{width / 2}" y="{height / 2}" text-anchor="middle" font-size="12">No colored mana symbols or sources yet.</text>'
        )
    title = "Color symbols in costs versus mana produced" + (f" ({'; '.join(parts)})" if parts else "")
    return _svg(width, height, title, body, "color-balance")


def row_chart(values: list[tuple[str, int]], title: str, *, css_class: str, width: int = 300, row: int = 20) -> str:
    """A bar per row, its label on the left and its count after it: six card types under bars side by side
    ran their labels together ("CreaturePlaneswalkerInstant") at the width of the deck page's side column."""
    label_w, left, right = 96, 4, 30
    peak = max((v for _, v in values), default=0) or 1
    scale = (width - label_w - left - right) / peak
    height = max(len(values), 1) * row + 4
    body = []
    for i, (label, value) in enumerate(values):
        y = 2 + i * row
        w = value * scale
        body.append(
            f'<g class="bar"><title>{escape(label)}: {value}</title>'
            f'<text x="{left}" y="{y + row * 0.68:.1f}" font-size="12">{escape(label)}</text>'
            f'<rect x="{label_w}" y="{y + 3}" width="{w:.1f}" height="{row - 6}" fill="{TYPE_FILL}" stroke="#333" stroke-width="0.5"/>'
            f'<text x="{label_w + w + 4:.1f}" y="{y + row * 0.68:.1f}" font-size="12">{value}</text></g>'
        )
    return _svg(width, height, title, body, css_class)


def type_breakdown(stats: Stats) -> str:
    values = [(t, n) for t, n in stats.types.items()]
    summary = ", ".join(f"{t}: {n}" for t, n in values) or "no cards"
    return row_chart(values or [("—", 0)], f"Card types ({summary})", css_class="type-breakdown")
