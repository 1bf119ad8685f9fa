"""Hunt for Blackbeard's Map as a frozen networkx graph, loaded from checked data.

The Map has 24 *slots* (spaces that hold a block: 3 Towns, 10 Anchorages, 5 Sounds and 6
Ocean spaces) and 4 spaces without a block (James River, Cape Henry, New Bern, Albemarle
County). Spaces are *adjacent* when "Linked by a Route" (Key Terms): Water Routes (dotted
on the board) for Sloops, Land Routes (solid) for Capt Brand. Node ids are snake_case
(``bath_town``); node attributes are ``name``, ``kind``, ``terrain``, ``slot``, ``pos``
and the provenance ``src``; each edge's ``routes`` is a frozenset of ``"water"`` and
``"land"``.

Examples
--------
>>> G = load_map()
>>> G.nodes["bath_town"]["name"], G.nodes["bath_town"]["kind"]
('Bath Town', 'town')
>>> sorted(adjacent(G, "bath_town", "land"))
['neuse_river', 'new_bern', 'roanoke_river']
"""

from __future__ import annotations

import difflib
import functools
import re
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import Any, cast

import networkx as nx

from piratelib import data
from piratelib.blackbeard.readonly import TEXT, check_fields, check_type, lock_graph
from piratelib.errors import DataError, IllegalActionError, did_you_mean

__all__ = [
    "CAPE_HENRY",
    "JAMES_RIVER",
    "KINDS",
    "ROUTES",
    "adjacent",
    "check_space",
    "load_map",
    "named_island_or_bank",
    "of_kind",
]

KINDS = ("town", "anchorage", "sound", "ocean", "offboard")
ROUTES = frozenset({"water", "land"})
JAMES_RIVER = "james_river"
"""The Hunters' start box: "place the Jane, Ranger, and Capt Brand pieces at James River"."""
CAPE_HENRY = "cape_henry"
"""Sloops Sail from here to any Ocean space for 1 pawn; "They may not Scout from Cape Henry"."""

_MAP_FILE = "blackbeard_map.toml"
_SPACE_KEYS = {"id", "name", "kind", "terrain", "slot", "pos", "src"}
_SPACE_FIELDS = {
    **{key: (str, True) for key in ("id", "name", "kind", "terrain")},
    "slot": (bool, True),
    "pos": (list, True),
    "src": (list, True),
    **dict.fromkeys(("evidence", "notes", "subtype", "board_label", "why"), TEXT),
}
_ROUTE_FIELDS = {
    "between": (list, True),
    "type": (str, True),
    "src": (list, True),
    **dict.fromkeys(("evidence", "junction", "notes", "confidence", "why"), TEXT),
}
_MOVE_FIELDS = {
    "between": (list, True),
    "pawns": (int, True),
    "src": (list, True),
    "evidence": (str, True),
    "why": TEXT,
}


def load_map(path: str | Path | None = None) -> nx.Graph[str]:
    """Load, check and return the Map as a frozen graph.

    Parameters
    ----------
    path : path, optional
        A map data file to load instead of piratelib's own (to try a correction).

    Raises
    ------
    DataError
        If the file is malformed or inconsistent; the message names the file, the entry
        and what is wrong.

    Examples
    --------
    >>> G = load_map()
    >>> G.number_of_nodes(), sum(1 for _, slot in G.nodes(data="slot") if slot)
    (28, 24)
    >>> G.edges["roanoke_inlet", "currituck_inlet"]["routes"]
    frozenset({'water'})
    """
    if path is None:
        return _default_map()
    return _build(*data.read_path(path))


def check_space(G: nx.Graph[str], space: object) -> str:
    """Return `space` if it is a space id of `G`; otherwise raise, suggesting close ids.

    Raises
    ------
    IllegalActionError
        If `space` is not a space on the Map.

    Examples
    --------
    >>> check_space(load_map(), "bath_twn")
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: unknown space 'bath_twn': did you mean 'bath_town'? ...
    """
    check_type("G", G, nx.Graph)
    if isinstance(space, str) and space in G:
        return space
    text = str(space)
    ids = list(G.nodes)
    by_name = {G.nodes[n]["name"].lower(): n for n in G}
    close = difflib.get_close_matches(text, ids, n=3, cutoff=0.6)
    close += [by_name[m] for m in difflib.get_close_matches(text.lower(), by_name, n=3)]
    close = list(dict.fromkeys(close))
    hint = f"did you mean {' or '.join(repr(c) for c in close)}? " if close else ""
    raise IllegalActionError(
        f"unknown space {space!r}: {hint}Map spaces are snake_case ids such as 'bath_town'; "
        f"all of them: {', '.join(sorted(ids))}"
    )


