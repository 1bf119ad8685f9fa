"""Dread Pirate's Set Up: the starting Cities, and the roll for who goes first.

"Each player chooses a Pirate Ship and places it on a separate City (large anchor) in one
of the four corners of the board. No two Pirates can start in the same corner." ... "Each
Pirate rolls the dice. Whichever rolls highest goes first!" :func:`starting_squares`
checks the Cities chosen and :func:`first_player` rolls; dealing the cards and the
treasure, and the whole Set Up, is :func:`~piratelib.dreadpirate.game.new_game`.

Examples
--------
>>> starting_squares(["Ann", "Bo"], ["la_antigua", "port_diablo"], "one_side_water")
[(12, 19), (0, 0)]
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from piratelib import dice
from piratelib.dreadpirate.data import load_dreadpirate, place_name
from piratelib.dreadpirate.game.turn import sea_graph
from piratelib.dreadpirate.sea.grid import CITIES, Square, square_of
from piratelib.errors import IllegalActionError, did_you_mean

__all__ = ["RULE_CORNERS", "RULE_SETUP", "first_player", "starting_squares"]

RULE_CORNERS = (
    "Each player chooses a Pirate Ship and places it on a separate City (large anchor) in one "
    "of the four corners of the board. No two Pirates can start in the same corner."
)
RULE_SETUP = (
    'Deal 2 Mission Cards ... Deal 2 Action Cards ... The "Treasure-Hoarder" gives each '
    "Pirate 4 Gems matching the color of the band on their Ship, and 5 Gold."
)


def first_player(
    names: Sequence[str], rng: random.Random
) -> tuple[int, tuple[tuple[tuple[str, int], ...], ...]]:
    """Roll for who goes first: return their index and every round of rolls.

    "Each Pirate rolls the dice. Whichever rolls highest goes first!" The rulebook does not
    say what a tie does; we assume those tied for highest roll again, until one is highest.

    Examples
    --------
    >>> first_player(["Ann", "Bo", "Cy"], dice.ScriptedRolls([6, 5, 3, 3, 5, 6, 1, 1, 2, 2]))
    (2, ((('Ann', 11), ('Bo', 6), ('Cy', 11)), (('Ann', 2), ('Cy', 4))))
    """
    n = load_dreadpirate().turn_order["dice"]
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, got {rng!r}")
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of the Pirates' names, got {names!r}")
    if not names or len(set(names)) != len(names) or not all(isinstance(x, str) for x in names):
        raise IllegalActionError(f"the Pirates who roll need different names, got {names!r}")
    rolling = list(names)
    rounds = []
    while True:
        totals = tuple((name, sum(dice.roll(n, rng))) for name in rolling)
        rounds.append(totals)
        best = max(total for _, total in totals)
        rolling = [name for name, total in totals if total == best]
        if len(rolling) == 1:
            return list(names).index(rolling[0]), tuple(rounds)


def starting_squares(
    names: Sequence[str], cities: Sequence[str] | None, diagonal: str
) -> list[Square]:
    """Each Pirate's starting square: their City's, checked (seat i on ``CITIES[i]``)."""
    G = sea_graph(diagonal)
    if isinstance(names, str | bytes) or not isinstance(names, Sequence):
        raise TypeError(f"names must be a sequence of the Pirates' names, got {names!r}")
    if isinstance(cities, str | bytes):
        raise TypeError(f"cities must be a sequence of City ids, got {cities!r}")
    cities = list(cities) if cities is not None else list(CITIES[: len(names)])
    if len(cities) != len(names):
        raise IllegalActionError(f"{RULE_CORNERS} Give {len(names)} Cities, got {cities!r}")
    for city in cities:
        if city not in CITIES:
            raise IllegalActionError(
                f"{city!r} is not one of the four starting Cities: "
                f"{did_you_mean(city, CITIES)}choose from {', '.join(CITIES)}"
            )
    for i, city in enumerate(cities):
        if city in cities[:i]:
            first = names[cities.index(city)]
            raise IllegalActionError(
                f"{first} and {names[i]} both start on {place_name(city)}: {RULE_CORNERS}"
            )
    return [square_of(G, city) for city in cities]
