"""The start notebook in a real browser: move a slider, see the exact answer change."""

from __future__ import annotations

import pytest

from piratelib.dice import highest_die_contest


@pytest.mark.parametrize("voila", ["00_start_here.ipynb"], indirect=True)
def test_slider_changes_the_exact_probability(open_app, voila):
    app = open_app(voila, ".piratelib-result")
    assert "3667/7776" in app.text(".piratelib-result")
    # The second slider is the Hunters' dice; one arrow key moves it from 2 to 3.
    app.press_slider(1, "ArrowRight")
    expected = highest_die_contest(3, 3, a_wins_ties=False)
    app.wait_for_text(".piratelib-result", f"{expected.numerator}/{expected.denominator}")
    assert app.page.locator(".widget-readout").nth(1).inner_text() == "3"
