"""The errors piratelib raises when it is given something the rules do not allow.

Every piratelib error is a :class:`ValueError`, so callers that already catch bad values
keep working, and widgets catch :class:`PiratelibError` to show its message to the
learner. Messages name what was wrong and what is allowed.
"""

from __future__ import annotations

import difflib
import math
import random
from collections.abc import Iterable
from fractions import Fraction
from types import UnionType

__all__ = [
    "DataError",
    "IllegalActionError",
    "PiratelibError",
    "check_id",
    "check_items",
    "check_number",
    "check_rng",
    "check_whole",
    "did_you_mean",
    "type_names",
]


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


def check_number(
    name: str,
    value: object,
    low: float,
    high: float,
    *,
    error: type[PiratelibError] = PiratelibError,
) -> None:
    """Raise `error` unless `value` is a finite real number (not a bool) from `low` to `high`.

    NaN, infinities, bools, strings and other types are refused with the range allowed.

    Examples
    --------
    >>> check_number("p", 0.25, 0, 1)
    >>> check_number("p", float("nan"), 0, 1)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: p must be a number from 0 to 1, got nan
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float | Fraction)
        or not math.isfinite(value)
        or not low <= value <= high
    ):
        raise error(f"{name} must be a number from {low} to {high}, got {value!r}")


def check_rng(
    rng: object, *, name: str = "rng", error: type[PiratelibError] = PiratelibError
) -> None:
    """Raise `error` unless `rng` is a :class:`random.Random` (or a subclass such as
    :class:`piratelib.dice.ScriptedRolls`): the only source of chance piratelib takes.

    Examples
    --------
    >>> check_rng(random.Random(1))
    >>> check_rng(7)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: rng must be a random.Random ..., got 7
    """
    if not isinstance(rng, random.Random):
        raise error(f"{name} must be a random.Random (e.g. random.Random(1)), got {rng!r}")


def check_id(
    what: str,
    value: object,
    known: Iterable[str],
    *,
    error: type[PiratelibError] = IllegalActionError,
) -> str:
    """Return `value` if it is one of the `known` ids, else raise `error` naming the close
    matches (or, when none is close, every id allowed).

    Examples
    --------
    >>> check_id("space", "bath_town", ["bath_town", "fish_town"])
    'bath_town'
    >>> check_id("space", "bath_twn", ["bath_town", "fish_town"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown space 'bath_twn': did you mean 'bath_town'? ...
    >>> check_id("role", 7, ["captain", "navy"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown role 7: the roles are captain, navy
    """
    ids = sorted(known)
    if isinstance(value, str) and value in ids:
        return value
    close = difflib.get_close_matches(value, ids, n=3) if isinstance(value, str) else []
    if close:
        hint = f"did you mean {' or '.join(repr(c) for c in close)}? (one of {len(ids)} {what}s)"
    else:
        hint = f"the {what}s are {', '.join(ids)}"
    raise error(f"unknown {what} {value!r}: {hint}")


def check_items(name: str, value: object, kind: type | tuple[type, ...]) -> None:
    """Raise PiratelibError unless `value` is a list, tuple or range of items each a `kind`.

    Examples
    --------
    >>> check_items("steps", [1, 2], int)
    >>> check_items("steps", "abc", int)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: steps must be a list or tuple of int, got 'abc'
    >>> check_items("steps", [1, None], int)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: steps must hold only int, got None at 1
    """
    if not isinstance(value, list | tuple | range):
        raise PiratelibError(
            f"{name} must be a list or tuple of {type_names(kind)}, got {value!r:.80}"
        )
    for k, item in enumerate(value):
        if not isinstance(item, kind):
            raise PiratelibError(
                f"{name} must hold only {type_names(kind)}, got {item!r:.80} at {k}"
            )


def type_names(kind: type | UnionType | tuple[type, ...]) -> str:
    """Name the types `kind` allows, for a message: ``"list or tuple"``.

    Examples
    --------
    >>> type_names((list, tuple)), type_names(int | None)
    ('list or tuple', 'int | None')
    """
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(getattr(k, "__name__", repr(k)) for k in kinds) or "nothing"
