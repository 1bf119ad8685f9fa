"""ADVANCED, the Purse known: every Sail and way to buy Bought Silence, counted.

"Pay from Purse to Sail through spaces without placing Sighting blocks, 2 gold cubes per
space desired." While the Hunters can bound the Purse (through Turn 2's Sail), each
Sail and each way to buy Silence along it that the gold allows is one history:
:func:`purse_table` files those that show one turn's changes seen, for the deduction to
weigh against the pawns and gold the turn leaves
(:mod:`~piratelib.blackbeard.deduce.means`). Built from Map tables of each Sail's ways
(:func:`_silences`) and, for Sails that visit a face-up block, a replay step by step.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TypeAlias

from piratelib.blackbeard.board.movement import move_graph
from piratelib.blackbeard.deduce.routes import (
    NONE,
    Changes,
    _group_of,
    _looked_at,
    _seen_next,
    _step,
    _touched,
    sail_groups,
)
from piratelib.blackbeard.game.state import game_map
from piratelib.blackbeard.readonly import Fixed, check_type

__all__ = ["purse_table"]

# (pawns, Silence bought, spaces silent, most at once) -> (end, Sightings kept) -> Sails
_Class: TypeAlias = tuple[int, bool, int, int]
_Ends: TypeAlias = tuple[str, frozenset[str]]
_Purse: TypeAlias = Mapping[_Class, Mapping[_Ends, int]]

_Ways: TypeAlias = tuple[dict[int, int], ...]
_Quiet: TypeAlias = dict[_Class, dict[_Ends, int]]


@functools.lru_cache(maxsize=256)
def purse_table(face_up: frozenset[str], keep: frozenset[str]) -> Callable[[str, Changes], _Purse]:
    """ADVANCED, the Purse known: (start, changes seen) -> every Sail and way to buy Silence.

    Leaving any space but the start, Blackbeard may buy Bought Silence; Sailing back into
    a silent space ends its Silence (the engine gives the gold back). Each Sail of up to 5
    pawns and each such choice is one history; those that show exactly the changes `seen`
    at `face_up` blocks are filed by (pawns, whether Silence was bought, spaces silent at
    the end, the most spaces silent at once), then by (end, Sightings kept), so that the
    deduction can weigh each first part once against the pawns and gold the turn leaves
    (:mod:`~piratelib.blackbeard.deduce.means`): Silence is bought only while the Purse
    still holds its 2 gold, so a Purse of ``2 * c`` gold allows the ways of at most ``c``
    at once. Memoised, read-only.

    A Sail that visits no face-up block shows no change: those are read from Map tables
    (:func:`_silences`), by group. The others are replayed step by step, prefix first, and
    a prefix is dropped as soon as its changes stop being the start of `seen`.

    >>> table = purse_table(frozenset(), frozenset())("hatteras_bank", ())
    >>> sum(sum(ends.values()) for way, ends in table.items() if way[1:] == (False, 0, 0))
    352
    """
    check_type("face_up", face_up, frozenset)
    check_type("keep", keep, frozenset)

    @functools.cache
    def table(start: str, seen: Changes) -> _Purse:
        groups, _, _, paths = sail_groups(start)
        kept = _mask(keep)
        found: _Quiet = {}
        if not seen:  # the Sails that visit no face-up block, by group
            touching, tested = _looked_at(start, face_up, keep)
            _, quiet, per_group, shown = _silences(start)
            found = {way: dict(ends) for way, ends in quiet.items()}
            for i in tested:
                none = (groups[i][0], NONE)
                if i in touching:
                    for way, n in per_group[i]:
                        found[way][none] -= n
                    continue
                for left, way, n in shown[i]:  # the Sightings it leaves that are kept
                    if left & kept:
                        ends = found[way]
                        ends[none] -= n
                        key = (none[0], _spaces(left & kept))
                        ends[key] = ends.get(key, 0) + n
        whole = len(seen)
        group_of, passed = _group_of(start), _passed(start)
        for j, here in _seen_ways(start, face_up, seen).items():
            path = paths[j][0]
            sightings = passed[group_of[j]] & kept
            for (choice, matched), n in here.items():
                if matched == whole:
                    silenced, peak, bought = _parts(choice)
                    ends = found.setdefault((len(path) - 1, bought, silenced.bit_count(), peak), {})
                    key = (path[-1], _spaces(sightings & ~silenced))
                    ends[key] = ends.get(key, 0) + n
        filed = ((way, {key: n for key, n in ends.items() if n}) for way, ends in found.items())
        return MappingProxyType({way: MappingProxyType(ends) for way, ends in filed if ends})

    return table


@functools.cache
def _silences(
    start: str,
) -> tuple[
    _Ways,
    _Quiet,
    tuple[tuple[tuple[_Class, int], ...], ...],
    tuple[tuple[tuple[int, _Class, int], ...], ...],
]:
    """A Map table: each Sail's ways to buy Silence.

    For each Sail from `start` (in :func:`sail_groups` order), its ways by the spaces
    silent at the end, the most at once and whether Silence was bought (:func:`_way`);
    every Sail's ways filed as :func:`purse_table` files them with no Sighting kept; for
    each group, its ways by (pawns, bought, spaces silent, most at once); and for each
    group its ways that leave a Sighting, by (Sightings left, that first part). Spaces are
    bits (:func:`_bits`), so that the garbage collector has few objects to walk.
    """
    groups, _, _, paths = sail_groups(start)
    bits = _bits()
    ways: list[dict[int, int]] = []
    for path, parent in paths:
        here: dict[int, int] = {}
        if parent < 0:
            here[_way(0, 0, False)] = 1
        else:
            for way, n in ways[parent].items():
                for after in _choices(path, way, bits):
                    here[after] = here.get(after, 0) + n
        ways.append(here)
    per_group: list[tuple[tuple[_Class, int], ...]] = []
    shown: list[tuple[tuple[int, _Class, int], ...]] = []
    quiet: _Quiet = {}
    for i, (end, _, _, members) in enumerate(groups):
        tally: dict[_Class, int] = {}
        left: dict[tuple[int, _Class], int] = {}
        for j in members:
            pawns = len(paths[j][0]) - 1
            for way, n in ways[j].items():
                silenced, peak, bought = _parts(way)
                key = (pawns, bought, silenced.bit_count(), peak)
                tally[key] = tally.get(key, 0) + n
                ends = quiet.setdefault(key, {})
                ends[end, NONE] = ends.get((end, NONE), 0) + n
                if sightings := _passed(start)[i] & ~silenced:
                    left[sightings, key] = left.get((sightings, key), 0) + n
        per_group.append(tuple(tally.items()))
        shown.append(tuple((mask, key, n) for (mask, key), n in left.items()))
    return tuple(ways), quiet, tuple(per_group), tuple(shown)


def _way(silenced: int, peak: int, bought: bool) -> int:
    """One way to buy Silence so far, as an int: the spaces silent (bits), the most spaces
    silent at once (0 to 4: a Sail leaves at most 4 spaces but its start), then bought."""
    return silenced << 4 | peak << 1 | bought


def _parts(way: int) -> tuple[int, int, bool]:
    """A :func:`_way`'s spaces silent, most silent at once and whether Silence was bought."""
    return way >> 4, way >> 1 & 7, bool(way & 1)


