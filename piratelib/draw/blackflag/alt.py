"""Black Flag!'s pictures in words: alt text for the table and the score board.

:func:`seating_alt` says what :func:`~piratelib.draw.blackflag.table.seating_circle` draws (who
sits where, who has no Ship, Sails and Telescopes, who can hit whom) and
:func:`score_board_alt` what :func:`~piratelib.draw.blackflag.scores.score_board` draws.
:func:`seating_image` and :func:`score_board_image` give a notebook each picture with its
alt text, as a :class:`~piratelib.draw.charts.Picture` (they import matplotlib when called;
the rest of this module needs none). Every "can hit" comes from
:mod:`piratelib.blackflag.table`, as in the pictures.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, TypedDict, Unpack

from piratelib.blackflag.scoring import space_name
from piratelib.draw._checks import check_text
from piratelib.draw.blackflag.marks import checked_table

if TYPE_CHECKING:
    from piratelib.draw.charts import Picture

__all__ = ["score_board_alt", "score_board_image", "seating_alt", "seating_image"]


class _SeatingOptions(TypedDict, total=False):
    """The options :func:`seating_circle` and :func:`seating_alt` share."""

    sails: Iterable[str]
    telescopes: Iterable[str]
    ranges: Mapping[str, int] | None
    attacker: str | None


def seating_alt(
    seats: Sequence[str],
    ships: Iterable[str],
    *,
    sails: Iterable[str] = (),
    telescopes: Iterable[str] = (),
    ranges: Mapping[str, int] | None = None,
    attacker: str | None = None,
) -> str:
    """Say in words what :func:`seating_circle` draws for the same arguments (its alt text).

    Raises
    ------
    IllegalActionError
        As :func:`seating_circle` does.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel"]
    >>> print(
    ...     seating_alt(seats, seats, sails=["Andrew"], ranges={"Barbara": 1}, attacker="Barbara")
    ... )  # doctest: +NORMALIZE_WHITESPACE
    The table, clockwise from the top: Andrew, Barbara, Cody and Daniel, each with a Ship.
    Sails in play: Andrew. Barbara's Ship, Range 1, can hit Cody (distance 1); out of
    range: Andrew (distance 2), Daniel (distance 2).
    >>> print(seating_alt(seats, ["Andrew", "Cody", "Daniel"], ranges=dict.fromkeys(seats, 1)))
    ... # doctest: +NORMALIZE_WHITESPACE
    The table, clockwise from the top: Andrew, Barbara, Cody and Daniel. No Ship: Barbara.
    Arrows: Andrew can hit Cody and Daniel; Cody can hit Daniel and Andrew; Daniel can hit
    Andrew and Cody.
    """
    seats, ships, sails, telescopes, ranges, matrix, hits, _ = checked_table(
        seats, ships, sails, telescopes, ranges, attacker
    )
    shipless = [p for p in seats if p not in ships]
    words = [
        f"The table, clockwise from the top: {_join(seats)}"
        + (", each with a Ship." if not shipless else f". No Ship: {_join(shipless)}.")
    ]
    for card, who in (("Sails", sails), ("Telescope", telescopes)):
        if who:
            words.append(f"{card} in play: {_join(p for p in seats if p in who)}.")
    if attacker is not None and ranges is not None:
        seen = matrix[attacker]
        targets = [b for a, b in hits]
        reach = f"Range {ranges[attacker]}" + (" + 1" if attacker in telescopes else "")
        can = ", ".join(f"{b} (distance {seen[b]})" for b in targets) or "nobody"
        out = ", ".join(f"{b} (distance {seen[b]})" for b in seen if b not in targets)
        words.append(
            f"{attacker}'s Ship, {reach}, can hit {can}"
            + (f"; out of range: {out}." if out else ".")
        )
    elif ranges is not None:
        shooters = [p for p in seats if p in ranges and p in ships]
        each = [f"{a} can hit {_join(b for x, b in hits if x == a) or 'nobody'}" for a in shooters]
        words.append(f"Arrows: {'; '.join(each)}." if each else "No arrows.")
    return " ".join(words)


def score_board_alt(
    chest: int, flags: int, *, hourglass: int | None = None, title: str | None = None
) -> str:
    """Say in words what :func:`score_board` draws (its alt text); a `title` goes first.

    Examples
    --------
    >>> score_board_alt(2, 5, hourglass=7)
    'The score board: the Treasure Chest on space 2 of the Ibberian side; the Flags on \
space 5 of each side; 7 Doubloons left in the Hourglass.'
    >>> score_board_alt(0, 6, hourglass=1)[-33:]
    '1 Doubloon left in the Hourglass.'
    >>> score_board_alt(0, 6, title="At the start.")[:36]
    'At the start. The score board: the T'
    """
    check_text("title", title, optional=True)
    words = (
        f"The score board: the Treasure Chest on {space_name(chest)}; "
        f"the Flags on space {flags} of each side"
    )
    if hourglass is not None:
        coins = f"{hourglass} Doubloon{'' if hourglass == 1 else 's'}"
        words += f"; {coins} left in the Hourglass"
    return f"{title.rstrip('.')}. {words}." if title else f"{words}."


def seating_image(
    seats: Sequence[str],
    ships: Iterable[str],
    *,
    dpi: int = 80,
    title: str | None = None,
    **options: Unpack[_SeatingOptions],
) -> Picture:
    """:func:`seating_circle` with :func:`seating_alt` as its alt text, for a notebook cell.

    `options` are those of :func:`seating_circle`; ``title`` goes to the picture only.

    Examples
    --------
    >>> seats = ["Andrew", "Barbara", "Cody", "Daniel"]
    >>> seating_image(seats, seats, ranges={"Andrew": 1}, attacker="Andrew").alt.split(". ")[-1]
    "Andrew's Ship, Range 1, can hit Barbara (distance 1), Daniel (distance 1); out of \
range: Cody (distance 2)."
    """
    from piratelib.draw.blackflag.table import seating_circle
    from piratelib.draw.charts import image

    figure = seating_circle(seats, ships, title=title, **options)
    return image(figure, seating_alt(seats, ships, **options), dpi=dpi)


def score_board_image(
    chest: int,
    flags: int,
    *,
    hourglass: int | None = None,
    title: str | None = None,
    dpi: int = 80,
) -> Picture:
    """:func:`score_board` with :func:`score_board_alt` as its alt text, for a notebook cell.

    Examples
    --------
    >>> score_board_image(-3, 4, title="After the Admiral's sinking").alt
    "After the Admiral's sinking. The score board: the Treasure Chest on space 3 of the \
Brittish side; the Flags on space 4 of each side."
    """
    from piratelib.draw.blackflag.scores import score_board
    from piratelib.draw.charts import image

    figure = score_board(chest, flags, hourglass=hourglass, title=title)
    return image(figure, score_board_alt(chest, flags, hourglass=hourglass, title=title), dpi=dpi)


def _join(names: Iterable[str]) -> str:
    """Names as a sentence lists them: "A", "A and B", "A, B and C"."""
    names = list(names)
    return (
        names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}" if names else ""
    )
