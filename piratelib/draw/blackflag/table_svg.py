"""Black Flag!'s table as SVG text, for the apps: the players around it, and who hits whom.

:func:`seating_svg` takes the arguments of
:func:`~piratelib.draw.blackflag.table.seating_circle` and draws the same picture with
:mod:`piratelib.draw.svg`, from the same look (:mod:`~piratelib.draw.blackflag.style`) and
the same checks and words (:mod:`~piratelib.draw.blackflag.marks`); its alt text,
:func:`~piratelib.draw.blackflag.alt.seating_alt`, is the SVG's accessible name. One SVG
unit is one pixel of the apps (a point is :data:`~piratelib.draw.blackflag.style.PX`
pixels).

What a click does not change is written once for each seating and kept: the table and each
player's mark. A click writes only the marks on top: the arrows, the attacker's ring, the
names with their second lines, the tags and the words. Each mark carries the gid of its
matplotlib artist as ``data-gid`` (``"table"``, ``"player:<name>"``, ``"label:<name>"``,
``"tag:<name>:Sails"``, ``"halo:<name>"``, ``"arrow:<attacker>:<target>"``, ``"title"``,
``"caption"``). Nothing here imports matplotlib.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from piratelib.draw import svg
from piratelib.draw._checks import check_text
from piratelib.draw.blackflag import style
from piratelib.draw.blackflag.alt import seating_alt
from piratelib.draw.blackflag.marks import CheckedTable, checked_table, outward, table_words
from piratelib.draw.blackflag.svg_words import FONT, Box, measure, place, write

__all__ = ["seating_svg"]


def seating_svg(
    seats: Sequence[str],
    ships: Iterable[str],
    *,
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
    ranges: Mapping[str, int] | None = None,
    attacker: str | None = None,
    title: str | None = None,
    css: str = "",
) -> str:
    """Draw the players around the table and who can hit whom, as SVG text.

    The arguments are :func:`~piratelib.draw.blackflag.table.seating_circle`'s; `css` is
    a class for the ``<svg>``. The alt text is
    :func:`~piratelib.draw.blackflag.alt.seating_alt`'s for the same table.

    Returns
    -------
    str
        A 540 x 585 pixel SVG picture.

    Raises
    ------
    IllegalActionError
        For a table :func:`~piratelib.draw.blackflag.marks.checked_table` refuses, as
        :func:`~piratelib.draw.blackflag.table.seating_circle` does.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel"]
    >>> shown = seating_svg(seats, seats, ranges={"Andrew": 1}, attacker="Andrew")
    >>> shown.count("data-gid='arrow:"), "data-gid='halo:Andrew'" in shown
    (2, True)
    >>> "aria-label='The table, clockwise from the top: Andrew, Barbara, Cody and" in shown
    True
    """
    shown = checked_table(seats, ships, sails, telescopes, ranges, attacker)
    check_text("title", title, optional=True)
    check_text("css", css)
    words = table_words(shown)
    seated = tuple(shown.seats)
    at = dict(zip(seated, _seat_points(len(seated)), strict=True))
    look = {name: None if attacker is not None else k for k, name in enumerate(seated)}
    arrow = style.ATTACKER_ARROW if attacker is not None else style.EVERYONE_ARROW
    table, players = _table(seated, shown.ships)
    parts = [table]
    parts += [_arrow(at[a], at[b], arrow, look[a], f"arrow:{a}:{b}") for a, b in shown.hits]
    if attacker is not None:
        halo = style.HALO
        parts.append(
            svg.circle(
                *at[attacker],
                halo.radius * _TABLE.unit,
                fill=halo.face,
                fill_opacity=halo.opacity,
                stroke=halo.edge,
                stroke_width=halo.width * style.PX,
                data_gid=f"halo:{attacker}",
            )
        )
    parts.append(players)
    shooters = {a for a, _ in shown.hits}
    for k, name in enumerate(seated):
        cards = [card for card in style.TAGS if name in _holders(shown, card)]
        edge = style.seat_colour(look[name]) if name in shooters else None
        parts.append(_name(k, seated, shown.ships, words.details[name], edge, look[name], cards))
    where = (_TABLE.width / 2, style.TABLE_TITLE_TOP * style.DPI)
    title = words.title if title is None else title
    parts.append(write(where, title, "center", "top", "#000", "title", size=style.TITLE_SIZE))
    parts.append(_caption(words.caption))
    alt = seating_alt(
        seated,
        shown.ships,
        sails=shown.sails,
        telescopes=shown.telescopes,
        ranges=shown.ranges,
        attacker=attacker,
    )
    body = svg.group(parts, font_family=FONT)
    return svg.svg(_TABLE.width, _TABLE.height, body, alt=alt, css=css)


# --- the table ------------------------------------------------------------------------------


class _Frame(NamedTuple):
    """The seating circle's frame in pixels: its size, the table's centre and radius."""

    width: float
    height: float
    x: float
    y: float
    unit: float


def _table_frame() -> _Frame:
    """The frame :data:`~piratelib.draw.blackflag.style.TABLE_AREA` gives, as matplotlib
    fits a square of equal axes in it."""
    width, height = style.TABLE_SIZE
    left, bottom, area_width, area_height = style.TABLE_AREA
    dpi = style.DPI
    return _Frame(
        width * dpi,
        height * dpi,
        (left + area_width / 2) * dpi,
        (height - bottom - area_height / 2) * dpi,
        min(area_width, area_height) * dpi / (2 * style.TABLE_LIMIT),
    )


_TABLE = _table_frame()


@functools.cache
def _seat_points(n: int) -> tuple[tuple[float, float], ...]:
    """Where each of `n` seats is, in pixels."""
    return tuple(
        (_TABLE.x + x * _TABLE.unit, _TABLE.y - y * _TABLE.unit)
        for x, y in (style.seat_xy(k, n) for k in range(n))
    )


@functools.cache
def _table(seats: tuple[str, ...], ships: frozenset[str]) -> tuple[str, str]:
    """The part of a seating that no click changes: the table, and each player's mark."""
    table = style.TABLE
    disc = svg.circle(
        _TABLE.x,
        _TABLE.y,
        _TABLE.unit,
        fill=table.face,
        stroke=table.edge,
        stroke_width=table.width * style.PX,
        data_gid="table",
    )
    seat = style.SEAT
    marks = []
    for name, (x, y) in zip(seats, _seat_points(len(seats)), strict=True):
        if name in ships:
            scale = seat.ship_size * style.PX / 2 / _OUTLINE_REACH
            shape = [
                svg.polygon([(x + u * scale, y - v * scale) for u, v in part])
                for part in style.SHIP_OUTLINE
            ]
            marks.append(
                svg.group(
                    shape,
                    fill=seat.ship,
                    stroke=seat.ship,
                    stroke_width=style.PX,
                    stroke_linejoin="round",
                    data_gid=f"player:{name}",
                )
            )
        else:
            marks.append(
                svg.circle(
                    x,
                    y,
                    seat.shipless_size * style.PX / 2,
                    fill="#fff",
                    stroke=seat.shipless_edge,
                    stroke_width=seat.shipless_width * style.PX,
                    data_gid=f"player:{name}",
                )
            )
    return disc, "".join(marks)


