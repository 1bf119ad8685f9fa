"""Black Flag!'s table: who sits where, who has a Ship, and who is in range of whom.

Distance and Range: "The distance between two players is the minimum number of spaces
occupied by players who have a Ship that lie between them, counting clockwise or
counterclockwise." Players without a Ship are left out, so players "move closer"
after a sinking. Sails on a player make everyone else see them 1 farther; a Telescope adds
1 to its owner's Range "but the distance remains unchanged". The table is a networkx cycle
of the players who have a Ship, in seating order.

Examples
--------
The rulebook's example, seating clockwise: Andrew, Barbara, Cody, Daniel, Emma, Frank.

>>> seats = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]
>>> [distance(seats, seats, "Andrew", b) for b in seats[1:]]
[1, 2, 3, 2, 1]
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import cast

import networkx as nx

from piratelib.errors import IllegalActionError, did_you_mean

__all__ = ["distance", "distance_matrix", "in_range", "targets_in_range"]


def distance(
    seats: Sequence[str], ships: Iterable[str], a: str, b: str, *, sails: Iterable[str] = ()
) -> int:
    """Return the distance at which player `a` sees player `b`.

    Parameters
    ----------
    seats : sequence of str
        The players' names, clockwise.
    ships : iterable of str
        The players who have a Ship.
    a, b : str
        The player who looks and the player seen.
    sails : iterable of str
        Players with Sails in play: "Everyone else sees you as if you were at a distance of
        +1, but you continue to see them at the normal distance."

    Raises
    ------
    IllegalActionError
        If a player is not at the table, `a` is `b`, or either has no Ship.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]
    >>> distance(seats, seats, "Barbara", "Andrew", sails=["Andrew"])
    2
    >>> distance(seats, seats, "Andrew", "Barbara", sails=["Andrew"])
    1
    >>> distance(seats, set(seats) - {"Barbara"}, "Andrew", "Cody")  # Barbara was sunk
    1
    """
    shipped = _shipped(seats, ships)
    for player, role in ((a, "the player who looks"), (b, "the player seen")):
        _check_seated(seats, player)
        if player not in shipped:
            raise IllegalActionError(
                f"{player} ({role}) has no Ship, and 'Players who are temporarily without a "
                "Ship are not included in the distance calculation'"
            )
    if a == b:
        raise IllegalActionError(f"distance is between two players, got {a} twice")
    sails = _seated(seats, sails, "sails")
    return _steps(shipped, a, b) + (b in sails)


def in_range(
    seats: Sequence[str],
    ships: Iterable[str],
    attacker: str,
    target: str,
    *,
    ship_range: int,
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
) -> bool:
    """Whether `attacker` can reach `target`: distance at most Range (+1 with a Telescope).

    SHOT: "you can only play a SHOT against a player if they have a Ship and only if they
    are at a distance equal to or less than your Ship's Range". Telescope: "It increases
    your Ship's Range by 1, but the distance remains unchanged." A target without a Ship is
    never in range.

    Raises
    ------
    IllegalActionError
        If a player is not at the table, the attacker has no Ship, or `ship_range` is not a
        whole number from 1 to 8.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]
    >>> in_range(seats, seats, "Andrew", "Daniel", ship_range=2)
    False
    >>> in_range(seats, seats, "Andrew", "Daniel", ship_range=2, telescopes=["Andrew"])
    True
    """
    if isinstance(ship_range, bool) or not isinstance(ship_range, int) or not 1 <= ship_range <= 8:
        raise IllegalActionError(
            f"ship_range must be a whole number from 1 to 8, got {ship_range!r}"
        )
    _check_seated(seats, attacker, "attacker")
    _check_seated(seats, target, "target")
    ships = _seated(seats, ships, "ships")
    if target not in ships:
        return False
    reach = ship_range + (attacker in _seated(seats, telescopes, "telescopes"))
    return distance(seats, ships, attacker, target, sails=sails) <= reach


def targets_in_range(
    seats: Sequence[str],
    ships: Iterable[str],
    attacker: str,
    *,
    ship_range: int,
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
) -> tuple[str, ...]:
    """Return every player `attacker` can SHOT, in seating order from the attacker.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel", "Emma", "Frank"]
    >>> targets_in_range(seats, seats, "Andrew", ship_range=1, sails=["Frank"])
    ('Barbara',)
    """
    _check_seated(seats, attacker)
    start = list(seats).index(attacker)
    order = [seats[(start + i) % len(seats)] for i in range(1, len(seats))]
    return tuple(
        target
        for target in order
        if in_range(
            seats,
            ships,
            attacker,
            target,
            ship_range=ship_range,
            sails=sails,
            telescopes=telescopes,
        )
    )


def distance_matrix(
    seats: Sequence[str], ships: Iterable[str], *, sails: Iterable[str] = ()
) -> dict[str, dict[str, int]]:
    """Return ``matrix[a][b]``: the distance at which `a` sees `b`, for players with Ships.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel"]
    >>> distance_matrix(seats, ["Andrew", "Cody", "Daniel"])["Andrew"]
    {'Cody': 1, 'Daniel': 1}
    """
    ring = _ring(seats, ships)
    return {a: {b: distance(seats, ring, a, b, sails=sails) for b in ring if b != a} for a in ring}


def _ring(seats: Sequence[str], ships: Iterable[str]) -> nx.Graph[str]:
    """The cycle of players with a Ship, in seating order (after checking the table)."""
    return _cycle(_shipped(seats, ships))


def _cycle(shipped: tuple[str, ...]) -> nx.Graph[str]:
    ring: nx.Graph[str] = nx.cycle_graph(shipped) if len(shipped) > 2 else nx.path_graph(shipped)
    return ring


def _shipped(seats: Sequence[str], ships: Iterable[str]) -> tuple[str, ...]:
    """The players with a Ship, in seating order (after checking the table)."""
    seats = list(seats)
    if (
        len(seats) < 2
        or len(set(seats)) != len(seats)
        or not all(isinstance(s, str) for s in seats)
    ):
        raise IllegalActionError(f"seats must name at least 2 different players, got {seats!r}")
    ships = _seated(seats, ships, "ships")
    return tuple(p for p in seats if p in ships)


@functools.lru_cache(maxsize=4096)
def _steps(shipped: tuple[str, ...], a: str, b: str) -> int:
    """Steps from `a` to `b` around the ring of `shipped` (kept: tables repeat)."""
    # unweighted, so the length is a whole number of steps (the stubs say float for weights)
    return cast(int, nx.shortest_path_length(_cycle(shipped), a, b))


def _seated(seats: Sequence[str], players: Iterable[str], what: str) -> frozenset[str]:
    """`players` as a set, after checking each sits at the table."""
    if isinstance(players, str):
        players = [players]
    elif not isinstance(players, Iterable):
        raise IllegalActionError(f"{what} must be a list of players, got {players!r:.60}")
    players = list(players)
    for player in players:
        _check_seated(seats, player, what)
    return frozenset(players)


def _check_seated(seats: Sequence[str], player: object, what: str = "player") -> None:
    """Raise unless `player` sits at the table, suggesting the closest name."""
    if player not in seats:
        hint = did_you_mean(player, seats).strip()
        hint = f" ({hint})" if hint else ""
        raise IllegalActionError(
            f"{player!r} in {what} is not at the table{hint}; seated: {', '.join(seats)}"
        )
