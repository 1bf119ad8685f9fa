"""Tests for piratelib.draw.blackbeard: the Map shows its spaces, Routes, names and marks."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.colors import to_hex
from matplotlib.path import Path
from matplotlib.transforms import Bbox

from piratelib.blackbeard import board
from piratelib.blackbeard.board import load_map
from piratelib.draw.blackbeard.map import blackbeard_map, blackbeard_map_alt
from piratelib.draw.charts import png
from piratelib.errors import IllegalActionError


@pytest.fixture(scope="module")
def G():
    return load_map()


def _by_gid(fig, prefix):
    """The artists of the map's axes whose gid starts with `prefix`, by gid."""
    found = {}
    for artist in fig.axes[0].get_children():
        gid = artist.get_gid()
        if gid and gid.startswith(prefix):
            found[gid] = artist
    return found


def test_blackbeard_map_draws_each_space_once_in_its_kinds_colour(G):
    fig = blackbeard_map(G)
    spaces = _by_gid(fig, "space:")
    assert len(spaces) == 28
    assert set(spaces) == {f"space:{space}" for space in G}
    colour = {
        kind: {tuple(spaces[f"space:{s}"].get_facecolor()[0]) for s in board.of_kind(G, kind)}
        for kind in board.KINDS
    }
    assert all(len(colours) == 1 for colours in colour.values())  # one colour per kind
    assert len({colours.pop() for colours in colour.values()}) == len(board.KINDS)
    x, y = spaces["space:bath_town"].get_offsets()[0]
    assert (x, y) == G.nodes["bath_town"]["pos"]
    assert fig.axes[0].yaxis_inverted()  # the board's y grows downwards


def test_blackbeard_map_water_routes_are_dotted_and_land_routes_solid(G):
    routes = _by_gid(blackbeard_map(G), "route:")
    water, land = routes["route:water"], routes["route:land"]
    assert isinstance(water, LineCollection) and isinstance(land, LineCollection)
    [(_, water_dashes)] = water.get_linestyle()
    [(_, land_dashes)] = land.get_linestyle()
    assert water_dashes is not None and len(water_dashes) == 2  # dots: short on, gap
    assert water_dashes[0] < water_dashes[1]
    assert land_dashes is None  # solid
    n_water = sum(1 for *_, kinds in G.edges(data="routes") if "water" in kinds)
    n_land = sum(1 for *_, kinds in G.edges(data="routes") if "land" in kinds)
    assert (len(water.get_segments()), len(land.get_segments())) == (n_water, n_land)
    assert water.get_edgecolor()[0][2] > water.get_edgecolor()[0][0]  # blue-ish
    assert land.get_edgecolor()[0][0] > land.get_edgecolor()[0][2]  # brown


def test_blackbeard_map_route_of_both_kinds_draws_two_parallel_lines(G):
    assert G.edges["queen_annes_creek", "bats_grave"]["routes"] == {"water", "land"}
    routes = _by_gid(blackbeard_map(G), "route:")
    ends = np.array([G.nodes["queen_annes_creek"]["pos"], G.nodes["bats_grave"]["pos"]])

    def nearest(collection):
        straight = [seg for seg in collection.get_segments() if len(seg) == 2]
        return min(straight, key=lambda seg: np.abs(seg - ends).sum())

    water, land = nearest(routes["route:water"]), nearest(routes["route:land"])
    assert np.allclose(water.mean(axis=0) + land.mean(axis=0), 2 * ends.mean(axis=0))
    assert 5 < np.linalg.norm(water[0] - land[0]) < 20  # apart, and both still on the route
    assert np.allclose(water[1] - water[0], land[1] - land[0])  # parallel


def test_blackbeard_map_labels_name_every_space_and_add_the_extra_text(G):
    fig = blackbeard_map(G, labels={"bath_town": "2 pawns", "gun_inlet": 1})
    names = {
        gid: text.get_text().replace("\n", " ") for gid, text in _by_gid(fig, "label:").items()
    }
    assert names == {f"label:{space}": name for space, name in G.nodes(data="name")}
    notes = {gid: text.get_text() for gid, text in _by_gid(fig, "note:").items()}
    assert notes == {"note:bath_town": "2 pawns", "note:gun_inlet": "1"}
    assert all(text.get_fontsize() >= 10 for text in fig.axes[0].texts)


