"""The Hunt for Blackbeard Map as SVG text, for apps that redraw it on every click.

:func:`map_svg` draws what :func:`~piratelib.draw.blackbeard.map.blackbeard_map` draws
(the spaces, Water and Land Routes and names, and on top highlights, notes, a trail and
pieces) and :func:`side_map_svg` what :func:`~piratelib.draw.blackbeard.game.side_map`
draws (a side's blocks, Spots and markers, and the shading by chance), from the same
geometry and style (:mod:`~piratelib.draw.blackbeard.map_style`), with the same checks
and the same alt text (:func:`~piratelib.draw.blackbeard.marks.blackbeard_map_alt`,
:func:`~piratelib.draw.blackbeard.view.side_map_alt`). The Map itself (Routes, spaces,
names, the Spaces legend) is written once per Map and kept; a call writes only the
marks on top. The picture is :data:`WIDTH` pixels wide, its text at least 12 px. Marks
carry the gids of the matplotlib picture as ``data-gid`` (``"space:<id>"``,
``"label:<id>"``, ``"note:<id>"``, ``"highlight:<id>"``, ``"trail:<i>"``,
``"piece:<id>:<piece>"``, ``"block:<id>"``, ``"chance:<id>"``, ...), each placed by a
``transform='translate(x,y)'`` on its space's centre. No matplotlib is needed.

Examples
--------
>>> from piratelib.blackbeard.board import load_map
>>> shown = map_svg(load_map(), highlight=["cape_henry"], labels={"cape_henry": 1})
>>> shown.startswith("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 900 ")
True
>>> "data-gid='highlight:cape_henry'" in shown, "aria-label='Hunt for Blackbeard" in shown
(True, True)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple, Unpack, cast

from piratelib.draw import svg as s
from piratelib.draw._checks import check_text
from piratelib.draw.blackbeard.map_style import (
    BLOCK_SIZE,
    BLOCK_STYLE,
    BOARD_MARGIN,
    BOARD_SIZE,
    CHANCE_DISC,
    COMPASS,
    HIGHLIGHT,
    KIND_STYLE,
    LABEL_WRAP,
    LEGEND,
    NOTE,
    PIECE_SIZE,
    PIECE_STYLE,
    POINTS_PER_UNIT,
    ROUTE_STYLE,
    SIZES,
    TRAIL,
    UNKNOWN_PIECE,
    UNKNOWN_TEXT,
    chance_colour,
    label_spot,
    outline,
    piece_key,
    piece_rank,
    piece_spots,
    route_lines,
    text_width,
)
from piratelib.draw.blackbeard.marks import blackbeard_map_alt, checked_marks
from piratelib.draw.blackbeard.view import SideMarks, block_key, side_map_alt, side_marks
from piratelib.words import percent

if TYPE_CHECKING:
    import networkx as nx

    from piratelib.blackbeard.game.views import Observation
    from piratelib.draw.blackbeard.marks import Marks

__all__ = ["WIDTH", "map_svg", "side_map_svg"]

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""A box in pixels: left, top, right, bottom."""

WIDTH = 900
"""The picture's width in pixels (the apps show the Map 900 px wide)."""
_SCALE = WIDTH / (BOARD_SIZE[0] + 2 * BOARD_MARGIN[0])
"""Pixels per board pixel."""
PT = _SCALE / POINTS_PER_UNIT
"""Pixels per point: the SVG is the matplotlib figure scaled to :data:`WIDTH`."""
_TOP = 30.0
"""The band over the Map that holds the title."""
_MAP_BOTTOM = _TOP + (BOARD_SIZE[1] + BOARD_MARGIN[1]) * _SCALE
_FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
_ASCENT, _DESCENT, _LEADING = 0.78, 0.24, 1.15
"""How far text reaches over and under its baseline, and its lines' spacing (in ems)."""
_HALO = {
    "stroke": "white",
    "stroke_width": 3.5,
    "paint_order": "stroke",
    "stroke_linejoin": "round",
}
"""A white outline under the letters, so that names read over Routes and shades."""
_ROW = 21.0
"""The height of a row of a legend under the Map."""


