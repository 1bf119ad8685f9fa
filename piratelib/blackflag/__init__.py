"""Black Flag!: the seating table and the game's data so far; the game itself is to come.

Modules: :mod:`~piratelib.blackflag.table` (seats, distance, range) and
:mod:`~piratelib.blackflag.data` (roles, setup by player count, the score track, cards,
Captains and the Edge of the World table, from ``blackflag.toml``).
"""
