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
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import networkx as nx

from piratelib import data
from piratelib.blackbeard.board import KINDS, check_space, load_map, named_island_or_bank
from piratelib.blackbeard.readonly import TEXT, check_fields, check_type, locked_value
from piratelib.errors import DataError, IllegalActionError, did_you_mean

__all__ = ["check_informant", "informant_spaces", "informant_targets", "load_informants"]

_FIELDS = {
    **{key: (str, True) for key in ("id", "name", "printed", "evidence")},
    "src": (list, True),
    "groups": (list, True),
    "subtitle": TEXT,
    "why": TEXT,
}
_NOT_NAMED = re.compile(r"\bnot\b[^)]*\bIslands?\b[^)]*\bBanks?\b", re.IGNORECASE)
"""A printed label that excludes spaces named Island or Bank(s), as Col Moore's does."""
_FILTERS = {"max", "kinds", "spaces", "not_named", "within", "max_src"}


def load_informants(path: str | Path | None = None) -> Mapping[str, Mapping[str, Any]]:
    """Return the Informant tiles by id, checked and read-only.

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
    return _build(*data.read_path(path))


def informant_spaces(G: nx.Graph[str], informant: str) -> frozenset[str]:
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
    check_type("G", G, nx.Graph)
    _tile(informant)
    return frozenset().union(*_groups(G, informant))


def check_informant(G: nx.Graph[str], informant: str, targets: Iterable[str]) -> int:
    """Check the spaces the Hunters Spot with `informant` and return the pawns (one each).

    Raises
    ------
    IllegalActionError
        No target, a target the tile does not cover, a repeated target, or more targets than the
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
    check_type("G", G, nx.Graph)
    tile = _tile(informant)
    if isinstance(targets, str) or not isinstance(targets, Iterable):
        raise IllegalActionError(f"targets must be a list of space ids, got {targets!r}")
    targets = [check_space(G, t) for t in targets]
    if not targets:
        raise IllegalActionError(f"an Interview of {tile['name']} needs at least one target space")
    if len(set(targets)) < len(targets):
        raise IllegalActionError(f"each space is Spotted once; repeated in {targets}")
    groups = _groups(G, informant)
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
    if not _seated(_maxes(tile), tuple(sorted(_kind(groups, t) for t in targets))):
        raise IllegalActionError(
            f"{label}: too many of one kind among {', '.join(targets)}; '{tile['evidence']}'"
        )
    return len(targets)


def informant_targets(G: nx.Graph[str], informant: str, done: Iterable[str] = ()) -> frozenset[str]:
    """Every space `informant` may Spot next, after the spaces `done` (a legal list).

    These are the spaces that :func:`check_informant` accepts added to `done`.

    Raises
    ------
    IllegalActionError
        As :func:`check_informant` does for `done`.

    Examples
    --------
    Capt Vail reports on "Bath Town and/or 1 space of any type that is adjacent to, or 2
    spaces distant from, Bath Town": after Core Banks, only Bath Town is left.

    >>> from piratelib.blackbeard.board import load_map
    >>> informant_targets(load_map(), "capt_vail", ["core_banks"])
    frozenset({'bath_town'})
    """
    if isinstance(done, Iterable) and not isinstance(done, str):
        done = tuple(done)  # read once (it may be an iterator)
    check_type("G", G, nx.Graph)
    tile = _tile(informant)
    if done or isinstance(done, str) or not isinstance(done, Iterable):
        check_informant(G, informant, done)  # nothing Spotted yet is always allowed
    groups = _groups(G, informant)
    maxes = _maxes(tile)
    if len(done) >= sum(maxes):
        return frozenset()
    taken = [_kind(groups, t) for t in done]
    return frozenset(
        space
        for space in frozenset().union(*groups).difference(done)
        if _seated(maxes, tuple(sorted([*taken, _kind(groups, space)])))
    )