class _Base(NamedTuple):
    """The Map drawn once: Routes, spaces, names and the Spaces legend, as SVG, with each
    space's centre and kind, and each name's box and whether a tag goes over it."""

    routes: str
    spaces: str
    names: str
    legend: str
    centres: dict[str, Point]
    kinds: dict[str, str]
    name_boxes: dict[str, Box]
    tag_above: dict[str, bool]


def map_svg(G: nx.Graph[str], *, css: str = "piratelib-map", **marks: Unpack[Marks]) -> str:
    """The Hunt for Blackbeard Map with marks on top, as an SVG picture :data:`WIDTH` px wide.

    It shows what :func:`~piratelib.draw.blackbeard.map.blackbeard_map` shows with the
    same marks (`highlight`, `labels`, `trail`, `pieces`, `title`, `highlight_label`,
    `trail_label`: see there), named by their alt text
    (:func:`~piratelib.draw.blackbeard.marks.blackbeard_map_alt`); `css` is the class of
    the ``<svg>`` element.

    Raises
    ------
    IllegalActionError
        If `highlight`, `labels`, `trail` or `pieces` names a space that is not on the Map.
    PiratelibError
        If `G` is not a Map, or an argument is of the wrong kind.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> shown = map_svg(
    ...     load_map(), trail=["james_river", "cape_henry"], pieces={"cape_henry": "jane"}
    ... )
    >>> (
    ...     shown.count("data-gid='space:"),
    ...     shown.count("data-gid='trail:"),
    ...     "piece:cape_henry:jane" in shown,
    ... )
    (28, 1, True)
    >>> map_svg(load_map(), highlight=["bath_twn"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown space 'bath_twn': did you mean 'bath_town'? ...
    """
    check_text("css", css)
    return _picture(G, marks, blackbeard_map_alt(G, **marks), css)


def side_map_svg(
    view: Observation,
    *,
    title: str | None = None,
    chances: Mapping[str, Fraction] | None = None,
    moment: str | None = None,
) -> str:
    """The Map as `view`'s side sees it, as SVG: blocks, Spots, markers, pieces and chances.

    It shows what :func:`~piratelib.draw.blackbeard.game.side_map` shows with the same
    arguments (see there), named by
    :func:`~piratelib.draw.blackbeard.view.side_map_alt`; the ``<svg>`` has the class
    ``piratelib-map-<side>``. A block is a ``"block:<space>"`` group (a "?" on it,
    ``"unknown:<space>"``, if the side may not know it), a shade a ``"chance:<space>"`` disc,
    and with shades a bar under the Map says in percent what they mean.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
    >>> state = apply(new_game(seed=1), SetCamp("nots_island"))
    >>> shown = side_map_svg(observation(state, "hunters"), chances={"nots_island": Fraction(1)})
    >>> shown.count("data-gid='block:"), shown.count("data-gid='unknown:"), shown.count("chance:")
    (24, 24, 1)
    >>> "class='piratelib-map-hunters'" in shown, "Chance Adventure is here" in shown
    (True, True)
    """
    from piratelib.blackbeard.game.state import game_map

    shown = side_marks(view, title=title, chances=chances, moment=moment)
    alt = side_map_alt(view, chances=chances, moment=moment)
    return _picture(game_map(), shown.marks, alt, f"piratelib-map-{view.side}", view.side, shown)


