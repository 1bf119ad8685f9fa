"""Building blocks the game pictures share: a Ship's outline, text beside marks, legend keys.

Private to :mod:`piratelib.draw`: each helper is here because at least two game modules
drew the same thing the same way. :func:`ship_marker` is the Ship of Black Flag! and
Dread Pirate; :func:`text_align` aligns text set off from a mark in some direction;
:func:`stack_tag` puts a small tag (a note, a card) just beyond a name; :func:`legend_marker`
is a legend entry showing one marker; :func:`as_list` takes one name as one item.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from matplotlib.lines import Line2D
from matplotlib.path import Path

if TYPE_CHECKING:
    from matplotlib.artist import Artist
    from matplotlib.axes import Axes
    from matplotlib.text import Annotation

__all__ = ["as_list", "legend_marker", "ship_marker", "stack_tag", "text_align"]


def ship_marker() -> Path:
    """A marker outline for a Ship: a hull under a square sail, with a pennant.

    Examples
    --------
    >>> [round(float(x), 2) for x in ship_marker().get_extents().bounds]  # x, y, width, height
    [-1.0, -0.95, 2.0, 2.05]
    """
    hull = Path([(-1, -0.35), (1, -0.35), (0.65, -0.95), (-0.65, -0.95), (-1, -0.35)], closed=True)
    sail = Path([(-0.6, 0.75), (0.6, 0.75), (0.5, -0.2), (-0.5, -0.2), (-0.6, 0.75)], closed=True)
    pennant = Path([(-0.05, 0.85), (-0.05, 1.1), (0.45, 0.97), (-0.05, 0.85)], closed=True)
    return Path.make_compound_path(hull, sail, pennant)


def text_align(dx: float, dy: float, *, dead_zone: float = 0.0) -> tuple[str, str]:
    """Return ``(ha, va)`` for text set off from a mark towards `dx`, `dy` (y up).

    Text to the right starts at its left edge, text above sits on its bottom edge, and a
    direction within `dead_zone` of 0 centres the text on that axis.

    Examples
    --------
    >>> text_align(1, 0), text_align(-1, -1), text_align(0.2, 0.9, dead_zone=0.3)
    (('left', 'center'), ('right', 'top'), ('center', 'bottom'))
    """
    ha = "left" if dx > dead_zone else "right" if dx < -dead_zone else "center"
    va = "bottom" if dy > dead_zone else "top" if dy < -dead_zone else "center"
    return ha, va


def stack_tag(
    ax: Axes,
    text: str,
    under: Artist,
    *,
    above: bool,
    ha: str = "center",
    fontsize: float,
    facecolor: str,
    edgecolor: str,
    zorder: float,
    gid: str,
) -> Annotation:
    """Write `text` in bold in a small rounded box 5 points over (or under) the artist `under`.

    `ha` lines the tag up with `under`'s left edge, centre or right edge. A tag can go
    under another tag, to stack several beyond one name.
    """
    return ax.annotate(
        text,
        ({"left": 0, "center": 0.5, "right": 1}[ha], 1 if above else 0),
        xycoords=under,
        xytext=(0, 5 if above else -5),
        textcoords="offset points",
        ha=ha,
        va="bottom" if above else "top",
        fontsize=fontsize,
        fontweight="bold",
        bbox={"boxstyle": "round,pad=0.2", "facecolor": facecolor, "edgecolor": edgecolor},
        zorder=zorder,
        gid=gid,
    )


def legend_marker(
    label: str,
    marker: object,
    *,
    size: float,
    face: object,
    edge: object,
    edgewidth: float | None = None,
) -> Line2D:
    """A legend entry showing one marker `size` points wide (no line).

    Examples
    --------
    >>> entry = legend_marker("Town", "s", size=10, face="brown", edge="black")
    >>> entry.get_label(), entry.get_marker(), entry.get_linestyle()
    ('Town', 's', 'None')
    """
    return Line2D(
        [],
        [],
        marker=marker,
        markersize=size,
        linestyle="none",
        markerfacecolor=face,
        markeredgecolor=edge,
        markeredgewidth=edgewidth,
        label=label,
    )


def as_list(items: str | Iterable[str]) -> list[str]:
    """A list of ids or names, taking one string as one item rather than its letters.

    Examples
    --------
    >>> as_list("bath_town"), as_list(("jane", "ranger"))
    (['bath_town'], ['jane', 'ranger'])
    """
    return [items] if isinstance(items, str) else list(items)
