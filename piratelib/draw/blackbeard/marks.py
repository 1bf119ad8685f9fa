"""What is drawn on the Hunt for Blackbeard Map, checked and said in words.

:func:`check_map_graph` refuses a graph that is not a Map as
:func:`~piratelib.blackbeard.board.load_map` makes it (each space with a kind, a name and
a position; each Route of water or land), and :func:`checked_marks` checks the marks
(:class:`Marks`: highlighted spaces, notes, a trail, pieces and the words) that both
pictures of the Map take (:func:`~piratelib.draw.blackbeard.map.blackbeard_map` and
:func:`~piratelib.draw.blackbeard.map_svg.map_svg`) and their alt text,
:func:`blackbeard_map_alt`, so a picture and its words refuse the same things with a
:class:`~piratelib.errors.PiratelibError` (an :class:`~piratelib.errors.IllegalActionError`
for a space that is not on the Map).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence, Set
from typing import TYPE_CHECKING, TypedDict, cast

import networkx as nx

from piratelib.blackbeard.board import KINDS, ROUTES, check_space
from piratelib.draw._checks import check_ids, check_map, check_text
from piratelib.errors import PiratelibError
from piratelib.words import listing
from piratelib.words import name as display_name

if TYPE_CHECKING:
    from _typeshed import SupportsGetItem

__all__ = ["Marks", "blackbeard_map_alt", "check_map_graph", "checked_marks"]

_SLOOPS = ("jane", "ranger")
"""The Hunters' Sloops (the pieces the movement rules call ``"sloops"``)."""
_MAP = "G must be the Hunt for Blackbeard Map (piratelib.blackbeard.board.load_map())"


class Marks(TypedDict, total=False):
    """The marks a picture of the Map takes, as keyword arguments (see
    :func:`~piratelib.draw.blackbeard.map.blackbeard_map`)."""

    highlight: Iterable[str] | None
    labels: Mapping[str, object] | None
    trail: Sequence[str]
    pieces: Mapping[str, Iterable[str]] | None
    title: str
    highlight_label: str
    trail_label: str


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


def blackbeard_map_alt(
    G: nx.Graph[str],
    *,
    highlight: Iterable[str] | None = None,
    labels: Mapping[str, object] | None = None,
    trail: Sequence[str] = (),
    pieces: Mapping[str, Iterable[str]] | None = None,
    title: str = "Hunt for Blackbeard: the Map",
    highlight_label: str = "highlighted",
    trail_label: str = "trail",
) -> str:
    """Say in words what a picture of the Map with these marks shows: its alt text.

    The arguments are those of :func:`~piratelib.draw.blackbeard.map.blackbeard_map`.

    Examples
    --------
    >>> import textwrap
    >>> from piratelib.blackbeard.board import load_map
    >>> alt = blackbeard_map_alt(
    ...     load_map(),
    ...     highlight=["roanoke_inlet", "cape_henry"],
    ...     labels={"roanoke_inlet": 2},
    ...     trail=["james_river", "cape_henry", "roanoke_inlet"],
    ...     pieces={"roanoke_inlet": ["jane", "ranger"]},
    ...     title="Where the Sloops go",
    ... )
    >>> print(textwrap.fill(alt, 88))
    Where the Sloops go. The Hunt for Blackbeard Map, north to the right: 28 spaces joined by
    dotted Water Routes and solid Land Routes. Highlighted: Cape Henry and Roanoke Inlet
    (2). Trail: James River, Cape Henry, Roanoke Inlet. Jane and Ranger at Roanoke Inlet.
    """
    highlight, notes, trail, pieces = checked_marks(
        G, highlight, labels, trail, pieces, title, highlight_label, trail_label
    )
    # types-networkx types data=<attribute> as the whole attribute dict, not the attribute
    places = cast("SupportsGetItem[str, str]", G.nodes(data="name"))
    parts = [f"{title}." if title else ""]
    parts.append(
        f"The Hunt for Blackbeard Map, north to the right: {len(G)} spaces joined by dotted "
        "Water Routes and solid Land Routes."
    )
    marked = sorted(highlight, key=lambda s: places[s])
    if marked:
        shown = [places[s] + (f" ({notes.pop(s)})" if s in notes else "") for s in marked]
        parts.append(f"{_first_up(highlight_label)}: {listing(shown)}.")
    if notes:
        parts.append(f"Marked: {listing(f'{places[s]} ({t})' for s, t in sorted(notes.items()))}.")
    if len(trail) > 1:
        parts.append(f"{_first_up(trail_label)}: {', '.join(places[s] for s in trail)}.")
    for space, names in pieces.items():
        if names:
            parts.append(f"{listing(display_name(p) for p in names)} at {places[space]}.")
    return " ".join(p for p in parts if p)


def _first_up(text: str) -> str:
    """`text` with its first letter in upper case (``str.capitalize`` lowers the rest)."""
    return text[:1].upper() + text[1:]


def _pieces(names: list[str]) -> list[str]:
    """The pieces' names, with ``"sloops"`` (the Hunters' Sloops together, as the movement
    rules name them) drawn as the two pieces it stands for, Jane and Ranger.

    Examples
    --------
    >>> _pieces(["sloops", "brand"])
    ['jane', 'ranger', 'brand']
    """
    return [piece for name in names for piece in (_SLOOPS if name == "sloops" else (name,))]
