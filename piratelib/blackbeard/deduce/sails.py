"""Every Sail Blackbeard can make from a space, counted by what the Hunters can tell apart.

A Sail of 0 to 5 pawns from a space is a walk along Adventure's Water Routes; what it
leaves on the Map is where it ends and the Sightings "in each space that Adventure
passed completely through". :func:`sail_groups` lists every Sail once per start (a
table of the Map alone, :mod:`~piratelib.blackbeard.deduce.routes`), grouped by (end,
Sightings); :func:`sail_table` counts them, for
one turn's evidence, by the changes they would show at face-up blocks and the Sightings
later evidence can still test; :func:`sail_changes` and (ADVANCED, Bought Silence)
:func:`silent_changes` give each Sail's changes seen, built prefix first. The Purse
known, :func:`~piratelib.blackbeard.deduce.purse.purse_table` counts the Sails the gold
allows.

Examples
--------
>>> table = sail_table(frozenset(), frozenset(), 5, False)("hatteras_bank")
>>> sum(table[()].values())  # every Sail of at most 5 pawns from Hatteras Bank
352
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType
from typing import TypeAlias, TypeVar

from piratelib.blackbeard.deduce.purse import purse_table
from piratelib.blackbeard.deduce.routes import (
    NONE,
    Changes,
    Group,
    Paths,
    _group_of,
    _looked_at,
    _seen_next,
    _step,
    _touched,
    exactly,
    sail_changes,
    sail_groups,
)
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import IllegalActionError, check_whole

__all__ = [
    "exactly",
    "length_table",
    "purse_table",
    "sail_changes",
    "sail_groups",
    "sail_table",
    "silent_changes",
]

# {changes seen: {(end, Sightings kept): Sails}}: see sail_table
_Ends: TypeAlias = tuple[str, frozenset[str]]
_Table: TypeAlias = Mapping[Changes, Mapping[_Ends, int]]
# {changes seen: {(end, Sightings kept, pawns): Sails}}: see length_table
_Lengths: TypeAlias = Mapping[Changes, Mapping[tuple[str, frozenset[str], int], int]]
# a Sail's ways by (spaces silent, changes seen): see silent_changes
_Silent: TypeAlias = dict[tuple[frozenset[str], Changes], int]
_K = TypeVar("_K")


@functools.lru_cache(maxsize=128, typed=True)
def sail_table(
    face_up: frozenset[str], keep: frozenset[str], max_sail: int, silence: bool
) -> Callable[[str], _Table]:
    """start -> {changes seen at `face_up`: {(end, Sightings kept): Sails}}, memoised.

    The same arguments give the same table (remembered for the 128 latest), and each
    table remembers its answer for each start, read-only (mapping proxies: every caller
    shares it).

    It sums :func:`length_table`'s Sails of at most `max_sail` pawns.
    """
    check_type("face_up", face_up, frozenset)
    check_type("keep", keep, frozenset)
    check_whole("max_sail", max_sail, 0, 5, error=IllegalActionError)
    check_type("silence", silence, bool)
    by_length = length_table(face_up, keep, silence)

    def summed(sails: Mapping[tuple[str, frozenset[str], int], int]) -> dict[_Ends, int]:
        here: dict[_Ends, int] = {}
        for (end, sightings, pawns), n in sails.items():
            if pawns <= max_sail:
                here[end, sightings] = here.get((end, sightings), 0) + n
        return here

    @functools.cache
    def table(start: str) -> _Table:
        lengths = by_length(start)
        return _BySeen(
            lambda seen: summed(lengths.get(seen, {})),
            lambda: {seen: summed(sails) for seen, sails in lengths.items()},
        )

    return table


@functools.lru_cache(maxsize=128, typed=True)
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

    @functools.cache
    def table(start: str) -> _Lengths:
        return _BySeen(
            functools.partial(_one_length, start, face_up, keep, silence),
            functools.partial(every, start),
        )

    def every(start: str) -> dict[Changes, dict[tuple[str, frozenset[str], int], int]]:
        groups, _, _, paths = sail_groups(start)
        touching, tested = _looked_at(start, face_up, keep)
        exact, by_group = _exact(start, silence)
        quiet = dict(exact)
        found: dict[Changes, dict[tuple[str, frozenset[str], int], int]] = {(): quiet}
        changes: list[Changes] = []  # each Sail's changes seen (without `silence`)
        silent: list[_Silent] = []  # and with it, by (spaces silent, changes seen)
        if touching and silence:
            silent = silent_changes(paths, face_up, keep)
        elif touching:
            changes = sail_changes(paths, face_up)
        for i in tested:
            end, passed, _, members = groups[i]
            for k, n in by_group[i]:
                quiet[end, NONE, k] -= n
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
            _add_quiet(quiet, groups[i], keep, silence, by_group[i])
        found[()] = {key: n for key, n in quiet.items() if n}
        return found

    return table


class _BySeen(Mapping[Changes, Mapping[_K, int]]):
    """A read-only table by changes seen: each entry built when first asked, and only the
    Sails that can show it looked at; the whole table built when first iterated."""

    def __init__(
        self,
        one: Callable[[Changes], dict[_K, int]],
        every: Callable[[], dict[Changes, dict[_K, int]]],
    ) -> None:
        self._one, self._every = one, every
        self._asked: dict[Changes, Mapping[_K, int]] = {}
        self._whole: Mapping[Changes, Mapping[_K, int]] | None = None

    def __getitem__(self, seen: Changes) -> Mapping[_K, int]:
        if self._whole is not None:
            return self._whole[seen]
        if seen not in self._asked:
            self._asked[seen] = MappingProxyType(self._one(seen))
        if not self._asked[seen]:
            raise KeyError(seen)
        return self._asked[seen]

    def _all(self) -> Mapping[Changes, Mapping[_K, int]]:
        if self._whole is None:
            found = self._every().items()
            self._whole = MappingProxyType({s: MappingProxyType(n) for s, n in found if n})
        return self._whole

    def __iter__(self) -> Iterator[Changes]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


def _one_length(
    start: str, face_up: frozenset[str], keep: frozenset[str], silence: bool, seen: Changes
) -> dict[tuple[str, frozenset[str], int], int]:
    """One entry of :func:`length_table`: the Sails from `start` that show exactly `seen`."""
    groups, _, _, paths = sail_groups(start)
    found: dict[tuple[str, frozenset[str], int], int] = {}
    if not seen:  # the Sails that visit no face-up block, by group
        touching, tested = _looked_at(start, face_up, keep)
        quiet, by_group = _exact(start, silence)
        found.update(quiet)
        for i in tested:
            end = groups[i][0]
            for k, n in by_group[i]:
                found[end, NONE, k] -= n
            if i not in touching:
                _add_quiet(found, groups[i], keep, silence, by_group[i])
    group_of = _group_of(start)
    for j, here in _silent_seen(start, face_up, keep, silence, seen).items():
        end, passed = groups[group_of[j]][:2]
        k = len(paths[j][0]) - 1
        for (silenced, matched), m in here.items():
            if matched == len(seen):
                key = (end, (passed - silenced) & keep, k)
                found[key] = found.get(key, 0) + m
    return {key: n for key, n in found.items() if n}


def _add_quiet(
    quiet: dict[tuple[str, frozenset[str], int], int],
    group: Group,
    keep: frozenset[str],
    silence: bool,
    lengths: tuple[tuple[int, int], ...] | None = None,
) -> None:
    """Add a group that visits no face-up block to `quiet`, by the Sightings it keeps.

    With `silence`, the Sightings left are any part of those passed through, each part
    equally often. `lengths` are its Sails by exact length, if already read (:func:`_exact`).
    """
    end, passed, counts, _ = group
    tested_here = sorted(passed & keep) if silence else []
    if lengths is None:
        lengths = _lengths(counts[1 if silence else 0])
    for k, n in lengths:
        if not silence:
            key = (end, passed & keep, k)
            quiet[key] = quiet.get(key, 0) + n
            continue
        share = n >> len(tested_here)
        for r in range(len(tested_here) + 1):
            for part in itertools.combinations(tested_here, r):
                key = (end, frozenset(part), k)
                quiet[key] = quiet.get(key, 0) + share


@functools.cache
def _exact(
    start: str, silence: bool
) -> tuple[dict[tuple[str, frozenset[str], int], int], tuple[tuple[tuple[int, int], ...], ...]]:
    """A Map table: the Sails from `start` by (end, no Sighting, exact length), and for each
    group its (length, Sails) of each length it has; with `silence`, by ways to buy it."""
    groups, by_end, _, _ = sail_groups(start)
    column = 1 if silence else 0
    quiet = {
        (end, NONE, k): exactly(totals[column], k)
        for end, (totals, _) in by_end.items()
        for k in range(6)
    }
    return quiet, tuple(_lengths(counts[column]) for _, _, counts, _ in groups)


def _lengths(counts: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(length, Sails) for each length with some, from `counts` of at most 0, 1, ... pawns."""
    return tuple((k, n) for k in range(6) if (n := exactly(counts, k)))


