"""Matplotlib pictures of Black Flag!: the players around the table, and the score board.

Like every module of :mod:`piratelib.draw`, this one builds
:class:`matplotlib.figure.Figure` objects directly (no ``pyplot`` state) and is imported
only by widgets and notebooks. It draws what the rules compute and computes nothing
itself: every distance and every "can hit" comes from :mod:`piratelib.blackflag.table`.

- :func:`seating_circle`: the players clockwise around the table, who has a Ship, Sails
  or a Telescope, and an arrow from each Ship to every player it can hit.
- :func:`score_board`: the scoring track with the Treasure Chest, both Flags and the
  Doubloons left in the Hourglass.

What each picture shows, in words (its alt text), is in :mod:`piratelib.draw.blackflag_alt`.

Render either with :func:`piratelib.draw.charts.png`. Artists that tests and widgets look
for carry a ``gid``. Around the table: ``"table"``, ``"player:<name>"``, ``"label:<name>"``,
``"tag:<name>:Sails"``, ``"tag:<name>:Telescope"``, ``"halo:<name>"``,
``"arrow:<attacker>:<target>"`` and ``"caption"``. On the score board: ``"space:<n>"`` and
``"number:<n>"`` (``n`` signed: Ibberia's side positive), ``"chest"``, ``"chest_label"``,
``"flag:<side>"``, ``"flag_label:<side>"`` and ``"side:<side>"`` for ``ibberia`` and
``brittonia``, and ``"hourglass"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

import numpy as np
from matplotlib.figure import Figure
from matplotlib.patches import Circle, FancyArrowPatch, FancyBboxPatch, Polygon, Rectangle

from piratelib.blackflag import table
from piratelib.data import is_count
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

__all__ = ["score_board", "seating_circle"]

_ATTACKER_COLOUR = "#c62828"
_PALETTE = (
    "#1f77b4",
    "#ff7f0e",
    "#2ca02c",
    "#d62728",
    "#9467bd",
    "#8c564b",
    "#e377c2",
    "#17becf",
)
"""One arrow colour per seat when everyone's arrows are drawn (at most 8 players)."""
_TAG_STYLE = {
    "Sails": {"facecolor": "#e3f2fd", "edgecolor": "#1565c0"},
    "Telescope": {"facecolor": "#fff8e1", "edgecolor": "#ff8f00"},
}
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
        A 6 x 6 inch figure. Arrows carry the gid ``"arrow:<attacker>:<target>"``.

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

    fig = Figure(figsize=(6, 6))
    ax = fig.add_axes((0, 0.075, 1, 0.85))
    ax.set_xlim(-_LIMIT, _LIMIT)
    ax.set_ylim(-_LIMIT, _LIMIT)
    ax.set_aspect("equal")
    ax.axis("off")
    if title is None:
        title = _default_title(ranges, attacker, hits)
    fig.suptitle(title, fontsize=13, y=0.975)
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
                linewidth=2.4 if attacker else 1.4,
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
            markeredgecolor="#3e2723" if has_ship else "#9e9e9e",
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
            colour=None if has_ship else "#757575",
            edge=colour[name] if hits and any(a == name for a, _ in hits) else "none",
            gid=f"label:{name}",
        )
        cards = {"Sails": sails, "Telescope": telescopes}
        _place_tags(ax, pos[name], label, [card for card, who in cards.items() if name in who])
    caption = "Seats run clockwise from the top."
    if ranges is not None:
        caption = (
            "Arrow A → B: A's Ship can hit B (distance ≤ Range, +1 with a Telescope).\n"
            + caption
            + " Sails: everyone else sees that player 1 farther."
        )
    fig.text(0.5, 0.012, caption, ha="center", va="bottom", fontsize=9, gid="caption")
    return fig


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
        fontsize=9.5,
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
            fontsize=10,
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
        fontsize=9.5,
        color="#c62828",
        gid="side:ibberia",
    )
    ax.text(
        -n - 0.6,
        -0.05,
        "◀ Great\nBrittonia",
        ha="right",
        va="center",
        fontsize=9.5,
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
            fontsize=10,
            bbox={"boxstyle": "round,pad=0.25", "facecolor": "#fff8e1", "edgecolor": "#b8860b"},
            gid="hourglass",
        )
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
        bbox={"boxstyle": "round,pad=0.2", "facecolor": "white", "edgecolor": edge},
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
            fontsize=9,
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