def _picture(
    G: nx.Graph[str],
    marks: Marks,
    alt: str,
    css: str,
    side: str | None = None,
    shown: SideMarks | None = None,
) -> str:
    """The Map under `marks` (and, for a `side`, the blocks and shades it is `shown`)."""
    highlight, notes, trail, pieces = checked_marks(G, **marks)
    base = _base(*_layout(G))
    parts = [base.routes]
    if shown is not None:
        parts.append(_shades(base, shown.shaded))
    parts += [_halo(base.centres[space], space) for space in highlight]
    parts.append(base.spaces)
    if shown is not None:
        parts.append(_blocks(base, shown.blocks, shown.face_up))
    parts += [_arrow(base, start, end, i) for i, (start, end) in enumerate(pairwise(trail))]
    parts.append(base.names)
    parts += [_note(base, space, words) for space, words in notes.items()]
    drawn, kinds = _pieces(base, pieces)
    parts += [drawn, base.legend]
    title = marks.get("title", "Hunt for Blackbeard: the Map")
    if title:
        size = SIZES["title"] * PT
        parts.append(s.text(WIDTH / 2, 21, title, size=size, anchor="middle", font_weight="bold"))
    entries = _mark_entries(
        highlight=marks.get("highlight_label", "highlighted") if highlight else None,
        trail=marks.get("trail_label", "trail") if len(trail) > 1 else None,
        pieces=kinds,
    )
    legend, y = _legend(entries, _MAP_BOTTOM + 4)
    parts.append(legend)
    if side is not None and shown is not None:
        key = [_block_entry(*entry) for entry in block_key(side)]
        legend, y = _legend(key, y + 4, heading="Blocks")
        parts.append(legend)
        if shown.shaded:
            bar, y = _chance_bar(max(shown.shaded.values()), y + 6)
            parts.append(bar)
    body = s.group(parts, font_family=_FONT)
    return s.svg(WIDTH, math.ceil(y + 6), body, alt=alt, css=css)


def _layout(G: nx.Graph[str]) -> tuple[_Spaces, _Edges]:
    """The Map's spaces (id, kind, name, position) and Routes, hashable, to key the cache."""
    nodes = tuple(
        (space, info["kind"], info["name"], float(info["pos"][0]), float(info["pos"][1]))
        for space, info in G.nodes(data=True)
    )
    # types-networkx cannot know the type of an edge attribute asked for by name
    edges = cast("Iterable[tuple[str, str, Iterable[str]]]", G.edges(data="routes"))
    return nodes, tuple((u, v, tuple(sorted(routes))) for u, v, routes in edges)


_Spaces = tuple[tuple[str, str, str, float, float], ...]
_Edges = tuple[tuple[str, str, tuple[str, ...]], ...]


@functools.cache
def _base(spaces: _Spaces, edges: _Edges) -> _Base:
    """Draw the part of the Map that never changes, once for each Map."""
    centres = {space: _px(x, y) for space, _, _, x, y in spaces}
    board = {space: (x, y) for space, _, _, x, y in spaces}
    routes = []
    for kind, lines in route_lines(board, edges).items():
        style = ROUTE_STYLE[kind]
        routes.append(
            s.group(
                [s.path([_px(x, y) for x, y in line]) for line in lines],
                data_gid=f"route:{kind}",
                **_stroke(style.colour, style.width, style.dash),
                stroke_linecap="round",
            )
        )
    marks, names, boxes, above = [], [], {}, {}
    for space, kind, name, *_ in spaces:
        marks.append(_at(centres[space], _space_mark(kind), f"space:{space}"))
        if kind == "ocean":  # the board's compass roundel
            arm = COMPASS.size / 2 * PT
            cross = s.path([(-arm, 0), (arm, 0)]) + s.path([(0, -arm), (0, arm)])
            stroke = _stroke(COMPASS.colour, COMPASS.width)
            marks.append(_at(centres[space], cross, f"compass:{space}", **stroke))
        text, boxes[space], above[space] = _name(space, name, kind, centres[space])
        names.append(text)
    return _Base(
        routes="".join(routes),
        spaces="".join(marks),
        names=s.group(names, **_HALO),
        legend=_spaces_legend(),
        centres=centres,
        kinds={space: kind for space, kind, *_ in spaces},
        name_boxes=boxes,
        tag_above=above,
    )


