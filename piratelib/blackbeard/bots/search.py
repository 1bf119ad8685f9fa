"""Search bots for Hunt for Blackbeard: Monte Carlo search over worlds that fit their view.

:func:`search` weighs each legal action by playing games out from it: it draws a world
that fits the deciding side's view (:mod:`~piratelib.blackbeard.bots.worlds`: the Hunters
draw Blackbeard's Camp, Adventure and mat from the deduction and a prior; Blackbeard draws
the Hunters' Informants), plays each action weighed there with the same dice, then plays
the game to its end with quick policies for both sides, and counts whether the side won;
then the next world. This is determinized Monte Carlo search at the root, as in Cowling,
Powley and Whitehouse (2012), "Information Set Monte Carlo Tree Search", with the tree
one level deep and every action meeting the same worlds and dice (common random numbers),
so that two actions are compared where they met the same luck. Only a few actions are
weighed: the smart bot's choice (:mod:`~piratelib.blackbeard.bots.smart`), those the
playouts' policy picks in some worlds, and others at random. The smart bot's choice
stands unless another wins clearly more often, world by world (by two standard errors):
a few hundred playouts are noisy.

In the playouts both sides play as the smart bots (:mod:`~piratelib.blackbeard.bots.smart`)
on their own view of the world, except that the Hunters do not ask the deduction again:
they look where it said at the root (for Blackbeard's search: the deduction on the
Hunters' view of one of his worlds, which shows only the Spots he saw), spread along
Adventure's Sails by two spaces for each turn after it. Neither reads the world's hidden
blocks.

:class:`SearchBot` is a policy (see :mod:`~piratelib.blackbeard.bots.policies`) with a
budget: at most ``playouts`` playouts, and (if ``seconds`` is set) at most that much CPU
time. Its defaults, 400 playouts or 2 s, are ``search_hunters`` and ``search_blackbeard``.
It reads nothing but `view` and the legal actions: the same view, actions and rng give
the same choice, whatever the hidden truth.

Examples
--------
>>> import random
>>> from piratelib.blackbeard.game import SetCamp, apply, legal_actions, new_game, observation
>>> state = apply(new_game(seed=1), SetCamp("nots_island"))
>>> found = search(
...     observation(state, "hunters"), legal_actions(state), random.Random(1), playouts=8
... )
>>> found.action in legal_actions(state), found.playouts, 0 <= found.chance <= 1
(True, 8, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from piratelib.blackbeard.board.movement import move_graph
from piratelib.blackbeard.bots.smart import (
    _check_actions,
    _hunters_choice,
    _weighed,
    smart_blackbeard,
)
from piratelib.blackbeard.bots.worlds import worlds
from piratelib.blackbeard.deduce import chances
from piratelib.blackbeard.deduce.models import MODELS
from piratelib.blackbeard.game import (
    Action,
    Observation,
    State,
    apply,
    decider,
    describe,
    observation,
    playout,
)
from piratelib.blackbeard.game.state import game_map
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, PiratelibError, check_id, check_whole
from piratelib.words import plural, say

_Rollout = Callable[[State, list[Action], random.Random], Action]

__all__ = [
    "HINT_PLAYOUTS",
    "SearchBot",
    "Searched",
    "hint",
    "search",
    "search_blackbeard",
    "search_hunters",
]

SURE = 2.0
"""How many standard errors a win rate must beat the smart bot's choice by to replace it."""
HINT_PLAYOUTS = 120
"""The playouts behind a hint: about a second on one core."""
CANDIDATES = 4
"""The fewest actions a search weighs (a twelfth of its playouts, if more)."""


@dataclass(frozen=True)
class Searched:
    """What a search found: the ``action`` chosen, its estimated ``chance`` to win, the
    ``playouts`` played, and for each action tried (most tried first) its playouts and
    estimated chance to win."""

    action: Action
    chance: float
    playouts: int
    tried: tuple[tuple[Action, int, float], ...]


