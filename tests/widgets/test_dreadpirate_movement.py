"""Headless tests of Dread Pirate's movement app: change the controls, read the exact answers."""

from __future__ import annotations

import re
import statistics
import time
import xml.etree.ElementTree as ET
from fractions import Fraction
from importlib import resources

import networkx as nx
import pytest

from piratelib.dreadpirate.sea import (
    DEFAULT_DIAGONAL,
    DIAGONAL_RULES,
    load_sea,
    reach_probability,
    reachable,
    sea_graph,
    turns_to_reach,
)
from piratelib.widgets import dreadpirate_movement, snapshot_html
from piratelib.widgets.dreadpirate_movement import NONE, OTHER_SHIPS, MovementApp

PORT_DIABLO, KRAKENS_REACH = (0, 0), (6, 10)
SVG = "{http://www.w3.org/2000/svg}"
OTHERS = list(OTHER_SHIPS.values())


@pytest.fixture
def charts(monkeypatch):
    """Record every sea chart the app draws: a list of its keyword arguments."""
    calls = []
    chart = dreadpirate_movement.draw_sea.sea_chart_svg

    def record(sea_or_graph, **options):
        calls.append({"sea_or_graph": sea_or_graph, **options})
        return chart(sea_or_graph, **options)

    monkeypatch.setattr(dreadpirate_movement.draw_sea, "sea_chart_svg", record)
    return calls


def test_opens_on_port_diablo_a_roll_of_7_and_the_default_reading(charts):
    app = MovementApp()
    assert app.start.value == "port_diablo" and app.roll.value == 7
    assert app.diagonal.value == DEFAULT_DIAGONAL and app.compare.value == NONE
    assert app.target.value == "krakens_reach" and app.pass_through.value
    assert app.start.label == "Port Diablo" and app.target.label == "Kraken's Reach"
    G = sea_graph()
    assert app.reach == reachable(G, PORT_DIABLO, 7, occupied=OTHERS)
    assert len(app.reach) == 55 and app.changes == frozenset()
    assert "end on <b>55 squares</b>" in app.result.value
    assert "Sea Wolf at row 0, column 1; Black Gull at row 1, column 1" in app.result.value
    assert "may be sailed through but not stopped on" in app.result.value
    assert "piratelib-dp-reach" in app.result._dom_classes
    assert "piratelib-dp-odds" in app.odds._dom_classes
    assert (
        "Chance to reach <b>Kraken&#x27;s Reach</b> this turn: <b>2.8% (exactly 1 in 36)</b>"
        in app.odds.value
    )
    assert app.picture.value.startswith("<svg xmlns='http://www.w3.org/2000/svg'")
    shown = ET.fromstring(app.picture.value)
    assert shown.get("class") == "piratelib-dp-map" and shown.get("role") == "img"
    assert shown.get("aria-label").startswith("Map of the sea, 20 columns by 13 rows")
    assert shown.find(f"{SVG}title").text == shown.get("aria-label")
    assert "Ships: You at Port Diablo; Sea Wolf at row 0, column 1;" in app.picture.value
    assert "55 squares shaded, reachable with a roll of 7. Target: Kraken" in app.picture.value
    (drawn,) = charts
    assert drawn["ships"] == {"You": PORT_DIABLO, **OTHER_SHIPS}
    assert drawn["highlight"] == app.reach and drawn["target"] == KRAKENS_REACH
    assert drawn["changed"] == frozenset()


def test_the_picture_marks_what_the_answers_say():
    """Each reached square is shaded and each changed one hatched, on the app's SVG."""
    app = MovementApp(roll=12, compare="both_sides_water")
    shown = ET.fromstring(app.picture.value)

    def squares(kind):
        return {
            tuple(int(x) for x in e.get("data-square").split(","))
            for e in shown.iter(f"{SVG}rect")
            if e.get("class") == kind
        }

    assert squares("highlight") == app.reach and squares("changed") == app.changes
    ships = {g.get("data-ship") for g in shown.iter(f"{SVG}g") if g.get("class") == "ship"}
    assert ships == {"You", *OTHER_SHIPS}
    assert len([e for e in shown.iter(f"{SVG}circle") if e.get("class") == "target"]) == 1


def test_a_click_redraws_in_a_few_milliseconds():
    """The sea and its names are drawn once; a click draws only the marks (issue 25)."""
    app = MovementApp()
    times = []
    for rule in ["both_sides_water", "one_side_water"] * 5:
        start = time.perf_counter()
        app.diagonal.value = rule
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.1  # about 5 ms on a quiet machine


def test_the_readings_distances_and_odds_to_krakens_reach():
    # With the packaged sea, Port Diablo to Kraken's Reach is 16/13/12/10 steps under
    # never/both/one/always: a 2d6 roll of at most 12 reaches it only under the last two.
    distances = [
        nx.shortest_path_length(sea_graph(diagonal=rule), PORT_DIABLO, KRAKENS_REACH)
        for rule in DIAGONAL_RULES
    ]
    assert distances == [16, 13, 12, 10]
    app = MovementApp()
    chances = []
    for rule in DIAGONAL_RULES:
        app.diagonal.value = rule
        chances.append(app.chance)
    assert chances == [0, 0, Fraction(1, 36), Fraction(1, 6)]  # 12 needs 6+6; 10+ is 6/36