_OUTLINE_REACH = max(abs(c) for part in style.SHIP_OUTLINE for point in part for c in point)
"""How far the Ship's outline reaches from its centre: half the mark's width, as matplotlib
scales a marker."""


def _arrow(
    start: tuple[float, float],
    end: tuple[float, float],
    arrow: style.Arrow,
    look: int | None,
    gid: str,
) -> str:
    """A bowed arrow from one Ship to a target, cut short of both marks, with its head."""
    (x0, y0), (x2, y2) = start, end
    bend = style.ARROW_BEND
    control = ((x0 + x2) / 2 - bend * (y2 - y0), (y0 + y2) / 2 + bend * (x2 - x0))
    curve = (start, control, end)
    ship = style.SEAT.ship_size / 2
    gap_start, gap_end = style.ARROW_GAPS
    head = arrow.head * 0.4 * style.PX
    t0 = _reach(curve, start, (ship + gap_start) * style.PX, 0.0, 0.5)
    tip_t = _reach(curve, end, (ship + gap_end) * style.PX, 1.0, 0.5)
    base_t = _reach(curve, end, (ship + gap_end) * style.PX + head, 1.0, 0.5)
    a, b, c = (_blossom(curve, u, v) for u, v in ((t0, t0), (t0, base_t), (base_t, base_t)))
    tip = _blossom(curve, tip_t, tip_t)
    dx, dy = tip[0] - c[0], tip[1] - c[1]
    length = math.hypot(dx, dy) or 1.0
    half = arrow.head * 0.2 * style.PX / length
    colour = style.seat_colour(look)
    width = arrow.width * style.PX
    return svg.group(
        [
            svg.element(
                "path",
                d=f"M{_xy(a)} Q{_xy(b)} {_xy(c)}",
                fill="none",
                stroke=colour,
                stroke_width=width,
                stroke_dasharray=style.svg_dashes(look, width),
            ),
            svg.polygon(
                [tip, (c[0] - dy * half, c[1] + dx * half), (c[0] + dy * half, c[1] - dx * half)],
                fill=colour,
            ),
        ],
        opacity=arrow.opacity,
        data_gid=gid,
    )


