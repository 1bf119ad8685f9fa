"""Dread Pirate's sea chart as SVG text, for the movement app that redraws it on every click.

:func:`sea_chart_svg` takes the arguments of :func:`~piratelib.draw.dreadpirate.sea.sea_chart`
and draws the same chart with :mod:`piratelib.draw.svg`, in the same colours, shapes and
proportions (:mod:`~piratelib.draw.dreadpirate.style`), checked by the same checks
(:mod:`~piratelib.draw.dreadpirate.marks`) and named by the same alt text
(:func:`~piratelib.draw.dreadpirate.alt.sea_chart_alt`). No matplotlib is needed.

What never changes is drawn once and kept: the sea's water, land, grid and numbers for
each sea, and its places with their names for each sea and set of squares ships are on
(the names keep clear of the ships). Each call draws only the marks between and above
them: shaded and hatched squares, the target, the path and the ships.

Shapes carry a class that tests look for: ``land``, ``place`` and ``name`` (with
``data-place``), ``highlight`` and ``changed`` (with ``data-square``, ``"row,col"``),
``target``, ``path``, ``ship`` (with ``data-ship``), ``legend``.

Examples
--------
>>> from piratelib.dreadpirate.sea import load_sea
>>> shown = sea_chart_svg(load_sea(), ships={"Anne": (0, 0)}, highlight=[(0, 1)])
>>> shown.count("class='highlight'"), shown.count("class='ship'")
(1, 1)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from piratelib.draw._checks import check_text
from piratelib.draw.dreadpirate import marks, style
from piratelib.draw.dreadpirate.alt import sea_chart_alt, sea_title
from piratelib.draw.dreadpirate.marks import checked_chart
from piratelib.draw.dreadpirate.sea_names import Box, around, free_spot
from piratelib.draw.dreadpirate.style import ship_tags
from piratelib.draw.dreadpirate.svg_parts import KEY, fill, legend, patterns, text_width
from piratelib.draw.svg import SMALLEST, circle, element, group, line, path, polygon, rect, svg
from piratelib.draw.svg import text as words_at
from piratelib.dreadpirate.sea import Sea

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["sea_chart_svg"]

Square = tuple[int, int]

_PX = style.PX_PER_INCH
_PT = _PX / 72
"""Pixels per point: the matplotlib chart's text sizes, at the SVG's scale."""
_NUMBER_PX = SMALLEST
_DIAMOND = math.sqrt(2)
"""A diamond's half diagonal, for a mark of half width 1."""
_SHIP_REACH = max(abs(c) for part in style.SHIP for point in part for c in point)
_ANCHOR_REACH = max(
    style.ANCHOR.ring[0][1] + style.ANCHOR.ring[1],
    *(abs(c) for line in (*style.ANCHOR.flukes, style.ANCHOR.shank) for p in line for c in p),
)
"""How far the outlines reach from their centres, in marker units."""
"""How far from its mark a name may sit, in squares, nearest first."""


