"""Dread Pirate's movement notebook in a real browser: a bigger roll, a stricter reading."""

from __future__ import annotations

import pytest

from piratelib.dreadpirate.sea import reachable, sea_graph
from piratelib.widgets.dreadpirate_movement import OTHER_SHIPS

ROLL_SLIDER = 0  # the notebook's only slider: the MovementApp's roll
PORT_DIABLO = (0, 0)


def squares(roll: int) -> int:
    """How many squares a roll reaches from Port Diablo past the app's two rival ships."""
    return len(reachable(sea_graph(), PORT_DIABLO, roll, occupied=OTHER_SHIPS.values()))


@pytest.mark.parametrize("voila", ["dreadpirate_1_movement.ipynb"], indirect=True)
def test_roll_slider_and_diagonal_rule_change_the_answers(open_app, voila):
    app = open_app(voila, ".piratelib-dp-reach")
    assert f"can end on {squares(7)} squares" in app.text(".piratelib-dp-reach")
    assert "this turn: 2.8% (exactly 1 in 36)" in app.text(".piratelib-dp-odds")
    alt = app.page.locator(".piratelib-dp-sea img").get_attribute("alt")
    assert f"{squares(7)} squares shaded, reachable with a roll of 7" in alt
    app.press_slider(ROLL_SLIDER, "ArrowRight")
    app.wait_for_text(".piratelib-dp-reach", f"can end on {squares(8)} squares")
    assert "roll of 8" in app.text(".piratelib-dp-reach")
    # Under "both sides water" Kraken's Reach is 13 steps from Port Diablo: out of reach.
    app.page.get_by_label("Diagonal rule").select_option(label="both sides water")
    app.wait_for_text(".piratelib-dp-odds", "this turn: 0%: no roll of the dice gets there")
    assert "both sides water" in app.text(".piratelib-dp-reach")
    # Rivals that block the way: the turns table agrees with the chance this turn.
    app.page.get_by_label("Diagonal rule").select_option(
        label="one side water (piratelib's default)"
    )
    app.wait_for_text(".piratelib-dp-odds", "this turn: 2.8% (exactly 1 in 36)")
    app.page.get_by_label("Ships may sail through other ships").uncheck()
    app.wait_for_text(".piratelib-dp-odds", "this turn: 0%: no roll of the dice gets there")
    rows = app.page.locator(".piratelib-dp-turns tr")
    assert rows.nth(1).locator("td").first.inner_text() == "2"
