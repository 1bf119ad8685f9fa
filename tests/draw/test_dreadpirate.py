"""Tests for piratelib.draw.dreadpirate: the sea chart shows what the board says, legibly."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.transforms import Bbox

from piratelib.draw import png
from piratelib.draw.dreadpirate.odds import turns_alt, turns_bars
from piratelib.draw.dreadpirate.sea import sea_chart, sea_chart_alt
from piratelib.dreadpirate.sea import (
    CITIES,
    DIAGONAL_NAMES,
    DIAGONAL_RULES,
    Sea,
    load_sea,
    reachable,
    sea_graph,
    square_of,
    turns_to_reach,
)
from piratelib.errors import IllegalActionError

SEA = load_sea()
NAMES = ("Anne", "Ben", "Cora", "Dan")
AT_CITIES = {name: SEA.places[city]["at"] for name, city in zip(NAMES, CITIES, strict=True)}
CROWDED = {"You": (0, 0), "Sea Wolf": (0, 1), "Black Gull": (1, 1)}  # the movement app's


def _by_gid(fig, prefix):
    """The artists of the chart's axes whose gid starts with `prefix`, by gid."""
    return {
        str(a.get_gid()): a
        for a in fig.axes[0].get_children()
        if str(a.get_gid()).startswith(prefix)
    }


def _squares(fig, prefix):
    """The squares named in gids ``<prefix><row>,<col>``."""
    return {
        tuple(int(x) for x in gid.removeprefix(prefix).split(",")) for gid in _by_gid(fig, prefix)
    }


def test_draws_every_land_square_and_every_place():
    fig = sea_chart(SEA)
    land = _by_gid(fig, "land")["land"]
    squares = [(r, c) for r in range(SEA.height) for c in range(SEA.width)]
    assert len(land.get_paths()) == sum(not SEA.is_water(s) for s in squares) == 24
    assert set(_by_gid(fig, "place:")) == {f"place:{p}" for p in SEA.places}
    names = {gid: text.get_text() for gid, text in _by_gid(fig, "label:").items()}
    assert names == {f"label:{p}": entry["name"] for p, entry in SEA.places.items()}
    assert _by_gid(fig, "ship") == {}
    assert _by_gid(fig, "highlight:") == _by_gid(fig, "changed:") == {}
    assert "target" not in _by_gid(fig, "target") and _by_gid(fig, "path") == {}


def test_places_sit_on_their_squares_cities_with_an_anchor():
    fig = sea_chart(SEA)
    for place, mark in _by_gid(fig, "place:").items():
        entry = SEA.places[place.removeprefix("place:")]
        assert tuple(mark.get_xydata()[0]) == (entry["at"][1], entry["at"][0])
        assert (mark.get_marker() == "D") == (entry["kind"] == "mission")


def test_row_and_column_numbers_on_the_edges():
    ax = sea_chart(SEA).axes[0]
    FigureCanvasAgg(ax.figure).draw()
    shown = [t.get_text() for t in ax.get_xticklabels() if t.get_visible()]
    assert shown == [str(c) for c in range(20)] * 2  # along the top and the bottom
    shown = [t.get_text() for t in ax.get_yticklabels() if t.get_visible()]
    assert shown == [str(r) for r in range(13)] * 2  # down the left and the right
    assert ax.xaxis.get_tick_params()["labeltop"] and ax.yaxis.get_tick_params()["labelright"]
    assert ax.get_ylim() == (12.5, -0.5)  # row 0 at the top, as in the data file


def test_highlight_changed_target_and_path():
    G = sea_graph()
    start, target = square_of(G, "port_diablo"), square_of(G, "krakens_reach")
    reach = reachable(G, start, 12)
    changed = reach ^ reachable(sea_graph(diagonal="both_sides_water"), start, 12)
    path = [(0, 0), (1, 1), (2, 2)]
    fig = sea_chart(G, highlight=reach, changed=changed, target=target, path=path)
    assert _squares(fig, "highlight:") == reach
    assert _squares(fig, "changed:") == changed
    assert changed == {(5, 9), (5, 12), (6, 9), (6, 10), (6, 12), (12, 3)}
    for gid, patch in _by_gid(fig, "changed:").items():
        r, c = (int(x) for x in gid.removeprefix("changed:").split(","))
        assert patch.get_hatch() and patch.get_xy() == pytest.approx((c - 0.44, r - 0.44))
    ring = _by_gid(fig, "target")["target"]
    assert ring.center == (target[1], target[0])
    line = _by_gid(fig, "path")["path"]
    assert [tuple(xy) for xy in line.get_xydata()] == [(0, 0), (1, 1)]
    assert "path_end" in _by_gid(fig, "path_end")
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend == [
        "water",
        "land",
        "City",
        "Mission place",
        "highlighted",
        "changed",
        "target",
        "path",
    ]


