"""Tests for piratelib.draw.blackflag: the table and score board show what the rules say."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.transforms import Bbox

from piratelib.blackflag.table import targets_in_range
from piratelib.draw import png
from piratelib.draw.blackflag.alt import seating_alt
from piratelib.draw.blackflag.scores import score_board
from piratelib.draw.blackflag.scores_svg import score_board_svg
from piratelib.draw.blackflag.table import seating_circle
from piratelib.draw.blackflag.table_svg import seating_svg
from piratelib.errors import IllegalActionError

NAMES = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank", "Gina", "Hugo"]
SIX = NAMES[:6]  # the rulebook's table, clockwise


def _by_gid(fig, prefix):
    """The artists of the picture's axes whose gid starts with `prefix`, by gid."""
    return {
        str(a.get_gid()): a
        for a in fig.axes[0].get_children()
        if str(a.get_gid()).startswith(prefix)
    }


def _texts(fig, prefix):
    return {gid: text.get_text() for gid, text in _by_gid(fig, prefix).items()}


# --- the seating circle ----------------------------------------------------------------------

TABLES = [
    # (seats, ships, sails, telescopes, ranges)
    (SIX, SIX, [], [], dict.fromkeys(SIX, 1)),
    (SIX, SIX, ["Andrew"], [], dict.fromkeys(SIX, 1)),
    (SIX, SIX, [], ["Andrew"], {"Andrew": 2, "Daniel": 1}),
    (SIX, set(SIX) - {"Barbara"}, [], [], dict.fromkeys(SIX, 1)),
    (NAMES[:4], NAMES[:4], ["Cody"], ["Andrew"], dict.fromkeys(NAMES[:4], 2)),
    (NAMES[:7], set(NAMES[:7]) - {"Cody", "Gina"}, NAMES[:3], NAMES[2:5], {"Emma": 4}),
    (NAMES, NAMES, NAMES, NAMES, dict.fromkeys(NAMES, 3)),
    (NAMES, NAMES[::2], [], [], dict(zip(NAMES, [1, 2, 3, 4, 1, 2, 3, 4], strict=True))),
]


def _pairs(seats, ships, sails, telescopes, ranges, attacker=None):
    """Every (attacker, target) pair the table module allows, independently of the picture."""
    shooters = [attacker] if attacker else [p for p in seats if p in ranges and p in ships]
    return {
        (a, b)
        for a in shooters
        for b in targets_in_range(
            seats, ships, a, ship_range=ranges[a], sails=sails, telescopes=telescopes
        )
    }


@pytest.mark.parametrize("seats, ships, sails, telescopes, ranges", TABLES)
def test_one_arrow_per_attacker_and_target(seats, ships, sails, telescopes, ranges):
    fig = seating_circle(seats, ships, sails=sails, telescopes=telescopes, ranges=ranges)
    arrows = {tuple(gid.split(":")[1:]) for gid in _by_gid(fig, "arrow:")}
    assert arrows == _pairs(seats, ships, sails, telescopes, ranges)
    assert len(_by_gid(fig, "arrow:")) == len(arrows)


@pytest.mark.parametrize("seats, ships, sails, telescopes, ranges", TABLES)
def test_an_attacker_gets_only_their_own_arrows_highlighted(
    seats, ships, sails, telescopes, ranges
):
    attacker = next(p for p in seats if p in ranges and p in ships)
    fig = seating_circle(
        seats, ships, sails=sails, telescopes=telescopes, ranges=ranges, attacker=attacker
    )
    arrows = _by_gid(fig, "arrow:")
    assert {tuple(gid.split(":")[1:]) for gid in arrows} == _pairs(
        seats, ships, sails, telescopes, ranges, attacker
    )
    assert {to_hex(arrow.get_edgecolor()) for arrow in arrows.values()} <= {"#c62828"}
    assert set(_by_gid(fig, "halo:")) == {f"halo:{attacker}"}