def adjacent(G: nx.Graph[str], space: str, routes: str | Iterable[str] = ROUTES) -> frozenset[str]:
    """Return the spaces "Linked by a Route" to `space` by any of `routes`.

    Examples
    --------
    >>> sorted(adjacent(load_map(), "fish_town", "water"))
    ['hunting_quarter_sound', 'topsail_inlet']
    """
    check_type("G", G, nx.Graph)
    check_space(G, space)
    wanted = ROUTES & ({routes} if isinstance(routes, str) else set(routes))
    return frozenset(n for n, kinds in G[space].items() if kinds["routes"] & wanted)


def of_kind(G: nx.Graph[str], *kinds: str) -> frozenset[str]:
    """Return the spaces whose kind is one of `kinds`.

    Examples
    --------
    >>> sorted(of_kind(load_map(), "town"))
    ['bath_town', 'fish_town', 'queen_annes_creek']
    """
    check_type("G", G, nx.Graph)
    # types-networkx says nodes(data="kind") yields each node's dict; it yields its kind
    kind_of = cast("Iterable[tuple[str, object]]", G.nodes(data="kind"))
    return frozenset(n for n, kind in kind_of if kind in kinds)


def named_island_or_bank(G: nx.Graph[str], space: str) -> bool:
    """Whether the space has "Island" or "Bank(s)" in its name (Col Moore excludes these).

    Examples
    --------
    >>> G = load_map()
    >>> named_island_or_bank(G, "core_banks"), named_island_or_bank(G, "bath_town")
    (True, False)
    """
    check_type("G", G, nx.Graph)
    return bool(re.search(r"\b(Island|Banks?)\b", G.nodes[check_space(G, space)]["name"]))


@functools.cache
def _default_map() -> nx.Graph[str]:
    """The packaged map, loaded once (it is frozen, so sharing it is safe)."""
    return _build(*data.read(_MAP_FILE))


def _build(file: str, raw: dict[str, Any]) -> nx.Graph[str]:
    """Check the parsed map data and build the frozen graph, read-only to its attributes."""
    G: nx.Graph[str] = nx.Graph(file=file, sloop_moves=())
    for where, space in data.entries(file, raw, "space", _SPACE_KEYS):
        if not isinstance(space["id"], str) or not re.fullmatch(r"[a-z][a-z0-9_]*", space["id"]):
            raise DataError(f"{where}: id must be snake_case, got {space['id']!r}")
        if not isinstance(space["name"], str) or not space["name"].strip():
            raise DataError(f"{where}: name must be the printed name, got {space['name']!r}")
        if space["kind"] not in KINDS:
            raise DataError(
                f"{where}: kind must be one of {', '.join(KINDS)}, got {space['kind']!r}"
            )
        if space["terrain"] not in ROUTES:
            raise DataError(f"{where}: terrain must be 'land' or 'water', got {space['terrain']!r}")
        if not isinstance(space["slot"], bool) or space["slot"] == (space["kind"] == "offboard"):
            raise DataError(f"{where}: slot must be true exactly for non-offboard spaces")
        pos = space["pos"]
        if not isinstance(pos, list) or len(pos) != 2 or not all(_finite(v) for v in pos):
            raise DataError(f"{where}: pos must be [x, y], two finite numbers, got {pos!r}")
        for key in ("evidence", "notes", "why"):
            if key in space and not isinstance(space[key], str):
                raise DataError(f"{where}: {key} must be text, got {space[key]!r}")
        check_fields(where, space, _SPACE_FIELDS)
        data.check_sources(where, space)
        G.add_node(space["id"], **{**space, "pos": tuple(pos), "src": tuple(space["src"])})
        del G.nodes[space["id"]]["id"]
    _check_counts(file, raw, G)
    for i, route in enumerate(data.tables(file, raw, "route")):
        where = f"{file}: route #{i + 1} {route.get('between')}"
        ends = route.get("between")
        if not isinstance(ends, list) or len(ends) != 2 or ends[0] == ends[1]:
            raise DataError(f"{where}: between must name two different spaces")
        for end in ends:
            if not isinstance(end, str) or end not in G:
                hint = did_you_mean(end, G).strip()
                hint = f" ({hint})" if hint else ""
                raise DataError(f"{where}: unknown space id {end!r}{hint}")
        if not isinstance(route.get("type"), str) or route["type"] not in ROUTES:
            raise DataError(f"{where}: type must be 'water' or 'land', got {route.get('type')!r}")
        check_fields(where, route, _ROUTE_FIELDS)
        data.check_sources(where, route)
        u, v = ends
        routes = G.edges[u, v]["routes"] if G.has_edge(u, v) else frozenset()
        if route["type"] in routes:
            raise DataError(f"{where}: duplicate {route['type']} route")
        src = {**(G.edges[u, v]["src"] if G.has_edge(u, v) else {}), route["type"]: route["src"]}
        G.add_edge(u, v, routes=routes | {route["type"]}, src=src)
    if not nx.is_connected(G):
        parts = sorted((sorted(part) for part in nx.connected_components(G)), key=len)
        raise DataError(
            f"{file}: route: the routes must join every space to every other, but "
            f"{', '.join(parts[0])} cannot be reached from {parts[-1][0]}"
        )
    G.graph["sloop_moves"] = tuple(_sloop_moves(file, raw, G))
    return lock_graph(G)


