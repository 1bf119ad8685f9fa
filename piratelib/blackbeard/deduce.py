"""What the Hunters can deduce in Hunt for Blackbeard: where Adventure and the Camp can be.

The "possible locations" method of hidden-movement games, done exactly with this game's
rules. A *history* of Blackbeard's is everything he chose that moves blocks: the
Anchorage where he Set Camp, and on each turn so far the spaces Adventure Sailed
through, one per pawn, in order (none to 5; the current turn's Sail so far while he is
still acting), and where it Escaped to after an Encounter it won. A history *fits* an
observation when, played on the Map by the rules (Set Map: the space left turns blank or
empty Camp, a Sighting "into each space that Adventure passed completely through - never
at its start or ending space", Sighting-at-Camp at the Camp; Reset Map: last turn's
Sightings turn blank, or empty Camp; Escape "to an adjacent Map space, not Cape Henry
and ... not to a space with a Hunter piece"), it shows the Hunters exactly what they
saw: every block they Spotted, secretly or openly, at its moment; every change seen at a
face-up block, in order; where Adventure met them and whether it Escaped; where a Show
laid it face up; the Camp marker. The Hunters never see Blackbeard's mat, so each turn's
Sail may be up to 5 pawns (Hire Doctor or Buy Rum might cap it, but nothing they see
proves it), and up to 4 on a turn a Show proves a pawn went on Piracy.

ADVANCED games: leaving any space but the start, Blackbeard may buy Bought Silence (no
Sighting there); the Hunters never see the tile nor the Purse, so every such choice is
open on every step, and each is part of the history (a Sail of k steps through n spaces
other than the start is up to 2**n histories). The Blackbeard-alone and Israel Hands
blocks are not Adventure: a Spot of one says only that Adventure and any Sighting are
not there, that the Camp is there for Blackbeard at Camp, and, for Blackbeard alone,
that the Camp is within 3 spaces (Longboat); their placing after the Sail, their
clearing at Reset Map and by Escape or Arrest are seen as such. A Show there tells
nothing of Adventure. The Camp Shown after the Arrest of Israel Hands fixes the Camp.

- :func:`possible_spaces`: every space where Adventure is in some history that fits.
- :func:`camp_spaces`: every Anchorage that is the Camp in some history that fits.
- :func:`chances`: the chance of each space when every history that fits is equally
  likely (the uniform model: each fitting history counts once; a Sail of 3 pawns is one
  history, not weighted by Blackbeard's other choices, such as Piracy and Defenses, which
  move no block). Exact Fractions.
- :func:`history_counts`: how many fitting histories end with each Camp and Adventure.

The counting is a dynamic programme over turns, not an enumeration: histories that
agree on the Camp, Adventure's space and the Sightings that later evidence can still
test are counted together, so a whole game costs a few thousand small steps.

Examples
--------
>>> from piratelib.blackbeard.game import Interview, SetCamp, apply, new_game, observation
>>> state = apply(new_game(seed=1), SetCamp("nots_island"))
>>> view = observation(state, "hunters")
>>> len(possible_spaces(view)), sorted(camp_spaces(view)) == sorted(possible_spaces(view))
(10, True)
>>> chances(view)["nots_island"]
Fraction(1, 10)
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from fractions import Fraction

from piratelib.blackbeard.board import of_kind
from piratelib.blackbeard.deduce_evidence import (
    FIGURE_BLOCKS,
    Evidence,
    TurnEvidence,
    read_evidence,
)
from piratelib.blackbeard.game_observation import Observation
from piratelib.blackbeard.game_state import CAMP_BLOCKS, game_map
from piratelib.blackbeard.movement import escape_destinations, move_graph
from piratelib.blackbeard.scouting import longboat_spaces

__all__ = ["camp_spaces", "chances", "history_counts", "possible_spaces"]

MapState = tuple[str, str, frozenset[str]]
"""The Camp, Adventure's space, and the Sightings standing that evidence can still test."""


def possible_spaces(observation: Observation) -> frozenset[str]:
    """Every space where Adventure can be now, given the Hunters' `observation`.

    Empty before Blackbeard Sets Camp (Adventure is not on the Map yet).

    Raises
    ------
    PiratelibError
        If `observation` is not the Hunters' Observation.

    Examples
    --------
    >>> from piratelib.blackbeard.game import new_game, observation
    >>> possible_spaces(observation(new_game(), "hunters"))
    frozenset()
    """
    return frozenset(adventure for _, adventure in history_counts(observation))


