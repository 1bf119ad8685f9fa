"""Dread Pirate's voyages: how many turns a ship takes to reach a square, exactly and by dice.

A **voyage** sails from a start square to a target over as many turns as it takes, each
turn a 2d6 roll (plus any roll bonus, as for the Dread Pirate: "The Dread Pirate
receives +1 to all of their rolls") and one move. The ship follows one stated policy,
:func:`move_toward`: end on the reachable square nearest the target. :func:`turns_to_reach`
gives the exact distribution of the number of turns (a Markov chain over squares);
:func:`simulate_turns` plays a voyage with real dice, to check it. Other ships moored on
the way (``occupied``) count as they do for one roll ("Two or more ships cannot occupy the
same space"; with ``pass_through=False`` they block the way too), so the first turn of a
voyage always agrees with :func:`~piratelib.dreadpirate.sea.movement.reach_probability`.

Examples
--------
>>> from piratelib.dreadpirate.sea.grid import sea_graph, square_of
>>> G = sea_graph()
>>> turns = turns_to_reach(G, square_of(G, "port_diablo"), square_of(G, "la_antigua"))
>>> min(turns), max(turns), float(sum(k * p for k, p in turns.items()))
(2, 10, 3.2...)
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterable
from fractions import Fraction
from typing import Protocol, cast

import networkx as nx

from piratelib.dice import sum_of_dice
from piratelib.dreadpirate.sea.grid import Square, check_water
from piratelib.dreadpirate.sea.movement import _SHARE, _blocked, _ends, check_bonus, check_roll
from piratelib.errors import IllegalActionError

__all__ = ["move_toward", "simulate_turns", "turns_to_reach"]

_ROLLS = 6**2  # the rolls of two dice, equally likely


class _Policy(Protocol):
    """A movement policy toward a target: where a ship on a square moves with a roll.

    ``to_target`` is each square's distance to the target by the water the ship may sail.
    """

    to_target: dict[Square, int]

    def __call__(self, square: Square, roll: int, bonus: int = 0) -> Square: ...


class _MooredPolicy(_Policy, Protocol):
    """A movement policy past moored ships, which are ``blocked``."""

    blocked: frozenset[Square]


def move_toward(
    G: nx.Graph[Square], square: Square, target: Square, roll: int, *, bonus: int = 0
) -> Square:
    """Return where a ship on `square` moves with `roll`, heading for `target`.

    The policy of :func:`turns_to_reach` and :func:`simulate_turns`: of the squares the
    ship can end on (:func:`reachable`), the one nearest `target` by water, ties to the
    smallest ``(row, column)``; so the target itself whenever the roll reaches it.

    Raises
    ------
    IllegalActionError
        If a square is not water, the roll or bonus is out of range, or `target` cannot
        be reached from `square` by water under the graph's diagonal rule.

    Examples
    --------
    Kraken's Reach is 12 squares from Port Diablo:

    >>> from piratelib.dreadpirate.sea.grid import sea_graph, square_of
    >>> G = sea_graph()
    >>> kraken = square_of(G, "krakens_reach")
    >>> move_toward(G, (0, 0), kraken, 7), move_toward(G, (0, 0), kraken, 12)
    ((1, 7), (6, 10))
    >>> move_toward(G, (1, 7), kraken, 4), move_toward(G, (1, 7), kraken, 4, bonus=1)
    ((5, 9), (6, 10))
    """
    check_water(G, square, "start")
    check_water(G, target, "target")
    check_roll(roll)
    check_bonus(bonus)
    return _mover(G, square, target)(square, roll, bonus)


def turns_to_reach(
    G: nx.Graph[Square],
    start: Square,
    target: Square,
    *,
    bonus: int = 0,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
) -> dict[int, Fraction]:
    """Return the exact distribution of the number of turns to end a move on `target`.

    A Markov chain over squares. Each turn the ship rolls 2d6 and moves, by the policy
    stated here (:func:`move_toward`), to the square it can reach that is nearest `target`
    by water (ties to the smallest ``(row, column)``), so it arrives as soon as a roll
    allows. `bonus` is added to every roll, as for the Dread Pirate.

    Other ships are left out unless given: `occupied` holds ships moored for the whole
    voyage, which the ship never ends on ("Two or more ships cannot occupy the same
    space") and, with ``pass_through=False``, never sails through, exactly as for
    :func:`~piratelib.dreadpirate.sea.movement.reachable`. Then the chance of 1 turn equals
    :func:`~piratelib.dreadpirate.sea.movement.reach_probability` with the same ships. When no
    reachable square is nearer the target, the ship stays where it is.

    Raises
    ------
    IllegalActionError
        If `target` cannot be reached from `start` by water under the graph's diagonal rule
        (past the ships that block the way), `target` holds a ship, or the ships can keep
        the ship where it is for some rolls (then the number of turns has no end).

    Examples
    --------
    >>> from piratelib.dreadpirate.sea.grid import sea_graph, square_of
    >>> G = sea_graph()
    >>> turns = turns_to_reach(G, square_of(G, "port_diablo"), square_of(G, "krakens_reach"))
    >>> {k: str(p) for k, p in turns.items()}
    {1: '1/36', 2: '475/648', 3: '1783/7776', 4: '5489/559872', 5: '5929/60466176',
     6: '11/60466176'}
    >>> sum(turns.values())
    Fraction(1, 1)
    >>> turns_to_reach(G, (0, 0), square_of(G, "krakens_reach"), bonus=1)[1]
    Fraction(1, 12)

    Two ships moored beside Port Diablo that block the way leave one way out, and Kraken's
    Reach 13 squares away: out of reach this turn, as :func:`reach_probability` says.

    >>> moored = {"occupied": [(0, 1), (1, 1)], "pass_through": False}
    >>> blocked = turns_to_reach(G, (0, 0), square_of(G, "krakens_reach"), **moored)
    >>> min(blocked), str(blocked[2])
    (2, '287/432')
    """
    check_water(G, start, "start")
    check_water(G, target, "target")
    check_bonus(bonus)
    moves = _mover(G, start, target, occupied, pass_through)
    if start == target:
        return {0: Fraction(1)}
    rolls = {total: p.numerator * (_ROLLS // p.denominator) for total, p in sum_of_dice(2).items()}
    onward: dict[Square, dict[Square, int]] = {}  # each square's next squares, in rolls of 36
    turns: dict[int, Fraction] = {}
    here = {start: 1}  # the chance of each square after `turn` turns, times 36 ** turn
    turn = 0
    while here:
        turn += 1
        there: dict[Square, int] = {}
        arrived = 0
        for square, n in here.items():
            if square not in onward:
                onward[square] = {}
                for total, ways in rolls.items():
                    after = moves(square, total, bonus)
                    onward[square][after] = onward[square].get(after, 0) + ways
            for after, ways in onward[square].items():
                if after == square:
                    moored = cast(_MooredPolicy, moves)  # only moored ships keep a ship put
                    raise IllegalActionError(
                        f"with ships on {_listed(moored.blocked)}, some rolls leave a ship on "
                        f"{square} with no square nearer {target}: the voyage may never end"
                    )
                if after == target:
                    arrived += n * ways
                else:
                    there[after] = there.get(after, 0) + n * ways
        if arrived:
            turns[turn] = Fraction(arrived, _ROLLS**turn)
        here = there
    return turns


def simulate_turns(
    G: nx.Graph[Square],
    start: Square,
    target: Square,
    rng: random.Random,
    *,
    bonus: int = 0,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
) -> int:
    """Play turns with real dice under :func:`turns_to_reach`'s policy; return how many.

    `occupied` and `pass_through` are the moored ships, as for :func:`turns_to_reach`.

    Examples
    --------
    >>> from piratelib.dreadpirate.sea.grid import sea_graph
    >>> G = sea_graph()
    >>> simulate_turns(G, (0, 0), (12, 19), random.Random(1))
    4
    """
    check_water(G, start, "start")
    check_water(G, target, "target")
    check_bonus(bonus)
    moves = _mover(G, start, target, occupied, pass_through)
    turns, here = 0, start
    while here != target:
        turns += 1
        here = moves(here, rng.randint(1, 6) + rng.randint(1, 6), bonus)
    return turns


def _mover(
    G: nx.Graph[Square],
    start: Square,
    target: Square,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
) -> _Policy:
    """The movement policy toward `target`, checked to reach it from `start`."""
    blocked = _blocked(G, occupied) - {start}
    if target in blocked:
        raise IllegalActionError(f"{target} already holds a ship. {_SHARE}")
    move: _Policy = (
        _moored_policy(G, target, blocked, pass_through) if blocked else _policy(G, target)
    )
    if start not in move.to_target:
        past = f", past the ships on {_listed(blocked)}" if blocked and not pass_through else ""
        raise IllegalActionError(
            f"{target} cannot be reached from {start} by water under the diagonal rule "
            f"{G.graph['diagonal']!r}{past}"
        )
    return move


@functools.lru_cache(maxsize=64)
def _moored_policy(
    G: nx.Graph[Square], target: Square, blocked: frozenset[Square], pass_through: bool
) -> _MooredPolicy:
    """The movement policy past moored ships: the reachable square nearest the target.

    Distances to the target are by the water the ship may sail (around the ships when
    they block the way). A ship that can get no nearer stays where it is.
    """
    ways = G if pass_through else G.subgraph(set(G) - blocked)
    to_target = nx.single_source_shortest_path_length(ways, target)

    @functools.cache
    def ends(square: Square) -> list[tuple[int, Square]]:
        """Every square the ship may end on, nearest the target first, with its steps."""
        reach = _ends(G, square, len(G), blocked, pass_through)
        return [(reach[u], u) for u in sorted(reach, key=lambda u: (to_target[u], u))]

    @functools.cache
    def move(square: Square, roll: int, bonus: int = 0) -> Square:
        best = next(u for steps, u in ends(square) if steps <= roll + bonus)
        return square if to_target[best] >= to_target[square] else best

    policy = cast(_MooredPolicy, move)  # move, given the attributes a policy has just below
    policy.to_target = to_target
    policy.blocked = blocked
    return policy


@functools.lru_cache(maxsize=64)
def _policy(G: nx.Graph[Square], target: Square) -> _Policy:
    """The movement policy: the reachable square nearest the target, ties to the smallest.

    One search from the target gives every square's distance to it. A ship that can reach
    the target ends there. Otherwise the nearest squares it can reach are those a whole
    roll along a shortest way to the target, so the policy's square is the smallest of
    them: ``along(square, k)``, the smallest square k steps along a shortest way, is the
    smallest of ``along(v, k - 1)`` over the neighbours v one step nearer the target.
    """
    to_target = nx.single_source_shortest_path_length(G, target)
    known: dict[tuple[Square, int], Square] = {}

    def along(square: Square, k: int) -> Square:
        if k == 0:
            return square
        found = known.get((square, k))
        if found is None:
            nearer = to_target[square] - 1
            found = min(along(v, k - 1) for v in G[square] if to_target[v] == nearer)
            known[square, k] = found
        return found

    @functools.cache
    def move(square: Square, roll: int, bonus: int = 0) -> Square:
        most = roll + bonus
        return target if to_target[square] <= most else along(square, most)

    policy = cast(_Policy, move)  # move, given the attribute a policy has just below
    policy.to_target = to_target
    return policy


def _listed(squares: Iterable[Square]) -> str:
    """Squares in order, joined as a sentence does."""
    names = [str(square) for square in sorted(squares)]
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