def _finite(value: object) -> bool:
    """A finite int or float (not a bool)."""
    return (
        isinstance(value, int | float) and not isinstance(value, bool) and abs(value) < float("inf")
    )


def _check_counts(file: str, raw: dict[str, Any], G: nx.Graph[str]) -> None:
    """The numbers of slots and of spaces of each kind match [counts]."""
    expected = raw.get("counts")
    if not isinstance(expected, dict):
        raise DataError(f"{file}: [counts] must be a table of slots and kinds, got {expected!r}")
    missing = sorted({*KINDS, "slots"} - expected.keys())
    if missing:
        raise DataError(f"{file}: [counts] misses {', '.join(missing)}")
    # types-networkx says nodes(data="kind") yields each node's dict; it yields its kind
    kind_of = cast("Iterable[tuple[str, str]]", G.nodes(data="kind"))
    found = Counter(kind for _, kind in kind_of)
    found["slots"] = sum(1 for _, slot in G.nodes(data="slot") if slot)
    for key, number in expected.items():
        if key not in {*KINDS, "slots"}:
            raise DataError(
                f"{file}: [counts] {key}: unknown count; the counts are slots, {', '.join(KINDS)}"
            )
        if not data.is_count(number):
            raise DataError(f"{file}: [counts] {key} must be a whole number of 0 or more")
        if found[key] != number:
            raise DataError(f"{file}: [counts] says {number} {key}, the spaces give {found[key]}")


def _sloop_moves(file: str, raw: dict[str, Any], G: nx.Graph[str]) -> list[dict[str, Any]]:
    """The special Sloop Sails, each between a space or kind and a kind, with a pawn cost."""
    moves = data.tables(file, raw, "sloop_move")
    for i, move in enumerate(moves):
        where = f"{file}: sloop_move #{i + 1}"
        ends = move.get("between", [])
        if (
            not isinstance(ends, list)
            or len(ends) != 2
            or not all(isinstance(end, str) and (end in G or end in KINDS) for end in ends)
        ):
            raise DataError(f"{where}: between must name two space ids or kinds, got {ends!r}")
        if not data.is_count(move.get("pawns"), 1):
            raise DataError(f"{where}: pawns must be a whole number of at least 1")
        if not isinstance(move.get("evidence"), str):
            raise DataError(f"{where}: evidence must quote the rule, got {move.get('evidence')!r}")
        check_fields(where, move, _MOVE_FIELDS)
        data.check_sources(where, move)
    return moves
