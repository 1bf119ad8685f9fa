"""Dread Pirate's sea: the grid, Movement on it, and voyages, with every name in one place.

Movement: "roll the dice. You can then move up to the full amount shown on the dice,
including any amount less than the total of your dice (even zero). Each square on the
board is one movement space. You can move horizontally, vertically, or diagonally. Ships
must stay on water, and can only move from one space to another if there is water between
the two spaces ... Two or more ships cannot occupy the same space."

The sea is data (``dreadpirate_sea.toml``, a reconstruction marked ``assumed``, or your own
board in the same format). :func:`sea_graph` makes it a frozen networkx graph whose nodes
are the water squares ``(row, column)`` and whose edges are the steps allowed. The sea
itself is :mod:`~piratelib.dreadpirate.sea.grid`, moving on it with one roll
:mod:`~piratelib.dreadpirate.sea.movement`, and voyages over many turns
:mod:`~piratelib.dreadpirate.sea.voyages`; this package gathers their names, so
``piratelib.dreadpirate.sea`` offers them all. What "water between the two
spaces" means for a diagonal step is a switch, ``diagonal``:

- ``"never"``: no diagonal steps;
- ``"both_sides_water"``: only if both squares beside the step are water;
- ``"one_side_water"`` (the default): if at least one of them is water - the step passes
  through water rather than over a land corner;
- ``"always"``: any diagonal step between two water squares.

Examples
--------
>>> G = sea_graph()
>>> start = square_of(G, "port_diablo")
>>> len(reachable(G, start, 2))
9
>>> reach_probability(G, start, square_of(G, "skull_rock"))  # 8 squares away
Fraction(5, 12)
"""

from __future__ import annotations

from piratelib.dreadpirate.sea.grid import (
    CITIES,
    DEFAULT_DIAGONAL,
    DIAGONAL_NAMES,
    DIAGONAL_RULES,
    Sea,
    load_sea,
    sea_graph,
    square_of,
)
from piratelib.dreadpirate.sea.movement import (
    check_attack,
    check_move,
    reach_probability,
    reachable,
)
from piratelib.dreadpirate.sea.voyages import move_toward, simulate_turns, turns_to_reach

__all__ = [
    "CITIES",
    "DEFAULT_DIAGONAL",
    "DIAGONAL_NAMES",
    "DIAGONAL_RULES",
    "Sea",
    "check_attack",
    "check_move",
    "load_sea",
    "move_toward",
    "reach_probability",
    "reachable",
    "sea_graph",
    "simulate_turns",
    "square_of",
    "turns_to_reach",
]
