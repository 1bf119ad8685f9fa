"""What a Hunters' observation says about Blackbeard, sorted by the moment of the Map it describes.

The deduction (:mod:`piratelib.blackbeard.deduce`) walks Blackbeard's turns; this module
reads a Hunters' :class:`~piratelib.blackbeard.game.views.Observation` once and
files each fact under the Map it describes. Each turn ``t`` has three Maps: *before*
(what Blackbeard left at the end of turn ``t - 1``, seen in B. Interview Informants),
*after the Sail* (seen in D and E), and *after Encounters* (seen in F and G, and again in
B of turn ``t + 1``). Between them, changes seen face up: in C the Reset Map and each
Sail step at Surveil markers; in E an Escape of Adventure at face-up blocks. A fact is
a block seen at a space (:attr:`TurnEvidence.before` ...), a sequence of face-up changes
(:attr:`TurnEvidence.sail_changes`), where Adventure met the Hunters, whether it Escaped,
and where a Show laid it face up. The records hash by value (every fact is a tuple), so
the deduction can remember its answer to evidence already seen; :func:`read_evidence`
fills them in and nothing changes them afterwards.

Examples
--------
>>> from piratelib.blackbeard.game import SetCamp, apply, new_game, observation
>>> view = observation(apply(new_game(seed=1), SetCamp("nots_island")), "hunters")
>>> evidence = read_evidence(view)
>>> evidence.now, len(evidence.turns)
((1, 'B'), 1)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass

from piratelib.blackbeard.encounter.record import Ending
from piratelib.blackbeard.game.state import Spot
from piratelib.blackbeard.game.views import Observation
from piratelib.blackbeard.piracy.tiles import load_tiles
from piratelib.blackbeard.readonly import Fixed
from piratelib.errors import PiratelibError

__all__ = ["Evidence", "TurnEvidence", "read_evidence"]

_MEET = re.compile(r"^(\d+):.* meet (.+) at (\w+); tiles declared: (.*)\.$")
_HUNTERS_ESCAPED = f"The Encounter ends: {Ending.HUNTERS_ESCAPE.value}."
_SHOW_CAMP = re.compile(r"^\d+:Blackbeard Shows the Camp at (\w+) ")
_ESCAPED = f"The Encounter ends: {Ending.BLACKBEARD_ESCAPES.value}."
FIGURE_BLOCKS = frozenset({"blackbeard", "blackbeard_at_camp", "israel_hands"})
"""ADVANCED blocks of Blackbeard alone and Israel Hands: Set after the Sail, gone at Reset."""
_DEFENSE_OF = {  # the ADVANCED Defense that Sets each figure's block
    "blackbeard": "longboat",
    "blackbeard_at_camp": "longboat",
    "israel_hands": "israel_hands",
}
_ADVENTURE_BLOCKS = frozenset({"adventure", "adventure_at_camp"})
_NOW = {"A": "B", "B": "B", "C": "C", "D": "D", "E": "D", "F": "F", "G": "F"}


@dataclass(unsafe_hash=True)
class TurnEvidence:
    """What the Hunters saw of one turn of Blackbeard's.

    ``before``, ``after_sail`` and ``after_encounters`` are blocks seen ``(space, shown)``
    on the turn's three Maps. ``sail_changes`` are the face-up changes seen in C in order
    (Reset Map first), ``sail_face_up`` the spaces known to lie face up through C (that
    turn's Surveil markers, remembered after End Turn takes them off). ``met`` is where
    Adventure met the Hunters, ``escaped`` whether it Escaped, ``hunters_at`` spaces known
    to hold a Hunter piece at that Escape, ``escape_changes`` the face-up changes it made
    and ``escape_face_up`` the spaces known face up then. ``shown_at`` is where a Show laid
    Adventure face up; ``shows`` every space a Show that turn was at (Adventure's or,
    ADVANCED, a figure's), and ``declared`` the Defenses Blackbeard declared in its
    Encounters, ``figures`` (ADVANCED) the Defenses whose blocks were seen on the Map he
    left that turn (``longboat``, ``israel_hands``): what they prove of his pawns and gold
    is in :mod:`~piratelib.blackbeard.deduce.means`.
    """

    turn: int
    before: tuple[tuple[str, str], ...] = ()
    sail_changes: tuple[tuple[str, str], ...] = ()
    sail_face_up: frozenset[str] = frozenset()
    before_figures: frozenset[str] = frozenset()
    after_sail: tuple[tuple[str, str], ...] = ()
    during_encounters: tuple[tuple[str, str], ...] = ()
    met: str | None = None
    escaped: bool = False
    hunters_at: frozenset[str] = frozenset()
    escape_changes: tuple[tuple[str, str], ...] = ()
    escape_face_up: frozenset[str] = frozenset()
    after_encounters: tuple[tuple[str, str], ...] = ()
    shown_at: str | None = None
    shows: tuple[str, ...] = ()
    declared: tuple[str, ...] = ()

    figures: frozenset[str] = frozenset()


@dataclass(unsafe_hash=True)
class Evidence:
    """Every turn's evidence up to now, the moment now, and what lies face up now.

    ``now`` is ``(turn, phase)``: phase ``"A"`` before the Camp is Set, ``"B"`` on the Map
    before Blackbeard's Actions, ``"C"`` during them, ``"D"`` after the Sail (segments D
    and E), ``"F"`` after Encounters (F and G). ``camp`` is the Camp marker's space.
    """

    now: tuple[int, str]
    turns: tuple[TurnEvidence, ...]
    face_up: tuple[tuple[str, str], ...]
    camp: str | None
    advanced: bool = False
    silence: bool = False


def read_evidence(observation: Observation) -> Evidence:
    """Sort everything a Hunters' observation shows by the Map it describes.

    Raises
    ------
    PiratelibError
        If `observation` is not an Observation, or is Blackbeard's.
    """
    if not isinstance(observation, Observation):
        raise PiratelibError(
            "deduce needs the Hunters' Observation (observation(state, 'hunters')), "
            f"got {type(observation).__name__}"
        )
    if observation.side != "hunters":
        raise PiratelibError(
            "deduce reasons from what the Hunters may know: pass observation(state, "
            f"'hunters'), not the {observation.side!r} side's observation"
        )
    now_turn, segment = observation.turn, observation.segment
    if now_turn == 1 and segment == "A":
        return Evidence((1, "A"), (), observation.face_up, None)
    turns = [TurnEvidence(t) for t in range(1, now_turn + 1)]
    camp = observation.camp
    adventure_met = False
    hunters_escaped: set[int] = set()
    for entry in observation.encounters:
        turn_text, _, text = entry.partition(":")
        turn = turns[int(turn_text) - 1]
        match = _MEET.match(entry)
        if match:
            turn.declared += tuple(d for d in _named(match.group(4)) if d not in turn.declared)
            adventure_met = match.group(2) == "Adventure"
            if adventure_met:
                turn.met = match.group(3)
        if text == _ESCAPED and adventure_met:
            turn.escaped = True
        if text == _HUNTERS_ESCAPED:
            hunters_escaped.add(turn.turn)
        shown_camp = _SHOW_CAMP.match(entry)
        if shown_camp:
            camp = shown_camp.group(1)
    for spot in observation.spots:
        _file_spot(turns, spot)
    for turn_no, where in observation.shows:
        # a Show needs a pawn on the Piracy tile it fills; ADVANCED: it may be where
        # Blackbeard alone or Israel Hands stands, so only its Spot tells what is there
        if not observation.advanced:
            turns[turn_no - 1].shown_at = where
        turns[turn_no - 1].shows += (where,)
    for turn in turns:
        turn.before_figures = frozenset(s for s, shown in turn.before if shown in FIGURE_BLOCKS)
        later = turns[turn.turn].before if turn.turn < len(turns) else ()
        seen = turn.after_sail + turn.during_encounters + turn.after_encounters + later
        turn.figures = frozenset(_DEFENSE_OF[b] for _, b in seen if b in _DEFENSE_OF)
        # face up before any Encounter: Spotted openly in D (E's Spots may come after)
        turn.escape_face_up = frozenset(
            s.space
            for s in observation.spots
            if s.turn == turn.turn and s.open and s.segment == "D" and s.how != "face_up"
        )
        if turn.turn not in hunters_escaped:  # else the Sloops may have moved before
            turn.hunters_at = frozenset(
                s.space for s in observation.spots if s.turn == turn.turn and s.how == "end_move"
            )
    for turn_no, space in observation.surveils:  # face up from B until End Turn
        turns[turn_no - 1].sail_face_up |= {space}
        turns[turn_no - 1].escape_face_up |= {space}
    current = turns[-1]
    if _NOW[segment] in ("D", "F") and current.turn not in hunters_escaped:
        current.hunters_at |= {observation.jane, observation.ranger, observation.brand}
    phase = _NOW[segment]
    if segment == "E" and current.escaped and observation.step != "escape_adventure":
        phase = "F"  # ADVANCED: Encounters go on after Adventure has Escaped
    now = (now_turn, phase)
    silence = observation.advanced and "bought_silence" not in observation.set_aside
    return Evidence(now, tuple(turns), observation.face_up, camp, observation.advanced, silence)


def _named(words: str) -> tuple[str, ...]:
    """Blackbeard's Defenses among the tiles an Encounter's entry names as declared."""
    names = _defense_names()
    return tuple(names[w] for w in words.split(", ") if w in names)


@functools.cache
def _defense_names() -> Mapping[str, str]:
    return Fixed({info["name"]: d for d, info in load_tiles().defenses.items()})


def _file_spot(turns: list[TurnEvidence], spot: Spot) -> None:
    """File one Spot under the Map (or the face-up changes) it saw."""
    seen = (spot.space, spot.shown)
    turn = turns[spot.turn - 1]
    if spot.how == "face_up":
        if spot.segment == "C":
            # ADVANCED: the figures' blocks are Set after the Sail, on the Map after it
            if spot.shown in FIGURE_BLOCKS:
                turn.after_sail += (seen,)
            else:
                turn.sail_changes += (seen,)
            return
        # an Escape's changes are noted after everything its action ran: E, F, G, or next B
        escape_turn = turns[spot.turn - 2] if spot.segment in ("A", "B") else turn
        escape_turn.after_encounters += (seen,)
        if spot.shown in _ADVENTURE_BLOCKS or spot.space == escape_turn.met:
            escape_turn.escape_changes += (seen,)
        return  # else a figure's block cleared by its Escape or Arrest
    if spot.segment in ("A", "B"):
        turn.before += (seen,)
    elif spot.segment == "D":
        turn.after_sail += (seen,)
    elif spot.segment == "E":
        turn.during_encounters += (seen,)
    elif spot.segment in ("F", "G"):
        turn.after_encounters += (seen,)
    else:  # pragma: no cover - the Hunters Spot nothing during Blackbeard's Actions
        raise PiratelibError(f"a Spot in segment {spot.segment} is not one the rules make")