def _space_mark(kind: str, scale: float = 1.0) -> str:
    """The mark of a kind of space centred on (0, 0), `scale` times its size on the Map."""
    style = KIND_STYLE[kind]
    stroke = _stroke(style.edge, style.edge_width, style.dash)
    return _mark(style.shape, math.sqrt(style.area) * scale, fill=style.face, **stroke)


def _name(space: str, name: str, kind: str, centre: Point) -> tuple[str, Box, bool]:
    """A space's name beside its mark (on two lines if wrapped), its box, and whether its
    space lies under it (so that a tag goes over it)."""
    dx, dy, ha, va = label_spot(space, kind)
    size = SIZES["name"] * PT
    lines = name.rsplit(" ", 1) if space in LABEL_WRAP else [name]
    box = _text_box(centre[0] + dx * PT, centre[1] - dy * PT, lines, size, ha, va)
    return s.group(_lines(box, lines, size, ha), data_gid=f"label:{space}"), box, dy > 0


def _text_box(
    x: float, y: float, lines: Sequence[str], size: float, ha: str, va: str, *, bold: bool = False
) -> Box:
    """The box (with a pad of 0.15 em) of `lines` of text aligned `ha`, `va` on (x, y)."""
    width = max(text_width(line, size, bold=bold) for line in lines)
    height = ((len(lines) - 1) * _LEADING + _ASCENT + _DESCENT) * size
    left = {"left": x, "center": x - width / 2, "right": x - width}[ha]
    top = {"top": y, "center": y - height / 2, "bottom": y - height}[va]
    pad = 0.15 * size
    return left - pad, top - pad, left + width + pad, top + height + pad


def _lines(
    box: Box, lines: Sequence[str], size: float, ha: str, *, bold: bool = False
) -> list[str]:
    """The text of `lines` in their `box` (as :func:`_text_box` gives it), aligned `ha`."""
    pad = 0.15 * size
    anchor = {"left": "start", "center": "middle", "right": "end"}[ha]
    x = {"left": box[0] + pad, "center": (box[0] + box[2]) / 2, "right": box[2] - pad}[ha]
    top = box[1] + pad + _ASCENT * size
    weight = "bold" if bold else None
    return [
        s.text(x, top + i * _LEADING * size, line, size=size, anchor=anchor, font_weight=weight)
        for i, line in enumerate(lines)
    ]


def _note(base: _Base, space: str, words: str) -> str:
    """A note in a gold tag beyond its space's name, on the far side from the space."""
    size = SIZES["note"] * PT
    left, top, right, bottom = base.name_boxes[space]
    up = base.tag_above[space]
    x, y = (left + right) / 2, top - NOTE.gap * PT if up else bottom + NOTE.gap * PT
    box = _text_box(x, y, [words], size, "center", "bottom" if up else "top", bold=True)
    width, height = box[2] - box[0], box[3] - box[1]
    tag = s.rect(box[0], box[1], width, height, rx=3, fill=NOTE.face, stroke=NOTE.edge)
    text = _lines(box, [words], size, "center", bold=True)
    return s.group([tag, *text], data_gid=f"note:{space}")


def _halo(centre: Point, space: str) -> str:
    """The gold halo of a highlighted space."""
    return _at(centre, _halo_mark(math.sqrt(HIGHLIGHT.area), HIGHLIGHT.width), f"highlight:{space}")


def _halo_mark(size: float, edge: float) -> str:
    """A halo `size` points wide with an edge `edge` points wide, centred on (0, 0)."""
    face = {"fill": HIGHLIGHT.face, "fill_opacity": HIGHLIGHT.opacity}
    return s.circle(0, 0, size / 2 * PT, **face, **_stroke(HIGHLIGHT.edge, edge))


