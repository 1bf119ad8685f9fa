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
- :func:`sea_chart_alt`: what :func:`sea_chart` draws, in words (its alt text);
  :func:`ship_tags`: the letter on each ship's sail (its name is in the legend).
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

from piratelib.draw._common import check_text, legend_marker, ship_marker
from piratelib.draw._layout import Mark, Name, Square, legend_columns, place_names
from piratelib.draw.dreadpirate.marks import checked_chart
from piratelib.dreadpirate.sea import DIAGONAL_NAMES, Sea
from piratelib.errors import IllegalActionError
from piratelib.words import listing, plural

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

__all__ = ["sea_chart", "sea_chart_alt", "ship_tags"]

_WATER = "#cfe6f5"
_LAND = "#a4b46e"
_LAND_EDGE = "#6b7d3c"
_GRID = "#8fb3cc"
_HIGHLIGHT = (1.0, 0.80, 0.15, 0.55)
_CHANGED = "#c2185b"
_TARGET = "#d50000"
_PATH = "#4a148c"
_CITY = "#1a237e"
_MISSION = "#6d4c41"
_SHIP_COLOURS = ("#d32f2f", "#1565c0", "#2e7d32", "#f9a825", "#6a1b9a", "#ef6c00")
"""One colour per ship, in the order the ships are given."""
_BANDS = {"red": "#d32f2f", "brown": "#6d4c41", "blue": "#1565c0", "green": "#2e7d32"}
"""How a Ship's band colour (as the game names it) is drawn; other colours go to matplotlib."""

_MAX_WIDTH = 9.0
"""The widest the grid may be drawn, in inches; the 20-column sea fills about this."""
_MAX_HEIGHT = 5.6
"""The tallest the grid may be drawn, in inches."""
_MAX_CELL = 0.8
"""The largest square, in inches, so a tiny sea is not drawn huge."""
_SIDE = 0.42
"""Margin left and right of the grid for the row numbers, in inches."""
_TOP = 0.75
"""Margin above the grid for the title and the column numbers, in inches."""
_UNDER_NUMBERS = 0.3
"""Margin under the grid for the column numbers, in inches."""
_LEGEND_ROW = 0.25
"""Height of one row of the legend, in inches."""
_LEGEND_STYLE = {"fontsize": 10, "handlelength": 1.6, "handletextpad": 0.8, "columnspacing": 1.2}
_MIN_WIDTH = 3.2
"""The narrowest figure, in inches, so the title and legend fit around a tiny sea."""


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
    check_text("title", title, optional=True)
    if title is None:
        title = "Dread Pirate: the sea"
        if graph is not None:
            title += f" (diagonal rule: {DIAGONAL_NAMES[graph['diagonal']]})"

    legend = _legend_entries(sea, highlight, changed, target, path, highlight_label, changed_label)
    colours = _colours(ships, ship_colours)
    legend += _ship_entries(ships, colours)
    cell = min(_MAX_WIDTH / sea.width, _MAX_HEIGHT / sea.height, _MAX_CELL)
    grid_w, grid_h = cell * sea.width, cell * sea.height
    fig_w = max(grid_w + 2 * _SIDE, _MIN_WIDTH)
    columns = legend_columns(legend, fig_w - 0.2, _LEGEND_STYLE)
    rows = math.ceil(len(legend) / columns)
    bottom = _UNDER_NUMBERS + rows * _LEGEND_ROW + 0.1
    fig_h = _TOP + grid_h + bottom
    fig = Figure(figsize=(fig_w, fig_h))
    FigureCanvasAgg(fig)  # a renderer, to measure names while placing them
    ax = fig.add_axes(
        ((fig_w - grid_w) / 2 / fig_w, bottom / fig_h, grid_w / fig_w, grid_h / fig_h)
    )
    _draw_grid(ax, sea, cell)
    if title:
        fig.suptitle(title, fontsize=13, y=1 - 0.08 / fig_h, va="top")

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
                (square[1] - 0.44, square[0] - 0.44),
                0.88,
                0.88,
                facecolor="none",
                edgecolor=_CHANGED,
                hatch="////",
                linewidth=2,
                zorder=2,
                gid=f"changed:{square[0]},{square[1]}",
            )
        )
    if target is not None:
        ax.add_patch(
            Circle(
                (target[1], target[0]),
                0.46,
                facecolor="none",
                edgecolor=_TARGET,
                linewidth=3,
                zorder=4,
                gid="target",
            )
        )
    if len(path) > 1:
        _draw_path(ax, path)

    marks = _draw_places_and_ships(ax, sea, ships, cell, colours)
    _place_labels(ax, sea, marks, cell, avoid=[*changed, *path, *([target] if target else [])])
    fig.legend(
        handles=legend,
        loc="lower center",
        bbox_to_anchor=(0.5, 0.02 / fig_h),
        ncols=columns,
        frameon=False,
        **_LEGEND_STYLE,
    ).set_gid("legend")
    return fig


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


