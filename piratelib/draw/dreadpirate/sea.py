"""Matplotlib pictures of Dread Pirate: the sea as a grid, with ships, reach and routes.

Like every module of :mod:`piratelib.draw`, this one builds
:class:`matplotlib.figure.Figure` objects directly (no ``pyplot`` state) and is imported
only by widgets and notebooks. It draws what the rules compute and computes nothing
itself: which squares a ship can reach, which change between two readings of the
diagonal rule, and every odds come from :mod:`piratelib.dreadpirate.sea`.

- :func:`sea_chart`: the sea's water and land squares with row and column numbers, the
  Cities and Mission places, ships, shaded squares (e.g. those a roll reaches), marked
  squares (e.g. those two diagonal rules disagree on), a target and a path. Names are
  placed by :mod:`piratelib.draw._layout`.
- :func:`sea_chart_alt`: what :func:`sea_chart` draws, in words (its alt text, from
  :mod:`~piratelib.draw.dreadpirate.alt`); :func:`ship_tags`: the letter on each ship's
  sail (its name is in the legend; from :mod:`~piratelib.draw.dreadpirate.style`).

Colours, shapes and proportions come from :mod:`~piratelib.draw.dreadpirate.style`, which
the SVG twin for the apps, :func:`~piratelib.draw.dreadpirate.sea_svg.sea_chart_svg`,
shares.
- :func:`~piratelib.draw.dreadpirate.odds.turns_bars` and
  :func:`~piratelib.draw.dreadpirate.odds.turns_alt` (turns to reach a square) live with the
  battle charts in :mod:`piratelib.draw.dreadpirate.odds`.

Render with :func:`piratelib.draw.charts.png`. Artists that tests and widgets look for
carry a ``gid``: ``"water"``, ``"land"``, ``"grid"``, ``"place:<id>"``, ``"label:<id>"``,
``"ship:<name>"``, ``"ship_label:<name>"``, ``"highlight:<row>,<col>"``,
``"changed:<row>,<col>"``, ``"target"``, ``"path"``, ``"legend"``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
from matplotlib import patheffects
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection, PatchCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import Circle, FancyArrowPatch, Patch, Rectangle
from matplotlib.path import Path

from piratelib.draw._common import legend_marker, ship_marker
from piratelib.draw._layout import Mark, Name, Square, legend_columns, place_names
from piratelib.draw.dreadpirate import marks, style
from piratelib.draw.dreadpirate.alt import sea_chart_alt, sea_title
from piratelib.draw.dreadpirate.marks import checked_chart
from piratelib.draw.dreadpirate.style import ship_tags
from piratelib.dreadpirate.sea import Sea

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

__all__ = ["sea_chart", "sea_chart_alt", "ship_tags"]

_HIGHLIGHT = (style.HIGHLIGHT, style.HIGHLIGHT_ALPHA)
_HATCH = "////"
_LEGEND_STYLE = {
    "fontsize": style.LEGEND_PT,
    "handlelength": 1.6,
    "handletextpad": 0.8,
    "columnspacing": 1.2,
}


def sea_chart(
    sea_or_graph: Sea | nx.Graph[Square],
    *,
    ships: Mapping[str, Square] | None = None,
    highlight: Iterable[Square] = (),
    changed: Iterable[Square] = (),
    target: Square | None = None,
    path: Sequence[Square] | None = None,
    title: str | None = None,
    highlight_label: str = "highlighted",
    changed_label: str = "changed",
    ship_colours: Mapping[str, str] | None = None,
) -> Figure:
    """Draw the sea: water and land squares, the places, ships and optional marks.

    Each **square** is one movement space, named ``(row, column)`` from ``(0, 0)`` at the
    top left; the numbers run along the edges. Cities (the "large anchors") get an anchor
    and their name in bold; other Mission places a small diamond and their name. Names are
    placed so that none covers another, a ship or a place.

    Parameters
    ----------
    sea_or_graph : Sea or networkx.Graph
        The board, from :func:`~piratelib.dreadpirate.sea.load_sea`, or a graph from
        :func:`~piratelib.dreadpirate.sea.sea_graph` (whose diagonal rule then goes in
        the default title).
    ships : mapping of str to square, optional
        Ships by name, each drawn as a coloured ship on its square with its name beside it.
    highlight : iterable of squares
        Squares to shade gold (e.g. those a ship can reach this turn).
    changed : iterable of squares
        Squares to outline and hatch (e.g. those two diagonal rules disagree on).
    target : square, optional
        A square to ring in red (e.g. where the ship wants to go).
    path : sequence of squares, optional
        A route drawn as a line from square to square, with an arrow at its end.
    title : str, optional
        The picture's title (default: "Dread Pirate: the sea", with the diagonal rule if
        a graph is given); ``""`` for none.
    highlight_label, changed_label : str
        What the legend calls the shaded and the outlined squares.
    ship_colours : mapping of str to str, optional
        A ship's band colour by its name, as a game's Pirates have them ("red", "brown",
        "blue", "green", or any matplotlib colour); the others get a colour in turn.

    Returns
    -------
    Figure
        About 10 x 7 inches for the packaged 20 x 13 sea. Any sea's grid fits in 9 x 5.6
        inches, with squares at most 0.8 inch wide, so a tiny sea makes a small picture.

    Raises
    ------
    IllegalActionError
        If `sea_or_graph` is neither a Sea nor a sea graph, a square is not a
        ``(row, column)`` on the board, a ship or the target is on land, or two ships share
        a square ("Two or more ships cannot occupy the same space").

    Examples
    --------
    >>> from piratelib.dreadpirate.sea import load_sea
    >>> fig = sea_chart(load_sea(), ships={"Anne": (0, 0)}, highlight=[(0, 1), (1, 1)])
    >>> fig.get_size_inches().round(1).tolist()
    [9.5, 7.0]
    >>> ax = fig.axes[0]
    >>> sorted(t.get_text() for t in ax.texts if t.get_gid().startswith("label:"))[1:4]
    ['La Antigua', 'Lost City of Orichal', 'Mermaid Lagoon']
    >>> sorted(p.get_gid() for p in ax.patches if p.get_gid().startswith("highlight:"))
    ['highlight:0,1', 'highlight:1,1']
    >>> sea_chart(load_sea(), ships={"Anne": (1, 4)})
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: ship Anne is on land at (1, 4): Ships must stay on water
    """
    sea, graph, ships, highlight, changed, target, path = checked_chart(
        sea_or_graph, ships, highlight, changed, target, path, highlight_label, changed_label
    )
    title = sea_title(graph, title)

    legend = _legend_entries(sea, highlight, changed, target, path, highlight_label, changed_label)
    colours = marks.ship_colours(ships, ship_colours)
    legend += _ship_entries(ships, colours)
    cell = style.cell_inches(sea.width, sea.height)
    grid_w, grid_h = cell * sea.width, cell * sea.height
    fig_w = max(grid_w + 2 * style.SIDE, style.MIN_WIDTH)
    columns = legend_columns(legend, fig_w - 0.2, _LEGEND_STYLE)
    rows = math.ceil(len(legend) / columns)
    bottom = style.UNDER_NUMBERS + rows * style.LEGEND_ROW + 0.1
    fig_h = style.TOP + grid_h + bottom
    fig = Figure(figsize=(fig_w, fig_h))
    FigureCanvasAgg(fig)  # a renderer, to measure names while placing them
    ax = fig.add_axes(
        ((fig_w - grid_w) / 2 / fig_w, bottom / fig_h, grid_w / fig_w, grid_h / fig_h)
    )
    _draw_grid(ax, sea, cell)
    if title:
        fig.suptitle(title, fontsize=style.TITLE_PT, y=1 - 0.08 / fig_h, va="top")

    for square in highlight:
        ax.add_patch(
            Rectangle(
                (square[1] - 0.5, square[0] - 0.5),
                1,
                1,
                facecolor=_HIGHLIGHT,
                edgecolor="none",
                zorder=1,
                gid=f"highlight:{square[0]},{square[1]}",
            )
        )
    for square in changed:
        ax.add_patch(
            Rectangle(
                (square[1] - style.CHANGED_HALF, square[0] - style.CHANGED_HALF),
                2 * style.CHANGED_HALF,
                2 * style.CHANGED_HALF,
                facecolor="none",
                edgecolor=style.CHANGED,
                hatch=_HATCH,
                linewidth=2,
                zorder=2,
                gid=f"changed:{square[0]},{square[1]}",
            )
        )
    if target is not None:
        ax.add_patch(
            Circle(
                (target[1], target[0]),
                style.TARGET_RADIUS,
                facecolor="none",
                edgecolor=style.TARGET,
                linewidth=3,
                zorder=4,
                gid="target",
            )
        )
    if len(path) > 1:
        _draw_path(ax, path)

    drawn = _draw_places_and_ships(ax, sea, ships, cell, colours)
    _place_labels(ax, sea, drawn, cell, avoid=[*changed, *path, *([target] if target else [])])
    fig.legend(
        handles=legend,
        loc="lower center",
        bbox_to_anchor=(0.5, 0.02 / fig_h),
        ncols=columns,
        frameon=False,
        **_LEGEND_STYLE,
    ).set_gid("legend")
    return fig


def _legend_entries(
    sea: Sea,
    highlight: list[Square],
    changed: list[Square],
    target: Square | None,
    path: list[Square],
    highlight_label: str,
    changed_label: str,
) -> list[Patch | Line2D]:
    """One legend entry per kind of thing drawn."""
    entries: list[Patch | Line2D] = [
        Patch(facecolor=style.WATER, edgecolor=style.GRID, label=style.WORDS["water"])
    ]
    if any("#" in row for row in sea.rows):
        entries.append(
            Patch(facecolor=style.LAND, edgecolor=style.LAND_EDGE, label=style.WORDS["land"])
        )
    kinds = {entry["kind"] for entry in sea.places.values()}
    if "city" in kinds:
        entries.append(
            legend_marker(
                style.WORDS["city"], _anchor(), size=10, face="none", edge=style.CITY, edgewidth=1.8
            )
        )
    if "mission" in kinds:
        entries.append(
            legend_marker(
                style.WORDS["mission"],
                "D",
                size=10,
                face=style.MISSION,
                edge="white",
                edgewidth=0.8,
            )
        )
    if highlight:
        entries.append(Patch(facecolor=_HIGHLIGHT, edgecolor="none", label=highlight_label))
    if changed:
        entries.append(
            Patch(
                facecolor="none",
                edgecolor=style.CHANGED,
                hatch=_HATCH,
                linewidth=1.5,
                label=changed_label,
            )
        )
    if target is not None:
        entries.append(
            legend_marker(
                style.WORDS["target"], "o", size=10, face="none", edge=style.TARGET, edgewidth=1.8
            )
        )
    if len(path) > 1:
        entries.append(
            Line2D([], [], color=style.PATH, linewidth=style.PATH_WIDTH, label=style.WORDS["path"])
        )
    return entries


def _draw_grid(ax: Axes, sea: Sea, cell: float) -> None:
    """Water, land, grid lines and the row and column numbers on every edge."""
    h, w = sea.height, sea.width
    ax.set_xlim(-0.5, w - 0.5)
    ax.set_ylim(h - 0.5, -0.5)  # row 0 at the top, as printed
    ax.set_aspect("equal")
    ax.add_patch(
        Rectangle(
            (-0.5, -0.5), w, h, facecolor=style.WATER, edgecolor="none", zorder=0, gid="water"
        )
    )
    land = [
        Rectangle((c - 0.5, r - 0.5), 1, 1)
        for r in range(h)
        for c in range(w)
        if not sea.is_water((r, c))
    ]
    ax.add_collection(
        PatchCollection(
            land,
            facecolor=style.LAND,
            edgecolor=style.LAND_EDGE,
            linewidth=0.8,
            zorder=0.5,
            gid="land",
        )
    )
    lines = [[(x - 0.5, -0.5), (x - 0.5, h - 0.5)] for x in range(w + 1)]
    lines += [[(-0.5, y - 0.5), (w - 0.5, y - 0.5)] for y in range(h + 1)]
    ax.add_collection(
        LineCollection(lines, colors=style.GRID, linewidths=0.6, zorder=1.5, gid="grid")
    )
    size = min(8.5, cell * 72 * 0.42)
    step = 1 if cell * 72 >= 14 else 2
    ax.set_xticks(range(0, w, step))
    ax.set_yticks(range(0, h, step))
    ax.tick_params(
        labelsize=size,
        length=0,
        pad=2,
        labeltop=True,
        labelright=True,
        colors=style.NUMBERS,
    )
    for spine in ax.spines.values():
        spine.set_edgecolor(style.FRAME)


def _draw_path(ax: Axes, path: list[Square]) -> None:
    """The path as a line through the squares' centres, with an arrow into the last one."""
    xs = [c for _, c in path]
    ys = [r for r, _ in path]
    outline = [patheffects.withStroke(linewidth=5, foreground="white")]
    ax.plot(
        xs[:-1],
        ys[:-1],
        color=style.PATH,
        linewidth=style.PATH_WIDTH,
        marker="o",
        markersize=4,
        solid_capstyle="round",
        path_effects=outline,
        zorder=4.5,
        gid="path",
    )
    ax.add_patch(
        FancyArrowPatch(
            (xs[-2], ys[-2]),
            (xs[-1], ys[-1]),
            arrowstyle="-|>",
            mutation_scale=14,
            linewidth=style.PATH_WIDTH,
            color=style.PATH,
            shrinkA=0,
            shrinkB=4,
            path_effects=outline,
            zorder=4.5,
            gid="path_end",
        )
    )