def _maxes(tile: Mapping[str, Any]) -> tuple[int, ...]:
    """How many spaces each group of `tile` may Spot."""
    return tuple(group["max"] for group in tile["groups"])


def _kind(groups: tuple[frozenset[str], ...], target: str) -> tuple[int, ...]:
    """The groups `target` may count against: all that matters of it for the seats."""
    return tuple(i for i, eligible in enumerate(groups) if target in eligible)


@functools.cache
def _seated(maxes: tuple[int, ...], kinds: tuple[tuple[int, ...], ...]) -> bool:
    """Whether each target, given as the groups it may count against (`kinds`), can take a
    seat of one of them, group ``i`` having ``maxes[i]`` seats: a bipartite matching
    (kept, as it depends on these few numbers only and every Interview asks)."""
    targets = [("target", k) for k in range(len(kinds))]
    seats: nx.Graph[tuple[str, int] | tuple[int, int]] = nx.Graph()
    seats.add_nodes_from(targets)
    for target, groups in zip(targets, kinds, strict=True):
        seats.add_edges_from((target, (i, seat)) for i in groups for seat in range(maxes[i]))
    matching = nx.bipartite.hopcroft_karp_matching(seats, top_nodes=targets)
    return all(t in matching for t in targets)


@functools.cache
def _default_informants() -> Mapping[str, Mapping[str, Any]]:
    """The packaged Informant tiles, loaded once."""
    return _build(*data.read("blackbeard_informants.toml"))


def _tile(informant: object) -> Mapping[str, Any]:
    """The tile with id `informant`, or an error suggesting the closest id."""
    tiles = load_informants()
    if not isinstance(informant, str) or informant not in tiles:
        hint = did_you_mean(informant, tiles)
        raise IllegalActionError(
            f"unknown Informant {informant!r}: {hint}the Informants are {', '.join(tiles)}"
        )
    return tiles[informant]


def _groups(G: nx.Graph[str], informant: str) -> tuple[frozenset[str], ...]:
    """The block slots each group of `informant`'s tile admits (a known Informant)."""
    if nx.is_frozen(G):
        return _frozen_groups(G, informant)
    return tuple(_eligible(G, group) for group in _tile(informant)["groups"])


@functools.cache
def _frozen_groups(G: nx.Graph[str], informant: str) -> tuple[frozenset[str], ...]:
    """:func:`_groups` of a frozen Map, which cannot change: kept (every Interview asks)."""
    return tuple(_eligible(G, group) for group in _tile(informant)["groups"])


def _eligible(G: nx.Graph[str], group: Mapping[str, Any]) -> frozenset[str]:
    """The block slots a group admits (its spaces were checked against the Map at load)."""
    spaces = {n for n, slot in G.nodes(data="slot") if slot}
    if "kinds" in group:
        spaces = {s for s in spaces if G.nodes[s]["kind"] in group["kinds"]}
    if "spaces" in group:
        spaces &= set(group["spaces"])
    if group.get("not_named"):
        spaces = {s for s in spaces if not named_island_or_bank(G, s)}
    if "within" in group:
        near = group["within"]
        if near["of"] not in G:
            return frozenset()  # a Map without that space: nothing is near it
        steps = nx.single_source_shortest_path_length(G, near["of"], cutoff=near["max"])
        spaces = {s for s in spaces if s in steps and steps[s] >= near["min"]}
    return frozenset(spaces)


