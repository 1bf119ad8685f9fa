"""Tests for piratelib.draw.blackbeard.map_svg: the Map and a side's Map as SVG text."""

from __future__ import annotations

import ast
import itertools
import math
import re
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from piratelib.blackbeard.board import load_map
from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
from piratelib.blackbeard.game.state import slots
from piratelib.draw.blackbeard import map_svg as module
from piratelib.draw.blackbeard.map_style import (
    BLOCK_STYLE,
    BOARD_MARGIN,
    BOARD_SIZE,
    NOTE,
    UNKNOWN_TEXT,
    text_width,
)
from piratelib.draw.blackbeard.map_svg import WIDTH, map_svg, side_map_svg
from piratelib.draw.blackbeard.marks import blackbeard_map_alt
from piratelib.draw.blackbeard.view import side_map_alt
from piratelib.errors import IllegalActionError, PiratelibError

SVG = "{http://www.w3.org/2000/svg}"
EVERYWHERE = {
    "labels": {space: "3 pawns" for space in load_map()},
    "highlight": list(load_map()),
    "trail": ["roanoke_island", "roanoke_inlet", "currituck_inlet"],
    "pieces": {space: ["jane", "ranger", "brand"] for space in load_map()},
}
"""Marks on every space: the most crowded Map the apps can ask for."""


@pytest.fixture(scope="module")
def G():
    return load_map()


def _gids(picture, prefix):
    """The elements of `picture` (SVG text) whose data-gid starts with `prefix`, by gid."""
    root = ET.fromstring(picture)
    return {
        el.get("data-gid"): el
        for el in root.iter()
        if (el.get("data-gid") or "").startswith(prefix)
    }


def _where(element):
    """The point an element is moved to by its ``translate(x,y)``."""
    x, y = re.fullmatch(r"translate\(([-\d.]+),([-\d.]+)\)", element.get("transform")).groups()
    return float(x), float(y)


def _boxes(element):
    """The boxes (left, top, right, bottom) of the text in `element`, from DejaVu's widths."""
    boxes = []
    for text in element.iter(f"{SVG}text"):
        size, x, y = (float(text.get(key)) for key in ("font-size", "x", "y"))
        width = text_width(text.text, size, bold=text.get("font-weight") == "bold")
        left = {"start": x, "middle": x - width / 2, "end": x - width}[
            text.get("text-anchor") or "start"
        ]
        boxes.append((left, y - 0.78 * size, left + width, y + 0.24 * size))
    return boxes