def _draw_places_and_ships(
    ax: Axes, sea: Sea, ships: Mapping[str, Square], cell: float, colours: Sequence[str]
) -> dict[str, Mark]:
    """Place markers and ships; return each mark by its gid: ``(x, y, half, square)``.

    ``half`` is half the mark's width in points. A ship on a place sails in the middle of
    the square, a little low, and the place's mark moves small to the top left corner.
    Each ship's tag (:func:`ship_tags`) is written on its sail, inside its own square; its
    full name is in the legend.
    """
    points = cell * 72
    marks: dict[str, Mark] = {}
    occupied = set(ships.values())
    for place, entry in sea.places.items():
        r, c = entry["at"]
        city = entry["kind"] == "city"
        size = points * (style.CITY_SIZE if city else style.MISSION_SIZE)
        x, y = float(c), float(r)
        if (r, c) in occupied:
            size *= style.PLACE_SHRINK
            x, y = c - style.PLACE_CORNER, r - style.PLACE_CORNER
        ax.plot(
            x,
            y,
            marker=_anchor() if city else "D",
            markersize=size,
            markerfacecolor="none" if city else style.MISSION,
            markeredgecolor=style.CITY if city else "white",
            markeredgewidth=2 if city else 0.8,
            linestyle="none",
            zorder=5,
            gid=f"place:{place}",
        )
        marks[f"label:{place}"] = (x, y, size / 2, (r, c))
    hull = ship_marker()
    tags = ship_tags(ships)
    for i, (name, (r, c)) in enumerate(ships.items()):
        colour = colours[i]
        shift = style.SHIP_SHIFT if sea.place_at((r, c)) else 0.0
        size = points * (style.SHIP_ON_PLACE if shift else style.SHIP_SIZE)
        ax.plot(
            c + shift,
            r + shift,
            marker=hull,
            markersize=size,
            markerfacecolor=colour,
            markeredgecolor=style.OUTLINE,
            markeredgewidth=1,
            linestyle="none",
            path_effects=[patheffects.withStroke(linewidth=3, foreground="white")],
            zorder=6,
            gid=f"ship:{name}",
        )
        marks[f"ship:{name}"] = (c + shift, r + shift, size / 2, (r, c))
        ax.annotate(
            tags[name],
            (c + shift, r + shift),
            xytext=(0, size * style.TAG_RISE),
            textcoords="offset points",
            ha="center",
            va="center",
            fontsize=max(5.0, size * style.TAG_SIZE),
            fontweight="bold",
            color="white",
            path_effects=[patheffects.withStroke(linewidth=1.5, foreground=style.OUTLINE)],
            zorder=6.5,
            gid=f"ship_label:{name}",
        )
    return marks


