"""Dread Pirate's picture style: the colours, shapes, sizes and words every drawing shares.

Both drawings of each picture read from here: the matplotlib ones
(:mod:`~piratelib.draw.dreadpirate.sea`, :mod:`~piratelib.draw.dreadpirate.odds`) and the
SVG ones for the apps (:mod:`~piratelib.draw.dreadpirate.sea_svg`,
:mod:`~piratelib.draw.dreadpirate.odds_svg`). Nothing here needs matplotlib.

Sizes on the sea are fractions of a square's width (:func:`cell_inches`); text sizes are in
points at the chart's scale, and :data:`PX_PER_INCH` turns both into SVG pixels. Shapes
(a Ship, a City's anchor) are outlines in marker units, ``x`` right and ``y`` up from the
mark's centre, within -1 to 1.

Examples
--------
>>> cell_inches(20, 13) * PX_PER_INCH  # a square of the packaged sea in the app, in pixels
37.9...
>>> SERIES[1]
('#E69F00', '//', 'striped')
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from typing import NamedTuple

from piratelib.draw._shapes import SHIP_OUTLINE

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = [
    "ANCHOR",
    "BANDS",
    "CHANGED",
    "CHANGED_HALF",
    "CITY",
    "CITY_NAME_PT",
    "CITY_SIZE",
    "FRAME",
    "GRID",
    "HIGHLIGHT",
    "HIGHLIGHT_ALPHA",
    "LAND",
    "LAND_EDGE",
    "LEGEND_PT",
    "LEGEND_ROW",
    "MAX_CELL",
    "MAX_HEIGHT",
    "MAX_WIDTH",
    "MIN_WIDTH",
    "MISSION",
    "MISSION_NAME_PT",
    "MISSION_SIZE",
    "NUMBERS",
    "OUTLINE",
    "PATH",
    "PATH_WIDTH",
    "PAYS",
    "PLACE_CORNER",
    "PLACE_SHRINK",
    "PX_PER_INCH",
    "SERIES",
    "SHIP",
    "SHIP_COLOURS",
    "SHIP_ON_PLACE",
    "SHIP_SHIFT",
    "SHIP_SIZE",
    "SIDE",
    "TAG_RISE",
    "TAG_SIZE",
    "TARGET",
    "TARGET_RADIUS",
    "TITLE_PT",
    "TOP",
    "TOTALS_TOP",
    "UNDER_NUMBERS",
    "WATER",
    "WORDS",
    "Anchor",
    "ship_tags",
]

# --- the sea's colours
WATER = "#cfe6f5"
LAND = "#a4b46e"
LAND_EDGE = "#6b7d3c"
GRID = "#8fb3cc"
HIGHLIGHT = "#ffcc26"
"""Gold, laid over water at :data:`HIGHLIGHT_ALPHA` (e.g. the squares a roll reaches)."""
HIGHLIGHT_ALPHA = 0.55
CHANGED = "#c2185b"
"""The outline and hatching of a changed square (e.g. two diagonal rules disagree on it)."""
TARGET = "#d50000"
PATH = "#4a148c"
CITY = "#1a237e"
MISSION = "#6d4c41"
NUMBERS = "#455a64"
"""Row and column numbers: dark slate grey, 7:1 on white."""
FRAME = "#607d8b"
OUTLINE = "#212121"
"""A Ship's outline and the edge of the tag on its sail."""
SHIP_COLOURS = ("#d32f2f", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#ef6c00")
"""One colour per ship, in the order the ships are given."""
BANDS = {"red": "#d32f2f", "brown": "#6d4c41", "blue": "#1565c0", "green": "#2e7d32"}
"""How a Ship's band colour (as the game names it) is drawn; other colours are used as given."""

# --- the sea's sizes
MAX_WIDTH = 9.0
"""The widest the grid may be drawn, in inches; the 20-column sea fills about this."""
MAX_HEIGHT = 5.6
"""The tallest the grid may be drawn, in inches."""
MAX_CELL = 0.8
"""The largest square, in inches, so a tiny sea is not drawn huge."""
SIDE = 0.42
"""Margin left and right of the grid for the row numbers, in inches."""
TOP = 0.75
"""Margin above the grid for the title and the column numbers, in inches."""
UNDER_NUMBERS = 0.3
"""Margin under the grid for the column numbers, in inches."""
LEGEND_ROW = 0.25
"""Height of one row of the legend, in inches."""
MIN_WIDTH = 3.2
"""The narrowest picture, in inches, so the title and legend fit around a tiny sea."""
PX_PER_INCH = 88
"""SVG pixels per inch of the matplotlib chart: the app's sea is about 820 pixels wide."""
CITY_SIZE = 0.62
"""A City's anchor, as a share of a square."""
MISSION_SIZE = 0.36
"""A Mission place's diamond, as a share of a square."""
PLACE_SHRINK = 0.6
"""Under a ship, a place's mark is drawn this much smaller ..."""
PLACE_CORNER = 0.27
"""... and this far (in squares) up and left, in the square's top left corner."""
SHIP_SIZE = 0.72
"""A ship on open water, as a share of a square."""
SHIP_ON_PLACE = 0.62
"""A ship on a place, as a share of a square ..."""
SHIP_SHIFT = 0.1
"""... sailing this far (in squares) down and right of the centre, off the place's mark."""
TAG_SIZE = 0.36
"""The tag on a ship's sail, as a share of the ship's width (at least 12 px in an app)."""
TAG_RISE = 0.16
"""How far above the ship's centre the tag sits, as a share of the ship's width."""
TARGET_RADIUS = 0.46
"""The target's ring, in squares."""
CHANGED_HALF = 0.44
"""Half the side of a changed square's outline, in squares (inside its grid lines)."""
PATH_WIDTH = 2.5
"""The path's line, in points."""
TITLE_PT = 13
CITY_NAME_PT = 10.5
"""Cities' names (bold), in points; Mission places' names are :data:`MISSION_NAME_PT`."""
MISSION_NAME_PT = 10
LEGEND_PT = 10

# --- shapes, in marker units (x right, y up)
Point = tuple[float, float]
SHIP = SHIP_OUTLINE
"""A Ship's outline: a hull under a square sail, with a pennant (the same Ship as Black
Flag!'s, :data:`piratelib.draw._shapes.SHIP_OUTLINE`)."""


class Anchor(NamedTuple):
    """A City's anchor, drawn as lines, in marker units."""

    ring: tuple[Point, float]
    """The ring at the top: its centre and radius."""
    stock: tuple[Point, Point]
    """The bar across, from end to end."""
    shank: tuple[Point, Point]
    """The upright, from end to end."""
    arms: tuple[Point, float, float, float]
    """The curved arms: the centre and radius of their arc, from and to degrees."""
    flukes: tuple[tuple[Point, ...], ...]
    """The two hooks at the arms' ends, each a line."""


ANCHOR = Anchor(
    ring=((0.0, 0.78), 0.17),
    stock=((-0.42, 0.42), (0.42, 0.42)),
    shank=((0.0, 0.61), (0.0, -0.9)),
    arms=((0.0, -0.1), 0.8, 200, 340),
    flukes=(
        ((-0.9, -0.1), (-0.75, -0.37), (-0.5, -0.2)),
        ((0.9, -0.1), (0.75, -0.37), (0.5, -0.2)),
    ),
)
"""A City's anchor: ring, stock, shank, curved arms and flukes."""

# --- words and bar charts
WORDS = {
    "water": "water",
    "land": "land",
    "city": "City",
    "mission": "Mission place",
    "target": "target",
    "path": "path",
}
"""What the legend calls each kind of thing the sea chart draws."""
SERIES = (
    ("#0072B2", "", "plain"),
    ("#E69F00", "//", "striped"),
    ("#56B4E9", "..", "dotted"),
    ("#CC79A7", "xx", "cross-hatched"),
)
"""Each series of a bar chart in turn: its colour (Okabe and Ito's colour-blind-safe blue,
orange, sky blue and purple), its matplotlib hatch and its pattern's name, so the series
read apart without colour."""
PAYS = Fraction(1, 3)
"""Attacking pays in treasure above this chance: 2 items won against 1 lost."""
TOTALS_TOP = 0.25
"""The top of the battle totals' chance axis: two dice total 7 at most 1 time in 6."""


def cell_inches(columns: int, rows: int) -> float:
    """The side of one square, in inches, for a sea `columns` wide and `rows` high.

    The grid fits in :data:`MAX_WIDTH` by :data:`MAX_HEIGHT` inches, with squares at most
    :data:`MAX_CELL` wide.

    Examples
    --------
    >>> round(cell_inches(20, 13), 3), cell_inches(2, 2)
    (0.431, 0.8)
    """
    return min(MAX_WIDTH / columns, MAX_HEIGHT / rows, MAX_CELL)


def ship_tags(ships: Iterable[str]) -> dict[str, str]:
    """The tag written on each ship's sail: its initial, or 1, 2, ... if initials repeat.

    Examples
    --------
    >>> ship_tags(["You", "Sea Wolf", "Black Gull"])
    {'You': 'Y', 'Sea Wolf': 'S', 'Black Gull': 'B'}
    >>> ship_tags(["Ann", "Alice"])
    {'Ann': '1', 'Alice': '2'}
    """
    names = list(ships)
    initials = [name[:1].upper() or "?" for name in names]
    if len(set(initials)) < len(initials):
        initials = [str(k) for k in range(1, len(names) + 1)]
    return dict(zip(names, initials, strict=True))
