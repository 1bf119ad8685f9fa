"""Bots for Dread Pirate: policies that choose among the legal actions, seeing only what they may.

A *policy* is a function ``policy(state, actions, rng) -> action`` that
:func:`~piratelib.dreadpirate.game.playout` takes: `actions` is
:func:`~piratelib.dreadpirate.game.legal_actions` now and `rng` breaks ties.

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

Hidden information: Dread Pirate has no ``observation``, so the bots read the state, and
only what the deciding Pirate may know: "Mission Cards ... are secret from the other
Pirates" and so are Action cards, while Ships, treasure (Gold and Gems are on the table),
the Dread Pirate Flag, kept Missions' bonuses and a battle's dice and played cards are in
plain sight. :func:`greedy` reads the board (``state.diagonal``), every Pirate's square,
purse and kept Missions, who holds the Flag, the waiting battle, and the deciding Pirate's
OWN hand and OWN Missions; never another Pirate's hand or Missions, nor the decks. Ties are
broken with `rng` alone, so a seed gives the same game.

Examples
--------
>>> import random
>>> from piratelib.dreadpirate.game import new_game, playout, winner
>>> history = playout(new_game(["Ann", "Bo"], seed=1), random.Random(1), policy=greedy)
>>> print(winner(history[-1][1][-1].state).winner, len(history))
Bo 225
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, TypeVar, cast

import networkx as nx

from piratelib.dreadpirate.battle.fight import Battle, play_card
from piratelib.dreadpirate.battle.odds import attacker_win_probability
from piratelib.dreadpirate.data import load_dreadpirate
from piratelib.dreadpirate.game import decider, legal_actions
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
from piratelib.dreadpirate.game.state import Held, Pirate, State, check_state
from piratelib.dreadpirate.game.turn import move_refusal, roll_bonus, sea_graph
from piratelib.dreadpirate.sea.grid import CITIES, Square, square_of
from piratelib.dreadpirate.treasure import Purse
from piratelib.errors import IllegalActionError, check_rng

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

__all__ = ["BOTS", "Policy", "greedy", "random_policy"]

Policy = Callable[[State, Sequence[Action], random.Random], Action]
"""A bot: ``policy(state, actions, rng) -> action``, one of `actions`."""

_ATTACK_AT = 0.4
"""The least chance of winning at which :func:`greedy` attacks without a battle task."""

_A = TypeVar("_A", bound=Action)


def random_policy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """Any one of the legal `actions`, each equally likely.

    Raises
    ------
    IllegalActionError
        If `actions` is empty or holds something that is not a legal action now, or
        `rng` is not a random.Random.
    TypeError
        If `state` is not a State.

    Examples
    --------
    >>> from piratelib.dreadpirate.game import new_game
    >>> state = new_game(["Ann", "Bo"], seed=3)
    >>> random_policy(state, [EndTurn()], random.Random(0))
    EndTurn(draw=False, discard=None)
    """
    legal = _check(state, actions, rng)
    return rng.choice(legal)


def greedy(state: State, actions: Sequence[Action], rng: random.Random) -> Action:
    """The deciding Pirate's choice, playing simply towards a win (see the module docstring).

    Parameters
    ----------
    state : State
        The game now; only what the deciding Pirate may know is read.
    actions : sequence of Action
        The legal actions now (:func:`~piratelib.dreadpirate.game.legal_actions`).
    rng : random.Random
        Breaks ties among equally good actions.

    Raises
    ------
    IllegalActionError
        If `actions` is empty or holds something that is not a legal action now, or
        `rng` is not a random.Random.
    TypeError
        If `state` is not a State.

    Examples
    --------
    Ann on Port Diablo rolled 8. Her Missions are secret to Bo but hers to read: she sails
    8 squares towards Smugglers' Cove, where one of them starts.

    >>> from piratelib.dreadpirate.game import legal_actions, new_game
    >>> state = new_game(["Ann", "Bo"], seed=3)
    >>> [str(held.card) for held in state.player("Ann").missions]
    ["Mission #26 (Smugglers' Cove to San Cristobal)", 'Mission #50 (Port Diablo: Win 1 Battle)']
    >>> greedy(state, legal_actions(state), random.Random(0)).path[-1]
    (8, 8)
    >>> greedy(state, [], random.Random(0))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: actions must hold the legal actions now, got none
    """
    legal = _check(state, actions, rng)
    by_kind: dict[type, list[Action]] = {}
    for action in legal:
        by_kind.setdefault(type(action), []).append(action)
    me = state.player(decider(state))
    if TakeSpoils in by_kind:
        spoils = _filed(by_kind, TakeSpoils)
        return _best(spoils, lambda a: _spoils_value(state, me, a), rng)
    if PlayCard in by_kind or Pass in by_kind:
        return _card_choice(state, me, _filed(by_kind, PlayCard), Pass in by_kind, rng)
    if Pay in by_kind:
        return _best(_filed(by_kind, Pay), lambda a: 0, rng)
    if Move in by_kind:
        return _best(_filed(by_kind, Move), lambda a: _move_value(state, me, a.path), rng)
    if Attack in by_kind:
        targets = [a for a in _filed(by_kind, Attack) if _worth_attacking(state, me, a.defender)]
        if targets:
            return _best(targets, lambda a: state.player(a.defender).purse.items, rng)
    if EndTurn in by_kind:
        return _end_choice(me, _filed(by_kind, EndTurn), rng)
    return rng.choice(legal)  # only Attacks it would rather not make


BOTS: dict[str, Policy] = {"random": random_policy, "greedy": greedy}
"""The bots by name."""


def _check(state: State, actions: object, rng: object) -> list[Action]:
    """The legal `actions` as a list, once checked against the state."""
    check_state(state)
    check_rng(rng, error=IllegalActionError)
    if not isinstance(actions, list | tuple):
        raise IllegalActionError(
            f"actions must be a list of the legal actions now, got {actions!r:.80}"
        )
    if not actions:
        raise IllegalActionError("actions must hold the legal actions now, got none")
    legal = legal_actions(state)
    if list(actions) == legal:
        return legal
    known = set(legal)
    for action in actions:
        check_action(action)
        if action not in known and not (
            isinstance(action, Move) and move_refusal(state, action) is None
        ):
            raise IllegalActionError(f"actions must hold legal actions now, got {action!r:.80}")
    return list(actions)


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


def _move_value(state: State, me: Pirate, path: tuple[Square, ...]) -> tuple[int, int, int]:
    """How good ending a Move along `path` is: Missions completed, then fewest squares left."""
    places = _places(state.diagonal)
    missions = list(me.missions)
    purse = me.purse
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
    costs = [_mission_cost(state, me, held, end, purse, stayed=len(path) == 1) for held in missions]
    free = load_dreadpirate().setup["max_uncompleted"] - len(missions)
    costs += [_city_distance(state.diagonal, end) + _SLOT] * free
    return done, -min(costs, default=0), -sum(costs)


def _mission_cost(
    state: State, me: Pirate, held: Held, square: Square, purse: Purse, *, stayed: bool
) -> int:
    """Roughly how many squares Mission `held` still needs from `square`.

    `stayed` is True when the Ship stays on `square` this turn: a place is reached by
    sailing to it, not by staying on it, so the Ship must sail off and back.
    """
    info = held.card.info
    d = _distances(state.diagonal)
    far = _far(state.diagonal)
    where = square
    cost = 0
    if not held.started:
        start = _place_square(state.diagonal, info["start"])
        cost = d[square].get(start, far) or 2 * stayed  # sail off and back to start it
        where = start
    kind = info["goal_kind"]
    if kind == "place":
        goal = _place_square(state.diagonal, info["goal"])
        return cost + (d[where].get(goal, far) or 2 * (stayed and where == square))
    if kind == "pay":
        if all(purse.count(item) >= n for item, n in info["pay"].items()):
            return cost
        return _city_distance(state.diagonal, square) + _STUCK
    others = [p.square for p in state.players if p.name != me.name]
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


def _worth_attacking(state: State, me: Pirate, name: str) -> bool:
    """Whether `me` attacks `name`: a battle task, or a good enough chance, and loot."""
    task = any(h.started and h.card.info["goal_kind"] == "battles" for h in me.missions)
    if task:
        return True
    if not state.player(name).purse.items:
        return False
    p = attacker_win_probability(roll_bonus(state, me.name), roll_bonus(state, name))
    return p >= _ATTACK_AT


def _card_choice(
    state: State, me: Pirate, cards: list[PlayCard], can_pass: bool, rng: random.Random
) -> Action:
    """Play the smallest card that turns a loss into a win; otherwise pass."""
    assert state.pending is not None  # cards are played in a waiting battle
    battle: Battle = state.pending.battle
    role = "attacker" if battle.attacker.name == me.name else "defender"
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


def _spoils_value(state: State, me: Pirate, action: TakeSpoils) -> tuple[int, int, int]:
    """Nearest a way to win after taking ``action.picks``, then the fewest squares to sail."""
    purse = me.purse
    for item in action.picks:
        purse = purse.add(item)
    needs = purse.needs()
    square = me.square
    if action.switch:
        assert state.pending is not None  # spoils are taken in a waiting battle
        battle = state.pending.battle
        loser = battle.defender if battle.attacker.name == me.name else battle.attacker
        square = state.player(loser.name).square
    costs = [_mission_cost(state, me, held, square, purse, stayed=True) for held in me.missions]
    return -min(needs.values()), -sum(needs.values()), -min(costs, default=0)


# -- Ending the turn ------------------------------------------------------------------------


def _end_choice(me: Pirate, ends: list[EndTurn], rng: random.Random) -> EndTurn:
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
        and any(me.purse.count(item) < n for item, n in a.discard.info["pay"].items())
    ]
    if stuck:
        return _best(stuck, lambda a: 0, rng)
    plain = [a for a in ends if not a.draw]
    return plain[0] if plain else rng.choice(ends)
