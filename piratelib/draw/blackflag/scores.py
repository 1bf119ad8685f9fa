"""Matplotlib picture of Black Flag!'s score board: the track, the Treasure Chest, the Flags.

:func:`score_board` draws the scoring track from Great Brittonia's end to the Kingdom of
Ibberia's, with the Treasure Chest on its space, both Flags, and the Doubloons left in
the Hourglass. Like every module of :mod:`piratelib.draw`, it builds a
:class:`matplotlib.figure.Figure` directly and computes nothing of the rules. Artists that
tests and widgets look for carry a ``gid``: ``"space:<n>"`` and ``"number:<n>"`` (``n``
signed: Ibberia's side positive), ``"chest"``, ``"chest_label"``, ``"flag:<side>"``,
``"flag_label:<side>"`` and ``"side:<side>"`` for ``ibberia`` and ``brittonia``, and
``"hourglass"``. Its alt text is :func:`piratelib.draw.blackflag.alt.score_board_alt`.
"""

from __future__ import annotations

from matplotlib.figure import Figure
from matplotlib.patches import FancyBboxPatch, Polygon, Rectangle

from piratelib.data import is_count
from piratelib.errors import IllegalActionError

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
    if not is_count(spaces_per_side, 1) or spaces_per_side > 20:
        raise IllegalActionError(
            f"spaces_per_side must be a whole number from 1 to 20, got {spaces_per_side!r}"
        )
    n = spaces_per_side
    if not is_count(chest, -n) or chest > n:
        raise IllegalActionError(
            f"chest must be a whole number from {-n} (Great Brittonia's end) to {n} "
            f"(Kingdom of Ibberia's end), got {chest!r}"
        )
    if not is_count(flags, 1) or flags > n:
        raise IllegalActionError(
            f"flags must be a whole number from 1 to {n} (the numbered space both Flags are "
            f"on), got {flags!r}"
        )
    if hourglass is not None and not is_count(hourglass):
        raise IllegalActionError(
            f"hourglass must be a whole number of Doubloons, 0 or more, got {hourglass!r}"
        )
    fig = Figure(figsize=(10, 2.8))
    ax = fig.add_axes((0, 0, 1, 0.86))
    half_width = n + 2.6
    ax.set_xlim(-half_width, half_width)
    ax.set_ylim(-1.45, 1.55)
    ax.axis("off")
    fig.suptitle(title if title is not None else "Black Flag!: the score board", fontsize=13)
    for space in range(-n, n + 1):
        face = "#fdecea" if space > 0 else "#e8eef8" if space < 0 else "#fffbe6"
        ax.add_patch(
            Rectangle(
                (space - 0.45, -0.45),
                0.9,
                0.9,
                facecolor=face,
                edgecolor="#555",
                linewidth=2 if space == 0 else 1.2,
                zorder=1,
                gid=f"space:{space}",
            )
        )
        ax.text(
            space,
            0.3,
            str(abs(space)),
            ha="center",
            va="top",
            fontsize=11,
            fontweight="bold" if space == 0 else "normal",
            zorder=3,
            gid=f"number:{space}",
        )
    ax.add_patch(
        FancyBboxPatch(
            (chest - 0.3, -0.36),
            0.6,
            0.38,
            boxstyle="round,pad=0,rounding_size=0.06",
            facecolor="#e0a800",
            edgecolor="#5d4037",
            linewidth=1.5,
            zorder=4,
            gid="chest",
        )
    )
    ax.plot([chest - 0.3, chest + 0.3], [-0.2, -0.2], color="#5d4037", linewidth=1.2, zorder=5)
    side = (
        "on the 0 space"
        if chest == 0
        else f"space {abs(chest)}, {'Ibberian' if chest > 0 else 'Brittish'} side"
    )
    ax.text(
        chest,
        -0.55,
        f"Treasure Chest\n{side}",
        ha="center",
        va="top",
        fontsize=11,
        color="#5d4037",
        gid="chest_label",
    )
    for key, sign, name, colour in (
        ("ibberia", 1, "Ibberian Flag", "#c62828"),
        ("brittonia", -1, "Brittish Flag", "#1565c0"),
    ):
        x = sign * flags
        ax.plot([x, x], [0.45, 1.25], color="#333", linewidth=1.6, zorder=3)
        ax.add_patch(
            Polygon(
                [(x, 1.25), (x + sign * 0.55, 1.08), (x, 0.9)],
                closed=True,
                facecolor=colour,
                edgecolor="#333",
                linewidth=1,
                zorder=3,
                gid=f"flag:{key}",
            )
        )
        ax.text(
            x + sign * 0.62,
            1.08,
            name,
            ha="left" if sign > 0 else "right",
            va="center",
            fontsize=11,
            fontweight="bold",
            color=colour,
            gid=f"flag_label:{key}",
        )
    ax.text(
        n + 0.6,
        -0.05,
        "Kingdom\nof Ibberia ▶",
        ha="left",
        va="center",
        fontsize=11,
        color="#c62828",
        gid="side:ibberia",
    )
    ax.text(
        -n - 0.6,
        -0.05,
        "◀ Great\nBrittonia",
        ha="right",
        va="center",
        fontsize=11,
        color="#1565c0",
        gid="side:brittonia",
    )
    if hourglass is not None:
        ax.text(
            half_width - 0.15,
            -1.35,
            f"Hourglass: {hourglass} Doubloon{'' if hourglass == 1 else 's'}",
            ha="right",
            va="bottom",
            fontsize=11,
            bbox={"boxstyle": "round,pad=0.25", "facecolor": "#fff8e1", "edgecolor": "#b8860b"},
            gid="hourglass",
        )
    return fig
