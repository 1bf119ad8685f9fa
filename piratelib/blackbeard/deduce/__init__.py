"""What the Hunters of Hunt for Blackbeard can deduce from their own observation.

The names are gathered here from :mod:`~piratelib.blackbeard.deduce.count` (the count of
Blackbeard's hidden histories: possible spaces, possible Camps, chances). Underneath,
:mod:`~piratelib.blackbeard.deduce.evidence` sorts what an observation says by the moment
of the Map it describes, :mod:`~piratelib.blackbeard.deduce.sails` counts every Sail
Blackbeard can make, by what the Hunters can tell apart, and
:mod:`~piratelib.blackbeard.deduce.means` says what his pawns and Purse allow each turn
(:mod:`~piratelib.blackbeard.deduce.purse` counts the Sails a known Purse allows, over the
Map tables of :mod:`~piratelib.blackbeard.deduce.routes`);
:mod:`~piratelib.blackbeard.deduce.models` holds the chance models.
"""

from __future__ import annotations

from piratelib.blackbeard.deduce.count import (
    camp_spaces,
    chances,
    count_histories,
    history_counts,
    possible_spaces,
)

__all__ = [
    "camp_spaces",
    "chances",
    "count_histories",
    "history_counts",
    "possible_spaces",
]
