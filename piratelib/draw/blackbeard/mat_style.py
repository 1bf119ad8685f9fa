"""Blackbeard's mat laid out once, for both of its drawings: shapes and words, in pixels.

Hunt for Blackbeard's mat has two Piracy rows of face-up tiles (Acts of Piracy above,
Pirate's Life below), each tile with its squares, and a panel for the Purse, Taken Loot,
spares and Prepared Defenses. :func:`mat_base` lays out what stays put while a mat
changes: each row's tiles (their boxes, names, places and notes), their empty squares and
the panel's box. :func:`mat_marks` lays out what one mat puts on it: the title, each row's
cubes of its squares and verdict, each tile's status, a full tile's green outline, the
cubes, this turn's pawns, and the panel's words and Purse cubes. Both are tuples of
:class:`Box`, :class:`Words` and :class:`Pawn`, in pixels of a :data:`WIDTH` by
:data:`HEIGHT` picture with y downwards, so
:func:`~piratelib.draw.blackbeard.piracy.blackbeard_mat` (matplotlib, one pixel a pixel
at 90 dpi) and :func:`~piratelib.draw.blackbeard.mat_svg.mat_svg` (SVG) draw the same mat.
:func:`blackbeard_mat_alt` says it in words, the pictures' alt text. Nothing here needs
matplotlib.

Parts that tests and apps look for carry a ``gid``: ``"tile:<id>"``, ``"cube:<id>:<i>"``,
``"pawn:<id>:<i>"``, ``"full:<id>"``, ``"row:<row>"``, ``"purse"``, ``"purse:<i>"``,
``"taken_loot"``, ``"spares"``, ``"defenses"`` and ``"turn"``.

Examples
--------
>>> from piratelib.blackbeard.piracy import Mat, plan_piracy
>>> mat = plan_piracy(Mat(pirates_life=("banyan_for_vane",)), "banyan_for_vane", 1)
>>> [part.gid for part in mat_marks(mat) if part.gid.startswith(("cube", "pawn"))]
['pawn:banyan_for_vane:0']
>>> [part.lines for part in mat_marks(mat) if part.gid == "row:pirates_life"]
[("Pirate's Life: 0 / 3 squares — less than half (half is 2)",)]
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from piratelib.draw._checks import check_text
from piratelib.draw.svg import SMALLEST
from piratelib.errors import check_id

if TYPE_CHECKING:
    from piratelib.blackbeard.piracy import Mat
    from piratelib.blackbeard.piracy.tiles import Tiles

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = [
    "DPI",
    "FONT",
    "HEIGHT",
    "PAWN_BODY",
    "PAWN_HEAD",
    "WIDTH",
    "Box",
    "Pawn",
    "Words",
    "blackbeard_mat_alt",
]

WIDTH, HEIGHT = 900, 500
"""The mat's picture in pixels (a 10 by 5.55 inch figure at :data:`DPI`)."""
DPI = 90
"""Pixels per inch of the matplotlib drawing, so that one of its pixels is one here."""
FONT = "DejaVu Sans, Verdana, Geneva, sans-serif"
"""The SVG's typeface: matplotlib's own first, then ones about as wide (the lines are
broken for about 0.6 of a text's height a letter)."""
ROW_TITLES = {"acts_of_piracy": "Acts of Piracy", "pirates_life": "Pirate's Life"}
ROW_FACE = {"acts_of_piracy": "#dcdcdc", "pirates_life": "#ffffff"}
CUBE_FACE = {"gold": "#e0b020", "black": "#1a1a1a"}
SQUARE_EDGE = {"gold": "#c09010", "black": "#5a5a5a"}
PAWN_COLOUR = "#3a3a3a"
FULL = "#1b5e20"  # dark green, 5.5:1 on the grey row; "FULL" says it in words too
NOTE = "#0d47a1"  # dark blue, 6.6:1 on the grey row
PENALTY = "#b71c1c"  # dark red, 5:1 on the grey row; the penalty is written out too
PANEL_FACE, PANEL_EDGE = "#f7f3e8", "#8d6e63"
EFFECT_WORDS = {
    "stow_booty": "Taken Loot to Purse",
    "sell_cargo": "Taken Loot + 2 to Purse",
    "seek_pardon": "set a tile aside",
    "fete_tobias_knight": "2 Defenses free",
}
PENALTY_WORDS = {
    "hire_doctor": "Sail 3 pawns",
    "buy_rum": "4 pawns",
    "crew_to_ordinary": "Fire -1 die",
}
PAWN_HEAD = (0.0, -0.28, 0.2)
"""A pawn's round head, (x, y, radius), in a unit box centred on 0 (y downwards)."""
PAWN_BODY = ((-0.32, 0.45), (0.32, 0.45), (0.12, -0.1), (-0.12, -0.1))
"""A pawn's flared body, the corners of a closed shape in the same box."""

