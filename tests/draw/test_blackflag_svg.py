"""Tests for piratelib.draw.blackflag.table_svg and scores_svg: the apps' SVG table and score
board show what the rules say, as the matplotlib pictures do, readable and named by their
alt text; the never-changing part is drawn once."""

from __future__ import annotations

import ast
import itertools
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from piratelib.draw._common import ship_marker
from piratelib.draw.blackflag import marks, scores_svg, style, table_svg
from piratelib.draw.blackflag.alt import score_board_alt, seating_alt
from piratelib.draw.blackflag.scores_svg import score_board_svg
from piratelib.draw.blackflag.table_svg import seating_svg
from piratelib.errors import IllegalActionError, PiratelibError

NAMES = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank", "Gina", "Hugo"]
SIX = NAMES[:6]  # the rulebook's table, clockwise
NS = "{http://www.w3.org/2000/svg}"


def _parse(picture: str) -> ET.Element:
    root = ET.fromstring(picture)  # the SVG is well-formed XML
    assert root.tag == f"{NS}svg"
    return root


def _marks(root: ET.Element, prefix: str) -> dict[str, ET.Element]:
    """The elements whose data-gid starts with `prefix`, by gid."""
    return {
        el.get("data-gid"): el
        for el in root.iter()
        if (el.get("data-gid") or "").startswith(prefix)
    }


def _texts(el: ET.Element) -> str:
    """The lines of text under `el`, joined by newlines (as matplotlib writes them)."""
    return "\n".join(t.text for t in el.iter(f"{NS}text"))


def _rect(el: ET.Element) -> tuple[float, float, float, float]:
    """The first rectangle under `el` as (x0, y0, x1, y1)."""
    r = next(el.iter(f"{NS}rect"))
    x, y, w, h = (float(r.get(k)) for k in ("x", "y", "width", "height"))
    return x, y, x + w, y + h


def _points(el: ET.Element) -> list[tuple[float, float]]:
    return [
        (float(x), float(y))
        for p in el.iter(f"{NS}polygon")
        for x, y in (pair.split(",") for pair in p.get("points").split())
    ]


