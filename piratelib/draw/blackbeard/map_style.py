"""How the Hunt for Blackbeard Map looks: sizes, colours, shapes and where names go.

One source of geometry and style for both pictures of the Map: the matplotlib drawing
(:mod:`~piratelib.draw.blackbeard.map`, :mod:`~piratelib.draw.blackbeard.game`) and the
SVG one (:mod:`~piratelib.draw.blackbeard.map_svg`) import what they draw from here, and
this module imports neither matplotlib nor numpy. Lengths are in the board's pixels (the
``pos`` of each space, :data:`BOARD_SIZE`) or in points (a 72nd of an inch on the
12-inch-wide figure, :data:`FIGURE_SIZE`; :data:`POINTS_PER_UNIT` converts); directions
on the screen are compass points with up as ``"n"`` (the game's north points right).
Shapes are outlines as matplotlib markers take them (y up, sized by their widest
coordinate); :func:`outline` scales one as matplotlib does.

Examples
--------
>>> KIND_STYLE["sound"].face, ROUTE_STYLE["water"].dash
('#2a9d8f', (1, 1.6))
>>> piece_key("Capt Brand"), PIECE_STYLE["brand"].legend
('brand', 'Capt Brand')
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import NamedTuple

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = [
    "BLOCK_SIZE",
    "BLOCK_STYLE",
    "BOARD_MARGIN",
    "BOARD_SIZE",
    "BOWED_ROUTES",
    "CHANCE_COLOURS",
    "CHANCE_DISC",
    "COMPASS",
    "DOUBLE_ROUTE_GAP",
    "FIGURE_SIZE",
    "HIGHLIGHT",
    "KIND_STYLE",
    "LABEL_GAP",
    "LABEL_PLACE",
    "LABEL_WRAP",
    "LEGEND",
    "MAP_AXES",
    "NOTE",
    "PIECE_PLACE",
    "PIECE_SIZE",
    "PIECE_STYLE",
    "POINTS_PER_UNIT",
    "ROUTE_STYLE",
    "SHAPES",
    "SIZES",
    "TRAIL",
    "UNKNOWN_PIECE",
    "UNKNOWN_TEXT",
    "Arrow",
    "Cross",
    "Halo",
    "KindStyle",
    "PieceStyle",
    "RouteStyle",
    "Tag",
]

Point = tuple[float, float]

BOARD_SIZE = (1200, 775)
"""Width and height of the board picture that the Map's ``pos`` values refer to."""
BOARD_MARGIN = (10, 15)
"""Board pixels shown beyond the board: on the left and right, and under it."""
FIGURE_SIZE = (12, 7.75)
"""The matplotlib figure's width and height in inches."""
MAP_AXES = (0.0035, 0.0765, 0.993, 0.8855)
"""Where the Map goes in its figure: under the title, over a two-row legend."""
POINTS_PER_UNIT = MAP_AXES[2] * FIGURE_SIZE[0] * 72 / (BOARD_SIZE[0] + 2 * BOARD_MARGIN[0])
"""Points per board pixel, in the figure (the SVG scales points by the same ratio)."""
SIZES = {"title": 16.0, "name": 12.5, "note": 11.5, "legend": 12.0, "unknown": 11.5}
"""Text sizes in points: the title, a space's name, a note's tag, the legends, a "?"."""
LEGEND = {"space": 0.7, "halo": 16.0, "halo_edge": 2.5, "piece": 13.0, "block": -1.0}
"""Marks in the legends: a space's mark at `space` times its width, a halo `halo` points
wide with an edge `halo_edge` wide, pieces `piece` points wide, and blocks `block` points
larger than on the Map."""


def _dome(steps: int = 13) -> list[Point]:
    """The dome of a Town: a half circle from west to east over the block."""
    angles = [math.pi * (1 - i / (steps - 1)) for i in range(steps)]
    return [(0.55 * math.cos(a), 0.15 + 0.55 * math.sin(a)) for a in angles]