def _choices(path: tuple[str, ...], way: int, bits: Mapping[str, int]) -> tuple[int, ...]:
    """Each way (:func:`_way`) to take a Sail's last step after `way`.

    Silence may be bought leaving a space but the start; Sailing back into a silent space
    ends its Silence.
    """
    left, entered = bits[path[-2]], bits[path[-1]]
    silenced, peak, bought = _parts(way)
    plain = _way(silenced & ~entered, peak, bought)
    if len(path) > 2 and path[-2] != path[0]:
        silent = silenced | left
        return plain, _way(silent & ~entered, max(peak, silent.bit_count()), True)
    return (plain,)


def _seen_ways(
    start: str, face_up: frozenset[str], seen: Changes
) -> dict[int, dict[tuple[int, int], int]]:
    """The Sails from `start` that visit a face-up block, each with its ways to buy Silence
    by (the way, :func:`_way`; how many of the changes `seen` it has shown).

    Prefix first: a Sail takes its prefix's ways (a Map table's, if the prefix visits no
    face-up block) and its last step; a way whose changes stop matching `seen` is dropped.
    """
    _, _, _, paths = sail_groups(start)
    bits, touched = _bits(), _touched(start, face_up, seen)
    ways = _silences(start)[0]
    found: dict[int, dict[tuple[int, int], int]] = {}
    for j in sorted(touched):
        path, parent = paths[j]
        if parent < 0:
            found[j] = {(_way(0, 0, False), 0): 1}
            continue
        if parent in found:
            before = found[parent]
        elif parent in touched:
            continue  # no way of the prefix shows the start of `seen`
        else:
            before = {(w, 0): n for w, n in ways[parent].items()}
        left, entered = path[-2], path[-1]
        lbit, ebit = bits[left] << 4, bits[entered] << 4
        steps: dict[tuple[bool, ...], Changes] = {}  # the step seen depends on these only
        here: dict[tuple[int, int], int] = {}
        for (way, matched), n in before.items():
            for after in _choices(path, way, bits):
                flags = (bool(way & lbit), bool(way & ebit), bool(after & lbit))
                if flags not in steps:
                    was = frozenset(s for s, f in ((left, flags[0]), (entered, flags[1])) if f)
                    now = frozenset({left} if flags[2] else ())
                    steps[flags] = _step(path, face_up, was, now)
                now_matched = _seen_next(seen, matched, steps[flags])
                if now_matched is not None:
                    key = (after, now_matched)
                    here[key] = here.get(key, 0) + n
        if here:
            found[j] = here
    return found


@functools.cache
def _bits() -> Mapping[str, int]:
    """A Map table: a bit for each space Adventure can Sail to."""
    spaces = sorted(move_graph(game_map(), "adventure"))
    return Fixed({space: 1 << i for i, space in enumerate(spaces)})


def _mask(spaces: frozenset[str]) -> int:
    """The bits of `spaces` (those Adventure can Sail to)."""
    bits = _bits()
    return sum(bits[s] for s in spaces if s in bits)


@functools.cache
def _spaces(mask: int) -> frozenset[str]:
    """The spaces of the bits in `mask`: a Map table, filled in as asked."""
    return frozenset(s for s, bit in _bits().items() if mask & bit)


@functools.cache
def _passed(start: str) -> tuple[int, ...]:
    """A Map table: for each group of Sails from `start`, its Sightings as bits."""
    return tuple(_mask(passed) for _, passed, _, _ in sail_groups(start)[0])
