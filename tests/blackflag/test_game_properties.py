"""Random legal play with a seeded deck: the invariants of Black Flag! hold at every step."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from piratelib.blackflag.data import load_blackflag, setup_for
from piratelib.blackflag.game import (
    Discard,
    EndPlay,
    Keep,
    Miss,
    PlayDeutchmann,
    PlayEquipment,
    PlayShot,
    Respond,
    TakeHit,
    TakeShip,
    apply,
    legal_actions,
    new_game,
    playout,
)
from piratelib.errors import IllegalActionError

BF = load_blackflag()
LAST = BF.track["spaces_per_side"]


def check(state, players: int) -> None:
    """The invariants of one state."""
    # Barrels never negative, and a player without a Ship has none.
    assert all(p.barrels >= 0 for p in state.players)
    assert all(p.barrels == 0 for p in state.players if p.ship is None)
    # Doubloon tokens are conserved between Hourglass, reserve and Captain cards, and a
    # face-down Role is worth one more (not a token, so it is lost when revealed).
    assert state.doubloon_tokens() == BF.components["doubloons"]
    assert min(state.hourglass, state.reserve) >= 0
    # The Chest stays on the track; the Flags never reach or cross the centre, and only
    # ever move toward it from where they started.
    assert -LAST <= state.chest <= LAST
    assert BF.rules["end_of_deck"]["flag_floor"] <= state.flags <= setup_for(players)["flags"]
    # Cards are conserved: 72 between deck, discard pile, hands and Equipment in play.
    cards = [*state.deck, *state.discard]
    for p in state.players:
        cards += [*p.hand, *p.equipment]
    assert len(cards) == len(set(cards)) == BF.components["playing_cards"]
    # Ships are conserved: 14 in front of players, in the row and in the deck.
    ships = [p.ship for p in state.players if p.ship] + [*state.ship_row, *state.ship_deck]
    assert len(ships) == BF.components["ship_cards"]


def sinking_checks(steps) -> tuple[int, int]:
    """Count sinkings that start and Sinking victory checks in a resolution."""
    phases = [s.phase for s in steps]
    return phases.count("Sinking a Ship: 1"), phases.count("Sinking a Ship: 6")


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(4, 8))
def test_random_legal_play_keeps_the_invariants(seed, players):
    state = new_game([f"P{i}" for i in range(players)], seed=seed)
    check(state, players)
    assert legal_actions(state)
    waiting = 0  # sinkings paused for a choice of Equipment
    history = playout(state, random.Random(seed))
    for action, steps in history:
        started, checked = sinking_checks(steps)
        waiting += started
        for step in steps:
            check(step.state, players)
        # Every sinking is followed by the victory check (step 6), unless the game ended
        # by Wealth at step 5 first.
        wealth = steps[-1].state.outcome and steps[-1].state.outcome.termination.name == "WEALTH"
        if steps[-1].state.pending is None or steps[-1].state.pending.kind != "keep":
            assert checked == waiting or wealth, [s.text for s in steps]
            waiting = 0
        assert apply(state, action) == steps[-1].state  # replaying gives the same state
        state = steps[-1].state
        # The game is over exactly when nobody may act.
        assert (state.outcome is not None) == (not legal_actions(state))
    assert state.outcome is not None, "the game ended"


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(4, 8), moves=st.integers(0, 80))
def test_every_action_is_either_legal_or_refused_without_change(seed, players, moves):
    state = new_game([f"P{i}" for i in range(players)], seed=seed)
    history = playout(state, random.Random(seed), max_actions=moves)
    if history:
        state = history[-1][1][-1].state
    legal = legal_actions(state)
    cards = {card for p in state.players for card in (*p.hand, *p.equipment)}
    tries = [EndPlay(), TakeHit(), Keep(None), Respond(None), TakeShip(None)]
    tries += [TakeShip(row) for row in range(4)]
    for card in cards:
        tries += [PlayEquipment(card), Discard(card), Miss(card), Keep(card), Respond(card)]
        tries += [PlayShot(card, name) for name in state.names]
        tries += [PlayDeutchmann(card, name) for name in state.names]
    before = state
    for action in tries:
        if action in legal:
            apply(state, action)
        else:
            with pytest.raises(IllegalActionError):
                apply(state, action)
    assert state == before
    assert set(legal) <= set(tries)
