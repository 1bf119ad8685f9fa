"""What every picture checks and lays out, with no matplotlib: for the SVG pictures too.

Private to :mod:`piratelib.draw`. :func:`check_text`, :func:`check_ids` and
:func:`check_map` check the arguments every picture takes (text, a collection of ids, a
mapping) with a :class:`~piratelib.errors.PiratelibError` that says what is allowed;
:func:`text_align` aligns text set off from a mark in some direction; :func:`as_list`
takes one name as one item.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, Literal, overload

from piratelib.errors import PiratelibError

__all__ = ["as_list", "check_ids", "check_map", "check_text", "text_align"]


def text_align(dx: float, dy: float, *, dead_zone: float = 0.0) -> tuple[str, str]:
    """Return ``(ha, va)`` for text set off from a mark towards `dx`, `dy` (y up).

    Text to the right starts at its left edge, text above sits on its bottom edge, and a
    direction within `dead_zone` of 0 centres the text on that axis.

    Examples
    --------
    >>> text_align(1, 0), text_align(-1, -1), text_align(0.2, 0.9, dead_zone=0.3)
    (('left', 'center'), ('right', 'top'), ('center', 'bottom'))
    """
    ha = "left" if dx > dead_zone else "right" if dx < -dead_zone else "center"
    va = "bottom" if dy > dead_zone else "top" if dy < -dead_zone else "center"
    return ha, va


def as_list(items: str | Iterable[str]) -> list[str]:
    """A list of ids or names, taking one string as one item rather than its letters.

    Examples
    --------
    >>> as_list("bath_town"), as_list(("jane", "ranger"))
    (['bath_town'], ['jane', 'ranger'])
    """
    return [items] if isinstance(items, str) else list(items)


@overload
def check_text(name: str, value: object, *, optional: Literal[False] = False) -> str: ...
@overload
def check_text(name: str, value: object, *, optional: bool) -> str | None: ...
def check_text(name: str, value: object, *, optional: bool = False) -> str | None:
    """Return `value` if it is text (or None, if `optional`); else raise PiratelibError.

    Examples
    --------
    >>> check_text("title", "The Map")
    'The Map'
    >>> check_text("title", 7)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: title must be text, got 7
    """
    if isinstance(value, str) or (optional and value is None):
        return value
    allowed = "text or None" if optional else "text"
    raise PiratelibError(f"{name} must be {allowed}, got {value!r:.80}")


def check_ids(name: str, items: object) -> list[str]:
    """`items` as a list of ids (one string is one id; a mapping gives its keys), checked
    to be strings.

    Examples
    --------
    >>> check_ids("highlight", "bath_town"), check_ids("highlight", {"jane", "jane"})
    (['bath_town'], ['jane'])
    >>> check_ids("highlight", 3)
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: highlight must be an id or a collection of ids, got 3
    """
    if isinstance(items, str):
        return [items]
    if isinstance(items, Iterable) and not isinstance(items, bytes | bytearray):
        out = list(items)
        if all(isinstance(item, str) for item in out):
            return out
    raise PiratelibError(f"{name} must be an id or a collection of ids, got {items!r:.80}")


def check_map(name: str, value: object) -> dict[Any, Any]:
    """`value` as a dict if it is a mapping ({} for None); else raise PiratelibError.

    Examples
    --------
    >>> check_map("labels", None), check_map("labels", {"a": 1})
    ({}, {'a': 1})
    >>> check_map("labels", "a")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: labels must be a mapping (a dict) or None, got 'a'
    """
    if value is None:
        return {}
    if isinstance(value, Mapping):
        return dict(value)
    raise PiratelibError(f"{name} must be a mapping (a dict) or None, got {value!r:.80}")