def sea_chart_svg(
    sea_or_graph: Sea | nx.Graph[Square],
    *,
    ships: Mapping[str, Square] | None = None,
    highlight: Iterable[Square] = (),
    changed: Iterable[Square] = (),
    target: Square | None = None,
    path: Sequence[Square] | None = None,
    title: str | None = None,
    highlight_label: str = "highlighted",
    changed_label: str = "changed",
    ship_colours: Mapping[str, str] | None = None,
    css: str = "",
    alt: str | None = None,
) -> str:
    """Draw the sea as SVG: water and land squares, the places, ships and optional marks.

    The same picture as :func:`~piratelib.draw.dreadpirate.sea.sea_chart`, with the same
    arguments (see there), plus `css`, a class for the ``<svg>``, and `alt`, its accessible
    name (default: :func:`~piratelib.draw.dreadpirate.alt.sea_chart_alt` of the same
    arguments). One SVG unit is one
    pixel; the packaged 20 x 13 sea is about 830 by 640 pixels. Names keep clear of each
    other, of every place and of every ship, inside the grid.

    Raises
    ------
    IllegalActionError
        As :func:`~piratelib.draw.dreadpirate.sea.sea_chart`: not a sea, a square off the
        board, a ship or the target on land, two ships on one square.

    Examples
    --------
    >>> import xml.etree.ElementTree as ET
    >>> from piratelib.dreadpirate.sea import sea_graph
    >>> shown = sea_chart_svg(sea_graph(), target=(6, 10), css="piratelib-dp-map")
    >>> ET.fromstring(shown).get("aria-label")[:40]
    'Map of the sea, 20 columns by 13 rows of'
    >>> "Dread Pirate: the sea (diagonal rule: one side water)</text>" in shown
    True
    >>> sea_chart_svg(sea_graph(), ships={"Anne": (1, 4)})
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: ship Anne is on land at (1, 4): Ships must stay on water
    """
    sea, graph, ships, shaded, hatched, target, route = checked_chart(
        sea_or_graph, ships, highlight, changed, target, path, highlight_label, changed_label
    )
    title = sea_title(graph, title)
    check_text("css", css)
    check_text("alt", alt, optional=True)
    colours = marks.ship_colours(ships, ship_colours)
    cell = style.cell_inches(sea.width, sea.height) * _PX
    grid_w, grid_h = cell * sea.width, cell * sea.height
    width = max(grid_w + 2 * style.SIDE * _PX, style.MIN_WIDTH * _PX)
    left, top = (width - grid_w) / 2, style.TOP * _PX
    keys, key_height = _legend(
        sea,
        tuple(zip(ships, colours, strict=True)),
        (bool(shaded), bool(hatched), target is not None, len(route) > 1),
        (highlight_label, changed_label),
        width,
        top + grid_h + style.UNDER_NUMBERS * _PX,
    )
    drawn = [
        _grid(sea),
        *(_square(at, cell, "highlight") for at in shaded),
        *(_square(at, cell, "changed") for at in hatched),
    ]
    if target is not None:
        drawn.append(_target(target, cell))
    if len(route) > 1:
        drawn.append(_path(route, cell))
    places, names = _places(sea, frozenset(ships.values()))
    drawn.append(places)
    tags = ship_tags(ships)
    drawn += [
        _ship(name, at, cell, colour, tags[name], on_place=sea.place_at(at) is not None)
        for (name, at), colour in zip(ships.items(), colours, strict=True)
    ]
    drawn.append(names)
    body = [
        patterns(),
        group(drawn, transform=f"translate({left:.1f},{top:.1f})"),
        keys,
    ]
    if title:
        body.append(
            words_at(width / 2, 0.3 * _PX, title, size=style.TITLE_PT * _PT, anchor="middle")
        )
    if alt is None:
        alt = sea_chart_alt(
            sea_or_graph,
            ships=ships,
            highlight=shaded,
            changed=hatched,
            target=target,
            path=route,
            highlight_label=highlight_label,
            changed_label=changed_label,
            ship_colours=ship_colours,
        )
    height = top + grid_h + style.UNDER_NUMBERS * _PX + key_height + 0.1 * _PX
    return svg(width, height, "".join(body), alt=alt, css=css)


@functools.lru_cache(maxsize=32)
def _grid(sea: Sea) -> str:
    """Water, land, grid lines, the frame and the row and column numbers, at the origin."""
    cell = style.cell_inches(sea.width, sea.height) * _PX
    w, h = sea.width * cell, sea.height * cell
    land = "".join(
        f"M{c * cell:.1f},{r * cell:.1f}h{cell:.1f}v{cell:.1f}h{-cell:.1f}z"
        for r in range(sea.height)
        for c in range(sea.width)
        if not sea.is_water((r, c))
    )
    lines = "".join(f"M{x * cell:.1f},0V{h:.1f}" for x in range(1, sea.width)) + "".join(
        f"M0,{y * cell:.1f}H{w:.1f}" for y in range(1, sea.height)
    )
    parts = [
        rect(0, 0, w, h, fill=style.WATER),
        element(
            "path", d=land, fill=style.LAND, stroke=style.LAND_EDGE, stroke_width=0.8, class_="land"
        )
        if land
        else "",
        element("path", d=lines, stroke=style.GRID, stroke_width=0.6, fill="none"),
        rect(0, 0, w, h, fill="none", stroke=style.FRAME, stroke_width=1),
    ]
    step = 1 if cell >= 18 else 2
    size, ink = _NUMBER_PX, style.NUMBERS
    for c in range(0, sea.width, step):
        x = (c + 0.5) * cell
        parts.append(words_at(x, -5, str(c), size=size, fill=ink, anchor="middle"))
        parts.append(words_at(x, h + 5 + size * 0.8, str(c), size=size, fill=ink, anchor="middle"))
    for r in range(0, sea.height, step):
        y = (r + 0.5) * cell + 0.36 * size
        parts.append(words_at(-5, y, str(r), size=size, fill=ink, anchor="end"))
        parts.append(words_at(w + 5, y, str(r), size=size, fill=ink))
    return group(parts, class_="sea")


