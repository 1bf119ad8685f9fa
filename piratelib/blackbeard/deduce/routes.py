"""Every Sail Blackbeard can make from a space, as tables of the Map alone.

A Sail of 0 to 5 pawns from a space is a walk along Adventure's Water Routes; what it
leaves on the Map is where it ends and the Sightings "in each space that Adventure
passed completely through". :func:`sail_groups` lists every Sail once per start,
grouped by (end, Sightings), and :func:`sail_changes` gives each Sail's changes seen at
face-up blocks, built prefix first. The Sail tables of
:mod:`~piratelib.blackbeard.deduce.sails` and :mod:`~piratelib.blackbeard.deduce.purse`
count them for one turn's evidence.

Examples
--------
>>> groups, _, _, paths = sail_groups("hatteras_bank")
>>> len(paths)  # every Sail of at most 5 pawns from Hatteras Bank
352
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TypeAlias

from piratelib.blackbeard.board.movement import move_graph
from piratelib.blackbeard.game.state import game_map, slots
from piratelib.blackbeard.readonly import Fixed, check_type
from piratelib.errors import IllegalActionError, check_id, check_whole

__all__ = ["exactly", "sail_changes", "sail_groups"]

# changes seen at face-up blocks, in order: (space, what it shows now: A, S or E)
Changes: TypeAlias = tuple[tuple[str, str], ...]
# Sails, shorter first, each with the index of its prefix (-1 for none)
Paths: TypeAlias = tuple[tuple[tuple[str, ...], int], ...]
# (end, Sightings, counts, indices of its Sails): see sail_groups
Group: TypeAlias = tuple[
    str, frozenset[str], tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]
]
NONE: frozenset[str] = frozenset()
"""No spaces."""


def exactly(counts: tuple[int, ...], k: int) -> int:
    """The Sails of exactly `k` pawns, from `counts` of those of at most 0, 1, ... pawns.

    >>> exactly((1, 3, 6), 2)
    3
    """
    check_type("counts", counts, tuple)
    if not all(type(c) is int for c in counts):
        raise IllegalActionError(f"counts must be whole numbers of Sails, got {counts!r:.80}")
    check_whole("k", k, 0, len(counts) - 1, error=IllegalActionError)
    return counts[k] - (counts[k - 1] if k else 0)


def _looked_at(
    start: str, face_up: frozenset[str], keep: frozenset[str]
) -> tuple[set[int], set[int]]:
    """The Sail groups from `start` that visit a face-up block, and those or leave a
    Sighting at a space in `keep`: the only ones evidence can tell apart."""
    groups, by_end, by_space, _ = sail_groups(start)
    touching: set[int] = set(range(len(groups))) if start in face_up else set()
    for space in face_up - {start}:
        touching.update(by_end.get(space, ((), ()))[1], by_space.get(space, ()))
    tested = set(touching)
    for space in keep:
        tested.update(by_space.get(space, ()))
    return touching, tested


@functools.cache
def _group_of(start: str) -> tuple[int, ...]:
    """A Map table: the group (:func:`sail_groups`) of each Sail from `start`."""
    groups, _, _, paths = sail_groups(start)
    found = [0] * len(paths)
    for i, (_, _, _, members) in enumerate(groups):
        for j in members:
            found[j] = i
    return tuple(found)


def _touched(start: str, face_up: frozenset[str], seen: Changes) -> set[int]:
    """The Sails from `start` that visit a face-up block and may show the changes `seen`.

    Every step that leaves or enters a face-up block changes it (Adventure leaves, or
    comes), so when nothing was seen only the start's Sail of 0 pawns can be one.
    """
    if not seen:
        return {0} if start in face_up else set()
    visits = _visits(start)
    touched: set[int] = set()
    for space in face_up:
        touched.update(visits.get(space, ()))
    return touched


@functools.cache
def _visits(start: str) -> Mapping[str, frozenset[int]]:
    """A Map table: for each space, the Sails from `start` that visit it."""
    found: dict[str, set[int]] = {}
    for j, (path, _) in enumerate(sail_groups(start)[3]):
        for space in path:
            found.setdefault(space, set()).add(j)
    return Fixed({space: frozenset(js) for space, js in found.items()})


def _step(
    path: tuple[str, ...], face_up: frozenset[str], silenced: frozenset[str], after: frozenset[str]
) -> Changes:
    """The changes seen at `face_up` blocks as the Sail takes its last step along `path`.

    `silenced` and `after` are the spaces silent before and after the step. A step
    changes at most the space left (Adventure to Sighting, or empty at the start) and the
    space entered (to Adventure).
    """
    start, left, entered, i = path[0], path[-2], path[-1], len(path) - 1
    step = []
    for space in sorted({left, entered} & face_up):
        old = "A" if space == left else _kind(space, path[1 : i - 1], start, left)
        if old == "S" and space in silenced:
            old = "E"
        new = "A" if space == entered else _kind(space, path[1:i], start, entered)
        if new == "S" and space in after:
            new = "E"
        if old != new:
            step.append((space, new))
    return tuple(step)


def _seen_next(seen: Changes, matched: int, step: Changes) -> int | None:
    """How many of the changes `seen` are matched once `step` follows the first `matched`
    of them, or None if the step shows something else.

    >>> _seen_next((("a", "A"), ("b", "S")), 1, (("b", "S"),)), _seen_next((), 0, (("a", "A"),))
    (2, None)
    """
    if step and seen[matched : matched + len(step)] != step:
        return None
    return matched + len(step)


def sail_changes(paths: Paths, face_up: frozenset[str]) -> list[Changes]:
    """The changes each Sail shows at `face_up` blocks, step by step, as A/S/E.

    `paths` come prefix first, each with its prefix's index, so each Sail adds its last
    step to its prefix's changes. A step changes at most the space left (Adventure to
    Sighting, or empty at the start) and the space entered (to Adventure).
    """
    check_type("paths", paths, tuple)
    check_type("face_up", face_up, frozenset)
    found: list[Changes] = []
    for path, parent in paths:
        if parent < 0:
            found.append(())
            continue
        if path[-2] not in face_up and path[-1] not in face_up:
            found.append(found[parent])
            continue
        found.append(found[parent] + _step(path, face_up, frozenset(), frozenset()))
    return found


@functools.cache
def sail_groups(
    start: str,
) -> tuple[
    tuple[Group, ...],
    Mapping[str, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]],
    Mapping[str, tuple[int, ...]],
    Paths,
]:
    """Every Sail from `start` of 0 to 5 pawns, grouped by (end, Sightings left): a Map table.

    Returns the groups ``(end, Sightings, counts, indices of its Sails)`` where
    ``counts[0][k]`` is the number of its Sails of at most k pawns and ``counts[1][k]``
    the same with each Sail weighed by its ways to buy Bought Silence (2 per step leaving
    a space other than the start); for each end those totals and its groups; for each
    space the groups with a Sighting there; and every Sail, shorter first, with the
    index of the Sail one pawn shorter. Built once per start: 23,312 Sails in 9,116
    groups over the 24 slots. All of it read-only (tuples and read-only dicts), as every
    caller shares it.
    """
    check_id("block slot", start, slots())
    H = move_graph(game_map(), "adventure")
    paths: list[tuple[tuple[str, ...], int]] = [((start,), -1)]
    found: dict[tuple[str, frozenset[str]], tuple[list[list[int]], list[int]]] = {}
    j = 0
    while j < len(paths):
        path = paths[j][0]
        passed = frozenset(s for s in path[1:-1] if s not in (path[0], path[-1]))
        counts, members = found.setdefault((path[-1], passed), ([[0] * 6, [0] * 6], []))
        ways = 2 ** sum(1 for s in path[1:-1] if s != start)
        for k in range(len(path) - 1, 6):
            counts[0][k] += 1
            counts[1][k] += ways
        members.append(j)
        if len(path) <= 5:
            paths += [((*path, to), j) for to in sorted(H[path[-1]])]
        j += 1
    groups = tuple(
        (end, passed, (tuple(counts[0]), tuple(counts[1])), tuple(members))
        for (end, passed), (counts, members) in found.items()
    )
    by_end: dict[str, tuple[list[list[int]], list[int]]] = {}
    by_space: dict[str, list[int]] = {}
    for i, (end, passed, counted, _) in enumerate(groups):
        totals, ids = by_end.setdefault(end, ([[0] * 6, [0] * 6], []))
        for c in range(2):
            for k in range(6):
                totals[c][k] += counted[c][k]
        ids.append(i)
        for space in passed:
            by_space.setdefault(space, []).append(i)
    by_end_fixed = Fixed(
        {end: (tuple(map(tuple, totals)), tuple(ids)) for end, (totals, ids) in by_end.items()}
    )
    by_space_fixed = Fixed({space: tuple(ids) for space, ids in by_space.items()})
    return groups, by_end_fixed, by_space_fixed, tuple(paths)


def _kind(space: str, inner: tuple[str, ...], start: str, end: str) -> str:
    """S if a Sail with these inner spaces leaves a Sighting at `space`, else E (empty)."""
    return "S" if space in inner and space not in (start, end) else "E"