_TITLE_SIZE, _ROW_SIZE, _PANEL_SIZE = 16.25, 14.4, 12.5
_LEFT, _RIGHT, _GAP = 9.0, 657.0, 9.0
"""The rows' left and right edges and the gap between two tiles."""
_ROW_TOPS = {"acts_of_piracy": 44.0, "pirates_life": 271.25}
_TILE_DOWN, _TILE_HEIGHT, _TILE_WIDEST = 24.75, 191.25, 153.0
_LINE = 1.2
"""Line spacing, in text heights (matplotlib's)."""
_PANEL = (668.25, 8.25 + 33.5, 222.75, 450.0)
"""The panel's box: x, y, width, height."""
_PANEL_X = 675.0


@dataclass(frozen=True)
class Box:
    """A rectangle: top left (x, y), `width` by `height` pixels, filled with `face` (or
    ``"none"``), outlined in `edge` `line` pixels wide, with corners rounded by `round`."""

    x: float
    y: float
    width: float
    height: float
    face: str
    edge: str
    line: float = 1.0
    round: float = 0.0
    gid: str = ""


@dataclass(frozen=True)
class Words:
    """Lines of text `size` pixels high, the first line's top at `y` (the last line's
    bottom, when `above`); `anchor` is ``"start"`` (x is the left edge) or ``"middle"``."""

    x: float
    y: float
    lines: tuple[str, ...]
    size: float
    colour: str = "#000000"
    bold: bool = False
    anchor: str = "start"
    above: bool = False
    gid: str = ""


@dataclass(frozen=True)
class Pawn:
    """A pawn `size` pixels high centred on (x, y): :data:`PAWN_HEAD` on :data:`PAWN_BODY`."""

    x: float
    y: float
    size: float
    gid: str = ""


Part = Box | Words | Pawn
"""One thing drawn on the mat."""


@dataclass(frozen=True)
class _Frame:
    """Where one tile's parts go: its box, its status line(s), its squares, its notes."""

    tile: str
    row: str
    x: float
    y: float
    width: float
    status_y: float
    squares: tuple[tuple[float, float], ...]
    side: float
    size: float
    small: float


def mat_base(rows: tuple[tuple[str, ...], tuple[str, ...]], tiles: Tiles) -> tuple[Part, ...]:
    """What stays put while a mat changes, for the face-up tiles `rows` (Acts of Piracy,
    then Pirate's Life): tile boxes, names, places and notes, empty squares, the panel.

    Cached: each set of face-up tiles is laid out once.

    Examples
    --------
    >>> from piratelib.blackbeard.piracy.tiles import load_tiles
    >>> base = mat_base((("raid_delaware",), ()), load_tiles())
    >>> [part.gid for part in base if part.gid]
    ['tile:raid_delaware']
    >>> [part.lines for part in base if isinstance(part, Words)][:3]
    [('(no tiles drawn)',), ('Raid Delaware',), ('at Currituck Inlet',)]
    """
    return _base(rows, tiles)


def mat_marks(
    mat: Mat, tiles: Tiles | None = None, *, title: str = "Blackbeard's mat"
) -> tuple[Part, ...]:
    """What `mat` puts on :func:`mat_base`: the title, each row's cubes of its squares and
    verdict, each tile's status (``"FULL"`` and a green outline once full), cubes, pawns,
    and the panel's Purse, Taken Loot, spares, Prepared Defenses and turn.

    Raises
    ------
    PiratelibError
        If `mat` is not a Mat, `tiles` not a tile set holding its tiles, or `title` not
        text.

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat
    >>> mat = Mat(purse=2, pirates_life=("banyan_for_vane",), cubes=(("banyan_for_vane", 3),))
    >>> [p.gid for p in mat_marks(mat) if p.gid.startswith(("full", "cube", "purse"))]
    ['full:banyan_for_vane', 'cube:banyan_for_vane:0', 'cube:banyan_for_vane:1', \
'cube:banyan_for_vane:2', 'purse', 'purse:0', 'purse:1']
    """
    from piratelib.blackbeard.piracy import ROWS, row_cubes

    tiles = checked(mat, tiles)
    check_text("title", title)
    parts: list[Part] = [Words(WIDTH / 2, 8.0, (title,), _TITLE_SIZE, anchor="middle")]
    for row in ROWS:
        cubes, squares = row_cubes(mat, row, tiles)
        said = f"{ROW_TITLES[row]}: {cubes} / {squares} squares — {_row_verdict(cubes, squares)}"
        parts.append(Words(_LEFT, _ROW_TOPS[row], (said,), _ROW_SIZE, bold=True, gid=f"row:{row}"))
    for frame in _frames((mat.acts_of_piracy, mat.pirates_life), tiles):
        parts += _tile_marks(mat, frame, tiles)
    parts += _panel_marks(mat, tiles)
    return tuple(parts)


