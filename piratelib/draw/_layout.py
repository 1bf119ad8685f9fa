"""Text layout for grid charts: names beside their marks, clear of each other, and legends.

:func:`place_names` puts each name next to its mark on a chart of squares, measuring every
name so that none covers another name or a mark, all stay inside the grid, and as few as
possible hide squares the chart marks; :func:`legend_columns` finds how many legend
columns fit a width. Dread Pirate's sea chart uses both; nothing here knows the game.
A square is ``(row, column)``, drawn at ``x = column``, ``y = row``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, cast

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.font_manager import FontProperties
from matplotlib.path import Path
from matplotlib.text import Text
from matplotlib.transforms import Bbox

from piratelib.draw._common import check_text, text_align
from piratelib.errors import PiratelibError, check_number

if TYPE_CHECKING:
    from matplotlib.backend_bases import RendererBase
    from matplotlib.text import Annotation

__all__ = ["Mark", "Name", "Square", "legend_columns", "place_names"]

Square = tuple[int, int]
Mark = tuple[float, float, float, Square]
"""A mark to name: its centre ``x, y`` in data units, half its width in points, its square."""
Name = tuple[str, str, Mapping[str, Any], str]
"""A name to place: the gid of its mark, its text, its text properties, its box's edge."""


def place_names(
    ax: Axes,
    names: Sequence[Name],
    marks: Mapping[str, Mark],
    cell: float,
    *,
    avoid: Iterable[Square],
) -> None:
    """Put every name beside its mark, clear of other names and marks, inside the grid.

    `names` are placed in order, each as ``(gid, text, style, edge)``: the gid of its mark
    in `marks` (and of the name, once drawn), its text, its text properties and the colour
    of its box's edge. Each tries spots in rings around its mark, nearest first, and takes
    the one that covers no other name or mark, stays inside the grid, and is cheapest: each
    square of `avoid` it hides costs 4, each ring farther out 3. A name not next to its
    mark gets a thin line to it. The axes' figure needs a canvas with a renderer (e.g.
    ``FigureCanvasAgg(fig)``), to measure the names.
    """
    _check_places(ax, names, marks, cell)
    avoid = _squares(avoid)
    # _check_places refused a canvas without get_renderer (such as FigureCanvasBase's)
    renderer = cast("_Measuring", ax.figure.canvas).get_renderer()
    frame = ax.get_window_extent(renderer)
    to_pixels = ax.figure.dpi / 72
    centres = {gid: ax.transData.transform(mark[:2]) for gid, mark in marks.items()}
    mark_boxes = {
        gid: _box_around(centres[gid], mark[2] * to_pixels + 1) for gid, mark in marks.items()
    }
    taken = list(mark_boxes.values())
    avoid_boxes = [
        _box_around(ax.transData.transform((c, r)), cell * ax.figure.dpi / 2 - 1)
        for r, c in dict.fromkeys(avoid)
    ]
    spots = _spots(cell * 72)
    for gid, text, style, edge in names:
        x, y, half, square = marks[gid]
        crossed = [box for other, box in mark_boxes.items() if marks[other][3] != square]
        best: tuple[tuple[int, int], Bbox, Sequence[object]] | None = None
        spot: Sequence[object]
        for rank, (ring, *spot) in enumerate(spots):
            if best is not None and 3 * ring >= best[0][0]:
                break  # every spot left costs at least as much
            spot, box = _fit(ax, text, (x, y), spot, style, edge, frame, renderer)
            if box is None or any(box.overlaps(other) for other in taken):
                continue
            line = Path([centres[gid], box.corners().mean(axis=0)])
            if ring and any(line.intersects_bbox(other) for other in crossed):
                continue  # its line to the mark would cross another square's mark
            hidden = sum(box.overlaps(other) for other in avoid_boxes)
            cost = (4 * hidden + 3 * ring, rank)
            if best is None or cost < best[0]:
                best = (cost, box, spot)
        if best is None:  # nowhere free: keep the name, overlapping, rather than lose it
            ring, spot = 0, spots[0][1:]
        else:
            ring, spot = spots[best[0][1]][0], best[2]
        leader: dict[str, object] | None = (
            None if not ring else {"colour": edge if edge != "white" else "#455a64"}
        )
        if leader is not None:
            leader["shrink"] = half + 1
        label = _label(ax, text, (x, y), spot, style, edge, leader=leader)
        label.set_gid(gid)
        taken.append(_label_box(label, renderer))


