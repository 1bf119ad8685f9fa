"""Tests for piratelib.draw: the pictures show the exact numbers and places they were given."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.collections import LineCollection
from matplotlib.colors import to_hex
from matplotlib.path import Path
from matplotlib.transforms import Bbox

from piratelib import dice, draw
from piratelib.blackbeard import board
from piratelib.blackbeard.board import load_map
from piratelib.errors import IllegalActionError


def test_distribution_bars_heights_are_the_probabilities():
    fig = draw.distribution_bars(
        {"none": dice.highest_die(0), "two": dice.highest_die(2)},
        title="t",
        xlabel="x",
        outcome_names={0: "no dice"},
    )
    ax = fig.axes[0]
    labels = [tick.get_text() for tick in ax.get_xticklabels()]
    assert labels == ["no dice", "1", "2", "3", "4", "5", "6"]
    none_bars, two_bars = ax.containers
    assert [bar.get_height() for bar in none_bars] == [1, 0, 0, 0, 0, 0, 0]
    assert [bar.get_height() for bar in two_bars] == pytest.approx(
        [0] + [float(p) for p in dice.highest_die(2).values()]
    )


def test_png_is_an_image():
    fig = draw.distribution_bars({"d6": dice.die()}, title="one die", xlabel="face")
    assert draw.png(fig)[:8] == b"\x89PNG\r\n\x1a\n"


# --- the Hunt for Blackbeard Map -------------------------------------------------------------


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
    fig = draw.blackbeard_map(G)
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
    routes = _by_gid(draw.blackbeard_map(G), "route:")
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
    routes = _by_gid(draw.blackbeard_map(G), "route:")
    ends = np.array([G.nodes["queen_annes_creek"]["pos"], G.nodes["bats_grave"]["pos"]])

    def nearest(collection):
        return min(collection.get_segments(), key=lambda seg: np.abs(seg - ends).sum())

    water, land = nearest(routes["route:water"]), nearest(routes["route:land"])
    assert np.allclose(water.mean(axis=0) + land.mean(axis=0), 2 * ends.mean(axis=0))
    assert 5 < np.linalg.norm(water[0] - land[0]) < 20  # apart, and both still on the route
    assert np.allclose(water[1] - water[0], land[1] - land[0])  # parallel


def test_blackbeard_map_labels_name_every_space_and_add_the_extra_text(G):
    fig = draw.blackbeard_map(G, labels={"bath_town": "2 pawns", "gun_inlet": 1})
    names = {
        gid: text.get_text().replace("\n", " ") for gid, text in _by_gid(fig, "label:").items()
    }
    assert names == {f"label:{space}": name for space, name in G.nodes(data="name")}
    notes = {gid: text.get_text() for gid, text in _by_gid(fig, "note:").items()}
    assert notes == {"note:bath_town": "2 pawns", "note:gun_inlet": "1"}
    assert all(text.get_fontsize() >= 10 for text in fig.axes[0].texts)


def test_blackbeard_map_highlights_only_the_given_spaces(G):
    assert _by_gid(draw.blackbeard_map(G), "highlight:") == {}
    reach = ["roanoke_inlet", "gun_inlet", "currituck_inlet", "cape_hatteras", "gun_inlet"]
    halos = _by_gid(draw.blackbeard_map(G, highlight=reach), "highlight:")
    assert set(halos) == {f"highlight:{space}" for space in reach}
    halo = halos["highlight:gun_inlet"]
    assert tuple(halo.get_offsets()[0]) == G.nodes["gun_inlet"]["pos"]
    space = _by_gid(draw.blackbeard_map(G), "space:gun_inlet")["space:gun_inlet"]
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
    arrows = _by_gid(draw.blackbeard_map(G, trail=trail), "trail:")
    assert sorted(arrows) == [f"trail:{i}" for i in range(max(len(trail) - 1, 0))]
    for i, (start, end) in enumerate(itertools.pairwise(trail)):
        path = arrows[f"trail:{i}"].get_path()  # the arrow in board coordinates
        points = path.vertices[path.codes != Path.CLOSEPOLY]
        a, b = np.array(G.nodes[start]["pos"]), np.array(G.nodes[end]["pos"])
        along = (points - a) @ (b - a) / np.linalg.norm(b - a)
        tail, tip = points[along.argmin()], points[along.argmax()]
        assert np.linalg.norm(tail - a) < 40 and np.linalg.norm(tip - b) < 40  # start to end


def test_blackbeard_map_draws_pieces_in_the_games_colours(G):
    fig = draw.blackbeard_map(
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
        draw.blackbeard_map(G, **options)


def test_blackbeard_map_text_never_covers_other_text_a_space_or_a_piece(G):
    """With a tag on every space and pieces everywhere, no name or tag covers another, a
    space, a piece, a legend or the title, and all of them stay inside the picture."""
    fig = draw.blackbeard_map(
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
    fig = draw.blackbeard_map(G, highlight=["bath_town"], trail=["bath_town", "neuse_river"])
    assert draw.png(fig)[:8] == b"\x89PNG\r\n\x1a\n"
    assert fig.get_size_inches() == pytest.approx((12, 7.75))
    assert fig.axes[0].get_title() == "Hunt for Blackbeard: the Map"
    assert draw.blackbeard_map(G, title="").axes[0].get_title() == ""


# --- Blackbeard's mat ------------------------------------------------------------------------


def _mat_gids(fig, prefix):
    return sorted(
        str(a.get_gid()) for a in fig.axes[0].get_children() if str(a.get_gid()).startswith(prefix)
    )


def test_blackbeard_mat_draws_one_artist_per_cube_and_pawn():
    from piratelib.blackbeard.piracy import Mat, plan_piracy

    mat = Mat(
        purse=4,
        spare_gold=15,
        acts_of_piracy=("raid_delaware", "careen_sloop"),
        pirates_life=("banyan_for_vane", "buy_rum"),
        cubes=(("raid_delaware", 2), ("banyan_for_vane", 1)),
        spare_black=13,
    )
    mat = plan_piracy(plan_piracy(mat, "raid_delaware", 2), "banyan_for_vane", 2)
    fig = draw.blackbeard_mat(mat, title="t")
    assert len(_mat_gids(fig, "cube:")) == sum(n for _, n in mat.cubes) == 3
    assert len(_mat_gids(fig, "pawn:")) == mat.pawns_used == 4
    # Pawns stand on the open squares after the cubes.
    assert _mat_gids(fig, "pawn:raid_delaware") == ["pawn:raid_delaware:2", "pawn:raid_delaware:3"]
    assert _mat_gids(fig, "tile:") == sorted(f"tile:{t}" for t in mat.drawn())
    texts = {a.get_gid(): a.get_text() for a in fig.axes[0].texts if a.get_gid()}
    assert texts["row:acts_of_piracy"].startswith("Acts of Piracy: 2 / 7 squares")
    assert texts["row:pirates_life"].startswith("Pirate's Life: 1 / 5 squares")
    assert texts["purse"] == "Purse: 4 gold"
    assert draw.png(fig)[:8] == b"\x89PNG\r\n\x1a\n"


def test_blackbeard_mat_row_totals_say_whether_half_is_reached():
    from piratelib.blackbeard.piracy import Mat

    mat = Mat(
        acts_of_piracy=("raid_delaware",),
        pirates_life=("buy_rum", "hire_doctor", "banyan_for_vane", "fete_tobias_knight"),
        cubes=(("raid_delaware", 4), ("buy_rum", 2), ("hire_doctor", 3)),
    )
    fig = draw.blackbeard_mat(mat)
    texts = {a.get_gid(): a.get_text() for a in fig.axes[0].texts if a.get_gid()}
    assert "4 / 4 squares — more than half" in texts["row:acts_of_piracy"]
    assert "5 / 10 squares — exactly half" in texts["row:pirates_life"]
    assert len(_mat_gids(fig, "cube:")) == 9 and not _mat_gids(fig, "pawn:")


def test_blackbeard_mat_text_stays_inside_the_figure():
    from piratelib.blackbeard.piracy import Mat

    mat = Mat(
        acts_of_piracy=("raid_delaware", "raid_charles_town", "divvy_with_eden", "take_on_stores"),
        pirates_life=("seek_pardon", "sell_cargo", "hire_doctor", "crew_to_ordinary"),
        taken_loot=(1, 2, 3),
        defenses=(("lookouts", 1), ("philip_morton", 2)),
    )
    fig = draw.blackbeard_mat(mat)
    renderer = FigureCanvasAgg(fig).get_renderer()
    frame = Bbox.from_bounds(0, 0, *fig.bbox.size)
    for text in fig.axes[0].texts:
        box = text.get_window_extent(renderer)
        assert frame.contains(box.x0, box.y0) and frame.contains(box.x1, box.y1), text.get_text()
