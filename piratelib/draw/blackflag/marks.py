"""What Black Flag!'s pictures mark, checked, and the words they write: both drawings use it.

:func:`checked_table` checks the arguments of the seating circle (matplotlib's
:func:`~piratelib.draw.blackflag.table.seating_circle`, the SVG's
:func:`~piratelib.draw.blackflag.table_svg.seating_svg` and their alt text) and says what it
shows: the distances and every arrow, as :mod:`piratelib.blackflag.table` computes them.
:func:`table_words` gives its title, the line under each name and its caption, and
:func:`outward` where a name goes beside its mark. :func:`distances` and :func:`targets`
are the table module's answers, remembered for each table, so that an app which asks them
again on every click (for its picture, its alt text and its own tables) pays once.
:func:`checked_board` checks the score board's arguments, and :func:`board_words` writes
its Treasure Chest's and Hourglass's words. A bad argument raises
:class:`~piratelib.errors.IllegalActionError` (or :class:`~piratelib.errors.PiratelibError`
for one of the wrong kind) saying what is allowed.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from piratelib.blackflag import table
from piratelib.data import is_count
from piratelib.draw._checks import as_list, check_ids, check_map, check_text, text_align
from piratelib.errors import IllegalActionError, check_whole, did_you_mean

# The functions here are building blocks of this folder's drawings, not an API.
__all__ = [
    "CheckedTable",
    "TableWords",
    "board_words",
    "checked_board",
    "checked_table",
    "distances",
    "targets",
]


class CheckedTable(NamedTuple):
    """A seating circle's arguments, checked, with what it shows."""

    seats: list[str]
    ships: frozenset[str]
    sails: frozenset[str]
    telescopes: frozenset[str]
    ranges: dict[str, int] | None
    distances: dict[str, dict[str, int]]
    """The distance at which each player with a Ship sees each other one."""
    hits: list[tuple[str, str]]
    """Every (attacker, target) pair to draw an arrow for, shooters in seating order."""
    attacker: str | None


class TableWords(NamedTuple):
    """The words of a seating circle."""

    title: str
    details: dict[str, str]
    """The line under each player's name ("" for none)."""
    caption: str
    """The caption below the table, its lines split by newlines."""


def checked_table(
    seats: Sequence[str],
    ships: Iterable[str],
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
    ranges: Mapping[str, int] | None = None,
    attacker: str | None = None,
) -> CheckedTable:
    """Return the seating circle's arguments checked, with the distances and arrows it shows.

    Raises
    ------
    IllegalActionError
        For a name not at the table, or an `attacker` with no Ship or no Range.
    PiratelibError
        For an argument of the wrong kind, or a Range that is not a whole number 0 to 100.

    Examples
    --------
    >>> checked_table(["Ann", "Bo", "Cy"], "Ann", ranges={"Ann": 1}).hits
    []
    >>> checked_table(["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy"], ranges={"Ann": 1}).hits
    [('Ann', 'Bo'), ('Ann', 'Cy')]
    >>> checked_table(["Ann", "Bo"], ["Ann", "Bo"], ranges=["Ann"])
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: ranges must be a mapping (a dict) or None, got ['Ann']
    """
    seats = check_ids("seats", seats)
    ships = frozenset(check_ids("ships", ships))
    sails = _names(seats, check_ids("sails", sails), "sails")
    telescopes = _names(seats, check_ids("telescopes", telescopes), "telescopes")
    matrix = distances(seats, ships, sails=sails)  # checks seats, Ships, Sails
    if ranges is not None:
        ranges = check_map("ranges", ranges)
        _names(seats, check_ids("ranges", list(ranges)), "ranges")
        for name, reach in ranges.items():
            check_whole(f"{name}'s Range", reach, 0, 100)
    if attacker is not None:
        _names(seats, [check_text("attacker", attacker)], "attacker")
    hits = _hits(seats, ships, sails, telescopes, ranges, attacker)
    return CheckedTable(seats, ships, sails, telescopes, ranges, matrix, hits, attacker)


def distances(
    seats: Sequence[str], ships: Iterable[str], *, sails: Iterable[str] = ()
) -> dict[str, dict[str, int]]:
    """Return :func:`piratelib.blackflag.table.distance_matrix` for this table, remembered.

    Each call gets its own copy. One name is one player, as in the table module.

    Raises
    ------
    IllegalActionError
        As :func:`~piratelib.blackflag.table.distance_matrix` does.

    Examples
    --------
    >>> distances(["Ann", "Bo", "Cy", "Di"], ["Ann", "Cy", "Di"], sails="Ann")["Cy"]
    {'Ann': 2, 'Di': 1}
    """
    key = _key(seats, ships, sails)
    return {a: dict(row) for a, row in _distances(*key).items()}


