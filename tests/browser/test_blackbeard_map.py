"""The Hunt for Blackbeard Map notebook in a real browser: fewer pawns, fewer spaces."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("voila", ["blackbeard_1_map_and_movement.ipynb"], indirect=True)
def test_pawns_slider_changes_the_highlighted_spaces(open_app, voila):
    app = open_app(voila, ".piratelib-reachable")
    # Jane and Ranger at James River with 2 pawns: James River, Cape Henry, 6 Oceans.
    assert "reach 8 spaces" in app.text(".piratelib-reachable")
    app.press_slider(0, "ArrowLeft")
    app.wait_for_text(".piratelib-reachable", "reach 2 spaces")
    assert "Cape Henry and James River" in app.text(".piratelib-reachable")
