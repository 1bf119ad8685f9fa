"""Building blocks the game pictures share: a Ship's outline, text beside marks, legend keys.

Private to :mod:`piratelib.draw`: each helper is here because at least two game modules
drew the same thing the same way. :func:`ship_marker` is the Ship of Black Flag! and
Dread Pirate; :func:`text_align` aligns text set off from a mark in some direction;
:func:`stack_tag` puts a small tag (a note, a card) just beyond a name; :func:`legend_marker`
is a legend entry showing one marker; :func:`as_list` takes one name as one item.
:func:`check_text`, :func:`check_ids` and :func:`check_map` check the arguments every
picture takes (text, a collection of ids, a mapping) with a
:class:`~piratelib.errors.PiratelibError` that says what is allowed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Literal, overload

from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.colors import is_color_like
from matplotlib.lines import Line2D
from matplotlib.markers import MarkerStyle
from matplotlib.path import Path

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


def as_list(items: str | Iterable[str]) -> list[str]:
    """A list of ids or names, taking one string as one item rather than its letters.

    Examples
    --------
    >>> as_list("bath_town"), as_list(("jane", "ranger"))
    (['bath_town'], ['jane', 'ranger'])
    """
    return [items] if isinstance(items, str) else list(items)


@overload
def check_text(name: str, value: object, *, optional: Literal[False] = False) -> str: ...
@overload
def check_text(name: str, value: object, *, optional: bool) -> str | None: ...
def check_text(name: str, value: object, *, optional: bool = False) -> str | None:
    """Return `value` if it is text (or None, if `optional`); else raise PiratelibError.

    Examples
    --------
    >>> check_text("title", "The Map")
    'The Map'
    >>> check_text("title", 7)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: title must be text, got 7
    """
    if isinstance(value, str) or (optional and value is None):
        return value
    allowed = "text or None" if optional else "text"
    raise PiratelibError(f"{name} must be {allowed}, got {value!r:.80}")


def check_ids(name: str, items: object) -> list[str]:
    """`items` as a list of ids (one string is one id; a mapping gives its keys), checked
    to be strings.

    Examples
    --------
    >>> check_ids("highlight", "bath_town"), check_ids("highlight", {"jane", "jane"})
    (['bath_town'], ['jane'])
    >>> check_ids("highlight", 3)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: highlight must be an id or a collection of ids, got 3
    """
    if isinstance(items, str):
        return [items]
    if isinstance(items, Iterable) and not isinstance(items, bytes | bytearray):
        out = list(items)
        if all(isinstance(item, str) for item in out):
            return out
    raise PiratelibError(f"{name} must be an id or a collection of ids, got {items!r:.80}")


def check_map(name: str, value: object) -> dict[Any, Any]:
    """`value` as a dict if it is a mapping ({} for None); else raise PiratelibError.

    Examples
    --------
    >>> check_map("labels", None), check_map("labels", {"a": 1})
    ({}, {'a': 1})
    >>> check_map("labels", "a")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: labels must be a mapping (a dict) or None, got 'a'
    """
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return dict(value)
    raise PiratelibError(f"{name} must be a mapping (a dict) or None, got {value!r:.80}")


def _check_style(*, fontsize: object, zorder: object = 0, colours: Iterable[object] = ()) -> None:
    """Refuse a size or zorder that is not a finite number, or a colour matplotlib lacks."""
    check_number("size", fontsize, 0, 1000)
    check_number("zorder", zorder, -1000, 1000)
    for colour in colours:
        if not is_color_like(colour):
            raise PiratelibError(f"not a colour matplotlib knows: {colour!r:.60}")