def test_blackbeard_map_highlights_only_the_given_spaces(G):
    assert _by_gid(blackbeard_map(G), "highlight:") == {}
    reach = ["roanoke_inlet", "gun_inlet", "currituck_inlet", "cape_hatteras", "gun_inlet"]
    halos = _by_gid(blackbeard_map(G, highlight=reach), "highlight:")
    assert set(halos) == {f"highlight:{space}" for space in reach}
    halo = halos["highlight:gun_inlet"]
    assert tuple(halo.get_offsets()[0]) == G.nodes["gun_inlet"]["pos"]
    space = _by_gid(blackbeard_map(G), "space:gun_inlet")["space:gun_inlet"]
    assert halo.get_sizes()[0] > space.get_sizes()[0]  # a ring around the space
    assert halo.get_linewidths()[0] >= 3


@pytest.mark.parametrize(
    "trail",
    [
        [],
        ["roanoke_island"],
        ["roanoke_island", "roanoke_inlet", "currituck_inlet"],
        ["james_river", "cape_henry", "gun_inlet", "roanoke_island", "albemarle_sound"],
    ],
)
def test_blackbeard_map_trail_draws_one_arrow_per_step(G, trail):
    arrows = _by_gid(blackbeard_map(G, trail=trail), "trail:")
    assert sorted(arrows) == [f"trail:{i}" for i in range(max(len(trail) - 1, 0))]
    for i, (start, end) in enumerate(itertools.pairwise(trail)):
        path = arrows[f"trail:{i}"].get_path()  # the arrow in board coordinates
        points = path.vertices[path.codes != Path.CLOSEPOLY]
        a, b = np.array(G.nodes[start]["pos"]), np.array(G.nodes[end]["pos"])
        along = (points - a) @ (b - a) / np.linalg.norm(b - a)
        tail, tip = points[along.argmin()], points[along.argmax()]
        assert np.linalg.norm(tail - a) < 40 and np.linalg.norm(tip - b) < 40  # start to end


def test_blackbeard_map_draws_pieces_in_the_games_colours(G):
    fig = blackbeard_map(
        G,
        pieces={
            "james_river": ["jane", "Ranger", "Capt Brand"],
            "roanoke_island": "adventure",
            "bath_town": ["Longboat"],
        },
    )
    pieces = _by_gid(fig, "piece:")
    assert set(pieces) == {
        "piece:james_river:jane",
        "piece:james_river:ranger",
        "piece:james_river:brand",
        "piece:roanoke_island:adventure",
        "piece:bath_town:longboat",
    }
    face = {gid: to_hex(line.get_markerfacecolor()) for gid, line in pieces.items()}
    assert face["piece:james_river:jane"] == "#d62828"  # red
    assert face["piece:james_river:ranger"] == "#ffffff"  # white ...
    assert to_hex(pieces["piece:james_river:ranger"].get_markeredgecolor()) == "#000000"
    assert face["piece:roanoke_island:adventure"] == "#000000"
    assert face["piece:bath_town:longboat"] == "#9e9e9e"  # a piece the Map does not know: grey
    legend = [text.get_text() for text in fig.legends[0].get_texts()]
    assert legend[-5:] == ["Jane", "Ranger", "Capt Brand", "Adventure", "Longboat"]


@pytest.mark.parametrize(
    "options",
    [
        {"highlight": ["bath_town", "atlantis"]},
        {"labels": {"atlantis": "2"}},
        {"trail": ["bath_town", "atlantis"]},
        {"pieces": {"atlantis": ["jane"]}},
    ],
)
def test_blackbeard_map_unknown_space_raises(G, options):
    with pytest.raises(IllegalActionError, match="unknown space 'atlantis'"):
        blackbeard_map(G, **options)


