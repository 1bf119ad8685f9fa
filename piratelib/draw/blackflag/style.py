"""The look of Black Flag!'s pictures: the colours, lines, sizes and places both drawings share.

The matplotlib pictures (:mod:`~piratelib.draw.blackflag.table`,
:mod:`~piratelib.draw.blackflag.scores`) and their SVG twins for the apps
(:mod:`~piratelib.draw.blackflag.table_svg`, :mod:`~piratelib.draw.blackflag.scores_svg`)
read every colour, line style, size and position from here, so the two drawings of one
picture cannot drift apart. Sizes are in points
(matplotlib's unit; :data:`PX` turns one into the apps' pixels) and picture sizes in
inches. Places are in each picture's own units: the table's radius for the seating circle,
one space of the track for the score board. Nothing here imports matplotlib.

Examples
--------
>>> [seat_xy(k, 4) for k in range(4)]  # clockwise from the top
[(0.0, 1.0), (1.0, 0.0), (0.0, -1.0), (-1.0, 0.0)]
>>> mpl_line(1), svg_dashes(1, 2.0)
((0, (5, 2)), '10 4')
"""

from __future__ import annotations

import math
from typing import NamedTuple

from piratelib.draw._shapes import SHIP_OUTLINE

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = [
    "ARROW_BEND",
    "ARROW_GAPS",
    "ATTACKER_ARROW",
    "ATTACKER_COLOUR",
    "BOARD_AREA",
    "BOARD_MARGIN",
    "BOARD_SIZE",
    "BOARD_TITLE_TOP",
    "BOARD_Y",
    "CAPTION_BOTTOM",
    "CHEST",
    "DPI",
    "EVERYONE_ARROW",
    "FLAG",
    "HALO",
    "HOURGLASS",
    "LABEL",
    "LINE_SPACING",
    "PALETTE",
    "PX",
    "SEAT",
    "SHIP_OUTLINE",
    "SIDES",
    "SIDE_LABEL",
    "SPACE",
    "TABLE",
    "TABLE_AREA",
    "TABLE_LIMIT",
    "TABLE_SIZE",
    "TABLE_TITLE_TOP",
    "TAGS",
    "TEXT_SIZE",
    "TITLE_SIZE",
    "Arrow",
    "Chest",
    "Flag",
    "Halo",
    "Hourglass",
    "Label",
    "Seat",
    "Side",
    "Space",
    "Table",
    "Tag",
]

DPI = 90
"""The apps' resolution in dots per inch: the size at which they show a picture."""
PX = DPI / 72
"""Pixels in a point at :data:`DPI` (1.25): an SVG picture's size of a matplotlib one."""
TEXT_SIZE = 11
"""Names, tags, captions and the score board's words, in points (13.75 px in the apps)."""
TITLE_SIZE = 13
"""A picture's title, in points."""
LINE_SPACING = 1.15
"""The distance between the lines of a name and its detail, in text sizes."""

# --- the seating circle -----------------------------------------------------------------

TABLE_SIZE = (6.0, 6.5)
"""The seating circle's width and height, in inches."""
TABLE_AREA = (0.0, 0.8, 6.0, 5.1)
"""Where the table is drawn: left, bottom, width and height in inches (the title above, the
caption's four lines below)."""
TABLE_LIMIT = 1.95
"""Half the width of the table area, in table radii: room for the names outside."""
TABLE_TITLE_TOP = 0.15
"""Inches from the picture's top to its title's top."""
CAPTION_BOTTOM = 0.08
"""Inches from the picture's bottom to its caption's bottom."""


class Table(NamedTuple):
    """The table itself: a disc of radius 1."""

    face: str = "#f6ead2"
    edge: str = "#a1887f"
    width: float = 2


TABLE = Table()


