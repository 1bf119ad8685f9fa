"""Matplotlib picture of the Hunt for Blackbeard Map, with highlights, notes, a trail and pieces.

:func:`blackbeard_map` draws the Map as on the board (north to the right, as in the box):
the spaces in the colours of the board's legend, Water and Land Routes, and on top any
highlighted spaces, extra notes (e.g. pawn costs), a trail (e.g. a Sail path) and
pieces. It checks every space it is given with :func:`piratelib.blackbeard.board.check_space`
and computes nothing else; its sizes, colours, shapes and places come from
:mod:`piratelib.draw.blackbeard.map_style`, which the SVG picture of the Map
(:mod:`piratelib.draw.blackbeard.map_svg`) shares. Render it with
:func:`piratelib.draw.charts.png`; Blackbeard's mat is in :mod:`piratelib.draw.blackbeard.piracy`.
:func:`blackbeard_map_alt` (from :mod:`~piratelib.draw.blackbeard.marks`) says in words
what a call of :func:`blackbeard_map` shows (the picture's alt text).

Artists that tests and widgets look for carry a ``gid``: ``"space:<id>"``,
``"label:<id>"``, ``"note:<id>"``, ``"highlight:<id>"``, ``"compass:<id>"``,
``"route:water"``, ``"route:land"``, ``"trail:<i>"`` and ``"piece:<space id>:<piece>"``.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, cast

from matplotlib import patheffects
from matplotlib.collections import LineCollection
from matplotlib.colors import to_rgba
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch
from matplotlib.path import Path
from matplotlib.transforms import ScaledTranslation

from piratelib.draw._common import legend_marker, point, stack_tag
from piratelib.draw.blackbeard.map_style import (
    BOARD_MARGIN,
    BOARD_SIZE,
    COMPASS,
    FIGURE_SIZE,
    HIGHLIGHT,
    KIND_STYLE,
    LABEL_WRAP,
    LEGEND,
    MAP_AXES,
    NOTE,
    PIECE_SIZE,
    PIECE_STYLE,
    ROUTE_STYLE,
    SHAPES,
    SIZES,
    TRAIL,
    UNKNOWN_PIECE,
    label_spot,
    piece_key,
    piece_rank,
    piece_spots,
    route_lines,
)
from piratelib.draw.blackbeard.marks import blackbeard_map_alt

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes
    from matplotlib.typing import MarkerType

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = ["blackbeard_map", "blackbeard_map_alt"]


def marker(shape: str) -> MarkerType:
    """The matplotlib marker of a shape of :mod:`~piratelib.draw.blackbeard.map_style`.

    Examples
    --------
    >>> marker("square"), marker("standing").vertices.shape
    ('s', (5, 2))
    """
    named = {"square": "s", "circle": "o", "diamond": "D"}
    if shape in named:
        return named[shape]
    parts = [Path([*part, part[0]], closed=True) for part in SHAPES[shape]]
    return parts[0] if len(parts) == 1 else Path.make_compound_path(*parts)


def blackbeard_map(
    G: nx.Graph[str],
    *,
    highlight: Iterable[str] | None = None,
    labels: Mapping[str, object] | None = None,
    trail: Sequence[str] = (),
    pieces: Mapping[str, Iterable[str]] | None = None,
    title: str = "Hunt for Blackbeard: the Map",
    highlight_label: str = "highlighted",
    trail_label: str = "trail",
) -> Figure:
    """Draw the Hunt for Blackbeard Map as on the board, with optional marks on top.

    Spaces are drawn in the colours of the board's legend (Towns brown, Anchorages light
    brown, Sounds teal, Ocean spaces blue, off-board spaces pale and without a block);
    Water Routes are dotted and blue, Land Routes solid and brown, and a pair of spaces
    linked both ways gets one line of each. The board is turned so that north points
    right, as in the box.

    Parameters
    ----------
    G : networkx.Graph
        The Map, as returned by :func:`piratelib.blackbeard.board.load_map`.
    highlight : iterable of space ids, optional
        Spaces to emphasise with a gold halo (e.g. the spaces a Sloop can reach).
    labels : mapping of space id to text, optional
        Short extra text shown in a gold tag by the space's name (e.g. ``"2 pawns"``).
    trail : sequence of space ids, optional
        A path (e.g. a Sail) drawn as one bold arrow from each space to the next.
    pieces : mapping of space id to piece names, optional
        Pieces to show beside a space, in the game's colours: ``"jane"``, ``"ranger"``,
        ``"brand"``, ``"adventure"``, ``"blackbeard"`` and ``"israel_hands"`` (any other
        name is drawn grey and named in the legend).
    title : str, optional
        The figure's title; ``""`` for none.
    highlight_label, trail_label : str, optional
        What the legend calls the highlight and the trail (e.g. ``"Surveil marker"``).

    Returns
    -------
    matplotlib.figure.Figure
        A 12 x 7.75 inch figure whose artists carry gids: ``"space:<id>"``,
        ``"label:<id>"``, ``"note:<id>"``, ``"highlight:<id>"``, ``"compass:<id>"``,
        ``"route:water"``, ``"route:land"``, ``"trail:<i>"`` and ``"piece:<id>:<piece>"``.

    Raises
    ------
    IllegalActionError
        If `highlight`, `labels`, `trail` or `pieces` names a space that is not on the Map.
    PiratelibError
        If `G` is not a Map (each space with a kind, a name and a position; Routes of
        water or land), or an argument is of the wrong kind (e.g. `labels` not a mapping).

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> fig = blackbeard_map(
    ...     load_map(),
    ...     highlight=["roanoke_inlet"],
    ...     labels={"roanoke_inlet": "1 pawn"},
    ...     trail=["roanoke_island", "roanoke_inlet"],
    ... )
    >>> ax = fig.axes[0]
    >>> sum(1 for c in ax.collections if str(c.get_gid()).startswith("space:"))
    28
    >>> [patch.get_gid() for patch in ax.patches]
    ['trail:0']
    >>> blackbeard_map(load_map(), highlight=["bath_twn"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown space 'bath_twn': did you mean 'bath_town'? ...
    """
    from piratelib.draw.blackbeard.marks import checked_marks

    highlight, labels, trail, pieces = checked_marks(
        G, highlight, labels, trail, pieces, title, highlight_label, trail_label
    )

    fig = Figure(figsize=FIGURE_SIZE)
    ax = fig.add_axes(MAP_AXES)  # fixed, not laid out: faster, and names never move
    (width, height), (side, under) = BOARD_SIZE, BOARD_MARGIN
    ax.set_xlim(-side, width + side)
    ax.set_ylim(height + under, 0)  # the board's y grows downwards
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title:
        ax.set_title(title, fontsize=SIZES["title"], fontweight="bold")
    # types-networkx types data=<attribute> as the whole attribute dict, not the attribute
    places = cast("Iterable[tuple[str, Iterable[float]]]", G.nodes(data="pos"))
    pos = {space: point(xy) for space, xy in places}

    _draw_routes(ax, G, pos)
    # types-networkx types data=<attribute> as the whole attribute dict, not the attribute
    kinds = cast("Iterable[tuple[str, str]]", G.nodes(data="kind"))
    for space, kind in kinds:
        style = KIND_STYLE[kind]
        x, y = pos[space]
        ax.scatter(
            x,
            y,
            s=style.area,
            marker=marker(style.shape),
            c=style.face,
            edgecolors=style.edge,
            linewidths=style.edge_width,
            linestyles="-" if style.dash is None else (0, style.dash),
            zorder=3,
            gid=f"space:{space}",
        )
        if kind == "ocean":  # the board's compass roundel
            compass: dict[str, Any] = {
                "marker": "+",
                "c": COMPASS.colour,
                "linewidths": COMPASS.width,
                "gid": f"compass:{space}",
            }
            ax.scatter(x, y, s=COMPASS.size**2, zorder=3.1, **compass)
    for space in highlight:
        x, y = pos[space]
        ax.scatter(
            x,
            y,
            s=HIGHLIGHT.area,
            facecolor=to_rgba(HIGHLIGHT.face, HIGHLIGHT.opacity),
            edgecolor=HIGHLIGHT.edge,
            linewidth=HIGHLIGHT.width,
            zorder=2.5,
            gid=f"highlight:{space}",
        )
    for i, (start, end) in enumerate(pairwise(trail)):
        arrow = FancyArrowPatch(
            pos[start],
            pos[end],
            arrowstyle="-|>",
            mutation_scale=TRAIL.head,
            linewidth=TRAIL.width,
            color=TRAIL.colour,
            shrinkA=TRAIL.shrink[0],
            shrinkB=TRAIL.shrink[1],
            zorder=4,
            gid=f"trail:{i}",
            path_effects=[patheffects.withStroke(linewidth=TRAIL.halo, foreground="white")],
        )
        ax.add_patch(arrow)
    for space, name in cast("Iterable[tuple[str, str]]", G.nodes(data="name")):  # as above
        _draw_label(ax, space, name, G.nodes[space]["kind"], pos[space], labels.get(space))
    piece_handles = _draw_pieces(ax, fig, G, pos, pieces)
    _draw_legends(
        fig,
        ax,
        highlight=highlight_label if highlight else None,
        trail=trail_label if len(trail) > 1 else None,
        pieces=piece_handles,
    )
    return fig


def _draw_routes(ax: Axes, G: nx.Graph[str], pos: Mapping[str, tuple[float, float]]) -> None:
    """One LineCollection per Route type, along the lines of :func:`.map_style.route_lines`."""
    # types-networkx cannot know the type of an edge attribute asked for by name
    edges = cast("Iterable[tuple[str, str, Iterable[str]]]", G.edges(data="routes"))
    for kind, lines in route_lines(pos, edges).items():
        collection = LineCollection(lines, capstyle="round", zorder=1, gid=f"route:{kind}")
        collection.set(**_line_style(kind))
        ax.add_collection(collection)


def _line_style(kind: str) -> dict[str, Any]:
    """Keyword arguments of ``Line2D`` (or a LineCollection) for a kind of Route."""
    style = ROUTE_STYLE[kind]
    dashes = "-" if style.dash is None else (0, style.dash)
    return {"color": style.colour, "linestyle": dashes, "linewidth": style.width}


def _draw_label(
    ax: Axes, space: str, name: str, kind: str, xy: tuple[float, float], extra: str | None
) -> None:
    """The space's name beside its mark, and any extra text in a gold tag beyond the name."""
    dx, dy, ha, va = label_spot(space, kind)
    if space in LABEL_WRAP:
        name = "\n".join(name.rsplit(" ", 1))
    text = ax.annotate(
        name,
        xy,
        xytext=(dx, dy),
        textcoords="offset points",
        ha=ha,
        va=va,
        fontsize=SIZES["name"],
        linespacing=1.0,
        bbox={
            "boxstyle": "round,pad=0.15",
            "facecolor": "white",
            "edgecolor": "none",
            "alpha": 0.8,
        },
        zorder=5,
        gid=f"label:{space}",
    )
    if extra is None:
        return
    stack_tag(
        ax,
        extra,
        text,
        above=dy > 0,  # the tag goes on the far side of the name from the space
        fontsize=SIZES["note"],
        facecolor=NOTE.face,
        edgecolor=NOTE.edge,
        zorder=5.1,
        gid=f"note:{space}",
    )


def _draw_pieces(
    ax: Axes,
    fig: Figure,
    G: nx.Graph[str],
    pos: Mapping[str, tuple[float, float]],
    pieces: Mapping[str, list[str]],
) -> dict[str, Line2D]:
    """Pieces in a row beside their space; return one legend handle per kind of piece."""
    handles: dict[str, Line2D] = {}
    for space, names in pieces.items():
        spots = piece_spots(space, G.nodes[space]["kind"], len(names))
        for piece, (dx, dy) in zip(names, spots, strict=True):
            key = piece_key(piece)
            style = PIECE_STYLE.get(key, UNKNOWN_PIECE._replace(legend=str(piece)))
            shift = ScaledTranslation(dx / 72, dy / 72, fig.dpi_scale_trans)
            (handle,) = ax.plot(
                *pos[space],
                marker=marker(style.shape),
                markersize=PIECE_SIZE,
                markerfacecolor=style.face,
                markeredgecolor=style.edge,
                markeredgewidth=1.3,
                linestyle="none",
                transform=ax.transData + shift,
                path_effects=[patheffects.withStroke(linewidth=3, foreground="white")],
                zorder=6,
                gid=f"piece:{space}:{key}",
            )
            handles.setdefault(style.legend, handle)
    return dict(sorted(handles.items(), key=lambda item: piece_rank(item[0])))


def _draw_legends(
    fig: Figure,
    ax: Axes,
    *,
    highlight: str | None,
    trail: str | None,
    pieces: Mapping[str, Line2D],
) -> None:
    """The kinds of space in the board's empty corner; Routes and marks below the Map."""
    spaces = [
        legend_marker(
            style.legend,
            marker(style.shape),
            size=math.sqrt(style.area) * LEGEND["space"],
            face=style.face,
            edge=style.edge,
        )
        for style in KIND_STYLE.values()
    ]
    ax.legend(
        handles=spaces,
        title="Spaces",
        loc="upper right",
        fontsize=SIZES["legend"],
        title_fontsize=SIZES["legend"],
        handlelength=1.2,
        handletextpad=0.5,
        borderaxespad=0.3,
        framealpha=0.9,
    )
    marks = [
        Line2D([], [], label=style.legend, **_line_style(k)) for k, style in ROUTE_STYLE.items()
    ]
    if highlight:
        marks.append(
            legend_marker(
                highlight,
                "o",
                size=LEGEND["halo"],
                face=to_rgba(HIGHLIGHT.face, HIGHLIGHT.opacity),
                edge=HIGHLIGHT.edge,
                edgewidth=LEGEND["halo_edge"],
            )
        )
    if trail:
        marks.append(Line2D([], [], color=TRAIL.colour, linewidth=TRAIL.width, label=trail))
    for text, handle in pieces.items():
        marks.append(
            legend_marker(
                text,
                handle.get_marker(),
                size=LEGEND["piece"],
                face=handle.get_markerfacecolor(),
                edge=handle.get_markeredgecolor(),
            )
        )
    fig.legend(
        handles=marks,
        loc="lower center",
        bbox_to_anchor=(0.5, 0),
        ncols=-(-len(marks) // 2),  # two rows fit in the strip under the Map
        fontsize=SIZES["legend"],
        frameon=False,
    )
