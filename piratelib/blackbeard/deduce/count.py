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
face-up block, in order, including past turns' Surveils; where Adventure met them and
whether it Escaped; where a Show laid it face up; the Camp marker. And the history must
be one his pawns and Purse allow, as far as the Hunters can tell
(:mod:`~piratelib.blackbeard.deduce.means`): up to 5 pawns of Sail, fewer when a Show or
a declared Defense proves pawns went elsewhere (Hire Doctor or Buy Rum might cap it
further, but nothing the Hunters see proves it).

ADVANCED games: leaving any space but the start, Blackbeard may buy Bought Silence (no
Sighting there), and each such choice is part of the history (a Sail of k steps through
n spaces other than the start is up to 2**n histories). It needs the tile Prepared (a
pawn, this turn or earlier; or free from Fete Tobias Knight) and 2 gold a space from a
Purse of 5 at setup; the deduction follows the most gold he can hold through Turn 2's
Sail, and from Turn 3 no longer bounds it. The Blackbeard-alone and Israel Hands blocks
are not Adventure: a Spot of one says only that Adventure and any Sighting are not there,
that the Camp is there for Blackbeard at Camp, and, for Blackbeard alone, that the Camp
is within 3 spaces (Longboat); their placing after the Sail, their clearing at Reset Map
and by Escape or Arrest are seen as such. A Show there tells nothing of Adventure. The
Camp Shown after the Arrest of Israel Hands fixes the Camp.

Exact, and tested exact against a brute force over Blackbeard's choices through the
engine, except where the Hunters' knowledge of his mat runs out: a Show on a later turn
is taken to prove one pawn (the tile may hold cubes from earlier turns), a Defense
declared or a figure seen after Turn 1 to prove none, and from Turn 3 the Purse is not
bounded. There the answer is sound (never too few histories) but may count some that
his mat could not have allowed.

- :func:`possible_spaces`: every space where Adventure is in some history that fits.
- :func:`camp_spaces`: every Anchorage that is the Camp in some history that fits.
- :func:`chances`: the chance of each space under a model of how Blackbeard chooses
  (:mod:`~piratelib.blackbeard.deduce.models`): by default ``"sails"``, which weighs each
  fitting history by how far, where and which way he Sails (each turn: how far first,
  each length equally likely, then where, then which way); ``"histories"`` counts every
  fitting history once (a Sail of 3 pawns is one history, not weighted by Blackbeard's
  other choices, such as Piracy and Defenses, which move no block). Exact Fractions.
- :func:`history_counts`: how many fitting histories end with each Camp and Adventure.

The counting is a dynamic programme over turns, not an enumeration: histories that agree
on the Camp, Adventure's space, the Sightings that later evidence can still test and
(ADVANCED) what his mat may still allow are counted together, so a whole game costs a
few thousand small steps. Each turn's Sails come counted from
:mod:`piratelib.blackbeard.deduce.sails`; what the observation shows, sorted by the Map
it describes, from :mod:`piratelib.blackbeard.deduce.evidence`.

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
from collections.abc import Sequence
from fractions import Fraction

from piratelib.blackbeard.board import of_kind
from piratelib.blackbeard.board.movement import escape_destinations
from piratelib.blackbeard.board.scouting import longboat_spaces
from piratelib.blackbeard.deduce.evidence import (
    FIGURE_BLOCKS,
    Evidence,
    TurnEvidence,
    read_evidence,
)
from piratelib.blackbeard.deduce.means import PURSE, Means, merged, turn_options
from piratelib.blackbeard.deduce.models import MODELS, _scale, _scaled
from piratelib.blackbeard.deduce.sails import length_table, purse_table, sail_table
from piratelib.blackbeard.game.state import CAMP_BLOCKS, game_map
from piratelib.blackbeard.game.views import Observation
from piratelib.blackbeard.readonly import check_type
from piratelib.errors import PiratelibError, check_id

__all__ = ["camp_spaces", "chances", "count_histories", "history_counts", "possible_spaces"]

