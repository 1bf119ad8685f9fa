"""Tests for piratelib.draw.dreadpirate.sea_svg and odds_svg: the apps' SVG pictures draw
what the matplotlib charts draw, from the same style, checks and alt text, legibly."""

from __future__ import annotations

import itertools
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction

import networkx as nx
import pytest

from piratelib.draw.dreadpirate import sea_svg, style
from piratelib.draw.dreadpirate.odds import battle_totals
from piratelib.draw.dreadpirate.odds_svg import battle_chances_svg, battle_totals_svg
from piratelib.draw.dreadpirate.sea import sea_chart, sea_chart_alt
from piratelib.draw.dreadpirate.sea_svg import sea_chart_svg
from piratelib.draw.svg import SMALLEST
from piratelib.dreadpirate.battle import Battler, attacker_win_probability, battle_odds
from piratelib.dreadpirate.sea import CITIES, Sea, load_sea, reachable, sea_graph
from piratelib.errors import IllegalActionError, PiratelibError

SVG = "{http://www.w3.org/2000/svg}"
SEA = load_sea()
NAMES = ("Anne", "Ben", "Cora", "Dan")
AT_CITIES = {name: SEA.places[city]["at"] for name, city in zip(NAMES, CITIES, strict=True)}
CROWDED = {"You": (0, 0), "Sea Wolf": (0, 1), "Black Gull": (1, 1)}  # the movement app's
CELL = style.cell_inches(SEA.width, SEA.height) * style.PX_PER_INCH


def parsed(shown: str) -> ET.Element:
    """The SVG as XML (it must parse), checked to be a named picture."""
    root = ET.fromstring(shown)
    assert root.tag == f"{SVG}svg" and root.get("role") == "img"
    assert root.find(f"{SVG}title").text == root.get("aria-label")
    return root


def of_class(root: ET.Element, kind: str) -> list[ET.Element]:
    return [e for e in root.iter() if e.get("class") == kind]


def squares(root: ET.Element, kind: str) -> set[tuple[int, int]]:
    return {tuple(int(x) for x in e.get("data-square").split(",")) for e in of_class(root, kind)}


def box(element: ET.Element) -> tuple[float, float, float, float]:
    """The box (left, top, right, bottom) around a shape or a group of shapes, in the
    grid's coordinates: rects, circles, polygons and paths of straight lines."""
    xs, ys = [], []
    for e in element.iter():
        tag = e.tag.removeprefix(SVG)
        if tag == "rect":
            x, y, w, h = (float(e.get(k)) for k in ("x", "y", "width", "height"))
            xs += [x, x + w]
            ys += [y, y + h]
        elif tag == "circle":
            x, y, r = (float(e.get(k)) for k in ("cx", "cy", "r"))
            xs += [x - r, x + r]
            ys += [y - r, y + r]
        elif tag in ("polygon", "path"):
            numbers = [float(n) for n in re.findall(r"-?[\d.]+", e.get("points") or e.get("d"))]
            xs += numbers[::2]
            ys += numbers[1::2]
    return min(xs), min(ys), max(xs), max(ys)


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_draws_every_land_square_every_place_and_its_name():
    root = parsed(sea_chart_svg(SEA))
    (land,) = of_class(root, "land")
    assert land.get("d").count("M") == 24  # one square each
    places = {e.get("data-place") for e in of_class(root, "place")}
    assert places == set(SEA.places)
    names = {g.get("data-place"): g.find(f"{SVG}text").text for g in of_class(root, "name")}
    assert names == {place: entry["name"] for place, entry in SEA.places.items()}
    bold = {
        g.get("data-place")
        for g in of_class(root, "name")
        if g.find(f"{SVG}text").get("font-weight")
    }
    assert bold == set(CITIES)
    assert of_class(root, "ship") == of_class(root, "highlight") == of_class(root, "target") == []