def _silent_seen(
    start: str, face_up: frozenset[str], keep: frozenset[str], silence: bool, seen: Changes
) -> dict[int, dict[tuple[frozenset[str], int], int]]:
    """The Sails from `start` that visit a face-up block, each with its ways (as
    :func:`silent_changes` counts them; one without `silence`) by (spaces silent, how many
    of the changes `seen` it has shown); a way whose changes stop matching is dropped."""
    paths = sail_groups(start)[3]
    touched = _touched(start, face_up, seen)
    needed: set[int] = set()
    for j in touched:
        while j >= 0 and j not in needed:
            needed.add(j)
            j = paths[j][1]
    tested = face_up | keep
    found: dict[int, dict[tuple[frozenset[str], int], int]] = {}
    for j in sorted(needed):
        path, parent = paths[j]
        if parent < 0:
            found[j] = {(NONE, 0): 1}
            continue
        if parent not in found:
            continue
        left, entered = path[-2], path[-1]
        choose = silence and len(path) > 2 and left != start
        double = choose and left not in tested
        if left not in tested and entered not in tested:  # nothing here is seen or kept
            before = found[parent]
            found[j] = {k: 2 * n for k, n in before.items()} if double else before
            continue
        flags = (False, True) if choose and not double else (False,)
        here: dict[tuple[frozenset[str], int], int] = {}
        for (silenced, matched), ways in found[parent].items():
            ways = ways * 2 if double else ways
            for flag in flags:
                after = ((silenced | {left}) if flag else silenced) - {entered}
                now_matched = _seen_next(seen, matched, _step(path, face_up, silenced, after))
                if now_matched is not None:
                    key = (after, now_matched)
                    here[key] = here.get(key, 0) + ways
        if here:
            found[j] = here
    return {j: found[j] for j in touched if j in found}


def silent_changes(paths: Paths, face_up: frozenset[str], keep: frozenset[str]) -> list[_Silent]:
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