def _overlap(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_map_is_one_svg_picture_named_by_its_alt_text(G):
    marks = {"highlight": ["bath_town"], "labels": {"bath_town": 2}, "title": "Bath & more"}
    picture = map_svg(G, **marks)
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.get("width") == str(WIDTH) == "900" and root.get("class") == "piratelib-map"
    alt = blackbeard_map_alt(G, **marks)
    assert root.get("aria-label") == alt and root.find(f"{SVG}title").text == alt
    assert map_svg(G, css="other").count("class='other'") == 1


def test_every_space_route_and_name_is_drawn_once_where_the_map_puts_it(G):
    picture = map_svg(G)
    spaces = _gids(picture, "space:")
    assert set(spaces) == {f"space:{space}" for space in G}
    scale = WIDTH / (BOARD_SIZE[0] + 2 * BOARD_MARGIN[0])
    (ax, ay), (bx, by) = G.nodes["bath_town"]["pos"], G.nodes["cape_henry"]["pos"]
    (px, py), (qx, qy) = _where(spaces["space:bath_town"]), _where(spaces["space:cape_henry"])
    assert (qx - px, qy - py) == pytest.approx(((bx - ax) * scale, (by - ay) * scale), abs=0.2)
    names = _gids(picture, "label:")
    shown = {gid: " ".join(t.text for t in el.iter(f"{SVG}text")) for gid, el in names.items()}
    assert shown == {f"label:{space}": name for space, name in G.nodes(data="name")}
    routes = _gids(picture, "route:")
    n_water = sum(1 for *_, kinds in G.edges(data="routes") if "water" in kinds)
    assert len(list(routes["route:water"].iter(f"{SVG}path"))) == n_water
    dashes = {kind: routes[f"route:{kind}"].get("stroke-dasharray") for kind in ("water", "land")}
    assert dashes["water"] and not dashes["land"]  # Water Routes dotted, Land Routes solid
    oceans = {f"compass:{space}" for space, kind in G.nodes(data="kind") if kind == "ocean"}
    assert set(_gids(picture, "compass:")) == oceans


def test_marks_appear_on_their_spaces(G):
    picture = map_svg(
        G,
        highlight=["gun_inlet", "gun_inlet", "roanoke_inlet"],
        labels={"gun_inlet": "1 pawn"},
        trail=["roanoke_island", "roanoke_inlet", "currituck_inlet"],
        pieces={"james_river": ["jane", "Capt Brand"], "bath_town": ["Longboat"]},
    )
    spaces = _gids(picture, "space:")
    halos = _gids(picture, "highlight:")
    assert set(halos) == {"highlight:gun_inlet", "highlight:roanoke_inlet"}
    assert _where(halos["highlight:gun_inlet"]) == _where(spaces["space:gun_inlet"])
    note = _gids(picture, "note:")["note:gun_inlet"]
    assert [t.text for t in note.iter(f"{SVG}text")] == ["1 pawn"]
    name = _boxes(_gids(picture, "label:gun_inlet")["label:gun_inlet"])[0]
    tag = _boxes(note)[0]
    assert tag[1] > name[3] and abs((tag[0] + tag[2]) - (name[0] + name[2])) < 2  # just under
    pieces = _gids(picture, "piece:")
    assert set(pieces) == {
        "piece:james_river:jane",
        "piece:james_river:brand",
        "piece:bath_town:longboat",
    }
    for gid, piece in pieces.items():
        space = spaces[f"space:{gid.split(':')[1]}"]
        assert 10 < math.dist(_where(piece), _where(space)) < 60  # beside its space
    fills = [p.get("fill") for p in pieces["piece:james_river:jane"].iter(f"{SVG}polygon")]
    assert "#d62828" in fills  # Jane is red
    assert "#9e9e9e" in picture  # a piece the Map does not know is grey
    arrows = _gids(picture, "trail:")
    assert sorted(arrows) == ["trail:0", "trail:1"]
    legend = [t.text for t in _gids(picture, "legend:marks")["legend:marks"].iter(f"{SVG}text")]
    assert legend == [
        "Water Route (Sloops)",
        "Land Route (Capt Brand)",
        "highlighted",
        "trail",
        "Jane",
        "Capt Brand",
        "Longboat",
    ]


def test_a_trail_arrow_runs_from_one_space_to_the_next(G):
    picture = map_svg(G, trail=["james_river", "cape_henry"])
    spaces = _gids(picture, "space:")
    (line, *_) = _gids(picture, "trail:0")["trail:0"].iter(f"{SVG}path")
    start, end = (tuple(map(float, p.split(","))) for p in line.get("d")[1:].split(" L"))
    assert math.dist(start, _where(spaces["space:james_river"])) < 20
    assert math.dist(end, _where(spaces["space:cape_henry"])) < 30


@pytest.mark.parametrize(
    "marks",
    [
        {"highlight": ["bath_town", "atlantis"]},
        {"labels": {"atlantis": "2"}},
        {"trail": ["bath_town", "atlantis"]},
        {"pieces": {"atlantis": ["jane"]}},
    ],
)
def test_an_unknown_space_is_refused(G, marks):
    with pytest.raises(IllegalActionError, match="unknown space 'atlantis'"):
        map_svg(G, **marks)


def test_bad_input_is_refused_with_what_is_allowed(G):
    import networkx as nx

    with pytest.raises(PiratelibError, match="G must be the Hunt for Blackbeard Map"):
        map_svg(nx.path_graph(3))
    with pytest.raises(PiratelibError, match="labels must be a mapping"):
        map_svg(G, labels="bath_town")
    with pytest.raises(PiratelibError, match="title must be text"):
        map_svg(G, title=3)
    with pytest.raises(PiratelibError, match="view must be an Observation"):
        side_map_svg("hunters")


def test_text_is_readable_and_nothing_covers_a_name_a_tag_a_space_or_a_piece(G):
    """With a tag and three pieces on every space, no name or tag covers another, a space,
    a piece, a legend or the title, all inside the picture, and all text is >= 12 px."""
    picture = map_svg(G, **EVERYWHERE)
    root = ET.fromstring(picture)
    assert min(float(t.get("font-size")) for t in root.iter(f"{SVG}text")) >= 12
    texts = {
        gid: box
        for prefix in ("label:", "note:")
        for gid, el in _gids(picture, prefix).items()
        for box in [_joined(_boxes(el))]
    }
    assert len(texts) == 2 * 28
    for (a, box_a), (b, box_b) in itertools.combinations(texts.items(), 2):
        assert not _overlap(box_a, box_b), (a, b)
    marks = {}
    for prefix, half in (("space:", 10), ("piece:", 7.5)):
        for gid, el in _gids(picture, prefix).items():
            x, y = _where(el)
            marks[gid] = (x - half, y - half, x + half, y + half)
    for gid in ("legend:spaces", "legend:marks"):
        el = _gids(picture, gid)[gid]
        frame = el.find(f"{SVG}rect")
        marks[gid] = (
            _joined(_boxes(el))
            if frame is None
            else tuple(
                float(frame.get(k)) + (float(frame.get(d)) if d else 0)
                for k, d in (("x", ""), ("y", ""), ("x", "width"), ("y", "height"))
            )
        )
    width, height = float(root.get("width")), float(root.get("height"))
    for a, box in texts.items():
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height, a
        for b, mark in marks.items():
            assert not _overlap(box, mark), (a, b)


def _joined(boxes):
    """The box around `boxes`."""
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def test_the_unchanging_map_is_drawn_once_and_kept(G):
    map_svg(G)
    before = module._base.cache_info()
    map_svg(G, highlight=["bath_town"])
    after = module._base.cache_info()
    assert after.hits == before.hits + 1 and after.misses == before.misses


def test_the_svg_modules_import_no_matplotlib_nor_numpy():
    folder = Path(module.__file__).parent
    for name in ("map_svg.py", "map_style.py", "view.py"):
        tree = ast.parse((folder / name).read_text())
        imported = {
            alias.name.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {
            node.module.split(".")[0]
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
        }
        assert not imported & {"matplotlib", "numpy"}, name


def test_text_colours_read_on_their_background():
    def luminance(colour):
        rgb = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]

    def contrast(a, b):
        high, low = sorted((luminance(a), luminance(b)), reverse=True)
        return (high + 0.05) / (low + 0.05)

    assert contrast(UNKNOWN_TEXT, BLOCK_STYLE["unknown"][0]) >= 4.5  # the "?" on a block
    assert contrast("#000000", NOTE.face) >= 4.5  # a note in its tag


def _camp_and_surveil():
    """Blackbeard's Camp at Nots Island and a Surveil marker on a block face up."""
    from piratelib.blackbeard.game import Interview, Surveil, legal_actions

    state = apply(new_game(seed=1), SetCamp("nots_island"))
    interview = next(
        a
        for a in legal_actions(state)
        if isinstance(a, Interview) and a.informant == state.informants[0]
    )
    state = apply(state, interview)
    return apply(state, Surveil(interview.space)), interview.space


def test_each_side_sees_every_block_slot_once_and_its_own_alt_text():
    state, surveilled = _camp_and_surveil()
    for side in ("blackbeard", "hunters"):
        view = observation(state, side)
        picture = side_map_svg(view)
        root = ET.fromstring(picture)
        assert set(_gids(picture, "block:")) == {f"block:{space}" for space in slots()}
        assert root.get("aria-label") == side_map_alt(view)
        assert root.get("class") == f"piratelib-map-{side}"
    mine = _gids(side_map_svg(observation(state, "blackbeard")), "block:")
    fills = [el.get("fill") for el in mine["block:nots_island"].iter(f"{SVG}rect")]
    fills += [el.get("fill") for el in mine["block:nots_island"].iter(f"{SVG}polygon")]
    assert "#111111" in fills  # Adventure at Camp, which only Blackbeard sees
    theirs = side_map_svg(observation(state, "hunters"))
    unknown = _gids(theirs, "unknown:")
    assert "unknown:nots_island" in unknown and f"unknown:{surveilled}" not in unknown
    assert len(unknown) == 23 and f"highlight:{surveilled}" in _gids(theirs, "highlight:")
    assert "?: unknown to the Hunters" in theirs
    assert "?: unknown" not in side_map_svg(observation(state, "blackbeard"))


def test_shading_by_chance_is_darker_for_likelier_and_has_a_bar_in_percent():
    from piratelib.blackbeard.deduce import chances

    state, _ = _camp_and_surveil()
    view = observation(state, "hunters")
    odds = {**chances(view)}
    low, high = sorted(odds)[:2]
    odds[low], odds[high] = odds[low] / 2, odds[high] + odds[low] / 2  # two different chances
    picture = side_map_svg(view, chances=odds)
    discs = _gids(picture, "chance:")
    assert set(discs) == {f"chance:{space}" for space, p in odds.items() if p > 0}

    def darkness(space):
        colour = discs[f"chance:{space}"].find(f"{SVG}circle").get("fill")
        return -sum(int(colour[i : i + 2], 16) for i in (1, 3, 5))

    assert darkness(high) > darkness(low)
    bar = [t.text for t in _gids(picture, "chance-bar")["chance-bar"].iter(f"{SVG}text")]
    assert bar[0].startswith("Chance Adventure is here (darker = likelier)")
    assert all(words.endswith("%") for words in bar[1:]) and len(bar) == 4
    assert ET.fromstring(picture).get("aria-label") == side_map_alt(view, chances=odds)


def test_no_chances_or_zero_chances_draw_the_plain_side_map():
    view = observation(_camp_and_surveil()[0], "hunters")
    plain = side_map_svg(view)
    assert side_map_svg(view, chances=None) == plain == side_map_svg(view)
    assert side_map_svg(view, chances={"bath_town": Fraction(0)}) == plain
    assert "chance:" not in plain
    with pytest.raises(IllegalActionError, match="unknown space 'atlantis'"):
        side_map_svg(view, chances={"atlantis": Fraction(1)})


def test_a_moment_and_a_title_name_the_side_map():
    view = observation(new_game(seed=1), "hunters")
    picture = side_map_svg(view, moment="Turn 1, step 2, A. Draw Tiles")
    assert "The Hunters' view: Turn 1, step 2, A. Draw Tiles" in picture.replace("&#x27;", "'")
    assert (
        ET.fromstring(picture)
        .get("aria-label")
        .startswith("The Hunters' view of the Map, Turn 1, step 2, A. Draw Tiles.")
    )
    assert ">My title<" in side_map_svg(view, title="My title")