def _build(file: str, raw: dict[str, Any]) -> Mapping[str, Mapping[str, Any]]:
    """Check the parsed Informant tiles, every field, and index them by id (read-only)."""
    G = load_map()
    tiles: dict[str, dict[str, Any]] = {}
    for where, tile in data.entries(
        file, raw, "informant", {"id", "name", "printed", "groups", "evidence"}
    ):
        if not isinstance(tile["id"], str) or not re.fullmatch(r"[a-z][a-z0-9_]*", tile["id"]):
            raise DataError(f"{where}: id must be snake_case, got {tile['id']!r}")
        for key in ("name", "printed", "evidence", "subtitle", "why"):
            if (key in tile or key in ("name", "printed")) and not isinstance(tile[key], str):
                raise DataError(f"{where}: {key} must be text, got {tile[key]!r}")
        groups = tile["groups"]
        if not isinstance(groups, list) or not groups:
            raise DataError(f"{where}: needs at least one group of spaces, got {groups!r}")
        for i, group in enumerate(groups):
            _check_group(where, i + 1, group, G)
        _check_not_named(where, tile)
        check_fields(where, tile, _FIELDS)
        data.check_sources(where, tile)
        tiles[tile["id"]] = tile
    locked: Mapping[str, Mapping[str, Any]] = locked_value(tiles)
    return locked


def _check_not_named(where: str, tile: dict[str, Any]) -> None:
    """The tile's printed text and its groups agree on "not Islands or Banks"."""
    printed = bool(_NOT_NAMED.search(tile["printed"]))
    filtered = any(group.get("not_named") for group in tile["groups"])
    if printed != filtered:
        raise DataError(
            f"{where}: printed {tile['printed']!r} "
            + (
                "excludes Islands and Banks, so a group needs not_named = true"
                if printed
                else "does not exclude Islands and Banks, so no group may have not_named = true"
            )
        )


def _check_group(entry: str, number: int, group: object, G: nx.Graph[str]) -> None:
    """Check one group of eligible spaces: its max, its filters, and every space it names."""
    if not isinstance(group, dict) or not data.is_count(group.get("max"), 1):
        raise DataError(
            f"{entry}: each group needs a max of at least 1, got group #{number}: {group!r}"
        )
    where = f"{entry}: group #{number}"
    if not group.keys() <= _FILTERS:
        raise DataError(f"{where}: unknown group keys {sorted(group.keys() - _FILTERS)}")
    if not group.keys() & {"kinds", "spaces", "within"}:
        raise DataError(
            f"{where}: a group says which spaces it Spots with kinds, spaces or within "
            f"('Spot spaces only among the space types noted on the tile'), got {group}"
        )
    slot_kinds = [k for k in KINDS if k != "offboard"]
    kinds = group.get("kinds", slot_kinds)
    if (
        not isinstance(kinds, list)
        or not kinds
        or not all(isinstance(k, str) and k in slot_kinds for k in kinds)
        or len(set(kinds)) < len(kinds)
    ):
        raise DataError(f"{where}: kinds must be among {tuple(slot_kinds)}, each once, got {kinds}")
    spaces = group.get("spaces", ["bath_town"])
    if not isinstance(spaces, list) or not spaces or len(set(map(str, spaces))) < len(spaces):
        raise DataError(f"{where}: spaces must list Map space ids, each once, got {spaces!r}")
    for space in spaces:
        if not isinstance(space, str) or space not in G or not G.nodes[space]["slot"]:
            raise DataError(
                f"{where}: unknown space {space!r} (not a block slot of the Map): "
                f"{did_you_mean(space, G)}"
            )
    if not isinstance(group.get("not_named", False), bool):
        raise DataError(f"{where}: not_named must be true or false, got {group['not_named']!r}")
    if "max_src" in group and group["max_src"] not in data.SOURCES:
        raise DataError(
            f"{where}: max_src must be one of {sorted(data.SOURCES)}, got {group['max_src']!r}"
        )
    if "within" in group:
        near = group["within"]
        if (
            not isinstance(near, dict)
            or near.keys() != {"of", "min", "max"}
            or not data.is_count(near["min"])
            or not data.is_count(near["max"], near["min"] if data.is_count(near["min"]) else 0)
        ):
            raise DataError(
                f"{where}: within must be {{ of = space, min = n, max = m }} with "
                f"0 <= min <= max, got {near!r}"
            )
        if not isinstance(near["of"], str) or near["of"] not in G:
            raise DataError(
                f"{where}: within: unknown space {near['of']!r}: {did_you_mean(near['of'], G)}"
            )
