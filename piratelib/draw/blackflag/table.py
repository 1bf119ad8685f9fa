"""Matplotlib picture of Black Flag!'s table: the players around it, and who can hit whom.

Like every module of :mod:`piratelib.draw`, this one builds
:class:`matplotlib.figure.Figure` objects directly (no ``pyplot`` state) and is imported
only by widgets and notebooks. It draws what the rules compute and computes nothing
itself: every distance and every "can hit" comes from :mod:`piratelib.blackflag.table`.

- :func:`seating_circle`: the players clockwise around the table, who has a Ship, Sails
  or a Telescope, and an arrow from each Ship to every player it can hit.

The score board is :mod:`piratelib.draw.blackflag.scores`; what each picture shows, in
words (its alt text), is in :mod:`piratelib.draw.blackflag.alt`.

Render with :func:`piratelib.draw.charts.png`. Artists that tests and widgets look for
carry a ``gid``: ``"table"``, ``"player:<name>"``, ``"label:<name>"``,
``"tag:<name>:Sails"``, ``"tag:<name>:Telescope"``, ``"halo:<name>"``,
``"arrow:<attacker>:<target>"`` and ``"caption"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch

from piratelib.blackflag import table
from piratelib.draw._common import (
    as_list,
    check_ids,
    check_map,
    check_text,
    point,
    ship_marker,
    stack_tag,
    text_align,
)
from piratelib.errors import IllegalActionError, check_whole, did_you_mean

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.text import Annotation

__all__ = ["seating_circle"]

_ATTACKER_COLOUR = "#c62828"
_PALETTE = (
    "#1f4e9c",
    "#b34700",
    "#2e7d32",
    "#c62828",
    "#6a1b9a",
    "#5d4037",
    "#ad1457",
    "#00695c",
)
"""One arrow colour per seat when everyone's arrows are drawn (at most 8 players); each at
least 3:1 against the table and the white page."""
_LINES = ("solid", (0, (5, 2)), (0, (1.5, 1.5)), (0, (6, 2, 1.5, 2)))
"""One line style per seat, with the colour, so a player's arrows and the box round their
name match by line as well as by colour (never by colour alone)."""
_TAG_STYLE = {
    "Sails": {"facecolor": "#e3f2fd", "edgecolor": "#1565c0"},
    "Telescope": {"facecolor": "#fff8e1", "edgecolor": "#ff8f00"},
}
_SMALLEST = 11
"""The smallest text, in points: 12 px and more at the 80 dpi and over that piratelib uses."""
_HEIGHT = 6.5
"""The picture's height in inches (it is 6 wide): the table, its title and a caption."""
_SHIPLESS_TEXT = "#595959"
"""The name of a player without a Ship: grey, 7:1 on white."""
_SHIP_SIZE = 30
"""Width of a Ship's mark, in points."""
_SHIPLESS_SIZE = 18
"""Width of the hollow mark of a player without a Ship, in points."""
_LIMIT = 1.95
"""Half the width of the table picture, in units of the table's radius."""


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
    seats, ships, sails, telescopes, ranges, matrix, hits = _checked_table(
        seats, ships, sails, telescopes, ranges, attacker
    )
    check_text("title", title, optional=True)

    fig = Figure(figsize=(6, _HEIGHT))
    ax = fig.add_axes((0, 0.8 / _HEIGHT, 1, 5.1 / _HEIGHT))  # the caption's 4 lines below
    ax.set_xlim(-_LIMIT, _LIMIT)
    ax.set_ylim(-_LIMIT, _LIMIT)
    ax.set_aspect("equal")
    ax.axis("off")
    if title is None:
        title = _default_title(ranges, attacker, hits)
    fig.suptitle(title, fontsize=13, y=1 - 0.15 / _HEIGHT)
    ax.add_patch(
        Circle(
            (0, 0), 1, facecolor="#f6ead2", edgecolor="#a1887f", linewidth=2, zorder=0, gid="table"
        )
    )
    angles = np.pi / 2 - 2 * np.pi * np.arange(len(seats)) / len(seats)  # clockwise from 12
    pos = {name: np.array([np.cos(a), np.sin(a)]) for name, a in zip(seats, angles, strict=True)}
    colour = {
        name: _ATTACKER_COLOUR if attacker is not None else _PALETTE[i % len(_PALETTE)]
        for i, name in enumerate(seats)
    }
    line = {
        name: "solid" if attacker is not None else _LINES[i % len(_LINES)]
        for i, name in enumerate(seats)
    }
    for a, b in hits:
        ax.add_patch(
            FancyArrowPatch(
                point(pos[a]),
                point(pos[b]),
                connectionstyle="arc3,rad=0.12",
                arrowstyle="-|>",
                mutation_scale=16 if attacker else 13,
                shrinkA=_SHIP_SIZE / 2 + 1,
                shrinkB=_SHIP_SIZE / 2 + 3,
                color=colour[a],
                linestyle=line[a],
                linewidth=2.4 if attacker else 1.6,
                alpha=0.95 if attacker else 0.8,
                zorder=2,
                gid=f"arrow:{a}:{b}",
            )
        )
    seen = matrix.get(attacker, {}) if attacker is not None else {}
    ship_mark = ship_marker()
    for name in seats:
        if name == attacker:
            ax.add_patch(
                Circle(
                    point(pos[name]),
                    0.165,
                    facecolor=(1.0, 0.84, 0.0, 0.5),
                    edgecolor="#ff8c00",
                    linewidth=2.5,
                    zorder=3,
                    gid=f"halo:{name}",
                )
            )
        has_ship = name in ships
        ax.plot(
            *pos[name],
            marker=ship_mark if has_ship else "o",
            markersize=_SHIP_SIZE if has_ship else _SHIPLESS_SIZE,
            markerfacecolor="#3e2723" if has_ship else "white",
            markeredgecolor="#3e2723" if has_ship else "#757575",
            markeredgewidth=1 if has_ship else 2,
            linestyle="none",
            zorder=4,
            gid=f"player:{name}",
        )
        detail = _detail(name, ships, ranges, telescopes, attacker, seen)
        radius = (_SHIP_SIZE if has_ship else _SHIPLESS_SIZE) / 2 + 4
        label = _place_label(
            ax,
            pos[name],
            name + (f"\n{detail}" if detail else ""),
            radius,
            colour=None if has_ship else _SHIPLESS_TEXT,
            edge=colour[name] if hits and any(a == name for a, _ in hits) else "none",
            edge_style=line[name],
            gid=f"label:{name}",
        )
        cards = {"Sails": sails, "Telescope": telescopes}
        _place_tags(ax, pos[name], label, [card for card, who in cards.items() if name in who])
    caption = "Seats run clockwise from the top."
    if ranges is not None:
        caption += (
            " Arrow A → B: A's Ship can hit B,\nat a distance up to its Range (+1 with a "
            "Telescope). Sails: everyone\nelse sees that player 1 farther."
        )
        if attacker is None and hits:
            caption += (
                " A player's arrows have the colour\nand the line of the box round their name."
            )
    fig.text(0.5, 0.012, caption, ha="center", va="bottom", fontsize=_SMALLEST, gid="caption")
    return fig