def targets(
    seats: Sequence[str],
    ships: Iterable[str],
    attacker: str,
    *,
    ship_range: int,
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
) -> tuple[str, ...]:
    """Return :func:`piratelib.blackflag.table.targets_in_range` for this table, remembered.

    Raises
    ------
    IllegalActionError
        As :func:`~piratelib.blackflag.table.targets_in_range` does.

    Examples
    --------
    >>> targets(["Ann", "Bo", "Cy", "Di"], ["Ann", "Bo", "Cy", "Di"], "Ann", ship_range=1)
    ('Bo', 'Di')
    >>> targets(["Ann", "Bo", "Cy"], ["Ann", "Bo", "Cy"], "Ann", ship_range=True)
    Traceback (most recent call last):
    ...
    piratelib.errors.IllegalActionError: ship_range must be a whole number from 1 to 8, got True
    """
    seated, shipped, sailing = _key(seats, ships, sails)
    scopes = frozenset(check_ids("telescopes", telescopes))
    if type(ship_range) is not int:  # True and 1.0 are 1 to a cache: let the rules refuse them
        return table.targets_in_range(seated, shipped, attacker, ship_range=ship_range)
    return _targets(seated, shipped, sailing, scopes, check_text("attacker", attacker), ship_range)


def table_words(shown: CheckedTable) -> TableWords:
    """Return the words of the seating circle `shown`: its title, each name's second line
    (no Ship, a Range, or the distance at which the attacker sees them) and its caption.

    Examples
    --------
    >>> shown = checked_table(["Ann", "Bo", "Cy"], ["Ann", "Cy"], ranges={"Ann": 1}, attacker="Ann")
    >>> words = table_words(shown)
    >>> words.title, words.details
    ('Black Flag!: whom Ann can hit (1 player)', {'Ann': 'Range 1', 'Bo': '(no Ship)', \
'Cy': 'distance 1'})
    """
    ranges, attacker, hits = shown.ranges, shown.attacker, shown.hits
    seen = shown.distances.get(attacker, {}) if attacker is not None else {}
    details = {name: _detail(name, shown, seen) for name in shown.seats}
    if ranges is None:
        title = "Black Flag!: the table"
    elif attacker is None:
        title = "Black Flag!: who can hit whom"
    else:
        players = f"{len(hits)} player{'' if len(hits) == 1 else 's'}"
        title = f"Black Flag!: whom {attacker} can hit ({players})"
    caption = "Seats run clockwise from the top."
    if ranges is not None:
        caption += (
            " Arrow A → B: A's Ship can hit B,\nat a distance up to its Range (+1 with a "
            "Telescope). Sails: everyone\nelse sees that player 1 farther."
        )
        if attacker is None and hits:
            caption += (
                " A player's arrows have the colour\nand the line of the box round their name."
            )
    return TableWords(title, details, caption)


def outward(x: float, y: float, radius: float) -> tuple[float, float, str, str]:
    """Return the offset (y up) and alignment ``(dx, dy, ha, va)`` of text just beyond a
    mark at (x, y) on the table, away from the centre.

    The offset reaches the edge of a square of half-width `radius` around the mark, so a
    text box aligned on its near corner clears a square mark of a smaller half-width.

    Examples
    --------
    >>> outward(0.0, 1.0, 19), outward(0.87, -0.5, 10)
    ((0.0, 19.0, 'center', 'bottom'), (10.0, -5.7..., 'left', 'top'))
    """
    scale = max(abs(x), abs(y), 1e-9)
    x, y = x / scale, y / scale
    return x * radius, y * radius, *text_align(x, y, dead_zone=0.3)


