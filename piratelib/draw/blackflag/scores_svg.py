"""Black Flag!'s score board as SVG text, for the apps: the track, the Treasure Chest, the Flags.

:func:`score_board_svg` takes the arguments of
:func:`~piratelib.draw.blackflag.scores.score_board` and draws the same picture with
:mod:`piratelib.draw.svg`, from the same look (:mod:`~piratelib.draw.blackflag.style`),
checks and words (:mod:`~piratelib.draw.blackflag.marks`); its alt text,
:func:`~piratelib.draw.blackflag.alt.score_board_alt`, is the SVG's accessible name. One
SVG unit is one pixel of the apps.

The track (its spaces, their numbers and the sides' names) is written once for each length
and kept; a click writes only the Treasure Chest, the Flags, the Hourglass and the title.
Each mark carries the gid of its matplotlib artist as ``data-gid`` (``"space:<n>"``,
``"number:<n>"``, ``"chest"``, ``"chest_label"``, ``"flag:<side>"``,
``"flag_label:<side>"``, ``"side:<side>"``, ``"hourglass"``, ``"title"``). Nothing here
imports matplotlib.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from piratelib.draw import svg
from piratelib.draw._checks import check_text
from piratelib.draw.blackflag import style
from piratelib.draw.blackflag.alt import score_board_alt
from piratelib.draw.blackflag.marks import board_words, checked_board
from piratelib.draw.blackflag.svg_words import FONT, write

__all__ = ["score_board_svg"]


def score_board_svg(
    chest: int,
    flags: int,
    *,
    spaces_per_side: int = 6,
    hourglass: int | None = None,
    title: str | None = None,
    css: str = "",
) -> str:
    """Draw the scoring track with the Treasure Chest, the two Flags and the Hourglass, as SVG.

    The arguments are :func:`~piratelib.draw.blackflag.scores.score_board`'s; `css` is a
    class for the ``<svg>``. The alt text is the title (if any), then
    :func:`~piratelib.draw.blackflag.alt.score_board_alt`'s words.

    Returns
    -------
    str
        A 900 x 252 pixel SVG picture.

    Raises
    ------
    IllegalActionError
        For a board :func:`~piratelib.draw.blackflag.marks.checked_board` refuses, as
        :func:`~piratelib.draw.blackflag.scores.score_board` does.

    Examples
    --------
    >>> shown = score_board_svg(2, 5, hourglass=7, title="After the sinking")
    >>> "aria-label='After the sinking. The score board: the Treasure Chest on space 2" in shown
    True
    >>> ">Hourglass: 7 Doubloons</text>" in shown
    True
    >>> score_board_svg(0, 7)
    Traceback (most recent call last):
    ...
    piratelib.errors.IllegalActionError: flags must be a whole number from 1 to 6 (the \
numbered space both Flags are on), got 7
    """
    n = checked_board(chest, flags, spaces_per_side, hourglass)
    check_text("title", title, optional=True)
    check_text("css", css)
    board = _board(n)
    chest_label, count = board_words(chest, hourglass)
    box = style.CHEST
    x0, y0 = board.at(chest + box.x, box.y + box.height)
    x1, y1 = board.at(chest + box.x + box.width, box.y)
    lid = board.at(0, box.lid)[1]
    parts = [
        _track(n),
        svg.group(
            [
                svg.rect(
                    x0,
                    y0,
                    x1 - x0,
                    y1 - y0,
                    rx=box.corner * board.x_unit,
                    fill=box.face,
                    stroke=box.edge,
                    stroke_width=box.edge_width * style.PX,
                ),
                svg.line(x0, lid, x1, lid, stroke=box.edge, stroke_width=box.lid_width * style.PX),
            ],
            data_gid="chest",
        ),
        write(
            board.at(chest, box.label_top), chest_label, "center", "top", box.edge, "chest_label"
        ),
    ]
    flag = style.FLAG
    for key, side in style.SIDES.items():
        x, sign = side.sign * flags, side.sign
        (foot_x, foot_y), (top_x, top_y) = (board.at(x, y) for y in flag.pole)
        pole = svg.line(
            foot_x,
            foot_y,
            top_x,
            top_y,
            stroke=flag.pole_colour,
            stroke_width=flag.pole_width * style.PX,
        )
        pennant = svg.polygon(
            [board.at(x + sign * dx, y) for dx, y in flag.pennant],
            fill=side.colour,
            stroke=flag.pole_colour,
            stroke_width=flag.pennant_width * style.PX,
        )
        parts.append(svg.group([pole, pennant], data_gid=f"flag:{key}"))
        where = board.at(x + sign * flag.label[0], flag.label[1])
        ha = "left" if sign > 0 else "right"
        parts.append(
            write(where, side.flag, ha, "center", side.colour, f"flag_label:{key}", bold=True)
        )
    if count is not None:
        glass = style.HOURGLASS
        where = board.at(n + style.BOARD_MARGIN - glass.right, glass.bottom)
        parts.append(
            write(
                where, count, "right", "bottom", "#000", "hourglass", box=glass[2:4], pad=glass.pad
            )
        )
    where = (board.width / 2, style.BOARD_TITLE_TOP * style.DPI)
    heading = "Black Flag!: the score board" if title is None else title
    parts.append(write(where, heading, "center", "top", "#000", "title", size=style.TITLE_SIZE))
    alt = score_board_alt(chest, flags, hourglass=hourglass, title=title)
    return svg.svg(board.width, board.height, svg.group(parts, font_family=FONT), alt=alt, css=css)


# --- the score board ------------------------------------------------------------------------


class _BoardFrame(NamedTuple):
    """The score board's frame in pixels: its size, and where a place on the track is."""

    width: float
    height: float
    left: float
    bottom: float
    x_unit: float
    y_unit: float
    half_width: float

    def at(self, x: float, y: float) -> tuple[float, float]:
        """The pixel of the place `x` spaces right of "0" and `y` above the track's middle."""
        low, _ = style.BOARD_Y
        return (
            self.left + (x + self.half_width) * self.x_unit,
            self.bottom - (y - low) * self.y_unit,
        )


