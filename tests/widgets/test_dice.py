"""Headless tests of the start notebook's app: set controls, read what the learner sees."""

from __future__ import annotations

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
    assert before.startswith("<img") and "data:image/png;base64," in before
    assert "alt='Bar chart, Each side&#x27;s highest single die. Blackbeard, 3 dice:" in before
    app.blackbeard_dice.value = 0
    assert app.chart.value != before
    assert "Blackbeard, 0 dice: always no dice." in app.chart.value


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
