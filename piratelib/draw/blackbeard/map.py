"""Matplotlib picture of the Hunt for Blackbeard Map, with highlights, notes, a trail and pieces.

:func:`blackbeard_map` draws the Map as on the board (north to the right, as in the box):
the spaces in the colours of the board's legend, Water and Land Routes, and on top any
highlighted spaces, extra notes (e.g. pawn costs), a trail (e.g. a Sail path) and
pieces. It checks every space it is given with :func:`piratelib.blackbeard.board.check_space`
and computes nothing else. Render it with :func:`piratelib.draw.charts.png`;
Blackbeard's mat is in :mod:`piratelib.draw.blackbeard.piracy`. :func:`blackbeard_map_alt`
says in words what a call of :func:`blackbeard_map` shows (the picture's alt text).

Artists that tests and widgets look for carry a ``gid``: ``"space:<id>"``,
``"label:<id>"``, ``"note:<id>"``, ``"highlight:<id>"``, ``"compass:<id>"``,
``"route:water"``, ``"route:land"``, ``"trail:<i>"`` and ``"piece:<space id>:<piece>"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, TypedDict, cast

import numpy as np
from matplotlib import patheffects
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch
from matplotlib.path import Path
from matplotlib.transforms import ScaledTranslation

from piratelib.draw._common import legend_marker, point, stack_tag, text_align
from piratelib.words import listing
from piratelib.words import name as display_name

if TYPE_CHECKING:
    from collections.abc import Set

    import networkx as nx
    from _typeshed import SupportsGetItem
    from matplotlib.axes import Axes
    from matplotlib.typing import LineStyleType

__all__ = ["blackbeard_map", "blackbeard_map_alt"]


def _domed_building() -> Path:
    """A marker outline for Towns: a block with a dome on top, as on the board."""
    angles = np.linspace(np.pi, 0, 13)
    dome = np.column_stack([0.55 * np.cos(angles), 0.15 + 0.55 * np.sin(angles)])
    body = [(0.9, 0.15), (0.9, -0.9), (-0.9, -0.9), (-0.9, 0.15)]
    return Path(np.vstack([body, dome, body[:1]]), closed=True)


def _sloop() -> Path:
    """A marker outline for Sloops: a hull under a mainsail and a jib."""
    hull = Path([(-1, -0.4), (1, -0.4), (0.6, -0.95), (-0.6, -0.95), (-1, -0.4)], closed=True)
    main = Path([(0.05, -0.25), (0.05, 1), (0.85, -0.25), (0.05, -0.25)], closed=True)
    jib = Path([(-0.1, 0.8), (-0.1, -0.25), (-0.8, -0.25), (-0.1, 0.8)], closed=True)
    return Path.make_compound_path(hull, main, jib)


_BOARD_SIZE = (1200, 775)
"""Width and height of the board picture that the Map's ``pos`` values refer to."""
_MAP_AXES = (0.0035, 0.0765, 0.993, 0.8855)
"""Where the Map goes in its figure: under the title, over a two-row legend."""

# kind: (legend text, face colour, marker, marker area in points²)
_KIND_STYLE: dict[str, tuple[str, str, Any, float]] = {
    "town": ("Town", "#8b5a2b", _domed_building(), 520),
    "anchorage": ("Anchorage", "#d9b98b", "s", 330),
    "sound": ("Sound", "#2a9d8f", "o", 380),
    "ocean": ("Ocean", "#1f5fa8", "o", 380),
    "offboard": ("Off-board (no block)", "#f1ead8", "o", 300),
}


class _RouteStyle(TypedDict):
    """How a kind of Route is drawn: keyword arguments of ``Line2D``."""

    color: str
    linestyle: LineStyleType
    linewidth: float


class _HighlightStyle(TypedDict):
    """How a highlighted space's halo is drawn: keyword arguments of ``scatter``."""

    facecolor: tuple[float, float, float, float]
    edgecolor: str
    linewidth: float


_WATER: _RouteStyle = {"color": "#3a86c8", "linestyle": (0, (1, 1.6)), "linewidth": 2.6}
_LAND: _RouteStyle = {"color": "#5c3a1e", "linestyle": "-", "linewidth": 2.6}
_DOUBLE_ROUTE_GAP = 5.0
"""Half the gap, in board pixels, between the two lines of a pair linked both ways."""
_BOWED_ROUTES = {("queen_annes_creek", "albemarle_sound"): 40.0}
"""Routes drawn as a curve, and how far (board pixels) the curve's middle bows from the
straight line, to the right going from the first space to the second. The straight Water
Route from Queen Anne's Creek to Albemarle Sound runs through Bats Grave, so it would
read as two Routes via Bats Grave: it bows east of Bats Grave, between Bats Grave and
its name (checked by eye)."""
_LABEL_GAP = {"bats_grave": 30.0}
"""Extra room (points) between a space and its name, for a bowed Route to pass between."""
_HIGHLIGHT: _HighlightStyle = {
    "facecolor": (1.0, 0.84, 0.0, 0.45),
    "edgecolor": "#ff8c00",
    "linewidth": 3.5,
}
_TRAIL_COLOUR = "#c2185b"