def _name(
    k: int,
    seats: tuple[str, ...],
    ships: frozenset[str],
    detail: str,
    edge: str | None,
    look: int | None,
    cards: list[str],
) -> str:
    """A player's name (and its second line) in a box just outside their mark, away from the
    table's centre, and their card tags stacked beyond it."""
    name, seat = seats[k], style.SEAT
    has_ship = name in ships
    mark_x, mark_y = _seat_points(len(seats))[k]
    radius = (seat.ship_size if has_ship else seat.shipless_size) / 2 + style.LABEL.gap
    dx, dy, ha, va = outward(*style.seat_xy(k, len(seats)), radius)
    where = (mark_x + dx * style.PX, mark_y - dy * style.PX)
    words = name + (f"\n{detail}" if detail else "")
    width = style.LABEL.width * style.PX
    parts = [
        write(
            where,
            words,
            ha,
            va,
            "#000" if has_ship else seat.shipless_text,
            f"label:{name}",
            lines_ha="center",
            box=("#fff", edge),
            edge_width=width,
            dashes=style.svg_dashes(look, width),
        )
    ]
    text = place(where, measure(words.split("\n")), ha, va)
    gap = style.LABEL.tag_gap * style.PX
    for card in cards:
        tag = style.TAGS[card]
        card_width, card_height = measure([card], bold=True)
        left = {"left": text.x, "right": text.x + text.width - card_width}.get(
            ha, text.x + (text.width - card_width) / 2
        )
        top = text.y - gap - card_height if va == "bottom" else text.y + text.height + gap
        text = Box(left, top, card_width, card_height)
        parts.append(
            write(
                (left, top),
                card,
                "left",
                "top",
                "#000",
                f"tag:{name}:{card}",
                bold=True,
                box=(tag.face, tag.edge),
            )
        )
    return "".join(parts)


def _holders(shown: CheckedTable, card: str) -> frozenset[str]:
    """Who has `card` (a key of :data:`~piratelib.draw.blackflag.style.TAGS`) in play."""
    return shown.sails if card == "Sails" else shown.telescopes


def _caption(caption: str) -> str:
    """The caption's lines, centred under the table."""
    bottom = _TABLE.height - style.CAPTION_BOTTOM * style.DPI
    return write((_TABLE.width / 2, bottom), caption, "center", "bottom", "#000", "caption")


def _blossom(curve: tuple[tuple[float, float], ...], u: float, v: float) -> tuple[float, float]:
    """The blossom of a quadratic Bézier curve: the point at ``(t, t)``, and the control
    point of the piece from `u` to `v` at ``(u, v)``."""
    p0, p1, p2 = curve
    w0, w1, w2 = (1 - u) * (1 - v), (1 - u) * v + u * (1 - v), u * v
    return (
        w0 * p0[0] + w1 * p1[0] + w2 * p2[0],
        w0 * p0[1] + w1 * p1[1] + w2 * p2[1],
    )


def _reach(
    curve: tuple[tuple[float, float], ...],
    centre: tuple[float, float],
    distance: float,
    inside: float,
    outside: float,
) -> float:
    """The curve's parameter, between `inside` and `outside`, where it leaves the circle of
    radius `distance` round `centre` (as matplotlib shrinks an arrow)."""
    for _ in range(24):
        middle = (inside + outside) / 2
        x, y = _blossom(curve, middle, middle)
        if math.hypot(x - centre[0], y - centre[1]) < distance:
            inside = middle
        else:
            outside = middle
    return (inside + outside) / 2


def _xy(point: tuple[float, float]) -> str:
    """A point for a path's ``d``, to a tenth of a pixel."""
    return f"{point[0]:.1f},{point[1]:.1f}"