def legend_columns(entries: Sequence[Artist], width: float, style: Mapping[str, float]) -> int:
    """The most legend columns that fit in `width` inches, as matplotlib fills them.

    `style` holds the legend's ``fontsize``, ``handlelength``, ``handletextpad`` and
    ``columnspacing``, as they will be passed to ``legend``.
    """
    _check_legend(entries, width, style)
    canvas: _Measuring = FigureCanvasAgg(Figure(dpi=72))
    renderer = canvas.get_renderer()
    font = FontProperties(size=style["fontsize"])
    em = style["fontsize"]
    # Artist.get_label is typed object; a legend entry's label is its text
    texts = [
        renderer.get_text_width_height_descent(cast(str, entry.get_label()), font, ismath=False)[0]
        for entry in entries
    ]
    extra = (style["handlelength"] + style["handletextpad"]) * em
    for columns in range(len(entries), 1, -1):
        rows = math.ceil(len(entries) / columns)
        widths = [max(texts[i : i + rows]) + extra for i in range(0, len(entries), rows)]
        total = sum(widths) + style["columnspacing"] * em * (len(widths) - 1) + 2 * em
        if total <= width * 72:
            return math.ceil(len(entries) / rows)  # as few rows, as evenly filled
    return 1


_LEGEND_KEYS = ("fontsize", "handlelength", "handletextpad", "columnspacing")


class _Measuring(Protocol):
    """A canvas that can measure text, such as ``FigureCanvasAgg``."""

    def get_renderer(self) -> RendererBase: ...


def _check_legend(entries: object, width: object, style: object) -> None:
    """Refuse what :func:`legend_columns` cannot measure."""
    if isinstance(entries, str) or not isinstance(entries, Sequence):
        raise PiratelibError(f"entries must be a list of legend entries, got {entries!r:.80}")
    if not all(isinstance(entry, Artist) for entry in entries):
        raise PiratelibError("every legend entry must be a matplotlib Artist (e.g. a Line2D)")
    check_number("the legend's width in inches", width, 0, 1000)
    if not isinstance(style, Mapping):
        raise PiratelibError(f"style must map legend settings to numbers, got {style!r:.80}")
    for key in _LEGEND_KEYS:
        check_number(f"the legend's {key}", style.get(key), 0, 1000)


def _check_places(ax: object, names: object, marks: object, cell: object) -> None:
    """Refuse what :func:`place_names` cannot place: each name's mark must be in `marks`."""
    if not isinstance(ax, Axes) or ax.figure is None or ax.figure.canvas is None:
        raise PiratelibError(f"ax must be matplotlib Axes on a figure, got {ax!r:.60}")
    if not hasattr(ax.figure.canvas, "get_renderer"):
        raise PiratelibError("the axes' figure needs a canvas with a renderer (FigureCanvasAgg)")
    check_number("cell (a square's width in inches)", cell, 0.001, 100)
    if not isinstance(marks, Mapping):
        raise PiratelibError(
            f"marks must map gids to (x, y, half width, square), got {marks!r:.80}"
        )
    for gid, mark in marks.items():
        if not (isinstance(mark, tuple) and len(mark) == 4):
            raise PiratelibError(f"mark {gid!r} must be (x, y, half width, square), got {mark!r}")
        for value in mark[:3]:
            check_number(f"mark {gid!r}", value, -1e6, 1e6)
        _squares([mark[3]])
    if isinstance(names, str) or not isinstance(names, Sequence):
        raise PiratelibError(f"names must be a list of (gid, text, style, edge), got {names!r:.80}")
    for name in names:
        if not (isinstance(name, tuple) and len(name) == 4 and isinstance(name[2], Mapping)):
            raise PiratelibError(f"a name must be (gid, text, style, edge), got {name!r:.80}")
        gid, text, _, edge = name
        if not isinstance(gid, str) or gid not in marks:
            raise PiratelibError(f"the name {text!r} has no mark: {gid!r} is not in marks")
        check_text(f"the name {gid!r}", text)
        check_text(f"the edge colour of {gid!r}", edge)


def _squares(squares: object) -> list[Square]:
    """`squares` as a list of ``(row, column)`` pairs of whole numbers, or PiratelibError."""
    if isinstance(squares, str | Mapping) or not isinstance(squares, Iterable):
        raise PiratelibError(f"expected squares (row, column), got {squares!r:.80}")
    out = list(squares)
    for square in out:
        if not (
            isinstance(square, tuple)
            and len(square) == 2
            and all(isinstance(x, int) and not isinstance(x, bool) for x in square)
        ):
            raise PiratelibError(f"a square must be (row, column), whole numbers; got {square!r}")
    return out