def test_legend_shows_only_what_is_drawn_with_the_callers_words():
    fig = sea_chart(SEA, highlight=[(0, 1)], highlight_label="reachable with a roll of 1")
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend == ["water", "land", "City", "Mission place", "reachable with a roll of 1"]


def test_ships_get_a_colour_each_a_tag_and_their_names_in_the_legend():
    fig = sea_chart(SEA, ships=AT_CITIES)
    ships = _by_gid(fig, "ship:")
    assert set(ships) == {f"ship:{name}" for name in NAMES}
    assert len({to_hex(ship.get_markerfacecolor()) for ship in ships.values()}) == 4
    labels = {gid: text.get_text() for gid, text in _by_gid(fig, "ship_label:").items()}
    assert labels == {f"ship_label:{name}": name[0] for name in NAMES}
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    assert legend[-4:] == ["A: Anne", "B: Ben", "C: Cora", "D: Dan"]
    # A ship on a City sails in its square; the City's anchor moves to the top left corner.
    anne = ships["ship:Anne"].get_xydata()[0]
    anchor = _by_gid(fig, "place:port_diablo")["place:port_diablo"].get_xydata()[0]
    assert anne == pytest.approx((0.1, 0.1)) and anchor == pytest.approx((-0.27, -0.27))


@pytest.mark.parametrize(
    "title, shown",
    [
        (None, "Dread Pirate: the sea (diagonal rule: one side water)"),
        ("Roll 7", "Roll 7"),
    ],
)
def test_title(title, shown):
    assert sea_chart(sea_graph(), title=title).texts[0].get_text() == shown


def test_default_title_without_a_graph_and_no_title():
    assert sea_chart(SEA).texts[0].get_text() == "Dread Pirate: the sea"
    assert sea_chart(SEA, title="").texts == []