def _place_labels(
    ax: Axes,
    sea: Sea,
    marks: Mapping[str, Mark],
    cell: float,
    *,
    avoid: Iterable[Square],
) -> None:
    """Name every place beside its mark (:func:`~piratelib.draw._layout.place_names`).

    The Cities' names go first, then the other places'; names keep clear of the ships'
    marks too. `avoid` holds the squares a name should rather not hide (changed squares,
    the path, the target).
    """
    labels: list[Name] = []
    for place, entry in sorted(sea.places.items(), key=lambda item: item[1]["kind"]):
        city = entry["kind"] == "city"
        font = {
            "fontsize": style.CITY_NAME_PT if city else style.MISSION_NAME_PT,
            "fontweight": "bold" if city else "normal",
        }
        labels.append((f"label:{place}", entry["name"], font, "white"))
    place_names(ax, labels, marks, cell, avoid=avoid)


def _ship_entries(ships: Mapping[str, Square], colours: Sequence[str]) -> list[Line2D]:
    """One legend entry per ship: its colour, its tag and its name."""
    tags = ship_tags(ships)
    return [
        legend_marker(
            f"{tags[name]}: {name}" if tags[name] != name else name,
            ship_marker(),
            size=11,
            face=colours[i],
            edge=style.OUTLINE,
            edgewidth=0.8,
        )
        for i, name in enumerate(ships)
    ]


def _anchor() -> Path:
    """A marker outline for a City, drawn as lines (:data:`~.style.ANCHOR`)."""
    anchor = style.ANCHOR
    centre, radius = anchor.ring
    (cx, cy), arm, start, end = anchor.arms
    angles = np.linspace(np.radians(start), np.radians(end), 15)
    arms = np.column_stack([cx + arm * np.cos(angles), cy + arm * np.sin(angles)])
    return Path.make_compound_path(
        Path.circle(centre, radius),
        Path(anchor.stock),
        Path(anchor.shank),
        Path(arms),
        *(Path(fluke) for fluke in anchor.flukes),
    )
