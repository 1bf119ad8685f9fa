"""Bots for Hunt for Blackbeard: each side chooses from the legal actions with its own view only.

A *policy* is a function ``policy(view, actions, rng) -> action``: `view` is the deciding
side's :func:`~piratelib.blackbeard.game.observation` (never the hidden truth), `actions`
is :func:`~piratelib.blackbeard.game.legal_actions` now, and `rng` breaks ties.
:func:`bot_action` asks a policy for the side that must decide; :func:`play_bots` plays
a whole game between two policies.

- :func:`random_policy`: any legal action, uniformly at random (either side).
- :func:`smart_blackbeard` and :func:`smart_hunters` (:mod:`piratelib.blackbeard.bots.smart`):
  Blackbeard pursuing one Piracy row away from the Hunters; Hunters going where
  :func:`~piratelib.blackbeard.deduce.chances` says Adventure most likely is.

:data:`BOTS` names them for each side.

Examples
--------
>>> import random
>>> from piratelib.blackbeard.game import new_game, winner
>>> history = play_bots(new_game(seed=4), random.Random(4))
>>> winner(history[-1][1][-1].state).side in ("hunters", "blackbeard")
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence

from piratelib.blackbeard.bots.smart import _check_actions, smart_blackbeard, smart_hunters
from piratelib.blackbeard.game import (
    Action,
    Observation,
    State,
    decider,
    legal_actions,
    observation,
    playout,
)
from piratelib.blackbeard.readonly import Fixed, check_type
from piratelib.errors import PiratelibError
from piratelib.steps import Step

__all__ = [
    "BOTS",
    "Policy",
    "bot_action",
    "play_bots",
    "random_policy",
    "smart_blackbeard",
    "smart_hunters",
]

Policy = Callable[[Observation, Sequence[Action], random.Random], Action]


def random_policy(view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
    """Any legal action, each equally likely (Done included).

    Examples
    --------
    >>> from piratelib.blackbeard.game import Done
    >>> random_policy(None, [Done()], random.Random(0))
    Done()
    """
    check_type("view", view, Observation, optional=True)
    check_type("rng", rng, random.Random)
    return rng.choice(_check_actions(actions))


BOTS: Mapping[str, Mapping[str, Policy]] = Fixed(
    {
        "hunters": Fixed({"random": random_policy, "smart": smart_hunters}),
        "blackbeard": Fixed({"random": random_policy, "smart": smart_blackbeard}),
    }
)
"""The bots of each side by name: ``BOTS[side][name]`` (read-only: shared by all)."""


def bot_action(state: State, policy: Policy, rng: random.Random) -> Action:
    """The action `policy` chooses for the side that must decide, seeing only its own view.

    Raises
    ------
    PiratelibError
        If the game is over (nobody decides), or the policy returns an action that is
        not legal now.

    Examples
    --------
    >>> from piratelib.blackbeard.game import new_game
    >>> bot_action(new_game(seed=1), random_policy, random.Random(1))
    SetCamp(space='hatteras_bank')
    """
    check_type("state", state, State)
    check_type("rng", rng, random.Random)
    return _ask(state, policy, legal_actions(state), rng)


def play_bots(
    state: State,
    rng: random.Random,
    *,
    hunters: Policy = random_policy,
    blackbeard: Policy = random_policy,
    max_actions: int = 5_000,
) -> list[tuple[Action, tuple[Step, ...]]]:
    """Play from `state` to the end (or `max_actions`), each side choosing with its policy.

    `rng` makes the bots' choices and also draws the tiles and rolls the dice. Returns each
    action with its steps, as :func:`~piratelib.blackbeard.game.playout` does.
    """
    check_type("state", state, State)
    check_type("rng", rng, random.Random)
    policies = {"hunters": hunters, "blackbeard": blackbeard}

    def choose(state: State, actions: list[Action], rng: random.Random) -> Action:
        side = decider(state)
        assert side is not None  # playout asks only while someone has a legal action
        return _ask(state, policies[side], actions, rng)

    return playout(state, rng, policy=choose, max_actions=max_actions)


def _ask(state: State, policy: Policy, actions: list[Action], rng: random.Random) -> Action:
    """`policy`'s choice among `actions` (the legal ones now), from the decider's view."""
    side = decider(state)
    if side is None:
        raise PiratelibError("the game is over: no side has an action to choose")
    action = policy(observation(state, side), actions, rng)
    if action not in actions:
        raise PiratelibError(f"the {side} bot chose {action!r}, which is not a legal action now")
    return action
