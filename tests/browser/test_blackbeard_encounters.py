"""The Encounter calculator in the Encounters lesson, in a real browser: tick a tile in
setup A, see the exact odds change."""

from __future__ import annotations

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds
from piratelib.words import percent

COMMON = {"blackbeard": "escape", "hunters": "board"}


@pytest.mark.parametrize("voila", ["blackbeard_2_encounters.ipynb"], indirect=True)
def test_ticking_swivel_guns_changes_the_odds(open_app, voila):
    app = open_app(voila, ".piratelib-compare")
    jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    assert percent(odds(jane, escape_policy=COMMON)[Ending.HUNTERS_WIN]) in app.text(
        ".piratelib-compare"
    )
    app.page.locator(".piratelib-setup-a").get_by_label("Swivel Guns", exact=True).check()
    guns = Encounter(**{**jane.__dict__, "blackbeard_tiles": frozenset({"swivel_guns"})})
    expected = odds(guns, escape_policy=COMMON)
    app.wait_for_text(".piratelib-compare", percent(expected[Ending.BLACKBEARD_WINS]))
    assert percent(expected[Ending.HUNTERS_WIN]) in app.text(".piratelib-compare")
