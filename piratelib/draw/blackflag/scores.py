"""Matplotlib picture of Black Flag!'s score board: the track, the Treasure Chest, the Flags.

:func:`score_board` draws the scoring track from Great Brittonia's end to the Kingdom of
Ibberia's, with the Treasure Chest on its space, both Flags, and the Doubloons left in
the Hourglass. Like every module of :mod:`piratelib.draw`, it builds a
:class:`matplotlib.figure.Figure` directly and computes nothing of the rules. Artists that
tests and widgets look for carry a ``gid``: ``"space:<n>"`` and ``"number:<n>"`` (``n``
signed: Ibberia's side positive), ``"chest"``, ``"chest_label"``, ``"flag:<side>"``,
``"flag_label:<side>"`` and ``"side:<side>"`` for ``ibberia`` and ``brittonia``, and
``"hourglass"``. Its alt text is :func:`piratelib.draw.blackflag.alt.score_board_alt`.
Its colours, sizes and places are :mod:`~piratelib.draw.blackflag.style`'s, its checks and
words :mod:`~piratelib.draw.blackflag.marks`', shared with the SVG picture the apps show,
:func:`piratelib.draw.blackflag.scores_svg.score_board_svg`.
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Polygon, Rectangle

from piratelib.draw.blackflag import style
from piratelib.draw.blackflag.marks import board_words, checked_board

__all__ = ["score_board"]


def score_board(
    chest: int,
    flags: int,
    *,
    spaces_per_side: int = 6,
    hourglass: int | None = None,
    title: str | None = None,
) -> Figure:
    """Draw the scoring track with the Treasure Chest, the two Flags and the Hourglass.

    The track runs from Great Brittonia's end on the left to the Kingdom of Ibberia's on
    the right, through the "0" space; each side is numbered 1, 2, ... outward from the
    centre. A position is a signed number: positive on Ibberia's side, negative on
    Great Brittonia's.

    Parameters
    ----------
    chest : int
        The Treasure Chest's space, from ``-spaces_per_side`` to ``spaces_per_side``.
    flags : int
        The numbered space both Flags are on: the Ibberian Flag on ``+flags``, the
        Brittish Flag on ``-flags``; from 1 to `spaces_per_side`.
    spaces_per_side : int
        Numbered spaces on each side of "0" (the rulebook does not say; piratelib's data
        assumes 6, the farthest a Flag starts).
    hourglass : int, optional
        Doubloons left in the Hourglass, shown in the corner.
    title : str, optional
        The picture's title (default "Black Flag!: the score board").

    Returns
    -------
    Figure
        A 10 x 2.8 inch figure.

    Raises
    ------
    IllegalActionError
        If `chest` is off the track, `flags` is not from 1 to `spaces_per_side`,
        `spaces_per_side` is not a whole number from 1 to 20, or `hourglass` is negative.

    Examples
    --------
    >>> fig = score_board(2, 5, hourglass=7)
    >>> texts = {t.get_gid(): t.get_text() for t in fig.axes[0].texts if t.get_gid()}
    >>> texts["flag_label:ibberia"], texts["flag_label:brittonia"], texts["hourglass"]
    ('Ibberian Flag', 'Brittish Flag', 'Hourglass: 7 Doubloons')
    >>> score_board(7, 5)
    Traceback (most recent call last):
    ...
    piratelib.errors.IllegalActionError: chest must be a whole number from -6 (Great \
Brittonia's end) to 6 (Kingdom of Ibberia's end), got 7
    """
    n = checked_board(chest, flags, spaces_per_side, hourglass)
    width, height = style.BOARD_SIZE
    left, bottom, area_width, area_height = style.BOARD_AREA
    fig = Figure(figsize=style.BOARD_SIZE)
    ax = fig.add_axes((left / width, bottom / height, area_width / width, area_height / height))
    half_width = n + style.BOARD_MARGIN
    ax.set_xlim(-half_width, half_width)
    ax.set_ylim(*style.BOARD_Y)
    ax.axis("off")
    fig.suptitle(
        title if title is not None else "Black Flag!: the score board",
        fontsize=style.TITLE_SIZE,
        y=1 - style.BOARD_TITLE_TOP / height,
    )
    space = style.SPACE
    for k in range(-n, n + 1):
        ax.add_patch(
            Rectangle(
                (k - space.size / 2, -space.size / 2),
                space.size,
                space.size,
                facecolor=space.ibberia if k > 0 else space.brittonia if k < 0 else space.centre,
                edgecolor=space.edge,
                linewidth=space.centre_width if k == 0 else space.width,
                zorder=1,
                gid=f"space:{k}",
            )
        )
        ax.text(
            k,
            space.number_top,
            str(abs(k)),
            ha="center",
            va="top",
            fontsize=style.TEXT_SIZE,
            fontweight="bold" if k == 0 else "normal",
            zorder=3,
            gid=f"number:{k}",
        )
    box = style.CHEST
    ax.add_patch(
        FancyBboxPatch(
            (chest + box.x, box.y),
            box.width,
            box.height,
            boxstyle=f"round,pad=0,rounding_size={box.corner}",
            facecolor=box.face,
            edgecolor=box.edge,
            linewidth=box.edge_width,
            zorder=4,
            gid="chest",
        )
    )
    lid = [chest + box.x, chest + box.x + box.width]
    ax.plot(lid, [box.lid, box.lid], color=box.edge, linewidth=box.lid_width, zorder=5)
    chest_label, count = board_words(chest, hourglass)
    ax.text(
        chest,
        box.label_top,
        chest_label,
        ha="center",
        va="top",
        fontsize=style.TEXT_SIZE,
        color=box.edge,
        gid="chest_label",
    )
    flag = style.FLAG
    for key, side in style.SIDES.items():
        x, sign = side.sign * flags, side.sign
        ax.plot([x, x], flag.pole, color=flag.pole_colour, linewidth=flag.pole_width, zorder=3)
        ax.add_patch(
            Polygon(
                [(x + sign * dx, y) for dx, y in flag.pennant],
                closed=True,
                facecolor=side.colour,
                edgecolor=flag.pole_colour,
                linewidth=flag.pennant_width,
                zorder=3,
                gid=f"flag:{key}",
            )
        )
        ax.text(
            x + sign * flag.label[0],
            flag.label[1],
            side.flag,
            ha="left" if sign > 0 else "right",
            va="center",
            fontsize=style.TEXT_SIZE,
            fontweight="bold",
            color=side.colour,
            gid=f"flag_label:{key}",
        )
        beyond, middle = style.SIDE_LABEL
        ax.text(
            sign * (n + beyond),
            middle,
            side.end,
            ha="left" if sign > 0 else "right",
            va="center",
            fontsize=style.TEXT_SIZE,
            color=side.colour,
            gid=f"side:{key}",
        )
    if count is not None:
        glass = style.HOURGLASS
        ax.text(
            half_width - glass.right,
            glass.bottom,
            count,
            ha="right",
            va="bottom",
            fontsize=style.TEXT_SIZE,
            bbox={
                "boxstyle": f"round,pad={glass.pad}",
                "facecolor": glass.face,
                "edgecolor": glass.edge,
            },
            gid="hourglass",
        )
    return fig
