"""The Encounter calculator in a real browser: tick a tile, see the exact odds change."""

from __future__ import annotations

import pytest

from piratelib.blackbeard.encounter import Encounter, Ending, odds
from piratelib.words import chance


@pytest.mark.parametrize("voila", ["blackbeard_2_encounters.ipynb"], indirect=True)
def test_ticking_swivel_guns_changes_the_odds(open_app, voila):
    app = open_app(voila, ".piratelib-odds")
    jane = Encounter(hunters=frozenset({"jane"}), pirates=frozenset({"adventure"}))
    assert chance(odds(jane)[Ending.BLACKBEARD_WINS]) in app.text(".piratelib-odds")
    app.page.get_by_label("Swivel Guns").first.check()
    guns = Encounter(**{**jane.__dict__, "blackbeard_tiles": frozenset({"swivel_guns"})})
    app.wait_for_text(".piratelib-odds", chance(odds(guns)[Ending.BLACKBEARD_WINS]))
    assert chance(odds(guns)[Ending.HUNTERS_WIN]) in app.text(".piratelib-odds")
