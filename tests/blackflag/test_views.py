"""Black Flag!'s hidden information: twin states give equal views, and the belief about
Roles matches a brute force that replays the game under every deal of the Roles."""

from __future__ import annotations

import itertools
import os
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest

from piratelib.blackflag.bots import bot_action, team_policy
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.game import apply, decider, legal_actions, new_game, playout
from piratelib.blackflag.scoring import team_of
from piratelib.blackflag.state import State
from piratelib.blackflag.views import belief, nation_chances, observation
from piratelib.errors import IllegalActionError, PiratelibError


def _game(players: int, seed: int) -> tuple[State, list[State], list[object]]:
    """A seeded random game: its start, the state before each action and the last, and
    the actions."""
    start = new_game([f"P{i}" for i in range(1, players + 1)], seed=seed)
    history = playout(start, random.Random(seed))
    states = [start] + [steps[-1].state for _, steps in history]
    return start, states, [action for action, _ in history]


def _unseen_by(state: State, viewer: str, rng: random.Random) -> State:
    """A twin of `state` that differs only in what `viewer` cannot see: the others'
    face-down Roles swapped among them, the others' hands and the deck redealt with the
    same sizes, the Ship deck reordered, another seed."""
    others = [p for p in state.players if p.name != viewer]
    hidden = [p.name for p in others if not p.revealed]
    roles = [state.player(name).role for name in hidden]
    rng.shuffle(roles)
    cards = [card for p in others for card in p.hand] + list(state.deck)
    rng.shuffle(cards)
    changes: dict[str, dict[str, object]] = {}
    for p in others:
        changes[p.name] = {"hand": tuple(cards[: len(p.hand)])}
        del cards[: len(p.hand)]
    for name, role in zip(hidden, roles, strict=True):
        changes[name]["role"] = role
    ships = list(state.ship_deck)
    rng.shuffle(ships)
    return state.update(changes, deck=tuple(cards), ship_deck=tuple(ships), seed=state.seed + 1)


def _unseen_by_anyone(state: State, rng: random.Random) -> State:
    """A twin that differs only in what nobody sees: the decks' order and the seed."""
    deck, ships = list(state.deck), list(state.ship_deck)
    rng.shuffle(deck)
    rng.shuffle(ships)
    return replace(state, deck=tuple(deck), ship_deck=tuple(ships), seed=f"{state.seed}-twin")


# The suite plays 100 seeded games (about 8,000 decisions); with PIRATELIB_WHOLE_GAMES=1,
# 200 (more than 15,000 decisions, about 30 s).
WHOLE = bool(os.environ.get("PIRATELIB_WHOLE_GAMES"))
TWIN_GAMES = [(4 + seed % 5, seed) for seed in range(200 if WHOLE else 100)]


def test_states_that_differ_only_in_what_a_player_cannot_see_give_them_equal_views() -> None:
    """At every decision of 100 seeded games (4 to 8 players; 200 with the whole-games
    switch): the decider's view of a twin is equal, and so are their legal actions and
    the team bot's choice with the same rng; a twin nobody can tell apart gives an equal
    view to each player in turn around the table; and a change the decider can see
    changes their view."""
    rng = random.Random(28)
    decisions = 0
    for players, seed in TWIN_GAMES:
        _, states, _ = _game(players, seed)
        for state in states[:-1]:
            me = decider(state)
            twin = _unseen_by(state, me, rng)
            assert twin != state or len(state.players) == 0
            view = observation(state, me)
            assert observation(twin, me) == view
            assert hash(observation(twin, me)) == hash(view)
            assert legal_actions(twin) == legal_actions(state)
            k = rng.randrange(10**6)
            choice = bot_action(state, team_policy, random.Random(k))
            assert bot_action(twin, team_policy, random.Random(k)) == choice
            blind = _unseen_by_anyone(state, rng)
            other = state.names[decisions % len(state.names)]
            assert observation(blind, other) == observation(state, other)
            hand = state.player(me).hand
            if hand and state.deck:
                seen = state.update(
                    {me: {"hand": (state.deck[0], *hand[1:])}}, deck=(hand[0], *state.deck[1:])
                )
                assert observation(seen, me) != view
            decisions += 1
    assert decisions > (15_000 if WHOLE else 7_000)


def test_the_view_holds_no_hidden_fact() -> None:
    """No field of the view is another player's hand, a face-down Role, the deck or the seed."""
    state = new_game(["Ann", "Bo", "Cy", "Di", "Ed"], seed=3)
    view = observation(state, "Bo")
    assert view.hand == state.player("Bo").hand
    assert [seat.hand for seat in view.seats] == [len(p.hand) for p in state.players]
    assert [seat.role for seat in view.seats] == [
        p.role if p.revealed else None for p in state.players
    ]
    assert view.deck == len(state.deck) and view.ship_deck == len(state.ship_deck)
    assert not hasattr(view, "seed") and not hasattr(view, "shuffles")


