"""The Piracy app in a real browser: add a pawn to Raid Delaware, see the exact new steps."""

from __future__ import annotations

import random

import pytest

from piratelib.blackbeard.piracy import Position, plan_piracy, resolve_piracy
from piratelib.widgets.piracy import START, victory_line

PAWN_SLIDER = 0  # the notebook's only sliders are MatApp's; Raid Delaware's comes first


def resolve(plan: dict[str, int]):
    mat = START
    for tile, pawns in plan.items():
        mat = plan_piracy(mat, tile, pawns)
    position = Position(adventure="nots_island", camp="bats_grave")
    return resolve_piracy(mat, position, random.Random(1))


@pytest.mark.parametrize("voila", ["blackbeard_4_piracy_plans.ipynb"], indirect=True)
def test_a_pawn_on_raid_delaware_changes_the_steps(open_app, voila):
    app = open_app(voila, ".piratelib-victory")
    before = resolve({"banyan_for_vane": 3})
    assert before[0].text in app.text(".piratelib-piracy-step")
    assert victory_line(before[-1].state) in app.text(".piratelib-victory")
    app.press_slider(PAWN_SLIDER, "ArrowRight")
    after = resolve({"raid_delaware": 1, "banyan_for_vane": 3})
    assert after[0].text != before[0].text
    app.wait_for_text(".piratelib-piracy-step", after[0].text)
    assert "Step 1 of 5" in app.text(".piratelib-piracy-step")  # steps count from 1
    assert victory_line(after[-1].state) in app.text(".piratelib-victory")
