"""The bots: they see only their side's view, play legal actions, and play to win.

Soundness of the deduction in bot games is in test_deduce.py; the win rates over 2,000
games per pairing, with 95% intervals, are in benchmarks/blackbeard_deduce.py. Here a
seeded sample of 40 games per pairing checks the direction: each smart bot does clearly
better than the random one.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from piratelib.blackbeard.bots.policies import (
    BOTS,
    bot_action,
    play_bots,
    random_policy,
    smart_blackbeard,
    smart_hunters,
)
from piratelib.blackbeard.game import (
    Done,
    FollowSighting,
    Move,
    PassSighting,
    SetCamp,
    adventure_space,
    apply,
    decider,
    legal_actions,
    new_game,
    observation,
    winner,
)
from piratelib.blackbeard.game.state import evolve, game_tiles
from piratelib.errors import PiratelibError


def bot_game(seed, hunters="smart", blackbeard="smart", advanced=False):
    return play_bots(
        new_game(seed=seed, advanced=advanced),
        random.Random(seed),
        hunters=BOTS["hunters"][hunters],
        blackbeard=BOTS["blackbeard"][blackbeard],
    )


@pytest.mark.parametrize(
    "bots", [{"hunters": random_policy, "blackbeard": smart_blackbeard}, {"hunters": smart_hunters}]
)
def test_a_bot_is_given_only_its_own_sides_view_and_the_legal_actions(bots):
    seen = []

    def watching(policy):
        def policy_seen(view, actions, rng):
            seen.append((view, list(actions)))
            return policy(view, actions, rng)

        return policy_seen

    state = new_game(seed=3)
    for _ in range(40):
        side = decider(state)
        if side is None:
            break
        policy = watching(bots.get(side, random_policy))
        action = bot_action(state, policy, random.Random(1))
        assert seen[-1] == (observation(state, side), legal_actions(state))
        state = apply(state, action)
    assert len(seen) == 40 or winner(state) is not None


def test_the_hunters_bot_chooses_alike_when_what_it_sees_is_alike():
    """Two Camps, one view: the Hunters cannot tell them apart, nor can their bot."""
    one = apply(new_game(seed=2), SetCamp("nots_island"))
    other = apply(new_game(seed=2), SetCamp("bats_grave"))
    assert one.camp != other.camp
    assert observation(one, "hunters") == observation(other, "hunters")
    for seed in range(5):
        assert bot_action(one, smart_hunters, random.Random(seed)) == bot_action(
            other, smart_hunters, random.Random(seed)
        )


def test_a_bot_is_refused_when_the_game_is_over():
    history = bot_game(1, "random", "random")
    over = history[-1][1][-1].state
    with pytest.raises(PiratelibError, match="the game is over"):
        bot_action(over, random_policy, random.Random(0))


def test_a_bot_that_chooses_an_illegal_action_is_refused_and_nothing_changes():
    state = new_game(seed=1)
    before = state
    with pytest.raises(PiratelibError, match=r"the blackbeard bot chose Done\(\), which is not"):
        bot_action(state, lambda view, actions, rng: Done(), random.Random(0))
    assert state == before and decider(state) == "blackbeard"


@pytest.mark.parametrize("seed", range(12))
def test_smart_blackbeard_ends_his_actions_where_every_planned_tile_acts(seed):
    """Piracy Locations: "To receive cubes, a tile must list a space that has Adventure in
    it. If not, the pawns are wasted!" The smart bot wastes none by where he stands."""
    history = bot_game(seed, "random", "smart")
    checked = 0
    for (_, steps), (_, after) in itertools.pairwise(history):
        before, state = steps[-1].state, after[-1].state
        if before.segment == "C" and state.segment == "D":  # his Actions just ended
            tiles = game_tiles(state)
            here = adventure_space(state)
            for tile, pawns in state.mat.pawns:
                assert pawns and here in tiles.spaces(tile, camp=state.camp), (tile, here)
            checked += 1
    assert checked >= 1


@pytest.mark.parametrize("seed", range(12))
def test_smart_hunters_keep_their_sloops_together_and_follow_every_sighting(seed):
    """A lone Sloop loses to Adventure 69% of the time; a Sighting costs nothing to follow."""
    history = bot_game(seed, "smart", "smart")
    state = new_game(seed=seed)
    for action, steps in history:
        if isinstance(action, Move) and action.pieces in (("jane",), ("ranger",)):
            assert state.jane != state.ranger  # a lone Sloop moves only to rejoin the other
        if decider(state) == "hunters" and any(
            isinstance(a, FollowSighting) for a in legal_actions(state)
        ):
            assert not isinstance(action, PassSighting)
        state = steps[-1].state


def win_counts(hunters, blackbeard, games=40):
    return Counter(
        winner(bot_game(seed, hunters, blackbeard)[-1][1][-1].state).side for seed in range(games)
    )


def test_smart_blackbeard_beats_random_hunters_where_a_random_blackbeard_does_not():
    smart, rand = win_counts("random", "smart"), win_counts("random", "random")
    assert smart["blackbeard"] >= 24 and rand["blackbeard"] <= 8, (smart, rand)


def test_smart_hunters_catch_a_smart_blackbeard_more_often_than_random_hunters():
    smart, rand = win_counts("smart", "smart"), win_counts("random", "smart")
    assert smart["hunters"] >= rand["hunters"] + 4, (smart, rand)


def adventure_seen_at_bats_grave(**hunters):
    """Turn 1, segment D: Adventure is at its Camp, Bat's Grave, face up; Hunters as given."""
    state = apply(new_game(seed=5), SetCamp("bats_grave"))
    state = apply(apply(state, Done()), Done())  # the Hunters, then Blackbeard, are Done
    assert state.segment == "D" and adventure_space(state) == "bats_grave"
    return evolve(state, face_up=state.face_up | {"bats_grave"}, **hunters)


def test_smart_hunters_send_brand_alone_but_not_the_two_sloops_alone_against_adventure():
    """The two Sloops beat Adventure 59% of the time and lose the game 41%: not enough.
    Brand alone never loses (Adventure Escapes or is Arrested), so he Marches."""
    state = adventure_seen_at_bats_grave(jane="albemarle_sound", ranger="albemarle_sound")
    action = bot_action(state, smart_hunters, random.Random(0))
    assert isinstance(action, Move) and action.pieces == ("brand",), action


def test_smart_hunters_bring_the_sloops_where_brand_already_is():
    """All three pieces beat Adventure 89% of the time against 11%."""
    state = adventure_seen_at_bats_grave(
        jane="albemarle_sound", ranger="albemarle_sound", brand="bats_grave"
    )
    action = bot_action(state, smart_hunters, random.Random(0))
    assert action == Move(("jane", "ranger"), "bats_grave"), action