def search(
    view: Observation,
    actions: Sequence[Action],
    rng: random.Random,
    *,
    playouts: int = 400,
    seconds: float | None = None,
    model: str = "sails",
) -> Searched:
    """Weigh each of `actions` (the legal ones now) by playouts in worlds that fit `view`.

    When there are many, only some are weighed (:data:`CANDIDATES`, or a twelfth of
    `playouts`): the smart bot's choice, those the playouts' policy picks in some worlds,
    then others at random. Stops after `playouts`, or once `seconds` of CPU time are spent
    (never before each is tried once, unless `playouts` is fewer). `model` is the Hunters'
    chance model.

    Raises
    ------
    PiratelibError
        For a view that is not its side's turn to act, no actions, a budget that is not a
        whole number of playouts (1 or more) or a positive number of seconds.
    """
    check_type("view", view, Observation)
    check_type("rng", rng, random.Random)
    legal = _check_actions(actions)
    _check_budget(playouts, seconds, model)
    if not view.to_move:
        raise IllegalActionError(f"the {view.side} do not act now: no action to search")
    draw = worlds(view, model)
    quick = _quick(_belief(view, draw, rng, model), view.turn)
    candidates = _candidates(view, legal, draw, quick, rng, max(CANDIDATES, playouts // 12))
    # one row a world: each candidate's result there, played with the same dice
    results: list[list[float]] = []
    start = time.process_time()
    played = 0
    while played < playouts:
        tried_all = played >= len(candidates)
        if seconds is not None and tried_all and time.process_time() - start > seconds:
            break
        i = played % len(candidates)
        if i == 0:
            state, dice = draw(rng), rng.getrandbits(64)
            results.append([])
        results[-1].append(_playout(state, candidates[i], view.side, quick, random.Random(dice)))
        played += 1
    columns = _columns(results, len(candidates))
    tried = sorted(
        ((a, len(c), sum(c) / len(c)) for a, c in zip(candidates, columns, strict=True) if c),
        key=lambda t: (-t[1], -t[2]),
    )
    best = _choose(results)
    chance = sum(columns[best]) / len(columns[best])
    return Searched(candidates[best], chance, played, tuple(tried))


def hint(
    view: Observation,
    actions: Sequence[Action],
    rng: random.Random,
    *,
    playouts: int = HINT_PLAYOUTS,
) -> str:
    """What the search bot would do now, and how often it won from there, in a player's words.

    Raises
    ------
    PiratelibError
        As :func:`search` does.

    Examples
    --------
    >>> from piratelib.blackbeard.game import SetCamp, apply, legal_actions, new_game
    >>> from piratelib.blackbeard.game import observation
    >>> state = apply(new_game(seed=1), SetCamp("nots_island"))
    >>> words = hint(
    ...     observation(state, "hunters"), legal_actions(state), random.Random(1), playouts=8
    ... )
    >>> words.startswith("The search bot would: ")
    True
    """
    found = search(view, actions, rng, playouts=playouts)
    games = sum(n for a, n, _ in found.tried if a == found.action)
    return (
        f"The search bot would: {say(describe(found.action))}. Played out from there "
        f"{plural(games, 'time')} in worlds that fit what you have seen, with both sides "
        f"played quickly, your side won {found.chance:.0%} of them: a rough guide, not an "
        "exact chance."
    )


@dataclass(frozen=True)
class SearchBot:
    """A search policy with its budget (see :func:`search`): ``bot(view, actions, rng)``."""

    playouts: int = 400
    seconds: float | None = 2.0
    model: str = "sails"

    def __post_init__(self) -> None:
        """Refuse a budget :func:`search` would refuse."""
        _check_budget(self.playouts, self.seconds, self.model)

    def __call__(self, view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
        """The action :func:`search` finds, or the only one when there is one."""
        legal = _check_actions(actions)
        if len(legal) == 1:
            return legal[0]
        found = search(
            view, legal, rng, playouts=self.playouts, seconds=self.seconds, model=self.model
        )
        return found.action


def _check_budget(playouts: object, seconds: object, model: object) -> None:
    check_whole("playouts", playouts, 1, 10**7, error=IllegalActionError)
    if seconds is not None and (
        not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0
    ):
        raise IllegalActionError(f"seconds must be a positive number or None, got {seconds!r}")
    check_id("chance model", model, MODELS, error=PiratelibError)


def _candidates(
    view: Observation,
    legal: list[Action],
    draw: Callable[[random.Random], State],
    quick: _Rollout,
    rng: random.Random,
    most: int,
) -> list[Action]:
    """The actions worth playouts, at most `most`: the smart bot's choice first, then those
    the playouts' policy picks in some worlds, then others at random (all, if few)."""
    if view.side == "hunters":
        found = [_hunters_choice(view, legal, rng, None)]
    else:
        found = [smart_blackbeard(view, legal, rng)]
    if len(legal) <= most:
        others = [a for a in legal if a not in found]
        return found + rng.sample(others, len(others))
    for _ in range(2 * most):
        action = quick(draw(rng), legal, rng)
        if action not in found:
            found.append(action)
        if len(found) == most:
            return found
    others = [a for a in legal if a not in found]
    return found + rng.sample(others, most - len(found))


def _columns(results: list[list[float]], candidates: int) -> list[list[float]]:
    """Each of the first `candidates` candidates' results, world by world, from `results`
    (a row a world; only the last may be short)."""
    return [[row[i] for row in results if len(row) > i] for i in range(candidates)]


def _choose(results: list[list[float]]) -> int:
    """The candidate to play, from `results` (a row a world, each candidate's result in
    it; the last row may be short): the smart bot's choice (first) unless another's mean
    gain over it, world by world, beats :data:`SURE` standard errors of that gain (and at
    least one world's worth, 1 / the worlds). Worlds and dice are shared, so a gain is
    measured where the two actions met the same luck: far less noisy than two separate
    win rates.

    Examples
    --------
    >>> _choose([[0, 1], [0, 1], [1, 1], [0, 1]])  # ahead in 3 of 4 worlds, never behind
    1
    >>> _choose([[0, 1], [1, 0], [0, 1], [1, 0]])  # no gain
    0
    """
    columns = _columns(results, len(results[0]))
    best = max(range(len(columns)), key=lambda i: (sum(columns[i]) / len(columns[i]), -i))
    gains = [row[best] - row[0] for row in results if len(row) > best]
    if best == 0 or len(gains) < 2:
        return 0
    mean = sum(gains) / len(gains)
    spread = sum((g - mean) ** 2 for g in gains) / (len(gains) - 1)
    error = max(math.sqrt(spread / len(gains)), 1 / len(gains))
    return best if mean > SURE * error else 0


def _playout(state: State, action: Action, side: str, quick: _Rollout, rng: random.Random) -> float:
    """1 if `side` wins the game played out from `action` in the world `state`, else 0
    (half for a game the cap cut short), both sides choosing with `quick`."""
    try:
        state = apply(state, action, rng)
    except IllegalActionError:  # the world does not allow it: never seen in the tests
        return 0.0
    if state.outcome is None:
        history = playout(state, rng, policy=quick)
        if history:
            state = history[-1][1][-1].state
    if state.outcome is None:
        return 0.5
    return 1.0 if state.outcome.side == side else 0.0


def _quick(belief: dict[str, float], turn: int) -> _Rollout:
    """The playouts' policy: the smart Blackbeard on his view, and the smart Hunters on
    theirs, looking where `belief` (the Hunters' chances on `turn`) says instead of asking
    the deduction again: spread along Adventure's Sails by two spaces a turn after it."""
    hunches: dict[int, dict[str, float]] = {}

    def policy(state: State, legal: list[Action], rng: random.Random) -> Action:
        if decider(state) == "blackbeard":
            return smart_blackbeard(observation(state, "blackbeard"), legal, rng)
        if state.turn not in hunches:
            hunches[state.turn] = _weighed(_spread(belief, 2 * (state.turn - turn)))
        return _hunters_choice(observation(state, "hunters"), legal, rng, hunches[state.turn])

    return policy


def _belief(
    view: Observation, draw: Callable[[random.Random], State], rng: random.Random, model: str
) -> dict[str, float]:
    """Where the Hunters believe Adventure is now: the deduction on their view; for
    Blackbeard, on the Hunters' view of one of his worlds (only the Spots he saw)."""
    hunters = view if view.side == "hunters" else observation(draw(rng), "hunters")
    if hunters.segment == "A":
        return {}
    return {space: float(p) for space, p in chances(hunters, model).items()}


def _spread(belief: dict[str, float], steps: int) -> dict[str, float]:
    """`belief` after `steps` Sails, each equally likely to stay or go to any neighbour."""
    graph = move_graph(game_map(), "adventure")
    for _ in range(steps):
        spread: dict[str, float] = {}
        for space, p in belief.items():
            ends = [space, *graph[space]]
            for end in ends:
                spread[end] = spread.get(end, 0.0) + p / len(ends)
        belief = spread
    return belief


search_hunters = SearchBot()
search_blackbeard = SearchBot()