def _fit(
    ax: Axes,
    text: str,
    xy: tuple[float, float],
    spot: Sequence[object],
    style: Mapping[str, Any],
    edge: str,
    frame: Bbox,
    renderer: RendererBase,
) -> tuple[Sequence[object], Bbox | None]:
    """Slide a name at `spot` along its side of the mark into the grid; return spot and box.

    The box is None if the name still sticks out of the grid.
    """
    dx, dy, ha, va, slide = spot
    label = _label(ax, text, xy, spot, style, edge)
    box = _label_box(label, renderer)
    label.remove()
    points = 72 / ax.figure.dpi
    slide_x = max(0.0, frame.x0 - box.x0) - max(0.0, box.x1 - frame.x1)
    slide_y = max(0.0, frame.y0 - box.y0) - max(0.0, box.y1 - frame.y1)
    if (slide == "x" and slide_x) or (slide == "y" and slide_y):
        if slide == "x":
            dx += slide_x * points
        else:
            dy += slide_y * points
        spot = (dx, dy, ha, va, slide)
        label = _label(ax, text, xy, spot, style, edge)
        box = _label_box(label, renderer)
        label.remove()
    inside = frame.x0 <= box.x0 and box.x1 <= frame.x1 and frame.y0 <= box.y0
    return spot, box if inside and box.y1 <= frame.y1 else None


def _label(
    ax: Axes,
    text: str,
    xy: tuple[float, float],
    spot: Sequence[object],
    style: Mapping[str, Any],
    edge: str,
    *,
    leader: Mapping[str, object] | None = None,
) -> Annotation:
    """A name in a white box at `spot` from `xy`, with a thin line back to `xy` if asked."""
    dx, dy, ha, va = spot[:4]
    arrow = None
    if leader is not None:
        arrow = {
            "arrowstyle": "-",
            "color": leader["colour"],
            "linewidth": 1,
            "shrinkA": 0,
            "shrinkB": leader["shrink"],
        }
    return ax.annotate(
        text,
        xy,
        xytext=(dx, dy),
        textcoords="offset points",
        ha=ha,
        va=va,
        bbox={
            "boxstyle": "round,pad=0.2",
            "facecolor": "white",
            "edgecolor": edge,
            "linewidth": 1.2,
            "alpha": 0.85,
        },
        arrowprops=arrow,
        zorder=7,
        **style,
    )


def _spots(points: float) -> list[tuple[int, float, float, str, str, str]]:
    """Spots for a name around a mark, nearest first: ``(ring, dx, dy, ha, va, slide)``.

    Offsets are in points for marks `points` wide. Each ring has the eight compass points,
    and above and below also a name that starts or ends at the mark. `slide` says which
    way a name may slide to stay in the grid: ``"x"`` above or below, ``"y"`` beside.
    """
    spots = []
    for ring, reach in enumerate((0.5, 1.0, 1.5, 2.5)):
        gap = reach * points + 2
        side = 0.3 * points
        # (dx, dy): dy counts rows, so +1 is below the mark
        for dx, dy in ((1, 0), (-1, 0), (0, -1), (0, 1)):
            spots.append((ring, dx * gap, -dy * gap, *text_align(dx, -dy), "x" if dy else "y"))
        for dy in (-1, 1):
            _, va = text_align(0, -dy)
            spots.append((ring, -side, -dy * gap, "left", va, "x"))
            spots.append((ring, side, -dy * gap, "right", va, "x"))
        for dx, dy in ((1, -1), (1, 1), (-1, -1), (-1, 1)):
            spots.append((ring, dx * gap, -dy * gap, *text_align(dx, -dy), ""))
    return spots


def _label_box(label: Annotation, renderer: RendererBase) -> Bbox:
    """The window extent of a name with its rounded box (not its line), plus a pixel."""
    # Text.get_fontsize gives the size in points; its stub also allows str
    pad = 0.2 * cast(float, label.get_fontsize()) * label.figure.dpi / 72 + 1
    label.update_positions(renderer)  # place the text, as drawing would
    return Text.get_window_extent(label, renderer).padded(pad)


def _box_around(centre: np.ndarray, half: float) -> Bbox:
    """A square window box of half-width `half` around `centre`."""
    return Bbox([centre - half, centre + half])
