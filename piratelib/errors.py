"""The errors piratelib raises when it is given something the rules do not allow.

Every piratelib error is a :class:`ValueError`, so callers that already catch bad values
keep working, and widgets catch :class:`PiratelibError` to show its message to the
learner. Messages name what was wrong and what is allowed.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["DataError", "IllegalActionError", "PiratelibError", "check_whole", "did_you_mean"]


class PiratelibError(ValueError):
    """Bad input to piratelib: a value, action or data file the rules do not allow.

    Examples
    --------
    >>> from piratelib.dice import highest_die
    >>> try:
    ...     highest_die(-1)
    ... except PiratelibError as error:
    ...     print(error)
    number of dice must be a whole number from 0 to 100, got -1
    """


class IllegalActionError(PiratelibError):
    """An action that the rules forbid in the current state; the state is unchanged."""


class DataError(PiratelibError):
    """A game data file that is malformed or inconsistent; the message names file and entry."""


def did_you_mean(name: object, known: Iterable[str]) -> str:
    """Return ``"did you mean 'x'? "`` for the known name closest to `name`, or ``""``.

    Examples
    --------
    >>> did_you_mean("bath_twn", ["bath_town", "fish_town"])
    "did you mean 'bath_town'? "
    >>> did_you_mean("zzz", ["bath_town"])
    ''
    """
    close = difflib.get_close_matches(str(name), list(known), n=1)
    return f"did you mean {close[0]!r}? " if close else ""


def check_whole(
    name: str, value: object, low: int, high: int, *, error: type[PiratelibError] = PiratelibError
) -> None:
    """Raise `error` unless `value` is a whole number (an int, not a bool) from `low` to `high`.

    Examples
    --------
    >>> check_whole("Gold", 3, 0, 40)
    >>> check_whole("Gold", True, 0, 40, error=IllegalActionError)
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Gold must be a whole number from 0 to 40, got True
    """
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise error(f"{name} must be a whole number from {low} to {high}, got {value!r}")