def _arrow(base: _Base, start: str, end: str, i: int) -> str:
    """One step of a trail: a bold arrow from `start` to `end`, on a white halo."""
    (ax, ay), (bx, by) = base.centres[start], base.centres[end]
    length = max(math.hypot(bx - ax, by - ay), 1e-9)
    ux, uy = (bx - ax) / length, (by - ay) / length
    tail = (ax + ux * TRAIL.shrink[0] * PT, ay + uy * TRAIL.shrink[0] * PT)
    tip = (bx - ux * TRAIL.shrink[1] * PT, by - uy * TRAIL.shrink[1] * PT)
    long, wide = 0.4 * TRAIL.head * PT, 0.2 * TRAIL.head * PT  # matplotlib's "-|>"
    root = (tip[0] - ux * long, tip[1] - uy * long)
    head = [
        tip,
        (root[0] - uy * wide, root[1] + ux * wide),
        (root[0] + uy * wide, root[1] - ux * wide),
    ]
    halo = _stroke("white", TRAIL.halo)
    line = _stroke(TRAIL.colour, TRAIL.width)
    parts = [
        s.path([tail, root], **halo),
        s.polygon(head, fill="white", stroke_linejoin="round", **halo),
        s.path([tail, root], **line),
        s.polygon(head, fill=TRAIL.colour, stroke_linejoin="round", **_stroke(TRAIL.colour, 1.5)),
    ]
    return s.group(parts, data_gid=f"trail:{i}")


def _pieces(base: _Base, pieces: Mapping[str, list[str]]) -> tuple[str, list[tuple[str, str]]]:
    """Pieces in a row beside their space, and the legend's pieces as (words, mark)."""
    drawn: list[str] = []
    kinds: dict[str, str] = {}
    for space, names in pieces.items():
        cx, cy = base.centres[space]
        spots = piece_spots(space, base.kinds[space], len(names))
        for piece, (dx, dy) in zip(names, spots, strict=True):
            key = piece_key(piece)
            style = PIECE_STYLE.get(key, UNKNOWN_PIECE._replace(legend=str(piece)))
            mark = _piece(style.shape, style.face, style.edge, PIECE_SIZE)
            drawn.append(_at((cx + dx * PT, cy - dy * PT), mark, f"piece:{space}:{key}"))
            legend = _piece(style.shape, style.face, style.edge, LEGEND["piece"])
            kinds.setdefault(style.legend, legend)
    return "".join(drawn), sorted(kinds.items(), key=lambda kind: piece_rank(kind[0]))


@functools.cache
def _piece(shape: str, face: str, edge: str, size: float) -> str:
    """A piece's mark `size` points wide on a white outline, centred on (0, 0)."""
    under = _mark(shape, size, fill="white", **_stroke("white", 3))
    return under + _mark(shape, size, fill=face, **_stroke(edge, 1.3))


def _blocks(base: _Base, blocks: Mapping[str, str], face_up: frozenset[str]) -> str:
    """Each block on its slot: lying face up (a square) or standing, a "?" if unknown."""
    drawn = []
    for space, block in blocks.items():
        mark = _block(block, "face_up" if space in face_up else "standing")
        if block == "unknown":
            size = SIZES["unknown"] * PT
            mark += s.text(
                0,
                (_ASCENT - _DESCENT) / 2 * size,
                "?",
                size=size,
                anchor="middle",
                font_weight="bold",
                fill=UNKNOWN_TEXT,
                data_gid=f"unknown:{space}",
            )
        drawn.append(_at(base.centres[space], mark, f"block:{space}"))
    return "".join(drawn)


@functools.cache
def _block(block: str, lie: str, grow: float = 0.0) -> str:
    """A block lying face up or standing, in its colours, centred on (0, 0)."""
    face, edge = BLOCK_STYLE[block]
    width = BLOCK_SIZE["camp_edge" if "camp" in block else "edge"]
    shape = "square" if lie == "face_up" else "standing"
    return _mark(shape, BLOCK_SIZE[lie] + grow, fill=face, **_stroke(edge, width))


