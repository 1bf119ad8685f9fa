"""Black Flag!'s sinking and end-of-game notebooks in a real browser: step to the Chest's move
in the first, move the Chest At the Edge of the World in the second."""

from __future__ import annotations

import pytest

from piratelib.blackflag.examples import rulebook_sinking
from piratelib.blackflag.scoring import edge_of_the_world
from piratelib.widgets.blackflag_sinking import seated_roles

# The sliders, in page order. Sinking: the SinkingApp's Step slider is the only one. The end
# of the game: the EdgeApp's Players slider, its Treasure Chest slider, then one Doubloons
# slider per player.
STEP_SLIDER = 0
CHEST_SLIDER = 1


@pytest.mark.parametrize("voila", ["blackflag_2_sinking.ipynb"], indirect=True)
def test_step_to_the_chest_move(open_app, voila):
    app = open_app(voila, ".piratelib-bf-step")
    steps = rulebook_sinking()
    shown = app.text(".piratelib-bf-step")
    assert f"Step 1 of {len(steps)}" in shown and steps[0].text in shown
    # "The Treasure Chest is moved 2 spaces toward the Ibberian Flag": the 4th step.
    assert steps[3].phase == "Sinking a Ship: 2" and steps[3].state.chest == 2
    for _ in range(3):
        app.press_slider(STEP_SLIDER, "ArrowRight")
    app.wait_for_text(".piratelib-bf-step", steps[3].text)
    assert f"Step 4 of {len(steps)}" in app.text(".piratelib-bf-step")
    assert "Treasure Chest on space 2 of the Ibberian side" in app.text(".piratelib-bf-state")
    board = app.page.locator(".piratelib-bf-board svg").first
    assert board.get_attribute("role") == "img"
    name = board.get_attribute("aria-label")
    assert name.startswith("After step 4 of 7: the Treasure Chest on space 2 of the Ibberian")
    assert "space 2, Ibberian side" in board.locator("[data-gid='chest_label']").text_content()


@pytest.mark.parametrize("voila", ["blackflag_3_the_end_of_the_game.ipynb"], indirect=True)
def test_score_the_edge_then_move_the_chest(open_app, voila):
    app = open_app(voila, ".piratelib-bf-edge")
    # The EdgeApp opens on 5 players, 1 Doubloon each, the Chest on space 0: the Pirate wins.
    roles = seated_roles(5)
    level = dict.fromkeys(roles, 1)
    assert edge_of_the_world(roles, level, chest=0).why in app.text(".piratelib-bf-edge")
    assert "The Pirate wins" in app.text(".piratelib-bf-edge")
    app.press_slider(CHEST_SLIDER, "ArrowRight")
    # Space 1 of the Ibberian side: the Pirate's 1 Doubloon is not more than Ibberia's fewest.
    after = edge_of_the_world(roles, level, chest=1)
    assert after.winner == "ibberia"
    app.wait_for_text(".piratelib-bf-edge", "Kingdom of Ibberia wins")
    assert after.why in app.text(".piratelib-bf-edge")
    app.page.wait_for_function(  # an SVG's words are its textContent (it has no innerText)
        "text => document.querySelector(\".piratelib-bf-board [data-gid='chest_label']\")"
        "?.textContent.includes(text)",
        arg="space 1, Ibberian side",
        timeout=60_000,
    )
    board = app.page.locator("svg.piratelib-bf-board-svg")
    assert "Kingdom of Ibberia wins" in board.get_attribute("aria-label")