# Where a space's name goes, as a compass point on the screen (up is up here, not the game's
# north). Chosen by checking every name, with a tag under or over it, against the other
# names, the spaces and the Routes, then by eye: so no name covers another or a space.
_LABEL_PLACE = {
    "albemarle_county": "n",
    "albemarle_sound": "nw",
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
_LABEL_WRAP = {"machapunga_bluff", "currituck_sound", "west_pamlico_sound"}
"""Names printed on two lines, to fit between their neighbours' Routes."""
_PIECE_PLACE = {
    "albemarle_sound": "w",
    "bats_grave": "w",
    "cape_hatteras": "w",
    "cape_henry": "w",
    "core_banks": "w",
    "james_river": "nw",
    "machapunga_bluff": "w",
    "neuse_river": "w",
    "nots_island": "w",
    "ocracoke_inlet": "ne",
    "west_pamlico_sound": "w",
}
"""Where a space's row of pieces starts, if not to its right ("e"): clear of every name."""

# piece: (legend text, face colour, edge colour, marker)
_PIECE_STYLE: dict[str, tuple[str, str, str, Any]] = {
    "jane": ("Jane", "#d62828", "black", _sloop()),
    "ranger": ("Ranger", "white", "black", _sloop()),
    "brand": ("Capt Brand", "#14213d", "black", "o"),
    "adventure": ("Adventure", "black", "black", _sloop()),
    "blackbeard": ("Blackbeard", "black", "black", "o"),
    "israel_hands": ("Israel Hands", "#e0b000", "black", "o"),
}
_PIECE_SIZE = 15
"""Width of a piece's mark, in points."""
_PIECE_ALIASES = {"capt_brand": "brand", "captain_brand": "brand", "hands": "israel_hands"}


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

    fig = Figure(figsize=(12, 7.75))
    ax = fig.add_axes(_MAP_AXES)  # fixed, not laid out: faster, and names never move
    width, height = _BOARD_SIZE
    ax.set_xlim(-10, width + 10)
    ax.set_ylim(height + 15, 0)  # the board's y grows downwards
    ax.set_aspect("equal")
    ax.set_axis_off()
    if title:
        ax.set_title(title, fontsize=16, fontweight="bold")
    pos = {space: np.asarray(xy, dtype=float) for space, xy in G.nodes(data="pos")}

    _draw_routes(ax, G, pos)
    # types-networkx types data=<attribute> as the whole attribute dict, not the attribute
    kinds = cast("Iterable[tuple[str, str]]", G.nodes(data="kind"))
    for space, kind in kinds:
        _, colour, marker, size = _KIND_STYLE[kind]
        offboard = kind == "offboard"
        x, y = pos[space]
        ax.scatter(
            x,
            y,
            s=size,
            marker=marker,
            c=colour,
            edgecolors="#7a7a7a" if offboard else "black",
            linewidths=1.6 if offboard else 1.0,
            linestyles="--" if offboard else "-",
            zorder=3,
            gid=f"space:{space}",
        )
        if kind == "ocean":  # the board's compass roundel
            compass: dict[str, Any] = {
                "marker": "+",
                "c": "white",
                "linewidths": 1.5,
                "gid": f"compass:{space}",
            }
            ax.scatter(x, y, s=70, zorder=3.1, **compass)
    for space in highlight:
        x, y = pos[space]
        ax.scatter(x, y, s=1300, zorder=2.5, gid=f"highlight:{space}", **_HIGHLIGHT)
    for i, (start, end) in enumerate(pairwise(trail)):
        arrow = FancyArrowPatch(
            point(pos[start]),
            point(pos[end]),
            arrowstyle="-|>",
            mutation_scale=24,
            linewidth=4,
            color=_TRAIL_COLOUR,
            shrinkA=15,
            shrinkB=17,
            zorder=4,
            gid=f"trail:{i}",
            path_effects=[patheffects.withStroke(linewidth=7, foreground="white")],
        )
        ax.add_patch(arrow)
    for space, name in cast("Iterable[tuple[str, str]]", G.nodes(data="name")):  # as above
        radius = np.sqrt(_KIND_STYLE[G.nodes[space]["kind"]][3]) / 2
        _draw_label(ax, space, name, pos[space], radius, labels.get(space))
    piece_handles = _draw_pieces(ax, fig, G, pos, pieces)
    _draw_legends(
        fig,
        ax,
        highlight=highlight_label if highlight else None,
        trail=trail_label if len(trail) > 1 else None,
        pieces=piece_handles,
    )
    return fig


def blackbeard_map_alt(
    G: nx.Graph[str],
    *,
    highlight: Iterable[str] | None = None,
    labels: Mapping[str, object] | None = None,
    trail: Sequence[str] = (),
    pieces: Mapping[str, Iterable[str]] | None = None,
    title: str = "Hunt for Blackbeard: the Map",
    highlight_label: str = "highlighted",
    trail_label: str = "trail",
) -> str:
    """Say in words what :func:`blackbeard_map` draws with the same arguments: its alt text.

    Examples
    --------
    >>> import textwrap
    >>> from piratelib.blackbeard.board import load_map
    >>> alt = blackbeard_map_alt(
    ...     load_map(),
    ...     highlight=["roanoke_inlet", "cape_henry"],
    ...     labels={"roanoke_inlet": 2},
    ...     trail=["james_river", "cape_henry", "roanoke_inlet"],
    ...     pieces={"roanoke_inlet": ["jane", "ranger"]},
    ...     title="Where the Sloops go",
    ... )
    >>> print(textwrap.fill(alt, 88))
    Where the Sloops go. The Hunt for Blackbeard Map, north to the right: 28 spaces joined by
    dotted Water Routes and solid Land Routes. Highlighted: Cape Henry and Roanoke Inlet
    (2). Trail: James River, Cape Henry, Roanoke Inlet. Jane and Ranger at Roanoke Inlet.
    """
    from piratelib.draw.blackbeard.marks import checked_marks

    highlight, notes, trail, pieces = checked_marks(
        G, highlight, labels, trail, pieces, title, highlight_label, trail_label
    )
    # types-networkx types data=<attribute> as the whole attribute dict, not the attribute
    places = cast("SupportsGetItem[str, str]", G.nodes(data="name"))
    parts = [f"{title}." if title else ""]
    parts.append(
        f"The Hunt for Blackbeard Map, north to the right: {len(G)} spaces joined by dotted "
        "Water Routes and solid Land Routes."
    )
    marked = sorted(highlight, key=lambda s: places[s])
    if marked:
        shown = [places[s] + (f" ({notes.pop(s)})" if s in notes else "") for s in marked]
        parts.append(f"{_first_up(highlight_label)}: {listing(shown)}.")
    if notes:
        parts.append(f"Marked: {listing(f'{places[s]} ({t})' for s, t in sorted(notes.items()))}.")
    if len(trail) > 1:
        parts.append(f"{_first_up(trail_label)}: {', '.join(places[s] for s in trail)}.")
    for space, names in pieces.items():
        if names:
            parts.append(f"{listing(display_name(p) for p in names)} at {places[space]}.")
    return " ".join(p for p in parts if p)


def _first_up(text: str) -> str:
    """`text` with its first letter in upper case (``str.capitalize`` lowers the rest)."""
    return text[:1].upper() + text[1:]


def _draw_routes(ax: Axes, G: nx.Graph[str], pos: Mapping[str, np.ndarray]) -> None:
    """One LineCollection per Route type; a pair linked both ways gets two parallel lines,
    and a Route in :data:`_BOWED_ROUTES` a curve."""
    lines: dict[str, list[np.ndarray]] = {"water": [], "land": []}
    # types-networkx cannot know the type of an edge attribute asked for by name
    edges = cast("Iterable[tuple[str, str, Set[str]]]", G.edges(data="routes"))
    for u, v, routes in edges:
        a, b = pos[u], pos[v]
        bow = _BOWED_ROUTES.get((u, v), -_BOWED_ROUTES.get((v, u), 0.0))
        normal = np.array([b[1] - a[1], a[0] - b[0]]) / max(np.hypot(*(b - a)), 1e-9)
        if bow:
            (kind,) = routes  # a bowed Route is of one kind
            lines[kind].append(_bowed(a, b, bow * normal))
            continue
        for kind in routes:
            shift = 0 if len(routes) == 1 else _DOUBLE_ROUTE_GAP * (1 if kind == "water" else -1)
            lines[kind].append(np.array([a + shift * normal, b + shift * normal]))
    for kind, style in (("water", _WATER), ("land", _LAND)):
        collection = LineCollection(lines[kind], capstyle="round", zorder=1, gid=f"route:{kind}")
        collection.set(**style)
        ax.add_collection(collection)


def _draw_label(
    ax: Axes, space: str, name: str, xy: np.ndarray, radius: float, extra: str | None
) -> None:
    """The space's name beside its mark, and any extra text in a gold tag beyond the name."""
    direction = _LABEL_PLACE.get(space, "s")
    dx, dy, ha, va = _offset(direction, radius + _LABEL_GAP.get(space, 0.0))
    if space in _LABEL_WRAP:
        name = "\n".join(name.rsplit(" ", 1))
    text = ax.annotate(
        name,
        point(xy),
        xytext=(dx, dy),
        textcoords="offset points",
        ha=ha,
        va=va,
        fontsize=11,
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
        above="n" in direction,  # the tag goes on the far side of the name from the space
        fontsize=10,
        facecolor="#ffd54f",
        edgecolor="#ff8c00",
        zorder=5.1,
        gid=f"note:{space}",
    )


def _draw_pieces(
    ax: Axes,
    fig: Figure,
    G: nx.Graph[str],
    pos: Mapping[str, np.ndarray],
    pieces: Mapping[str, list[str]],
) -> dict[str, Line2D]:
    """Pieces in a row beside their space; return one legend handle per kind of piece."""
    handles: dict[str, Line2D] = {}
    for space, names in pieces.items():
        radius = np.sqrt(_KIND_STYLE[G.nodes[space]["kind"]][3]) / 2 + _PIECE_SIZE / 2
        dx, dy, _, _ = _offset(_PIECE_PLACE.get(space, "e"), radius)
        step = -16 if dx < 0 else 16
        for i, piece in enumerate(names):
            key = _piece_key(piece)
            text, face, edge, marker = _PIECE_STYLE.get(key, (str(piece), "#9e9e9e", "black", "D"))
            shift = ScaledTranslation((dx + i * step) / 72, dy / 72, fig.dpi_scale_trans)
            (handle,) = ax.plot(
                *pos[space],
                marker=marker,
                markersize=_PIECE_SIZE,
                markerfacecolor=face,
                markeredgecolor=edge,
                markeredgewidth=1.3,
                linestyle="none",
                transform=ax.transData + shift,
                path_effects=[patheffects.withStroke(linewidth=3, foreground="white")],
                zorder=6,
                gid=f"piece:{space}:{key}",
            )
            handles.setdefault(text, handle)
    order = [text for text, *_ in _PIECE_STYLE.values()]
    return dict(sorted(handles.items(), key=lambda item: _rank(order, item[0])))


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
            text,
            marker,
            size=np.sqrt(size) * 0.8,
            face=colour,
            edge="#7a7a7a" if kind == "offboard" else "black",
        )
        for kind, (text, colour, marker, size) in _KIND_STYLE.items()
    ]
    ax.legend(handles=spaces, title="Spaces", loc="upper right", fontsize=10, framealpha=0.9)
    marks = [
        Line2D([], [], label="Water Route (Sloops)", **_WATER),
        Line2D([], [], label="Land Route (Capt Brand)", **_LAND),
    ]
    if highlight:
        marks.append(
            legend_marker(
                highlight,
                "o",
                size=16,
                face=_HIGHLIGHT["facecolor"],
                edge=_HIGHLIGHT["edgecolor"],
                edgewidth=2.5,
            )
        )
    if trail:
        marks.append(Line2D([], [], color=_TRAIL_COLOUR, linewidth=4, label=trail))
    for text, handle in pieces.items():
        marks.append(
            legend_marker(
                text,
                handle.get_marker(),
                size=13,
                face=handle.get_markerfacecolor(),
                edge=handle.get_markeredgecolor(),
            )
        )
    fig.legend(
        handles=marks,
        loc="lower center",
        bbox_to_anchor=(0.5, 0),
        ncols=-(-len(marks) // 2),  # two rows fit in the strip under the Map
        fontsize=10,
        frameon=False,
    )


def _offset(direction: str, radius: float) -> tuple[float, float, str, str]:
    """Offset (points) and text alignment just beyond a mark of `radius` towards `direction`."""
    dx = ("e" in direction) - ("w" in direction)
    dy = ("n" in direction) - ("s" in direction)
    distance = radius + 3
    return dx * distance, dy * distance, *text_align(dx, dy)


def _bowed(a: np.ndarray, b: np.ndarray, bow: np.ndarray, points: int = 25) -> np.ndarray:
    """Points along a curve from `a` to `b` whose middle lies `bow` off the straight line."""
    t = np.linspace(0, 1, points)[:, None]
    control = (a + b) / 2 + 2 * bow  # a quadratic Bezier's middle is halfway to its control
    curve: np.ndarray = (1 - t) ** 2 * a + 2 * t * (1 - t) * control + t**2 * b
    return curve


def _rank(order: list[str], item: str) -> int:
    """The position of `item` in `order`, or after every item of `order`."""
    return order.index(item) if item in order else len(order)


def _piece_key(piece: object) -> str:
    """The style key of a piece name: lower case, words joined by underscores."""
    key = "_".join(str(piece).lower().replace("-", " ").replace(".", " ").split())
    return _PIECE_ALIASES.get(key, key)