def _svg_marks(picture, prefixes):
    """The SVG's marks whose data-gid starts with one of `prefixes`: {gid: their lines}."""
    root = ET.fromstring(picture)
    return {
        el.get("data-gid"): "\n".join(t.text for t in el.iter(f"{SVG}text"))
        for el in root.iter()
        if (el.get("data-gid") or "").startswith(prefixes)
    }


SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("seats, ships, sails, telescopes, ranges", TABLES)
@pytest.mark.parametrize("who", [None, "first"])
def test_the_apps_svg_draws_what_the_matplotlib_picture_draws(
    seats, ships, sails, telescopes, ranges, who
):
    """One table, two drawings: the same arrows, rings, players, names and tags, the same
    words, and the alt text as the SVG's accessible name."""
    attacker = next(p for p in seats if p in ranges and p in ships) if who else None
    options = {"sails": sails, "telescopes": telescopes, "ranges": ranges, "attacker": attacker}
    fig = seating_circle(seats, ships, **options)
    picture = seating_svg(seats, ships, **options)
    shapes = ("arrow:", "halo:", "player:", "table")
    assert set(_svg_marks(picture, shapes)) == set(_by_gid(fig, shapes))
    words = ("label:", "tag:")
    assert _svg_marks(picture, words) == {**_texts(fig, "label:"), **_texts(fig, "tag:")}
    caption = next(t for t in fig.texts if t.get_gid() == "caption").get_text()
    assert _svg_marks(picture, ("caption", "title")) == {
        "caption": caption,
        "title": fig.texts[0].get_text(),
    }
    assert ET.fromstring(picture).get("aria-label") == seating_alt(seats, ships, **options)


def test_the_rulebook_examples_drawn():
    # "Andrew has a Sails card in play. Now Barbara must have a Range value of at least 2
    # in order to hit him. Andrew ... can hit Barbara with a Range of 1."
    sails = {"sails": ["Andrew"]}
    fig = seating_circle(SIX, SIX, ranges={"Barbara": 1}, attacker="Barbara", **sails)
    assert set(_by_gid(fig, "arrow:")) == {"arrow:Barbara:Cody"}
    assert _texts(fig, "label:Andrew") == {"label:Andrew": "Andrew\ndistance 2"}
    fig = seating_circle(SIX, SIX, ranges={"Barbara": 2}, attacker="Barbara", **sails)
    assert "arrow:Barbara:Andrew" in _by_gid(fig, "arrow:")
    fig = seating_circle(SIX, SIX, ranges={"Andrew": 1}, attacker="Andrew", **sails)
    assert set(_by_gid(fig, "arrow:")) == {"arrow:Andrew:Barbara", "arrow:Andrew:Frank"}
    # "Andrew has a Telescope card in play ... His Ship, which has a Range of 2, can now
    # hit Daniel."
    fig = seating_circle(SIX, SIX, ranges={"Andrew": 2}, attacker="Andrew")
    assert "arrow:Andrew:Daniel" not in _by_gid(fig, "arrow:")
    fig = seating_circle(SIX, SIX, ranges={"Andrew": 2}, attacker="Andrew", telescopes=["Andrew"])
    assert "arrow:Andrew:Daniel" in _by_gid(fig, "arrow:")
    labels = _texts(fig, "label:")
    assert labels["label:Andrew"] == "Andrew\nRange 2 + 1"
    assert labels["label:Daniel"] == "Daniel\ndistance 3"  # "the distance remains unchanged"


def test_no_ranges_no_arrows():
    fig = seating_circle(SIX, SIX, sails=["Andrew"], telescopes=["Andrew"])
    assert _by_gid(fig, "arrow:") == {}
    assert _texts(fig, "label:")["label:Andrew"] == "Andrew"
    assert fig.texts[0].get_text() == "Black Flag!: the table"