def test_about_ten_by_seven_inches_and_a_png():
    fig = sea_chart(SEA, ships=AT_CITIES, highlight=[(0, 1)], changed=[(0, 2)], target=(6, 10))
    width, height = fig.get_size_inches()
    assert 9 <= width <= 10.5 and 6.5 <= height <= 7.5
    assert png(fig)[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_tiny_sea_two_land_corners():
    tiny = Sea(("~#", "#~"), {})
    fig = sea_chart(tiny, path=[(0, 0), (1, 1)], title="two land corners")
    assert len(_by_gid(fig, "land")["land"].get_paths()) == 2
    width, height = fig.get_size_inches()
    assert width < 4 and height < 4
    assert png(fig)[:4] == b"\x89PNG"


def _layout(fig):
    """Window boxes of every name (with its box), every mark, the legend and the title."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    ax = fig.axes[0]
    texts = _by_gid(fig, "label:")
    names = {gid: t.get_bbox_patch().get_window_extent(renderer) for gid, t in texts.items()}
    marks = {}
    for gid, line in {**_by_gid(fig, "place:"), **_by_gid(fig, "ship:")}.items():
        centre = ax.transData.transform(line.get_xydata()[0])
        half = line.get_markersize() / 2 * fig.dpi / 72
        marks[gid] = (Bbox([centre - half, centre + half]), line.get_xydata()[0])
    others = {"legend": fig.legends[0].get_window_extent(renderer)}
    if fig.texts:
        others["title"] = fig.texts[0].get_window_extent(renderer)
    for tick in [*ax.get_xticklabels(), *ax.get_yticklabels()]:
        others[f"tick:{tick.get_text()}:{tick.get_position()}"] = tick.get_window_extent(renderer)
    return names, marks, others, ax.get_window_extent(renderer)


LAYOUTS = [
    {},
    {"ships": AT_CITIES},
    {"ships": CROWDED, "target": (6, 10), "path": [(0, 0), (0, 5), (5, 9), (6, 10)]},
    {"ships": {name: entry["at"] for name, entry in SEA.places.items()}},  # a ship on each
    {
        "ships": {"You": (0, 19), "Rival": (1, 18)},
        "changed": [(r, c) for r in range(5) for c in range(12, 20) if SEA.is_water((r, c))],
    },
    {"ships": {"A": (6, 9), "B": (5, 10), "C": (7, 11), "D": (5, 9)}, "target": (6, 10)},
]


@pytest.mark.parametrize("options", LAYOUTS)
@pytest.mark.parametrize("rule", ["one_side_water", "never"])
def test_names_never_overlap_and_stay_in_the_grid(options, rule):
    """No name covers another name, a place, a ship, the legend, the title or a number,
    and every name stays inside the grid, whatever is drawn."""
    G = sea_graph(diagonal=rule)
    ships = options.get("ships", {})
    start = next(iter(ships.values()), (0, 0))
    reach = reachable(G, start, 7, occupied=[s for s in ships.values() if s != start])
    fig = sea_chart(G, highlight=reach, **options)
    names, marks, others, grid = _layout(fig)
    assert len(names) == len(SEA.places)
    for (a, box_a), (b, box_b) in itertools.combinations(names.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)
    for a, box in names.items():
        assert grid.x0 <= box.x0 and box.x1 <= grid.x1, a
        assert grid.y0 <= box.y0 and box.y1 <= grid.y1, a
        for b, (mark, _) in marks.items():
            assert not box.overlaps(mark), (a, b)
        for b, other in others.items():
            assert not box.overlaps(other), (a, b)
    for box in others.values():
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1
        assert fig.bbox.y0 <= box.y0 and box.y1 <= fig.bbox.y1


def test_names_stay_near_their_marks_on_the_open_sea():
    """With nothing crowding them, every name is less than a square from its mark."""
    fig = sea_chart(SEA, ships=AT_CITIES)
    names, marks, _, _ = _layout(fig)
    ax = fig.axes[0]
    cell = ax.transData.transform((1, 0))[0] - ax.transData.transform((0, 0))[0]
    for gid, box in names.items():
        mark_gid = gid.replace("label:", "place:")
        mark, _ = marks[mark_gid]
        gap = max(box.x0 - mark.x1, mark.x0 - box.x1, box.y0 - mark.y1, mark.y0 - box.y1)
        assert gap < cell, gid


@pytest.mark.parametrize("options", LAYOUTS[1:4])
def test_each_ship_is_named_on_its_own_square(options):
    """Port Diablo's crowd: a ship's tag sits on its sail, inside its own square; its name
    is in the legend, never on a neighbouring square."""
    fig = sea_chart(sea_graph(), **options)
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    ax = fig.axes[0]
    to_data = ax.transData.inverted()
    legend = [t.get_text() for t in fig.legends[0].get_texts()]
    for name, (r, c) in options["ships"].items():
        (tag,) = _by_gid(fig, f"ship_label:{name}").values()
        box = tag.get_window_extent(renderer)
        (x0, y0), (x1, y1) = to_data.transform([(box.x0, box.y0), (box.x1, box.y1)])
        assert c - 0.5 <= min(x0, x1) and max(x0, x1) <= c + 0.5, name
        assert r - 0.5 <= min(y0, y1) and max(y0, y1) <= r + 0.5, name
        assert f"{tag.get_text()}: {name}" in legend


def test_every_reading_of_the_diagonal_rule_draws():
    start = (0, 0)
    counts = []
    for rule in DIAGONAL_RULES:
        G = sea_graph(diagonal=rule)
        fig = sea_chart(G, highlight=reachable(G, start, 5))
        counts.append(len(_by_gid(fig, "highlight:")))
        assert f"(diagonal rule: {DIAGONAL_NAMES[rule]})" in fig.texts[0].get_text()
    assert counts == [19, 28, 29, 29]


def test_own_sea_from_a_file(corrupt):
    # One more land square in row 1: the chart follows the file.
    sea = load_sea(
        corrupt("dreadpirate_sea.toml", "\n~~~~##~~~~~~~~#~~~~~\n", "\n~~~###~~~~~~~~#~~~~~\n")
    )
    fig = sea_chart(sea)
    assert len(_by_gid(fig, "land")["land"].get_paths()) == 25


@pytest.mark.parametrize(
    "options, message",
    [
        ({"ships": {"Anne": (1, 4)}}, r"ship Anne is on land at \(1, 4\): Ships must stay"),
        ({"ships": {"A": (0, 1), "B": (0, 1)}}, "Two or more ships cannot occupy the same space"),
        ({"ships": {"Anne": (13, 0)}}, r"ship Anne must be a \(row, column\) on the board"),
        ({"highlight": [(0, 20)]}, r"a highlighted square must be .* columns 0 to 19"),
        ({"changed": ["a1"]}, "a changed square must be a"),
        ({"target": (1, 4)}, r"the target \(1, 4\) is land"),
        ({"path": [(0, 0), (-1, 0)]}, "a square of the path must be"),
        ({"highlight": [(True, 0)]}, "got \\(True, 0\\)"),
    ],
)
def test_bad_input_raises(options, message):
    with pytest.raises(IllegalActionError, match=message):
        sea_chart(SEA, **options)


def test_not_a_sea():
    with pytest.raises(IllegalActionError, match="must be a Sea or a graph from sea_graph"):
        sea_chart(np.zeros((3, 3)))


def test_turns_bars_one_series_per_reading():
    start, target = (0, 0), (6, 10)
    turns = {
        rule: turns_to_reach(sea_graph(diagonal=rule), start, target) for rule in DIAGONAL_RULES
    }
    fig = turns_bars(turns, title="Port Diablo to Kraken's Reach")
    ax = fig.axes[0]
    assert ax.get_title() == "Port Diablo to Kraken's Reach" and ax.get_xlabel() == "turns"
    assert [t.get_text() for t in ax.get_legend().get_texts()] == list(DIAGONAL_RULES)
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(k) for k in range(1, 9)]
    heights = [bar.get_height() for bar in ax.containers[2]]  # one_side_water
    assert heights == pytest.approx([float(turns["one_side_water"].get(k, 0)) for k in range(1, 9)])
    # The legend stays clear of every bar.
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    legend = ax.get_legend().get_window_extent(canvas.get_renderer())
    for container in ax.containers:
        for bar in container:
            assert not legend.overlaps(bar.get_window_extent()) or bar.get_height() == 0
    assert turns_bars({"x": {1: 1}}).axes[0].get_title() == "Turns to reach the target"


def test_the_alt_text_says_what_the_chart_draws():
    G = sea_graph()
    reach = reachable(G, (0, 0), 7, occupied=list(CROWDED.values())[1:])
    alt = sea_chart_alt(
        G,
        ships=CROWDED,
        highlight=reach,
        changed=[(5, 9), (6, 10)],
        target=(6, 10),
        path=[(0, 0), (0, 1), (1, 2)],
        highlight_label="reachable with a roll of 7",
        changed_label="not reachable under both sides water",
    )
    assert "(diagonal rule: one side water)" in alt
    assert "Ships: You at Port Diablo; Sea Wolf at row 0, column 1; Black Gull at row 1, " in alt
    assert f"{len(reach)} squares shaded, reachable with a roll of 7." in alt
    assert (
        "2 squares hatched, not reachable under both sides water: row 5, column 9 and "
        "Kraken's Reach." in alt
    )
    assert "Target: Kraken's Reach. A path of 2 steps from Port Diablo to row 1, column 2." in alt
    assert "_" not in alt


def test_the_turns_chart_reads_in_percent_as_the_text_does():
    turns = {"one side water": turns_to_reach(sea_graph(), (0, 0), (6, 10))}
    fig = turns_bars(turns)
    ax = fig.axes[0]
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    assert ax.get_ylabel() == "chance"
    assert [t.get_text() for t in ax.get_yticklabels()][-1] == "100%"
    alt = turns_alt(turns, title="Port Diablo to Kraken's Reach")
    assert alt == (
        "Bar chart, Port Diablo to Kraken's Reach, chance by number of turns. one side water: "
        "mean 2.2 turns; likeliest 2 turns, 73.3%."
    )


def test_ships_can_be_drawn_in_their_band_colours():
    """A game's Pirates have band colours: the chart and its alt text use them."""
    from matplotlib.colors import to_hex

    ships = {"Anne": (0, 0), "Ben": (0, 19), "Cora": (12, 0)}
    colours = {"Anne": "red", "Cora": "blue"}
    fig = sea_chart(SEA, ships=ships, ship_colours=colours)
    drawn = {
        line.get_gid(): to_hex(line.get_markerfacecolor())
        for line in fig.axes[0].get_lines()
        if (line.get_gid() or "").startswith("ship:")
    }
    assert drawn["ship:Anne"] == "#d32f2f" and drawn["ship:Cora"] == "#1565c0"
    assert drawn["ship:Ben"] == "#2e7d32"  # not chosen: the first colour not taken
    alt = sea_chart_alt(SEA, ships=ships, ship_colours=colours)
    assert "Ships: Anne (red Ship) at Port Diablo; Ben at Lost City of Orichal; Cora (blue " in alt
    with pytest.raises(IllegalActionError, match="not a ship here"):
        sea_chart(SEA, ships=ships, ship_colours={"Dan": "green"})