def test_marks_appear_on_their_squares():
    G = sea_graph()
    reach = reachable(G, (0, 0), 12)
    changed = reach ^ reachable(sea_graph(diagonal="both_sides_water"), (0, 0), 12)
    route = [(0, 0), (1, 1), (2, 2)]
    root = parsed(sea_chart_svg(G, highlight=reach, changed=changed, target=(6, 10), path=route))
    assert squares(root, "highlight") == reach and squares(root, "changed") == changed
    for rect in of_class(root, "changed"):
        c = int(rect.get("data-square").split(",")[1])
        assert float(rect.get("x")) == pytest.approx((c + 0.5 - style.CHANGED_HALF) * CELL, abs=0.1)
        assert rect.get("fill") == "url(#piratelib-dp-hatched)"  # a pattern, not colour alone
    (ring,) = of_class(root, "target")
    assert float(ring.get("cx")) == pytest.approx(10.5 * CELL, abs=0.1)
    assert float(ring.get("cy")) == pytest.approx(6.5 * CELL, abs=0.1)
    (drawn,) = of_class(root, "path")
    dots = [
        coordinate for e in drawn.iter(f"{SVG}circle") for coordinate in (e.get("cx"), e.get("cy"))
    ]
    centres = [0.5 * CELL, 0.5 * CELL, 1.5 * CELL, 1.5 * CELL]  # every square but the last
    assert [float(x) for x in dots] == pytest.approx(centres, abs=0.1)


def test_ships_sail_like_the_matplotlib_chart():
    """A ship on a City sails low and right in its square; the anchor moves to the corner;
    the colours are the matplotlib chart's, and each tag is on its own ship."""
    colours = {"Anne": "red", "Cora": "blue"}
    root = parsed(sea_chart_svg(SEA, ships=AT_CITIES, ship_colours=colours))
    ships = {g.get("data-ship"): g for g in of_class(root, "ship")}
    assert set(ships) == set(NAMES)
    fills = {name: g.findall(f"{SVG}polygon")[-1].get("fill") for name, g in ships.items()}
    assert fills["Anne"] == style.BANDS["red"] and fills["Cora"] == style.BANDS["blue"]
    assert fills["Ben"] == "#2e7d32"  # not chosen: the first colour not taken, as in sea_chart
    assert {name: g.find(f"{SVG}text").text for name, g in ships.items()} == {
        n: n[0] for n in NAMES
    }
    x0, _, x1, _ = box(ships["Anne"])
    centre = (0.5 + style.SHIP_SHIFT) * CELL
    assert (x0 + x1) / 2 == pytest.approx(centre, abs=0.5)
    anchor = next(e for e in of_class(root, "place") if e.get("data-place") == "port_diablo")
    ring = anchor.find(f"{SVG}circle")
    assert float(ring.get("cx")) == pytest.approx((0.5 - style.PLACE_CORNER) * CELL, abs=0.1)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"ships": {"Anne": (0, 0)}, "highlight": [(0, 1)], "changed": [(0, 2)], "target": (6, 10)},
        {"ships": CROWDED, "target": (6, 10), "path": [(0, 0), (0, 5), (5, 9), (6, 10)]},
        {"ships": AT_CITIES, "highlight_label": "reachable", "changed": [(3, 3)]},
    ],
)
def test_the_legend_says_what_the_matplotlib_legend_says(options):
    root = parsed(sea_chart_svg(sea_graph(), **options))
    (legend,) = of_class(root, "legend")
    words = [t.text for t in legend.iter(f"{SVG}text")]
    assert words == [t.get_text() for t in sea_chart(sea_graph(), **options).legends[0].get_texts()]


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"ships": AT_CITIES},
        {"ships": CROWDED, "target": (6, 10)},
        {"ships": {name: entry["at"] for name, entry in SEA.places.items()}},  # a ship on each
        {"ships": {"You": (0, 19), "Rival": (1, 18)}},
        {"ships": {"A": (6, 9), "B": (5, 10), "C": (7, 11), "D": (5, 9)}, "target": (6, 10)},
    ],
)
def test_names_never_overlap_and_stay_in_the_grid(options):
    """No name covers another name, a place or a ship, and every name stays in the grid."""
    root = parsed(sea_chart_svg(SEA, **options))
    names = {g.get("data-place"): box(g.find(f"{SVG}rect")) for g in of_class(root, "name")}
    assert len(names) == len(SEA.places)
    marks = {f"place {e.get('data-place')}": box(e) for e in of_class(root, "place")}
    marks |= {f"ship {g.get('data-ship')}": box(g) for g in of_class(root, "ship")}
    for (a, box_a), (b, box_b) in itertools.combinations(names.items(), 2):
        assert not overlap(box_a, box_b), (a, b)
    for a, shown in names.items():
        assert shown[0] >= 0 and shown[2] <= SEA.width * CELL, a
        assert shown[1] >= 0 and shown[3] <= SEA.height * CELL, a
        for b, mark in marks.items():
            assert not overlap(shown, mark), (a, b)


