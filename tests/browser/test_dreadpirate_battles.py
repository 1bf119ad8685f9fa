"""Dread Pirate's battles notebook in a real browser: a bonus changes the exact chance, and
the stepper follows a battle."""

from __future__ import annotations

import random

import pytest

from piratelib.dreadpirate.battle import (
    attacker_win_probability,
    expected_swing,
    resolve_battle,
)
from piratelib.widgets.dreadpirate_battle import ATTACKER, DEFENDER
from piratelib.words import chance, percent

# The notebook's sliders, in page order: the BattleTable's attacker and defender bonus
# sliders, the BattleStepper's Step slider, then the WinChecker's Gold and Gem sliders.
ATTACKER_BONUS = 0
STEP = 2


@pytest.mark.parametrize("voila", ["dreadpirate_3_battles.ipynb"], indirect=True)
def test_a_bigger_attacker_bonus_gives_a_new_exact_chance(open_app, voila):
    app = open_app(voila, ".piratelib-dp-odds")
    # No bonuses: "The attacker wins ties."
    assert chance(attacker_win_probability()) in app.text(".piratelib-dp-odds")
    assert "55.6% (exactly 721 in 1,296" in app.text(".piratelib-dp-odds")
    app.press_slider(ATTACKER_BONUS, "ArrowRight")
    after = attacker_win_probability(1, 0)
    app.wait_for_text(".piratelib-dp-odds", chance(after))
    assert "the attacker adds 1 (Missions) = +1" in app.text(".piratelib-dp-odds")
    app.wait_for_text(".piratelib-dp-swing", f"(exactly +{expected_swing(1, 0)})")
    # the chart's alt text says the same percentage as the text
    chart = f".piratelib-dp-totals svg[aria-label*='the attacker wins {percent(after)}.']"
    app.page.locator(chart).wait_for(timeout=30_000)

    # The stepper fights battle number 1: step to the winner.
    steps = resolve_battle(ATTACKER, DEFENDER, random.Random(1))
    assert f"Step 1 of {len(steps)}" in app.text(".piratelib-dp-step")
    for _ in range(3):
        app.press_slider(STEP, "ArrowRight")
    app.wait_for_text(".piratelib-dp-step", steps[3].text)
    assert steps[3].phase == "Battle: winner"
    assert "The attacker wins ties." in app.text(".piratelib-dp-step")
