"""Dread Pirate's bots: they choose legal actions from the deciding Pirate's view, a seed gives
one game, and the greedy bot's games end with a winner. (That the view hides what it must,
and so the bots cannot read it: test_observation.py.)"""

from __future__ import annotations

import random
import types

import networkx as nx
import pytest

from piratelib.dreadpirate.bots import BOTS, bot_action, greedy, play_bots, random_policy
from piratelib.dreadpirate.game import (
    EndTurn,
    Move,
    Observation,
    Pay,
    apply,
    decider,
    legal_actions,
    new_game,
    observation,
    playout,
    winner,
)
from piratelib.dreadpirate.game.state import State
from piratelib.dreadpirate.sea import grid as sea
from piratelib.errors import IllegalActionError, PiratelibError

NAMES = ["Ann", "Bo", "Cy", "Di"]
CAP = 2_000  # actions; the greedy games measured by benchmarks/dreadpirate_bots.py end in < 1,000


def _watched(policy, seen):
    """`policy` asked with the decider's view, checking that each choice is one of the legal
    actions, and keeping what it saw and did."""

    def choose(state, actions, rng):
        assert actions == legal_actions(state)
        action = policy(observation(state, decider(state)), actions, rng)
        assert action in actions
        seen.append((state, actions, action))
        return action

    return choose


def _last(history) -> State:
    return history[-1][1][-1].state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("diagonal", sea.DIAGONAL_RULES)
def test_greedy_games_end_with_a_winner_choosing_legal_actions(players, diagonal):
    for seed in range(2):
        seen = []
        state = new_game(NAMES[:players], seed=seed, diagonal=diagonal)
        history = playout(
            state, random.Random(seed), policy=_watched(greedy, seen), max_actions=CAP
        )
        assert winner(_last(history)) is not None, (players, diagonal, seed, len(history))
        assert legal_actions(_last(history)) == []
        for state, actions, action in seen:
            me = state.player(decider(state))
            if any(isinstance(a, Pay) for a in actions):
                assert isinstance(action, Pay)  # it pays whenever it may
            if EndTurn(draw=True) in actions and isinstance(action, EndTurn):
                assert action.draw and len(me.missions) < 2  # it draws when it has room


@pytest.mark.parametrize("name", sorted(BOTS))
def test_each_bot_plays_only_legal_actions(name):
    for players in (2, 3, 4):
        seen = []
        state = new_game(NAMES[:players], seed=players, diagonal="never")
        playout(state, random.Random(players), policy=_watched(BOTS[name], seen), max_actions=300)
        assert len(seen) > 50


def test_a_seed_gives_the_same_game():
    def game(seed):
        state = new_game(NAMES[:3], seed=seed)
        return [action for action, _ in play_bots(state, random.Random(seed), greedy)]

    assert game(5) == game(5)
    assert game(5) != game(6)


def test_greedy_sails_towards_its_missions():
    state = new_game(["Ann", "Bo"], seed=3)  # Ann on Port Diablo, rolled 8
    start = [h.card.info["start"] for h in state.player("Ann").missions]
    assert start == ["smugglers_cove", "port_diablo"]
    move = greedy(observation(state, "Ann"), legal_actions(state), random.Random(0))
    G = sea.sea_graph()
    cove = sea.square_of(G, "smugglers_cove")
    assert nx.shortest_path_length(G, move.path[-1], cove) == (
        nx.shortest_path_length(G, (0, 0), cove) - 8
    )