class Seat(NamedTuple):
    """A player's mark: a Ship, or a hollow circle for a player without one."""

    ship_size: float = 30
    """Width of a Ship's mark, in points."""
    shipless_size: float = 18
    """Width of the hollow mark of a player without a Ship, in points."""
    ship: str = "#3e2723"
    shipless_edge: str = "#757575"
    shipless_width: float = 2
    shipless_text: str = "#595959"
    """The name of a player without a Ship: grey, 7:1 on white."""


SEAT = Seat()


class Label(NamedTuple):
    """The box round a player's name, and the tags stacked beyond it."""

    gap: float = 4
    """Points between a mark's edge and its name."""
    pad: float = 0.2
    """The box's padding round the text, in text sizes."""
    width: float = 1.6
    """The box's edge, in points: the colour and line of the player's arrows."""
    tag_gap: float = 5
    """Points between a name and its first tag, and between two tags."""


LABEL = Label()


class Tag(NamedTuple):
    """A card's tag beyond a name: its face and edge (the word is black and bold)."""

    face: str
    edge: str


TAGS = {"Sails": Tag("#e3f2fd", "#1565c0"), "Telescope": Tag("#fff8e1", "#ff8f00")}
"""The tags, in the order they stack."""


class Halo(NamedTuple):
    """The ring round the attacker."""

    radius: float = 0.165
    """In table radii."""
    face: str = "#ffd700"
    opacity: float = 0.5
    """Of the face only."""
    edge: str = "#ff8c00"
    width: float = 2.5


HALO = Halo()
ATTACKER_COLOUR = "#c62828"
"""The attacker's arrows when one attacker is drawn."""
PALETTE = (
    "#1f4e9c",
    "#b34700",
    "#2e7d32",
    "#c62828",
    "#6a1b9a",
    "#5d4037",
    "#ad1457",
    "#00695c",
)
"""One arrow colour per seat when everyone's arrows are drawn (at most 8 players); each at
least 3:1 against the table and the white page."""
DASHES: tuple[tuple[float, ...], ...] = ((), (5, 2), (1.5, 1.5), (6, 2, 1.5, 2))
"""One line per seat, with the colour, so a player's arrows and the box round their name
match by line as well as by colour (never by colour alone): dash and gap lengths in line
widths, ``()`` for a solid line."""


class Arrow(NamedTuple):
    """How an arrow from a Ship to a player it can hit is drawn."""

    width: float
    """The line, in points."""
    head: float
    """The head's size (matplotlib's mutation scale), in points: 0.4 of it long, 0.2 wide
    on each side of the line."""
    opacity: float


ATTACKER_ARROW = Arrow(2.4, 16, 0.95)
EVERYONE_ARROW = Arrow(1.6, 13, 0.8)
ARROW_BEND = 0.12
"""How far an arrow bows from the straight line, in lengths of that line (to its left)."""
ARROW_GAPS = (1, 3)
"""Points between a Ship's mark and its arrow's start, and between the arrow's tip and its
target's mark."""


def seat_xy(k: int, n: int) -> tuple[float, float]:
    """Return where seat `k` of `n` sits on the table of radius 1 (y up): clockwise from the top.

    Examples
    --------
    >>> seat_xy(0, 6)
    (0.0, 1.0)
    """
    angle = math.pi / 2 - 2 * math.pi * k / n
    return round(math.cos(angle), 12) + 0.0, round(math.sin(angle), 12) + 0.0


def seat_colour(k: int | None) -> str:
    """Return seat `k`'s colour for its arrows and name box (``None``: the attacker's).

    Examples
    --------
    >>> seat_colour(0), seat_colour(8), seat_colour(None)
    ('#1f4e9c', '#1f4e9c', '#c62828')
    """
    return PALETTE[k % len(PALETTE)] if k is not None else ATTACKER_COLOUR


def mpl_line(k: int | None) -> str | tuple[float, tuple[float, ...]]:
    """Return seat `k`'s line (``None``: the attacker's, solid) as a matplotlib linestyle.

    Examples
    --------
    >>> mpl_line(None), mpl_line(4)
    ('solid', 'solid')
    """
    dashes = DASHES[k % len(DASHES)] if k is not None else ()
    return (0, dashes) if dashes else "solid"


