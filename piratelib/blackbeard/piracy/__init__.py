"""Blackbeard's mat and Piracy in Hunt for Blackbeard: plan, prepare, resolve, score.

This package gathers the public names of two of its modules, each importable on its own:
:mod:`~piratelib.blackbeard.piracy.mat` (the immutable :class:`Mat`, Setup, Draw Tiles,
Plan Piracy, Prepare Defenses, End Turn, penalties and Victory) and
:mod:`~piratelib.blackbeard.piracy.resolution` (:class:`Position` and
:func:`resolve_piracy`: cubes onto the planned tiles, and what filling a tile does).
Every rule is a pure function returning a new Mat; a refused action raises
:class:`~piratelib.errors.IllegalActionError` and changes nothing.
:func:`resolve_piracy` returns its steps, each with the rule it applied and the mat
after it. Three more are imported on their own: :mod:`~piratelib.blackbeard.piracy.tiles`
(the Piracy tiles, Prepared Defenses and Loot), :mod:`~piratelib.blackbeard.piracy.plan_odds`
(the exact odds of a one-row plan) and :mod:`~piratelib.blackbeard.piracy.whatif` (what a
position yields, what a plan can reach). Every function takes the tile set
(:func:`piratelib.blackbeard.piracy.tiles.load_tiles`) so a user can try other Loot values or
square counts.

Cubes are conserved: gold in the Purse, on tiles, Paid on Defenses and in spares always
adds up to the game's 20; black on tiles and in spares to its 15.

Examples
--------
The rulebook's "Example: Resolve Piracy": three pawns on Banyan for Vane, Adventure at
the Anchorage of Nots Island; the tile fills with gold from the Purse, Shows, and Takes 1
Loot.

>>> import random
>>> mat = Mat(purse=5, spare_gold=15, pirates_life=("banyan_for_vane",), loot_pool=(1,))
>>> mat = plan_piracy(mat, "banyan_for_vane", 3)
>>> steps = resolve_piracy(mat, Position(adventure="nots_island"), random.Random(1))
>>> steps[-1].state.purse, steps[-1].state.taken_loot
(3, (1,))
"""

from __future__ import annotations

from piratelib.blackbeard.piracy.mat import (
    ROWS,
    RULES,
    Mat,
    draw_tiles,
    end_turn,
    pawns_allowed,
    penalties,
    piracy_victory,
    plan_piracy,
    prepare_defense,
    row_cubes,
    setup,
)
from piratelib.blackbeard.piracy.resolution import Position, acting_space, resolve_piracy

__all__ = [
    "ROWS",
    "RULES",
    "Mat",
    "Position",
    "acting_space",
    "draw_tiles",
    "end_turn",
    "pawns_allowed",
    "penalties",
    "piracy_victory",
    "plan_piracy",
    "prepare_defense",
    "resolve_piracy",
    "row_cubes",
    "setup",
]
