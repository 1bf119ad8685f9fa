"""Blackbeard's mat as SVG, for the Piracy app, which redraws it on every click.

:func:`mat_svg` draws the layout of :mod:`piratelib.draw.blackbeard.mat_style` (the one
:func:`~piratelib.draw.blackbeard.piracy.blackbeard_mat` draws with matplotlib) as SVG
text with :mod:`piratelib.draw.svg`: the rows' tiles, their names, places, notes and empty
squares are written once for each set of face-up tiles and kept; each call writes only
the marks on top (the title, each row's verdict, each tile's status, cubes and pawns, the
Purse and the panel's words). Its accessible name is
:func:`~piratelib.draw.blackbeard.mat_style.blackbeard_mat_alt`. Parts carry the layout's
``gid`` as ``data-gid`` (``"cube:<id>:<i>"``, ``"pawn:<id>:<i>"``, ...). No matplotlib is
needed.

Examples
--------
>>> from piratelib.blackbeard.piracy import Mat, plan_piracy
>>> mat = plan_piracy(Mat(pirates_life=("banyan_for_vane",)), "banyan_for_vane", 2)
>>> shown = mat_svg(mat, title="Plan")
>>> "aria-label='Plan. Acts of Piracy: no tiles yet." in shown
True
>>> shown.count("data-gid='pawn:banyan_for_vane:")
2
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from piratelib.draw import svg
from piratelib.draw.blackbeard.mat_style import (
    FONT,
    HEIGHT,
    PAWN_BODY,
    PAWN_COLOUR,
    PAWN_HEAD,
    WIDTH,
    Box,
    Part,
    Pawn,
    Words,
    blackbeard_mat_alt,
    checked,
    mat_base,
    mat_marks,
)

if TYPE_CHECKING:
    from piratelib.blackbeard.piracy.tiles import Tiles

__all__ = ["mat_svg"]

_ASCENT, _DESCENT = 0.8, 0.2
"""How far a line's baseline lies below its top, and its bottom below the baseline, in
text heights (matplotlib's "top" and "bottom" of DejaVu Sans)."""


def mat_svg(
    mat: Any, tiles: Any = None, *, title: str = "Blackbeard's mat", css: str = "piratelib-mat"
) -> str:
    """Return Blackbeard's mat as an SVG picture 900 by 500 pixels, named by its words.

    Parameters
    ----------
    mat : piratelib.blackbeard.piracy.Mat
    tiles : piratelib.blackbeard.piracy.tiles.Tiles, optional
        The tile set (default :func:`~piratelib.blackbeard.piracy.tiles.load_tiles`).
    title : str
        The picture's title, which also heads its alt text.
    css : str
        A CSS class for the ``<svg>``.

    Raises
    ------
    PiratelibError
        If `mat` is not a Mat, `tiles` not a tile set with its tiles, or `title` not text
        (as :func:`~piratelib.draw.blackbeard.piracy.blackbeard_mat`).

    Examples
    --------
    >>> from piratelib.blackbeard.piracy import Mat
    >>> mat = Mat(acts_of_piracy=("raid_delaware",), cubes=(("raid_delaware", 1),))
    >>> shown = mat_svg(mat)
    >>> "data-gid='cube:raid_delaware:0'" in shown, "data-gid='cube:raid_delaware:1'" in shown
    (True, False)
    >>> "Acts of Piracy: 1 / 4 squares — less than half (half is 2)</text>" in shown
    True
    >>> mat_svg("no mat")
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: mat must be a Mat, got 'no mat'
    """
    tiles = checked(mat, tiles)
    marks = "".join(map(_part, mat_marks(mat, tiles, title=title)))
    body = _base((mat.acts_of_piracy, mat.pirates_life), tiles) + marks
    alt = blackbeard_mat_alt(mat, tiles, title=title)
    return svg.svg(WIDTH, HEIGHT, svg.group([body], font_family=FONT), alt=alt, css=css)


@functools.lru_cache(maxsize=64)
def _base(rows: tuple[tuple[str, ...], tuple[str, ...]], tiles: Tiles) -> str:
    """The SVG of :func:`~piratelib.draw.blackbeard.mat_style.mat_base`, written once."""
    return "".join(map(_part, mat_base(rows, tiles)))


def _part(part: Part) -> str:
    """One part of the layout as SVG."""
    gid = part.gid or None
    if isinstance(part, Box):
        return svg.rect(
            part.x,
            part.y,
            part.width,
            part.height,
            fill=part.face,
            stroke=part.edge,
            stroke_width=part.line,
            rx=part.round or None,
            data_gid=gid,
        )
    if isinstance(part, Words):
        return _words(part)
    return _pawn(part)


def _words(words: Words) -> str:
    """Lines of text, each a ``<text>`` one line height below the last."""
    step = words.size * 1.2
    if words.above:  # y is the bottom of the last line
        first = words.y - _DESCENT * words.size - (len(words.lines) - 1) * step
    else:
        first = words.y + _ASCENT * words.size
    anchor = "middle" if words.anchor == "middle" else None
    weight = "bold" if words.bold else None
    lines = [
        svg.text(
            words.x,
            first + i * step,
            line,
            size=words.size,
            fill=words.colour,
            anchor=anchor,
            font_weight=weight,
        )
        for i, line in enumerate(words.lines)
    ]
    return svg.group(lines, data_gid=words.gid) if words.gid else "".join(lines)


def _pawn(pawn: Pawn) -> str:
    """A pawn: a round head on a flared body, `size` pixels high."""
    x, y, r = PAWN_HEAD
    s = pawn.size
    head = svg.circle(pawn.x + x * s, pawn.y + y * s, r * s)
    body = svg.polygon([(pawn.x + bx * s, pawn.y + by * s) for bx, by in PAWN_BODY])
    style = {"fill": PAWN_COLOUR, "stroke": "#ffffff", "stroke_width": 0.6}
    return svg.group([head, body], data_gid=pawn.gid or None, **style)
