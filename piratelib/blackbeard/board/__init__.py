"""The Map of Hunt for Blackbeard and how the pieces move and see on it.

Open :mod:`~piratelib.blackbeard.board.map` for the Map itself (the 28 spaces, water and
land routes, as a frozen networkx graph; its public names are gathered here, so
``piratelib.blackbeard.board.load_map`` works), :mod:`~piratelib.blackbeard.board.movement`
for Sailing and Marching (legal moves, pawn costs, reach, Sightings),
:mod:`~piratelib.blackbeard.board.scouting` for Scouting and where Blackbeard's other
blocks can go, :mod:`~piratelib.blackbeard.board.informants` for the nine Informant tiles
and :mod:`~piratelib.blackbeard.board.assets` for the Commandeered Assets.
"""

from __future__ import annotations

from piratelib.blackbeard.board.map import (
    CAPE_HENRY,
    JAMES_RIVER,
    KINDS,
    ROUTES,
    adjacent,
    check_space,
    load_map,
    named_island_or_bank,
    of_kind,
)

__all__ = [
    "CAPE_HENRY",
    "JAMES_RIVER",
    "KINDS",
    "ROUTES",
    "adjacent",
    "check_space",
    "load_map",
    "named_island_or_bank",
    "of_kind",
]