def _shades(base: _Base, shaded: Mapping[str, Fraction]) -> str:
    """A disc under each possible space, darker for likelier."""
    if not shaded:
        return ""
    top = max(shaded.values())
    area, opacity = CHANCE_DISC
    return "".join(
        _at(
            base.centres[space],
            s.circle(
                0, 0, math.sqrt(area) / 2 * PT, fill=chance_colour(float(p / top)), opacity=opacity
            ),
            f"chance:{space}",
        )
        for space, p in sorted(shaded.items())
    )


def _chance_bar(top: Fraction, y: float) -> tuple[str, float]:
    """What the shades mean, under the Map: a bar from 0 to `top` in percent, and words."""
    size = SIZES["legend"] * PT
    words = "Chance Adventure is here (darker = likelier):"
    left = (WIDTH - text_width(words, size) - 16 - 240) / 2
    parts = [s.text(left, y + 13, words, size=size)]
    x0, steps, width = left + text_width(words, size) + 16, 24, 240
    for i in range(steps):
        colour = chance_colour((i + 0.5) / steps)
        parts.append(s.rect(x0 + i * width / steps, y + 2, width / steps + 0.4, 13, fill=colour))
    parts.append(s.rect(x0, y + 2, width, 13, fill="none", stroke="#555555"))
    for share in (0, Fraction(1, 2), 1):
        x = x0 + float(share) * width
        parts.append(s.line(x, y + 15, x, y + 19, stroke="#555555"))
        parts.append(s.text(x, y + 32, percent(top * share, 0), size=size, anchor="middle"))
    return s.group(parts, data_gid="chance-bar"), y + 34


@functools.cache
def _spaces_legend() -> str:
    """The kinds of space, in a box in the board's empty top right corner."""
    size = SIZES["legend"] * PT
    rows = [(style.legend.split("\n"), kind) for kind, style in KIND_STYLE.items()]
    width = 36 + max(text_width(line, size) for lines, _ in rows for line in lines)
    left, top = WIDTH - 4 - width, _TOP + 2
    parts = [
        s.text(left + width / 2, top + 6 + _ASCENT * size, "Spaces", size=size, anchor="middle")
    ]
    y = top + 10 + _LEADING * size
    for lines, kind in rows:
        middle = y + max(11.0, len(lines) * _LEADING * size / 2 + 3)
        parts.append(_at((left + 16, middle), _space_mark(kind, LEGEND["space"]), None))
        box = _text_box(left + 28, middle, lines, size, "left", "center")
        parts += _lines(box, lines, size, "left")
        y = 2 * middle - y
    frame = {"rx": 4, "fill": "white", "fill_opacity": 0.9, "stroke": "#cccccc"}
    return s.group(
        [s.rect(left, top, width, y + 4 - top, **frame), *parts], data_gid="legend:spaces"
    )


def _mark_entries(
    *, highlight: str | None, trail: str | None, pieces: list[tuple[str, str]]
) -> list[tuple[str, str]]:
    """The legend under the Map: the Routes, the highlight and trail if drawn, the pieces."""
    handle = 2 * SIZES["legend"] * PT
    entries = []
    for style in ROUTE_STYLE.values():
        line = s.path([(0, 0), (handle, 0)], **_stroke(style.colour, style.width, style.dash))
        entries.append((line, style.legend))
    if highlight is not None:
        entries.append(
            (_at((handle / 2, 0), _halo_mark(LEGEND["halo"], LEGEND["halo_edge"]), None), highlight)
        )
    if trail is not None:
        entries.append((s.path([(0, 0), (handle, 0)], **_stroke(TRAIL.colour, TRAIL.width)), trail))
    entries += [(_at((handle / 2, 0), mark, None), words) for words, mark in pieces]
    return entries