def test_seats_run_clockwise_from_the_top():
    fig = seating_circle(NAMES[:4], NAMES[:4])
    players = _by_gid(fig, "player:")
    xy = {gid: np.array(line.get_xydata()[0]) for gid, line in players.items()}
    assert xy["player:Andrew"] == pytest.approx((0, 1))
    assert xy["player:Barbara"] == pytest.approx((1, 0))  # clockwise: right, then down
    assert xy["player:Cody"] == pytest.approx((0, -1))
    assert xy["player:Daniel"] == pytest.approx((-1, 0))


def test_shipless_players_are_hollow_and_say_so():
    ships = set(SIX) - {"Barbara"}
    fig = seating_circle(SIX, ships, ranges=dict.fromkeys(SIX, 1), telescopes=["Barbara"])
    players = _by_gid(fig, "player:")
    assert to_hex(players["player:Barbara"].get_markerfacecolor()) == "#ffffff"
    assert to_hex(players["player:Andrew"].get_markerfacecolor()) != "#ffffff"
    labels = _texts(fig, "label:")
    assert labels["label:Barbara"] == "Barbara\n(no Ship)"
    assert labels["label:Andrew"] == "Andrew\nRange 1"
    # A sinking moves players closer: Andrew now reaches Cody, and nobody reaches Barbara.
    arrows = set(_by_gid(fig, "arrow:"))
    assert "arrow:Andrew:Cody" in arrows
    assert not any("Barbara" in gid for gid in arrows)


def test_sails_and_telescope_tags():
    fig = seating_circle(SIX, SIX, sails=["Andrew", "Emma"], telescopes=["Emma"])
    assert _texts(fig, "tag:") == {
        "tag:Andrew:Sails": "Sails",
        "tag:Emma:Sails": "Sails",
        "tag:Emma:Telescope": "Telescope",
    }


def _boxes(fig):
    """Window extents of every text (names, tags, title, caption) and every player's mark."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()
    renderer = canvas.get_renderer()
    texts = {**_by_gid(fig, "label:"), **_by_gid(fig, "tag:")}
    boxes = {gid: t.get_bbox_patch().get_window_extent(renderer) for gid, t in texts.items()}
    boxes["title"] = fig.texts[0].get_window_extent(renderer)
    boxes["caption"] = next(t for t in fig.texts if t.get_gid() == "caption").get_window_extent(
        renderer
    )
    marks = {}
    ax = fig.axes[0]
    for gid, line in _by_gid(fig, "player:").items():
        centre = ax.transData.transform(line.get_xydata()[0])
        half = line.get_markersize() / 2 * fig.dpi / 72
        marks[gid] = Bbox([centre - half, centre + half])
    return boxes, marks


@pytest.mark.parametrize("players", range(4, 9))
@pytest.mark.parametrize("attacker", [None, "Andrew"])
def test_names_and_tags_never_overlap_and_stay_inside(players, attacker):
    """With every tag on every player, a Range each and the longest detail lines, no name,
    tag, title or caption covers another or a player's mark, and all stay in the picture."""
    seats = NAMES[:players]
    ships = set(seats) - {seats[2]}
    fig = seating_circle(
        seats,
        ships,
        sails=seats,
        telescopes=seats,
        ranges=dict.fromkeys(seats, 2),
        attacker=attacker,
    )
    boxes, marks = _boxes(fig)
    assert len(boxes) == 3 * players + 2
    frame = fig.bbox
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)
    for a, box in boxes.items():
        assert frame.x0 <= box.x0 and box.x1 <= frame.x1, a
        assert frame.y0 <= box.y0 and box.y1 <= frame.y1, a
        for b, mark in marks.items():
            assert not box.overlaps(mark), (a, b)


def test_seating_circle_is_a_six_inch_wide_png():
    fig = seating_circle(SIX, SIX, ranges=dict.fromkeys(SIX, 1), title="My table")
    assert fig.get_size_inches() == pytest.approx((6, 6.5))
    assert fig.texts[0].get_text() == "My table"
    assert png(fig)[:8] == b"\x89PNG\r\n\x1a\n"


