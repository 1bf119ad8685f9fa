"""Checks for what is drawn on the Hunt for Blackbeard Map: the Map itself, and the marks.

:func:`check_map` refuses a graph that is not a Map as
:func:`~piratelib.blackbeard.board.load_map` makes it (each space with a kind, a name and
a position; each Route of water or land), and :func:`checked_marks` checks the marks that
:func:`~piratelib.draw.blackbeard.map.blackbeard_map` and its alt text take (highlighted
spaces, notes, a trail, pieces and the words), so a picture and its words refuse the same
things with a :class:`~piratelib.errors.PiratelibError` (an
:class:`~piratelib.errors.IllegalActionError` for a space that is not on the Map).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence, Set
from typing import cast

import networkx as nx

from piratelib.blackbeard.board import KINDS, ROUTES, check_space
from piratelib.draw._common import check_ids, check_map, check_text
from piratelib.errors import PiratelibError

__all__ = ["check_map_graph", "checked_marks"]

_SLOOPS = ("jane", "ranger")
"""The Hunters' Sloops (the pieces the movement rules call ``"sloops"``)."""
_MAP = "G must be the Hunt for Blackbeard Map (piratelib.blackbeard.board.load_map())"


def check_map_graph(G: nx.Graph[str]) -> None:
    """Raise PiratelibError unless `G` is a Map: spaces with a kind, a name and a position,
    and Routes of water or land.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> check_map_graph(load_map())
    >>> check_map_graph(nx.path_graph(3))
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: G must be the Hunt ...: space 0 needs a kind, a name and a pos
    """
    if not isinstance(G, nx.Graph) or not len(G):
        raise PiratelibError(f"{_MAP}, got {G!r:.80}")
    for space, info in G.nodes(data=True):
        pos = info.get("pos")
        if (
            not isinstance(space, str)
            or info.get("kind") not in KINDS
            or not isinstance(info.get("name"), str)
            or not isinstance(pos, Sequence)
            or len(pos) != 2
            or not all(isinstance(x, int | float) and math.isfinite(x) for x in pos)
        ):
            raise PiratelibError(f"{_MAP}: space {space!r} needs a kind, a name and a pos")
    # types-networkx cannot know the type of an edge attribute asked for by name
    edges = cast("Iterable[tuple[str, str, object]]", G.edges(data="routes"))
    for u, v, routes in edges:
        if not isinstance(routes, Set) or not routes or not routes <= ROUTES:
            raise PiratelibError(f"{_MAP}: the Route {u!r}-{v!r} must be of water or land")


def checked_marks(
    G: nx.Graph[str],
    highlight: Iterable[str] | None = None,
    labels: Mapping[str, object] | None = None,
    trail: Sequence[str] = (),
    pieces: Mapping[str, Iterable[str]] | None = None,
    title: str = "",
    highlight_label: str = "highlighted",
    trail_label: str = "trail",
) -> tuple[list[str], dict[str, str], list[str], dict[str, list[str]]]:
    """The marks of :func:`~piratelib.draw.blackbeard.map.blackbeard_map`, checked, as
    ``(highlight, labels, trail, pieces)``: space ids of `G` (highlighted once each), notes
    as text, pieces as lists of names (one string is one space or one piece; ``"sloops"``
    is Jane and Ranger).

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> checked_marks(load_map(), "bath_town", {"bath_town": 2}, pieces={"bath_town": "jane"})
    (['bath_town'], {'bath_town': '2'}, [], {'bath_town': ['jane']})
    >>> checked_marks(load_map(), labels="bath_town")
    Traceback (most recent call last):
      ...
    piratelib.errors.PiratelibError: labels must be a mapping (a dict) or None, got 'bath_town'
    """
    check_map_graph(G)
    check_text("title", title)
    check_text("highlight_label", highlight_label)
    check_text("trail_label", trail_label)
    spaces = check_ids("highlight", () if highlight is None else highlight)
    highlight = [check_space(G, space) for space in dict.fromkeys(spaces)]
    notes = {check_space(G, s): str(text) for s, text in check_map("labels", labels).items()}
    trail = [check_space(G, space) for space in check_ids("trail", trail)]
    placed = {
        check_space(G, space): _pieces(check_ids(f"the pieces at {space}", names))
        for space, names in check_map("pieces", pieces).items()
    }
    return highlight, notes, trail, placed


def _pieces(names: list[str]) -> list[str]:
    """The pieces' names, with ``"sloops"`` (the Hunters' Sloops together, as the movement
    rules name them) drawn as the two pieces it stands for, Jane and Ranger.

    Examples
    --------
    >>> _pieces(["sloops", "brand"])
    ['jane', 'ranger', 'brand']
    """
    return [piece for name in names for piece in (_SLOOPS if name == "sloops" else (name,))]