def checked_board(chest: int, flags: int, spaces_per_side: int, hourglass: int | None) -> int:
    """Check the score board's arguments; return `spaces_per_side`.

    Raises
    ------
    IllegalActionError
        For a board :func:`~piratelib.draw.blackflag.scores.score_board` refuses: a
        Treasure Chest off the track, Flags off the numbered spaces, a track of other than
        1 to 20 spaces a side, or a negative Hourglass.

    Examples
    --------
    >>> checked_board(2, 5, 6, None)
    6
    >>> checked_board(0, 7, 6, 3)
    Traceback (most recent call last):
    ...
    piratelib.errors.IllegalActionError: flags must be a whole number from 1 to 6 (the \
numbered space both Flags are on), got 7
    """
    if not is_count(spaces_per_side, 1) or spaces_per_side > 20:
        raise IllegalActionError(
            f"spaces_per_side must be a whole number from 1 to 20, got {spaces_per_side!r}"
        )
    n = spaces_per_side
    if not is_count(chest, -n) or chest > n:
        raise IllegalActionError(
            f"chest must be a whole number from {-n} (Great Brittonia's end) to {n} "
            f"(Kingdom of Ibberia's end), got {chest!r}"
        )
    if not is_count(flags, 1) or flags > n:
        raise IllegalActionError(
            f"flags must be a whole number from 1 to {n} (the numbered space both Flags are "
            f"on), got {flags!r}"
        )
    if hourglass is not None and not is_count(hourglass):
        raise IllegalActionError(
            f"hourglass must be a whole number of Doubloons, 0 or more, got {hourglass!r}"
        )
    return n


def board_words(chest: int, hourglass: int | None) -> tuple[str, str | None]:
    """Return the Treasure Chest's label (two lines) and the Hourglass's (None without one).

    Examples
    --------
    >>> board_words(-2, 1)
    ('Treasure Chest\\nspace 2, Brittish side', 'Hourglass: 1 Doubloon')
    """
    side = (
        "on the 0 space"
        if chest == 0
        else f"space {abs(chest)}, {'Ibberian' if chest > 0 else 'Brittish'} side"
    )
    count = None
    if hourglass is not None:
        count = f"Hourglass: {hourglass} Doubloon{'' if hourglass == 1 else 's'}"
    return f"Treasure Chest\n{side}", count


def _hits(
    seats: list[str],
    ships: frozenset[str],
    sails: frozenset[str],
    telescopes: frozenset[str],
    ranges: dict[str, int] | None,
    attacker: str | None,
) -> list[tuple[str, str]]:
    """Every (attacker, target) pair to draw, as the table module says."""
    if ranges is None:
        return []
    if attacker is not None:
        if attacker not in ranges:
            raise IllegalActionError(
                f"attacker {attacker} has no Range in ranges; ranges name: "
                f"{', '.join(ranges) or 'nobody'}"
            )
        shooters = [attacker]
    else:
        shooters = [name for name in seats if name in ranges and name in ships]
    return [
        (a, b)
        for a in shooters
        for b in targets(seats, ships, a, ship_range=ranges[a], sails=sails, telescopes=telescopes)
    ]


def _key(
    seats: Sequence[str], ships: Iterable[str], sails: Iterable[str]
) -> tuple[tuple[str, ...], frozenset[str], frozenset[str]]:
    """A table as the key its remembered answers are kept under."""
    return (
        tuple(check_ids("seats", seats)),
        frozenset(check_ids("ships", ships)),
        frozenset(check_ids("sails", sails)),
    )


@functools.lru_cache(maxsize=256)
def _distances(
    seats: tuple[str, ...], ships: frozenset[str], sails: frozenset[str]
) -> dict[str, dict[str, int]]:
    """The table module's distance matrix (kept: never hand it out uncopied)."""
    return table.distance_matrix(seats, ships, sails=sails)


@functools.lru_cache(maxsize=1024)
def _targets(
    seats: tuple[str, ...],
    ships: frozenset[str],
    sails: frozenset[str],
    telescopes: frozenset[str],
    attacker: str,
    ship_range: int,
) -> tuple[str, ...]:
    """The table module's targets of one Ship."""
    return table.targets_in_range(
        seats, ships, attacker, ship_range=ship_range, sails=sails, telescopes=telescopes
    )


def _detail(name: str, shown: CheckedTable, seen: Mapping[str, int]) -> str:
    """The line under a player's name: no Ship, their Range, or the attacker's distance."""
    if name not in shown.ships:
        return "(no Ship)"
    if shown.attacker is not None and name != shown.attacker:
        return f"distance {seen[name]}" if name in seen else ""
    if shown.ranges is None or name not in shown.ranges:
        return ""
    if name in shown.telescopes:
        return f"Range {shown.ranges[name]} + 1"
    return f"Range {shown.ranges[name]}"


def _names(seats: Sequence[str], names: Iterable[str], what: str) -> frozenset[str]:
    """`names` as a set, after checking each sits at the table."""
    names = frozenset(as_list(names))
    for name in names:
        if name not in seats:
            hint = did_you_mean(name, seats).strip()
            hint = f" ({hint})" if hint else ""
            raise IllegalActionError(
                f"{name!r} in {what} is not at the table{hint}; seated: {', '.join(seats)}"
            )
    return names
