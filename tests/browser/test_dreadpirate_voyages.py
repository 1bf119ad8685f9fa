"""Dread Pirate's voyages notebook in a real browser: a new target, a new exact chance."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("voila", ["dreadpirate_2_voyages.ipynb"], indirect=True)
def test_the_target_changes_the_chance_this_turn(open_app, voila):
    app = open_app(voila, ".piratelib-dp-odds")
    # Port Diablo to Kraken's Reach: 12 steps under the default reading, a double six.
    assert "this turn: 2.8% (exactly 1 in 36)" in app.text(".piratelib-dp-odds")
    # Skull Rock is 8 steps away: a roll of 8 or more, 15 of the 36 rolls.
    app.page.get_by_label("Target", exact=True).select_option(label="Skull Rock")
    app.wait_for_text(".piratelib-dp-odds", "this turn: 41.7%")
    # the sea's picture (SVG, named by its alt text) rings the new target
    app.page.locator(".piratelib-dp-sea svg[aria-label*='Target: Skull Rock.']").wait_for()
    assert app.page.locator(".piratelib-dp-sea circle.target").count() == 1
    # Without diagonal steps it is 10 steps away: 6 of the 36 rolls.
    app.page.get_by_label("Diagonal rule", exact=True).select_option(
        label="never: no diagonal steps"
    )
    app.wait_for_text(".piratelib-dp-odds", "this turn: 16.7%")