@functools.cache
def _board(n: int) -> _BoardFrame:
    """The frame of a board with `n` spaces a side, as matplotlib's axes would have it."""
    width, height = style.BOARD_SIZE
    left, bottom, area_width, area_height = style.BOARD_AREA
    low, high = style.BOARD_Y
    dpi = style.DPI
    half_width = n + style.BOARD_MARGIN
    return _BoardFrame(
        width * dpi,
        height * dpi,
        left * dpi,
        (height - bottom) * dpi,
        area_width * dpi / (2 * half_width),
        area_height * dpi / (high - low),
        half_width,
    )


@functools.cache
def _track(n: int) -> str:
    """The part of a board that no click changes: the spaces, their numbers, the sides."""
    board = _board(n)
    space = style.SPACE
    parts = []
    for k in range(-n, n + 1):
        x0, y0 = board.at(k - space.size / 2, space.size / 2)
        x1, y1 = board.at(k + space.size / 2, -space.size / 2)
        parts.append(
            svg.rect(
                x0,
                y0,
                x1 - x0,
                y1 - y0,
                fill=space.ibberia if k > 0 else space.brittonia if k < 0 else space.centre,
                stroke=space.edge,
                stroke_width=(space.centre_width if k == 0 else space.width) * style.PX,
                data_gid=f"space:{k}",
            )
        )
        parts.append(
            write(
                board.at(k, space.number_top),
                str(abs(k)),
                "center",
                "top",
                "#000",
                f"number:{k}",
                bold=k == 0,
            )
        )
    beyond, middle = style.SIDE_LABEL
    for key, side in style.SIDES.items():
        where = board.at(side.sign * (n + beyond), middle)
        ha = "left" if side.sign > 0 else "right"
        parts.append(write(where, side.end, ha, "center", side.colour, f"side:{key}"))
    return "".join(parts)
