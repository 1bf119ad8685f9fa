"""Tests for piratelib.draw._layout: names placed clear of each other, legends that fit."""

from __future__ import annotations

import itertools

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.lines import Line2D
from matplotlib.transforms import Bbox

from piratelib.draw._layout import legend_columns, place_names


def _grid(n=6, inches=3.0):
    """A figure filled by an n x n grid of squares, with a renderer to measure text."""
    fig = Figure(figsize=(inches, inches))
    renderer = FigureCanvasAgg(fig).get_renderer()
    ax = fig.add_axes((0, 0, 1, 1))
    ax.set_xlim(-0.5, n - 0.5)
    ax.set_ylim(n - 0.5, -0.5)
    ax.set_aspect("equal")
    return ax, renderer, inches / n


def test_crowded_names_never_overlap_a_name_or_a_mark_and_stay_in_the_grid():
    ax, renderer, cell = _grid()
    squares = [(2, 2), (2, 3), (3, 2), (3, 3), (0, 5)]  # four marks side by side, one corner
    half = cell * 72 * 0.3
    marks = {f"name:{i}": (c, r, half, (r, c)) for i, (r, c) in enumerate(squares)}
    names = [(gid, f"Name {i}", {"fontsize": 8}, "black") for i, gid in enumerate(marks)]
    place_names(ax, names, marks, cell, avoid=[])
    ax.figure.canvas.draw()  # place each name's box, as showing the chart would
    drawn = {t.get_gid(): t for t in ax.texts}
    assert list(drawn) == list(marks)
    boxes = {gid: t.get_bbox_patch().get_window_extent(renderer) for gid, t in drawn.items()}
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)
    frame = ax.get_window_extent(renderer)
    to_pixels = ax.figure.dpi / 72
    mark_boxes = {
        gid: Bbox.from_bounds(
            *ax.transData.transform((x, y)) - h * to_pixels, *[2 * h * to_pixels] * 2
        )
        for gid, (x, y, h, _) in marks.items()
    }
    for gid, box in boxes.items():
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1, gid
        assert frame.y0 <= box.y0 and box.y1 <= frame.y1, gid
        for other, mark in mark_boxes.items():
            assert not box.overlaps(mark), (gid, other)


def test_a_lone_name_sits_next_to_its_mark_without_a_line():
    ax, _, cell = _grid()
    place_names(
        ax, [("n", "Port", {"fontsize": 8}, "white")], {"n": (2, 2, 5, (2, 2))}, cell, avoid=[]
    )
    (label,) = ax.texts
    assert label.get_gid() == "n" and label.arrow_patch is None


@pytest.mark.parametrize("width", [0.5, 2, 3, 4.5, 6, 100])
def test_legend_columns_fit_the_width(width):
    entries = [Line2D([], [], label=f"entry number {i}") for i in range(6)]
    style = {"fontsize": 9, "handlelength": 1.6, "handletextpad": 0.8, "columnspacing": 1.2}
    columns = legend_columns(entries, width, style)
    assert 1 <= columns <= len(entries)
    if width == 100:
        assert columns == len(entries)
    fig = Figure(figsize=(max(width, 1), 2), dpi=72)
    renderer = FigureCanvasAgg(fig).get_renderer()
    legend = fig.legend(handles=entries, ncols=columns, **style)
    if columns > 1:
        assert legend.get_window_extent(renderer).width <= width * 72
