"""Headless tests of the start notebook's app: set controls, read what the learner sees."""

from __future__ import annotations

from fractions import Fraction

from piratelib.dice import highest_die_contest
from piratelib.widgets.dice import BLACKBEARD_WINS_TIES, HUNTERS_WIN_TIES, HighestDieApp


def test_opens_on_three_against_two_with_ties_to_the_hunters():
    app = HighestDieApp()
    assert app.exact == Fraction(3667, 7776)
    assert "<b>3667/7776</b> = <b>47.16%</b>" in app.result.value


def test_moving_a_slider_updates_the_exact_answer():
    app = HighestDieApp()
    app.hunter_dice.value = 4
    assert app.exact == highest_die_contest(3, 4, a_wins_ties=False) == Fraction(75799, 279936)
    assert "75799/279936" in app.result.value
    app.blackbeard_dice.value = 6
    assert f"<b>{highest_die_contest(6, 4, a_wins_ties=False)}</b>" in app.result.value


def test_ties_switch():
    app = HighestDieApp(blackbeard_dice=1, hunter_dice=1)
    assert "<b>5/12</b>" in app.result.value
    app.ties.value = BLACKBEARD_WINS_TIES
    assert app.blackbeard_wins_ties
    assert "<b>7/12</b>" in app.result.value
    app.ties.value = HUNTERS_WIN_TIES
    assert "<b>5/12</b>" in app.result.value


def test_zero_dice_are_shown_as_certain_outcomes():
    app = HighestDieApp(blackbeard_dice=0, hunter_dice=0, warned=True)
    assert "1 (certain)" in app.result.value
    assert "the result is certain" in app.simulation.value
    app.ties.value = HUNTERS_WIN_TIES
    assert "0 (never)" in app.result.value


def test_chart_is_redrawn_when_dice_change():
    app = HighestDieApp()
    before = bytes(app.chart.value)
    assert before.startswith(b"\x89PNG")
    app.blackbeard_dice.value = 0
    assert bytes(app.chart.value) != before


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
