"""Black Flag!: the seating table (distance and range) so far; the game itself is to come.

Modules: :mod:`~piratelib.blackflag.table` (seats, distance, range).
"""