def _checked_table(
    seats: Sequence[str],
    ships: Iterable[str],
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
    ranges: Mapping[str, int] | None = None,
    attacker: str | None = None,
) -> tuple[
    list[str],
    frozenset[str],
    frozenset[str],
    frozenset[str],
    dict[str, int] | None,
    dict[str, dict[str, int]],
    list[tuple[str, str]],
]:
    """The table of :func:`seating_circle` checked, with what it shows: ``(seats, ships,
    sails, telescopes, ranges, distances, hits)`` (the distances each player with a Ship
    sees, and every (attacker, target) pair to draw).

    Raises
    ------
    IllegalActionError
        For a name not at the table, or an `attacker` with no Ship or no Range.
    PiratelibError
        For an argument of the wrong kind, or a Range that is not a whole number 0 to 100.

    Examples
    --------
    >>> _checked_table(["Ann", "Bo", "Cy"], "Ann", ranges={"Ann": 1})[-1]
    []
    >>> _checked_table(["Ann", "Bo"], ["Ann", "Bo"], ranges=["Ann"])
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: ranges must be a mapping (a dict) or None, got ['Ann']
    """
    seats = check_ids("seats", seats)
    ships = frozenset(check_ids("ships", ships))
    sails = _names(seats, check_ids("sails", sails), "sails")
    telescopes = _names(seats, check_ids("telescopes", telescopes), "telescopes")
    matrix = table.distance_matrix(seats, ships, sails=sails)  # checks seats, Ships, Sails
    if ranges is not None:
        ranges = check_map("ranges", ranges)
        _names(seats, check_ids("ranges", list(ranges)), "ranges")
        for name, reach in ranges.items():
            check_whole(f"{name}'s Range", reach, 0, 100)
    if attacker is not None:
        _names(seats, [check_text("attacker", attacker)], "attacker")
    hits = _hits(seats, ships, sails, telescopes, ranges, attacker)
    return seats, ships, sails, telescopes, ranges, matrix, hits