def _centre(el: ET.Element) -> tuple[float, float]:
    """A player's mark's centre: the middle of its outline, or its circle's centre."""
    if el.tag == f"{NS}circle":
        return float(el.get("cx")), float(el.get("cy"))
    xs, ys = zip(*_points(el), strict=True)
    return (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


# --- the seating circle ----------------------------------------------------------------------
# (tests/draw/test_blackflag.py checks that it draws every arrow, halo, name and tag the
# matplotlib picture draws, for many tables, and refuses the same bad input)


@pytest.mark.parametrize("attacker", [None, "Andrew"])
def test_the_alt_text_is_the_accessible_name(attacker):
    options = {"sails": ["Cody"], "ranges": dict.fromkeys(SIX, 1), "attacker": attacker}
    root = _parse(seating_svg(SIX, set(SIX) - {"Emma"}, **options))
    alt = seating_alt(SIX, set(SIX) - {"Emma"}, **options)
    assert root.get("aria-label") == alt and root.get("role") == "img"
    assert root.find(f"{NS}title").text == alt


def test_an_attackers_arrows_are_red_and_solid():
    root = _parse(seating_svg(SIX, SIX, ranges={"Andrew": 2}, attacker="Andrew"))
    for arrow in _marks(root, "arrow:").values():
        line = arrow.find(f"{NS}path")
        assert line.get("stroke") == style.ATTACKER_COLOUR and line.get("stroke-dasharray") is None
        assert arrow.find(f"{NS}polygon").get("fill") == style.ATTACKER_COLOUR  # the head


def test_the_rulebook_examples_drawn():
    # "Andrew has a Sails card in play. Now Barbara must have a Range value of at least 2
    # in order to hit him."
    root = _parse(
        seating_svg(SIX, SIX, sails=["Andrew"], ranges={"Barbara": 1}, attacker="Barbara")
    )
    assert set(_marks(root, "arrow:")) == {"arrow:Barbara:Cody"}
    assert _texts(_marks(root, "label:Andrew")["label:Andrew"]) == "Andrew\ndistance 2"
    # "His Ship, which has a Range of 2, can now hit Daniel." (with a Telescope)
    root = _parse(
        seating_svg(SIX, SIX, ranges={"Andrew": 2}, attacker="Andrew", telescopes="Andrew")
    )
    assert "arrow:Andrew:Daniel" in _marks(root, "arrow:")
    labels = {gid: _texts(el) for gid, el in _marks(root, "label:").items()}
    assert labels["label:Andrew"] == "Andrew\nRange 2 + 1"
    assert labels["label:Daniel"] == "Daniel\ndistance 3"  # "the distance remains unchanged"


def test_no_ranges_no_arrows_and_the_title():
    root = _parse(seating_svg(SIX, SIX, sails=["Andrew"], telescopes=["Andrew"]))
    assert _marks(root, "arrow:") == {}
    assert _texts(_marks(root, "title")["title"]) == "Black Flag!: the table"
    assert _texts(_marks(root, "label:Andrew")["label:Andrew"]) == "Andrew"
    titled = _parse(seating_svg(SIX, SIX, title="My table & me"))
    assert _texts(_marks(titled, "title")["title"]) == "My table & me"


def test_seats_run_clockwise_from_the_top():
    root = _parse(seating_svg(NAMES[:4], ["Andrew", "Barbara", "Daniel"]))
    centre = {gid.split(":")[1]: _centre(el) for gid, el in _marks(root, "player:").items()}
    table = _marks(root, "table")["table"]
    x, y, r = (float(table.get(k)) for k in ("cx", "cy", "r"))
    expected = {
        "Andrew": (x, y - r),
        "Barbara": (x + r, y),
        "Cody": (x, y + r),
        "Daniel": (x - r, y),
    }
    for name, (ex, ey) in expected.items():  # y runs down in SVG: clockwise is right, then down
        assert centre[name] == pytest.approx((ex, ey), abs=3), name


def test_shipless_players_are_hollow_and_say_so_in_grey():
    root = _parse(seating_svg(SIX, set(SIX) - {"Barbara"}, ranges=dict.fromkeys(SIX, 1)))
    players = _marks(root, "player:")
    assert players["player:Barbara"].tag == f"{NS}circle"
    assert players["player:Barbara"].get("fill") == "#fff"
    assert players["player:Andrew"].get("fill") == style.SEAT.ship
    label = _marks(root, "label:Barbara")["label:Barbara"]
    assert _texts(label) == "Barbara\n(no Ship)"
    assert {t.get("fill") for t in label.iter(f"{NS}text")} == {"#595959"}  # 7:1 on white
    arrows = set(_marks(root, "arrow:"))
    assert "arrow:Andrew:Cody" in arrows and not any("Barbara" in gid for gid in arrows)


def test_sails_and_telescope_tags():
    root = _parse(seating_svg(SIX, SIX, sails=["Andrew", "Emma"], telescopes=["Emma"]))
    assert {gid: _texts(el) for gid, el in _marks(root, "tag:").items()} == {
        "tag:Andrew:Sails": "Sails",
        "tag:Emma:Sails": "Sails",
        "tag:Emma:Telescope": "Telescope",
    }
    tag = _marks(root, "tag:Emma:Telescope")["tag:Emma:Telescope"]
    assert next(tag.iter(f"{NS}rect")).get("stroke") == style.TAGS["Telescope"].edge


def test_everyones_arrows_match_their_name_box_by_colour_and_line():
    root = _parse(seating_svg(NAMES, NAMES, ranges=dict.fromkeys(NAMES, 1)))
    looks = {}
    for gid, arrow in _marks(root, "arrow:").items():
        shooter = gid.split(":")[1]
        line = arrow.find(f"{NS}path")
        look = (line.get("stroke"), line.get("stroke-dasharray"))
        assert looks.setdefault(shooter, look) == look  # one look per player
        box = next(_marks(root, f"label:{shooter}")[f"label:{shooter}"].iter(f"{NS}rect"))
        dashes = [float(d) for d in (look[1] or "").split()]
        box_dashes = [float(d) for d in (box.get("stroke-dasharray") or "").split()]
        assert box.get("stroke") == look[0]
        # the same dashes, grown with each line's width (2 px arrows, 2 px boxes)
        assert [d / style.EVERYONE_ARROW.width for d in dashes] == pytest.approx(
            [d / style.LABEL.width for d in box_dashes]
        )
    assert len(set(looks.values())) == len(NAMES)
    lines = [looks[name][1] for name in NAMES]
    assert all(a != b for a, b in itertools.pairwise(lines))  # neighbours differ by line
    assert "the colour" in _texts(_marks(root, "caption")["caption"])


@pytest.mark.parametrize("players", range(4, 9))
@pytest.mark.parametrize("attacker", [None, "Andrew"])
def test_names_and_tags_never_overlap_and_stay_inside(players, attacker):
    """With every tag on every player, a Range each and the longest second lines, no name
    or tag box covers another or a player's mark, and all stay in the picture."""
    seats = NAMES[:players]
    ships = set(seats) - {seats[2]}
    root = _parse(
        seating_svg(
            seats,
            ships,
            sails=seats,
            telescopes=seats,
            ranges=dict.fromkeys(seats, 2),
            attacker=attacker,
        )
    )
    boxes = {
        gid: _rect(el) for gid, el in {**_marks(root, "label:"), **_marks(root, "tag:")}.items()
    }
    assert len(boxes) == 3 * players
    players_at = {}
    for gid, el in _marks(root, "player:").items():
        x, y = _centre(el)
        half = float(el.get("r")) if el.get("r") else style.SEAT.ship_size * style.PX / 2
        players_at[gid] = (x - half, y - half, x + half, y + half)
    width, height = (float(v) for v in root.get("viewBox").split()[2:])
    for (a, box_a), (b, box_b) in itertools.combinations(boxes.items(), 2):
        assert not _overlap(box_a, box_b), (a, b)
    for a, box in boxes.items():
        assert box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height, a
        for b, mark in players_at.items():
            assert not _overlap(box, mark), (a, b)


@pytest.mark.parametrize(
    "options, message",
    [
        ({"title": 3}, "title must be text or None, got 3"),
        ({"css": None}, "css must be text, got None"),
        ({"ranges": ["Andrew"]}, "ranges must be a mapping"),
    ],
)
def test_seating_svg_refuses_arguments_of_the_wrong_kind(options, message):
    with pytest.raises(PiratelibError, match=message):
        seating_svg(SIX, SIX, **options)


def test_the_table_is_drawn_once_per_seating():
    table_svg._table.cache_clear()
    seating_svg(SIX, SIX, ranges=dict.fromkeys(SIX, 1))
    seating_svg(SIX, SIX, ranges={"Andrew": 2}, attacker="Andrew", sails=["Cody"])
    assert table_svg._table.cache_info().hits == 1  # the second click drew only its marks
    seating_svg(SIX, set(SIX) - {"Cody"})
    assert table_svg._table.cache_info().misses == 2  # a sinking is another seating


def test_the_css_class_is_on_the_svg_and_it_is_540_pixels_wide():
    root = _parse(seating_svg(SIX, SIX, css="piratelib-bf-table-svg"))
    assert root.get("class") == "piratelib-bf-table-svg"
    assert (root.get("width"), root.get("height")) == ("540", "585")  # 6 x 6.5 in at 90 dpi


# --- the score board -------------------------------------------------------------------------


def _middle_x(el: ET.Element) -> float:
    x0, _, x1, _ = _rect(el)
    return (x0 + x1) / 2


def test_score_board_draws_the_track_chest_and_flags():
    root = _parse(score_board_svg(2, 5, hourglass=7))
    spaces = _marks(root, "space:")
    assert sorted(int(gid.split(":")[1]) for gid in spaces) == list(range(-6, 7))
    numbers = {gid: _texts(el) for gid, el in _marks(root, "number:").items()}
    assert [numbers[f"number:{n}"] for n in range(-6, 7)] == [*"654321", "0", *"123456"]
    space_x = {int(gid.split(":")[1]): _middle_x(el) for gid, el in spaces.items()}
    assert _middle_x(_marks(root, "chest")["chest"]) == pytest.approx(space_x[2], abs=0.2)
    label = _marks(root, "chest_label")["chest_label"]
    assert _texts(label) == "Treasure Chest\nspace 2, Ibberian side"
    for key, sign in (("ibberia", 1), ("brittonia", -1)):
        pole = _marks(root, f"flag:{key}")[f"flag:{key}"].find(f"{NS}line")
        assert float(pole.get("x1")) == pytest.approx(space_x[5 * sign], abs=0.2)
    flags = {gid: _texts(el) for gid, el in _marks(root, "flag_label:").items()}
    assert flags == {"flag_label:ibberia": "Ibberian Flag", "flag_label:brittonia": "Brittish Flag"}
    assert _texts(_marks(root, "hourglass")["hourglass"]) == "Hourglass: 7 Doubloons"
    assert "Ibberia ▶" in _texts(_marks(root, "side:ibberia")["side:ibberia"])
    assert "Brittonia" in _texts(_marks(root, "side:brittonia")["side:brittonia"])
    assert root.get("aria-label") == score_board_alt(2, 5, hourglass=7)
    assert (root.get("width"), root.get("height")) == ("900", "252")  # 10 x 2.8 in at 90 dpi


def test_score_board_options():
    root = _parse(score_board_svg(-3, 4, spaces_per_side=8, title="After the deck ran out"))
    assert len(_marks(root, "space:")) == 17
    assert _texts(_marks(root, "chest_label")["chest_label"]).endswith("space 3, Brittish side")
    assert _texts(_marks(root, "title")["title"]) == "After the deck ran out"
    assert root.get("aria-label") == ("After the deck ran out. " + score_board_alt(-3, 4))
    assert _marks(root, "hourglass") == {}
    one = _parse(score_board_svg(0, 1, hourglass=1, css="piratelib-bf-board-svg"))
    assert _texts(_marks(one, "hourglass")["hourglass"]) == "Hourglass: 1 Doubloon"
    assert one.get("class") == "piratelib-bf-board-svg"


def test_the_track_is_drawn_once_per_length():
    scores_svg._track.cache_clear()
    for chest in range(-6, 7):
        score_board_svg(chest, 5, hourglass=3)
    assert scores_svg._track.cache_info().misses == 1


# --- readable by everyone --------------------------------------------------------------------


def _luminance(colour: str) -> float:
    code = colour.lstrip("#")
    code = "".join(c * 2 for c in code) if len(code) == 3 else code
    channels = [int(code[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _text_on(root: ET.Element) -> list[tuple[str, str, float]]:
    """Each text's colour, the face under it (its box's, its space's, or the white page)
    and its size in pixels."""
    found = []
    for group in root.iter(f"{NS}g"):
        gid = group.get("data-gid") or ""
        if not gid:
            continue
        rect = group.find(f"{NS}rect")
        under = rect.get("fill") if rect is not None else "#fff"
        if gid.startswith("number:"):
            space = _marks(root, "space:" + gid.split(":")[1])["space:" + gid.split(":")[1]]
            under = space.get("fill")
        found += [
            (t.get("fill"), under, float(t.get("font-size"))) for t in group.iter(f"{NS}text")
        ]
    return found


@pytest.mark.parametrize(
    "picture",
    [
        seating_svg(
            NAMES,
            set(NAMES) - {"Cody"},
            sails=NAMES,
            telescopes=NAMES,
            ranges=dict.fromkeys(NAMES, 2),
        ),
        seating_svg(SIX, SIX, ranges={"Andrew": 2}, attacker="Andrew"),
        score_board_svg(-3, 4, hourglass=2, title="After the Admiral's sinking"),
    ],
    ids=["table", "attacker", "board"],
)
def test_every_text_is_at_least_12_px_at_4_5_to_1_contrast(picture):
    texts = _text_on(_parse(picture))
    assert len(texts) == picture.count("<text")  # every text belongs to a mark
    for fill, under, size in texts:
        assert size >= 12
        assert _contrast(fill, under) >= 4.5, (fill, under)


def test_the_modules_import_no_matplotlib_nor_numpy():
    folder = Path(table_svg.__file__).parent
    for name in ("table_svg.py", "scores_svg.py", "svg_words.py", "style.py", "marks.py", "alt.py"):
        tree = ast.parse((folder / name).read_text())
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.Import)
            for alias in node.names
        } | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        heavy = {m for m in imported if re.match(r"(matplotlib|numpy)\b", m or "")}
        inside = {
            node.module
            for fn in ast.walk(tree)
            if isinstance(fn, ast.FunctionDef) and fn.name.endswith("_image")
            for node in ast.walk(fn)
            if isinstance(node, ast.ImportFrom)
        }
        assert not heavy, name
        # alt's *_image give a notebook a matplotlib picture, importing it when called
        assert name == "alt.py" or not inside, name


# --- one look for both drawings ---------------------------------------------------------------


def test_one_ship_for_both_drawings_and_for_dread_pirate():
    from piratelib.draw._shapes import SHIP_OUTLINE
    from piratelib.draw.dreadpirate import style as dp_style

    assert style.SHIP_OUTLINE is SHIP_OUTLINE is dp_style.SHIP
    corners = [point for part in SHIP_OUTLINE for point in (*part, part[0])]
    assert ship_marker().vertices.tolist() == [list(map(float, p)) for p in corners]


@pytest.mark.parametrize("k", range(8))
def test_each_seats_line_is_one_definition_for_matplotlib_and_svg(k):
    line = style.mpl_line(k)
    dashes = [] if line == "solid" else list(line[1])
    shown = style.svg_dashes(k, 2.5)
    assert [float(d) for d in (shown or "").split()] == pytest.approx([d * 2.5 for d in dashes])


def test_remembered_answers_are_copies_and_refuse_what_the_rules_refuse():
    matrix = marks.distances(SIX, SIX)
    matrix["Andrew"]["Barbara"] = 99
    assert marks.distances(SIX, SIX)["Andrew"]["Barbara"] == 1
    with pytest.raises(IllegalActionError, match="ship_range must be a whole number"):
        marks.targets(SIX, SIX, "Andrew", ship_range=1.0)
    with pytest.raises(IllegalActionError, match="has no Ship"):
        marks.targets(SIX, ["Andrew", "Cody"], "Barbara", ship_range=1)