@functools.lru_cache(maxsize=128)
def _places(sea: Sea, ships: frozenset[Square]) -> tuple[str, str]:
    """The places' marks, and their names placed clear of the marks and of `ships`.

    A place with a ship on it has its mark drawn smaller in the square's top left corner.
    """
    cell = style.cell_inches(sea.width, sea.height) * _PX
    centres: dict[str, tuple[float, float, float, Square]] = {}
    drawn = []
    for place, entry in sea.places.items():
        r, c = entry["at"]
        city = entry["kind"] == "city"
        size = cell * (style.CITY_SIZE if city else style.MISSION_SIZE)
        x, y = (c + 0.5) * cell, (r + 0.5) * cell
        if (r, c) in ships:
            size *= style.PLACE_SHRINK
            x, y = x - style.PLACE_CORNER * cell, y - style.PLACE_CORNER * cell
        drawn.append(_anchor(x, y, size / 2, place) if city else _diamond(x, y, size / 2, place))
        centres[place] = (x, y, size / 2 * (1 if city else _DIAMOND), (r, c))
    taken = {
        place: (around(x, y, half + 1), square) for place, (x, y, half, square) in centres.items()
    }
    for r, c in ships:
        shift = style.SHIP_SHIFT if sea.place_at((r, c)) else 0.0
        half = cell * (style.SHIP_ON_PLACE if shift else style.SHIP_SIZE) / 2
        centre = ((c + 0.5 + shift) * cell, (r + 0.5 + shift) * cell)
        taken[f"ship {r},{c}"] = (around(*centre, half + 1), (r, c))
    leaders, names = _names(sea, centres, taken, cell)
    return group([leaders, *drawn], class_="places"), group(names, class_="names")


def _names(
    sea: Sea,
    centres: Mapping[str, tuple[float, float, float, Square]],
    taken: Mapping[str, tuple[Box, Square]],
    cell: float,
) -> tuple[str, list[str]]:
    """Each place's name in a white box, Cities' first: at the nearest spot around its mark
    that is inside the grid, covers no other name or mark, and whose line to the mark
    crosses no other mark (or, if there is none, beside the mark). Returns the lines from
    the names set apart to their marks, and the names."""
    grid = (0.0, 0.0, sea.width * cell, sea.height * cell)
    drawn: list[str] = []
    leaders: list[str] = []
    boxes = [box for box, _ in taken.values()]
    for place, entry in sorted(sea.places.items(), key=lambda item: item[1]["kind"]):
        city = entry["kind"] == "city"
        size = (style.CITY_NAME_PT if city else style.MISSION_NAME_PT) * _PT
        pad = 0.2 * size + 1
        w = text_width(entry["name"], size, bold=city) + 2 * pad
        h = 1.2 * size + 2 * pad
        x, y, half, square = centres[place]
        others = [box for box, at in taken.values() if at != square]
        chosen, far = free_spot(x, y, w, h, cell, grid, boxes, others)
        boxes.append(chosen)
        x0, y0, x1, y1 = chosen
        if far:
            mx, my = (x0 + x1) / 2, (y0 + y1) / 2
            d = math.hypot(mx - x, my - y) or 1
            leaders.append(
                line(
                    x + (mx - x) * (half + 1) / d,
                    y + (my - y) * (half + 1) / d,
                    mx,
                    my,
                    stroke=style.NUMBERS,
                    stroke_width=1,
                )
            )
        parts = [rect(x0, y0, x1 - x0, y1 - y0, rx=3, fill="#fff", fill_opacity=0.85)]
        parts.append(
            words_at(
                (x0 + x1) / 2,
                (y0 + y1) / 2 + 0.36 * size,
                entry["name"],
                size=size,
                anchor="middle",
                font_weight="bold" if city else None,
            )
        )
        drawn.append(group(parts, class_="name", data_place=place))
    return "".join(leaders), drawn


