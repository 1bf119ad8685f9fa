"""Dread Pirate's Movement: where one roll can take a ship, checking a move, and "next to".

Movement: "roll the dice. You can then move up to the full amount shown on the dice,
including any amount less than the total of your dice (even zero). Each square on the
board is one movement space. You can move horizontally, vertically, or diagonally. Ships
must stay on water, and can only move from one space to another if there is water between
the two spaces ... Two or more ships cannot occupy the same space." Every question is
asked of the sea's graph (:func:`~piratelib.dreadpirate.sea.grid.sea_graph`), under its
diagonal rule: :func:`reachable` lists where a roll can end, :func:`check_move` checks a
path, :func:`check_attack` checks that two ships are next to each other for a battle, and
:func:`reach_probability` is the chance one 2d6 roll reaches a square.

Examples
--------
>>> from piratelib.dreadpirate.sea.grid import sea_graph, square_of
>>> G = sea_graph()
>>> start = square_of(G, "port_diablo")
>>> len(reachable(G, start, 2))
9
>>> reach_probability(G, start, square_of(G, "skull_rock"))  # 8 squares away
Fraction(5, 12)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from fractions import Fraction

import networkx as nx

from piratelib.dice import sum_of_dice
from piratelib.dreadpirate.sea.grid import RULE_WATER, Square, check_water, sea_of
from piratelib.errors import IllegalActionError

__all__ = [
    "check_attack",
    "check_bonus",
    "check_move",
    "check_roll",
    "reach_probability",
    "reachable",
]

_UP_TO = (
    "You can then move up to the full amount shown on the dice, including any amount less "
    "than the total of your dice (even zero)."
)
_SHARE = "Two or more ships cannot occupy the same space."


def reachable(
    G: nx.Graph[Square],
    start: Square,
    roll: int,
    *,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
    bonus: int = 0,
) -> frozenset[Square]:
    """Return the squares a ship on `start` can end on with `roll`, `start` included.

    "move up to the full amount shown on the dice, including any amount less than the
    total of your dice (even zero)". Squares in `occupied` (other ships) cannot be ended
    on: "Two or more ships cannot occupy the same space." With ``pass_through=False`` they
    cannot be moved through either. `bonus` (0 or more) is added to the roll: "The Dread
    Pirate receives +1 to all of their rolls".

    Raises
    ------
    IllegalActionError
        If `start` is not a water square or `roll` is not a whole number from 0 to 12.

    Examples
    --------
    >>> from piratelib.dreadpirate.sea.grid import sea_graph
    >>> G = sea_graph()
    >>> sorted(reachable(G, (0, 0), 1))
    [(0, 0), (0, 1), (1, 0), (1, 1)]
    >>> sorted(reachable(G, (0, 0), 1, occupied=[(0, 1)]))
    [(0, 0), (1, 0), (1, 1)]
    """
    sea_of(G)
    check_roll(roll)
    check_bonus(bonus)
    _check_flag("pass_through", pass_through)
    return frozenset(_ends(G, start, roll + bonus, occupied, pass_through))


def check_move(
    G: nx.Graph[Square],
    path: Sequence[Square],
    roll: int,
    *,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
    bonus: int = 0,
) -> int:
    """Check a move square by square and return its length in movement spaces.

    `bonus` (0 or more) is added to the roll, as in :func:`reachable`.

    Raises
    ------
    IllegalActionError
        Naming the rule: a square off the board or on land ("Ships must stay on water"),
        a step that is not to a neighbouring square, a diagonal step across land (the
        diagonal rule in force), more steps than the roll, ending on (or, without
        `pass_through`, passing) another ship.

    Examples
    --------
    >>> from piratelib.dreadpirate.sea.grid import sea_graph
    >>> G = sea_graph()
    >>> check_move(G, [(0, 0), (1, 1), (2, 2)], 7)
    2
    >>> check_move(G, [(0, c) for c in range(14)], 12, bonus=1)  # the Dread Pirate rolls 12
    13
    >>> check_move(G, [(0, 3), (1, 4)], 7)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: (1, 4) is land: Movement: ... Ships must stay on water, ...
    """
    sea = sea_of(G)
    _check_flag("pass_through", pass_through)
    given: object = path  # callers may pass anything: check it
    if isinstance(given, str | bytes) or not isinstance(given, Sequence):
        raise IllegalActionError(f"a move is a sequence of (row, column) squares, got {path!r}")
    for square in path:
        if not (
            isinstance(square, tuple | list)
            and len(square) == 2
            and all(type(x) is int for x in square)
        ):
            raise IllegalActionError(f"a move's squares are (row, column) pairs, got {square!r}")
    path = [(r, c) for r, c in path]  # each a pair, checked above
    if not path:
        raise IllegalActionError("a move needs at least its starting square")
    check_roll(roll)
    check_bonus(bonus)
    for square in path:
        if not sea.on_board(square):
            raise IllegalActionError(
                f"{square} is off the board, which has rows 0 to {sea.height - 1} and "
                f"columns 0 to {sea.width - 1}"
            )
        if not sea.is_water(square):
            raise IllegalActionError(f"{square} is land: {RULE_WATER}")
    for a, b in itertools.pairwise(path):
        if max(abs(a[0] - b[0]), abs(a[1] - b[1])) != 1:
            raise IllegalActionError(
                f"{a} to {b} is not a step to a neighbouring square. Each square on the board "
                "is one movement space. You can move horizontally, vertically, or diagonally."
            )
        if not G.has_edge(a, b):
            raise IllegalActionError(
                f"{a} to {b} crosses a blocked corner: under the diagonal rule "
                f"{G.graph['diagonal']!r} there is no water between the two spaces. {RULE_WATER}"
            )
    steps = len(path) - 1
    if steps > roll + bonus:
        allowed = f"{roll} + {bonus} = {roll + bonus}" if bonus else f"{roll}"
        raise IllegalActionError(f"the move has {steps} steps but the roll is {allowed}. {_UP_TO}")
    others = _blocked(G, occupied) - {path[0]}
    if path[-1] in others:
        raise IllegalActionError(f"{path[-1]} already holds a ship. {_SHARE}")
    if not pass_through:
        crossed = [square for square in path[1:-1] if square in others]
        if crossed:
            raise IllegalActionError(
                f"the move passes through {crossed[0]}, which holds a ship, and ships may not "
                f"pass through each other here (pass_through=False). {_SHARE}"
            )
    return steps


def check_attack(G: nx.Graph[Square], attacker: Square, defender: Square) -> None:
    """Check that the attacker's ship is next to the defender's, as a battle needs.

    Battles: "At the end your movement, if you are next to another Pirate, you can fight
    them." The rulebook does not define "next to"; we read it as one allowed step apart
    under the graph's diagonal rule, so two ships across a land corner are not next to
    each other unless that rule lets a ship step between them.

    Raises
    ------
    IllegalActionError
        If either square is not water, they are the same, or they are not next to each
        other, naming the rule.

    Examples
    --------
    >>> from piratelib.dreadpirate.sea.grid import sea_graph
    >>> G = sea_graph()
    >>> check_attack(G, (0, 0), (1, 1))
    >>> check_attack(G, (0, 0), (0, 2))
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: (0, 0) is not next to (0, 2): ... you can fight them.
    """
    check_water(G, attacker, "the attacker's square")
    check_water(G, defender, "the defender's square")
    if attacker == defender:
        raise IllegalActionError(f"two ships on {attacker}: {_SHARE}")
    if not G.has_edge(attacker, defender):
        raise IllegalActionError(
            f"{attacker} is not next to {defender}: Battles: At the end your movement, if you "
            "are next to another Pirate, you can fight them."
        )


def reach_probability(
    G: nx.Graph[Square],
    start: Square,
    target: Square,
    *,
    occupied: Iterable[Square] = (),
    pass_through: bool = True,
    bonus: int = 0,
) -> Fraction:
    """Return the exact chance that a 2d6 roll lets a ship on `start` end on `target`.

    `bonus` is added to every roll, as for the Dread Pirate: "The Dread Pirate receives +1
    to all of their rolls."

    Examples
    --------
    >>> from piratelib.dreadpirate.sea.grid import sea_graph, square_of
    >>> G = sea_graph()
    >>> reach_probability(G, square_of(G, "port_diablo"), square_of(G, "krakens_reach"))
    Fraction(1, 36)
    >>> reach_probability(G, square_of(G, "port_diablo"), square_of(G, "krakens_reach"), bonus=1)
    Fraction(1, 12)
    """
    check_water(G, target, "target")
    check_bonus(bonus)
    _check_flag("pass_through", pass_through)
    steps = _ends(G, start, 12 + bonus, occupied, pass_through).get(target)
    if steps is None:
        return Fraction(0)
    return sum((p for total, p in sum_of_dice(2).items() if total + bonus >= steps), Fraction(0))


def check_roll(roll: object) -> None:
    """Check that `roll` is a whole number of spaces a 2d6 roll could allow (0 to 12).

    Raises
    ------
    IllegalActionError
        Otherwise.
    """
    if isinstance(roll, bool) or not isinstance(roll, int) or not 0 <= roll <= 12:
        raise IllegalActionError(f"a roll of two dice moves 0 to 12 spaces, got {roll!r}")


def check_bonus(bonus: object) -> None:
    """Check that `bonus` is a whole number of spaces, 0 or more, added to a roll.

    Raises
    ------
    IllegalActionError
        Otherwise.
    """
    if isinstance(bonus, bool) or not isinstance(bonus, int) or bonus < 0:
        raise IllegalActionError(f"a roll bonus adds 0 or more spaces, got {bonus!r}")


def _check_flag(name: str, value: object) -> None:
    """A yes-or-no option must be True or False."""
    if not isinstance(value, bool):
        raise IllegalActionError(f"{name} must be True or False, got {value!r}")


def _ends(
    G: nx.Graph[Square], start: Square, most: int, occupied: Iterable[Square], pass_through: bool
) -> dict[Square, int]:
    """The squares a ship on `start` can end on within `most` steps, with their distances."""
    check_water(G, start, "start")
    blocked = _blocked(G, occupied) - {start}
    moves = G if pass_through else G.subgraph(set(G) - blocked)
    lengths = nx.single_source_shortest_path_length(moves, start, cutoff=most)
    return {square: n for square, n in lengths.items() if square not in blocked}


def _blocked(G: nx.Graph[Square], occupied: Iterable[Square]) -> frozenset[Square]:
    """The occupied squares, each checked to be water."""
    given: object = occupied  # callers may pass anything: check it
    if isinstance(given, str | bytes) or not isinstance(given, Iterable):
        raise IllegalActionError(f"occupied must be a collection of squares, got {occupied!r}")
    squares = []
    for square in occupied:
        square = tuple(square) if isinstance(square, list) else square
        check_water(G, square, "an occupied square")
        squares.append(square)
    return frozenset(squares)