SHAPES: dict[str, tuple[tuple[Point, ...], ...]] = {
    "town": (((0.9, 0.15), (0.9, -0.9), (-0.9, -0.9), (-0.9, 0.15), *_dome()),),
    "sloop": (
        ((-1, -0.4), (1, -0.4), (0.6, -0.95), (-0.6, -0.95)),  # hull
        ((0.05, -0.25), (0.05, 1), (0.85, -0.25)),  # mainsail
        ((-0.1, 0.8), (-0.1, -0.25), (-0.8, -0.25)),  # jib
    ),
    "standing": (((-0.5, -1), (0.5, -1), (0.5, 1), (-0.5, 1)),),
}
"""Outlines (closed polygons, y up) of a Town (a block with a dome, as on the board), a
Sloop (a hull under a mainsail and a jib) and a block standing up (taller than wide).
``"square"``, ``"circle"`` and ``"diamond"`` are matplotlib's ``"s"``, ``"o"``, ``"D"``."""


class KindStyle(NamedTuple):
    """How a kind of space is drawn: legend text, colours, shape and area (points²)."""

    legend: str
    face: str
    shape: str
    area: float
    edge: str = "black"
    edge_width: float = 1.0
    dash: tuple[float, float] | None = None
    """Dashes of the edge, in edge widths (matplotlib's "--"); None for a solid edge."""


KIND_STYLE = {
    "town": KindStyle("Town", "#8b5a2b", "town", 520),
    "anchorage": KindStyle("Anchorage", "#d9b98b", "square", 330),
    "sound": KindStyle("Sound", "#2a9d8f", "circle", 380),
    "ocean": KindStyle("Ocean", "#1f5fa8", "circle", 380),
    "offboard": KindStyle(
        "Off-board\n(no block)", "#f1ead8", "circle", 300, "#7a7a7a", 1.6, (3.7, 1.6)
    ),
}
"""The kinds of space in the colours of the board's legend."""


class Cross(NamedTuple):
    """A cross: its colour, and its size and its lines' width in points."""

    colour: str
    size: float
    width: float


COMPASS = Cross("white", math.sqrt(70), 1.5)
"""The white cross of the board's compass roundel on Ocean spaces."""


class RouteStyle(NamedTuple):
    """How a kind of Route is drawn: colour, width (points), dashes (in widths) or None."""

    colour: str
    width: float
    dash: tuple[float, float] | None
    legend: str


ROUTE_STYLE = {
    "water": RouteStyle("#3a86c8", 2.6, (1, 1.6), "Water Route (Sloops)"),
    "land": RouteStyle("#5c3a1e", 2.6, None, "Land Route (Capt Brand)"),
}
DOUBLE_ROUTE_GAP = 5.0
"""Half the gap, in board pixels, between the two lines of a pair linked both ways."""
BOWED_ROUTES = {("queen_annes_creek", "albemarle_sound"): 40.0}
"""Routes drawn as a curve, and how far (board pixels) the curve's middle bows from the
straight line, to the right going from the first space to the second. The straight Water
Route from Queen Anne's Creek to Albemarle Sound runs through Bats Grave, so it would
read as two Routes via Bats Grave: it bows east of Bats Grave, between Bats Grave and
its name (checked by eye)."""


class Halo(NamedTuple):
    """A highlighted space's halo: a translucent disc of `area` points² with a ring."""

    face: str
    opacity: float
    edge: str
    width: float
    area: float


class Tag(NamedTuple):
    """A note's tag: its colours, and its gap (points) beyond its space's name."""

    face: str
    edge: str
    gap: float


class Arrow(NamedTuple):
    """A trail's arrows: colour; width, white halo and head in points; and how far
    (points) each stops short of the space it leaves and of the one it reaches."""

    colour: str
    width: float
    halo: float
    head: float
    shrink: tuple[float, float]


HIGHLIGHT = Halo("#ffd600", 0.45, "#ff8c00", 3.5, 1300)
NOTE = Tag("#ffd54f", "#ff8c00", 5.0)
TRAIL = Arrow("#c2185b", 4.0, 7.0, 24.0, (15.0, 17.0))