def checked(mat: object, tiles: object) -> Tiles:
    """`tiles` (default: the packaged set), after checking that `mat` is a Mat whose
    tiles and Defenses are all in it.

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat
    >>> checked(Mat(acts_of_piracy=("no_such_tile",)), None)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown Piracy tile 'no_such_tile'...
    """
    from piratelib.blackbeard.piracy import Mat
    from piratelib.blackbeard.piracy.tiles import Tiles, load_tiles
    from piratelib.blackbeard.readonly import check_type

    check_type("mat", mat, Mat)
    check_type("tiles", tiles, Tiles, optional=True)
    assert isinstance(mat, Mat) and (tiles is None or isinstance(tiles, Tiles))  # checked above
    tiles = tiles if tiles is not None else load_tiles()
    drawn = [*mat.acts_of_piracy, *mat.pirates_life, *(tile for tile, _ in mat.cubes)]
    for tile in drawn + [tile for tile, _ in mat.pawns]:
        check_id("Piracy tile", tile, tiles.piracy)
    for defense, _ in mat.defenses:
        check_id("Defense tile", defense, tiles.defenses)
    return tiles


def blackbeard_mat_alt(mat: Any, tiles: Any = None, *, title: str = "Blackbeard's mat") -> str:
    """Blackbeard's mat in words, for the alt text of its pictures, headed by `title`.

    Each row's cubes of its squares and each face-up tile's cubes and pawns, then the
    Purse and Taken Loot.

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat, plan_piracy
    >>> mat = plan_piracy(Mat(acts_of_piracy=("raid_delaware",)), "raid_delaware", 3)
    >>> alt = blackbeard_mat_alt(mat)
    >>> alt.split(". ")[1]
    'Acts of Piracy: 0 of 4 squares have cubes (Raid Delaware: 0 of 4, 3 pawns)'
    >>> alt.split(". ")[2:]
    ["Pirate's Life: no tiles yet", 'Purse: 5 gold', 'Taken Loot: none.']
    >>> blackbeard_mat_alt(mat, title="After step 1").split(". ")[0]
    'After step 1'
    """
    from piratelib.blackbeard.piracy import ROWS, row_cubes

    tiles = checked(mat, tiles)
    check_text("title", title)
    parts = [f"{title.rstrip('.')}."]
    for row in ROWS:
        cubes, squares = row_cubes(mat, row, tiles)
        drawn = getattr(mat, row)
        if not drawn:
            parts.append(f"{ROW_TITLES[row]}: no tiles yet.")
            continue
        each = []
        for tile in drawn:
            n, planned = tiles.squares(tile), mat.planned(tile)
            held = "full" if mat.on(tile) >= n else f"{mat.on(tile)} of {n}"
            words = f"{_tile_name(tile, tiles)}: {held}"
            if planned:
                words += f", {_pawns(planned)}"
            each.append(words)
        parts.append(
            f"{ROW_TITLES[row]}: {cubes} of {squares} squares have cubes ({'; '.join(each)})."
        )
    loot = ", ".join(map(str, mat.taken_loot)) or "none"
    parts.append(f"Purse: {mat.purse} gold. Taken Loot: {loot}.")
    return " ".join(parts)


