"""Words in Black Flag!'s SVG pictures, laid out as matplotlib lays out text.

:func:`write` writes text (lines split by newlines) aligned on a point the way matplotlib
aligns it (``ha`` left, center or right; ``va`` top, center or bottom), in a rounded box if
asked, from :mod:`~piratelib.draw.blackflag.style`'s sizes; :func:`measure` and
:func:`place` give the extent it takes, so that marks beyond it (the card tags) can be
placed. They know the widths of matplotlib's font, DejaVu Sans (:data:`FONT`), letter by
letter, so an SVG box fits its words as a matplotlib box does. Nothing here imports
matplotlib.

Examples
--------
>>> measure(["Andrew", "Range 1"])  # in pixels: 13.75 px text, lines 1.15 apart
(56.9..., 31.6...)
>>> print(write((100, 20), "Andrew", "center", "top", "#000", "label:Andrew"))
<g data-gid='label:Andrew'><text x='100' y='32.5' font-size='13.8' fill='#000' \
text-anchor='middle'>Andrew</text></g>
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from piratelib.draw import svg
from piratelib.draw.blackflag import style
from piratelib.errors import PiratelibError

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = ["FONT", "Box"]

FONT = "DejaVu Sans, Bitstream Vera Sans, Verdana, sans-serif"
"""The pictures' font: matplotlib's, whose letters' widths this module knows."""


class Box(NamedTuple):
    """A text's extent in pixels: its top left corner and its size."""

    x: float
    y: float
    width: float
    height: float


def write(
    where: tuple[float, float],
    words: str,
    ha: str,
    va: str,
    fill: str,
    gid: str,
    *,
    size: float = style.TEXT_SIZE,
    bold: bool = False,
    lines_ha: str | None = None,
    box: tuple[str, str | None] | None = None,
    pad: float = style.LABEL.pad,
    edge_width: float = style.PX,
    dashes: str | None = None,
) -> str:
    """Return `words` (lines split by newlines) `size` points high as a group of SVG texts
    whose ``data-gid`` is `gid`, aligned on `where` as matplotlib aligns text.

    `ha` (left, center or right) and `va` (top, center or bottom) say which edge of the
    words sits on `where`; `lines_ha` (default `ha`) lines the lines up. With `box` (a face,
    and an edge or None for none), the words sit in a rounded box `pad` text sizes round
    them, its edge `edge_width` pixels wide and dashed by `dashes`.

    Raises
    ------
    PiratelibError
        For an alignment other than those above, or no words.

    Examples
    --------
    >>> shown = write((0, 0), "Hourglass", "right", "bottom", "#000", "h", box=("#fff", "#000"))
    >>> shown[:66]  # the words end at x = 0, their bottom at y = 0; the box pads them
    "<g data-gid='h'><rect x='-71' y='-18.6' width='73.7' height='21.3'"
    >>> write((0, 0), "x", "top", "top", "#000", "x")
    Traceback (most recent call last):
    ...
    piratelib.errors.PiratelibError: ha must be left, center or right, got 'top'
    """
    lines = words.split("\n")
    text = place(where, measure(lines, size=size, bold=bold), ha, va)
    lines_ha = lines_ha or ha
    _check_align(lines_ha, "center")
    anchor = {"left": None, "right": "end"}.get(lines_ha, "middle")
    x = {"left": text.x, "right": text.x + text.width}.get(lines_ha, text.x + text.width / 2)
    size *= style.PX
    parts = []
    if box is not None:
        face, edge = box
        space = pad * size
        parts.append(
            svg.rect(
                text.x - space,
                text.y - space,
                text.width + 2 * space,
                text.height + 2 * space,
                rx=space,
                fill=face,
                stroke=edge or "none",
                stroke_width=edge_width if edge else None,
                stroke_dasharray=dashes if edge else None,
            )
        )
    pitch = style.LINE_SPACING * size
    for i, line in enumerate(lines):
        parts.append(
            svg.text(
                x,
                text.y + (i + 1) * pitch - _DESCENT * size,
                line,
                size=size,
                fill=fill,
                anchor=anchor,
                font_weight="bold" if bold else None,
            )
        )
    return svg.group(parts, data_gid=gid)


def place(where: tuple[float, float], extent: tuple[float, float], ha: str, va: str) -> Box:
    """Return the box of a text `extent` (width, height) aligned on `where` by `ha` and `va`.

    Examples
    --------
    >>> place((100, 50), (40, 20), "left", "bottom")
    Box(x=100, y=30, width=40, height=20)
    """
    _check_align(ha, va)
    (x, y), (width, height) = where, extent
    left = {"left": x, "right": x - width}.get(ha, x - width / 2)
    top = {"top": y, "bottom": y - height}.get(va, y - height / 2)
    return Box(left, top, width, height)


def measure(
    lines: Sequence[str], *, size: float = style.TEXT_SIZE, bold: bool = False
) -> tuple[float, float]:
    """Return the width and height in pixels of `lines` of DejaVu Sans text `size` points high.

    Examples
    --------
    >>> measure(["Sails"], bold=True), measure(["Sails"], size=22)
    ((36.7..., 15.8...), (63.8, 31.6...))
    >>> measure([])
    Traceback (most recent call last):
    ...
    piratelib.errors.PiratelibError: lines must hold at least one line of text, got []
    """
    if not lines or not all(isinstance(line, str) for line in lines):
        raise PiratelibError(f"lines must hold at least one line of text, got {lines!r:.80}")
    widths = _BOLD if bold else _REGULAR
    longest = max(
        sum(widths[ord(c) - 32] if 32 <= ord(c) < 127 else _OTHER for c in line) for line in lines
    )
    size *= style.PX
    return longest * size / 100, len(lines) * style.LINE_SPACING * size


def _check_align(ha: str, va: str) -> None:
    """Refuse an alignment matplotlib does not know."""
    if ha not in ("left", "center", "right"):
        raise PiratelibError(f"ha must be left, center or right, got {ha!r}")
    if va not in ("top", "center", "bottom"):
        raise PiratelibError(f"va must be top, center or bottom, got {va!r}")


_DESCENT = 0.24
"""DejaVu Sans' reach below the baseline, in text sizes."""
# fmt: off
_REGULAR = (
    32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86,
    75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63,
    62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64,
    34, 64, 84,
)
# fmt: on
"""DejaVu Sans' widths of the letters from " " to "~", in hundredths of the text size."""
# fmt: off
_BOLD = (
    35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70,
    70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64,
    100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72,
    59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65,
    58, 71, 37, 71, 84,
)
# fmt: on
"""The same for DejaVu Sans Bold."""
_OTHER = 90
"""The width of any other letter (an arrow, a dash, a triangle), at most."""
