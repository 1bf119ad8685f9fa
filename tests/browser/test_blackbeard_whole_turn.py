"""The whole-turn app in a real browser: press Forward, jump to C, see the step text change."""

from __future__ import annotations

import pytest

from piratelib.widgets.blackbeard_game import turn_history
from piratelib.words import say


@pytest.mark.parametrize("voila", ["blackbeard_5_a_whole_turn.ipynb"], indirect=True)
def test_forward_and_a_segment_button_change_the_step(open_app, voila):
    steps, _ = turn_history(5)
    app = open_app(voila, ".piratelib-turn-step")
    assert "Step 1 of 37" in app.text(".piratelib-turn-step")
    assert app.page.locator("svg.piratelib-map-hunters").count() == 1
    alt = app.page.locator("svg.piratelib-map-hunters").get_attribute("aria-label")
    assert alt.startswith("The Hunters' view of the Map, Turn 1, step 1, A. Draw Tiles")
    app.page.get_by_role("button", name="Forward ▶").click()
    app.wait_for_text(".piratelib-turn-step", say(steps[1].text))
    assert "Step 2 of 37" in app.text(".piratelib-turn-step")
    app.page.get_by_role("button", name="C. Blackbeard Actions").click()
    app.wait_for_text(".piratelib-turn-where", "segment C. Blackbeard Actions")
    assert "Step 16 of 37" in app.text(".piratelib-turn-step")