def test_blackbeard_map_text_never_covers_other_text_a_space_or_a_piece(G):
    """With a tag on every space and pieces everywhere, no name or tag covers another, a
    space, a piece, a legend or the title, and all of them stay inside the picture."""
    fig = blackbeard_map(
        G,
        labels={space: "3 pawns" for space in G},
        highlight=list(G),
        trail=["roanoke_island", "roanoke_inlet", "currituck_inlet"],
        pieces={space: ["jane", "ranger", "brand"] for space in G},
    )
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    ax = fig.axes[0]
    texts = {**_by_gid(fig, "label:"), **_by_gid(fig, "note:")}
    boxes = {gid: text.get_bbox_patch().get_window_extent(renderer) for gid, text in texts.items()}
    assert len(boxes) == 2 * 28
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)
    marks = {}
    for gid, space in _by_gid(fig, "space:").items():
        centre = ax.transData.transform(space.get_offsets()[0])
        half = np.sqrt(space.get_sizes()[0]) / 2 * fig.dpi / 72
        marks[gid] = Bbox([centre - half, centre + half])
    for gid, piece in _by_gid(fig, "piece:").items():
        centre = piece.get_transform().transform(np.column_stack(piece.get_data()))[0]
        half = piece.get_markersize() / 2 * fig.dpi / 72
        marks[gid] = Bbox([centre - half, centre + half])
    assert len(marks) == 28 + 3 * 28
    for legend in [*fig.legends, ax.get_legend(), ax.title]:
        marks[str(legend)] = legend.get_window_extent(renderer)
    for a, box in boxes.items():
        assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1, a
        assert fig.bbox.y0 <= box.y0 and box.y1 <= fig.bbox.y1, a
        for b, mark in marks.items():
            assert not box.overlaps(mark), (a, b)


def test_blackbeard_map_png_is_an_image(G):
    fig = blackbeard_map(G, highlight=["bath_town"], trail=["bath_town", "neuse_river"])
    assert png(fig)[:8] == b"\x89PNG\r\n\x1a\n"
    assert fig.get_size_inches() == pytest.approx((12, 7.75))
    assert fig.axes[0].get_title() == "Hunt for Blackbeard: the Map"
    assert blackbeard_map(G, title="").axes[0].get_title() == ""


def _distance_to_polyline(point, line):
    """The shortest distance from `point` to the polyline `line` (an n x 2 array)."""
    best = np.inf
    for a, b in itertools.pairwise(line):
        t = np.clip(np.dot(point - a, b - a) / max(np.dot(b - a, b - a), 1e-9), 0, 1)
        best = min(best, np.hypot(*(a + t * (b - a) - point)))
    return best


def test_blackbeard_map_no_route_runs_through_a_space_it_does_not_link(G):
    """The straight Water Route from Queen Anne's Creek to Albemarle Sound would run
    through Bats Grave and read as two Routes via Bats Grave: it is drawn bowed."""
    routes = _by_gid(blackbeard_map(G), "route:")
    pos = {space: np.asarray(xy, dtype=float) for space, xy in G.nodes(data="pos")}
    for collection in routes.values():
        for line in collection.get_segments():
            ends = {min(pos, key=lambda s: np.hypot(*(pos[s] - end))) for end in line[[0, -1]]}
            for space in set(G) - ends:
                assert _distance_to_polyline(pos[space], line) > 20, (ends, space)
    bowed = [
        line
        for line in routes["route:water"].get_segments()
        if len(line) > 2 and np.allclose(line[0], pos["queen_annes_creek"])
    ]
    assert len(bowed) == 1 and np.allclose(bowed[0][-1], pos["albemarle_sound"])


def test_roll_odds_grid_draws_roll_odds_and_its_alt_says_the_same_numbers():
    from piratelib.blackbeard.encounter import roll_odds
    from piratelib.draw.blackbeard.encounter import roll_odds_grid, roll_odds_grid_alt
    from piratelib.words import percent

    texts = [t.get_text() for t in roll_odds_grid(warned=True).axes[0].texts]
    assert len(texts) == 49 and texts[7 * 2 + 3] == f"{float(roll_odds(3, 2, warned=True)):.0%}"
    alt = roll_odds_grid_alt(warned=True)
    assert "ties go to Blackbeard, who is Warned" in alt
    assert f"{percent(roll_odds(6, 6, warned=True))} (6 against 6)" in alt


def test_blackbeard_map_draws_the_sloops_as_jane_and_ranger(G):
    """The movement rules' "sloops" are two pieces: the legend names them, never "sloops"."""
    fig = blackbeard_map(G, pieces={"james_river": ["sloops"]})
    assert set(_by_gid(fig, "piece:")) == {"piece:james_river:jane", "piece:james_river:ranger"}
    legend = [text.get_text() for text in fig.legends[0].get_texts()]
    assert legend[-2:] == ["Jane", "Ranger"] and "sloops" not in legend
    alt = blackbeard_map_alt(G, pieces={"james_river": ["sloops"]})
    assert alt.endswith("Jane and Ranger at James River.")