def camp_spaces(observation: Observation) -> frozenset[str]:
    """Every Anchorage where the Camp can be, given the Hunters' `observation`."""
    return frozenset(camp for camp, _ in history_counts(observation))


def chances(observation: Observation) -> dict[str, Fraction]:
    """The chance that Adventure is at each possible space, every fitting history equally likely.

    The keys are exactly :func:`possible_spaces`; the values are positive and sum to 1.
    """
    counts = history_counts(observation)
    total = sum(counts.values())
    by_space: Counter[str] = Counter()
    for (_, adventure), n in counts.items():
        by_space[adventure] += n
    return {space: Fraction(n, total) for space, n in sorted(by_space.items())}


def history_counts(observation: Observation) -> dict[tuple[str, str], int]:
    """How many of Blackbeard's histories fit `observation`, by (Camp, Adventure's space now).

    Raises
    ------
    PiratelibError
        If `observation` is not the Hunters' Observation.
    """
    evidence = read_evidence(observation)
    now_turn, phase = evidence.now
    if phase == "A":
        return {}
    states: Counter[MapState] = Counter({(c, c, frozenset()): 1 for c in _anchorages()})
    states = _keep(states, evidence, [])
    for turn in evidence.turns:
        last = turn.turn == now_turn
        keep = _relevant(evidence, turn.turn)
        states = _keep(states, evidence, turn.before)
        if last and phase == "B":
            break
        states = _sail(states, turn, keep, evidence.advanced)
        if last and phase == "C":
            break
        states = _keep(states, evidence, turn.after_sail)
        if turn.met is not None:
            states = Counter({k: n for k, n in states.items() if k[1] == turn.met})
        if last and phase == "D":
            states = _keep(states, evidence, turn.during_encounters)
            break
        if turn.escaped:
            states = _escape(states, evidence, turn)
        else:
            states = _keep(states, evidence, turn.during_encounters)
        states = _keep(states, evidence, turn.after_encounters)
        if turn.shown_at is not None:
            states = Counter({k: n for k, n in states.items() if k[1] == turn.shown_at})
    states = _keep(states, evidence, list(evidence.face_up))
    result: Counter[tuple[str, str]] = Counter()
    for (camp, adventure, _), n in states.items():
        result[camp, adventure] += n
    return dict(sorted(result.items()))


def block(state: MapState, space: str) -> str:
    """The block at `space` on the Map `state` (Camp, Adventure, Sightings standing)."""
    camp, adventure, sightings = state
    if space == adventure:
        return "adventure_at_camp" if space == camp else "adventure"
    if space in sightings:
        return "sighting_at_camp" if space == camp else "sighting"
    return "camp" if space == camp else "blank"


def shows(state: MapState, space: str, shown: str) -> bool:
    """Whether the Map `state` can show `shown` at `space`.

    ADVANCED: the Blackbeard-alone block stands on a blank (Blackbeard at Camp on the
    Camp) "within 3 Map spaces of Camp"; the Israel Hands block on a blank Town.
    """
    if shown in FIGURE_BLOCKS:
        under = "camp" if shown == "blackbeard_at_camp" else "blank"
        if block(state, space) != under:
            return False
        return shown == "israel_hands" or space in _near_camp(state[0])
    return block(state, space) == shown


def _keep(
    states: Counter[MapState], evidence: Evidence, seen: list[tuple[str, str]]
) -> Counter[MapState]:
    """The states that show every block in `seen` (and the Camp marker's Camp)."""
    pairs = tuple(dict.fromkeys(seen))
    marker = evidence.camp
    return Counter(
        {
            state: n
            for state, n in states.items()
            if (marker is None or state[0] == marker)
            and all(shows(state, space, shown) for space, shown in pairs)
        }
    )


def _relevant(evidence: Evidence, turn_no: int) -> frozenset[str]:
    """Spaces where this turn's Sightings can still be tested (until next turn's Reset Map)."""
    turn = evidence.turns[turn_no - 1]
    spaces = {s for s, _ in turn.after_sail + turn.during_encounters + turn.after_encounters}
    if turn_no < len(evidence.turns):
        after = evidence.turns[turn_no]
        spaces |= {s for s, _ in after.before + after.sail_changes} | after.sail_face_up
    spaces |= {s for s, _ in evidence.face_up}
    return frozenset(spaces)