@functools.lru_cache(maxsize=4096)
def _square(at: Square, cell: float, kind: str) -> str:
    """A shaded square (the whole square) or a changed one (hatched, outlined inside)."""
    r, c = at
    if kind == "highlight":
        return rect(
            c * cell,
            r * cell,
            cell,
            cell,
            fill=style.HIGHLIGHT,
            fill_opacity=style.HIGHLIGHT_ALPHA,
            class_=kind,
            data_square=f"{r},{c}",
        )
    half = style.CHANGED_HALF * cell
    return rect(
        (c + 0.5) * cell - half,
        (r + 0.5) * cell - half,
        2 * half,
        2 * half,
        fill=fill("hatched"),
        stroke=style.CHANGED,
        stroke_width=2,
        class_=kind,
        data_square=f"{r},{c}",
    )


def _target(at: Square, cell: float) -> str:
    r, c = at
    return circle(
        (c + 0.5) * cell,
        (r + 0.5) * cell,
        style.TARGET_RADIUS * cell,
        fill="none",
        stroke=style.TARGET,
        stroke_width=3,
        class_="target",
    )


def _path(route: Sequence[Square], cell: float) -> str:
    """The path through the squares' centres, with dots and an arrow into the last one."""
    points = [((c + 0.5) * cell, (r + 0.5) * cell) for r, c in route]
    (x0, y0), (x1, y1) = points[-2], points[-1]
    d = math.hypot(x1 - x0, y1 - y0)
    ux, uy = (x1 - x0) / d, (y1 - y0) / d
    tip = (x1 - 4 * ux, y1 - 4 * uy)
    base = (tip[0] - 10 * ux, tip[1] - 10 * uy)
    head = [tip, (base[0] - 5 * uy, base[1] + 5 * ux), (base[0] + 5 * uy, base[1] - 5 * ux)]
    width = style.PATH_WIDTH * _PT
    line_to = [*points[:-1], base]
    return group(
        [
            path(
                line_to,
                stroke="#fff",
                stroke_width=width + 3,
                stroke_linecap="round",
                stroke_linejoin="round",
            ),
            polygon(head, fill="#fff", stroke="#fff", stroke_width=3, stroke_linejoin="round"),
            path(
                line_to,
                stroke=style.PATH,
                stroke_width=width,
                stroke_linecap="round",
                stroke_linejoin="round",
            ),
            polygon(head, fill=style.PATH),
            *(circle(x, y, 2.5, fill=style.PATH) for x, y in points[:-1]),
        ],
        class_="path",
    )


@functools.lru_cache(maxsize=256)
def _ship(name: str, at: Square, cell: float, colour: str, tag: str, *, on_place: bool) -> str:
    """A ship on its square (low and right on a place), with its tag on its sail."""
    r, c = at
    shift = style.SHIP_SHIFT if on_place else 0.0
    size = cell * (style.SHIP_ON_PLACE if on_place else style.SHIP_SIZE)
    x, y = (c + 0.5 + shift) * cell, (r + 0.5 + shift) * cell
    hull = _ship_outline(x, y, size / 2)
    font = max(SMALLEST, size * style.TAG_SIZE)
    return group(
        [
            *(
                polygon(part, fill="#fff", stroke="#fff", stroke_width=3, stroke_linejoin="round")
                for part in hull
            ),
            *(polygon(part, fill=colour, stroke=style.OUTLINE, stroke_width=1) for part in hull),
            words_at(
                x,
                y - size * style.TAG_RISE + 0.36 * font,
                tag,
                size=font,
                fill="#fff",
                anchor="middle",
                font_weight="bold",
                stroke=style.OUTLINE,
                stroke_width=2.5,
                paint_order="stroke",
            ),
        ],
        class_="ship",
        data_ship=name,
    )


def _ship_outline(x: float, y: float, half: float) -> list[list[tuple[float, float]]]:
    """The Ship's outline (:data:`~.style.SHIP`) centred on (x, y), reaching `half` from
    it at most (as matplotlib sizes a marker)."""
    scale = half / _SHIP_REACH
    return [[(x + px * scale, y - py * scale) for px, py in part] for part in style.SHIP]