# Where a space's name goes, as a compass point on the screen (up is up here, not the game's
# north). Chosen by checking every name, with a tag under or over it, against the other
# names, the spaces and the Routes, then by eye: so no name covers another or a space.
LABEL_PLACE = {
    "albemarle_county": "n",
    "albemarle_sound": "n",
    "bath_town": "sw",
    "bats_grave": "e",
    "currituck_sound": "se",
    "east_pamlico_sound": "ne",
    "fish_town": "n",
    "hunting_quarter_sound": "w",
    "james_river": "w",
    "machapunga_bluff": "n",
    "neuse_river": "ne",
    "new_bern": "n",
    "nots_island": "e",
    "ocracoke_inlet": "w",
    "queen_annes_creek": "se",
    "roanoke_island": "sw",
    "roanoke_river": "n",
    "topsail_inlet": "n",
    "west_pamlico_sound": "nw",
}
"""Names not placed here go below their space ("s")."""
LABEL_WRAP = frozenset({"machapunga_bluff", "currituck_sound", "west_pamlico_sound"})
"""Names printed on two lines, to fit between their neighbours' Routes."""
LABEL_GAP = {"bats_grave": 30.0}
"""Extra room (points) between a space and its name, for a bowed Route to pass between."""
PIECE_PLACE = {
    "albemarle_sound": "w",
    "bats_grave": "w",
    "cape_hatteras": "w",
    "cape_henry": "w",
    "core_banks": "w",
    "hatteras_bank": "w",
    "james_river": "nw",
    "machapunga_bluff": "w",
    "neuse_river": "w",
    "nots_island": "w",
    "ocracoke_inlet": "ne",
    "west_pamlico_sound": "w",
}
"""Where a space's row of pieces starts, if not to its right ("e"): clear of every name."""


class PieceStyle(NamedTuple):
    """How a piece is drawn: its legend text, colours and shape."""

    legend: str
    face: str
    edge: str
    shape: str


PIECE_STYLE = {
    "jane": PieceStyle("Jane", "#d62828", "black", "sloop"),
    "ranger": PieceStyle("Ranger", "white", "black", "sloop"),
    "brand": PieceStyle("Capt Brand", "#14213d", "black", "circle"),
    "adventure": PieceStyle("Adventure", "black", "black", "sloop"),
    "blackbeard": PieceStyle("Blackbeard", "black", "black", "circle"),
    "israel_hands": PieceStyle("Israel Hands", "#e0b000", "black", "circle"),
}
UNKNOWN_PIECE = PieceStyle("", "#9e9e9e", "black", "diamond")
"""A piece the Map does not know: a grey diamond, named in the legend as given."""
PIECE_SIZE = 15.0
"""Width of a piece's mark, in points; pieces in a row stand `PIECE_SIZE` + 1 apart."""
_PIECE_ALIASES = {"capt_brand": "brand", "captain_brand": "brand", "hands": "israel_hands"}

BLOCK_STYLE = {
    "blank": ("white", "#555555"),
    "camp": ("#2e7d32", "#1b5e20"),
    "adventure": ("#111111", "#111111"),
    "adventure_at_camp": ("#111111", "#2e7d32"),
    "sighting": ("#ff9800", "#555555"),
    "sighting_at_camp": ("#ff9800", "#2e7d32"),
    "blackbeard": ("#5d4037", "#111111"),
    "blackbeard_at_camp": ("#5d4037", "#2e7d32"),
    "israel_hands": ("#e0b000", "#555555"),
    "unknown": ("#c8a165", "#6d4c1f"),
}
"""A block's face and edge colours; a block "at Camp" gets a green edge, drawn wider."""
BLOCK_SIZE = {"face_up": 12.0, "standing": 15.0, "edge": 1.3, "camp_edge": 2.2}
"""A block lying face up is a square `face_up` points wide; a standing one is `standing`
points tall (half as wide); the widths of their edges."""
UNKNOWN_TEXT = "#3e2a0f"
"""The colour of the "?" on a block the side may not know."""
CHANCE_COLOURS = ("#efe7f6", "#9e7cc1", "#3f007d")
"""A possible space's shade, from least to most likely (light to dark purple)."""
CHANCE_DISC = (1900, 0.85)
"""The area (points²) and opacity of the disc that shades a possible space."""


