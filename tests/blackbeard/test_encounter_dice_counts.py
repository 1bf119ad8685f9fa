"""The solver's fast dice counts (`explain=False`) equal the counts the step-through
explains, in every state of many Encounters' game trees: the rule is written twice (once
with reasons, once as bare sums for speed), so this test holds the two together."""

from __future__ import annotations

import random

import pytest

from piratelib.blackbeard.encounter import Encounter, random_encounter
from piratelib.blackbeard.encounter.rules import (
    CHANCE_PHASES,
    chance_outcomes,
    hunter_fire_dice,
    opposed_dice,
    options,
    start,
)


def setups(n: int, seed: int) -> list[Encounter]:
    """`n` legal Encounters drawn at random (pieces, tiles, options, used tiles, reading)."""
    rng = random.Random(seed)
    return [random_encounter(rng, chance=0.5) for _ in range(n)]


@pytest.mark.parametrize("encounter", setups(40, 1718), ids=range(40))
def test_fast_dice_counts_equal_the_explained_ones_in_every_state(encounter):
    seen, frontier, rolls = set(), [start(encounter)], 0
    while frontier:
        state = frontier.pop()
        if state in seen or state.ending is not None:
            continue
        seen.add(state)
        phase = state.phase
        if phase.endswith(":roll"):
            fast = opposed_dice(encounter, state)[:2]
            assert fast == opposed_dice(encounter, state, explain=True)[:2], state
            rolls += 1
        if phase == "fire:hunters":
            for sloop in encounter.sloops:
                fast = hunter_fire_dice(encounter, state, sloop, explain=False)[0]
                assert fast == hunter_fire_dice(encounter, state, sloop)[0], (state, sloop)
        if phase in CHANCE_PHASES:
            frontier += [after for after, _ in chance_outcomes(encounter, state)]
        else:
            frontier += [after for _, after in options(encounter, state)]
    assert rolls or (not encounter.arrest and not encounter.sloops)
