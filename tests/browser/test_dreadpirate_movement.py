"""Dread Pirate's movement notebook in a real browser: a bigger roll, a stricter reading."""

from __future__ import annotations

import pytest

from piratelib.dreadpirate.sea import reachable, sea_graph
from piratelib.widgets.dreadpirate_movement import OTHER_SHIPS

ROLL_SLIDER = 0  # the notebook's only slider: the MovementApp's roll
PORT_DIABLO = (0, 0)
NAMES_OUTSIDE_THEIR_BOXES = """() => [...document.querySelectorAll(".piratelib-dp-sea g.name")]
  .filter((g) => {
    const box = g.querySelector("rect").getBBox(), words = g.querySelector("text").getBBox();
    return words.x < box.x || words.x + words.width > box.x + box.width
      || words.y < box.y - 1 || words.y + words.height > box.y + box.height + 1;
  })
  .map((g) => g.getAttribute("data-place"))"""


def squares(roll: int) -> int:
    """How many squares a roll reaches from Port Diablo past the app's two rival ships."""
    return len(reachable(sea_graph(), PORT_DIABLO, roll, occupied=OTHER_SHIPS.values()))


@pytest.mark.parametrize("voila", ["dreadpirate_1_movement.ipynb"], indirect=True)
def test_roll_slider_and_diagonal_rule_change_the_answers(open_app, voila):
    app = open_app(voila, ".piratelib-dp-reach")
    assert f"can end on {squares(7)} squares" in app.text(".piratelib-dp-reach")
    assert "this turn: 2.8% (exactly 1 in 36)" in app.text(".piratelib-dp-odds")
    alt = app.page.locator(".piratelib-dp-sea svg").get_attribute("aria-label")
    assert f"{squares(7)} squares shaded, reachable with a roll of 7" in alt
    # The picture is SVG: each place's name fits in its box, as this browser draws it.
    assert app.page.evaluate(NAMES_OUTSIDE_THEIR_BOXES) == []
    app.press_slider(ROLL_SLIDER, "ArrowRight")
    app.wait_for_text(".piratelib-dp-reach", f"can end on {squares(8)} squares")
    assert "roll of 8" in app.text(".piratelib-dp-reach")
    shaded = f".piratelib-dp-sea svg[aria-label*='{squares(8)} squares shaded']"
    app.page.locator(shaded).wait_for(timeout=30_000)
    assert app.page.locator(".piratelib-dp-sea rect.highlight").count() == squares(8)
    # (exact labels: the sea's picture is named by its alt text, which names the rule too)
    # Under "both sides water" Kraken's Reach is 13 steps from Port Diablo: out of reach.
    app.page.get_by_label("Diagonal rule", exact=True).select_option(label="both sides water")
    app.wait_for_text(".piratelib-dp-odds", "this turn: 0%: no roll of the dice gets there")
    assert "both sides water" in app.text(".piratelib-dp-reach")
    # Rivals that block the way: the turns table agrees with the chance this turn.
    app.page.get_by_label("Diagonal rule", exact=True).select_option(
        label="one side water (piratelib's default)"
    )
    app.wait_for_text(".piratelib-dp-odds", "this turn: 2.8% (exactly 1 in 36)")
    app.page.get_by_label("Ships may sail through other ships").uncheck()
    app.wait_for_text(".piratelib-dp-odds", "this turn: 0%: no roll of the dice gets there")
    rows = app.page.locator(".piratelib-dp-turns tr")
    assert rows.nth(1).locator("td").first.inner_text() == "2"
