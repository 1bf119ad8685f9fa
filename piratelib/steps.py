"""A step of a resolution: what happened, the rule it applied, and the state after it.

Resolutions (an Encounter, a Piracy phase) return a tuple of steps; widgets only index
into that history and never re-apply a rule. :func:`play_out` is every game engine's
``playout`` loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from piratelib.errors import check_whole

MOST_ACTIONS = 10**9
"""The most actions :func:`play_out` may be asked to play (a guard, far beyond any game)."""

__all__ = ["Step", "play_out"]


@dataclass(frozen=True)
class Step:
    """One step of a resolution.

    Examples
    --------
    >>> Step("arrest:roll", "Blackbeard's side wins.", "Roll Dice: ...", state=None).phase
    'arrest:roll'
    """

    phase: str
    text: str
    rule: str
    state: Any = field(repr=False)


def play_out(
    state: Any,
    rng: random.Random,
    legal_actions: Callable[[Any], list[Any]],
    resolve: Callable[[Any, Any, random.Random], tuple[Step, ...]],
    policy: Callable[[Any, list[Any], random.Random], Any] | None,
    max_actions: int,
) -> list[tuple[Any, tuple[Step, ...]]]:
    """Play a game from `state` until no action is legal or `max_actions` are played.

    Each time, `policy` (uniformly at random with `rng` if None) picks among
    ``legal_actions(state)`` and ``resolve(state, action, rng)`` gives the steps, the last
    holding the next state. Returns each action with its steps.

    Examples
    --------
    >>> def resolve(n, k, rng):
    ...     return (Step("add", f"{n} + {k}", "", state=n + k),)
    >>> legal = lambda n: [1, 2] if n < 5 else []
    >>> history = play_out(0, random.Random(1), legal, resolve, None, 99)
    >>> history[-1][1][-1].state >= 5
    True
    """
    check_whole("max_actions", max_actions, 0, MOST_ACTIONS)
    policy = policy or (lambda s, actions, r: r.choice(actions))
    history = []
    for _ in range(max_actions):
        actions = legal_actions(state)
        if not actions:
            break
        action = policy(state, actions, rng)
        steps = resolve(state, action, rng)
        history.append((action, steps))
        state = steps[-1].state
    return history