@functools.lru_cache(maxsize=64)
def _base(rows: tuple[tuple[str, ...], tuple[str, ...]], tiles: Tiles) -> tuple[Part, ...]:
    """:func:`mat_base`, remembered (tiles compare by identity)."""
    from piratelib.blackbeard.piracy import ROWS

    parts: list[Part] = []
    for row, drawn in zip(ROWS, rows, strict=True):
        if not drawn:
            words = ("(no tiles drawn)",)
            parts.append(Words(_LEFT, _ROW_TOPS[row] + 66, words, 13.75, colour="#595959"))
    for frame in _frames(rows, tiles):
        info = tiles.piracy[frame.tile]
        box = (frame.x, frame.y, frame.width, _TILE_HEIGHT)
        parts.append(Box(*box, ROW_FACE[frame.row], "#333333", 1.5, 6.75, f"tile:{frame.tile}"))
        cx, y = frame.x + frame.width / 2, frame.y + 6.75
        name = _wrap(info["name"], frame.width, frame.size * 1.12)  # bold is wider
        parts.append(Words(cx, y, name, frame.size, bold=True, anchor="middle"))
        y += len(name) * frame.size * _LINE + 9
        where = _wrap("at " + _where_words(info["where"]), frame.width, frame.small)
        parts.append(Words(cx, y, where, frame.small, colour="#333333", anchor="middle"))
        edge = SQUARE_EDGE[info["cubes"]]
        for x, y in frame.squares:
            parts.append(Box(x, y, frame.side, frame.side, "#ffffff", edge, 2.5))
        narrow = frame.width < 117
        notes = _wrap(_tile_notes(info, narrow), frame.width, frame.small)
        if notes:
            bottom = frame.squares[0][1] + frame.side + 5.4
            parts.append(Words(cx, bottom, notes, frame.small, colour=NOTE, anchor="middle"))
    parts.append(Box(*_PANEL, PANEL_FACE, PANEL_EDGE, 1.25, 6.75))
    return tuple(parts)


@functools.lru_cache(maxsize=64)
def _frames(rows: tuple[tuple[str, ...], tuple[str, ...]], tiles: Tiles) -> tuple[_Frame, ...]:
    """Where each face-up tile's parts go, row by row: the one geometry both layers use."""
    from piratelib.blackbeard.piracy import ROWS

    frames = []
    for row, drawn in zip(ROWS, rows, strict=True):
        if not drawn:
            continue
        width = min(_TILE_WIDEST, (_RIGHT - _LEFT - _GAP * (len(drawn) - 1)) / len(drawn))
        narrow = width < 117
        size, small = (12.5, SMALLEST) if narrow else (13.75, 12.5)
        y = _ROW_TOPS[row] + _TILE_DOWN
        for i, tile in enumerate(drawn):
            info, n = tiles.piracy[tile], tiles.squares(tile)
            x = _LEFT + i * (width + _GAP)
            name = _wrap(info["name"], width, size * 1.12)
            where = _wrap("at " + _where_words(info["where"]), width, small)
            status_y = y + 6.75 + len(name) * size * _LINE + 9 + len(where) * small * _LINE + 9
            room = max(len(_wrap(s, width, small)) for s in _statuses(n, info["penalty"]))
            side = min(33.75, (width - 13.5) / (n * 1.25 - 0.25))
            top = status_y + room * small * _LINE + 6.75
            left = x + width / 2 - (n * side * 1.25 - side * 0.25) / 2
            squares = tuple((left + k * side * 1.25, top) for k in range(n))
            frames.append(_Frame(tile, row, x, y, width, status_y, squares, side, size, small))
    return tuple(frames)


def _tile_marks(mat: Mat, frame: _Frame, tiles: Tiles) -> list[Part]:
    """One tile's status, full outline, cubes and pawns."""
    info, n = tiles.piracy[frame.tile], len(frame.squares)
    on, planned = mat.on(frame.tile), mat.planned(frame.tile)
    full = on >= n
    status = _status(on, n, planned, info["penalty"])
    colour = FULL if full else PENALTY if info["penalty"] else "#444444"
    lines = _wrap(status, frame.width, frame.small)
    cx = frame.x + frame.width / 2
    parts: list[Part] = [
        Words(cx, frame.status_y, lines, frame.small, colour=colour, bold=full, anchor="middle")
    ]
    if full:
        box = (frame.x, frame.y, frame.width, _TILE_HEIGHT)
        parts.append(Box(*box, "none", FULL, 3.1, 6.75, f"full:{frame.tile}"))
    side = frame.side
    inset = side * 0.14
    face = CUBE_FACE[info["cubes"]]
    for k, (x, y) in enumerate(frame.squares):
        if k < on:
            cube = (x + inset, y + inset, side - 2 * inset, side - 2 * inset)
            parts.append(Box(*cube, face, "#000000", 0.75, gid=f"cube:{frame.tile}:{k}"))
        elif k < on + planned:
            parts.append(Pawn(x + side / 2, y + side / 2, side * 0.8, f"pawn:{frame.tile}:{k}"))
    return parts