Purse = tuple[()] | tuple[bool, int | None]
"""ADVANCED: whether Bought Silence can be Prepared by now, and the most gold in the Purse
(None once the Hunters can no longer bound it); empty in the standard game."""
# Under the "sails" model the counters hold whole weights, not counts: each Sail's prior
# times models._scale, divided out once at the end (whole numbers add fast, exactly).
MapState = tuple[str, str, frozenset[str], Purse]
"""The Camp, Adventure's space, the Sightings standing that evidence can still test, and
what Blackbeard's mat may allow (:data:`Purse`)."""
# one turn's Sails from a space: {mat after: {(end, Sightings kept): Sails}}
_Sails = dict[Purse, dict[tuple[str, frozenset[str]], int]]


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


def chances(observation: Observation, model: str = "sails") -> dict[str, Fraction]:
    """The chance that Adventure is at each possible space, under a chance `model`.

    ``"sails"`` (the default) weighs each fitting history as
    :mod:`~piratelib.blackbeard.deduce.models` says (how far, then where, then which way);
    ``"histories"`` counts every fitting history once. The default is the one that
    predicts better: over 150 standard games per bot pairing
    (``benchmarks/blackbeard_deduce.py --loss-games``), its log-loss on Adventure's true
    space beats a flat spread over the possible spaces, against the random Blackbeard
    (2.356 against 2.569 nats) and the smart one (2.246 against 2.339); ``"histories"``
    does not (2.570 and 2.534).
    The keys are exactly :func:`possible_spaces`; the values are positive and sum to 1.

    Raises
    ------
    PiratelibError
        If `observation` is not the Hunters' Observation, or `model` is not one of
        :data:`~piratelib.blackbeard.deduce.models.MODELS`.
    """
    check_id("chance model", model, MODELS, error=PiratelibError)
    weights = count_histories(read_evidence(observation), model)
    total = sum(Fraction(w) for _, w in weights)
    by_space: dict[str, Fraction] = {}
    for (_, adventure), w in weights:
        by_space[adventure] = by_space.get(adventure, Fraction(0)) + w
    return {space: w / total for space, w in sorted(by_space.items())}


def history_counts(observation: Observation) -> dict[tuple[str, str], int]:
    """How many of Blackbeard's histories fit `observation`, by (Camp, Adventure's space now).

    Raises
    ------
    PiratelibError
        If `observation` is not the Hunters' Observation.
    """
    return {key: int(n) for key, n in count_histories(read_evidence(observation))}


@functools.lru_cache(maxsize=1024)
def count_histories(
    evidence: Evidence, model: str = "histories"
) -> tuple[tuple[tuple[str, str], int | Fraction], ...]:
    """:func:`history_counts` from the evidence already read, remembered for evidence seen.

    Most actions (all of Blackbeard's, a Hunter's step that ends no move) leave the
    Hunters' evidence as it was, so a game asks the same question many times. Where a
    Turn 1 Show could come from tiles of different costs, a history fits if one of them
    allows it: the counts for each set of those tiles at once are added and taken away
    (inclusion and exclusion), which counts each fitting history exactly once.
    """
    check_type("evidence", evidence, Evidence)
    check_id("chance model", model, MODELS, error=PiratelibError)
    if evidence.now[1] == "A":
        return ()
    first = evidence.turns[0]
    groups: dict[tuple[Means, ...], list[str]] = {}
    for camp in _anchorages():
        if evidence.camp is None or camp == evidence.camp:
            options = turn_options(
                1,
                first.shows,
                first.declared,
                camp,
                figures=first.figures if evidence.advanced else frozenset(),
                advanced=evidence.advanced,
            )
            groups.setdefault(options, []).append(camp)
    result: dict[tuple[str, str], int | Fraction] = {}
    weigh = model == "sails"
    for options, camps in groups.items():
        for r in range(1, len(options) + 1):
            for some in itertools.combinations(options, r):
                sign = 1 if r % 2 else -1
                for key, n in _count(evidence, tuple(camps), merged(some), weigh).items():
                    result[key] = result.get(key, 0) + sign * n
    return tuple(sorted((key, n) for key, n in result.items() if n))


