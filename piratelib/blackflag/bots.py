"""Bots for Black Flag!: each player chooses from the legal actions with their own view only.

A *policy* is a function ``policy(view, actions, rng) -> action``: `view` is the deciding
player's :func:`~piratelib.blackflag.views.observation` (never the face-down Roles or the
others' hands), `actions` is :func:`~piratelib.blackflag.game.legal_actions` now, and
`rng` breaks ties. :func:`bot_action` asks a policy for the player who must decide;
:func:`play_bots` plays a whole game, a policy for each seat.

- :func:`random_policy`: any legal action, each equally likely.
- :func:`team_policy`: plays for its side. "For players representing the 'nations' ...
  the goal of the game is to move the Treasure Chest onto or past their own flag"; "For
  the Pirate and the Privateers, the goal is to gather Doubloons and keep the Treasure
  Chest near the center". For each player it could sink it weighs where the Chest would
  move, with the chances of :func:`~piratelib.blackflag.views.belief` for their Role, and
  shoots the one whose sinking helps its side most, the nearest to sinking first; it
  spares likely allies. It plays a MISS whenever it is shot at, answers the Flying
  Deutchmann when it can, puts Equipment in play (a second Sails or Telescope adds
  nothing), takes the sturdiest Ship, and discards what it needs least.

:data:`BOTS` names them.

Examples
--------
>>> import random
>>> from piratelib.blackflag.game import new_game
>>> history = play_bots(new_game(list("ABCDE"), seed=7), random.Random(7), team_policy)
>>> history[-1][1][-1].state.outcome is not None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from types import MappingProxyType

from piratelib.blackflag.actions import (
    Action,
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
    decider,
    legal_actions,
)
from piratelib.blackflag.cards import Card, Ship
from piratelib.blackflag.data import load_blackflag
from piratelib.blackflag.game import playout
from piratelib.blackflag.scoring import team_of
from piratelib.blackflag.state import State, check_state
from piratelib.blackflag.views import Observation, belief, observation
from piratelib.errors import IllegalActionError, check_rng
from piratelib.steps import Step

__all__ = ["BOTS", "Policy", "bot_action", "play_bots", "random_policy", "team_policy"]

Policy = Callable[[Observation, Sequence[Action], random.Random], Action]
"""A bot: ``policy(view, actions, rng) -> action``, one of `actions`."""

_KEEP = {"miss": 4, "shot": 3, "cannon": 2, "telescope": 2, "sails": 2, "flying_deutchmann": 1}
"""How much the team bot wants to keep a card of each kind (it discards the least)."""


def random_policy(view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
    """Any one of the legal `actions`, each equally likely.

    Raises
    ------
    IllegalActionError
        If `view` is not an Observation, `actions` is empty, or `rng` not a random.Random.
    """
    legal = _check(view, actions, rng)  # before rng is used: it may be anything
    return rng.choice(legal)


def team_policy(view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
    """The deciding player's choice, playing for their side (see the module docstring).

    Raises
    ------
    IllegalActionError
        If `view` is not an Observation, `actions` is empty, or `rng` not a random.Random.

    Examples
    --------
    Ann, the Admiral, holds two SHOTs and no Equipment. The four other Roles are face
    down, and three of them are against her: sinking the Commodore, the Ensign or the
    Pirate moves the Chest toward her Flag, sinking the Lieutenant away. So she shoots,
    at a Ship worth 2 spaces of the Chest rather than Bo's worth 1:

    >>> from piratelib.blackflag.game import new_game
    >>> state = new_game(
    ...     ["Ann", "Bo", "Cy", "Di", "Ed"],
    ...     seed=3,
    ...     roles=["admiral", "commodore", "ensign", "lieutenant", "pirate"],
    ... )
    >>> view = observation(state, "Ann")
    >>> [card.kind for card in view.hand]
    ['miss', 'miss', 'miss', 'miss', 'shot', 'shot']
    >>> [view.seat(name).ship.treasure for name in ("Bo", "Cy")]
    [1, 2]
    >>> team_policy(view, legal_actions(state), random.Random(0)).target
    'Cy'
    """
    legal = _check(view, actions, rng)
    kinds = {type(action) for action in legal}
    if kinds <= {Miss, TakeHit}:
        misses = [a for a in legal if isinstance(a, Miss)]
        return rng.choice(misses) if misses else TakeHit()
    if kinds <= {Keep}:
        return max(legal, key=lambda a: _KEEP[a.card.kind] if isinstance(a, Keep) and a.card else 0)
    if kinds <= {Respond}:
        answers = [a for a in legal if isinstance(a, Respond) and a.card is not None]
        return min(answers, key=lambda a: _keep(a), default=Respond(None))
    if kinds <= {TakeShip}:
        row = [a for a in legal if isinstance(a, TakeShip) and a.row is not None]
        if not row:
            return TakeShip(None)
        return max(row, key=lambda a: _sturdiness(view.ship_row[int(a.row or 0)]))
    if kinds <= {Discard}:
        return min(legal, key=lambda a: _keep(a))
    me = view.seat(view.player)
    for action in legal:
        if isinstance(action, PlayEquipment):
            kind = action.card.kind
            if kind == "cannon" or kind not in {card.kind for card in me.equipment}:
                return action
    gains = _gains(view)
    aims: list[tuple[Fraction, str, Action]] = []
    for action in legal:
        if isinstance(action, PlayShot | PlayDeutchmann) and gains[action.target] > 0:
            barrels = view.seat(action.target).barrels
            aims.append((gains[action.target] / max(barrels, 1), action.target, action))
    if aims:
        best = max(aim for aim, _, _ in aims)
        return rng.choice([action for aim, _, action in aims if aim == best])
    return EndPlay() if EndPlay() in legal else rng.choice(legal)


def bot_action(state: State, policy: Policy, rng: random.Random) -> Action:
    """Ask `policy` what the deciding player does now, showing it only their view.

    Raises
    ------
    IllegalActionError
        If the game is over, or the policy chooses an action that is not legal.
    """
    check_state(state)
    actions = legal_actions(state)
    if not actions:
        raise IllegalActionError("the game is over: nobody has an action to take")
    choice = policy(observation(state, decider(state)), actions, rng)
    if choice not in actions:
        raise IllegalActionError(f"the bot chose {choice!r}, which is not legal now")
    return choice


def play_bots(
    state: State,
    rng: random.Random,
    *policies: Policy,
    max_actions: int = 20_000,
) -> list[tuple[Action, tuple[Step, ...]]]:
    """Play from `state` to the end, each seat's player choosing with its policy.

    Give one policy for everyone or one per seat, clockwise. Returns each action with its
    steps, as :func:`~piratelib.blackflag.game.playout` does.

    Raises
    ------
    IllegalActionError
        If the policies are neither one nor one per seat.
    """
    check_state(state)
    if len(policies) == 1:
        policies = policies * len(state.players)
    if len(policies) != len(state.players) or not all(map(callable, policies)):
        raise IllegalActionError(
            f"give one policy, or one for each of the {len(state.players)} seats; "
            f"got {len(policies)}"
        )
    seat = dict(zip(state.names, policies, strict=True))

    def choose(now: State, actions: list[Action], r: random.Random) -> Action:
        return seat[decider(now)](observation(now, decider(now)), actions, r)

    return playout(state, rng, policy=choose, max_actions=max_actions)


BOTS = MappingProxyType({"random": random_policy, "team": team_policy})
"""The bots by name (read-only)."""


def _check(view: object, actions: Sequence[Action], rng: object) -> list[Action]:
    """The legal `actions` as a list, once checked."""
    if type(view) is not Observation:
        raise IllegalActionError(f"a bot reads a Black Flag! Observation, got {view!r:.80}")
    check_rng(rng)
    legal = list(actions)
    if not legal:
        raise IllegalActionError("actions must hold the legal actions now, got none")
    return legal


def _keep(action: Respond | Discard | Action) -> int:
    """How much the bot would rather keep the card `action` shows or gives up."""
    card: Card | None = getattr(action, "card", None)
    return _KEEP[card.kind] if card is not None else 0


def _sturdiness(ship: Ship) -> int:
    """A Ship's worth to its captain: Barrels, Range and Ammunition, less its Treasure Chest
    value (how far the Chest moves against their side when it sinks)."""
    return ship.barrels + ship.range + ship.ammunition + ship.cannon - ship.treasure


def _gains(view: Observation) -> dict[str, Fraction]:
    """For each other player, how much sinking their Ship would help the viewer's side.

    A nation's player gains the spaces the Chest would move toward their own Flag
    (negative: toward the other); the Pirate and the Privateers gain the Doubloon and how
    much nearer the centre the Chest would end, weighed by the Roles' chances.
    """
    bf = load_blackflag()
    ibberia, _ = bf.track["sides"]
    extra = bf.rules["sinking"]
    mine = team_of(view.role, counts_as=True)
    alone = team_of(view.role) == "alone"
    gains: dict[str, Fraction] = {}
    for name, roles in belief(view).items():
        ship = view.seat(name).ship
        if ship is None:
            gains[name] = Fraction(0)
            continue
        gain = Fraction(0)
        for role, chance in roles.items():
            side = team_of(role, counts_as=True)
            if role == "pirate":
                toward = mine if mine in bf.track["sides"] else None
            else:
                toward = next(s for s in bf.track["sides"] if s != side)
            spaces = ship.treasure + (extra["extra_spaces"] if role in extra["extra_for"] else 0)
            move = 0 if toward is None else spaces if toward == ibberia else -spaces
            if alone:
                gain += chance * (1 + Fraction(abs(view.chest) - abs(view.chest + move), 2))
            else:
                gain += chance * (move if mine == ibberia else -move)
        gains[name] = gain
    return gains
