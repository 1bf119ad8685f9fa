"""Bots for Dread Pirate: policies that choose among the legal actions from their own view only.

A *policy* is a function ``policy(view, actions, rng) -> action``: `view` is the deciding
Pirate's :func:`~piratelib.dreadpirate.game.observation` (the state itself never reaches a
policy), `actions` is :func:`~piratelib.dreadpirate.game.legal_actions` now, and `rng`
breaks ties. :func:`bot_action` asks a policy for the Pirate who must decide;
:func:`play_bots` plays a game with one policy for every seat, or one per seat.

- :func:`random_policy`: any legal action, each equally likely. Its games rarely end.
- :func:`greedy`: plays towards Winning ("Be the first pirate to collect 20 Gold, 12 Gems
  of a single color, or 4 Gems of each color") through its Missions, simply. It pays for a
  Mission whenever it may; otherwise it Moves first, to the square that leaves its
  Missions the fewest squares to sail (starting and completing those the path reaches,
  a City when it has a free Mission slot, a Ship to fight for a battle task); then
  Attacks a neighbour when the attacker's chance of winning (its bonuses against theirs)
  is at least 40%, or always for a started battle task, the richest first; then ends the
  turn, drawing a Mission at a City when it holds fewer than 2 and discarding one it
  cannot pay for. In a battle it plays the smallest Action card that turns a loss into a
  win, else passes; as the winner it takes the items that bring it nearest a way to win
  and switches spaces when that leaves it fewer squares to sail.

Hidden information: "Mission Cards ... These cards are secret from the other Pirates", and
so are Action cards. The view holds the deciding Pirate's own hand and Missions and what
the whole table sees (:mod:`~piratelib.dreadpirate.game.views`), so a bot cannot read
another Pirate's hand or face-down Missions, nor the decks' order: it is never given
them. It checks the actions it is given against its view alone, on
:func:`~piratelib.dreadpirate.game.stand_in`. Ties are broken with `rng` alone, so a seed
gives the same game.

Examples
--------
>>> import random
>>> from piratelib.dreadpirate.game import new_game, winner
>>> history = play_bots(new_game(["Ann", "Bo"], seed=1), random.Random(1), greedy)
>>> print(winner(history[-1][1][-1].state).winner, len(history))
Bo 225
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, TypeVar, cast

import networkx as nx

from piratelib.dreadpirate.battle.fight import Battle, play_card
from piratelib.dreadpirate.battle.odds import attacker_win_probability
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.game import (
    Observation,
    decider,
    legal_actions,
    observation,
    playout,
    stand_in,
)
from piratelib.dreadpirate.game.actions import (
    Action,
    Attack,
    EndTurn,
    Move,
    Pass,
    Pay,
    PlayCard,
    TakeSpoils,
    check_action,
)
from piratelib.dreadpirate.game.state import Held, State, check_state
from piratelib.dreadpirate.game.turn import move_refusal, sea_graph
from piratelib.dreadpirate.sea.grid import CITIES, Square, square_of
from piratelib.dreadpirate.treasure import Purse
from piratelib.errors import IllegalActionError, PiratelibError, check_rng
from piratelib.steps import Step

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

__all__ = ["BOTS", "Policy", "bot_action", "greedy", "play_bots", "random_policy"]

Policy = Callable[[Observation, Sequence[Action], random.Random], Action]
"""A bot: ``policy(view, actions, rng) -> action``, one of `actions`."""

_ATTACK_AT = 0.4
"""The least chance of winning at which :func:`greedy` attacks without a battle task."""

_A = TypeVar("_A", bound=Action)


def random_policy(view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
    """Any one of the legal `actions`, each equally likely.

    Raises
    ------
    IllegalActionError
        If `actions` is empty or holds something that is not a legal action now, `rng` is
        not a random.Random, or `view` is not the deciding Pirate's Observation.

    Examples
    --------
    >>> from piratelib.dreadpirate.game import new_game
    >>> view = observation(new_game(["Ann", "Bo"], seed=3), "Ann")
    >>> random_policy(view, [EndTurn()], random.Random(0))
    EndTurn(draw=False, discard=None)
    """
    _, legal = _check(view, actions, rng)
    return rng.choice(legal)


def greedy(view: Observation, actions: Sequence[Action], rng: random.Random) -> Action:
    """The deciding Pirate's choice, playing simply towards a win (see the module docstring).

    Parameters
    ----------
    view : Observation
        What the deciding Pirate may know now (:func:`~piratelib.dreadpirate.game.observation`).
    actions : sequence of Action
        The legal actions now (:func:`~piratelib.dreadpirate.game.legal_actions`).
    rng : random.Random
        Breaks ties among equally good actions.

    Raises
    ------
    IllegalActionError
        If `actions` is empty or holds something that is not a legal action now, `rng` is
        not a random.Random, or `view` is not the deciding Pirate's Observation.

    Examples
    --------
    Ann on Port Diablo rolled 8. Her Missions are secret to Bo but hers to read: she sails
    8 squares towards Smugglers' Cove, where one of them starts.

    >>> from piratelib.dreadpirate.game import legal_actions, new_game
    >>> state = new_game(["Ann", "Bo"], seed=3)
    >>> view = observation(state, "Ann")
    >>> [str(held.card) for held in view.missions]
    ["Mission #26 (Smugglers' Cove to San Cristobal)", 'Mission #50 (Port Diablo: Win 1 Battle)']
    >>> greedy(view, legal_actions(state), random.Random(0)).path[-1]
    (8, 8)
    >>> greedy(view, [], random.Random(0))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: actions must hold the legal actions now, got none
    """
    view, legal = _check(view, actions, rng)
    by_kind: dict[type, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(type(action), []).append(action)
    if TakeSpoils in by_kind:
        spoils = _filed(by_kind, TakeSpoils)
        return _best(spoils, lambda a: _spoils_value(view, a), rng)
    if PlayCard in by_kind or Pass in by_kind:
        return _card_choice(view, _filed(by_kind, PlayCard), Pass in by_kind, rng)
    if Pay in by_kind:
        return _best(_filed(by_kind, Pay), lambda a: 0, rng)
    if Move in by_kind:
        return _best(_filed(by_kind, Move), lambda a: _move_value(view, a.path), rng)
    if Attack in by_kind:
        targets = [a for a in _filed(by_kind, Attack) if _worth_attacking(view, a.defender)]
        if targets:
            return _best(targets, lambda a: view.pirate(a.defender).purse.items, rng)
    if EndTurn in by_kind:
        return _end_choice(view, _filed(by_kind, EndTurn), rng)
    return rng.choice(legal)  # only Attacks it would rather not make


BOTS: Mapping[str, Policy] = MappingProxyType({"random": random_policy, "greedy": greedy})
"""The bots by name (read-only)."""


def bot_action(state: State, policy: Policy, rng: random.Random) -> Action:
    """The action `policy` chooses for the Pirate who must decide, seeing only their view.

    Raises
    ------
    PiratelibError
        If the game is over (nobody decides), or the policy returns something that is not
        one of the legal actions now.

    Examples
    --------
    >>> from piratelib.dreadpirate.game import new_game
    >>> bot_action(new_game(["Ann", "Bo"], seed=3), greedy, random.Random(0)).path[-1]
    (8, 8)
    """
    check_state(state)
    check_rng(rng)
    return _ask(state, policy, legal_actions(state), rng)


def play_bots(
    state: State,
    rng: random.Random,
    policy: Policy | Sequence[Policy] = greedy,
    *,
    max_actions: int = 5_000,
) -> list[tuple[Action, tuple[Step, ...]]]:
    """Play from `state` until someone wins or `max_actions`, each Pirate choosing by a bot.

    `policy` is one policy for every Pirate, or one per seat (in seat order). Each is
    asked with the deciding Pirate's observation only. `rng` makes the bots' choices and
    also rolls the dice, as :func:`~piratelib.dreadpirate.game.playout` does; returns each
    action with its steps.

    Raises
    ------
    PiratelibError
        If `policy` is neither a policy nor one per seat, or a policy chooses something
        that is not one of the legal actions.

    Examples
    --------
    >>> from piratelib.dreadpirate.game import new_game
    >>> start = new_game(["Ann", "Bo", "Cy"], seed=2)
    >>> history = play_bots(start, random.Random(2), [greedy, random_policy, random_policy])
    >>> history[-1][1][-1].state.outcome.winner
    'Ann'
    """
    check_state(state)
    check_rng(rng)
    seats = _seats(state, policy)

    def choose(state: State, actions: list[Action], rng: random.Random) -> Action:
        return _ask(state, seats[decider(state)], actions, rng)

    return playout(state, rng, policy=choose, max_actions=max_actions)


def _seats(state: State, policy: object) -> dict[str, Policy]:
    """Each Pirate's policy by name: `policy` for all, or one per seat."""
    if callable(policy):
        return dict.fromkeys(state.names, cast("Policy", policy))
    if (
        isinstance(policy, list | tuple)
        and len(policy) == len(state.names)
        and all(map(callable, policy))
    ):
        return dict(zip(state.names, policy, strict=True))
    raise PiratelibError(
        f"policy must be one policy for every Pirate or one per seat ({len(state.names)}), "
        f"got {policy!r:.80}"
    )