def test_switching_one_side_to_both_sides_water_changes_the_odds():
    app = MovementApp(diagonal="one_side_water")
    assert app.chance == Fraction(1, 36)
    assert "<b>2.8% (exactly 1 in 36)</b>" in app.odds.value
    app.diagonal.value = "both_sides_water"
    assert app.chance == 0
    assert "<b>0%: no roll of the dice gets there</b>" in app.odds.value
    assert app.turns == turns_to_reach(
        sea_graph(diagonal="both_sides_water"), PORT_DIABLO, KRAKENS_REACH
    )


def test_turns_to_reach_table_and_mean():
    app = MovementApp()
    expected = turns_to_reach(sea_graph(), PORT_DIABLO, KRAKENS_REACH)
    assert app.turns == expected and sum(expected.values()) == 1
    cells = re.findall(r"<td[^>]*>([^<]*)</td>", app.odds.value)
    shown = {
        int(k): Fraction(*(int(n.replace(",", "")) for n in exact.split(" in ")))
        for k, _, exact in zip(*[iter(cells)] * 3, strict=True)
    }
    assert shown == expected
    assert cells[:3] == ["1", "2.8%", "1 in 36"]
    assert cells[-3:] == ["6", "under 0.1%", "11 in 60,466,176"]  # not shown as 0%
    mean = sum(k * p for k, p in expected.items())
    assert f"on average <b>{float(mean):.2f}</b> turns" in app.odds.value
    assert "on average <b>2.22</b> turns" in app.odds.value
    assert "past the other ships, moored where they are" in app.odds.value


def test_compare_marks_the_squares_the_readings_disagree_on(charts):
    app = MovementApp(roll=12)
    app.compare.value = "both_sides_water"
    one = reachable(sea_graph(), PORT_DIABLO, 12, occupied=OTHERS)
    both = reachable(sea_graph(diagonal="both_sides_water"), PORT_DIABLO, 12, occupied=OTHERS)
    assert app.changes == one ^ both
    assert sorted(app.changes) == [(5, 9), (5, 12), (6, 9), (6, 10), (6, 12), (12, 3)]
    assert charts[-1]["changed"] == app.changes and charts[-1]["highlight"] == one
    assert "<b>6 squares change</b>" in app.result.value
    assert (
        "row 5, column 9; row 5, column 12; row 6, column 9; Kraken&#x27;s Reach (row 6, "
        "column 10); row 6, column 12; row 12, column 3" in app.result.value
    )
    assert "Only under <i>both sides water</i>: none." in app.result.value
    assert "Under <i>both sides water</i>: 0%: no roll of the dice gets there." in app.odds.value
    assert "6 squares hatched, reachable under only one of the two readings" in app.picture.value


def test_comparing_with_never_folds_a_long_list():
    app = MovementApp(roll=12, compare="never")
    assert len(app.changes) == 68
    assert "<b>68 squares change</b>" in app.result.value
    assert "<summary>all 68</summary>" in app.result.value


def test_comparing_a_reading_with_itself_changes_nothing():
    app = MovementApp(compare=DEFAULT_DIAGONAL)
    assert app.changes == frozenset()
    assert "no square changes" in app.result.value


def test_the_turns_table_counts_the_same_ships_as_the_chance_this_turn():
    # The chance this turn and the first row of the turns table answer the same question.
    app = MovementApp(pass_through=False)
    assert app.chance == 0 and 1 not in app.turns
    assert app.turns == turns_to_reach(
        sea_graph(), PORT_DIABLO, KRAKENS_REACH, occupied=OTHERS, pass_through=False
    )
    assert re.search(r"<tr><td[^>]*>2</td>", app.odds.value)
    assert not re.search(r"<tr><td[^>]*>1</td>", app.odds.value)
    app.pass_through.value = True
    assert app.turns[1] == app.chance == Fraction(1, 36)


def test_controls_are_wide_and_explained_where_they_are_set():
    app = MovementApp()
    assert app.roll.layout.width == "420px" and not app.roll.continuous_update
    for control in (app.start, app.diagonal, app.compare, app.target):
        assert control.layout.width == "420px" and control.style.description_width == "initial"
    helps = [str(getattr(child, "value", "")) for child in app.children]
    assert any("Unticked: the rivals block the way" in text for text in helps)
    assert any("<i>both sides water</i>: both squares beside the step" in text for text in helps)


