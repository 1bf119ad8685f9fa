"""Black Flag!'s many-game tally (issue 17)."""

from __future__ import annotations

import random

import pytest

from piratelib.blackflag.game import new_game, playout
from piratelib.blackflag.tally import SIDES, tally
from piratelib.errors import PiratelibError


@pytest.mark.parametrize("players", [4, 7])
def test_tally_counts_what_playout_plays(players):
    """Oracle: the same seeds played one by one with playout and counted here."""
    counts = tally(6, seed=11, players=players)
    names = [f"Player {n}" for n in range(1, players + 1)]
    winners, ends, actions = [], [], 0
    for seed in range(11, 17):
        history = playout(new_game(names, seed=seed), random.Random(seed))
        outcome = history[-1][1][-1].state.outcome
        winners.append(outcome.winner)
        ends.append(outcome.termination.name.lower())
        actions += len(history)
    assert {side: counts[f"{side}_wins"] for side in SIDES} == {
        side: winners.count(side) for side in SIDES
    }
    for end in ("wealth", "sinking", "edge_of_the_world"):
        assert counts[end] == ends.count(end)
    assert counts["actions"] == actions
    assert counts["unfinished"] == 0


def test_a_game_cut_short_is_counted_unfinished():
    counts = tally(3, seed=2, max_actions=5)
    assert counts["unfinished"] == 3 and counts["actions"] == 15


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"games": 0}, "games must be a whole number from 1"),
        ({"games": 2, "players": 3}, "players must be a whole number from 4 to 8"),
        ({"games": 2, "seed": 1.5}, "seed must be a whole number"),
    ],
)
def test_bad_input_is_refused(kwargs, words):
    with pytest.raises(PiratelibError, match=words):
        tally(**kwargs)
