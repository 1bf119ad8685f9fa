"""Tests for piratelib.draw._common: the building blocks the game pictures share."""

from __future__ import annotations

import itertools

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from piratelib.draw._common import as_list, legend_marker, ship_marker, stack_tag, text_align


@pytest.mark.parametrize(
    "dx, dy, expected",
    [
        (1, 0, ("left", "center")),
        (-1, 0, ("right", "center")),
        (0, 1, ("center", "bottom")),
        (0, -1, ("center", "top")),
        (1, 1, ("left", "bottom")),
        (-1, -1, ("right", "top")),
        (0, 0, ("center", "center")),
    ],
)
def test_text_align_puts_the_near_edge_of_the_text_by_the_mark(dx, dy, expected):
    assert text_align(dx, dy) == expected


def test_text_align_dead_zone_centres_nearly_straight_directions():
    assert text_align(0.3, -0.31, dead_zone=0.3) == ("center", "top")
    assert text_align(-0.5, 0.2, dead_zone=0.3) == ("right", "center")


@pytest.mark.parametrize("above", [True, False])
@pytest.mark.parametrize("ha", ["left", "center", "right"])
def test_stacked_tags_sit_beyond_the_name_lined_up_with_it(above, ha):
    fig = Figure(figsize=(4, 4))
    renderer = FigureCanvasAgg(fig).get_renderer()
    ax = fig.add_axes((0, 0, 1, 1))
    name = ax.annotate("A long name", (0.5, 0.5), ha=ha, va="center")
    style = {"fontsize": 9, "facecolor": "white", "edgecolor": "black", "zorder": 6}
    first = stack_tag(ax, "Sails", name, above=above, ha=ha, gid="tag:1", **style)
    second = stack_tag(ax, "Telescope", first, above=above, ha=ha, gid="tag:2", **style)
    boxes = [text.get_window_extent(renderer) for text in (name, first, second)]
    for near, far in itertools.pairwise(boxes):
        gap = far.y0 - near.y1 if above else near.y0 - far.y1
        assert gap > 0
        edge = {"left": "x0", "center": "x0", "right": "x1"}[ha]
        if ha == "center":
            assert (near.x0 + near.x1) / 2 == pytest.approx((far.x0 + far.x1) / 2, abs=1)
        else:
            assert getattr(near, edge) == pytest.approx(getattr(far, edge), abs=1)
    assert second.get_gid() == "tag:2" and second.get_fontweight() == "bold"


def test_legend_marker_is_a_marker_without_a_line():
    entry = legend_marker("City", ship_marker(), size=12, face="none", edge="red", edgewidth=2)
    assert entry.get_label() == "City" and entry.get_linestyle() == "None"
    assert entry.get_markersize() == 12 and entry.get_markeredgewidth() == 2


def test_as_list_keeps_one_name_whole():
    assert as_list("jane") == ["jane"]
    assert as_list(iter(["jane", "ranger"])) == ["jane", "ranger"]