@pytest.mark.parametrize(
    "options, message",
    [
        ({"sails": ["Andrw"]}, "'Andrw' in sails is not at the table .did you mean 'Andrew'"),
        ({"telescopes": ["Zed"]}, "'Zed' in telescopes is not at the table"),
        ({"ranges": {"Zed": 1}}, "'Zed' in ranges is not at the table"),
        ({"attacker": "Zed"}, "'Zed' in attacker is not at the table"),
        ({"ranges": {"Andrew": 0}}, "ship_range must be a whole number from 1 to 8, got 0"),
        ({"ranges": {"Andrew": 1}, "attacker": "Cody"}, "attacker Cody has no Range"),
        ({"ranges": {"Barbara": 1}, "attacker": "Barbara"}, "Barbara .* has no Ship"),
        ({"ships": ["Andrew", "Zed"]}, "'Zed' in ships is not at the table"),
    ],
)
@pytest.mark.parametrize("draw", [seating_circle, seating_svg], ids=["matplotlib", "svg"])
def test_seating_circle_bad_input_raises(draw, options, message):
    options = dict(options)  # each drawing gets the case afresh
    ships = options.pop("ships", set(SIX) - {"Barbara"})
    with pytest.raises(IllegalActionError, match=message):
        draw(SIX, ships, **options)


# --- the score board -------------------------------------------------------------------------


def test_score_board_draws_the_track_chest_and_flags():
    fig = score_board(2, 5, hourglass=7)
    spaces = _by_gid(fig, "space:")
    assert sorted(int(gid.split(":")[1]) for gid in spaces) == list(range(-6, 7))
    numbers = _texts(fig, "number:")
    assert [numbers[f"number:{n}"] for n in range(-6, 7)] == [
        *"654321",
        "0",
        *"123456",
    ]  # each side numbered 1..6 outward from "0"
    chest = _by_gid(fig, "chest")["chest"].get_bbox()
    assert (chest.x0 + chest.x1) / 2 == pytest.approx(2)  # the chest sits on space +2
    assert _texts(fig, "chest_label")["chest_label"] == "Treasure Chest\nspace 2, Ibberian side"
    ibberia, brittonia = (_by_gid(fig, f"flag:{side}")[f"flag:{side}"] for side in SIDES)
    assert ibberia.get_xy()[0][0] == pytest.approx(5)  # the Ibberian Flag's pole on +5
    assert brittonia.get_xy()[0][0] == pytest.approx(-5)
    labels = _texts(fig, "flag_label:")
    assert labels == {
        "flag_label:ibberia": "Ibberian Flag",
        "flag_label:brittonia": "Brittish Flag",
    }
    assert _texts(fig, "hourglass") == {"hourglass": "Hourglass: 7 Doubloons"}
    assert "Ibberia" in _texts(fig, "side:")["side:ibberia"]
    assert "Brittonia" in _texts(fig, "side:")["side:brittonia"]
    assert png(fig)[:8] == b"\x89PNG\r\n\x1a\n"


SIDES = ("ibberia", "brittonia")


def test_score_board_options():
    fig = score_board(-3, 4, spaces_per_side=8, title="After the deck ran out")
    assert len(_by_gid(fig, "space:")) == 17
    assert _texts(fig, "chest_label")["chest_label"].endswith("space 3, Brittish side")
    assert fig.texts[0].get_text() == "After the deck ran out"
    assert _by_gid(fig, "hourglass") == {}
    assert _texts(score_board(0, 1, hourglass=1), "hourglass") == {
        "hourglass": "Hourglass: 1 Doubloon"
    }


@pytest.mark.parametrize("flags", range(1, 7))
@pytest.mark.parametrize("chest", [-6, -1, 0, 3, 6])
def test_score_board_text_never_overlaps(flags, chest):
    fig = score_board(chest, flags, hourglass=10)
    renderer = FigureCanvasAgg(fig).get_renderer()
    texts = [t for t in fig.axes[0].texts if t.get_gid() and not t.get_gid().startswith("number")]
    boxes = {t.get_gid(): t.get_window_extent(renderer) for t in texts}
    boxes["title"] = fig.texts[0].get_window_extent(renderer)
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        assert not box_a.overlaps(box_b), (a, b)
    for a, box in boxes.items():
        assert fig.bbox.contains(box.x0, box.y0) and fig.bbox.contains(box.x1, box.y1), a


