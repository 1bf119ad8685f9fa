"""Hunt for Blackbeard's Map as one side sees it during a whole game, drawn from its observation.

:func:`side_map` takes an :class:`~piratelib.blackbeard.game.views.Observation`
(never the whole state) and draws what :func:`~piratelib.draw.blackbeard.view.side_marks`
reads from it on :func:`~piratelib.draw.blackbeard.map.blackbeard_map`:
each of the 24 blocks on its space, standing (a tall block) or lying face up (a flat
square), in the colour of its symbol when the side may know it and as a wooden "?" when
it may not; the Hunters' record of what they Spotted on blocks still standing, with when
and how; the Camp marker and Surveil markers; the pieces that side may see; and, for
Blackbeard, Adventure's Sail this turn. Given ``chances`` (a space's chance that Adventure
is there, e.g. from :func:`piratelib.blackbeard.deduce.chances`), each possible space is
shaded by its chance, darker for likelier, with a colour bar in percent.
:func:`side_map_alt` says the same in words, as alt text for the picture;
:func:`likeliest` and :func:`piratelib.words.percent` put chances in a player's words
(these, :func:`spot_words` and the names of blocks and pieces live in
:mod:`~piratelib.draw.blackbeard.view`, shared with the SVG picture, and are importable
from here too). Block artists carry the gid
``"block:<space id>"``, shades ``"chance:<space id>"``.

Examples
--------
>>> from piratelib.blackbeard.game import new_game, observation
>>> view = observation(new_game(seed=1), "hunters")
>>> side_map_alt(view).split(".")[0]
"The Hunters' view of the Map, Turn 1, segment A"
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING

from piratelib.draw._common import legend_marker
from piratelib.draw.blackbeard.map import blackbeard_map, marker
from piratelib.draw.blackbeard.map_style import (
    BLOCK_SIZE,
    BLOCK_STYLE,
    CHANCE_COLOURS,
    CHANCE_DISC,
    LEGEND,
    SIZES,
    UNKNOWN_TEXT,
    chance_colour,
)
from piratelib.draw.blackbeard.view import (
    BLOCK_NAMES,
    PIECE_NAMES,
    SIDE_VIEWS,
    block_key,
    likeliest,
    side_map_alt,
    side_marks,
    spot_words,
)

if TYPE_CHECKING:
    from matplotlib.figure import Figure
    from matplotlib.lines import Line2D

    from piratelib.blackbeard.game.views import Observation

__all__ = [
    "BLOCK_NAMES",
    "PIECE_NAMES",
    "SIDE_VIEWS",
    "likeliest",
    "side_map",
    "side_map_alt",
    "spot_words",
]

_CHANCE_BAR = (0.04, 0.875, 0.2, 0.022)
"""Where the colour bar goes (figure fraction): the empty corner west of New Bern."""


def side_map(
    view: Observation,
    *,
    title: str | None = None,
    chances: Mapping[str, Fraction] | None = None,
    moment: str | None = None,
) -> Figure:
    """Draw the Map as `view`'s side sees it: blocks, Spots, markers, pieces, and chances.

    Parameters
    ----------
    view : Observation
        What one side may know (:func:`piratelib.blackbeard.game.observation`). For the
        Hunters it holds no standing block, so none can be drawn.
    title : str, optional
        The figure's title (default: the side's view, the turn and the segment).
    chances : mapping of space id to Fraction, optional
        The chance that Adventure is at each space (spaces missing or at 0 are not
        shaded). Each space with a chance gets a disc under it, darker for likelier
        (from the lightest shade up to the largest chance given), and a colour bar in
        percent says what the shades mean. None (the default) draws no shading.
    moment : str, optional
        When the picture is taken, for the default title (e.g. ``"Turn 1, G. End Turn"``,
        so that two sides' Maps of one step name the same moment); default: the view's
        turn and segment.

    Returns
    -------
    matplotlib.figure.Figure
        The Map of :func:`~piratelib.draw.blackbeard.map.blackbeard_map`, with one
        ``"block:<space>"`` artist per block slot and the markers in its legend; with
        `chances`, one ``"chance:<space>"`` disc per shaded space and a second axes, the
        colour bar.

    Examples
    --------
    >>> from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
    >>> state = apply(new_game(seed=1), SetCamp("nots_island"))
    >>> fig = side_map(observation(state, "blackbeard"))
    >>> [a.get_gid() for a in fig.axes[0].lines if a.get_gid().startswith("block:nots")]
    ['block:nots_island']
    >>> from fractions import Fraction
    >>> fig = side_map(observation(state, "hunters"), chances={"nots_island": Fraction(1)})
    >>> [c.get_gid() for c in fig.axes[0].collections if c.get_gid().startswith("chance:")]
    ['chance:nots_island']
    >>> fig.axes[1].get_xlabel()
    'Chance Adventure is here (darker = likelier)'
    """
    from piratelib.blackbeard.game.state import game_map

    shown = side_marks(view, title=title, chances=chances, moment=moment)
    G = game_map()
    fig = blackbeard_map(G, **shown.marks)
    ax = fig.axes[0]
    spaces = ax.get_legend()
    assert spaces is not None  # blackbeard_map draws the Spaces legend
    ax.add_artist(spaces)  # keep the Spaces legend beside the Blocks one
    ax.legend(
        handles=_legend(view),
        title="Blocks",
        loc="lower left",  # the board's corner south of Ocracoke Inlet: narrow, clear of names
        fontsize=8,
        title_fontsize=8,
        handlelength=1,
        handletextpad=0.4,
        borderaxespad=0.2,
        framealpha=0.9,
    )
    for space, block in shown.blocks.items():
        lie = "face_up" if space in shown.face_up else "standing"
        face, edge = BLOCK_STYLE[block]
        ax.plot(
            *G.nodes[space]["pos"],
            marker=marker("square" if lie == "face_up" else "standing"),
            markersize=BLOCK_SIZE[lie],
            markerfacecolor=face,
            markeredgecolor=edge,
            markeredgewidth=BLOCK_SIZE["camp_edge" if "camp" in block else "edge"],
            linestyle="none",
            zorder=3.5,
            gid=f"block:{space}",
        )
        if block == "unknown":
            ax.annotate(
                "?",
                G.nodes[space]["pos"],
                ha="center",
                va="center",
                fontsize=SIZES["unknown"],
                fontweight="bold",
                color=UNKNOWN_TEXT,
                zorder=3.6,
                gid=f"unknown:{space}",
            )
    if shown.shaded:
        _shade(fig, shown.shaded)
    return fig


def _shade(fig: Figure, chances: dict[str, Fraction]) -> None:
    """Shade each space by its chance under everything else, and add the colour bar."""
    from matplotlib.cm import ScalarMappable
    from matplotlib.colors import LinearSegmentedColormap, Normalize
    from matplotlib.ticker import PercentFormatter

    from piratelib.blackbeard.game.state import game_map

    G = game_map()
    ax = fig.axes[0]
    cmap = LinearSegmentedColormap.from_list("chance", CHANCE_COLOURS)
    top = float(max(chances.values()))
    norm = Normalize(0, 100 * top)
    area, opacity = CHANCE_DISC
    for space, p in sorted(chances.items()):
        x, y = G.nodes[space]["pos"]
        ax.scatter(
            x,
            y,
            s=area,
            color=chance_colour(float(p) / top),
            alpha=opacity,
            edgecolors="none",
            zorder=2.4,  # under the Surveil halo and the space itself
            gid=f"chance:{space}",
        )
    bar = fig.add_axes(_CHANCE_BAR)
    colours = ScalarMappable(norm=norm, cmap=cmap)
    fig.colorbar(colours, cax=bar, orientation="horizontal", format=PercentFormatter(decimals=0))
    bar.set_xticks([0, 50 * top, 100 * top])
    bar.tick_params(labelsize=9)
    bar.set_xlabel("Chance Adventure is here (darker = likelier)", fontsize=9)
    bar.xaxis.set_label_position("top")


def _legend(view: Observation) -> list[Line2D]:
    """Legend entries for the blocks this side may see."""
    return [
        legend_marker(
            textwrap.fill(words, 14),
            marker("square" if lie == "face_up" else "standing"),
            size=BLOCK_SIZE[lie] + LEGEND["block"],
            face=face,
            edge=edge,
        )
        for words, face, edge, lie in block_key(view.side)
    ]