def test_the_tiny_sea_and_every_text_readable():
    shown = sea_chart_svg(Sea(("~#", "#~"), {}), path=[(0, 0), (1, 1)], title="two land corners")
    root = parsed(shown)
    assert float(root.get("width")) == pytest.approx(style.MIN_WIDTH * style.PX_PER_INCH)
    for page in (shown, sea_chart_svg(sea_graph(), ships=CROWDED, highlight=[(1, 0)])):
        sizes = [float(s) for s in re.findall(r"font-size='([\d.]+)'", page)]
        assert sizes and min(sizes) >= SMALLEST
        for colour in set(re.findall(r"<text [^>]*fill='(#[0-9a-f]{3,6})'", page)) - {"#fff"}:
            assert _contrast(colour) >= 4.5, colour  # dark text on a white name box or page


def test_the_alt_text_is_the_accessible_name():
    options = {"ships": CROWDED, "highlight": [(1, 0)], "highlight_label": "reachable"}
    root = parsed(sea_chart_svg(sea_graph(), **options, title="Roll 1"))
    assert root.get("aria-label") == sea_chart_alt(sea_graph(), **options)
    assert [t.text for t in root.findall(f"{SVG}text")] == ["Roll 1"]  # the title
    root = parsed(sea_chart_svg(SEA, alt="Nothing marked", title=""))
    assert root.get("aria-label") == "Nothing marked" and root.findall(f"{SVG}text") == []


def test_the_unchanging_sea_is_drawn_once():
    sea_svg._grid.cache_clear()
    sea_svg._places.cache_clear()
    for rule in ("never", "always", "one_side_water"):
        sea_chart_svg(sea_graph(diagonal=rule), ships=CROWDED, highlight=[(1, 0)])
    assert sea_svg._grid.cache_info().misses == 1 and sea_svg._grid.cache_info().hits == 2
    assert sea_svg._places.cache_info().misses == 1


@pytest.mark.parametrize(
    "options, message",
    [
        ({"ships": {"Anne": (1, 4)}}, r"ship Anne is on land at \(1, 4\): Ships must stay"),
        ({"ships": {"A": (0, 1), "B": (0, 1)}}, "Two or more ships cannot occupy the same space"),
        ({"highlight": [(0, 20)]}, r"a highlighted square must be .* columns 0 to 19"),
        ({"target": (1, 4)}, r"the target \(1, 4\) is land"),
        ({"path": [(0, 0), (-1, 0)]}, "a square of the path must be"),
        ({"ships": {"Anne": (0, 0)}, "ship_colours": {"Dan": "green"}}, "not a ship here"),
    ],
)
def test_bad_input_raises_as_the_matplotlib_chart_does(options, message):
    for draw in (sea_chart_svg, sea_chart):
        with pytest.raises(IllegalActionError, match=message):
            draw(SEA, **options)


def test_bad_text_and_not_a_sea():
    with pytest.raises(PiratelibError, match="css must be text, got 7"):
        sea_chart_svg(SEA, css=7)
    with pytest.raises(PiratelibError, match="title must be text or None"):
        sea_chart_svg(SEA, title=3)
    with pytest.raises(IllegalActionError, match="must be a Sea or a graph from sea_graph"):
        sea_chart_svg(nx.path_graph(3))


# ---------------------------------------------------------------- battle charts

ODDS = battle_odds(Battler(), Battler(cards=("hard_to_starboard",)))
TOTALS = {
    "attacker_bonus": ODDS.attacker_bonus,
    "defender_bonus": ODDS.defender_bonus,
    "attacker_wins": ODDS.attacker_wins,
}