def _ask(state: State, policy: Policy, actions: list[Action], rng: random.Random) -> Action:
    """`policy`'s choice among `actions` (the legal ones now), from the decider's view."""
    if not actions:
        raise PiratelibError("the game is over: no Pirate has an action to choose")
    name = decider(state)
    view = observation(state, name)
    action = policy(view, _Legal(actions, view), rng)
    if action not in actions:
        raise PiratelibError(f"{name}'s bot chose {action!r:.80}, not one of the legal actions")
    return action


class _Legal(list[Action]):
    """The legal actions that :func:`_ask` gives a policy with `view`, from the true state."""

    def __init__(self, actions: list[Action], view: Observation) -> None:
        super().__init__(actions)
        self.view = view


def _check(view: object, actions: object, rng: object) -> tuple[Observation, list[Action]]:
    """The deciding Pirate's view, and the legal `actions` as a list once checked against it."""
    if not isinstance(view, Observation):
        raise IllegalActionError(
            f"a bot reads the deciding Pirate's Observation (see bot_action), got {view!r:.80}"
        )
    check_rng(rng, error=IllegalActionError)
    if not isinstance(actions, list | tuple):
        raise IllegalActionError(
            f"actions must be a list of the legal actions now, got {actions!r:.80}"
        )
    if not actions:
        raise IllegalActionError("actions must hold the legal actions now, got none")
    if view.player != view.decider:
        raise IllegalActionError(
            f"a bot chooses for the Pirate who decides, {view.decider}, not from "
            f"{view.player}'s view"
        )
    if isinstance(actions, _Legal) and actions.view is view:
        return view, actions  # _ask took them from the true state: they are the legal ones
    table, legal = _legal_for(view)
    if list(actions) == list(legal):
        return view, list(legal)
    known = set(legal)
    for action in actions:
        check_action(action)
        if action not in known and not (
            isinstance(action, Move) and move_refusal(table, action) is None
        ):
            raise IllegalActionError(f"actions must hold legal actions now, got {action!r:.80}")
    return view, list(actions)