def _panel_marks(mat: Mat, tiles: Tiles) -> list[Part]:
    """The panel's words and Purse cubes: Purse, Taken Loot, spares, Defenses, turn."""
    x, y = _PANEL_X, 55.25
    parts: list[Part] = [Words(x, y, (f"Purse: {mat.purse} gold",), 13.75, bold=True, gid="purse")]
    y += 29.25
    for i in range(mat.purse):
        spot = (x + (i % 10) * 20.25, y + (i // 10) * 20.25, 15.75, 15.75)
        parts.append(Box(*spot, CUBE_FACE["gold"], "#000000", 0.6, gid=f"purse:{i}"))
    y += 24.75 + 20.25 * ((max(mat.purse, 1) - 1) // 10) + 13.5
    loot = ", ".join(map(str, mat.taken_loot)) or "none"
    said = (
        f"Taken Loot: {loot}",
        f"(shows {sum(mat.taken_loot)} gold; {len(mat.loot_pool)} left to draw)",
    )
    parts.append(Words(x, y, said, _PANEL_SIZE, gid="taken_loot"))
    y += 51.75
    spares = (f"Spares: {mat.spare_gold} gold, {mat.spare_black} black",)
    parts.append(Words(x, y, spares, _PANEL_SIZE, gid="spares"))
    y += 31.5
    defenses = tuple(
        tiles.defenses[d]["name"] + (f" ({paid} Paid)" if paid else "") for d, paid in mat.defenses
    )
    said = ("Prepared Defenses:", *(defenses or ("none",)))
    parts.append(Words(x, y, said, _PANEL_SIZE, gid="defenses"))
    turn = (f"Turn {mat.turn}; pawns used {mat.pawns_used}",)
    bottom = _PANEL[1] + _PANEL[3] - 10
    parts.append(Words(x, bottom, turn, _PANEL_SIZE, colour="#404040", above=True, gid="turn"))
    return parts


def _status(on: int, n: int, planned: int, penalty: str) -> str:
    """A tile's status line: "FULL", or its cubes of its squares, its pawns, its penalty."""
    if on >= n:
        return "FULL"
    status = f"{on} / {n}" + (f", {_pawns(planned)}" if planned else "")
    return status + (f" · {PENALTY_WORDS[penalty]}" if penalty else "")


def _statuses(n: int, penalty: str) -> list[str]:
    """Every status a tile of `n` squares can show, to keep room for the longest."""
    return [
        _status(on, n, planned, penalty) for on in range(n + 1) for planned in range(n - on + 1)
    ]


def _pawns(count: int) -> str:
    """ "1 pawn", "3 pawns"."""
    return f"{count} pawn{'s' if count > 1 else ''}"


def _tile_name(tile: str, tiles: Tiles) -> str:
    """A tile's name, with its place when several tiles share the name (Seize Prize)."""
    info = tiles.piracy[tile]
    same = [t for t in tiles.piracy if tiles.piracy[t]["name"] == info["name"]]
    return f"{info['name']} ({_where_words(info['where'])})" if len(same) > 1 else str(info["name"])


def _where_words(where: Iterable[str]) -> str:
    """A tile's listed spaces in words."""
    from piratelib.blackbeard.board import load_map

    G = load_map()
    words = {"any_anchorage": "any Anchorage", "any_town": "any Town", "camp": "Camp"}
    return " or ".join(words.get(w) or G.nodes[w]["name"] for w in where)


def _tile_notes(info: Mapping[str, Any], narrow: bool = False) -> str:
    """What a tile does, in short: From Purse, Show, Take n, its effect or penalty.

    Lines break only between notes, unless the tile is `narrow`.
    """
    notes = ["From Purse"] if info["cubes"] == "gold" else []
    if info["show"]:
        notes.append("Show")
    if info["take_loot"]:
        notes.append(f"Take {info['take_loot']}")
    if info["effect"]:
        notes.append(EFFECT_WORDS[info["effect"]])
    if info["not_if_sailed"]:
        notes.append("not if Sailed")
    space = " " if narrow else "\u00a0"  # no break inside a note on a wide tile
    return " · ".join(note.replace(" ", space) for note in notes)


def _wrap(text: str, width: float, size: float) -> tuple[str, ...]:
    """`text` broken into lines that fit `width` pixels at `size` pixels (about 0.6 of
    its size a letter)."""
    per_line = max(6, int(width / (size * 0.6)))
    return tuple(textwrap.wrap(text, per_line, break_long_words=False))


def _row_verdict(cubes: int, squares: int) -> str:
    """Whether a row reaches half of its squares, in the Victory rule's words."""
    if not squares:
        return "no tiles yet"
    if 2 * cubes > squares:
        return "more than half: wins either way"
    if 2 * cubes == squares:
        return "exactly half: wins (not with the more-than-half option)"
    return f"less than half (half is {(squares + 1) // 2})"