@pytest.mark.parametrize(
    "args, options, message",
    [
        ((7, 5), {}, r"chest must be a whole number from -6 .* to 6 .*, got 7"),
        ((-7, 5), {}, r"chest must be a whole number from -6 .* to 6 .*, got -7"),
        ((1.5, 5), {}, "chest must be a whole number"),
        ((0, 0), {}, r"flags must be a whole number from 1 to 6 .*, got 0"),
        ((0, 7), {}, r"flags must be a whole number from 1 to 6 .*, got 7"),
        ((0, 9), {"spaces_per_side": 8}, r"flags must be a whole number from 1 to 8"),
        ((0, True), {}, "flags must be a whole number"),
        ((0, 5), {"spaces_per_side": 0}, "spaces_per_side must be a whole number from 1"),
        ((0, 5), {"hourglass": -1}, "hourglass must be a whole number of Doubloons"),
    ],
)
@pytest.mark.parametrize("draw", [score_board, score_board_svg], ids=["matplotlib", "svg"])
def test_score_board_bad_input_raises(draw, args, options, message):
    with pytest.raises(IllegalActionError, match=message):
        draw(*args, **options)


# --- readable by everyone (issue 24) ----------------------------------------------------------


def _all_texts(fig):
    return [t for t in [*fig.texts, *fig.axes[0].texts] if t.get_text()]


@pytest.mark.parametrize("attacker", [None, "Andrew"])
def test_every_text_of_the_table_is_at_least_11_points(attacker):
    # 11 pt is 12.2 px at the 80 dpi of the notebooks and 13.75 px at the apps' 90 dpi
    fig = seating_circle(
        NAMES,
        NAMES,
        sails=["Emma"],
        telescopes=["Andrew"],
        ranges=dict.fromkeys(NAMES, 2),
        attacker=attacker,
    )
    assert min(t.get_fontsize() for t in _all_texts(fig)) >= 11


def test_every_text_of_the_score_board_is_at_least_11_points():
    fig = score_board(-3, 4, hourglass=2, title="After the Admiral's sinking")
    assert min(t.get_fontsize() for t in _all_texts(fig)) >= 11


def test_everyones_arrows_are_told_apart_by_line_as_well_as_colour_and_match_the_name_box():
    fig = seating_circle(NAMES, NAMES, ranges=dict.fromkeys(NAMES, 1))
    arrows = _by_gid(fig, "arrow:")
    labels = _by_gid(fig, "label:")
    styles = {}
    for gid, arrow in arrows.items():
        shooter = gid.split(":")[1]
        style = (to_hex(arrow.get_edgecolor()), str(arrow.get_linestyle()))
        styles.setdefault(shooter, set()).add(style)
        box = labels[f"label:{shooter}"].get_bbox_patch()
        assert (to_hex(box.get_edgecolor()), str(box.get_linestyle())) == style
    assert all(len(s) == 1 for s in styles.values())  # one look per player
    looks = [next(iter(s)) for s in styles.values()]
    assert len(set(looks)) == len(NAMES)
    # neighbours differ in their line, not only in their colour
    lines = [line for _, line in looks]
    assert all(a != b for a, b in itertools.pairwise(lines))
    caption = next(t for t in fig.texts if t.get_gid() == "caption").get_text()
    assert "the colour\nand the line of the box round their name" in caption


def test_a_player_without_a_ship_is_named_in_a_dark_enough_grey():
    fig = seating_circle(SIX, set(SIX) - {"Cody"})
    label = _by_gid(fig, "label:")["label:Cody"]
    assert to_hex(label.get_color()) == "#595959"  # 7:1 on white