def _count(
    evidence: Evidence, camps: tuple[str, ...], first: Means, weigh: bool
) -> dict[tuple[str, str], int | Fraction]:
    """The histories from these Camps that fit, Turn 1's pawns and gold limited by `first`.

    With `weigh`, each weighed by the ``"sails"`` model instead of counted.
    """
    now_turn, phase = evidence.now
    purse: Purse = (False, PURSE) if evidence.silence else ()
    states: Counter[MapState] = Counter({(c, c, frozenset(), purse): 1 for c in camps})
    states = _keep(states, evidence, [])
    sailed = 0  # the turns' Sails weighed, each in whole numbers (models._scale)
    for turn in evidence.turns:
        last = turn.turn == now_turn
        keep = _relevant(evidence, turn.turn)
        states = _keep(states, evidence, turn.before)
        if last and phase == "B":
            break
        states = _sail(states, turn, keep, evidence, first, weigh, not (last and phase == "C"))
        sailed += 1
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
    for (camp, adventure, _, _), n in states.items():
        result[camp, adventure] += n
    if not (weigh and sailed):
        return dict(result)
    scale = _scale(evidence.silence) ** sailed
    return {key: Fraction(n, scale) for key, n in result.items()}


def block(state: MapState, space: str) -> str:
    """The block at `space` on the Map `state` (Camp, Adventure, Sightings standing)."""
    camp, adventure, sightings = state[:3]
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
    states: Counter[MapState], evidence: Evidence, seen: Sequence[tuple[str, str]]
) -> Counter[MapState]:
    """The states that show every block in `seen` (and the Camp marker's Camp)."""
    pairs = tuple(dict.fromkeys(seen))
    marker = evidence.camp
    if not pairs and marker is None:
        return states
    spaces = frozenset(space for space, _ in pairs)
    verdicts: dict[tuple[str, str, frozenset[str]], bool] = {}  # the Map at those spaces
    kept: Counter[MapState] = Counter()
    for state, n in states.items():
        camp, adventure, sightings, _ = state
        here = (camp, adventure, sightings & spaces)
        if here not in verdicts:
            verdicts[here] = (marker is None or camp == marker) and all(
                shows(state, space, shown) for space, shown in pairs
            )
        if verdicts[here]:
            kept[state] = n
    return kept


def _relevant(evidence: Evidence, turn_no: int) -> frozenset[str]:
    """Spaces where this turn's Sightings can still be tested (until next turn's Reset Map)."""
    turn = evidence.turns[turn_no - 1]
    spaces = {s for s, _ in turn.after_sail + turn.during_encounters + turn.after_encounters}
    if turn_no < len(evidence.turns):
        after = evidence.turns[turn_no]
        spaces |= {s for s, _ in after.before + after.sail_changes} | after.sail_face_up
    now_turn, phase = evidence.now
    if turn_no == now_turn or (turn_no == now_turn - 1 and phase == "B"):  # standing now
        spaces |= {s for s, _ in evidence.face_up}
    return frozenset(spaces)


def _sail(
    states: Counter[MapState],
    turn: TurnEvidence,
    keep: frozenset[str],
    evidence: Evidence,
    first: Means,
    weigh: bool = False,
    seen_after: bool = False,
) -> Counter[MapState]:
    """Reset Map, then every Sail that shows the face-up changes seen; count the Sails.

    The turn's :class:`~piratelib.blackbeard.deduce.means.Means` (`first` on Turn 1) limit
    the Sail's pawns and, ADVANCED, its Bought Silence. With `seen_after`, only the Sails
    that end where the blocks seen after it (:func:`_ends_after`) allow.
    """
    at, not_at = _ends_after(turn) if seen_after else (None, frozenset[str]())
    face_up = turn.sail_face_up | {s for s, _ in turn.sail_changes}
    figures = turn.before_figures & face_up
    merged: Counter[MapState] = Counter()
    for (camp, start, standing, purse), n in states.items():
        merged[camp, start, standing & face_up, purse] += n  # the rest vanish at Reset Map
    seen_by_camp: dict[str, tuple[tuple[str, str], ...] | None] = {}
    asked_before: dict[tuple[object, ...], list[tuple[tuple[str, frozenset[str], Purse], int]]] = {}
    by_camp: dict[str, dict[tuple[str, frozenset[str], Purse], int]] = {}
    for (camp, start, standing, purse), n in merged.items():
        if camp not in seen_by_camp:
            seen_by_camp[camp] = _abstract(turn.sail_changes, camp)
        seen = seen_by_camp[camp]
        if seen is None:
            continue
        reset = tuple(sorted((s, "E") for s in standing | figures))
        if seen[: len(reset)] != reset:
            continue
        means = first if turn.turn == 1 else _means(evidence, turn, camp)
        # the Camp matters to the Sails only through the means and (the gold Stow Booty
        # may bring on Turn 1) staying at the Camp
        asked = (seen[len(reset) :], start, means, purse, turn.turn == 1 and start == camp)
        if asked not in asked_before:
            where = (seen[len(reset) :], start, camp, turn.turn)
            sails = _sails(face_up, keep, means, purse, where, weigh).items()
            asked_before[asked] = [
                ((*ends, after), m)
                for after, by in sails
                for ends, m in by.items()
                if ends[0] not in not_at and at in (None, ends[0])
            ]
        out = by_camp.setdefault(camp, {})
        for key, m in asked_before[asked]:  # the hot loop: one dict per Camp, flat keys
            out[key] = out.get(key, 0) + n * m
    return Counter({(camp, *key): n for camp, out in by_camp.items() for key, n in out.items()})


