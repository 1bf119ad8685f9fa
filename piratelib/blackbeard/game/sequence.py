"""The Sequence of Play of Hunt for Blackbeard as data, and the engine that walks it.

:data:`SEQUENCE` lists the segments A-G of a turn, each with its name, the rule in the
rulebook's words, who decides in it, its steps, when it ends and what comes next.
:func:`decider` and :func:`legal_actions` ask the current segment (a revealed Sighting
waiting to be followed comes first); ``dispatch`` (internal, for
:mod:`piratelib.blackbeard.game`, once ``resolve`` has found the action legal) applies it
through the module of its segment; :func:`advance` runs the automatic parts (A Draw Tiles, C Reset
Map, E when no Encounter is left, F Resolve Piracy (Blackbeard's choices for it are
made at the end of C, so that no pause tells the Hunters a tile fills), G End Turn and
Victory after Turn 4) whenever a segment's end holds, each with its Steps.

Examples
--------
>>> [segment.name for segment in SEQUENCE][:3]
['Draw Tiles', 'Interview Informants', 'Blackbeard Actions']
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from piratelib.blackbeard.game.actions import Action
from piratelib.blackbeard.game.blackbeard import (
    apply_blackbeard,
    blackbeard_actions,
    draw,
    reset_map,
    resolve_piracy_now,
)
from piratelib.blackbeard.game.encounters import (
    apply_encounter,
    encounter_actions,
    encounter_decider,
    encounter_spaces,
)
from piratelib.blackbeard.game.hunters import apply_hunters, chain_actions, hunter_actions
from piratelib.blackbeard.game.state import Outcome, State, check_state, evolve, game_tiles
from piratelib.blackbeard.piracy.mat import end_turn, piracy_victory, row_cubes
from piratelib.blackbeard.readonly import check_type
from piratelib.steps import Step

__all__ = ["SEQUENCE", "Segment", "advance", "decider", "legal_actions"]


@dataclass(frozen=True)
class Segment:
    """One segment of the Sequence of Play."""

    letter: str
    name: str
    rule: str
    decides: str
    steps: tuple[str, ...]
    ends: str
    next: str


SEQUENCE = (
    Segment(
        "A",
        "Draw Tiles",
        "A. Each turn, players Draw Tiles onto their mats. On Turn 1, Blackbeard then Sets Camp.",
        "automatic; Blackbeard on Turn 1 (Set Camp)",
        ("draw", "set_camp"),
        "when the tiles are drawn and, on Turn 1, the Camp is Set",
        "B",
    ),
    Segment(
        "B",
        "Interview Informants",
        "B. Hunters, after drawing, may use pawns behind their screen to Interview Informants "
        "who secretly Spot Map blocks, and perhaps openly Surveil those spaces.",
        "hunters",
        ("interview",),
        "when the Hunters are Done",
        "C",
    ),
    Segment(
        "C",
        "Blackbeard Actions",
        "C. Blackbeard next may commit pawns to Plan Piracy, Prepare Defense tiles, and/or "
        "Sail, secretly Setting the Map with any changes.",
        "blackbeard (after the automatic Reset Map); once Done, his choices for Seek Pardon "
        "and Fete Tobias Knight if they have the pawns to fill",
        ("reset", "plan", "prepare", "sail", "set_map", "choose"),
        "when Blackbeard is Done",
        "D",
    ),
    Segment(
        "D",
        "The Hunters Actions",
        "D. Hunters then use up to their remaining pawns to Commandeer Asset tiles or Scout, "
        "Sail, and March with their pieces. The Hunters openly Spot where their pieces Scout "
        "or end a move.",
        "hunters",
        ("commandeer", "scout_before", "move", "scout_after"),
        "when the Hunters are Done (every piece's move ends and Spots)",
        "E",
    ),
    Segment(
        "E",
        "Encounters",
        "E. Encounters then ensue if any Hunter and Pirate pieces ended up in the same space.",
        "hunters pick the space; the side that Escapes picks where; Blackbeard whether to "
        "Show the Camp after the Arrest of Israel Hands (ADVANCED)",
        ("meet", "escape_adventure", "escape_sloops", "show_camp"),
        "when no space with both sides' pieces is left unresolved",
        "F",
    ),
    Segment(
        "F",
        "Resolve Piracy",
        "F. After any Encounters, Blackbeard, with pieces in the right place, Resolves Piracy "
        "plans, placing cubes onto Piracy tiles that have pawns.",
        "automatic (Seek Pardon's and Fete Tobias Knight's choices were made in C)",
        ("start",),
        "when the cubes are placed",
        "G",
    ),
    Segment(
        "G",
        "End Turn",
        'G. End Turn: \'If players just finished Turn 4 ("IV"), the game ends. ... If not, '
        "prepare for the next turn.'",
        "automatic",
        ("end",),
        "at once",
        "A",
    ),
)

_BY_LETTER = {segment.letter: segment for segment in SEQUENCE}

_END_TURN = (
    "G. End Turn: 'The Hunters flip Informant tiles with any pawns on them face down ... "
    "Players clear all pawns from their mats and the Map ... Set all Surveil markers aside "
    "(leave all blocks as is). Clear the Sailed-No Careen marker from Blackbeard's mat. "
    "Remove all Hits from Sloops.'"
)
_VICTORY = (
    "Victory: 'At the end of Turn 4, Blackbeard wins if at least one Piracy row ... has cubes "
    "in at least half of the total number of squares in tiles on that row ... If not, the "
    "Hunters win.'"
)


def decider(state: State) -> str | None:
    """Who must act now: ``"blackbeard"``, ``"hunters"``, or None once the game is over."""
    if check_state(state).outcome is not None:
        return None
    if state.chain:
        return "hunters"
    if state.segment in ("B", "D"):
        return "hunters"
    if state.segment == "E":
        return encounter_decider(state)
    return "blackbeard"


def legal_actions(state: State) -> list[Action]:
    """Every legal action now, from the current segment; empty once the game is over."""
    global _last
    last = _last  # read once: another thread may set it meanwhile
    if last[0] is check_state(state):
        return list(last[1])
    found = _legal_actions(state)
    _last = (state, tuple(found))
    return found


def dispatch(state: State, action: Action, rng: random.Random, log: list[Step]) -> State:
    """Apply an action through its segment's module (internal: ``resolve`` checks legality)."""
    check_type("log", log, list)
    check_type("state", state, State)
    check_type("rng", rng, random.Random)
    if state.chain or state.segment in ("B", "D"):
        return apply_hunters(state, action, log)
    if state.segment == "E":
        return apply_encounter(state, action, rng, log)
    return apply_blackbeard(state, action, log)


