"""The nine Informant tiles of Hunt for Blackbeard: what each may Spot, and a check of targets.

"Select and secretly Spot spaces by placing rose pawns ... onto any drawn Informant tiles
..., up to the number of block icons on that tile ... Spot spaces only among the space
types noted on the tile." The tiles are data (``blackbeard_informants.toml``): each has
groups of eligible spaces with a maximum, and a set of targets is legal when each target
can be counted against a group without any group going over its maximum, which is a
bipartite matching.

Examples
--------
The rulebook's "Example: Interview Informants": Wm Howard Spots Anchorages, one pawn each.

>>> from piratelib.blackbeard.board import load_map
>>> G = load_map()
>>> check_informant(G, "wm_howard", ["roanoke_island", "nots_island", "core_banks"])
3
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import networkx as nx

from piratelib import data
from piratelib.blackbeard.board import KINDS, check_space, named_island_or_bank
from piratelib.errors import DataError, IllegalActionError, did_you_mean

__all__ = ["check_informant", "informant_spaces", "load_informants"]

_FILTERS = {"max", "kinds", "spaces", "not_named", "within", "max_src"}


def load_informants(path: str | Path | None = None) -> dict[str, dict[str, Any]]:
    """Return the Informant tiles by id, checked.

    Raises
    ------
    DataError
        If the file is malformed; the message names the file and the entry.

    Examples
    --------
    >>> tiles = load_informants()
    >>> len(tiles), tiles["isaac_freeman"]["groups"][0]["max_src"]
    (9, 'assumed')
    """
    if path is None:
        return _default_informants()
    return _build(*data.read(Path(path)))


def informant_spaces(G: nx.Graph, informant: str) -> frozenset[str]:
    """Return every space `informant` may Spot.

    Raises
    ------
    IllegalActionError
        For an unknown Informant, suggesting the closest id.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> sorted(informant_spaces(load_map(), "isaac_freeman"))  # doctest: +NORMALIZE_WHITESPACE
    ['cape_hatteras', 'currituck_inlet', 'gun_inlet', 'ocracoke_inlet', 'roanoke_inlet',
     'topsail_inlet']
    """
    tile = _tile(informant)
    return frozenset().union(*(_eligible(G, group) for group in tile["groups"]))


def check_informant(G: nx.Graph, informant: str, targets: Iterable[str]) -> int:
    """Check the spaces the Hunters Spot with `informant` and return the pawns (one each).

    Raises
    ------
    IllegalActionError
        A target the tile does not cover, a repeated target, or more targets than the
        tile's block icons or than one of its groups allows; the message quotes the tile.

    Examples
    --------
    >>> from piratelib.blackbeard.board import load_map
    >>> check_informant(load_map(), "edwd_moseley", ["bath_town", "fish_town", "neuse_river"])
    3
    >>> check_informant(load_map(), "wm_howard", ["bath_town"])
    Traceback (most recent call last):
      ...
    piratelib.errors.IllegalActionError: Wm Howard ('4 Anchorages') cannot Spot bath_town, ...
    """
    tile = _tile(informant)
    targets = [check_space(G, t) for t in targets]
    if len(set(targets)) < len(targets):
        raise IllegalActionError(f"each space is Spotted once; repeated in {targets}")
    groups = [_eligible(G, group) for group in tile["groups"]]
    label = f"{tile['name']} ('{tile['printed']}')"
    for target in targets:
        if not any(target in group for group in groups):
            options = ", ".join(sorted(informant_spaces(G, informant)))
            raise IllegalActionError(
                f"{label} cannot Spot {target}, a {G.nodes[target]['kind']}; it may Spot: {options}"
            )
    most = sum(group["max"] for group in tile["groups"])
    if len(targets) > most:
        raise IllegalActionError(
            f"{label} may Spot at most {most} spaces (its block icons), got {len(targets)}"
        )
    seats = nx.Graph()
    seats.add_nodes_from(targets)
    for i, (group, eligible) in enumerate(zip(tile["groups"], groups, strict=True)):
        for seat in range(group["max"]):
            seats.add_edges_from((t, (i, seat)) for t in targets if t in eligible)
    matching = nx.bipartite.hopcroft_karp_matching(seats, top_nodes=targets)
    if any(t not in matching for t in targets):
        raise IllegalActionError(
            f"{label}: too many of one kind among {', '.join(targets)}; '{tile['evidence']}'"
        )
    return len(targets)


@functools.cache
def _default_informants() -> dict[str, dict[str, Any]]:
    """The packaged Informant tiles, loaded once."""
    return _build(*data.read("blackbeard_informants.toml"))


def _tile(informant: str) -> dict[str, Any]:
    """The tile with id `informant`, or an error suggesting the closest id."""
    tiles = load_informants()
    if informant not in tiles:
        hint = did_you_mean(informant, tiles)
        raise IllegalActionError(
            f"unknown Informant {informant!r}: {hint}the Informants are {', '.join(tiles)}"
        )
    return tiles[informant]


def _eligible(G: nx.Graph, group: dict[str, Any]) -> frozenset[str]:
    """The block slots a group admits."""
    named = [*group.get("spaces", []), *([group["within"]["of"]] if "within" in group else [])]
    unknown = [s for s in named if s not in G]
    if unknown:
        raise DataError(f"informant group {group} names spaces not on the Map: {unknown}")
    spaces = {n for n, slot in G.nodes(data="slot") if slot}
    if "kinds" in group:
        spaces = {s for s in spaces if G.nodes[s]["kind"] in group["kinds"]}
    if "spaces" in group:
        spaces &= set(group["spaces"])
    if group.get("not_named"):
        spaces = {s for s in spaces if not named_island_or_bank(G, s)}
    if "within" in group:
        near = group["within"]
        steps = nx.single_source_shortest_path_length(G, near["of"], cutoff=near["max"])
        spaces = {s for s in spaces if s in steps and steps[s] >= near["min"]}
    return frozenset(spaces)


def _build(file: str, raw: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Check the parsed Informant tiles and index them by id."""
    tiles: dict[str, dict[str, Any]] = {}
    for where, tile in data.entries(
        file, raw, "informant", {"id", "name", "printed", "groups", "evidence"}
    ):
        if not tile["groups"]:
            raise DataError(f"{where}: needs at least one group of spaces")
        for group in tile["groups"]:
            if not isinstance(group.get("max"), int) or group["max"] < 1:
                raise DataError(f"{where}: each group needs a max of at least 1, got {group}")
            if not group.keys() <= _FILTERS:
                raise DataError(f"{where}: unknown group keys {sorted(group.keys() - _FILTERS)}")
            if not set(group.get("kinds", [])) <= set(KINDS):
                raise DataError(f"{where}: kinds must be among {KINDS}, got {group['kinds']}")
        data.check_sources(where, tile)
        tiles[tile["id"]] = tile
    return tiles
