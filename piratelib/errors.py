"""The errors piratelib raises when it is given something the rules do not allow.

Every piratelib error is a :class:`ValueError`, so callers that already catch bad values
keep working, and widgets catch :class:`PiratelibError` to show its message to the
learner. Messages name what was wrong and what is allowed.
"""

from __future__ import annotations

__all__ = ["DataError", "IllegalActionError", "PiratelibError"]


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
