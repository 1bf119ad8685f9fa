"""Building blocks the game pictures share: a Ship's outline, text beside marks, legend keys.

Private to :mod:`piratelib.draw`: each helper is here because at least two game modules
drew the same thing the same way. :func:`ship_marker` is the Ship of Black Flag! and
Dread Pirate; :func:`text_align` aligns text set off from a mark in some direction;
:func:`stack_tag` puts a small tag (a note, a card) just beyond a name; :func:`legend_marker`
is a legend entry showing one marker; :func:`as_list` takes one name as one item.
The checks of the arguments every picture takes, and :func:`text_align` and
:func:`as_list`, need no matplotlib: they live in :mod:`piratelib.draw._checks`, for the
SVG pictures too, and are gathered here as well.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.colors import is_color_like
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path

from piratelib.draw._checks import as_list, check_ids, check_map, check_text, text_align
from piratelib.draw._shapes import SHIP_OUTLINE
from piratelib.errors import PiratelibError, check_number

if TYPE_CHECKING:
    from matplotlib.text import Annotation
    from matplotlib.typing import ColorType, MarkerType

__all__ = [
    "as_list",
    "check_ids",
    "check_map",
    "check_text",
    "legend_marker",
    "point",
    "ship_marker",
    "stack_tag",
    "text_align",
]

_ALIGN = {"left": 0, "center": 0.5, "right": 1}


def point(xy: Iterable[float]) -> tuple[float, float]:
    """Return a drawing position (an ``(x, y)`` array or pair) as a pair of floats.

    Matplotlib's patches and annotations take ``(x, y)`` as a pair.

    Examples
    --------
    >>> import numpy as np
    >>> point(np.array([1, 2.5]))
    (1.0, 2.5)
    >>> point("ab")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: a drawing position is an (x, y) pair of numbers, got 'ab'
    """
    try:
        x, y = xy
        return float(x), float(y)
    except (TypeError, ValueError):
        raise PiratelibError(
            f"a drawing position is an (x, y) pair of numbers, got {xy!r}"
        ) from None


def ship_marker() -> Path:
    """A marker outline for a Ship (:data:`~piratelib.draw._shapes.SHIP_OUTLINE`): a hull
    under a square sail, with a pennant.

    Examples
    --------
    >>> [round(float(x), 2) for x in ship_marker().get_extents().bounds]  # x, y, width, height
    [-1.0, -0.95, 2.0, 2.05]
    """
    return Path.make_compound_path(*(Path([*part, part[0]], closed=True) for part in SHIP_OUTLINE))


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
    if not isinstance(ax, Axes) or not isinstance(under, Artist):
        raise PiratelibError(f"a tag goes on matplotlib Axes, beyond an Artist; got {ax!r:.60}")
    check_text("a tag's text", text)
    if ha not in _ALIGN:
        raise PiratelibError(f"ha must be one of {', '.join(_ALIGN)}, got {ha!r}")
    _check_style(fontsize=fontsize, zorder=zorder, colours=(facecolor, edgecolor))
    check_text("gid", gid)
    return ax.annotate(
        text,
        (_ALIGN[ha], 1 if above else 0),
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
    marker: MarkerType,
    *,
    size: float,
    face: ColorType,
    edge: ColorType,
    edgewidth: float | None = None,
) -> Line2D:
    """A legend entry showing one marker `size` points wide (no line).

    Examples
    --------
    >>> entry = legend_marker("Town", "s", size=10, face="brown", edge="black")
    >>> entry.get_label(), entry.get_marker(), entry.get_linestyle()
    ('Town', 's', 'None')
    """
    check_text("a legend entry's label", label)
    try:
        MarkerStyle(marker)
    except (TypeError, ValueError):
        raise PiratelibError(f"not a matplotlib marker: {marker!r:.60}") from None
    _check_style(fontsize=size, colours=(face, edge))
    if edgewidth is not None:
        check_number("edgewidth", edgewidth, 0, 100)
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


def _check_style(*, fontsize: object, zorder: object = 0, colours: Iterable[object] = ()) -> None:
    """Refuse a size or zorder that is not a finite number, or a colour matplotlib lacks."""
    check_number("size", fontsize, 0, 1000)
    check_number("zorder", zorder, -1000, 1000)
    for colour in colours:
        if not is_color_like(colour):
            raise PiratelibError(f"not a colour matplotlib knows: {colour!r:.60}")