@functools.lru_cache(maxsize=32)
def _legal_for(view: Observation) -> tuple[State, tuple[Action, ...]]:
    """What `view` shows with the unseen filled in, and its legal actions: the decider's."""
    table = stand_in(view)
    return table, tuple(legal_actions(table))


def _filed(by_kind: dict[type, list[Action]], kind: type[_A]) -> list[_A]:
    """The actions of `kind` in `by_kind`, which files each action under its own type."""
    return cast("list[_A]", by_kind.get(kind, []))  # the checker cannot see that filing


def _best(
    actions: Sequence[_A], value: Callable[[_A], SupportsRichComparison], rng: random.Random
) -> _A:
    """The action of highest `value`, ties broken with `rng`."""
    values = [value(action) for action in actions]
    top = max(values)
    return rng.choice([a for a, v in zip(actions, values, strict=True) if v == top])


# -- Moving -------------------------------------------------------------------------------

_SLOT = 6  # squares a free Mission slot counts for beyond the way to a City
_STUCK = 12  # squares a Mission it cannot pay for counts for beyond the way to a City
_BATTLE = 6  # squares each battle still to win counts for


def _move_value(view: Observation, path: tuple[Square, ...]) -> tuple[int, int, int]:
    """How good ending a Move along `path` is: Missions completed, then fewest squares left."""
    places = _places(view.diagonal)
    missions = list(view.missions)
    purse = view.me.purse
    done = 0
    for square in path[1:]:
        place = places.get(square)
        if place is None:
            continue
        kept: list[Held | None] = list(missions)  # None for each Mission completed here
        for i, held in enumerate(missions):
            info = held.card.info
            if not held.started and info["start"] == place:
                held = kept[i] = replace(held, started=True)
            if held.started and info["goal_kind"] == "place" and info["goal"] == place:
                kept[i] = None
                done += 1
                for item, n in info["reward"].items():
                    if item != "actions":
                        purse = purse.add(item, n)
        missions = [held for held in kept if held is not None]
    end = path[-1]
    costs = [_mission_cost(view, held, end, purse, stayed=len(path) == 1) for held in missions]
    free = load_dreadpirate().setup["max_uncompleted"] - len(missions)
    costs += [_city_distance(view.diagonal, end) + _SLOT] * free
    return done, -min(costs, default=0), -sum(costs)