def _hits(
    seats: list[str],
    ships: frozenset[str],
    sails: frozenset[str],
    telescopes: frozenset[str],
    ranges: dict[str, int] | None,
    attacker: str | None,
) -> list[tuple[str, str]]:
    """Every (attacker, target) pair to draw, as the table module says."""
    if ranges is None:
        return []
    if attacker is not None:
        if attacker not in ranges:
            raise IllegalActionError(
                f"attacker {attacker} has no Range in ranges; ranges name: "
                f"{', '.join(ranges) or 'nobody'}"
            )
        shooters = [attacker]
    else:
        shooters = [name for name in seats if name in ranges and name in ships]
    return [
        (a, b)
        for a in shooters
        for b in table.targets_in_range(
            seats, ships, a, ship_range=ranges[a], sails=sails, telescopes=telescopes
        )
    ]


def _default_title(
    ranges: dict[str, int] | None, attacker: str | None, hits: list[tuple[str, str]]
) -> str:
    """What the picture shows, in a few words."""
    if ranges is None:
        return "Black Flag!: the table"
    if attacker is None:
        return "Black Flag!: who can hit whom"
    return (
        f"Black Flag!: whom {attacker} can hit ({len(hits)} player{'' if len(hits) == 1 else 's'})"
    )


def _detail(
    name: str,
    ships: frozenset[str],
    ranges: dict[str, int] | None,
    telescopes: frozenset[str],
    attacker: str | None,
    seen: Mapping[str, int],
) -> str:
    """The line under a player's name: no Ship, their Range, or the attacker's distance."""
    if name not in ships:
        return "(no Ship)"
    if attacker is not None and name != attacker:
        return f"distance {seen[name]}" if name in seen else ""
    if ranges is None or name not in ranges:
        return ""
    if name in telescopes:
        return f"Range {ranges[name]} + 1"
    return f"Range {ranges[name]}"


def _place_label(
    ax: Axes,
    xy: np.ndarray,
    text: str,
    radius: float,
    *,
    colour: str | None,
    edge: str,
    gid: str,
    edge_style: str | tuple[float, tuple[float, ...]] = "solid",
) -> Annotation:
    """A player's name just outside their mark, away from the table's centre."""
    dx, dy, ha, va = _outward(xy, radius)
    return ax.annotate(
        text,
        point(xy),
        xytext=(dx, dy),
        textcoords="offset points",
        ha=ha,
        va=va,
        fontsize=11,
        linespacing=1.15,
        multialignment="center",
        color=colour or "black",
        bbox={
            "boxstyle": "round,pad=0.2",
            "facecolor": "white",
            "edgecolor": edge,
            "linestyle": edge_style,
            "linewidth": 1.6,
        },
        zorder=6,
        gid=gid,
    )


def _place_tags(ax: Axes, xy: np.ndarray, label: Annotation, cards: list[str]) -> None:
    """Small tags for Sails and Telescope, stacked beyond the name, away from the table."""
    _, _, ha, va = _outward(xy, 0)
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
            fontsize=_SMALLEST,
            **_TAG_STYLE[card],
            zorder=6,
            gid=f"tag:{gid.removeprefix('label:')}:{card}",
        )


def _outward(xy: np.ndarray, radius: float) -> tuple[float, float, str, str]:
    """Offset (points) and alignment of text just beyond a mark, away from the centre.

    The offset reaches the edge of a square of half-width `radius` around the mark, so a
    text box aligned on its near corner clears a square mark of a smaller half-width.
    """
    x, y = xy / max(np.abs(xy).max(), 1e-9)
    return x * radius, y * radius, *text_align(x, y, dead_zone=0.3)


def _names(seats: Sequence[str], names: Iterable[str], what: str) -> frozenset[str]:
    """`names` as a set, after checking each sits at the table."""
    names = frozenset(as_list(names))
    for name in names:
        if name not in seats:
            hint = did_you_mean(name, seats).strip()
            hint = f" ({hint})" if hint else ""
            raise IllegalActionError(
                f"{name!r} in {what} is not at the table{hint}; seated: {', '.join(seats)}"
            )
    return names
