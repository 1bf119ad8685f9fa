"""Dread Pirate's many-game tally (issue 17)."""

from __future__ import annotations

import random

import pytest

from piratelib.dreadpirate.bots import greedy, random_policy
from piratelib.dreadpirate.game import decider, new_game, observation, playout
from piratelib.dreadpirate.tally import tally
from piratelib.errors import PiratelibError


def test_tally_counts_what_playout_plays():
    """Oracle: the same seeds played one by one with playout and the greedy bot."""
    counts = tally(3, seed=20, pirates=2, diagonal="always")
    seats, firsts, ways, turns = [], 0, [], 0
    for seed in range(20, 23):
        start = new_game(["Ann", "Bo"], seed=seed, diagonal="always")
        end = playout(start, random.Random(seed), policy=_view(greedy))[-1][1][-1].state
        seat = ["Ann", "Bo"].index(end.outcome.winner)
        seats.append(seat + 1)
        firsts += seat == start.active
        ways.append(end.outcome.condition.value)
        turns += end.turn
    assert counts["unfinished"] == 0
    assert [counts["seat_1_wins"], counts["seat_2_wins"]] == [seats.count(1), seats.count(2)]
    assert counts["first_wins"] == firsts
    assert [counts[w] for w in ("gold", "one_colour", "each_colour")] == [
        ways.count(w) for w in ("gold", "one_colour", "each_colour")
    ]
    assert counts["turns"] == turns


def test_a_mixed_table_plays_each_seat_by_its_own_bot():
    """Oracle: playout asking seat 1's greedy bot and seat 2's random one with their views."""
    counts = tally(4, seed=30, pirates=2, bot=["greedy", "random"], max_actions=600)
    seats = {"Ann": greedy, "Bo": random_policy}
    wins, unfinished = {"Ann": 0, "Bo": 0}, 0
    for seed in range(30, 34):
        start = new_game(["Ann", "Bo"], seed=seed)
        policy = _view(lambda view, actions, rng: seats[view.player](view, actions, rng))
        end = playout(start, random.Random(seed), policy=policy, max_actions=600)[-1][1][-1].state
        if end.outcome is None:
            unfinished += 1
        else:
            wins[end.outcome.winner] += 1
    assert (counts["seat_1_wins"], counts["seat_2_wins"]) == (wins["Ann"], wins["Bo"])
    assert counts["unfinished"] == unfinished
    assert counts == tally(4, seed=30, pirates=2, bot=("greedy", "random"), max_actions=600)


def test_a_game_cut_short_is_counted_unfinished():
    counts = tally(2, seed=1, max_actions=3)
    assert counts["unfinished"] == 2 and counts["actions"] == 6 and counts["turns"] == 0


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"games": 0}, "games must be a whole number from 1"),
        ({"games": 1, "pirates": 5}, "pirates must be a whole number from 2 to 4"),
        ({"games": 1, "diagonal": "sometimes"}, "unknown diagonal rule 'sometimes'"),
        ({"games": 1, "bot": "clever"}, "unknown bot 'clever'"),
        ({"games": 1, "pirates": 2, "bot": ["greedy", "clever"]}, "unknown bot 'clever'"),
        ({"games": 1, "pirates": 3, "bot": ["greedy", "random"]}, "one per seat \\(3\\)"),
        ({"games": 1, "bot": None}, "one bot for every Pirate or one per seat"),
    ],
)
def test_bad_input_is_refused(kwargs, words):
    with pytest.raises(PiratelibError, match=words):
        tally(**kwargs)


def _view(policy):
    """`policy` as playout asks a policy: with the state, here turned into the decider's view."""
    return lambda state, actions, rng: policy(observation(state, decider(state)), actions, rng)