def svg_dashes(k: int | None, width: float) -> str | None:
    """Return seat `k`'s line as an SVG ``stroke-dasharray`` for a line `width` pixels wide
    (``None`` for a solid line): matplotlib's dashes, which grow with the line.

    Examples
    --------
    >>> svg_dashes(3, 2), svg_dashes(0, 2)
    ('12 4 3 4', None)
    """
    dashes = DASHES[k % len(DASHES)] if k is not None else ()
    return " ".join(f"{d * width:g}" for d in dashes) or None


# --- the score board ------------------------------------------------------------------------

BOARD_SIZE = (10.0, 2.8)
"""The score board's width and height, in inches."""
BOARD_AREA = (0.0, 0.0, 10.0, 2.408)
"""Where the track is drawn: left, bottom, width and height in inches (the title above)."""
BOARD_MARGIN = 2.6
"""Spaces of room beyond each end of the track, for the sides' names."""
BOARD_Y = (-1.45, 1.55)
"""The board's bottom and top, in spaces: the track's squares run from -0.45 to 0.45."""
BOARD_TITLE_TOP = 0.056
"""Inches from the picture's top to its title's top."""


class Space(NamedTuple):
    """A space of the track: its size in spaces, edge (wider on "0"), face by side, and the
    top of its number."""

    size: float = 0.9
    edge: str = "#555"
    width: float = 1.2
    centre_width: float = 2
    number_top: float = 0.3
    ibberia: str = "#fdecea"
    brittonia: str = "#e8eef8"
    centre: str = "#fffbe6"


SPACE = Space()


class Chest(NamedTuple):
    """The Treasure Chest on its space: a box (placed from its space's centre, in spaces)
    with a lid line, and the top of its two-line label below the track, in `edge`'s brown."""

    x: float = -0.3
    y: float = -0.36
    width: float = 0.6
    height: float = 0.38
    corner: float = 0.06
    lid: float = -0.2
    face: str = "#e0a800"
    edge: str = "#5d4037"
    edge_width: float = 1.5
    lid_width: float = 1.2
    label_top: float = -0.55


CHEST = Chest()


class Flag(NamedTuple):
    """A Flag above its space: the pole's foot and top, the pennant and its name's place,
    with x toward the Flag's own end (away from "0"), in spaces."""

    pole: tuple[float, float] = (0.45, 1.25)
    pennant: tuple[tuple[float, float], ...] = ((0, 1.25), (0.55, 1.08), (0, 0.9))
    label: tuple[float, float] = (0.62, 1.08)
    pole_colour: str = "#333"
    pole_width: float = 1.6
    pennant_width: float = 1


FLAG = Flag()


class Side(NamedTuple):
    """One side of the track: which way it runs, its words and its colour."""

    sign: int
    """+1 for Ibberia's side (right of "0"), -1 for Great Brittonia's."""
    flag: str
    end: str
    """The name at the side's end of the track."""
    colour: str
    """The side's words and Flag: 5:1 and more on white."""


SIDES = {
    "ibberia": Side(1, "Ibberian Flag", "Kingdom\nof Ibberia ▶", "#c62828"),
    "brittonia": Side(-1, "Brittish Flag", "◀ Great\nBrittonia", "#1565c0"),
}
"""The two sides, Ibberia's first."""
SIDE_LABEL = (0.6, -0.05)
"""A side's name: spaces beyond the last space, and its middle's height."""


class Hourglass(NamedTuple):
    """The Hourglass's count in the bottom right corner: where its text ends (spaces in from
    the board's right edge) and sits (its bottom), and its box's colours."""

    right: float = 0.15
    bottom: float = -1.35
    face: str = "#fff8e1"
    edge: str = "#b8860b"
    pad: float = 0.25
    """The box's padding round the text, in text sizes."""


HOURGLASS = Hourglass()
