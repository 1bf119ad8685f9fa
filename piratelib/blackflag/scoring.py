"""Black Flag!'s three game ends: Wealth, Sinking, and At the Edge of the World.

End of the Game: "The game can end in three ways". The score track is a signed whole
number here: 0 is the centre, positive spaces lie toward the Ibberian Flag and negative
ones toward the Brittish Flag (``+2`` is "space 2 of the Ibberian side"). Both Flags stand
on the same numbered space of their side. Each function returns an :class:`Outcome`
naming who wins and the rule that decided it.

Examples
--------
The Chest on space 1 of the Ibberian side with 5 players: the Pirate wins only with more
Doubloons than the Ibberian team member who has the fewest.

>>> roles = {
...     "Ann": "admiral",
...     "Bo": "lieutenant",
...     "Cy": "commodore",
...     "Di": "ensign",
...     "Ed": "pirate",
... }
>>> doubloons = {"Ann": 2, "Bo": 1, "Cy": 0, "Di": 3, "Ed": 2}
>>> edge_of_the_world(roles, doubloons, chest=1).winners
('Ed',)
>>> edge_of_the_world(roles, {**doubloons, "Ed": 1}, chest=1).winners
('Ann', 'Bo')
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from piratelib.blackflag.data import CENTRE, load_blackflag
from piratelib.errors import IllegalActionError, check_id

__all__ = [
    "Outcome",
    "Termination",
    "edge_of_the_world",
    "role_name",
    "side_name",
    "sinking_victory",
    "space_name",
    "team_of",
    "wealth_victory",
]


class _Endings(enum.EnumMeta):
    """Termination's type: called with one value only (no new enums built from it)."""

    # typeshed types EnumMeta.__call__ with a self-type that leaves an override in a
    # metaclass only Never to return; this one also refuses the functional API on purpose
    def __call__(  # type: ignore[override]  # typeshed's base signature fits only Never
        cls, value: object, *args: object, **kwargs: object
    ) -> Termination:
        if args or kwargs:
            raise IllegalActionError(f"{cls.__name__} takes one value, the ending's name")
        return super().__call__(value)


class Termination(enum.Enum, metaclass=_Endings):
    """How a game of Black Flag! ended: the three ways of End of the Game."""

    WEALTH = "Wealth"
    SINKING = "Sinking"
    EDGE_OF_THE_WORLD = "At the Edge of the World"

    @classmethod
    def _missing_(cls, value: object) -> Termination:
        """Refuse an unknown ending, naming the three."""
        ends = ", ".join(repr(end.value) for end in cls)
        raise IllegalActionError(f"{value!r} is not a way Black Flag! ends: {ends}")


@dataclass(frozen=True)
class Outcome:
    """The end of a game: how it ended, the winning side, its players, and why.

    ``winner`` is a team id (``ibberia``, ``brittonia``) or a Role id (``pirate``,
    ``ibberian_privateer``, ``brittish_privateer``); ``winners`` the players who win.
    """

    termination: Termination
    winner: str
    winners: tuple[str, ...]
    why: str


def space_name(chest: int) -> str:
    """Name a space of the score track in the rulebook's words.

    Examples
    --------
    >>> space_name(0), space_name(2), space_name(-1)
    ('space 0', 'space 2 of the Ibberian side', 'space 1 of the Brittish side')

    Raises
    ------
    IllegalActionError
        If `chest` is not a whole number on the track.
    """
    _check_space("chest", chest, low=-1)
    if chest == 0:
        return "space 0"
    side = "Ibberian" if chest > 0 else "Brittish"
    return f"space {abs(chest)} of the {side} side"


def team_of(role: str, *, counts_as: bool = False) -> str:
    """Return the team of a Role: ``ibberia``, ``brittonia`` or ``alone``.

    With `counts_as`, a Privateer counts with its nation, as when its Ship sinks: "the
    Brittish Privateer counts as belonging to Great Brittonia and the Ibberian Privateer to
    the Kingdom of Ibberia".

    Examples
    --------
    >>> (
    ...     team_of("ensign"),
    ...     team_of("ibberian_privateer"),
    ...     team_of("ibberian_privateer", counts_as=True),
    ... )
    ('brittonia', 'alone', 'ibberia')

    Raises
    ------
    IllegalActionError
        For an unknown Role, naming the close matches.
    """
    entry = load_blackflag().roles[check_id("Role", role, load_blackflag().roles)]
    if type(counts_as) is not bool:
        raise IllegalActionError(f"counts_as must be True or False, got {counts_as!r}")
    team: str = (counts_as and entry["counts_as"]) or entry["team"]
    return team