def test_the_totals_bars_match_the_matplotlib_chart():
    root = parsed(battle_totals_svg(ODDS.attacker_totals, ODDS.defender_totals, **TOTALS))
    assert root.get("aria-label").startswith(
        "Bar chart of each side's final total; the attacker wins 15.9%."
    )
    texts = [t.text for t in root.iter(f"{SVG}text")]
    ax = battle_totals(ODDS.attacker_totals, ODDS.defender_totals, **TOTALS).axes[0]
    assert texts[0] == ax.get_title()
    assert [t.get_text() for t in ax.get_legend().get_texts()] == texts[1:3]
    bars = of_class(root, "bar")
    assert len(bars) == 2 * 15  # totals 2 to 16, both sides
    heights = {}
    for bar in bars:
        rects = bar.findall(f"{SVG}rect")
        heights[bar.get("data-series"), int(bar.get("data-outcome"))] = float(
            rects[0].get("height")
        )
        striped = len(rects) == 2 and rects[1].get("fill") == "url(#piratelib-dp-striped)"
        assert striped == bar.get("data-series").startswith("defender")  # not colour alone
        assert bar.find(f"{SVG}title").text.endswith("%")
    top = heights["attacker (2 dice +0)", 7]
    assert heights["defender (2 dice +4)", 11] == pytest.approx(top, abs=0.2)  # both 1 in 6
    assert heights["attacker (2 dice +0)", 2] == pytest.approx(top / 6, abs=0.2)  # 1 in 36


def test_the_chances_bars_say_their_percentages_and_where_attacking_pays():
    chances = {d: attacker_win_probability(d, 0) for d in range(-6, 7)}
    shown = battle_chances_svg(chances)
    root = parsed(shown)
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "55.6%" in texts and "33.6%" in texts and "+6" in texts
    assert "dashed line, 33.3%: attacking pays above it" in texts
    assert root.get("aria-label").endswith("Attacking pays (above 33.3%) from a difference of -2.")
    assert len(of_class(root, "bar")) == 13 and of_class(root, "legend") == []
    sizes = [float(s) for s in re.findall(r"font-size='([\d.]+)'", shown)]
    assert min(sizes) >= SMALLEST


@pytest.mark.parametrize(
    "change, message",
    [
        ({"attacker_bonus": float("nan")}, "attacker_bonus must be a whole number"),
        ({"attacker_wins": Fraction(3, 2)}, "attacker_wins must be a number from 0 to 1"),
        ({"css": None}, "css must be text"),
    ],
)
def test_bad_battle_input_raises(change, message):
    with pytest.raises(PiratelibError, match=message):
        battle_totals_svg(ODDS.attacker_totals, ODDS.defender_totals, **{**TOTALS, **change})
    with pytest.raises(PiratelibError, match="the totals of 'attacker' must map"):
        battle_totals_svg([], ODDS.defender_totals, **TOTALS)


def test_the_svg_pictures_need_no_matplotlib():
    """Import and draw with matplotlib and numpy made unimportable."""
    code = """
import importlib.abc, sys
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in ("matplotlib", "numpy"):
            raise ImportError(f"no {name} here")
sys.meta_path.insert(0, Refuse())
from piratelib.draw.dreadpirate.odds_svg import battle_chances_svg, battle_totals_svg
from piratelib.draw.dreadpirate.sea_svg import sea_chart_svg
from piratelib.dreadpirate.battle import Battler, battle_odds
from piratelib.dreadpirate.sea import sea_graph
sea_chart_svg(sea_graph(), ships={"You": (0, 0)}, highlight=[(1, 0)], changed=[(2, 0)],
              target=(6, 10), path=[(0, 0), (1, 0)])
odds = battle_odds(Battler(), Battler())
battle_totals_svg(odds.attacker_totals, odds.defender_totals, attacker_bonus=0,
                  defender_bonus=0, attacker_wins=odds.attacker_wins)
battle_chances_svg({0: odds.attacker_wins})
assert "matplotlib" not in sys.modules and "numpy" not in sys.modules
print("drawn")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.stdout.strip() == "drawn", done.stderr


def _contrast(colour: str) -> float:
    """The contrast of `colour` on white (WCAG 2)."""
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(ch * 2 for ch in colour)
    channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    return 1.05 / (luminance + 0.05)
