"""Search bots for Hunt for Blackbeard: Monte Carlo search over worlds that fit their view.

:func:`search` weighs each legal action by playing games out from it: each playout draws
a fresh world that fits the deciding side's view (:mod:`~piratelib.blackbeard.bots.worlds`:
the Hunters draw Blackbeard's Camp, Adventure and mat from the deduction and a prior;
Blackbeard draws the Hunters' Informants), plays the action there, then plays the game to
its end with quick policies for both sides, and counts whether the side won. Which action
to try next follows UCB1 (the best so far, plus a bonus for the least tried): determinized
Monte Carlo search at the root, as in Cowling, Powley and Whitehouse (2012), "Information
Set Monte Carlo Tree Search", with the tree one level deep. The action tried most wins.

In the playouts the Hunters move at random but pounce on any pirate piece a face-up block
shows; Blackbeard plays :func:`~piratelib.blackbeard.bots.smart.smart_blackbeard` on his
world's view. Neither reads the world's hidden blocks.

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
from collections.abc import Sequence
from dataclasses import dataclass

from piratelib.blackbeard.bots.smart import _check_actions, smart_blackbeard
from piratelib.blackbeard.bots.worlds import worlds
from piratelib.blackbeard.deduce.models import MODELS
from piratelib.blackbeard.game import (
    Action,
    Meet,
    Move,
    Observation,
    State,
    apply,
    decider,
    observation,
    playout,
)
from piratelib.blackbeard.game.advanced import pirate_at
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, PiratelibError, check_id, check_whole

__all__ = ["SearchBot", "Searched", "search", "search_blackbeard", "search_hunters"]

EXPLORE = math.sqrt(2)
"""UCB1's exploration constant for win rates between 0 and 1."""


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

    Stops after `playouts`, or once `seconds` of CPU time are spent (never before each
    action is tried once, unless `playouts` is fewer). `model` is the Hunters' chance model.

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
    visits = [0] * len(legal)
    wins = [0.0] * len(legal)
    order = list(range(len(legal)))
    rng.shuffle(order)
    start = time.process_time()
    played = 0
    while played < playouts:
        if seconds is not None and played >= len(legal) and time.process_time() - start > seconds:
            break
        i = order[played] if played < len(legal) else _ucb(visits, wins, played)
        wins[i] += _playout(draw(rng), legal[i], view.side, rng)
        visits[i] += 1
        played += 1
    tried = sorted(
        ((legal[i], visits[i], wins[i] / visits[i]) for i in range(len(legal)) if visits[i]),
        key=lambda t: (-t[1], -t[2]),
    )
    best, _, chance = tried[0]
    return Searched(best, chance, played, tuple(tried))


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


def _ucb(visits: list[int], wins: list[float], played: int) -> int:
    """The action to try next: best win rate plus UCB1's bonus for the least tried."""
    log_n = math.log(played)
    scores = [w / n + EXPLORE * math.sqrt(log_n / n) for w, n in zip(wins, visits, strict=True)]
    return scores.index(max(scores))


def _playout(state: State, action: Action, side: str, rng: random.Random) -> float:
    """1 if `side` wins the game played out from `action` in the world `state`, else 0
    (half for a game the cap cut short)."""
    try:
        state = apply(state, action, rng)
    except IllegalActionError:  # the world does not allow it: never seen in the tests
        return 0.0
    if state.outcome is None:
        history = playout(state, rng, policy=_quick)
        if history:
            state = history[-1][1][-1].state
    if state.outcome is None:
        return 0.5
    return 1.0 if state.outcome.side == side else 0.0


def _quick(state: State, legal: list[Action], rng: random.Random) -> Action:
    """The playouts' policy: the smart Blackbeard on his view; Hunters at random who meet
    and pounce on any pirate piece a face-up block shows."""
    if decider(state) == "blackbeard":
        return smart_blackbeard(observation(state, "blackbeard"), legal, rng)
    meets = [a for a in legal if isinstance(a, Meet)]
    if meets:
        return rng.choice(meets)
    shown = {s for s in state.face_up if pirate_at(state, s) is not None}
    pounce = [a for a in legal if isinstance(a, Move) and a.to in shown]
    return rng.choice(pounce or legal)


search_hunters = SearchBot()
search_blackbeard = SearchBot()