def offset(direction: str, distance: float) -> tuple[float, float, str, str]:
    """The offset (points, y up) `distance` beyond a mark towards `direction`, and how text
    set there aligns (``ha``, ``va``): text to the east starts at its left edge, and so on.

    Examples
    --------
    >>> offset("ne", 10), offset("s", 4)
    ((10, 10, 'left', 'bottom'), (0, -4, 'center', 'top'))
    """
    dx = ("e" in direction) - ("w" in direction)
    dy = ("n" in direction) - ("s" in direction)
    ha = {1: "left", 0: "center", -1: "right"}[dx]
    va = {1: "bottom", 0: "center", -1: "top"}[dy]
    return dx * distance, dy * distance, ha, va


def label_spot(space: str, kind: str) -> tuple[float, float, str, str]:
    """Where the name of `space` (of `kind`) goes: ``(dx, dy, ha, va)`` from its centre,
    in points (y up), just beyond its mark towards :data:`LABEL_PLACE` (default south).

    Examples
    --------
    >>> label_spot("bath_town", "town")
    (-14.40..., -14.40..., 'right', 'top')
    """
    radius = math.sqrt(KIND_STYLE[kind].area) / 2 + LABEL_GAP.get(space, 0.0)
    return offset(LABEL_PLACE.get(space, "s"), radius + 3)


def piece_spots(space: str, kind: str, count: int) -> list[Point]:
    """Where `count` pieces at `space` (of `kind`) go: offsets in points (y up) of their
    centres, in a row starting beyond the mark towards :data:`PIECE_PLACE` (default east).

    Examples
    --------
    >>> [(round(x, 1), round(y, 1)) for x, y in piece_spots("james_river", "offboard", 2)]
    [(-19.2, 19.2), (-35.2, 19.2)]
    """
    radius = math.sqrt(KIND_STYLE[kind].area) / 2 + PIECE_SIZE / 2
    dx, dy, _, _ = offset(PIECE_PLACE.get(space, "e"), radius + 3)
    step = (PIECE_SIZE + 1) * (-1 if dx < 0 else 1)
    return [(dx + i * step, dy) for i in range(count)]


def piece_key(piece: object) -> str:
    """The style key of a piece name: lower case, words joined by underscores.

    Examples
    --------
    >>> piece_key("Capt. Brand"), piece_key("Israel-Hands")
    ('brand', 'israel_hands')
    """
    key = "_".join(str(piece).lower().replace("-", " ").replace(".", " ").split())
    return _PIECE_ALIASES.get(key, key)


def piece_rank(legend: str) -> int:
    """Where a piece named `legend` comes among the pieces of a legend: in the order of
    :data:`PIECE_STYLE`, any other piece after them.

    Examples
    --------
    >>> sorted(["Longboat", "Adventure", "Jane"], key=piece_rank)
    ['Jane', 'Adventure', 'Longboat']
    """
    order = [style.legend for style in PIECE_STYLE.values()]
    return order.index(legend) if legend in order else len(order)


def route_lines(
    pos: Mapping[str, Point], edges: Iterable[tuple[str, str, Iterable[str]]]
) -> dict[str, list[list[Point]]]:
    """The lines (board pixels) of each kind of Route: a pair linked both ways gets two
    parallel lines, and a Route in :data:`BOWED_ROUTES` a curve of 25 points.

    Examples
    --------
    >>> route_lines({"a": (0, 0), "b": (10, 0)}, [("a", "b", {"water", "land"})])
    {'water': [[(0.0, -5.0), (10.0, -5.0)]], 'land': [[(0.0, 5.0), (10.0, 5.0)]]}
    """
    lines: dict[str, list[list[Point]]] = {"water": [], "land": []}
    for u, v, kinds in edges:
        routes = set(kinds)
        (ax, ay), (bx, by) = pos[u], pos[v]
        length = max(math.hypot(bx - ax, by - ay), 1e-9)
        nx, ny = (by - ay) / length, (ax - bx) / length  # the right-hand normal
        bow = BOWED_ROUTES.get((u, v), -BOWED_ROUTES.get((v, u), 0.0))
        if bow:
            (kind,) = routes  # a bowed Route is of one kind
            lines[kind].append(_bowed((ax, ay), (bx, by), (bow * nx, bow * ny)))
            continue
        for kind in sorted(routes, reverse=True):  # water, then land
            shift = 0 if len(routes) == 1 else DOUBLE_ROUTE_GAP * (1 if kind == "water" else -1)
            lines[kind].append(
                [(ax + shift * nx, ay + shift * ny), (bx + shift * nx, by + shift * ny)]
            )
    return lines