@pytest.mark.parametrize("who", ["Al", "", None, 3])
def test_a_player_not_at_the_table_is_refused(who: object) -> None:
    state = new_game(["Ann", "Bo", "Cy", "Di"], seed=4)
    with pytest.raises(PiratelibError, match="player"):
        observation(state, who)  # type: ignore[arg-type]  # the refusal is the test
    with pytest.raises(PiratelibError, match="Observation"):
        belief(state)  # type: ignore[arg-type]  # a State is not a view


# ---------------------------------------------------------------- the belief, brute force


def _brute_force(start: State, actions: list[object], viewer: str) -> list[dict[str, Counter[str]]]:
    """For each moment of the game, each other player's Role counted over every deal of
    the Roles under which the game, replayed action by action, shows `viewer` exactly what
    it showed them (a deal stops fitting at the first action that is illegal under it or
    gives a different view)."""
    truth = [start]
    for action in actions:
        truth.append(apply(truth[-1], action))  # type: ignore[arg-type]
    seen = [observation(state, viewer) for state in truth]
    counts: list[dict[str, Counter[str]]] = [
        {p.name: Counter() for p in start.players if p.name != viewer} for _ in truth
    ]
    roles = [p.role for p in start.players]
    for deal in set(itertools.permutations(roles)):
        state = start.update(
            {p.name: {"role": r} for p, r in zip(start.players, deal, strict=True)}
        )
        for t in range(len(truth)):
            if t:
                try:
                    state = apply(state, actions[t - 1])  # type: ignore[arg-type]
                except IllegalActionError:
                    break
            if observation(state, viewer) != seen[t]:
                break
            for p in state.players:
                if p.name != viewer:
                    counts[t][p.name][p.role] += 1
    return counts


# (players, seed, viewers): plain games at every size, and games where a hidden player's
# sinking of the Pirate shows their team (5: seed 1; 7: seed 0) or a face-down player
# holds 3 Doubloons, so cannot be the Pirate or a Privateer (4: 5; 6: 15; 7: 5; 8: 20)
BELIEF_GAMES = [
    (4, 5, ("P1", "P2", "P3", "P4")),
    (4, 11, ("P2", "P3")),
    (5, 1, ("P1", "P2", "P3", "P4", "P5")),
    (5, 152, ("P2", "P4")),
    (6, 15, ("P1", "P3", "P6")),
    (7, 0, ("P2", "P5")),
    (7, 5, ("P1",)),
    (8, 20, ("P4",)),
]


@pytest.mark.parametrize(("players", "seed", "viewers"), BELIEF_GAMES)
def test_the_belief_matches_a_brute_force_over_every_deal(
    players: int, seed: int, viewers: tuple[str, ...]
) -> None:
    """At every moment of the game, for each viewer: the belief's chances are the brute
    force's counts over the deals that fit, divided by how many fit."""
    start, states, actions = _game(players, seed)
    evidence = {"shown": False, "rich": False}
    for viewer in viewers:
        counts = _brute_force(start, actions, viewer)
        for state, count in zip(states, counts, strict=True):
            view = observation(state, viewer)
            chances = belief(view)
            fits = sum(next(iter(count.values())).values())
            assert fits >= 1
            for name, roles in count.items():
                assert chances[name] == {r: Fraction(k, fits) for r, k in roles.items()}
            sides = nation_chances(view)
            assert all(sum(side.values()) == 1 for side in sides.values())
            evidence["shown"] |= bool(state.shown)
            evidence["rich"] |= any(
                p.doubloons >= 3 and not p.revealed and p.name != viewer for p in state.players
            )
    if (players, seed) in {(5, 1), (7, 0)}:
        assert evidence["shown"], "the game chosen for a shown team shows none"
    if (players, seed) in {(4, 5), (6, 15), (7, 5), (8, 20)}:
        assert evidence["rich"], "the game chosen for a face-down player's 3 Doubloons has none"


def test_a_sinking_of_the_pirate_shows_the_sinkers_team_in_the_state() -> None:
    """Seed 1 at 5 players: the Pirate is sunk by a SHOT from a player whose Role is face
    down, and the Chest moves toward that player's Flag."""
    _, states, _ = _game(5, 1)
    after = next(state for state in states if state.shown)
    (sinker, nation), *_ = after.shown
    assert nation in load_blackflag().track["sides"]
    assert nation == team_of(after.player(sinker).role, counts_as=True)
    assert not after.player(sinker).revealed