def sea_chart_alt(
    sea_or_graph: Sea | nx.Graph[Square],
    *,
    ships: Mapping[str, Square] | None = None,
    highlight: Iterable[Square] = (),
    changed: Iterable[Square] = (),
    target: Square | None = None,
    path: Sequence[Square] | None = None,
    highlight_label: str = "highlighted",
    changed_label: str = "changed",
    ship_colours: Mapping[str, str] | None = None,
    **_: object,
) -> str:
    """Say in words what :func:`sea_chart` draws with the same arguments (its alt text).

    Examples
    --------
    >>> from piratelib.dreadpirate.sea import sea_graph
    >>> print(
    ...     sea_chart_alt(
    ...         sea_graph(),
    ...         ships={"You": (0, 0), "Sea Wolf": (0, 1)},
    ...         highlight=[(0, 0), (1, 0)],
    ...         highlight_label="reachable",
    ...         target=(6, 10),
    ...     )
    ... )  # doctest: +NORMALIZE_WHITESPACE +ELLIPSIS
    Map of the sea, 20 columns by 13 rows of squares, 24 of them land (diagonal rule: one
    side water). Cities: Port Diablo, Lost City of Orichal, La Antigua and San Cristobal.
    Mission places: ... Ships: You at Port Diablo; Sea Wolf at row 0, column 1.
    2 squares shaded, reachable. Target: Kraken's Reach.
    """
    sea, graph, ships, highlight, changed, target, path = checked_chart(
        sea_or_graph, ships, highlight, changed, target, path, highlight_label, changed_label
    )
    land = sum(not sea.is_water((r, c)) for r in range(sea.height) for c in range(sea.width))
    rule = f" (diagonal rule: {DIAGONAL_NAMES[graph['diagonal']]})" if graph is not None else ""
    parts = [
        f"Map of the sea, {sea.width} columns by {sea.height} rows of squares, "
        f"{land} of them land{rule}."
    ]
    for kind, words in (("city", "Cities"), ("mission", "Mission places")):
        names = [e["name"] for e in sea.places.values() if e["kind"] == kind]
        if names:
            parts.append(f"{words}: {listing(names)}.")
    if ships:
        _colours(ships, ship_colours)
        band = {name: f" ({colour} Ship)" for name, colour in (ship_colours or {}).items()}
        where = "; ".join(
            f"{name}{band.get(name, '')} at {sea.square_name(at)}" for name, at in ships.items()
        )
        parts.append(f"Ships: {where}.")
    if highlight:
        parts.append(f"{plural(len(highlight), 'square')} shaded, {highlight_label}.")
    if changed:
        shown = [sea.square_name(at) for at in sorted(changed)]
        if len(shown) > 8:
            shown = [*shown[:8], f"{len(shown) - 8} more"]
        parts.append(
            f"{plural(len(changed), 'square')} hatched, {changed_label}: {listing(shown)}."
        )
    if target is not None:
        parts.append(f"Target: {sea.square_name(target)}.")
    if path and len(path) > 1:
        parts.append(
            f"A path of {plural(len(path) - 1, 'step')} from {sea.square_name(path[0])} to "
            f"{sea.square_name(path[-1])}."
        )
    return " ".join(parts)


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
    entries: list[Patch | Line2D] = [Patch(facecolor=_WATER, edgecolor=_GRID, label="water")]
    if any("#" in row for row in sea.rows):
        entries.append(Patch(facecolor=_LAND, edgecolor=_LAND_EDGE, label="land"))
    kinds = {entry["kind"] for entry in sea.places.values()}
    if "city" in kinds:
        entries.append(
            legend_marker("City", _anchor(), size=10, face="none", edge=_CITY, edgewidth=1.8)
        )
    if "mission" in kinds:
        entries.append(
            legend_marker("Mission place", "D", size=10, face=_MISSION, edge="white", edgewidth=0.8)
        )
    if highlight:
        entries.append(Patch(facecolor=_HIGHLIGHT, edgecolor="none", label=highlight_label))
    if changed:
        entries.append(
            Patch(
                facecolor="none",
                edgecolor=_CHANGED,
                hatch="////",
                linewidth=1.5,
                label=changed_label,
            )
        )
    if target is not None:
        entries.append(
            legend_marker("target", "o", size=10, face="none", edge=_TARGET, edgewidth=1.8)
        )
    if len(path) > 1:
        entries.append(Line2D([], [], color=_PATH, linewidth=2.5, label="path"))
    return entries


