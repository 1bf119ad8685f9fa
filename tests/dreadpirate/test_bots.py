"""Dread Pirate's bots: they choose legal actions, a seed gives one game, the greedy bot reads
nothing hidden from the deciding Pirate, and its games end with a winner."""

from __future__ import annotations

import random
from dataclasses import replace

import networkx as nx
import pytest

from piratelib.dreadpirate.bots import BOTS, greedy, random_policy
from piratelib.dreadpirate.game import (
    EndTurn,
    Move,
    Pay,
    apply,
    decider,
    legal_actions,
    new_game,
    playout,
    winner,
)
from piratelib.dreadpirate.game.state import Held, State
from piratelib.dreadpirate.sea import grid as sea
from piratelib.errors import IllegalActionError

NAMES = ["Ann", "Bo", "Cy", "Di"]
CAP = 2_000  # actions; the greedy games measured by benchmarks/dreadpirate_bots.py end in < 1,000


def _watched(policy, seen):
    """`policy`, checking that each choice is one of the legal actions, and what it does."""

    def choose(state, actions, rng):
        assert actions == legal_actions(state)
        action = policy(state, actions, rng)
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
        return [action for action, _ in playout(state, random.Random(seed), policy=greedy)]

    assert game(5) == game(5)
    assert game(5) != game(6)


def _hide_differently(state: State, name: str, rng: random.Random) -> State:
    """`state` with what Pirate `name` may not know changed: the other Pirates' hands and
    face-down Missions swapped with cards from the decks, and the decks reordered."""
    mission_deck, action_deck = list(state.mission_deck), list(state.action_deck)
    players = []
    for p in state.players:
        if p.name != name:
            hand = list(p.hand)
            for i in range(min(len(hand), len(action_deck))):
                hand[i], action_deck[i] = action_deck[i], hand[i]
            missions = list(p.missions)
            for i, held in enumerate(missions):
                if not held.started and mission_deck:  # started Missions are face up
                    missions[i] = Held(mission_deck.pop())
                    mission_deck.insert(0, held.card)
            p = replace(p, hand=tuple(hand), missions=tuple(missions))
        players.append(p)
    rng.shuffle(mission_deck)
    rng.shuffle(action_deck)
    return replace(
        state,
        players=tuple(players),
        mission_deck=tuple(mission_deck),
        action_deck=tuple(action_deck),
    )


@pytest.mark.parametrize("players", [2, 4])
def test_greedy_reads_nothing_hidden_from_the_deciding_pirate(players):
    seen = []
    state = new_game(NAMES[:players], seed=11)
    playout(state, random.Random(11), policy=_watched(greedy, seen), max_actions=400)
    changed = 0
    for k, (state, actions, _) in enumerate(seen):
        other = _hide_differently(state, decider(state), random.Random(k))
        if other == state:
            continue
        changed += 1
        assert other.player(decider(state)) == state.player(decider(state))
        other_actions = legal_actions(other)
        assert other_actions == actions
        assert greedy(other, other_actions, random.Random(k)) == greedy(
            state, actions, random.Random(k)
        )
    assert len(seen) > 100 and changed > len(seen) // 2
    assert any(state.pending is not None for state, _, _ in seen)  # battles were met


def test_greedy_sails_towards_its_missions():
    state = new_game(["Ann", "Bo"], seed=3)  # Ann on Port Diablo, rolled 8
    start = [h.card.info["start"] for h in state.player("Ann").missions]
    assert start == ["smugglers_cove", "port_diablo"]
    move = greedy(state, legal_actions(state), random.Random(0))
    G = sea.sea_graph()
    cove = sea.square_of(G, "smugglers_cove")
    assert nx.shortest_path_length(G, move.path[-1], cove) == (
        nx.shortest_path_length(G, (0, 0), cove) - 8
    )


def test_greedy_accepts_any_legal_path_but_refuses_bad_actions():
    state = new_game(["Ann", "Bo"], seed=3)
    rng = random.Random(0)
    around = Move(((0, 0), (0, 1), (1, 1)))  # legal, though not the path listed
    assert around not in legal_actions(state)
    assert greedy(state, [around], rng) == around
    with pytest.raises(IllegalActionError, match="got none"):
        greedy(state, [], rng)
    with pytest.raises(IllegalActionError, match="legal actions now"):
        greedy(state, [Move(((0, 0), (5, 5)))], rng)
    with pytest.raises(IllegalActionError, match="list of the legal actions"):
        greedy(state, "EndTurn", rng)
    with pytest.raises(IllegalActionError, match="not a Dread Pirate action"):
        random_policy(state, [EndTurn(), "pass"], rng)
    with pytest.raises(IllegalActionError, match=r"random\.Random"):
        greedy(state, legal_actions(state), None)
    with pytest.raises(TypeError, match="State"):
        greedy(None, [EndTurn()], rng)
    after = apply(state, around)
    with pytest.raises(IllegalActionError, match="legal actions now"):
        greedy(after, [around], rng)


def test_greedy_chooses_among_the_actions_it_is_given():
    seen = []
    state = new_game(NAMES[:4], seed=11)
    playout(state, random.Random(11), policy=_watched(greedy, seen), max_actions=400)
    kinds = set()
    for state, actions, _ in seen:
        for action in actions:
            if not isinstance(action, Move):  # every Move is given, to keep this short
                kinds.add(type(action).__name__)
                assert greedy(state, [action], random.Random(0)) == action
    assert {"Attack", "PlayCard", "Pass", "TakeSpoils", "EndTurn"} <= kinds