def _sail(
    states: Counter[MapState], turn: TurnEvidence, keep: frozenset[str], silence: bool
) -> Counter[MapState]:
    """Reset Map, then every Sail that shows the face-up changes seen; count the Sails."""
    face_up = turn.sail_face_up | {s for s, _ in turn.sail_changes}
    figures = turn.before_figures & face_up
    out: Counter[MapState] = Counter()
    table = _sail_table(face_up, keep, turn.max_sail, silence)
    merged: Counter[MapState] = Counter()
    for (camp, start, standing), n in states.items():
        merged[camp, start, standing & face_up] += n  # other Sightings vanish at Reset Map
    seen_by_camp: dict[str, tuple | None] = {}
    for (camp, start, standing), n in merged.items():
        if camp not in seen_by_camp:
            seen_by_camp[camp] = _abstract(turn.sail_changes, camp)
        seen = seen_by_camp[camp]
        if seen is None:
            continue
        reset = tuple(sorted((s, "E") for s in standing | figures))
        if seen[: len(reset)] != reset:
            continue
        for (end, sightings), m in table(start).get(seen[len(reset) :], {}).items():
            out[camp, end, sightings] += n * m
    return out


def _escape(states: Counter[MapState], evidence: Evidence, turn: TurnEvidence) -> Counter[MapState]:
    """Adventure Escapes from where it met the Hunters to each adjacent space it may take.

    Blocks seen during Encounters may have been seen before or after the Escape.
    """
    face_up = turn.escape_face_up | {s for s, _ in turn.escape_changes}
    out: Counter[MapState] = Counter()
    G = game_map()
    during = tuple(dict.fromkeys(turn.during_encounters))
    for (camp, met, sightings), n in states.items():
        seen = _abstract(turn.escape_changes, camp)
        if seen is None or (evidence.camp is not None and camp != evidence.camp):
            continue
        before = (camp, met, sightings)
        for to in escape_destinations(G, "adventure", met, hunters_at=turn.hunters_at):
            changes = tuple(sorted((s, k) for s, k in ((met, "E"), (to, "A")) if s in face_up))
            after = (camp, to, sightings - {to})
            if changes == seen and all(
                shows(before, s, shown) or shows(after, s, shown) for s, shown in during
            ):
                out[after] += n
    return out


def _abstract(changes: list[tuple[str, str]], camp: str) -> tuple[tuple[str, str], ...] | None:
    """Changes seen, as A(dventure), S(ighting), E(mpty); None if they contradict `camp`."""
    kinds = {"adventure": "A", "adventure_at_camp": "A", "sighting": "S", "sighting_at_camp": "S"}
    out = []
    for space, shown in changes:
        if (shown in CAMP_BLOCKS) != (space == camp):
            return None
        out.append((space, kinds.get(shown, "E")))
    return tuple(out)


def _sail_table(face_up: frozenset[str], keep: frozenset[str], max_sail: int, silence: bool):
    """start -> {changes seen at `face_up`: {(end, Sightings kept): Sails}}, memoised per call.

    Sails come in (end, Sightings) groups (:func:`_sail_groups`). Most groups neither
    visit a face-up block (start, end and Sightings are all the spaces a Sail visits) nor
    leave a Sighting that evidence can test: they are counted by their end alone. Only the
    others are looked at one by one, and only those that visit a face-up block are
    replayed step by step to see its changes. With `silence` (ADVANCED), each step that
    leaves a space other than the start may buy Bought Silence or not: a Sail is then
    one history per such choice, and the Sightings left are any part of those passed
    through, each part equally often (the last time he leaves a space decides).
    """
    at = max_sail  # counts[at]: the Sails of at most `max_sail` pawns
    column = 1 if silence else 0

    @functools.cache
    def table(start: str) -> dict[tuple, dict[tuple[str, frozenset[str]], int]]:
        groups, by_end, by_space, paths = _sail_groups(start)
        touching: set[int] = set()
        if start in face_up:
            touching = set(range(len(groups)))
        else:
            for space in face_up:
                touching.update(by_end.get(space, ((), ()))[1], by_space.get(space, ()))
        tested = set(touching)
        for space in keep:
            tested.update(by_space.get(space, ()))
        none: frozenset[str] = frozenset()
        quiet = {(end, none): totals[column][at] for end, (totals, _) in by_end.items()}
        found = {(): quiet}
        if not touching:
            changes = []
        elif silence:
            changes = _silent_changes(paths, face_up, keep)
        else:
            changes = _sail_changes(paths, face_up)
        for i in tested:
            end, passed, counts, members = groups[i]
            n = counts[column][at]
            quiet[end, none] -= n
            if i in touching:
                for j in members:
                    path = paths[j][0]
                    if len(path) - 1 > max_sail:
                        continue
                    if silence:
                        ways = [
                            ((end, (passed - q) & keep), c, m) for (q, c), m in changes[j].items()
                        ]
                    else:
                        ways = [((end, passed & keep), changes[j], 1)]
                    for key, seen_here, m in ways:
                        seen = found.setdefault(seen_here, {})
                        seen[key] = seen.get(key, 0) + m
            elif n and not silence:
                quiet[end, passed & keep] = quiet.get((end, passed & keep), 0) + n
            elif n:
                tested_here = sorted(passed & keep)
                share = n >> len(tested_here)
                for r in range(len(tested_here) + 1):
                    for part in itertools.combinations(tested_here, r):
                        key = (end, frozenset(part))
                        quiet[key] = quiet.get(key, 0) + share
        found[()] = {key: n for key, n in quiet.items() if n}
        return found

    return table


