"""Headless tests of the start notebook's app: set controls, read what the learner sees."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from fractions import Fraction

from piratelib.dice import highest_die_contest
from piratelib.widgets.dice import BLACKBEARD_WINS_TIES, HUNTERS_WIN_TIES, HighestDieApp
from piratelib.words import chance


def test_opens_on_three_against_two_with_ties_to_the_hunters():
    app = HighestDieApp()
    assert app.exact == Fraction(3667, 7776)
    assert "<b>47.2% (exactly 3,667 in 7,776, about 1 in 2)</b>" in app.result.value
    assert "the Hunters win with chance 52.8%" in app.result.value


def test_moving_a_slider_updates_the_exact_answer():
    app = HighestDieApp()
    app.hunter_dice.value = 4
    assert app.exact == highest_die_contest(3, 4, a_wins_ties=False) == Fraction(75799, 279936)
    assert "27.1% (exactly 75,799 in 279,936, about 1 in 4)" in app.result.value
    app.blackbeard_dice.value = 6
    p = highest_die_contest(6, 4, a_wins_ties=False)
    assert f"<b>{chance(p)}</b>" in app.result.value


def test_ties_switch():
    app = HighestDieApp(blackbeard_dice=1, hunter_dice=1)
    assert "<b>41.7% (exactly 5 in 12, about 1 in 2)</b>" in app.result.value
    app.ties.value = BLACKBEARD_WINS_TIES
    assert app.blackbeard_wins_ties
    assert "<b>58.3% (exactly 7 in 12, about 4 in 7)</b>" in app.result.value
    app.ties.value = HUNTERS_WIN_TIES
    assert "exactly 5 in 12" in app.result.value


def test_zero_dice_are_shown_as_certain_outcomes():
    app = HighestDieApp(blackbeard_dice=0, hunter_dice=0, warned=True)
    assert "<b>100% (certain)</b>" in app.result.value
    assert "the result is certain" in app.simulation.value
    app.ties.value = HUNTERS_WIN_TIES
    assert "<b>0% (never)</b>" in app.result.value


def test_chart_is_redrawn_with_its_alt_text_when_dice_change():
    app = HighestDieApp()
    before = app.chart.value
    assert before.startswith("<svg") and "<img" not in before  # SVG text, not a PNG
    picture = ET.fromstring(before)
    assert picture.get("role") == "img"
    name = "Bar chart, Each side's highest single die. Blackbeard, 3 dice: likeliest 6, 42.1%"
    assert picture.get("aria-label").startswith(name)
    app.blackbeard_dice.value = 0
    assert app.chart.value != before
    assert "Blackbeard, 0 dice: always no dice." in ET.fromstring(app.chart.value).get("aria-label")
    assert ">no dice</text>" in app.chart.value
    assert app.chart.value.count(">100%</text>") == 2  # the scale's top, and the bar


def test_sliders_are_long_and_redraw_only_when_released():
    app = HighestDieApp()
    for slider in (app.blackbeard_dice, app.hunter_dice):
        assert int(slider.layout.width.removesuffix("px")) >= 420
        assert slider.continuous_update is False


def test_the_options_are_explained_where_they_are_ticked():
    app = HighestDieApp()
    help_line = next(c.value for c in app.children if "Warned" in str(getattr(c, "value", "")))
    assert "Ties go to" in help_line and "Simulation seed" in help_line


def test_simulation_is_seeded_and_agrees():
    app = HighestDieApp()
    first = app.simulation.value
    assert "Simulated 10,000 rolls with seed 1718" in first
    app.seed.value = 7
    assert app.simulation.value != first
    app.seed.value = 1718
    assert app.simulation.value == first
    distance = float(first.split("exact 47.16%, ")[1].split(" standard errors")[0])
    assert distance < 4


def test_a_setting_seen_before_is_not_rolled_again(monkeypatch):
    # The same seed rolls the same dice: the simulation of a setting is kept, so moving a
    # slider back answers at once, with the same numbers.
    from piratelib import dice
    from piratelib.widgets import dice as app_module

    calls = []
    real = dice.simulate_highest_die_contest
    monkeypatch.setattr(
        dice, "simulate_highest_die_contest", lambda *a, **k: calls.append(a) or real(*a, **k)
    )
    app_module._simulated.cache_clear()
    app = HighestDieApp(trials=500)
    first = app.simulation.value
    app.hunter_dice.value = 3
    app.hunter_dice.value = 2
    assert app.simulation.value == first and calls == [(3, 2), (3, 3)]
    app.seed.value = 7  # another seed rolls again
    assert len(calls) == 3