def sinking_victory(chest: int, flags: int, roles: Mapping[str, str]) -> Outcome | None:
    """Return the Sinking victory after a Ship sinks, or None if the game goes on.

    2. Sinking: "When a Ship sinks, if the Treasure Chest reaches or passes one of the
    Flags, the team that owns that flag wins!" Call it only after a sinking: "A sinking
    victory is only achieved after sinking a Ship."

    Examples
    --------
    >>> roles = {
    ...     "Ann": "admiral",
    ...     "Bo": "commodore",
    ...     "Cy": "ibberian_privateer",
    ...     "Di": "brittish_privateer",
    ... }
    >>> sinking_victory(-5, 5, roles).winners, sinking_victory(4, 5, roles)
    (('Bo',), None)
    >>> sinking_victory(0, 0, roles)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: flags must be a whole number from 1 to 6, got 0

    Raises
    ------
    IllegalActionError
        If the Chest is not on the track, the Flags not on a space 1 to the track's end, or
        `roles` does not map players to known Roles.
    """
    _check_space("chest", chest, low=-1)
    _check_space("flags", flags, low=1)
    _check_roles(roles)
    ibberia, brittonia = load_blackflag().track["sides"]
    for team, reached in ((ibberia, chest >= flags), (brittonia, chest <= -flags)):
        if reached:
            name = load_blackflag().teams[team]["flag"]
            return Outcome(
                Termination.SINKING,
                team,
                _members(roles, team),
                f"the Treasure Chest is on {space_name(chest)}, reaching or passing the "
                f"{name} on space {flags}",
            )
    return None


def wealth_victory(
    roles: Mapping[str, str], doubloons: Mapping[str, int], hidden: frozenset[str] | set[str]
) -> Outcome | None:
    """Return the Wealth victory, or None: a Pirate or Privateer with 4 Doubloons wins.

    1. Wealth: "If the Pirate or one of the Privateers collects 4 Doubloons, they win
    immediately! Note: Remember that your facedown Role card is worth 1 Doubloon." `hidden`
    holds the players whose Role is still face-down.

    Examples
    --------
    >>> roles = {"Ann": "admiral", "Ed": "pirate"}
    >>> wealth_victory(roles, {"Ann": 5, "Ed": 3}, hidden={"Ed"}).winners
    ('Ed',)
    >>> wealth_victory(roles, {"Ann": 5, "Ed": 3}, hidden=set()) is None
    True

    Raises
    ------
    IllegalActionError
        If `roles` does not map players to known Roles, a player has no whole number of
        Doubloons of 0 or more, or `hidden` is not a set of names.
    """
    _check_roles(roles)
    _check_doubloons(roles, doubloons)
    given: object = hidden  # callers may pass anything: check it at run time
    if isinstance(given, str) or not isinstance(given, Iterable):
        raise IllegalActionError(f"hidden must be a set of player names, got {hidden!r}")
    if not all(type(player) is str for player in hidden):
        raise IllegalActionError(f"hidden must be a set of player names, got {hidden!r}")
    rule = load_blackflag().rules["wealth"]
    for player, role in roles.items():
        total = doubloons[player] + (player in hidden)
        if role in rule["who"] and total >= rule["doubloons_to_win"]:
            return Outcome(
                Termination.WEALTH,
                role,
                (player,),
                f"{player}, the {role_name(role)}, has {total} Doubloons"
                + (" counting the face-down Role card" if player in hidden else ""),
            )
    return None


