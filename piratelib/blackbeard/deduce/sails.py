"""Every Sail Blackbeard can make from a space, counted by what the Hunters can tell apart.

A Sail of 0 to 5 pawns from a space is a walk along Adventure's Water Routes; what it
leaves on the Map is where it ends and the Sightings "in each space that Adventure
passed completely through". :func:`sail_groups` lists every Sail once per start (a
table of the Map alone), grouped by (end, Sightings); :func:`sail_table` counts them, for
one turn's evidence, by the changes they would show at face-up blocks and the Sightings
later evidence can still test; :func:`sail_changes` and (ADVANCED, Bought Silence)
:func:`silent_changes` give each Sail's changes seen, built prefix first.

Examples
--------
>>> table = sail_table(frozenset(), frozenset(), 5, False)("hatteras_bank")
>>> sum(table[()].values())  # every Sail of at most 5 pawns from Hatteras Bank
352
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TypeAlias

from piratelib.blackbeard.board.movement import move_graph
from piratelib.blackbeard.game.state import game_map, slots
from piratelib.blackbeard.readonly import Fixed, check_type
from piratelib.errors import IllegalActionError, check_id, check_whole

__all__ = [
    "length_table",
    "purse_table",
    "sail_changes",
    "sail_groups",
    "sail_table",
    "silent_changes",
]

# changes seen at face-up blocks, in order: (space, what it shows now: A, S or E)
_Changes: TypeAlias = tuple[tuple[str, str], ...]
# Sails, shorter first, each with the index of its prefix (-1 for none)
_Paths: TypeAlias = tuple[tuple[tuple[str, ...], int], ...]
# (end, Sightings, counts, indices of its Sails): see sail_groups
_Group: TypeAlias = tuple[
    str, frozenset[str], tuple[tuple[int, ...], tuple[int, ...]], tuple[int, ...]
]
# {changes seen: {(end, Sightings kept): Sails}}: see sail_table
_Table: TypeAlias = Mapping[_Changes, Mapping[tuple[str, frozenset[str]], int]]
# {changes seen: {(end, Sightings kept, pawns): Sails}}: see length_table
_Lengths: TypeAlias = Mapping[_Changes, Mapping[tuple[str, frozenset[str], int], int]]
# (end, Sightings kept, pawns, Silence bought, spaces silent): see purse_table
_PurseKey: TypeAlias = tuple[str, frozenset[str], int, bool, int]
_Purse: TypeAlias = Mapping[_PurseKey, int]
# a Sail's ways by (spaces silent, changes seen): see silent_changes
_Silent: TypeAlias = dict[tuple[frozenset[str], _Changes], int]


@functools.lru_cache(maxsize=1024, typed=True)
def sail_table(
    face_up: frozenset[str], keep: frozenset[str], max_sail: int, silence: bool
) -> Callable[[str], _Table]:
    """start -> {changes seen at `face_up`: {(end, Sightings kept): Sails}}, memoised.

    The same arguments give the same table (remembered for the 1,024 latest), and each
    table remembers its answer for each start, read-only (mapping proxies: every caller
    shares it).

    It sums :func:`length_table`'s Sails of at most `max_sail` pawns.
    """
    check_type("face_up", face_up, frozenset)
    check_type("keep", keep, frozenset)
    check_whole("max_sail", max_sail, 0, 5, error=IllegalActionError)
    check_type("silence", silence, bool)
    by_length = length_table(face_up, keep, silence)

    @functools.cache
    def table(start: str) -> _Table:
        found: dict[_Changes, dict[tuple[str, frozenset[str]], int]] = {}
        for seen, sails in by_length(start).items():
            here = found.setdefault(seen, {})
            for (end, sightings, pawns), n in sails.items():
                if pawns <= max_sail:
                    here[end, sightings] = here.get((end, sightings), 0) + n
        return MappingProxyType({seen: MappingProxyType(n) for seen, n in found.items() if n})

    return table


@functools.lru_cache(maxsize=1024, typed=True)
def length_table(
    face_up: frozenset[str], keep: frozenset[str], silence: bool
) -> Callable[[str], _Lengths]:
    """start -> {changes seen: {(end, Sightings kept, pawns): Sails}}, by exact length.

    Memoised as :func:`sail_table` is. Sails come in (end, Sightings) groups
    (:func:`sail_groups`). Most groups neither visit a face-up block (start, end and
    Sightings are all the spaces a Sail visits) nor leave a Sighting that evidence can
    test: they are counted by their end alone. Only the others are looked at one by one,
    and only those that visit a face-up block are replayed step by step to see its
    changes. With `silence` (ADVANCED), each step that leaves a space other than the start
    may buy Bought Silence or not: a Sail is then one history per such choice, and the
    Sightings left are any part of those passed through, each part equally often (the
    last time he leaves a space decides).

    >>> table = length_table(frozenset(), frozenset(), False)("hatteras_bank")
    >>> sorted(n for (end, _, pawns), n in table[()].items() if pawns == 1)
    [1]
    """
    check_type("face_up", face_up, frozenset)
    check_type("keep", keep, frozenset)
    check_type("silence", silence, bool)
    column = 1 if silence else 0

    @functools.cache
    def table(start: str) -> _Lengths:
        groups, by_end, _, paths = sail_groups(start)
        touching, tested = _looked_at(start, face_up, keep)
        none: frozenset[str] = frozenset()
        quiet = {
            (end, none, k): exactly(totals[column], k)
            for end, (totals, _) in by_end.items()
            for k in range(6)
        }
        found: dict[_Changes, dict[tuple[str, frozenset[str], int], int]] = {(): quiet}
        changes: list[_Changes] = []  # each Sail's changes seen (without `silence`)
        silent: list[_Silent] = []  # and with it, by (spaces silent, changes seen)
        if touching and silence:
            silent = silent_changes(paths, face_up, keep)
        elif touching:
            changes = sail_changes(paths, face_up)
        for i in tested:
            end, passed, counts, members = groups[i]
            for k in range(6):
                quiet[end, none, k] -= exactly(counts[column], k)
            if i in touching:
                for j in members:
                    k = len(paths[j][0]) - 1
                    if silence:
                        ways = [
                            ((end, (passed - q) & keep, k), c, m) for (q, c), m in silent[j].items()
                        ]
                    else:
                        ways = [((end, passed & keep, k), changes[j], 1)]
                    for key, seen_here, m in ways:
                        seen = found.setdefault(seen_here, {})
                        seen[key] = seen.get(key, 0) + m
                continue
            tested_here = sorted(passed & keep) if silence else []
            for k in range(6):
                n = exactly(counts[column], k)
                if not n:
                    continue
                if not silence:
                    key = (end, passed & keep, k)
                    quiet[key] = quiet.get(key, 0) + n
                    continue
                share = n >> len(tested_here)
                for r in range(len(tested_here) + 1):
                    for part in itertools.combinations(tested_here, r):
                        key = (end, frozenset(part), k)
                        quiet[key] = quiet.get(key, 0) + share
        found[()] = {key: n for key, n in quiet.items() if n}
        return MappingProxyType({seen: MappingProxyType(n) for seen, n in found.items()})

    return table


def silent_changes(paths: _Paths, face_up: frozenset[str], keep: frozenset[str]) -> list[_Silent]:
    """ADVANCED: for each Sail, its ways to buy Bought Silence by (spaces silent, changes seen).

    Leaving any space but the start, Blackbeard may pay for no Sighting there; Sailing
    back into a space ends its Silence (the engine's ``silenced`` less the space entered).
    A choice at a space neither face up nor kept changes nothing seen: it counts twice.
    Built prefix first, as :func:`sail_changes`.
    """
    check_type("paths", paths, tuple)
    check_type("face_up", face_up, frozenset)
    check_type("keep", keep, frozenset)
    tested = face_up | keep
    found: list[_Silent] = []
    for path, parent in paths:
        if parent < 0:
            found.append({(frozenset(), ()): 1})
            continue
        start, left, entered, i = path[0], path[-2], path[-1], len(path) - 1
        choose = i >= 2 and left != start
        double = choose and left not in tested
        if left not in tested and entered not in tested:  # nothing here is seen or kept
            found.append({k: 2 * n for k, n in found[parent].items()} if double else found[parent])
            continue
        flags = (False, True) if choose and not double else (False,)
        here: _Silent = {}
        for (silenced, changes), ways in found[parent].items():
            ways = ways * 2 if double else ways
            for flag in flags:
                after = ((silenced | {left}) if flag else silenced) - {entered}
                key = (after, changes + _step(path, face_up, silenced, after))
                here[key] = here.get(key, 0) + ways
        found.append(here)
    return found


@functools.lru_cache(maxsize=256)
def purse_table(
    face_up: frozenset[str], keep: frozenset[str], cap: int
) -> Callable[[str, _Changes], _Purse]:
    """ADVANCED, the Purse known: (start, changes seen) -> every Sail and way to buy Silence.

    Bought Silence is bought leaving a space only while the Purse still holds its 2 gold:
    at most `cap` spaces silent at once (the engine gives the gold back when Adventure
    Sails back into a silent space). Each Sail of up to 5 pawns and each such choice is
    one history; those that show exactly the changes `seen` at `face_up` blocks are filed
    by (end, Sightings kept, pawns, whether Silence was bought, spaces silent at the end),
    so that the deduction can weigh them against the pawns and gold the turn leaves
    (:mod:`~piratelib.blackbeard.deduce.means`). Memoised, read-only.

    A Sail that visits no face-up block shows no change: those are read from Map tables
    (:func:`_silences`), by group. The others are replayed step by step, prefix first, and
    a prefix is dropped as soon as its changes stop being the start of `seen`.

    >>> table = purse_table(frozenset(), frozenset(), 0)("hatteras_bank", ())
    >>> sum(table.values())  # no gold for Silence: the 352 plain Sails
    352
    """
    check_type("face_up", face_up, frozenset)
    check_type("keep", keep, frozenset)
    check_whole("cap", cap, 0, 5, error=IllegalActionError)

    @functools.cache
    def table(start: str, seen: _Changes) -> _Purse:
        groups, _, _, paths = sail_groups(start)
        touching, tested = _looked_at(start, face_up, keep)
        _, per_group, totals, shown = _silences(start, cap)
        found: dict[_PurseKey, int] = {}
        if not seen:  # the Sails that visit no face-up block, by group
            found.update(totals)
            for i in tested:
                end = groups[i][0]
                for (pawns, bought, silent), n in per_group[i].items():
                    found[end, _NONE, pawns, bought, silent] -= n
                if i not in touching:
                    for (left, pawns, bought, silent), n in shown[i].items():
                        sail = (end, left & keep, pawns, bought, silent)
                        found[sail] = found.get(sail, 0) + n
        whole = len(seen)
        for j, here in _seen_ways(start, face_up, cap, seen).items():
            path = paths[j][0]
            end, passed = path[-1], groups[_group_of(start)[j]][1]
            for (silenced, matched, bought), n in here.items():
                if matched == whole:
                    sail = (end, (passed - silenced) & keep, len(path) - 1, bought, len(silenced))
                    found[sail] = found.get(sail, 0) + n
        return MappingProxyType({sail: n for sail, n in found.items() if n})

    return table


def exactly(counts: tuple[int, ...], k: int) -> int:
    """The Sails of exactly `k` pawns, from `counts` of those of at most 0, 1, ... pawns.

    >>> exactly((1, 3, 6), 2)
    3
    """
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


_NONE: frozenset[str] = frozenset()
_Ways: TypeAlias = tuple[dict[tuple[frozenset[str], bool], int], ...]
_Tally: TypeAlias = dict[tuple[int, bool, int], int]
_Shown: TypeAlias = dict[tuple[frozenset[str], int, bool, int], int]


@functools.cache
def _silences(
    start: str, cap: int
) -> tuple[_Ways, tuple[_Tally, ...], dict[_PurseKey, int], tuple[_Shown, ...]]:
    """A Map table: each Sail's ways to buy Silence with at most `cap` spaces silent at once.

    For each Sail from `start` (in :func:`sail_groups` order), its ways by (spaces silent
    at the end, whether Silence was bought); for each group, its ways by (pawns, bought,
    spaces silent); those totals for each end, keyed as :func:`purse_table` files them
    with no Sighting kept; and for each group its ways by (Sightings left, pawns, bought,
    spaces silent).
    """
    groups, _, _, paths = sail_groups(start)
    ways: list[dict[tuple[frozenset[str], bool], int]] = []
    for path, parent in paths:
        here: dict[tuple[frozenset[str], bool], int] = {}
        if parent < 0:
            here[frozenset(), False] = 1
        else:
            for (silenced, bought), n in ways[parent].items():
                for flag, after in _choices(path, silenced, cap):
                    here[after, bought or flag] = here.get((after, bought or flag), 0) + n
        ways.append(here)
    per_group: list[_Tally] = []
    shown: list[_Shown] = []
    totals: dict[_PurseKey, int] = {}
    for end, passed, _, members in groups:
        tally: _Tally = {}
        left: _Shown = {}
        for j in members:
            pawns = len(paths[j][0]) - 1
            for (silenced, bought), n in ways[j].items():
                key = (pawns, bought, len(silenced))
                tally[key] = tally.get(key, 0) + n
                totals[end, _NONE, *key] = totals.get((end, _NONE, *key), 0) + n
                sail = (passed - silenced, *key)
                left[sail] = left.get(sail, 0) + n
        per_group.append(tally)
        shown.append(left)
    return tuple(ways), tuple(per_group), totals, tuple(shown)


def _choices(
    path: tuple[str, ...], silenced: frozenset[str], cap: int
) -> tuple[tuple[bool, frozenset[str]], ...]:
    """Each way to take a Sail's last step: whether it buys Silence, and the spaces then silent.

    Leaving a space but the start, while fewer than `cap` are silent; Sailing back into a
    silent space ends its Silence.
    """
    left, entered = path[-2], path[-1]
    plain = (False, silenced - {entered})
    if len(path) > 2 and left != path[0] and len(silenced) < cap:
        return plain, (True, (silenced | {left}) - {entered})
    return (plain,)


@functools.cache
def _group_of(start: str) -> tuple[int, ...]:
    """A Map table: the group (:func:`sail_groups`) of each Sail from `start`."""
    groups, _, _, paths = sail_groups(start)
    found = [0] * len(paths)
    for i, (_, _, _, members) in enumerate(groups):
        for j in members:
            found[j] = i
    return tuple(found)


@functools.cache
def _visits(start: str) -> Mapping[str, frozenset[int]]:
    """A Map table: for each space, the Sails from `start` that visit it."""
    found: dict[str, set[int]] = {}
    for j, (path, _) in enumerate(sail_groups(start)[3]):
        for space in path:
            found.setdefault(space, set()).add(j)
    return Fixed({space: frozenset(js) for space, js in found.items()})


def _seen_ways(
    start: str, face_up: frozenset[str], cap: int, seen: _Changes
) -> dict[int, dict[tuple[frozenset[str], int, bool], int]]:
    """The Sails from `start` that visit a face-up block, each with its ways to buy Silence
    by (spaces silent, how many of the changes `seen` it has shown, bought).

    Prefix first: a Sail takes its prefix's ways (a Map table's, if the prefix visits no
    face-up block) and its last step; a way whose changes stop matching `seen` is dropped.
    """
    _, _, _, paths = sail_groups(start)
    visits = _visits(start)
    touched: set[int] = set()
    for space in face_up:
        touched.update(visits.get(space, ()))
    ways = _silences(start, cap)[0]
    found: dict[int, dict[tuple[frozenset[str], int, bool], int]] = {}
    for j in sorted(touched):
        path, parent = paths[j]
        if parent < 0:
            found[j] = {(_NONE, 0, False): 1}
            continue
        if parent in found:
            before = found[parent]
        elif parent in touched:
            continue  # no way of the prefix shows the start of `seen`
        else:
            before = {(q, 0, b): n for (q, b), n in ways[parent].items()}
        left, entered = path[-2], path[-1]
        steps: dict[tuple[bool, ...], _Changes] = {}  # the step seen depends on these only
        here: dict[tuple[frozenset[str], int, bool], int] = {}
        for (silenced, matched, bought), n in before.items():
            for flag, after in _choices(path, silenced, cap):
                bits = (left in silenced, entered in silenced, left in after)
                if bits not in steps:
                    steps[bits] = _step(path, face_up, silenced, after)
                step = steps[bits]
                if step and seen[matched : matched + len(step)] != step:
                    continue
                key = (after, matched + len(step), bought or flag)
                here[key] = here.get(key, 0) + n
        if here:
            found[j] = here
    return found


def _step(
    path: tuple[str, ...], face_up: frozenset[str], silenced: frozenset[str], after: frozenset[str]
) -> _Changes:
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


def sail_changes(paths: _Paths, face_up: frozenset[str]) -> list[_Changes]:
    """The changes each Sail shows at `face_up` blocks, step by step, as A/S/E.

    `paths` come prefix first, each with its prefix's index, so each Sail adds its last
    step to its prefix's changes. A step changes at most the space left (Adventure to
    Sighting, or empty at the start) and the space entered (to Adventure).
    """
    check_type("paths", paths, tuple)
    check_type("face_up", face_up, frozenset)
    found: list[_Changes] = []
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
    tuple[_Group, ...],
    Mapping[str, tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]],
    Mapping[str, tuple[int, ...]],
    _Paths,
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
