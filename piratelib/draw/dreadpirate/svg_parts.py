"""Pieces Dread Pirate's SVG pictures share: text widths, fill patterns and a legend.

Written with :mod:`piratelib.draw.svg`, without matplotlib: :func:`text_width` estimates
how wide a line of text is drawn (to keep names and legend entries apart without a font
renderer), :func:`patterns` defines the hatched, striped, dotted and cross-hatched fills
(:data:`~piratelib.draw.dreadpirate.style.SERIES`) and :func:`legend` lays out keys and
their words in centred rows.

Examples
--------
>>> text_width("Port Diablo", 13) > text_width("Port", 13) > 0
True
>>> shown, height = legend([("<rect/>", "water"), ("<rect/>", "land")], 300, 12)
>>> height, shown.count("<text")
(22.0, 2)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from piratelib.draw.dreadpirate import style
from piratelib.draw.svg import element, group, line, rect, text

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = ["KEY"]

KEY = (18, 14)
"""The width and height in pixels of a legend's key (the little picture before its words)."""

_EM = {
    **dict.fromkeys("ijlIJ'|", 0.29),
    **dict.fromkeys(" .,:;!", 0.34),
    **dict.fromkeys("ft()/[]-", 0.4),
    **dict.fromkeys("r", 0.43),
    **dict.fromkeys("csz?", 0.56),
    **dict.fromkeys("kvxyFLT", 0.6),
    **dict.fromkeys("ABCRVXKPEZ", 0.7),
    **dict.fromkeys("DGHNOQU&", 0.79),
    **dict.fromkeys("mM%", 0.98),
    **dict.fromkeys("wW@", 1.0),
}
"""Advance widths in em of DejaVu Sans (the widest common sans-serif), rounded up; any
other character is 0.64 em."""
_BOLD = 1.1
_PATTERN_ID = "piratelib-dp-"
_ROW = style.LEGEND_ROW * style.PX_PER_INCH


def text_width(words: str, size: float, *, bold: bool = False) -> float:
    """How wide `words` are drawn at `size` pixels, in pixels: a generous estimate.

    Examples
    --------
    >>> round(text_width("Skull Rock", 12)), round(text_width("Skull Rock", 12, bold=True))
    (64, 70)
    """
    width = sum(_EM.get(ch, 0.64) for ch in words) * size
    return width * _BOLD if bold else width


@functools.lru_cache(maxsize=8)
def patterns(colour: str = "#1a1a1a") -> str:
    """The SVG definitions of the fill patterns, each drawn in `colour` over a fill.

    ``fill(name)`` fills a shape with the pattern `name` (one of the pattern names of
    :data:`~piratelib.draw.dreadpirate.style.SERIES` but ``"plain"``, or ``"hatched"``, the
    sea chart's changed squares in :data:`~piratelib.draw.dreadpirate.style.CHANGED`).

    Examples
    --------
    >>> shown = patterns()
    >>> shown.count("<pattern"), "id='piratelib-dp-striped'" in shown
    (4, True)
    """
    lines = {"stroke": colour, "stroke_width": 1.3}
    defs = [
        _pattern("hatched", 6, line(0, 0, 0, 6, stroke=style.CHANGED, stroke_width=1.6), 45),
        _pattern("striped", 6, line(0, 0, 0, 6, **lines), 45),
        _pattern("dotted", 5, element("circle", cx=2.5, cy=2.5, r=1.1, fill=colour)),
        _pattern("cross-hatched", 6, line(0, 0, 0, 6, **lines) + line(0, 0, 6, 0, **lines), 45),
    ]
    return element("defs", "".join(defs))


def fill(name: str) -> str:
    """The SVG fill of the pattern `name` (from :func:`patterns`).

    Examples
    --------
    >>> fill("striped")
    'url(#piratelib-dp-striped)'
    """
    return f"url(#{_PATTERN_ID}{name})"


def legend(
    entries: Sequence[tuple[str, str]], width: float, size: float, *, top: float = 0
) -> tuple[str, float]:
    """Lay out legend entries in centred rows across `width` pixels, from `top` down.

    Each entry is ``(key, words)``: its key, SVG drawn in a :data:`KEY` box at the origin,
    and its words at `size` pixels. Returns the legend's SVG and its height.
    """
    rows: list[list[tuple[str, str, float]]] = [[]]
    used = 0.0
    for key, words in entries:
        wide = KEY[0] + 6 + text_width(words, size)
        if rows[-1] and used + wide > width - 16:
            rows.append([])
            used = 0.0
        rows[-1].append((key, words, wide))
        used += wide + 16
    parts = []
    for k, row in enumerate(rows):
        x = (width - (sum(w for _, _, w in row) + 16 * (len(row) - 1))) / 2
        y = top + k * _ROW
        for key, words, wide in row:
            parts.append(
                group([key], transform=f"translate({x:.1f},{y + (_ROW - KEY[1]) / 2:.1f})")
                + text(x + KEY[0] + 6, y + _ROW / 2 + 0.36 * size, words, size=size)
            )
            x += wide + 16
    return group(parts, class_="legend"), len(rows) * _ROW if entries else 0.0


def swatch(colour: str, pattern: str, *, edge: str = "#1a1a1a") -> str:
    """A legend key: a box of `colour`, filled with the pattern named `pattern` unless it
    is ``"plain"``."""
    box = rect(0, 0, KEY[0], KEY[1], fill=colour, stroke=edge, stroke_width=0.8)
    if pattern != "plain":
        box += rect(0, 0, KEY[0], KEY[1], fill=fill(pattern), stroke="none")
    return box


def _pattern(name: str, side: float, drawn: str, turn: float = 0) -> str:
    """One tiling pattern, `side` pixels square, turned `turn` degrees."""
    return element(
        "pattern",
        drawn,
        id=_PATTERN_ID + name,
        width=side,
        height=side,
        patternUnits="userSpaceOnUse",
        patternTransform=f"rotate({turn:g})" if turn else None,
    )
