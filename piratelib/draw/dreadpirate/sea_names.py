"""Where the SVG sea chart writes each place's name: beside its mark, clear of the rest.

:func:`free_spot` tries spots in rings around a mark, nearest first, and takes the first
whose box stays inside the grid, covers no box already taken (names, places, ships) and,
set a ring out, has a line back to its mark that crosses no other mark: the way
:func:`piratelib.draw._layout.place_names` places the matplotlib chart's names, with
boxes in pixels measured by :func:`~piratelib.draw.dreadpirate.svg_parts.text_width`
instead of a font renderer. No matplotlib is needed.

Examples
--------
>>> grid = (0.0, 0.0, 380.0, 380.0)
>>> free_spot(19, 19, 80, 20, 38, grid, [around(19, 19, 12)], [])
((40.0, 9.0, 120.0, 29.0), False)
"""

from __future__ import annotations

from collections.abc import Sequence

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = ["Box"]

Box = tuple[float, float, float, float]
"""A box in pixels: left, top, right, bottom."""
_REACHES = (0.5, 1.0, 1.5, 2.5)
"""How far from its mark a name may sit, in squares, nearest first."""


def free_spot(
    x: float,
    y: float,
    w: float,
    h: float,
    cell: float,
    grid: Box,
    boxes: Sequence[Box],
    others: Sequence[Box],
) -> tuple[Box, bool]:
    """The first free box `w` by `h` around the mark at (x, y) on squares `cell` wide, and
    whether it is far (a ring out, so it needs a line back to the mark).

    The box keeps inside `grid` and clear of `boxes`; a far one's line to the mark crosses
    none of `others` (the marks of other squares). Where no spot is free, the name goes
    just right of the mark anyway.

    Examples
    --------
    A name at the grid's right edge goes left of its mark:

    >>> free_spot(361, 19, 80, 20, 38, (0.0, 0.0, 380.0, 380.0), [], [])
    ((260.0, 9.0, 340.0, 29.0), False)
    """
    for ring, reach in enumerate(_REACHES):
        gap, side = reach * cell + 2, 0.3 * cell
        for dx, dy, ax, ay, slide in _directions(gap, side):
            box = _slid(x + dx, y + dy, w, h, ax, ay, slide, grid)
            if not _inside(box, grid) or any(overlap(box, other) for other in boxes):
                continue
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if ring and any(_crosses((x, y), centre, other) for other in others):
                continue
            return box, ring > 0
    return _slid(x + 0.5 * cell + 2, y, w, h, 0, 0.5, "y", grid), False


def around(x: float, y: float, half: float) -> Box:
    """The square box `half` each way from (x, y).

    Examples
    --------
    >>> around(10, 20, 5)
    (5, 15, 15, 25)
    """
    return (x - half, y - half, x + half, y + half)


def overlap(a: Box, b: Box) -> bool:
    """Whether boxes `a` and `b` overlap (touching is not overlapping).

    Examples
    --------
    >>> overlap((0, 0, 10, 10), (5, 5, 15, 15)), overlap((0, 0, 10, 10), (10, 0, 20, 10))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _directions(gap: float, side: float) -> list[tuple[float, float, float, float, str]]:
    """Spots around a mark, nearest first: the offset, which share of the name's box (0
    left or top, 0.5 middle, 1 right or bottom) sits at it, and the way the box may slide
    to stay in the grid (``"x"`` above or below the mark, ``"y"`` beside it)."""
    return [
        (gap, 0, 0, 0.5, "y"),
        (-gap, 0, 1, 0.5, "y"),
        (0, -gap, 0.5, 1, "x"),
        (0, gap, 0.5, 0, "x"),
        (-side, -gap, 0, 1, "x"),
        (side, -gap, 1, 1, "x"),
        (-side, gap, 0, 0, "x"),
        (side, gap, 1, 0, "x"),
        (gap, -gap, 0, 1, ""),
        (gap, gap, 0, 0, ""),
        (-gap, -gap, 1, 1, ""),
        (-gap, gap, 1, 0, ""),
    ]


def _slid(
    x: float, y: float, w: float, h: float, ax: float, ay: float, slide: str, grid: Box
) -> Box:
    """The box `w` by `h` with its point (`ax`, `ay`) at (x, y), slid into the grid the
    way `slide` allows."""
    x0, y0 = x - ax * w, y - ay * h
    if slide == "x":
        x0 = min(max(x0, grid[0]), grid[2] - w)
    elif slide == "y":
        y0 = min(max(y0, grid[1]), grid[3] - h)
    return (x0, y0, x0 + w, y0 + h)


def _inside(box: Box, grid: Box) -> bool:
    return grid[0] <= box[0] and grid[1] <= box[1] and box[2] <= grid[2] and box[3] <= grid[3]


def _crosses(start: tuple[float, float], end: tuple[float, float], box: Box) -> bool:
    """Whether the segment from `start` to `end` passes through `box` (Liang and Barsky)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    low, high = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            low = max(low, t)
        else:
            high = min(high, t)
        if low > high:
            return False
    return True