def _block_entry(words: str, face: str, edge: str, lie: str) -> tuple[str, str]:
    """A legend entry for a block, from :func:`~piratelib.draw.blackbeard.view.block_key`."""
    shape = "square" if lie == "face_up" else "standing"
    mark = _mark(
        shape, BLOCK_SIZE[lie] + LEGEND["block"], fill=face, **_stroke(edge, BLOCK_SIZE["edge"])
    )
    return _at((SIZES["legend"] * PT, 0), mark, None), words


def _legend(entries: Sequence[tuple[str, str]], y: float, heading: str = "") -> tuple[str, float]:
    """`entries` (a mark 2 em wide, drawn on y = 0, and its words) in as few rows as fit
    the width, column by column and centred, from `y` down; return the SVG and its bottom."""
    size = SIZES["legend"] * PT
    handle, gap, space = 2 * size, 0.6 * size, 1.6 * size
    widths = [handle + gap + text_width(words, size) for _, words in entries]
    first = text_width(heading + ":", size, bold=True) + space if heading else 0.0
    for rows in range(min(2, len(entries)), len(entries) + 1):
        columns = [widths[i : i + rows] for i in range(0, len(widths), rows)]
        total = first + sum(max(c) for c in columns) + space * (len(columns) - 1)
        if total <= WIDTH - 20:
            break
    left = (WIDTH - total) / 2
    parts = []
    if heading:
        parts.append(s.text(left, y + _ROW / 2 + 4.5, f"{heading}:", size=size, font_weight="bold"))
    x = left + first
    for c, column in enumerate(columns):
        for r in range(len(column)):
            mark, words = entries[c * rows + r]
            middle = y + (r + 0.5) * _ROW
            parts.append(s.group([mark], transform=f"translate({x:.1f},{middle:.1f})"))
            parts.append(s.text(x + handle + gap, middle + 4.5, words, size=size))
        x += max(column) + space
    return s.group(parts, data_gid=f"legend:{heading.lower() or 'marks'}"), y + rows * _ROW


def _mark(shape: str, size: float, **attrs: object) -> str:
    """A mark of a shape of :mod:`~piratelib.draw.blackbeard.map_style`, `size` points
    wide as matplotlib sizes markers, centred on (0, 0)."""
    half = size / 2 * PT
    if shape == "circle":
        return s.circle(0, 0, half, **attrs)
    if shape == "square":
        return s.rect(-half, -half, 2 * half, 2 * half, **attrs)
    if shape == "diamond":  # matplotlib's "D": a square turned 45 degrees
        corner = half * math.sqrt(2)
        return s.polygon([(0, -corner), (corner, 0), (0, corner), (-corner, 0)], **attrs)
    return "".join(
        s.polygon([(x * PT, -y * PT) for x, y in part], **attrs) for part in outline(shape, size)
    )


def _stroke(
    colour: str, width: float, dash: tuple[float, float] | None = None
) -> dict[str, object]:
    """SVG stroke attributes for a line `width` points wide, dashed as matplotlib dashes
    (lengths in line widths)."""
    attrs: dict[str, object] = {"stroke": colour, "stroke_width": round(width * PT, 2)}
    if dash is not None:
        attrs["stroke_dasharray"] = " ".join(f"{d * width * PT:.2f}" for d in dash)
    return attrs


def _at(centre: Point, content: str, gid: str | None, **attrs: object) -> str:
    """`content` drawn around (0, 0), moved to `centre`, with a ``data-gid`` if given."""
    move = f"translate({centre[0]:.1f},{centre[1]:.1f})"
    return s.group([content], data_gid=gid, transform=move, **attrs)


def _px(x: float, y: float) -> Point:
    """A point of the board in the picture's pixels."""
    return (x + BOARD_MARGIN[0]) * _SCALE, _TOP + y * _SCALE
