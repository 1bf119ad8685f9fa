"""Checks for what a programmer passes to an app's constructor or an HTML helper.

An app checks its arguments before it builds a widget, so a bad one is refused with a
:class:`~piratelib.errors.PiratelibError` naming what is allowed (never an ipywidgets
``TraitError`` or an ``AttributeError`` from deep inside). Ids are checked with
:func:`~piratelib.errors.check_id` and numbers with
:func:`~piratelib.errors.check_whole` and lists with :func:`~piratelib.errors.check_items`;
these cover the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import UnionType
from typing import Any, cast

from piratelib.errors import PiratelibError, check_id, check_items, check_number, type_names
from piratelib.steps import Step

__all__ = [
    "SEEDS",
    "check_flag",
    "check_ids",
    "check_kind",
    "check_odds",
    "check_steps",
    "check_text",
]

SEEDS = (-(2**63), 2**63)  # the seeds the games' new_game take


def check_kind(
    name: str, value: object, kind: type | UnionType | tuple[type, ...], *, optional: bool = False
) -> None:
    """Raise PiratelibError unless `value` is a `kind` (or None, when `optional`).

    Examples
    --------
    >>> from fractions import Fraction
    >>> check_kind("odds", {}, dict)
    >>> check_kind("odds", None, dict)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: odds must be a dict, got None
    """
    if (optional and value is None) or isinstance(value, kind):
        return
    allowed = type_names(kind) + (" or None" if optional else "")
    raise PiratelibError(f"{name} must be a {allowed}, got {value!r:.80}")


def check_ids(what: str, value: object, known: Iterable[str]) -> None:
    """Raise unless `value` is a tuple, list, set or frozenset of `known` ids (not a string).

    Examples
    --------
    >>> check_ids("player", ("Ann",), ["Ann", "Bo"])
    >>> check_ids("player", "Ann", ["Ann", "Bo"])
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: the players must be a tuple or set of ids, got 'Ann'
    >>> check_ids("player", ["Anne"], ["Ann", "Bo"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown player 'Anne': did you mean 'Ann'? ...
    """
    if not isinstance(value, tuple | list | set | frozenset):
        raise PiratelibError(f"the {what}s must be a tuple or set of ids, got {value!r:.80}")
    known = list(known)
    for item in value:
        check_id(what, item, known)


def check_flag(name: str, value: object) -> None:
    """Raise PiratelibError unless `value` is True or False.

    Examples
    --------
    >>> check_flag("warned", False)
    >>> check_flag("warned", "yes")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: warned must be True or False, got 'yes'
    """
    if not isinstance(value, bool):
        raise PiratelibError(f"{name} must be True or False, got {value!r:.80}")


def check_text(name: str, value: object) -> None:
    """Raise PiratelibError unless `value` is a string.

    Examples
    --------
    >>> check_text("title", "Compare")
    >>> check_text("title", None)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: title must be a string, got None
    """
    if not isinstance(value, str):
        raise PiratelibError(f"{name} must be a string, got {value!r:.80}")


def check_steps(name: str, steps: object) -> None:
    """Raise PiratelibError unless `steps` is a list or tuple of Steps whose phase, text
    and rule are strings (what the step-through views show).

    Examples
    --------
    >>> check_steps("steps", [Step("Draw", "Ann draws 2.", "Draw 2 cards.", None)])
    >>> check_steps("steps", [Step("Draw", None, "Draw 2 cards.", None)])
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: steps[0].text must be a string, got None
    """
    check_items(name, steps, Step)
    # check_items refused anything but a list, tuple or range of Steps
    for k, step in enumerate(cast("Iterable[Step]", steps)):
        check_step(f"{name}[{k}]", step)


def check_step(name: str, step: object) -> None:
    """Raise PiratelibError unless `step` is a Step whose phase, text and rule are strings.

    Examples
    --------
    >>> check_step("step", Step("Draw", "Ann draws 2.", "Draw 2 cards.", None))
    >>> check_step("step", None)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: step must be a Step, got None
    """
    check_kind(name, step, Step)
    for field in ("phase", "text", "rule"):
        check_text(f"{name}.{field}", getattr(step, field))


def check_odds(name: str, odds: object) -> None:
    """Raise PiratelibError unless `odds` maps Encounter Endings to chances from 0 to 1.

    Examples
    --------
    >>> from fractions import Fraction
    >>> from piratelib.blackbeard.encounter import Ending
    >>> check_odds("odds", {Ending.HUNTERS_WIN: Fraction(1, 3)})
    >>> check_odds("odds", {"hunters win": 0.5})
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: odds: an Ending must be a Ending, got 'hunters win'
    """
    from piratelib.blackbeard.encounter import Ending

    check_kind(name, odds, Mapping)
    # check_kind refused anything but a mapping; each key is checked an Ending before its use
    for ending, p in cast("Mapping[Any, object]", odds).items():
        check_kind(f"{name}: an Ending", ending, Ending)
        check_number(f"{name}: the chance of {ending.value}", p, 0, 1)