def _silent_changes(
    paths: tuple[tuple[tuple[str, ...], int], ...], face_up: frozenset[str], keep: frozenset[str]
) -> list[dict[tuple[frozenset[str], tuple], int]]:
    """ADVANCED: for each Sail, its ways to buy Bought Silence by (spaces silent, changes seen).

    Leaving any space but the start, Blackbeard may pay for no Sighting there; Sailing
    back into a space ends its Silence (the engine's ``silenced`` less the space entered).
    A choice at a space neither face up nor kept changes nothing seen: it counts twice.
    Built prefix first, as :func:`_sail_changes`.
    """
    tested = face_up | keep
    found: list[dict[tuple[frozenset[str], tuple], int]] = []
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
        here: dict[tuple[frozenset[str], tuple], int] = {}
        for (silenced, changes), ways in found[parent].items():
            ways = ways * 2 if double else ways
            for flag in flags:
                after = ((silenced | {left}) if flag else silenced) - {entered}
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
                key = (after, changes + tuple(step) if step else changes)
                here[key] = here.get(key, 0) + ways
        found.append(here)
    return found


def _sail_changes(
    paths: tuple[tuple[tuple[str, ...], int], ...], face_up: frozenset[str]
) -> list[tuple[tuple[str, str], ...]]:
    """The changes each Sail shows at `face_up` blocks, step by step, as A/S/E.

    `paths` come prefix first, each with its prefix's index, so each Sail adds its last
    step to its prefix's changes. A step changes at most the space left (Adventure to
    Sighting, or empty at the start) and the space entered (to Adventure).
    """
    found: list[tuple[tuple[str, str], ...]] = []
    for path, parent in paths:
        if parent < 0:
            found.append(())
            continue
        left, entered = path[-2], path[-1]
        if left not in face_up and entered not in face_up:
            found.append(found[parent])
            continue
        start, i, step = path[0], len(path) - 1, []
        for space in sorted({left, entered} & face_up):
            old = "A" if space == left else _kind(space, path[1 : i - 1], start, left)
            new = "A" if space == entered else _kind(space, path[1:i], start, entered)
            if old != new:
                step.append((space, new))
        found.append(found[parent] + tuple(step) if step else found[parent])
    return found


def _kind(space: str, inner: tuple[str, ...], start: str, end: str) -> str:
    """S if a Sail with these inner spaces leaves a Sighting at `space`, else E (empty)."""
    return "S" if space in inner and space not in (start, end) else "E"


@functools.cache
def _sail_groups(start: str):
    """Every Sail from `start` of 0 to 5 pawns, grouped by (end, Sightings left): a Map table.

    Returns the groups ``(end, Sightings, counts, indices of its Sails)`` where
    ``counts[0][k]`` is the number of its Sails of at most k pawns and ``counts[1][k]``
    the same with each Sail weighed by its ways to buy Bought Silence (2 per step leaving
    a space other than the start); for each end those totals and its groups; for each
    space the groups with a Sighting there; and every Sail, shorter first, with the
    index of the Sail one pawn shorter. Built once per start: 23,312 Sails in 9,116
    groups over the 24 slots.
    """
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
    for i, (end, passed, counts, _) in enumerate(groups):
        totals, ids = by_end.setdefault(end, ([[0] * 6, [0] * 6], []))
        for c in range(2):
            for k in range(6):
                totals[c][k] += counts[c][k]
        ids.append(i)
        for space in passed:
            by_space.setdefault(space, []).append(i)
    return groups, by_end, by_space, tuple(paths)


@functools.cache
def _near_camp(camp: str) -> frozenset[str]:
    return longboat_spaces(game_map(), camp)


@functools.cache
def _anchorages() -> tuple[str, ...]:
    return tuple(sorted(of_kind(game_map(), "anchorage")))