def _ends_after(turn: TurnEvidence) -> tuple[str | None, frozenset[str]]:
    """Where Adventure's Sail must end, if a block seen after it says so (Adventure met, or
    seen face up), and where it cannot (any other block seen there)."""
    at = turn.met
    not_at = set()
    for space, shown in turn.after_sail:
        if shown in ("adventure", "adventure_at_camp"):
            at = space if at in (None, space) else ""  # two places: no Sail ends at both
        else:
            not_at.add(space)
    return at, frozenset(not_at)


def _sails(
    face_up: frozenset[str],
    keep: frozenset[str],
    means: Means,
    purse: Purse,
    where: tuple[tuple[tuple[str, str], ...], str, str, int],
    weigh: bool,
) -> _Sails:
    """The Sails from `start` that show `seen`, by mat after, then (end, Sightings kept).

    `where` is (changes seen, start, Camp, turn); with `weigh`, each Sail counts its
    ``"sails"`` model weight (:func:`~piratelib.blackbeard.deduce.models.prior`).

    Standard game: at most ``means.sail`` pawns. ADVANCED, Bought Silence needs the tile
    Prepared, this turn (a pawn, so at most ``means.silent`` pawns) or before; a Sail of at
    most ``means.prepare_by`` pawns leaves the pawn to Prepare it for later turns. While
    the Purse is known (Turns 1 and 2), each Silence takes 2 gold of it.
    """
    seen, start, camp, turn_no = where
    found: _Sails = {}
    if not purse:
        _tally(found, (face_up, keep, False, seen), (0, means.sail), start, (False, weigh), ())
        return found
    prepared, gold = purse
    if gold is None:
        return _free_sails(face_up, keep, means, prepared, seen, start, weigh)
    spare = gold - means.before - means.after  # gold left once the turn's tiles are paid
    most = max(means.sail - 1, 0)  # the most spaces a Sail can keep silent at once
    if turn_no > 1 and gold - means.before >= 2 * most and spare >= 2 * most:
        return _free_sails(face_up, keep, means, prepared, seen, start, weigh)  # no limit
    if spare < 0:
        return found
    cap = max(0, (gold - means.before) // 2)  # the most spaces silent at once
    for (pawns, bought, silent, at_once), sails in purse_table(face_up, keep)(start, seen).items():
        if pawns > means.sail or 2 * silent > spare or at_once > cap:
            continue
        if bought and not prepared and pawns > means.silent:
            continue
        ready = prepared or bought or pawns <= means.prepare_by
        at_camp = start == camp and pawns == 0
        left = means.next_gold(gold, silent, pawns, at_camp) if turn_no == 1 else None
        here = found.setdefault((ready, left), {})
        if not weigh:
            for ends, m in sails.items():
                here[ends] = here.get(ends, 0) + m
            continue
        scaled = _scaled(start, True)[pawns]
        for ends, m in sails.items():
            here[ends] = here.get(ends, 0) + m * scaled[ends[0]]
    return found


def _free_sails(
    face_up: frozenset[str],
    keep: frozenset[str],
    means: Means,
    prepared: bool,
    seen: tuple[tuple[str, str], ...],
    start: str,
    weigh: bool = False,
) -> _Sails:
    """ADVANCED Sails from `start` that show `seen` when gold does not limit Bought Silence.

    Prepared before, every Sail of at most ``means.sail`` pawns may buy it; if not, only
    those short enough to leave the pawn to Prepare it this turn.
    """
    found: _Sails = {}
    silent = (face_up, keep, True, seen)
    if prepared:
        _tally(found, silent, (0, means.sail), start, (True, weigh), (True, None))
        return found
    if means.silent >= 0:
        _tally(found, silent, (0, means.silent), start, (True, weigh), (True, None))
    if means.sail > means.silent and means.sail >= 0:  # exactly means.sail pawns: none left
        plain = (face_up, keep, False, seen)
        after = (means.sail <= means.prepare_by, None)
        _tally(found, plain, (means.sail, means.sail), start, (True, weigh), after)
    return found


def _tally(
    found: _Sails,
    table: tuple[frozenset[str], frozenset[str], bool, tuple[tuple[str, str], ...]],
    lengths: tuple[int, int],
    start: str,
    how: tuple[bool, bool],
    after: Purse,
) -> None:
    """Add the Sails of `lengths` (least, most pawns) from `start` to `found`, mat `after`.

    `table` is (face-up blocks, Sightings kept, with Bought Silence, changes seen), as the
    Sail tables take them; `how` is (Bought Silence in the game, weigh by the ``"sails"``
    model).
    """
    face_up, keep, silent, seen = table
    least, most = lengths
    silence, weigh = how
    here = found.setdefault(after, {})
    if weigh:
        sails = length_table(face_up, keep, silent)(start).get(seen, {})
        scaled = _scaled(start, silence)
        for (end, sightings, pawns), m in sails.items():
            if least <= pawns <= most:
                weight = m * scaled[pawns][end]
                here[end, sightings] = here.get((end, sightings), 0) + weight
        return
    if most < 0:
        return
    shorter = sail_table(face_up, keep, least - 1, silent)(start).get(seen, {}) if least else {}
    for key, m in sail_table(face_up, keep, most, silent)(start).get(seen, {}).items():
        if m - shorter.get(key, 0):
            here[key] = here.get(key, 0) + m - shorter.get(key, 0)


@functools.lru_cache(maxsize=4096)
def _turn_means(
    turn_no: int, shows: tuple[str, ...], declared: tuple[str, ...], camp: str, advanced: bool
) -> Means:
    return turn_options(turn_no, shows, declared, camp, advanced=advanced)[0]


def _means(evidence: Evidence, turn: TurnEvidence, camp: str) -> Means:
    """A later turn's means: one option, from its Shows (each a pawn) and the Camp."""
    return _turn_means(turn.turn, turn.shows, turn.declared, camp, evidence.advanced)


def _escape(states: Counter[MapState], evidence: Evidence, turn: TurnEvidence) -> Counter[MapState]:
    """Adventure Escapes from where it met the Hunters to each adjacent space it may take.

    Blocks seen during Encounters may have been seen before or after the Escape.
    """
    face_up = turn.escape_face_up | {s for s, _ in turn.escape_changes}
    out: Counter[MapState] = Counter()
    G = game_map()
    during = tuple(dict.fromkeys(turn.during_encounters))
    for (camp, met, sightings, purse), n in states.items():
        seen = _abstract(turn.escape_changes, camp)
        if seen is None or (evidence.camp is not None and camp != evidence.camp):
            continue
        before: MapState = (camp, met, sightings, purse)
        for to in escape_destinations(G, "adventure", met, hunters_at=turn.hunters_at):
            changes = tuple(sorted((s, k) for s, k in ((met, "E"), (to, "A")) if s in face_up))
            after: MapState = (camp, to, sightings - {to}, purse)
            if changes == seen and all(
                shows(before, s, shown) or shows(after, s, shown) for s, shown in during
            ):
                out[after] += n
    return out


def _abstract(changes: Sequence[tuple[str, str]], camp: str) -> tuple[tuple[str, str], ...] | None:
    """Changes seen, as A(dventure), S(ighting), E(mpty); None if they contradict `camp`."""
    kinds = {"adventure": "A", "adventure_at_camp": "A", "sighting": "S", "sighting_at_camp": "S"}
    out = []
    for space, shown in changes:
        if (shown in CAMP_BLOCKS) != (space == camp):
            return None
        out.append((space, kinds.get(shown, "E")))
    return tuple(out)


@functools.cache
def _near_camp(camp: str) -> frozenset[str]:
    return longboat_spaces(game_map(), camp)


@functools.cache
def _anchorages() -> tuple[str, ...]:
    return tuple(sorted(of_kind(game_map(), "anchorage")))