def edge_of_the_world(
    roles: Mapping[str, str], doubloons: Mapping[str, int], *, chest: int
) -> Outcome:
    """Score the game At the Edge of the World, once every Role has been revealed.

    "Each player whose Role is still hidden at the end of the game reveals it and takes a
    Doubloon from the supply. Then, check where the Treasure Chest is located on the
    scoring track" - space 2 or beyond wins for that side's nation; space 0 and space 1 go
    by the rows of ``[[edge]]`` in ``blackflag.toml`` for the number of players, including
    "In case of a tie, the Ibberian Privateer wins."

    Parameters
    ----------
    roles : mapping of str to str
        Each player's Role id; they must be the setup table's Roles for that many players.
    doubloons : mapping of str to int
        Each player's Doubloons, after the hidden Roles were turned into Doubloons.
    chest : int
        The Treasure Chest's space: positive toward the Ibberian Flag.

    Raises
    ------
    IllegalActionError
        For an illegal player count, Roles that the setup table does not deal, a player
        missing from `doubloons`, a negative count, or a Chest off the track.

    Examples
    --------
    >>> roles = {
    ...     "Ann": "admiral",
    ...     "Bo": "commodore",
    ...     "Cy": "ibberian_privateer",
    ...     "Di": "brittish_privateer",
    ... }
    >>> outcome = edge_of_the_world(roles, {"Ann": 1, "Bo": 0, "Cy": 2, "Di": 2}, chest=0)
    >>> outcome.winners, outcome.why
    (('Cy',), 'space 0, 4 players: the Privateers tie on 2 Doubloons;
    the Ibberian Privateer wins ties')
    """
    bf = load_blackflag()
    _check_roles(roles)
    players = len(roles)
    rows = bf.edge_rows(players)
    wanted = Counter(bf.dealt_roles(players))
    if Counter(roles.values()) != wanted:
        raise IllegalActionError(
            f"the Roles {sorted(roles.values())} are not those dealt to {players} players: "
            f"{sorted(wanted.elements())}"
        )
    _check_doubloons(roles, doubloons)
    last = bf.track["spaces_per_side"]
    if isinstance(chest, bool) or not isinstance(chest, int) or abs(chest) > last:
        raise IllegalActionError(
            f"the Treasure Chest must be on the track, -{last} to {last}, got {chest!r}"
        )
    ibberia, brittonia = bf.track["sides"]
    side = CENTRE if chest == 0 else ibberia if chest > 0 else brittonia
    (row,) = (
        row
        for row in rows
        if row["side"] == side
        and (row["space"] == abs(chest) or (row["or_beyond"] and abs(chest) > row["space"]))
    )
    where = f"{space_name(chest)}, {players} players"
    if row["rule"] == "wins":
        winner, why = row["winner"], f"{where}: {side_name(row['winner'])} wins"
    elif row["rule"] == "most_doubloons":
        counts = {role: _holding(roles, doubloons, role) for role in row["contenders"]}
        best = max(counts.values())
        leaders = [role for role, count in counts.items() if count == best]
        if len(leaders) > 1:
            winner = row["tie_break"]
            why = (
                f"{where}: the Privateers tie on {_coins(best)}; the {role_name(winner)} wins ties"
            )
        else:
            (winner,) = leaders
            why = f"{where}: the {role_name(winner)} has the most Doubloons, {best}"
    else:
        mine = _holding(roles, doubloons, row["challenger"])
        fewest = min(doubloons[p] for p, role in roles.items() if team_of(role) == row["winner"])
        team = side_name(row["winner"])
        if mine > fewest:
            winner = row["challenger"]
            why = (
                f"{where}: the {role_name(winner)} has {_coins(mine)}, more than {team}'s "
                f"fewest, {fewest}"
            )
        else:
            winner = row["winner"]
            why = (
                f"{where}: the {role_name(row['challenger'])} has {_coins(mine)}, not more than "
                f"{team}'s fewest, {fewest}, so {team} wins"
            )
    return Outcome(Termination.EDGE_OF_THE_WORLD, winner, _members(roles, winner), why)


def _members(roles: Mapping[str, str], winner: str) -> tuple[str, ...]:
    """The players who win with `winner`, a team or a Role, in seating order."""
    return tuple(p for p, role in roles.items() if winner in (role, team_of(role)))


def _holding(roles: Mapping[str, str], doubloons: Mapping[str, int], role: str) -> int:
    """The Doubloons of the one player holding `role`."""
    (player,) = (p for p, r in roles.items() if r == role)
    return doubloons[player]


def _coins(n: int) -> str:
    """`n` Doubloon(s), in words."""
    return f"{n} Doubloon" + "s" * (n != 1)


def role_name(role: str) -> str:
    """Return a Role's printed name.

    Examples
    --------
    >>> role_name("brittish_privateer")
    'Brittish Privateer'

    Raises
    ------
    IllegalActionError
        For an unknown Role, naming the close matches.
    """
    roles = load_blackflag().roles
    name: str = roles[check_id("Role", role, roles)]["name"]
    return name


def side_name(winner: str) -> str:
    """Return a winning side's printed name: a team's, or "the" and a Role's.

    Examples
    --------
    >>> side_name("ibberia"), side_name("pirate")
    ('Kingdom of Ibberia', 'the Pirate')

    Raises
    ------
    IllegalActionError
        For an id that is neither a team nor a Role, naming the close matches.
    """
    bf = load_blackflag()
    check_id("team or Role", winner, [*bf.teams, *bf.roles])
    return bf.teams[winner]["name"] if winner in bf.teams else f"the {role_name(winner)}"


def _check_space(name: str, value: object, *, low: int) -> None:
    """Refuse `value` unless it is a whole number from `low` (-1: the whole track) to the
    track's end."""
    last = load_blackflag().track["spaces_per_side"]
    first = -last if low < 0 else low
    if type(value) is not int or not first <= value <= last:
        raise IllegalActionError(
            f"{name} must be a whole number from {first} to {last}, got {value!r}"
        )


def _check_roles(roles: object) -> None:
    """Refuse `roles` unless it maps player names to known Role ids."""
    if not isinstance(roles, Mapping):
        raise IllegalActionError(f"roles must map player names to Role ids, got {roles!r}")
    known = load_blackflag().roles
    for player, role in roles.items():
        if type(player) is not str or not player:
            raise IllegalActionError(f"roles must map player names to Role ids, got {player!r}")
        if role not in known:
            check_id("Role", role, known)


def _check_doubloons(roles: Mapping[str, str], doubloons: object) -> None:
    """Refuse `doubloons` unless it gives each player of `roles` a whole number of 0 or more."""
    if not isinstance(doubloons, Mapping):
        raise IllegalActionError(f"doubloons must map player names to counts, got {doubloons!r}")
    for player in roles:
        count = doubloons.get(player)
        if type(count) is not int or not 0 <= count <= 10_000:
            raise IllegalActionError(
                f"{player} needs a whole number of Doubloons of 0 or more, got {count!r}"
            )