def _mission_cost(
    view: Observation, held: Held, square: Square, purse: Purse, *, stayed: bool
) -> int:
    """Roughly how many squares Mission `held` still needs from `square`.

    `stayed` is True when the Ship stays on `square` this turn: a place is reached by
    sailing to it, not by staying on it, so the Ship must sail off and back.
    """
    info = held.card.info
    d = _distances(view.diagonal)
    far = _far(view.diagonal)
    where = square
    cost = 0
    if not held.started:
        start = _place_square(view.diagonal, info["start"])
        cost = d[square].get(start, far) or 2 * stayed  # sail off and back to start it
        where = start
    kind = info["goal_kind"]
    if kind == "place":
        goal = _place_square(view.diagonal, info["goal"])
        return cost + (d[where].get(goal, far) or 2 * (stayed and where == square))
    if kind == "pay":
        if all(purse.count(item) >= n for item, n in info["pay"].items()):
            return cost
        return _city_distance(view.diagonal, square) + _STUCK
    others = [p.square for p in view.pirates if p.name != view.player]
    near = min((d[where].get(s, far) for s in others), default=far)
    count: int = info["count"]
    return cost + max(near - 1, 0) + _BATTLE * (count - held.wins)


@functools.cache
def _distances(diagonal: str) -> dict[Square, dict[Square, int]]:
    """Squares sailed between any two water squares, under the diagonal rule."""
    return dict(nx.all_pairs_shortest_path_length(sea_graph(diagonal)))


@functools.cache
def _places(diagonal: str) -> dict[Square, str]:
    """The place on each square that has one."""
    sea = sea_graph(diagonal).graph["sea"]
    return {square: place for square in sea_graph(diagonal) if (place := sea.place_at(square))}


@functools.cache
def _far(diagonal: str) -> int:
    """More squares than any voyage needs."""
    return sea_graph(diagonal).number_of_nodes()


@functools.cache
def _place_square(diagonal: str, place: str) -> Square:
    """The square of `place`."""
    return square_of(sea_graph(diagonal), place)


def _city_distance(diagonal: str, square: Square) -> int:
    """Squares from `square` to the nearest City."""
    d = _distances(diagonal)[square]
    return min(d.get(_place_square(diagonal, city), _far(diagonal)) for city in CITIES)


# -- Fighting -----------------------------------------------------------------------------


def _worth_attacking(view: Observation, name: str) -> bool:
    """Whether the viewer attacks `name`: a battle task, or a good enough chance, and loot."""
    task = any(h.started and h.card.info["goal_kind"] == "battles" for h in view.missions)
    if task:
        return True
    if not view.pirate(name).purse.items:
        return False
    p = attacker_win_probability(view.me.roll_bonus, view.pirate(name).roll_bonus)
    return p >= _ATTACK_AT


def _card_choice(
    view: Observation, cards: list[PlayCard], can_pass: bool, rng: random.Random
) -> Action:
    """Play the smallest card that turns a loss into a win; otherwise pass."""
    assert view.pending is not None  # cards are played in a waiting battle
    battle: Battle = view.pending.battle
    role = "attacker" if battle.attacker.name == view.player else "defender"
    winning = []
    if battle.leader != role:
        winning = [c for c in cards if play_card(battle, role, c.card.kind).leader == role]
    if winning or not can_pass:
        return _best(winning or cards, lambda c: -_card_strength(c.card.kind), rng)
    return Pass()


def _card_strength(kind: str) -> int:
    """What a card adds to a roll (the Flag's +1 for Hoist the Jolly Roger!)."""
    card = load_dreadpirate().actions[kind]
    strength: int = (
        card["amount"]
        if card["effect"] == "roll"
        else load_dreadpirate().dread_pirate["roll_bonus"]
    )
    return strength


def _spoils_value(view: Observation, action: TakeSpoils) -> tuple[int, int, int]:
    """Nearest a way to win after taking ``action.picks``, then the fewest squares to sail."""
    purse = view.me.purse
    for item in action.picks:
        purse = purse.add(item)
    needs = purse.needs()
    square = view.me.square
    if action.switch:
        assert view.pending is not None  # spoils are taken in a waiting battle
        battle = view.pending.battle
        loser = battle.defender if battle.attacker.name == view.player else battle.attacker
        square = view.pirate(loser.name).square
    costs = [_mission_cost(view, held, square, purse, stayed=True) for held in view.missions]
    return -min(needs.values()), -sum(needs.values()), -min(costs, default=0)


# -- Ending the turn ------------------------------------------------------------------------


def _end_choice(view: Observation, ends: list[EndTurn], rng: random.Random) -> EndTurn:
    """Draw a Mission when there is room, discard one it cannot pay for, else just end."""
    draws = [a for a in ends if a.draw and a.discard is None]
    if draws:
        return draws[0]
    stuck = [
        a
        for a in ends
        if a.draw
        and a.discard is not None
        and a.discard.info["goal_kind"] == "pay"
        and any(view.me.purse.count(item) < n for item, n in a.discard.info["pay"].items())
    ]
    if stuck:
        return _best(stuck, lambda a: 0, rng)
    plain = [a for a in ends if not a.draw]
    return plain[0] if plain else rng.choice(ends)
