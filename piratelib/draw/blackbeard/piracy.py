"""Matplotlib picture of Blackbeard's mat in Hunt for Blackbeard: Piracy, Purse and Loot.

:func:`blackbeard_mat` draws the two Piracy rows (Acts of Piracy, Pirate's Life) with
their cubes and this turn's planned pawns, the Purse, Taken Loot, spares and Prepared
Defenses, as :mod:`piratelib.draw.blackbeard.mat_style` lays them out (the same layout
:func:`~piratelib.draw.blackbeard.mat_svg.mat_svg` draws as SVG, for apps). It draws what
:mod:`piratelib.blackbeard.piracy` computes (each row's cubes and squares) and computes
nothing itself. Render it with :func:`piratelib.draw.charts.png`;
:func:`blackbeard_mat_alt` says the same in words, for the picture's alt text.

Pawns stand on a tile only until Resolve Piracy reaches it: then they become cubes, or
are wasted, and the mat after that step shows the cubes alone
(:func:`~piratelib.blackbeard.piracy.resolve_piracy` takes them off the tile).

Artists that tests and widgets look for carry the layout's ``gid``: ``"tile:<id>"``,
``"cube:<id>:<i>"``, ``"pawn:<id>:<i>"``, ``"full:<id>"``, ``"row:<row>"``, ``"purse"``,
``"taken_loot"``, ``"spares"``, ``"defenses"`` and ``"turn"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, PathPatch, Rectangle
from matplotlib.path import Path
from matplotlib.transforms import Affine2D

from piratelib.draw.blackbeard.mat_style import (
    DPI,
    HEIGHT,
    PAWN_BODY,
    PAWN_COLOUR,
    PAWN_HEAD,
    WIDTH,
    Box,
    Pawn,
    Words,
    blackbeard_mat_alt,
    checked,
    mat_base,
    mat_marks,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes

__all__ = ["blackbeard_mat", "blackbeard_mat_alt"]

_POINTS = 72 / DPI
"""Points per pixel of the layout."""


def blackbeard_mat(mat: Any, tiles: Any = None, *, title: str = "Blackbeard's mat") -> Figure:
    """Draw Blackbeard's mat: both Piracy rows with cubes and pawns, Purse, Loot and Defenses.

    Parameters
    ----------
    mat : piratelib.blackbeard.piracy.Mat
        The mat to draw.
    tiles : piratelib.blackbeard.piracy.tiles.Tiles, optional
        The tile set (default :func:`~piratelib.blackbeard.piracy.tiles.load_tiles`).
    title : str
        The figure's title.

    Returns
    -------
    Figure
        A 10 x 5.6 inch figure (900 x 500 pixels at 90 dpi). The Acts of Piracy row is on
        top, Pirate's Life below; each tile is a box (gid ``"tile:<id>"``) with one square
        per square on the tile (gold outline for gold squares, dark grey for black), a cube
        drawn in each filled square (``"cube:<id>:<i>"``) and a pawn on each square this
        turn's pawns will fill (``"pawn:<id>:<i>"``). Each row's title gives its ``cubes /
        squares`` and whether it reaches half (``"row:<row>"``); the panel on the right
        shows the Purse (``"purse"``), Taken Loot (``"taken_loot"``), spares (``"spares"``)
        and Prepared Defenses (``"defenses"``).

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat, plan_piracy
    >>> mat = Mat(pirates_life=("banyan_for_vane",), cubes=(("banyan_for_vane", 1),))
    >>> fig = blackbeard_mat(plan_piracy(mat, "banyan_for_vane", 2))
    >>> gids = [str(a.get_gid()) for a in fig.axes[0].patches]
    >>> [gid for gid in gids if gid.startswith(("cube:", "pawn:"))]
    ['cube:banyan_for_vane:0', 'pawn:banyan_for_vane:1', 'pawn:banyan_for_vane:2']
    """
    tiles = checked(mat, tiles)
    marks = mat_marks(mat, tiles, title=title)
    fig = Figure(figsize=(WIDTH / DPI, HEIGHT / DPI), dpi=DPI)
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(0, WIDTH)
    ax.set_ylim(HEIGHT, 0)  # the layout's y runs downwards
    ax.axis("off")
    for part in (*mat_base((mat.acts_of_piracy, mat.pirates_life), tiles), *marks):
        if isinstance(part, Box):
            _box(ax, part)
        elif isinstance(part, Words):
            ax.text(
                part.x,
                part.y,
                "\n".join(part.lines),
                fontsize=part.size * _POINTS,
                color=part.colour,
                fontweight="bold" if part.bold else "normal",
                ha="center" if part.anchor == "middle" else "left",
                va="bottom" if part.above else "top",
                gid=part.gid or None,
            )
        else:
            _pawn(ax, part)
    return fig


def _box(ax: Axes, box: Box) -> None:
    """A layout box as a rectangle, rounded or not."""
    corner, size = (box.x, box.y), (box.width, box.height)
    shape = (
        FancyBboxPatch(corner, *size, boxstyle=f"round,pad=0,rounding_size={box.round}")
        if box.round
        else Rectangle(corner, *size)
    )
    shape.set(facecolor=box.face, edgecolor=box.edge, linewidth=box.line * _POINTS)
    shape.set_gid(box.gid or None)
    ax.add_patch(shape)


def _pawn(ax: Axes, pawn: Pawn) -> None:
    """A layout pawn: a round head on a flared body."""
    x, y, r = PAWN_HEAD
    body = Path([*PAWN_BODY, PAWN_BODY[0]], closed=True)
    shape = Path.make_compound_path(Path.circle((x, y), r), body)
    placed = shape.transformed(Affine2D().scale(pawn.size).translate(pawn.x, pawn.y))
    ax.add_patch(
        PathPatch(
            placed, facecolor=PAWN_COLOUR, edgecolor="white", linewidth=0.5, gid=pawn.gid or None
        )
    )