def test_ships_that_block_the_way_close_the_only_short_route():
    # Sea Wolf (0, 1) and Black Gull (1, 1) leave Port Diablo one way out, (1, 0): the
    # 12 squares to Kraken's Reach become 13, beyond any roll.
    app = MovementApp()
    assert app.chance == Fraction(1, 36)
    app.pass_through.value = False
    assert app.chance == 0
    assert app.reach == reachable(sea_graph(), PORT_DIABLO, 7, occupied=OTHERS, pass_through=False)
    assert len(app.reach) == 47
    assert "block the way" in app.result.value
    # "Two or more ships cannot occupy the same space": never stopped on, either way.
    assert not set(OTHERS) & app.reach
    app.diagonal.value = "always"
    assert app.chance == reach_probability(
        sea_graph(diagonal="always"),
        PORT_DIABLO,
        KRAKENS_REACH,
        occupied=OTHERS,
        pass_through=False,
    )


@pytest.mark.parametrize("roll, count", [(0, 1), (1, 2), (2, 7), (12, 150)])
def test_the_roll_slider(roll, count):
    # "even zero": a roll of 0 leaves only the start. A roll of 1: staying put, or (1, 0),
    # the one neighbour of Port Diablo without a ship.
    app = MovementApp()
    app.roll.value = roll
    assert app.reach == reachable(sea_graph(), PORT_DIABLO, roll, occupied=OTHERS)
    assert len(app.reach) == count
    assert f"roll of <b>{roll}</b>" in app.result.value


def test_changing_the_start_and_target():
    app = MovementApp()
    app.start.value = "la_antigua"
    app.target.value = "smugglers_cove"
    G = sea_graph()
    assert app.chance == reach_probability(G, (12, 19), (10, 11), occupied=OTHERS)
    assert app.turns == turns_to_reach(G, (12, 19), (10, 11))
    assert "from La Antigua (row 12, column 19)" in app.result.value
    app.target.value = "la_antigua"  # already there
    assert app.chance == 1 and app.turns == {0: 1}


def test_every_control_redraws_the_picture():
    app = MovementApp()
    seen = {app.picture.value}
    for control, value in [
        (app.roll, 8),
        (app.diagonal, "never"),
        (app.compare, "always"),
        (app.target, "skull_rock"),
        (app.pass_through, False),
        (app.start, "san_cristobal"),
    ]:
        control.value = value
        seen.add(app.picture.value)
    assert len(seen) == 7


def _lagoon_sea(tmp_path):
    """The packaged sea with Smugglers' Cove (10, 11) walled in by land on all 8 sides."""
    text = (resources.files("piratelib.data") / "dreadpirate_sea.toml").read_text()
    for old, new in [
        ("\n~~~~~#~~~~~~~~~##~~~\n", "\n~~~~~#~~~~###~~##~~~\n"),
        ("\n~~~~#~~~~~~~~~~~~~~~\n", "\n~~~~#~~~~~#~#~~~~~~~\n"),
        ("\n~~~#~~~~~~~~~~~~~~~~\n", "\n~~~#~~~~~~###~~~~~~~\n"),
    ]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / "dreadpirate_sea.toml"
    path.write_text(text)
    return load_sea(path)


def test_an_unreachable_target_is_refused_not_raised(tmp_path):
    app = MovementApp(sea=_lagoon_sea(tmp_path), diagonal="always", target="smugglers_cove")
    assert app.chance == 0 and app.turns == {}
    assert (
        "Chance to reach <b>Smugglers&#x27; Cove</b> this turn: <b>0%: no roll of the dice "
        "gets there</b>" in app.odds.value
    )
    assert "piratelib-error" in app.odds.value
    assert "(10, 11) cannot be reached from (0, 0) by water" in app.odds.value
    app.target.value = "krakens_reach"  # and back to a reachable target
    assert "piratelib-error" not in app.odds.value and app.turns


def test_other_ships_on_land_are_refused(tmp_path):
    app = MovementApp(others={"Wreck": (1, 4)})
    assert "piratelib-error" in app.result.value
    assert "an occupied square (1, 4) is land" in app.result.value
    assert app.reach == frozenset() and app.chance is None
    assert "piratelib-error" in app.odds.value
    assert "aria-label='The sea, with nothing marked: the rules refused" in app.picture.value
    assert "class='highlight'" not in app.picture.value


def readable_text_problems(page: str) -> list[str]:
    """Text a reader may struggle with: <small>, a font under 12px, or a pale grey."""
    problems = re.findall(r"<small\b", page)
    problems += [f"{m}px" for m in re.findall(r"font-size:\s*(\d+)px", page) if int(m) < 12]
    for colour in re.findall(r"(?<![-\w])color:\s*#([0-9a-fA-F]{6})\b", page):
        channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
        if 1.05 / (luminance + 0.05) < 4.5:
            problems.append(f"#{colour}")
    return problems


def test_every_text_is_at_least_12px_and_dark_enough():
    """Rule 12: no <small>, no font under 12px, no grey paler than 4.5:1 on white."""
    for app in (MovementApp(), MovementApp(pass_through=False, compare="both_sides_water")):
        assert readable_text_problems(snapshot_html(app)) == []
    assert readable_text_problems("<small style='color:#888888;font-size:11px'>") == [
        "<small",
        "11px",
        "#888888",
    ]