def advance(state: State, rng: random.Random, log: list[Step]) -> State:
    """Run the automatic parts of the Sequence of Play until someone must decide."""
    check_type("log", log, list)
    check_type("state", state, State)
    check_type("rng", rng, random.Random)
    while state.outcome is None and not state.chain:
        segment, step = state.segment, state.step
        if segment == "A" and step == "draw":
            state = draw(state, rng, log)
        elif segment in ("B", "C", "D") and step == "done":
            nxt = _BY_LETTER[segment].next
            first = {"C": "reset", "D": "commandeer", "E": "meet"}[nxt]
            state = evolve(state, segment=nxt, step=first)
            log.append(Step(nxt, _BY_LETTER[nxt].rule, _BY_LETTER[nxt].rule, state))
        elif segment == "C" and step == "reset":
            state = reset_map(state, log)
        elif segment == "E" and step == "meet" and not encounter_spaces(state):
            state = evolve(state, segment="F", step="start")
            log.append(Step("F", _BY_LETTER["F"].rule, _BY_LETTER["F"].rule, state))
        elif segment == "F":
            state = resolve_piracy_now(state, rng, log)
        elif segment == "G":
            state = _end_turn(state, log)
        else:
            break
    return state


def _end_turn(state: State, log: list[Step]) -> State:
    """G. End Turn, and after Turn 4 decide Victory by Piracy."""
    tiles = game_tiles(state)
    if state.turn == tiles.counts["turns"]:
        won = piracy_victory(state.mat, tiles, more_than_half=state.more_than_half)
        rows = ", ".join(
            f"{row.replace('_', ' ')} {c} of {n}"
            for row in ("acts_of_piracy", "pirates_life")
            for c, n in [row_cubes(state.mat, row, tiles)]
        )
        half = "more than half" if state.more_than_half else "at least half"
        why = f"Piracy at the end of Turn 4 ({rows}; needs {half} of a row)"
        outcome = Outcome("blackbeard" if won else "hunters", why)
        state = evolve(state, outcome=outcome)
        text = f"The game ends: {'Blackbeard' if won else 'the Hunters'} win: {why}."
        log.append(Step("G:victory", text, _VICTORY, state))
        return state
    used = frozenset(informant for informant, _ in state.interviews)
    state = evolve(
        state,
        turn=state.turn + 1,
        segment="A",
        step="draw",
        mat=end_turn(state.mat),
        flipped=state.flipped | used,
        interviews=(),
        spotted_now=frozenset(),
        hunter_pawns=0,
        scouted=frozenset(),
        scouts=(),
        ended=frozenset(),
        surveil=frozenset(),
        sailed=0,
        sail_path=(),
        silenced=(),
        silence_paid=0,
        adventure_sailed=False,
        hits=(),
        used_this_turn=frozenset(),
        met=frozenset(),
    )
    log.append(Step("G:end", f"End of the turn; Turn {state.turn} begins.", _END_TURN, state))
    return state


# A bot (and playout) asks legal_actions(state), then apply(state, action) asks it again
# of the same State: remember the last answer, by identity (a State is frozen, so its
# answer never changes; hashing it to look it up in a bigger cache would cost about as
# much as working the answer out). The pair is replaced in one assignment.
_last: tuple[State | None, tuple[Action, ...]] = (None, ())


def _legal_actions(state: State) -> list[Action]:
    if state.outcome is not None:
        return []
    if state.chain:
        return chain_actions(state)
    if state.segment in ("B", "D"):
        return hunter_actions(state)
    if state.segment == "E":
        return encounter_actions(state)
    return blackbeard_actions(state)