def _anchor(x: float, y: float, half: float, place: str | None = None) -> str:
    """A City's anchor (:data:`~.style.ANCHOR`) centred on (x, y), reaching `half` from it
    at most (as matplotlib sizes a marker)."""
    anchor = style.ANCHOR
    half /= _ANCHOR_REACH
    (rx, ry), radius = anchor.ring
    (cx, cy), arm, start, end = anchor.arms
    turns = [math.radians(start + (end - start) * k / 14) for k in range(15)]
    lines: list[Sequence[tuple[float, float]]] = [
        anchor.stock,
        anchor.shank,
        [(cx + arm * math.cos(t), cy + arm * math.sin(t)) for t in turns],
        *anchor.flukes,
    ]
    stroke = {"stroke": style.CITY, "stroke_width": 2, "stroke_linecap": "round"}
    return group(
        [
            circle(x + rx * half, y - ry * half, radius * half, fill="none", **stroke),
            *(
                path([(x + px * half, y - py * half) for px, py in part], **stroke)
                for part in lines
            ),
        ],
        class_="place" if place else None,
        data_place=place,
    )


def _diamond(x: float, y: float, half: float, place: str | None = None) -> str:
    """A Mission place's diamond centred on (x, y): a square of side `half` * 2, turned 45
    degrees (matplotlib's ``"D"`` marker)."""
    half *= _DIAMOND
    return polygon(
        [(x, y - half), (x + half, y), (x, y + half), (x - half, y)],
        fill=style.MISSION,
        stroke="#fff",
        stroke_width=0.8,
        class_="place" if place else None,
        data_place=place,
    )


@functools.lru_cache(maxsize=256)
def _legend(
    sea: Sea,
    ships: tuple[tuple[str, str], ...],
    drawn: tuple[bool, bool, bool, bool],
    labels: tuple[str, str],
    width: float,
    top: float,
) -> tuple[str, float]:
    """The legend, `width` wide from `top` down, and its height: one entry per kind of thing
    drawn (`drawn` says whether there are shaded and changed squares, a target, a path;
    `labels` what the shaded and changed squares are), as the matplotlib chart's legend
    has, then each ship ``(name, colour)``."""
    shaded, hatched, target, route = drawn
    highlight_label, changed_label = labels
    w, h = KEY
    mid = (w / 2, h / 2)
    box = {"x": 0, "y": 0, "width": w, "height": h}
    entries = [(element("rect", **box, fill=style.WATER, stroke=style.GRID), style.WORDS["water"])]
    if any("#" in row for row in sea.rows):
        entries.append(
            (element("rect", **box, fill=style.LAND, stroke=style.LAND_EDGE), style.WORDS["land"])
        )
    kinds = {entry["kind"] for entry in sea.places.values()}
    if "city" in kinds:
        entries.append((_anchor(*mid, h / 2), style.WORDS["city"]))
    if "mission" in kinds:
        entries.append((_diamond(*mid, h / 2 / _DIAMOND), style.WORDS["mission"]))
    if shaded:
        entries.append(
            (
                element("rect", **box, fill=style.HIGHLIGHT, fill_opacity=style.HIGHLIGHT_ALPHA),
                highlight_label,
            )
        )
    if hatched:
        entries.append(
            (
                element(
                    "rect", **box, fill=fill("hatched"), stroke=style.CHANGED, stroke_width=1.5
                ),
                changed_label,
            )
        )
    if target:
        entries.append(
            (
                circle(*mid, h / 2 - 1, fill="none", stroke=style.TARGET, stroke_width=2),
                style.WORDS["target"],
            )
        )
    if route:
        entries.append(
            (
                line(0, h / 2, w, h / 2, stroke=style.PATH, stroke_width=style.PATH_WIDTH * _PT),
                style.WORDS["path"],
            )
        )
    tags = ship_tags(name for name, _ in ships)
    for name, colour in ships:
        hull = _ship_outline(*mid, h / 2)
        key = "".join(
            polygon(part, fill=colour, stroke=style.OUTLINE, stroke_width=0.8) for part in hull
        )
        entries.append((key, f"{tags[name]}: {name}" if tags[name] != name else name))
    return legend(entries, width, style.LEGEND_PT * _PT, top=top)