def _draw_grid(ax: Axes, sea: Sea, cell: float) -> None:
    """Water, land, grid lines and the row and column numbers on every edge."""
    h, w = sea.height, sea.width
    ax.set_xlim(-0.5, w - 0.5)
    ax.set_ylim(h - 0.5, -0.5)  # row 0 at the top, as printed
    ax.set_aspect("equal")
    ax.add_patch(
        Rectangle((-0.5, -0.5), w, h, facecolor=_WATER, edgecolor="none", zorder=0, gid="water")
    )
    land = [
        Rectangle((c - 0.5, r - 0.5), 1, 1)
        for r in range(h)
        for c in range(w)
        if not sea.is_water((r, c))
    ]
    ax.add_collection(
        PatchCollection(
            land, facecolor=_LAND, edgecolor=_LAND_EDGE, linewidth=0.8, zorder=0.5, gid="land"
        )
    )
    lines = [[(x - 0.5, -0.5), (x - 0.5, h - 0.5)] for x in range(w + 1)]
    lines += [[(-0.5, y - 0.5), (w - 0.5, y - 0.5)] for y in range(h + 1)]
    ax.add_collection(LineCollection(lines, colors=_GRID, linewidths=0.6, zorder=1.5, gid="grid"))
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
        colors="#455a64",
    )
    for spine in ax.spines.values():
        spine.set_edgecolor("#607d8b")


def _draw_path(ax: Axes, path: list[Square]) -> None:
    """The path as a line through the squares' centres, with an arrow into the last one."""
    xs = [c for _, c in path]
    ys = [r for r, _ in path]
    outline = [patheffects.withStroke(linewidth=5, foreground="white")]
    ax.plot(
        xs[:-1],
        ys[:-1],
        color=_PATH,
        linewidth=2.5,
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
            linewidth=2.5,
            color=_PATH,
            shrinkA=0,
            shrinkB=4,
            path_effects=outline,
            zorder=4.5,
            gid="path_end",
        )
    )


def _colours(ships: Mapping[str, Square], chosen: Mapping[str, str] | None) -> list[str]:
    """Each ship's colour, in order: its band colour if chosen, else the next one free."""
    if chosen is not None:
        if not isinstance(chosen, Mapping):
            raise IllegalActionError(f"ship_colours must map ship names to colours, got {chosen!r}")
        for name, colour in chosen.items():
            if name not in ships:
                raise IllegalActionError(f"ship_colours names {name!r}, which is not a ship here")
            check_text(f"the colour of {name}", colour)
    chosen = chosen or {}
    fixed = {name: _BANDS.get(colour, colour) for name, colour in chosen.items()}
    free = [c for c in _SHIP_COLOURS if c not in fixed.values()] or list(_SHIP_COLOURS)
    colours, k = [], 0
    for name in ships:
        if name in fixed:
            colours.append(fixed[name])
        else:
            colours.append(free[k % len(free)])
            k += 1
    return colours


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
        size = points * (0.62 if city else 0.36)
        x, y = float(c), float(r)
        if (r, c) in occupied:
            size *= 0.6
            x, y = c - 0.27, r - 0.27
        ax.plot(
            x,
            y,
            marker=_anchor() if city else "D",
            markersize=size,
            markerfacecolor="none" if city else _MISSION,
            markeredgecolor=_CITY if city else "white",
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
        shift = 0.1 if sea.place_at((r, c)) else 0.0
        size = points * (0.62 if shift else 0.72)
        ax.plot(
            c + shift,
            r + shift,
            marker=hull,
            markersize=size,
            markerfacecolor=colour,
            markeredgecolor="#212121",
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
            xytext=(0, size * 0.16),
            textcoords="offset points",
            ha="center",
            va="center",
            fontsize=max(5.0, size * 0.36),
            fontweight="bold",
            color="white",
            path_effects=[patheffects.withStroke(linewidth=1.5, foreground="#212121")],
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
        style = {"fontsize": 10.5 if city else 10, "fontweight": "bold" if city else "normal"}
        labels.append((f"label:{place}", entry["name"], style, "white"))
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
            edge="#212121",
            edgewidth=0.8,
        )
        for i, name in enumerate(ships)
    ]


def _anchor() -> Path:
    """A marker outline for a City, drawn as lines: ring, stock, shank and curved arms."""
    ring = Path.circle((0, 0.78), 0.17)
    stock = Path([(-0.42, 0.42), (0.42, 0.42)])
    shank = Path([(0, 0.61), (0, -0.9)])
    angles = np.linspace(np.radians(200), np.radians(340), 15)
    arms = Path(np.column_stack([0.8 * np.cos(angles), -0.1 + 0.8 * np.sin(angles)]))
    left = Path([(-0.9, -0.1), (-0.75, -0.37), (-0.5, -0.2)])
    right = Path([(0.9, -0.1), (0.75, -0.37), (0.5, -0.2)])
    return Path.make_compound_path(ring, stock, shank, arms, left, right)
