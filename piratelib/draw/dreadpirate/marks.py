"""Checks for what Dread Pirate's sea chart draws: the board, ships and marked squares.

:func:`checked_chart` checks the arguments of :func:`~piratelib.draw.dreadpirate.sea.sea_chart`,
of its SVG twin :func:`~piratelib.draw.dreadpirate.sea_svg.sea_chart_svg` and of their alt
text the same way (a Sea or a sea graph; ships by name on water squares, never two on one
square; highlighted and changed squares, a target and a path on the board), refusing with
an :class:`~piratelib.errors.IllegalActionError` that says what is allowed;
:func:`ship_colours` gives each ship its colour. Nothing here needs matplotlib.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import networkx as nx

from piratelib.data import is_count
from piratelib.draw._checks import check_map, check_text
from piratelib.draw.dreadpirate.style import BANDS, SHIP_COLOURS
from piratelib.dreadpirate.sea import DIAGONAL_NAMES, Sea
from piratelib.errors import IllegalActionError

__all__ = ["checked_chart", "ship_colours"]

Square = tuple[int, int]
_DIAGONALS = tuple(DIAGONAL_NAMES)


def checked_chart(
    sea_or_graph: Sea | nx.Graph[Square],
    ships: Mapping[str, Square] | None = None,
    highlight: Iterable[Square] = (),
    changed: Iterable[Square] = (),
    target: Square | None = None,
    path: Sequence[Square] | None = None,
    highlight_label: str = "highlighted",
    changed_label: str = "changed",
) -> tuple[
    Sea,
    dict[str, Any] | None,
    dict[str, Square],
    list[Square],
    list[Square],
    Square | None,
    list[Square],
]:
    """The arguments of :func:`~piratelib.draw.dreadpirate.sea.sea_chart`, checked.

    Returns ``(sea, graph or None, ships, highlight, changed, target, path)``, squares as
    ``(row, column)`` tuples on the board (highlighted and changed squares once each).

    Examples
    --------
    >>> from piratelib.dreadpirate.sea import load_sea
    >>> checked_chart(load_sea(), {"Ann": [0, 0]}, [(0, 1), (0, 1)])[2:4]
    ({'Ann': (0, 0)}, [(0, 1)])
    >>> checked_chart(load_sea(), "Ann")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: ships must be a mapping (a dict) or None, got 'Ann'
    """
    graph = sea_or_graph.graph if isinstance(sea_or_graph, nx.Graph) else None
    sea = graph.get("sea") if graph is not None else sea_or_graph
    if not isinstance(sea, Sea) or (
        graph is not None and graph.get("diagonal") not in DIAGONAL_NAMES
    ):
        raise IllegalActionError(
            f"sea_or_graph must be a Sea or a graph from sea_graph, got {sea_or_graph!r:.80}"
        )
    check_text("highlight_label", highlight_label)
    check_text("changed_label", changed_label)
    ships = {
        check_text("a ship's name", name): _square(sea, at, f"ship {name}")
        for name, at in check_map("ships", ships).items()
    }
    for name, at in ships.items():
        if not sea.is_water(at):
            raise IllegalActionError(f"ship {name} is on land at {at}: Ships must stay on water")
    for (a, at_a), (b, at_b) in itertools.combinations(ships.items(), 2):
        if at_a == at_b:
            raise IllegalActionError(
                f"ships {a} and {b} are both on {at_a}: Two or more ships cannot occupy the "
                "same space."
            )
    highlight = [_square(sea, s, "a highlighted square") for s in _many(highlight, "highlight")]
    changed = [_square(sea, s, "a changed square") for s in _many(changed, "changed")]
    if target is not None:
        target = _square(sea, target, "the target")
        if not sea.is_water(target):
            raise IllegalActionError(f"the target {target} is land: Ships must stay on water")
    path = [_square(sea, s, "a square of the path") for s in _many(path or (), "path")]
    highlight, changed = list(dict.fromkeys(highlight)), list(dict.fromkeys(changed))
    return sea, graph, ships, highlight, changed, target, path


def ship_colours(ships: Mapping[str, Square], chosen: Mapping[str, str] | None) -> list[str]:
    """Each ship's colour, in order: its band colour if chosen, else the next one free.

    A band colour is one a game's Pirates have (``"red"``, ``"brown"``, ``"blue"``,
    ``"green"``: :data:`~piratelib.draw.dreadpirate.style.BANDS`) or any colour as given.

    Raises
    ------
    IllegalActionError
        If `chosen` is not a mapping, or names a ship that is not in `ships`.

    Examples
    --------
    >>> ship_colours({"Anne": (0, 0), "Ben": (0, 19)}, {"Ben": "red"})
    ['#1565c0', '#d32f2f']
    >>> ship_colours({"Anne": (0, 0)}, {"Dan": "red"})
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: ship_colours names 'Dan', which is not a ship here
    """
    if chosen is not None:
        if not isinstance(chosen, Mapping):
            raise IllegalActionError(f"ship_colours must map ship names to colours, got {chosen!r}")
        for name, colour in chosen.items():
            if name not in ships:
                raise IllegalActionError(f"ship_colours names {name!r}, which is not a ship here")
            check_text(f"the colour of {name}", colour)
    fixed = {name: BANDS.get(colour, colour) for name, colour in (chosen or {}).items()}
    free = [c for c in SHIP_COLOURS if c not in fixed.values()] or list(SHIP_COLOURS)
    colours, k = [], 0
    for name in ships:
        if name in fixed:
            colours.append(fixed[name])
        else:
            colours.append(free[k % len(free)])
            k += 1
    return colours


def _many(squares: object, what: str) -> list[object]:
    """`squares` as a list, refusing one that is not a collection of squares."""
    if isinstance(squares, str | bytes) or not isinstance(squares, Iterable):
        raise IllegalActionError(f"{what} must be a collection of (row, column) squares")
    return list(squares)


def _square(sea: Sea, square: object, what: str) -> Square:
    """`square` as a ``(row, column)`` tuple, checked to be on the board."""
    if type(square) is tuple and sea.on_board(square):  # the usual case, quickly
        return square
    if (
        isinstance(square, Sequence)
        and not isinstance(square, str)
        and len(square) == 2
        and all(is_count(x) for x in square)  # a negative number is off the board anyway
    ):
        at = (square[0], square[1])
        if sea.on_board(at):
            return at
    raise IllegalActionError(
        f"{what} must be a (row, column) on the board, rows 0 to {sea.height - 1} and "
        f"columns 0 to {sea.width - 1}, got {square!r}"
    )
