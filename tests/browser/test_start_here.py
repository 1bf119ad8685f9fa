"""The start notebook in a real browser: move a slider, see the exact answer change."""

from __future__ import annotations

import pytest

from piratelib.dice import highest_die_contest
from piratelib.words import chance


@pytest.mark.parametrize("voila", ["00_start_here.ipynb"], indirect=True)
def test_slider_changes_the_exact_probability(open_app, voila):
    """The answer in words follows the slider; the chart (SVG) keeps its words."""
    app = open_app(voila, ".piratelib-result")
    # percentage first, the exact fraction second (piratelib.words.chance)
    assert "47.2% (exactly 3,667 in 7,776" in app.text(".piratelib-result")
    # The second slider is the Hunters' dice; one arrow key moves it from 2 to 3.
    app.press_slider(1, "ArrowRight")
    expected = highest_die_contest(3, 3, a_wins_ties=False)
    app.wait_for_text(".piratelib-result", chance(expected))
    assert app.page.locator(".widget-readout").nth(1).inner_text() == "3"
    chart = app.page.locator(".piratelib-chart svg")
    assert "Hunters, 3 dice" in chart.get_attribute("aria-label")
    assert chart.get_attribute("role") == "img"