def outline(shape: str, size: float) -> list[list[Point]]:
    """The polygons of a shape in :data:`SHAPES` for a mark `size` points wide, as
    matplotlib scales a marker: its widest coordinate reaches half of `size`.

    Examples
    --------
    >>> outline("standing", 12)
    [[(-3.0, -6.0), (3.0, -6.0), (3.0, 6.0), (-3.0, 6.0)]]
    """
    parts = SHAPES[shape]
    widest = max(abs(c) for part in parts for point in part for c in point)
    scale = size / 2 / widest
    return [[(x * scale, y * scale) for x, y in part] for part in parts]


def chance_colour(share: float) -> str:
    """The shade of a space whose chance is `share` of the largest chance shown (0 to 1):
    the colours of :data:`CHANCE_COLOURS` mixed evenly along the way.

    Examples
    --------
    >>> chance_colour(0), chance_colour(0.5), chance_colour(1)
    ('#efe7f6', '#9e7cc1', '#3f007d')
    """
    colours = CHANCE_COLOURS
    where = min(max(float(share), 0.0), 1.0) * (len(colours) - 1)
    i = min(int(where), len(colours) - 2)
    low, high = _rgb(colours[i]), _rgb(colours[i + 1])
    t = where - i
    return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(low, high, strict=True))


def text_width(words: str, size: float, *, bold: bool = False) -> float:
    """The width of `words` in DejaVu Sans (the pictures' font) at `size`, in its units.

    Examples
    --------
    >>> round(text_width("Bath Town", 10), 1), round(text_width("Bath Town", 10, bold=True), 1)
    (53.1, 59.7)
    """
    table = _BOLD if bold else _REGULAR
    return sum(table[ord(c) - 32] if 32 <= ord(c) < 127 else 70 for c in words) * size / 100


_REGULAR = (
    *(32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64),
    *(64, 64, 64, 64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77),
    *(75, 29, 29, 66, 56, 86, 75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39),
    *(34, 39, 84, 50, 50, 61, 63, 55, 63, 62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61),
    *(63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64, 34, 64, 84),
)
"""DejaVu Sans's advance widths of the printable ASCII characters, in hundredths of an em."""
_BOLD = (
    *(35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70),
    *(70, 70, 70, 70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82),
    *(84, 37, 37, 77, 64, 100, 84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46),
    *(37, 46, 84, 50, 50, 67, 72, 59, 72, 68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69),
    *(72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71, 37, 71, 84),
)
"""The same for DejaVu Sans Bold."""


def _bowed(a: Point, b: Point, bow: Point, points: int = 25) -> list[Point]:
    """Points along a curve from `a` to `b` whose middle lies `bow` off the straight line."""
    # a quadratic Bezier's middle is halfway to its control point
    cx, cy = (a[0] + b[0]) / 2 + 2 * bow[0], (a[1] + b[1]) / 2 + 2 * bow[1]
    curve = []
    for i in range(points):
        t = i / (points - 1)
        curve.append(
            (
                (1 - t) ** 2 * a[0] + 2 * t * (1 - t) * cx + t**2 * b[0],
                (1 - t) ** 2 * a[1] + 2 * t * (1 - t) * cy + t**2 * b[1],
            )
        )
    return curve


def _rgb(colour: str) -> tuple[int, int, int]:
    """A ``#rrggbb`` colour as its red, green and blue (0 to 255)."""
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)
