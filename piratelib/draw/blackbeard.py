"""Matplotlib pictures of piratelib's answers: odds now, maps and tables as games arrive.

Drawing stays at the edge: rule modules never import this one, and it builds
:class:`matplotlib.figure.Figure` objects directly (no ``pyplot`` state), so pictures work
the same in a notebook, in Voila, in a test and on a server with no screen.

- :func:`distribution_bars`: exact distributions as grouped bars.
- :func:`odds_grid`: a table of probabilities as a heatmap.
- :func:`blackbeard_map`: the Hunt for Blackbeard Map, with optional highlighted spaces,
  extra labels (e.g. pawn costs), a trail (e.g. a Sail path) and pieces.
- :func:`blackbeard_mat`: Blackbeard's mat: the two Piracy rows with their cubes and
  planned pawns, the Purse, Taken Loot, spares and Prepared Defenses.
- :func:`png`: a figure as PNG bytes.

Artists that tests and widgets look for carry a ``gid``: ``"space:<id>"``,
``"label:<id>"``, ``"note:<id>"``, ``"highlight:<id>"``, ``"compass:<id>"``,
``"route:water"``, ``"route:land"``, ``"trail:<i>"`` and ``"piece:<space id>:<piece>"``
on the Map; ``"tile:<id>"``, ``"cube:<id>:<i>"``, ``"pawn:<id>:<i>"``, ``"row:<row>"``,
``"purse"``, ``"taken_loot"``, ``"spares"`` and ``"defenses"`` on the mat.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np
from matplotlib import patheffects
from matplotlib.collections import LineCollection
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.patches import FancyArrowPatch, FancyBboxPatch, PathPatch, Rectangle
from matplotlib.path import Path
from matplotlib.transforms import Affine2D, ScaledTranslation

if TYPE_CHECKING:
    import networkx as nx
    from matplotlib.axes import Axes

__all__ = ["blackbeard_map", "blackbeard_mat", "distribution_bars", "odds_grid", "png"]


def distribution_bars(
    series: Mapping[str, Mapping[Any, Fraction]],
    *,
    title: str,
    xlabel: str,
    outcome_names: Mapping[Any, str] | None = None,
    outcomes: Sequence[Any] | None = None,
    percent_labels: bool = False,
) -> Figure:
    """Draw one or more distributions as grouped bars, one colour per series.

    Parameters
    ----------
    series : mapping of label to distribution
        Each distribution maps an outcome to its exact probability.
    title, xlabel : str
        Text for the chart.
    outcome_names : mapping of outcome to str, optional
        Tick labels for outcomes that read better as words (e.g. ``{0: "no dice"}``).
    outcomes : sequence, optional
        The outcomes to show, in order (default: every outcome, sorted).
    percent_labels : bool
        Write each bar's percentage above it.

    Examples
    --------
    >>> from piratelib.dice import highest_die
    >>> fig = distribution_bars(
    ...     {"3 dice": highest_die(3), "2 dice": highest_die(2)},
    ...     title="Highest die",
    ...     xlabel="highest single die",
    ... )
    >>> [tick.get_text() for tick in fig.axes[0].get_xticklabels()]
    ['1', '2', '3', '4', '5', '6']
    """
    outcome_names = outcome_names or {}
    if outcomes is None:
        outcomes = sorted({outcome for dist in series.values() for outcome in dist})
    fig = Figure(figsize=(6 if len(outcomes) < 8 else 8, 3), layout="constrained")
    ax = fig.add_subplot()
    width = 0.8 / max(len(series), 1)
    for i, (label, dist) in enumerate(series.items()):
        offsets = [j + (i - (len(series) - 1) / 2) * width for j in range(len(outcomes))]
        heights = [float(dist.get(outcome, 0)) for outcome in outcomes]
        bars = ax.bar(offsets, heights, width=width, label=label)
        if percent_labels:
            ax.bar_label(bars, labels=[f"{h:.1%}" for h in heights], fontsize=8)
    ax.set_xticks(range(len(outcomes)), [outcome_names.get(o, str(o)) for o in outcomes])
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    ax.legend(loc="upper left")
    return fig


def odds_grid(
    grid: Sequence[Sequence[Fraction]],
    *,
    title: str,
    xlabel: str,
    ylabel: str,
) -> Figure:
    """Draw a table of probabilities as a heatmap, each cell written as a percentage.

    Row i and column j of `grid` are drawn at y = i, x = j, so counts from 0 read upwards.

    Examples
    --------
    >>> from piratelib.dice import highest_die_contest as p
    >>> grid = [[p(a, b, a_wins_ties=False) for a in range(3)] for b in range(3)]
    >>> fig = odds_grid(grid, title="t", xlabel="a", ylabel="b")
    >>> [t.get_text() for t in fig.axes[0].texts][:3]
    ['0%', '100%', '100%']
    """
    fig = Figure(figsize=(5.2, 4.4), layout="constrained")
    ax = fig.add_subplot()
    values = np.array([[float(p) for p in row] for row in grid])
    image = ax.imshow(values, origin="lower", cmap="RdYlBu_r", vmin=0, vmax=1)
    for (i, j), value in np.ndenumerate(values):
        colour = "white" if abs(value - 0.5) > 0.3 else "black"
        ax.text(j, i, f"{value:.0%}", ha="center", va="center", fontsize=8, color=colour)
    ax.set_xticks(range(values.shape[1]))
    ax.set_yticks(range(values.shape[0]))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.set_title(title)
    fig.colorbar(image, ax=ax, shrink=0.8, label="probability")
    return fig


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
_WATER = {"color": "#3a86c8", "linestyle": (0, (1, 1.6)), "linewidth": 2.6}
_LAND = {"color": "#5c3a1e", "linestyle": "-", "linewidth": 2.6}
_DOUBLE_ROUTE_GAP = 5.0
"""Half the gap, in board pixels, between the two lines of a pair linked both ways."""
_HIGHLIGHT = {"facecolor": (1.0, 0.84, 0.0, 0.45), "edgecolor": "#ff8c00", "linewidth": 3.5}
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


def _offset(direction: str, radius: float) -> tuple[float, float, str, str]:
    """Offset (points) and text alignment just beyond a mark of `radius` towards `direction`."""
    dx = ("e" in direction) - ("w" in direction)
    dy = ("n" in direction) - ("s" in direction)
    distance = radius + 3
    ha = {1: "left", 0: "center", -1: "right"}[dx]
    va = {1: "bottom", 0: "center", -1: "top"}[dy]
    return dx * distance, dy * distance, ha, va


def _spaces(items: str | Iterable[str]) -> list[str]:
    """A list of ids or names, taking one string as one item rather than its letters."""
    return [items] if isinstance(items, str) else list(items)


def _rank(order: list[str], item: str) -> int:
    """The position of `item` in `order`, or after every item of `order`."""
    return order.index(item) if item in order else len(order)


def _piece_key(piece: object) -> str:
    """The style key of a piece name: lower case, words joined by underscores."""
    key = "_".join(str(piece).lower().replace("-", " ").replace(".", " ").split())
    return _PIECE_ALIASES.get(key, key)


def blackbeard_map(
    G: nx.Graph,
    *,
    highlight: Iterable[str] | None = None,
    labels: Mapping[str, object] | None = None,
    trail: Sequence[str] = (),
    pieces: Mapping[str, Iterable[str]] | None = None,
    title: str = "Hunt for Blackbeard: the Map",
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
    from piratelib.blackbeard.board import check_space

    highlight = [check_space(G, space) for space in dict.fromkeys(_spaces(highlight or ()))]
    labels = {check_space(G, space): str(text) for space, text in (labels or {}).items()}
    trail = [check_space(G, space) for space in _spaces(trail)]
    pieces = {check_space(G, space): _spaces(names) for space, names in (pieces or {}).items()}

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
    for space, kind in G.nodes(data="kind"):
        _, colour, marker, size = _KIND_STYLE[kind]
        offboard = kind == "offboard"
        ax.scatter(
            *pos[space],
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
            compass = {"marker": "+", "c": "white", "linewidths": 1.5, "gid": f"compass:{space}"}
            ax.scatter(*pos[space], s=70, zorder=3.1, **compass)
    for space in highlight:
        ax.scatter(*pos[space], s=1300, zorder=2.5, gid=f"highlight:{space}", **_HIGHLIGHT)
    for i, (start, end) in enumerate(pairwise(trail)):
        arrow = FancyArrowPatch(
            pos[start],
            pos[end],
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
    for space, name in G.nodes(data="name"):
        radius = np.sqrt(_KIND_STYLE[G.nodes[space]["kind"]][3]) / 2
        _draw_label(ax, space, name, pos[space], radius, labels.get(space))
    piece_handles = _draw_pieces(ax, fig, G, pos, pieces)
    _draw_legends(fig, ax, highlight=bool(highlight), trail=len(trail) > 1, pieces=piece_handles)
    return fig


def _draw_routes(ax: Axes, G: nx.Graph, pos: Mapping[str, np.ndarray]) -> None:
    """One LineCollection per Route type; a pair linked both ways gets two parallel lines."""
    lines: dict[str, list[np.ndarray]] = {"water": [], "land": []}
    for u, v, routes in G.edges(data="routes"):
        a, b = pos[u], pos[v]
        normal = np.array([b[1] - a[1], a[0] - b[0]]) / max(np.hypot(*(b - a)), 1e-9)
        for kind in routes:
            shift = 0 if len(routes) == 1 else _DOUBLE_ROUTE_GAP * (1 if kind == "water" else -1)
            lines[kind].append(np.array([a + shift * normal, b + shift * normal]))
    for kind, style in (("water", _WATER), ("land", _LAND)):
        routes = LineCollection(lines[kind], capstyle="round", zorder=1, gid=f"route:{kind}")
        routes.set(**style)
        ax.add_collection(routes)


def _draw_label(
    ax: Axes, space: str, name: str, xy: np.ndarray, radius: float, extra: str | None
) -> None:
    """The space's name beside its mark, and any extra text in a gold tag beyond the name."""
    direction = _LABEL_PLACE.get(space, "s")
    dx, dy, ha, va = _offset(direction, radius)
    if space in _LABEL_WRAP:
        name = "\n".join(name.rsplit(" ", 1))
    text = ax.annotate(
        name,
        xy,
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
    above = "n" in direction  # the tag goes on the far side of the name from the space
    ax.annotate(
        extra,
        (0.5, 1) if above else (0.5, 0),
        xycoords=text,
        xytext=(0, 5) if above else (0, -5),
        textcoords="offset points",
        ha="center",
        va="bottom" if above else "top",
        fontsize=10,
        fontweight="bold",
        bbox={"boxstyle": "round,pad=0.2", "facecolor": "#ffd54f", "edgecolor": "#ff8c00"},
        zorder=5.1,
        gid=f"note:{space}",
    )


def _draw_pieces(
    ax: Axes,
    fig: Figure,
    G: nx.Graph,
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
    fig: Figure, ax: Axes, *, highlight: bool, trail: bool, pieces: Mapping[str, Line2D]
) -> None:
    """The kinds of space in the board's empty corner; Routes and marks below the Map."""
    spaces = [
        Line2D(
            [],
            [],
            marker=marker,
            markersize=np.sqrt(size) * 0.8,
            linestyle="none",
            markerfacecolor=colour,
            markeredgecolor="#7a7a7a" if kind == "offboard" else "black",
            label=text,
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
            Line2D(
                [],
                [],
                marker="o",
                markersize=16,
                linestyle="none",
                markerfacecolor=_HIGHLIGHT["facecolor"],
                markeredgecolor=_HIGHLIGHT["edgecolor"],
                markeredgewidth=2.5,
                label="highlighted",
            )
        )
    if trail:
        marks.append(Line2D([], [], color=_TRAIL_COLOUR, linewidth=4, label="trail"))
    for text, handle in pieces.items():
        marks.append(
            Line2D(
                [],
                [],
                marker=handle.get_marker(),
                markersize=13,
                linestyle="none",
                markerfacecolor=handle.get_markerfacecolor(),
                markeredgecolor=handle.get_markeredgecolor(),
                label=text,
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


def png(fig: Figure) -> bytes:
    """Return `fig` rendered as PNG bytes, ready for an ``ipywidgets.Image``.

    Examples
    --------
    >>> png(Figure()).startswith(b"\\x89PNG")
    True
    """
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=90)
    return buffer.getvalue()


# --- Blackbeard's mat ------------------------------------------------------------------------

_ROW_TITLES = {"acts_of_piracy": "Acts of Piracy", "pirates_life": "Pirate's Life"}
_ROW_FACE = {"acts_of_piracy": "#dcdcdc", "pirates_life": "white"}
_CUBE_FACE = {"gold": "#e0b020", "black": "#1a1a1a"}
_SQUARE_EDGE = {"gold": "#c09010", "black": "#5a5a5a"}
_PAWN_COLOUR = "#3a3a3a"
_EFFECT_WORDS = {
    "stow_booty": "Taken Loot to Purse",
    "sell_cargo": "Taken Loot + 2 to Purse",
    "seek_pardon": "set a tile aside",
    "fete_tobias_knight": "2 Defenses free",
}
_PENALTY_WORDS = {
    "hire_doctor": "Sail 3 pawns",
    "buy_rum": "4 pawns",
    "crew_to_ordinary": "Fire -1 die",
}


def _pawn_path() -> Path:
    """A board-game pawn in a unit box centred on 0: a round head on a flared body."""
    head = Path.circle((0, 0.28), 0.2)
    body = Path(
        [(-0.32, -0.45), (0.32, -0.45), (0.12, 0.1), (-0.12, 0.1), (-0.32, -0.45)],
        [Path.MOVETO, Path.LINETO, Path.LINETO, Path.LINETO, Path.CLOSEPOLY],
    )
    return Path.make_compound_path(head, body)


def _row_verdict(cubes: int, squares: int) -> str:
    """Whether a row reaches half of its squares, in the Victory rule's words."""
    if not squares:
        return "no tiles yet"
    if 2 * cubes > squares:
        return "more than half: wins either way"
    if 2 * cubes == squares:
        return "exactly half: wins (not with the more-than-half option)"
    return f"less than half (half is {(squares + 1) // 2})"


def blackbeard_mat(mat: Any, tiles: Any = None, *, title: str = "Blackbeard's mat") -> Figure:
    """Draw Blackbeard's mat: both Piracy rows with cubes and pawns, Purse, Loot and Defenses.

    Parameters
    ----------
    mat : piratelib.blackbeard.piracy.Mat
        The mat to draw.
    tiles : piratelib.blackbeard.tiles.Tiles, optional
        The tile set (default :func:`~piratelib.blackbeard.tiles.load_tiles`).
    title : str
        The figure's title.

    Returns
    -------
    Figure
        A 10 x 5 inch figure. The Acts of Piracy row is on top, Pirate's Life below; each
        tile is a box (gid ``"tile:<id>"``) with one square per square on the tile (gold
        outline for gold squares, dark grey for black), a cube drawn in each filled square
        (``"cube:<id>:<i>"``) and a pawn on each square this turn's pawns will fill
        (``"pawn:<id>:<i>"``). Each row's title gives its ``cubes / squares`` and whether
        it reaches half (``"row:<row>"``); the panel on the right shows the Purse
        (``"purse"``), Taken Loot (``"taken_loot"``), spares (``"spares"``) and Prepared
        Defenses (``"defenses"``).

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat, plan_piracy
    >>> mat = Mat(pirates_life=("banyan_for_vane",), cubes=(("banyan_for_vane", 1),))
    >>> fig = blackbeard_mat(plan_piracy(mat, "banyan_for_vane", 2))
    >>> gids = [str(a.get_gid()) for a in fig.axes[0].patches]
    >>> [gid for gid in gids if gid.startswith(("cube:", "pawn:"))]
    ['cube:banyan_for_vane:0', 'pawn:banyan_for_vane:1', 'pawn:banyan_for_vane:2']
    """
    from piratelib.blackbeard.piracy import ROWS, row_cubes
    from piratelib.blackbeard.tiles import load_tiles

    tiles = tiles or load_tiles()
    fig = Figure(figsize=(10, 5))
    ax = fig.add_axes((0, 0, 1, 0.93))
    ax.set_xlim(0, 20)
    ax.set_ylim(0, 9.3)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.suptitle(title, fontsize=13, y=0.985)
    pawn = _pawn_path()
    left, right = 0.2, 14.6
    for r, row in enumerate(ROWS):
        top = 9.1 - r * 4.55
        cubes, squares = row_cubes(mat, row, tiles)
        ax.text(
            left,
            top,
            f"{_ROW_TITLES[row]}: {cubes} / {squares} squares — {_row_verdict(cubes, squares)}",
            fontsize=10.5,
            fontweight="bold",
            va="top",
            gid=f"row:{row}",
        )
        drawn = getattr(mat, row)
        if not drawn:
            ax.text(left, top - 1.8, "(no tiles drawn)", fontsize=10, color="#777", va="center")
            continue
        gap = 0.2
        width = min(3.4, (right - left - gap * (len(drawn) - 1)) / len(drawn))
        height = 3.55
        bottom = top - 0.55 - height
        for i, tile in enumerate(drawn):
            info = tiles.piracy[tile]
            x0 = left + i * (width + gap)
            n = tiles.squares(tile)
            full = mat.on(tile) >= n
            ax.add_patch(
                FancyBboxPatch(
                    (x0, bottom),
                    width,
                    height,
                    boxstyle="round,pad=0,rounding_size=0.15",
                    facecolor=_ROW_FACE[row],
                    edgecolor="#2e7d32" if full else "#333",
                    linewidth=2.5 if full else 1.2,
                    gid=f"tile:{tile}",
                )
            )
            cx = x0 + width / 2
            narrow = width < 2.6
            big, small = (8, 6.5) if narrow else (10, 8.5)
            line = 1 / 72 * 2 * 1.2  # data units per point of text, with line spacing
            name = _wrap(info["name"], width, points=big)
            where_text = _wrap("at " + _where_words(info["where"]), width, points=small)
            y = bottom + height - 0.15
            ax.text(cx, y, name, ha="center", va="top", fontsize=big, fontweight="bold")
            y -= (name.count("\n") + 1) * big * line + 0.2
            ax.text(cx, y, where_text, ha="center", va="top", fontsize=small, color="#333")
            y -= (where_text.count("\n") + 1) * small * line + 0.2
            planned = mat.planned(tile)
            status = "FULL" if full else f"{mat.on(tile)} / {n}"
            if planned and not full:
                status += f", {planned} pawn{'s' if planned > 1 else ''}"
            penalty = info["penalty"] and not full
            if penalty:
                status += f" · {_PENALTY_WORDS[info['penalty']]}"
            status = _wrap(status, width, points=small)
            ax.text(
                cx,
                y,
                status,
                ha="center",
                va="top",
                fontsize=small,
                color="#2e7d32" if full else "#b71c1c" if penalty else "#444",
                fontweight="bold" if full else "normal",
            )
            y -= (status.count("\n") + 1) * small * line + 0.15
            size = min(0.75, (width - 0.3) / (n * 1.25 - 0.25))
            step = size * 1.25
            sx = cx - (n * step - (step - size)) / 2
            sy = y - size
            for k in range(n):
                x = sx + k * step
                ax.add_patch(
                    Rectangle(
                        (x, sy),
                        size,
                        size,
                        facecolor="white",
                        edgecolor=_SQUARE_EDGE[info["cubes"]],
                        linewidth=2,
                    )
                )
                if k < mat.on(tile):
                    inset = size * 0.14
                    ax.add_patch(
                        Rectangle(
                            (x + inset, sy + inset),
                            size - 2 * inset,
                            size - 2 * inset,
                            facecolor=_CUBE_FACE[info["cubes"]],
                            edgecolor="black",
                            linewidth=0.6,
                            gid=f"cube:{tile}:{k}",
                        )
                    )
                elif k < mat.on(tile) + planned:
                    shape = pawn.transformed(
                        Affine2D().scale(size * 0.8).translate(x + size / 2, sy + size / 2)
                    )
                    ax.add_patch(
                        PathPatch(
                            shape,
                            facecolor=_PAWN_COLOUR,
                            edgecolor="white",
                            linewidth=0.5,
                            gid=f"pawn:{tile}:{k}",
                        )
                    )
            ax.text(
                cx,
                sy - 0.12,
                _wrap(_tile_notes(info), width, points=small),
                ha="center",
                va="top",
                fontsize=small - 0.5,
                color="#1565c0",
            )
    _mat_panel(ax, mat, tiles)
    return fig


def _where_words(where: Iterable[str]) -> str:
    """A tile's listed spaces in words."""
    from piratelib.blackbeard.board import load_map

    G = load_map()
    words = {"any_anchorage": "any Anchorage", "any_town": "any Town", "camp": "Camp"}
    return " or ".join(words.get(w) or G.nodes[w]["name"] for w in where)


def _tile_notes(info: Mapping[str, Any]) -> str:
    """What a tile does, in short: From Purse, Show, Take n, its effect or penalty."""
    notes = ["From Purse"] if info["cubes"] == "gold" else []
    if info["show"]:
        notes.append("Show")
    if info["take_loot"]:
        notes.append(f"Take {info['take_loot']}")
    if info["effect"]:
        notes.append(_EFFECT_WORDS[info["effect"]])
    if info["not_if_sailed"]:
        notes.append("not if Sailed")
    return " · ".join(note.replace(" ", "\u00a0") for note in notes)  # break between notes


def _wrap(text: str, width: float, *, points: float) -> str:
    """`text` broken into lines that fit `width` data units (2 per inch) at `points`."""
    per_line = max(6, int(width / 2 * 72 / (points * 0.6)))
    return "\n".join(textwrap.wrap(text, per_line))


def _mat_panel(ax: Axes, mat: Any, tiles: Any) -> None:
    """The right-hand panel: Purse, Taken Loot, spares, Prepared Defenses."""
    x0, top = 15.0, 9.1
    ax.add_patch(
        FancyBboxPatch(
            (x0 - 0.15, 0.15),
            4.95,
            top - 0.1,
            boxstyle="round,pad=0,rounding_size=0.15",
            facecolor="#f7f3e8",
            edgecolor="#8d6e63",
        )
    )
    y = top - 0.25
    ax.text(
        x0, y, f"Purse: {mat.purse} gold", fontsize=10.5, fontweight="bold", va="top", gid="purse"
    )
    y -= 0.65
    for i in range(mat.purse):
        ax.add_patch(
            Rectangle(
                (x0 + (i % 10) * 0.45, y - 0.35 - (i // 10) * 0.45),
                0.35,
                0.35,
                facecolor=_CUBE_FACE["gold"],
                edgecolor="black",
                linewidth=0.5,
                gid=f"purse:{i}",
            )
        )
    y -= 0.55 + 0.45 * ((max(mat.purse, 1) - 1) // 10) + 0.3
    loot = ", ".join(map(str, mat.taken_loot)) or "none"
    ax.text(
        x0,
        y,
        f"Taken Loot: {loot}\n"
        f"(shows {sum(mat.taken_loot)} gold; {len(mat.loot_pool)} left to draw)",
        fontsize=9.5,
        va="top",
        gid="taken_loot",
    )
    y -= 1.15
    ax.text(
        x0,
        y,
        f"Spares: {mat.spare_gold} gold, {mat.spare_black} black",
        fontsize=9.5,
        va="top",
        gid="spares",
    )
    y -= 0.7
    defenses = [
        f"{tiles.defenses[d]['name']}" + (f" ({paid} Paid)" if paid else "")
        for d, paid in mat.defenses
    ]
    ax.text(
        x0,
        y,
        "Prepared Defenses:\n" + ("\n".join(defenses) if defenses else "none"),
        fontsize=9.5,
        va="top",
        gid="defenses",
    )
    ax.text(
        x0,
        0.35,
        f"Turn {mat.turn}; pawns used {mat.pawns_used}",
        fontsize=9,
        color="#555",
        va="bottom",
        gid="turn",
    )