def test_greedy_accepts_any_legal_path_but_refuses_bad_actions():
    state = new_game(["Ann", "Bo"], seed=3)
    view = observation(state, "Ann")
    rng = random.Random(0)
    around = Move(((0, 0), (0, 1), (1, 1)))  # legal, though not the path listed
    assert around not in legal_actions(state)
    assert greedy(view, [around], rng) == around
    with pytest.raises(IllegalActionError, match="got none"):
        greedy(view, [], rng)
    with pytest.raises(IllegalActionError, match="legal actions now"):
        greedy(view, [Move(((0, 0), (5, 5)))], rng)
    with pytest.raises(IllegalActionError, match="list of the legal actions"):
        greedy(view, "EndTurn", rng)
    with pytest.raises(IllegalActionError, match="not a Dread Pirate action"):
        random_policy(view, [EndTurn(), "pass"], rng)
    with pytest.raises(IllegalActionError, match=r"random\.Random"):
        greedy(view, legal_actions(state), None)
    with pytest.raises(IllegalActionError, match="Observation"):
        greedy(None, [EndTurn()], rng)  # type: ignore[arg-type]  # the refusal is the test
    with pytest.raises(IllegalActionError, match="Observation"):
        greedy(state, legal_actions(state), rng)  # type: ignore[arg-type]  # a State is refused
    with pytest.raises(IllegalActionError, match="who decides, Ann, not from Bo's view"):
        greedy(observation(state, "Bo"), legal_actions(state), rng)
    after = apply(state, around)
    with pytest.raises(IllegalActionError, match="legal actions now"):
        greedy(observation(after, "Ann"), [around], rng)


def test_greedy_chooses_among_the_actions_it_is_given():
    seen = []
    state = new_game(NAMES[:4], seed=11)
    playout(state, random.Random(11), policy=_watched(greedy, seen), max_actions=400)
    kinds = set()
    for state, actions, _ in seen:
        view = observation(state, decider(state))
        for action in actions:
            if not isinstance(action, Move):  # every Move is given, to keep this short
                kinds.add(type(action).__name__)
                assert greedy(view, [action], random.Random(0)) == action
    assert {"Attack", "PlayCard", "Pass", "TakeSpoils", "EndTurn"} <= kinds


def test_play_bots_asks_each_seat_its_own_bot_with_its_own_view():
    start = new_game(NAMES[:3], seed=7)
    seats = [greedy, random_policy, random_policy]
    asked = []

    def spy(policy):
        def ask(view, actions, rng):
            assert isinstance(view, Observation) and view.player == view.decider
            asked.append((view.player, policy))
            return policy(view, actions, rng)

        return ask

    history = play_bots(start, random.Random(7), [spy(p) for p in seats], max_actions=200)
    states = [start, *(steps[-1].state for _, steps in history)]
    assert [name for name, _ in asked] == [decider(s) for s in states[: len(history)]]
    assert all(policy is seats[NAMES.index(name)] for name, policy in asked)
    alone = play_bots(start, random.Random(7), greedy, max_actions=200)

    def viewed(state, actions, rng):
        return greedy(observation(state, decider(state)), actions, rng)

    same = playout(start, random.Random(7), policy=viewed, max_actions=200)
    assert [a for a, _ in alone] == [a for a, _ in same]


def test_bot_action_asks_the_decider_and_refuses_what_it_must():
    state = new_game(["Ann", "Bo"], seed=3)
    assert bot_action(state, greedy, random.Random(0)) == greedy(
        observation(state, "Ann"), legal_actions(state), random.Random(0)
    )
    with pytest.raises(PiratelibError, match="not one of the legal actions"):
        bot_action(
            state, lambda view, actions, rng: Move(((0, 0), (0, 1), (1, 1))), random.Random(0)
        )
    ended = _last(play_bots(new_game(["Ann", "Bo"], seed=1), random.Random(1), greedy))
    with pytest.raises(PiratelibError, match="the game is over"):
        bot_action(ended, greedy, random.Random(0))
    with pytest.raises(PiratelibError, match="one per seat \\(2\\)"):
        play_bots(state, random.Random(0), [greedy])
    with pytest.raises(PiratelibError, match=r"random\.Random"):
        play_bots(state, 3, greedy)


def test_bots_are_a_read_only_mapping():
    assert isinstance(BOTS, types.MappingProxyType) and set(BOTS) == {"greedy", "random"}
    with pytest.raises(TypeError):
        BOTS["clever"] = greedy  # type: ignore[index]
