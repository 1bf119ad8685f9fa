"""Matplotlib picture of Black Flag!'s table: the players around it, and who can hit whom.

Like every module of :mod:`piratelib.draw`, this one builds
:class:`matplotlib.figure.Figure` objects directly (no ``pyplot`` state) and is imported
only by widgets and notebooks. It draws what the rules compute and computes nothing
itself: every distance and every "can hit" comes from :mod:`piratelib.blackflag.table`.

- :func:`seating_circle`: the players clockwise around the table, who has a Ship, Sails
  or a Telescope, and an arrow from each Ship to every player it can hit.

The score board is :mod:`piratelib.draw.blackflag.scores`; what each picture shows, in
words (its alt text), is in :mod:`piratelib.draw.blackflag.alt`. The colours, lines, sizes
and places are :mod:`~piratelib.draw.blackflag.style`'s and the checks and words
:mod:`~piratelib.draw.blackflag.marks`', shared with the SVG picture the apps show,
:func:`piratelib.draw.blackflag.table_svg.seating_svg`.

Render with :func:`piratelib.draw.charts.png`. Artists that tests and widgets look for
carry a ``gid``: ``"table"``, ``"player:<name>"``, ``"label:<name>"``,
``"tag:<name>:Sails"``, ``"tag:<name>:Telescope"``, ``"halo:<name>"``,
``"arrow:<attacker>:<target>"`` and ``"caption"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from matplotlib.colors import to_rgb
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch

from piratelib.draw._common import check_text, ship_marker, stack_tag
from piratelib.draw.blackflag import style
from piratelib.draw.blackflag.marks import checked_table, outward, table_words

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.text import Annotation

__all__ = ["seating_circle"]


def seating_circle(
    seats: Sequence[str],
    ships: Iterable[str],
    *,
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
    ranges: Mapping[str, int] | None = None,
    attacker: str | None = None,
    title: str | None = None,
) -> Figure:
    """Draw the players around the table and who can hit whom.

    A player's **distance** to another counts only the players who have a Ship; a Ship can
    SHOT a player who has a Ship at a distance up to its **Range** (+1 with a Telescope).
    See :mod:`piratelib.blackflag.table`, which answers every question drawn here.

    Parameters
    ----------
    seats : sequence of str
        The players' names, clockwise; the first sits at the top.
    ships : iterable of str
        The players who have a Ship. The others get a hollow grey mark and "(no Ship)".
    sails, telescopes : iterable of str
        Players with a Sails or a Telescope card in play; each gets a small tag.
    ranges : mapping of str to int, optional
        Each player's Range. Every player with a Ship and a Range gets an arrow to every
        player :func:`~piratelib.blackflag.table.targets_in_range` lists. Without
        `ranges`, no arrows are drawn.
    attacker : str, optional
        Draw only this player's arrows, highlighted, and label every other player with a
        Ship with the distance at which `attacker` sees them.
    title : str, optional
        The picture's title (default: says what the arrows show).

    Returns
    -------
    Figure
        A 6 x 6.5 inch figure. Arrows carry the gid ``"arrow:<attacker>:<target>"``.

    Raises
    ------
    IllegalActionError
        If a name is not at the table, a Range is not a whole number from 1 to 8, or
        `attacker` has no Ship or no Range while `ranges` is given.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]
    >>> fig = seating_circle(seats, seats, ranges={"Andrew": 2}, telescopes=["Andrew"])
    >>> [p.get_gid() for p in fig.axes[0].patches if p.get_gid().startswith("arrow:")]
    ['arrow:Andrew:Barbara', 'arrow:Andrew:Cody', 'arrow:Andrew:Daniel', 'arrow:Andrew:Emma', \
'arrow:Andrew:Frank']
    >>> fig = seating_circle(seats, set(seats) - {"Cody"}, ranges={"Andrew": 1})
    >>> [t.get_text() for t in fig.axes[0].texts if t.get_gid() == "label:Cody"]
    ['Cody\\n(no Ship)']
    """
    shown = checked_table(seats, ships, sails, telescopes, ranges, attacker)
    check_text("title", title, optional=True)
    words = table_words(shown)
    width, height = style.TABLE_SIZE
    left, bottom, area_width, area_height = style.TABLE_AREA
    fig = Figure(figsize=style.TABLE_SIZE)
    ax = fig.add_axes((left / width, bottom / height, area_width / width, area_height / height))
    ax.set_xlim(-style.TABLE_LIMIT, style.TABLE_LIMIT)
    ax.set_ylim(-style.TABLE_LIMIT, style.TABLE_LIMIT)
    ax.set_aspect("equal")
    ax.axis("off")
    fig.suptitle(
        words.title if title is None else title,
        fontsize=style.TITLE_SIZE,
        y=1 - style.TABLE_TITLE_TOP / height,
    )
    ax.add_patch(
        Circle(
            (0, 0),
            1,
            facecolor=style.TABLE.face,
            edgecolor=style.TABLE.edge,
            linewidth=style.TABLE.width,
            zorder=0,
            gid="table",
        )
    )
    n = len(shown.seats)
    pos = {name: style.seat_xy(k, n) for k, name in enumerate(shown.seats)}
    look = {name: None if attacker is not None else k for k, name in enumerate(shown.seats)}
    arrow = style.ATTACKER_ARROW if attacker is not None else style.EVERYONE_ARROW
    gap_a, gap_b = style.ARROW_GAPS
    for a, b in shown.hits:
        ax.add_patch(
            FancyArrowPatch(
                pos[a],
                pos[b],
                connectionstyle=f"arc3,rad={style.ARROW_BEND}",
                arrowstyle="-|>",
                mutation_scale=arrow.head,
                shrinkA=style.SEAT.ship_size / 2 + gap_a,
                shrinkB=style.SEAT.ship_size / 2 + gap_b,
                color=style.seat_colour(look[a]),
                linestyle=style.mpl_line(look[a]),
                linewidth=arrow.width,
                alpha=arrow.opacity,
                zorder=2,
                gid=f"arrow:{a}:{b}",
            )
        )
    shooters = {a for a, _ in shown.hits}
    ship_mark = ship_marker()
    seat = style.SEAT
    for name in shown.seats:
        if name == attacker:
            halo = style.HALO
            ax.add_patch(
                Circle(
                    pos[name],
                    halo.radius,
                    facecolor=(*to_rgb(halo.face), halo.opacity),
                    edgecolor=halo.edge,
                    linewidth=halo.width,
                    zorder=3,
                    gid=f"halo:{name}",
                )
            )
        has_ship = name in shown.ships
        ax.plot(
            *pos[name],
            marker=ship_mark if has_ship else "o",
            markersize=seat.ship_size if has_ship else seat.shipless_size,
            markerfacecolor=seat.ship if has_ship else "white",
            markeredgecolor=seat.ship if has_ship else seat.shipless_edge,
            markeredgewidth=1 if has_ship else seat.shipless_width,
            linestyle="none",
            zorder=4,
            gid=f"player:{name}",
        )
        detail = words.details[name]
        radius = (seat.ship_size if has_ship else seat.shipless_size) / 2 + style.LABEL.gap
        label = _place_label(
            ax,
            pos[name],
            name + (f"\n{detail}" if detail else ""),
            radius,
            colour=None if has_ship else seat.shipless_text,
            edge=style.seat_colour(look[name]) if name in shooters else "none",
            edge_style=style.mpl_line(look[name]),
            gid=f"label:{name}",
        )
        cards = {"Sails": shown.sails, "Telescope": shown.telescopes}
        _place_tags(ax, pos[name], label, [card for card, who in cards.items() if name in who])
    fig.text(
        0.5,
        style.CAPTION_BOTTOM / height,
        words.caption,
        ha="center",
        va="bottom",
        fontsize=style.TEXT_SIZE,
        gid="caption",
    )
    return fig


def _place_label(
    ax: Axes,
    xy: tuple[float, float],
    text: str,
    radius: float,
    *,
    colour: str | None,
    edge: str,
    gid: str,
    edge_style: str | tuple[float, tuple[float, ...]] = "solid",
) -> Annotation:
    """A player's name just outside their mark, away from the table's centre."""
    dx, dy, ha, va = outward(*xy, radius)
    return ax.annotate(
        text,
        xy,
        xytext=(dx, dy),
        textcoords="offset points",
        ha=ha,
        va=va,
        fontsize=style.TEXT_SIZE,
        linespacing=style.LINE_SPACING,
        multialignment="center",
        color=colour or "black",
        bbox={
            "boxstyle": f"round,pad={style.LABEL.pad}",
            "facecolor": "white",
            "edgecolor": edge,
            "linestyle": edge_style,
            "linewidth": style.LABEL.width,
        },
        zorder=6,
        gid=gid,
    )


def _place_tags(ax: Axes, xy: tuple[float, float], label: Annotation, cards: list[str]) -> None:
    """Small tags for Sails and Telescope, stacked beyond the name, away from the table."""
    _, _, ha, va = outward(*xy, 0)
    previous = label
    for card in cards:
        gid = label.get_gid()
        assert gid is not None  # _place_label gives every name its gid
        previous = stack_tag(
            ax,
            card,
            previous,
            above=va == "bottom",  # upper half: the name is above its mark, so tags go higher
            ha=ha,
            fontsize=style.TEXT_SIZE,
            facecolor=style.TAGS[card].face,
            edgecolor=style.TAGS[card].edge,
            zorder=6,
            gid=f"tag:{gid.removeprefix('label:')}:{card}",
        )
